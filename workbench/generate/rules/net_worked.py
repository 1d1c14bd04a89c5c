"""Time worked is the span less its pause: a row with a start and an end (timestamps, or a
day's times of day: a timesheet's `start_time`/`end_time`), a pause within it (`break_minutes`,
`unpaid_break_mins`, `lunch_hours`: rules/pause.py) and a count of the time worked in a unit
(`hours_worked`, `worked_minutes`, `net_hours`, `paid_hours`) records the span less the pause,
in that unit: a worker clocked in at seven and out at half past three with a half-hour break
worked eight hours. Where the row names a pause, the time worked is not a share drawn of the
span (rules/elapsed.py): the pause is the time not worked.

Read from the words of the column names (a unit of time and a word of work, lexicon.PAUSES),
no table named here; within what the column's type holds. Applied once the pause has been
drawn from the span (rules/pause.py); a row without its end keeps what it drew."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.rules.base import Phase, RowRule, Rule, free
from workbench.generate.rules.elapsed import UNITS, WORKED
from workbench.generate.rules.work_day import span_minutes

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

MINUTE_US = 60_000_000
# words a count of time worked may have besides its unit and a word of work
NET = frozenset({"net", "paid", "payable", "total", "actual", "of", "time", "regular"})
_UNITS = frozenset({"hour", "hours", "hrs", "hr", "h", "minute", "minutes", "mins", "min"})
_PER_UNIT = {"hr": 3_600_000_000, "h": 3_600_000_000, "min": MINUTE_US}


def _worked_unit(name: str) -> int | None:
    """Microseconds per unit of a count of time worked (`hours_worked`: an hour), else None."""
    words = normalise(name).split("_")
    units = [w for w in words if w in _UNITS]
    if len(units) != 1 or not (set(words) & (WORKED | {"net", "paid"})):
        return None
    if not all(w in _UNITS or w in WORKED or w in NET for w in words):
        return None
    return UNITS.get(units[0]) or _PER_UNIT[units[0]]


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    pauses = [r for r in planned if r.kind == "pause"]
    if not pauses:
        return []
    pause, start, end = pauses[0].columns
    out = []
    for name, spec in view.specs.items():
        if spec.kind not in ("int", "decimal", "float") or not free(view, name):
            continue
        unit = _worked_unit(name)
        if unit is None or name == pause:
            continue
        detail = f"{name} = {start}..{end} less {pause}"
        data = {"unit_us": unit, "pause_us": pauses[0].data["unit_us"],
                "clock_times": bool(pauses[0].data.get("clock_times"))}  # fmt: skip
        out.append(Rule("net_worked", [name, pause, start, end], detail, data))
    return out


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    count, pause, start, end = (batch.get(c) for c in rule.columns)
    if count is None or pause is None or start is None or end is None:
        return
    span = span_minutes(start, end, rule.data["clock_times"])
    took = np.where(pause.nulls, 0.0, pause.values.astype(np.float64)) * rule.data["pause_us"]
    worked = np.maximum(span - took / MINUTE_US, 0.0) * MINUTE_US / rule.data["unit_us"]
    if count.kind == "int":
        worked = np.round(worked)
    bounds = view.specs[rule.columns[0]].info.bounds()
    if bounds is not None:  # within what the type holds (numeric(5,2): 999.99)
        worked = np.clip(worked, *bounds)
    rows = np.flatnonzero(~start.nulls & ~end.nulls)
    count.values[rows] = worked[rows].astype(count.values.dtype)
    count.nulls[rows] = False


RULE = RowRule(
    "net_worked",
    "time worked is the span less its pause (a timesheet's hours less its break)",
    _plan,
    _apply,
    phases={"net_worked": Phase.FINAL},
    after=("daypart",),  # once the pause is drawn (rules/pause.py, before daypart), over a
    before=("numbered",),  # share of the span rules/elapsed.py drew
)
