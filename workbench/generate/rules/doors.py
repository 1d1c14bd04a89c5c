"""The way in opens before a thing starts: a third time beside a start (and its end) that
names the doors or the gates opening, the boarding, the check-in (`doors_open_at`,
`gates_open_at`, `boarding_starts_at`, `check_in_opens`: kinds/shows.py, vocab/durations.LEADS)
comes a while before the start, by what its words name: a show's doors a quarter hour to
three hours before it (an hour typically), boarding a quarter hour to an hour before a
departure, a departure's check-in half an hour to three hours (not a patient's check-in
before a visit). A door's or a gate's time names its opening or nothing else (`doors_open_at`,
`doors_at`; not a container's `gate_in_at`). Drawn after the start took its hours
(rules/fixture_hours.py, rules/opening.py), on five-minute marks. The start is the first of
the row's span pair (rules/span.pairs: `starts_at`/`ends_at`), else the time the row takes
place at (kinds/anchors.takes_place: `scheduled_departure`). Any schema: the words are of the
way in, no table is named here."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.kinds.anchors import takes_place
from workbench.generate.rules import span
from workbench.generate.rules.base import Phase, RowRule, Rule, movable_time, row_rng
from workbench.generate.rules.times import as_us, store
from workbench.generate.vocab.durations import LEADS, OPENING

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

MINUTE_US = 60_000_000
STEP = 5  # minutes: doors open on a five-minute mark before the start
# the words that say a column is a time, not what happens then (`doors_at`, `doors_time`)
STAMP_WORDS = frozenset({"at", "on", "time", "ts", "timestamp", "datetime", "date", "utc"})


def lead_of(column: str, start: str) -> tuple[int, int, int] | None:
    """How long before `start` a time of the way in comes, by its words (least, most,
    typical minutes): `doors_open_at` a show's doors, `check_in_opens` a departure's check-in;
    a door's time names its opening (`doors_open_at`) or nothing else (`doors_at`)."""
    words = [w for w in normalise(column).split("_") if w not in STAMP_WORDS]
    found = set(words) | {f"{a}_{b}" for a, b in pairwise(words)}
    starts = set(normalise(start).split("_"))
    for named, lo, hi, typical, of in LEADS:
        if not found & named or (of and not starts & of):
            continue
        door = found & {"doors", "door", "gates", "gate"}
        if door and not (found & OPENING or set(words) <= door):
            continue
        return lo, hi, typical
    return None


def _start(view: TableView) -> str | None:
    for start, end in span.pairs(view):
        if view.specs[start].kind == "timestamp" == view.specs[end].kind:
            return start
    found = takes_place(view.schema, view.table, view.config)
    return found if found in view.specs and view.specs[found].kind == "timestamp" else None


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    start = _start(view)
    if start is None:
        return []
    paired = {c for pair in span.pairs(view) for c in pair}
    out = []
    for column, spec in view.specs.items():
        lead = lead_of(column, start)
        if spec.kind != "timestamp" or lead is None or column == start or column in paired:
            continue
        if not movable_time(view, column):
            continue
        lo, hi, _ = lead
        detail = f"{column} {lo}-{hi} minutes before {start}"
        out.append(Rule("doors", [column, start], detail, {"lead": list(lead)}))
    return out


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    col, start = batch.get(rule.columns[0]), batch.get(rule.columns[1])
    if col is None or start is None:
        return
    lo, hi, typical = rule.data["lead"]
    rng = row_rng(view, rule, idx)
    n = col.values.size
    minutes = rng.triangular(lo, typical, hi, n)
    minutes = np.clip(np.round(minutes / STEP) * STEP, lo, hi).astype(np.int64)
    opens = as_us(start) - (minutes * MINUTE_US).astype("timedelta64[us]")
    store(col, opens, np.flatnonzero(~start.nulls & ~col.nulls))


RULE = RowRule(
    "doors",
    "the way in opens before the start (a show's doors: 15 minutes to 3 hours before it)",
    _plan,
    _apply,
    phases={"doors": Phase.FINAL},
    after=("fixture_hours",),
    before=("outlived",),
)
