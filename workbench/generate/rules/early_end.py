"""A term ended early ends inside its window: a policy cancelled, a membership terminated, a
warranty voided (`cancelled_on`, kinds/terms.early_end) after it started and before it would
have ended, and, being what happened, by the run's clock. The status stamps place such a time
after the row's first event (its quote), which may lie before the term starts; here a time
outside the window is drawn again inside it. Applied once the window lasts what it does
(rules/lasting.py), before the rows that use the term move into it (rules/within.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.kinds.terms import early_end, is_term
from workbench.generate.kinds.windows import window_of
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.generate.rules.times import DAY_US, as_us, is_time, latest, store
from workbench.generate.rules.within import undo_rejected

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    window = window_of(view.schema, view.table, view.config)
    if window is None or not (window.validity or is_term(view.schema, view.table)):
        return []
    cut = early_end(view.schema, view.table, window.start, window.end)
    specs = [view.specs.get(c) for c in (cut, window.start, window.end) if c is not None]
    if cut is None or len(specs) < 3 or not all(s is not None and is_time(s.kind) for s in specs):
        return []
    if not free(view, cut):
        return []
    detail = f"{cut} within {window.start}..{window.end}, by the run's clock"
    return [Rule("early_end", [cut, window.start, window.end], detail)]


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    cut, start, end = (batch.get(c) for c in rule.columns)
    if cut is None or start is None or end is None:
        return
    at, begin, finish = as_us(cut), as_us(start), as_us(end)
    known = ~cut.nulls & ~start.nulls
    now = latest(cut, clock.run_now(view.config))
    last = np.where(end.nulls, now, np.minimum(finish, now))
    if cut.kind == "date" and end.kind != "date":
        last = last - np.timedelta64(DAY_US, "us")
    out = known & ((at < begin) | (at > last)) & (begin <= last)
    if not out.any():
        return
    rng = row_rng(view, rule, idx)
    room = (last - begin).astype(np.int64)
    drawn = begin + (np.maximum(room, 0) * rng.uniform(0.0, 1.0, at.size)).astype(np.int64).astype(
        "timedelta64[us]"
    )
    saved = {rule.columns[0]: cut.values.copy()}
    rows = np.flatnonzero(out)
    store(cut, drawn, rows)
    if cut.kind == "date":  # a date rounds up: keep it on or before the last day
        over = out & (as_us(cut) > last)
        cut.values[over] = last[over].astype("datetime64[D]")
    undo_rejected(view, batch, saved, out)


RULE = RowRule(
    "early_end",
    "a term ended early ends inside its window, by the run's clock (a policy cancelled)",
    _plan,
    _apply,
    phases={"early_end": Phase.FINAL},
    after=("lasting",),
    before=("tree_time",),  # where it was measured: right after lasting, long before within
)
