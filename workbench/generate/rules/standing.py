"""A status that says whether a row's time window is still running or over agrees with the
clock: a course, a plan or a membership labelled with a steady state (active, current,
ongoing: vocab/outcomes.py) is one whose window has begun and not ended by now; one labelled
as done (completed, finished) has ended by now. A row of either whose dates say otherwise takes
the other label: its dates stand (the time rules placed them after its parents and within its
parents' windows), its status follows them. Failed and still-planned rows are left as they are
(rules/stage_clock.py moves those rows' windows).

The window is the table's own (kinds/windows.py: start_date/end_date, starts_at/ends_at), of
a row that takes place, not one of validity; the status has a steady label and a done one. Any
table of that shape: no table is named here. Runs last, after every rule that moves times."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.base.batch import label_codes, typed_label
from workbench.generate.kinds.windows import window_of
from workbench.generate.rules.base import Phase, RowRule, Rule, free
from workbench.generate.rules.recent import status_meanings
from workbench.generate.rules.times import as_us, is_time

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    found = status_meanings(view)
    window = window_of(view.schema, view.table, view.config)
    if found is None or window is None or window.validity:
        return []
    status, meanings = found
    if not free(view, status):
        return []
    start, end = view.specs.get(window.start), view.specs.get(window.end)
    if start is None or end is None or not (is_time(start.kind) and is_time(end.kind)):
        return []
    steady = [label for label, m in meanings.items() if m == "steady"]
    done = [label for label, m in meanings.items() if m == "done"]
    if not steady or not done:
        return []
    detail = (
        f"{status} {steady[0]} while {window.start}..{window.end} holds now, "
        f"{done[-1]} once it ended"
    )
    data = {"steady": steady, "done": done}
    return [Rule("standing", [status, window.start, window.end], detail, data)]


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    status, start, end = (batch.get(c) for c in rule.columns)
    if status is None or start is None or end is None:
        return
    labels, pos = label_codes(status)
    steady, done = rule.data["steady"], rule.data["done"]
    is_steady = np.isin(np.asarray(labels, dtype=object), steady)[pos] & ~status.nulls
    is_done = np.isin(np.asarray(labels, dtype=object), done)[pos] & ~status.nulls
    now = clock.run_now(view.config).astype("datetime64[us]")
    if end.kind == "date":  # a date ends at its midnight: over once today has begun after it
        over = ~end.nulls & (as_us(end) < now.astype("datetime64[D]").astype("datetime64[us]"))
    else:
        over = ~end.nulls & (as_us(end) <= now)
    begun = ~start.nulls & (as_us(start) <= now)
    to_done = is_steady & over
    to_steady = is_done & ~over & begun
    if to_done.any():
        status.values[to_done] = typed_label(status, done[-1])
    if to_steady.any():
        status.values[to_steady] = typed_label(status, steady[0])


RULE = RowRule(
    "standing",
    "a status of a running or finished window agrees with the clock (active runs, completed ended)",
    _plan,
    _apply,
    phases={"standing": Phase.FINAL},
    after=("lifetime",),  # last: once every rule that moves times has placed them
)
