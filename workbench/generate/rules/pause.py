"""A pause within a span grows with the span, as labour law asks of a working day: a row with
a start and an end (clock_in/clock_out, shift_start/shift_end, started_at/ended_at) and a
number of minutes or hours of a pause (`break_minutes`, `unpaid_break_mins`, `rest_minutes`,
`lunch_break_hours`: a word of lexicon.PAUSES and a unit of time) holds none or a short one
over a span of up to six hours, 30 to 45 minutes beyond six and 45 to 60 beyond nine and a
half, never as long as the span itself (a worker clocked in and out, a driver's duty, a
nurse's shift, a long exam or a training day with its breaks).

Read once every time rule has placed the row's times. A row without its end yet (under way)
has taken no pause recorded: none where the column may hold zero, else it keeps its value."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.generate.rules.elapsed import UNITS
from workbench.generate.rules.span import pairs
from workbench.generate.rules.times import as_us, is_time
from workbench.generate.vocab import lexicon

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

MINUTE_US = 60_000_000
SECONDS = frozenset({"seconds", "secs", "sec", "s"})
# (span beyond, least pause, most pause), in minutes: none or a short one up to six hours
STATUTORY = ((570, 45, 60), (360, 30, 45))
SHORT = (0, 15)  # a short pause, or none (most rows), over a span of up to six hours


def _unit_us(name: str, kind: str) -> int | None:
    """Microseconds per unit of a pause column (`break_minutes` a minute, `rest_hours` an
    hour, `pause_secs` a second); a pause column that names no unit is counted in minutes."""
    if kind not in ("int", "float"):
        return None
    words = normalise(name).split("_")
    if SECONDS & set(words):
        return 1_000_000
    units = [UNITS[w] for w in words if w in UNITS and UNITS[w] <= 3_600_000_000]
    return units[0] if len(units) == 1 else MINUTE_US


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    found = [(a, b) for a, b in pairs(view) if is_time(view.specs[a].kind)]
    if not found:
        return []
    start, end = found[0]
    if "date" in (view.specs[start].kind, view.specs[end].kind):
        return []  # a pause is minutes of a span of hours, not of days
    out = []
    for name, spec in view.specs.items():
        if not lexicon.pause(name) or not free(view, name):
            continue
        unit = _unit_us(name, spec.kind)
        if unit is None:
            continue
        detail = f"{name}: a pause that grows with {start}..{end} (30 min beyond 6 h, 45 beyond 9)"
        out.append(Rule("pause", [name, start, end], detail, {"unit_us": unit}))
    return out


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    pause, start, end = (batch.get(c) for c in rule.columns)
    if pause is None or start is None or end is None:
        return
    rng = row_rng(view, rule, idx)
    known = ~start.nulls & ~end.nulls
    span = (as_us(end) - as_us(start)).astype(np.int64) / MINUTE_US
    n = span.size
    minutes = np.where(rng.random(n) < 0.7, 0.0, 5 * rng.integers(SHORT[0], SHORT[1] // 5 + 1, n))
    for beyond, least, most in reversed(STATUTORY):
        drawn = 5 * rng.integers(least // 5, most // 5 + 1, n)
        minutes = np.where(span > beyond, drawn, minutes)
    minutes = np.where(minutes < span, minutes, 0.0)  # never the whole span
    unit_us = rule.data["unit_us"]
    value = minutes * MINUTE_US / unit_us
    if pause.kind == "int":
        value = np.round(value)
    rows = np.flatnonzero(known & (span > 0))
    pause.values[rows] = value[rows].astype(pause.values.dtype)
    pause.nulls[rows] = False
    under_way = np.flatnonzero(~start.nulls & end.nulls)
    pause.values[under_way] = 0
    pause.nulls[under_way] = False


RULE = RowRule(
    "pause",
    "a pause within a span grows with it (30 minutes beyond six hours, 45 beyond nine)",
    _plan,
    _apply,
    phases={"pause": Phase.FINAL},
    after=("by_clock",),  # once every time rule has placed the row's times and the clock
)
