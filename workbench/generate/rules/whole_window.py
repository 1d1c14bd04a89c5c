"""A row's whole own window lies in the windows of the parents it uses (rules/within.py):
an enrolment's course ends before its instructor left, a production closes while its director
is with the company, not only starts then. The row's own end is the end of its window
(kinds/windows.window_of) that starts at the time it uses its parents at; no words of any
domain. Where the row's window fits in its parents', the latest start leaves room for its
whole span; where it is longer, a period in days ends when theirs does (a CHECK may refuse:
within.py); a clocked span (a timesheet's clock-in to clock-out) keeps its measured length."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.generate.kinds.terms import is_term
from workbench.generate.kinds.windows import window_of
from workbench.generate.rules.times import as_us, store

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

_OPEN = np.iinfo(np.int64).max // 8  # beyond this a window has no end (half within.BIG)


def own_end(view: TableView, used: str, moved: list[str]) -> str | None:
    """The end of the row's own window that starts at the time it uses its parents at, where
    the row takes place over it (a course, a production). A window of validity (a lot from
    receipt to expiry) or a term (a policy: `active` and `expired`) only starts under its
    parents: it may outlast its tariff, its agent, its shop, and its end is its own."""
    own = window_of(view.schema, view.table, view.config)
    if own is None or own.validity or is_term(view.schema, view.table):
        return None
    return own.end if own.start == used and own.end in moved else None


def room(batch: Batch, end_name: str | None, when: Any, lo: Any, hi: Any) -> Any:
    """The latest time the row may use its parents at for its whole window to lie in
    theirs, where their window is long enough for it."""
    end = batch.get(end_name or "")
    if end is None:
        return hi
    span = np.where(end.nulls, 0, np.maximum(as_us(end).astype(np.int64) - when, 0))
    return np.where(span <= hi - lo, hi - span, hi)


def end_within(
    batch: Batch, end_name: str | None, used: str, rows: Any, last: Any
) -> tuple[dict[str, np.ndarray], Any]:
    """A row's window longer than its parents' ends when theirs does, where its time lies in
    theirs: (the end's values before, the rows cut), none where nothing is cut."""
    end = batch.get(end_name or "")
    if end is None or end_name is None or end.kind != "date":  # a clocked span keeps its length
        return {}, None
    at, start = as_us(end).astype(np.int64), as_us(batch[used]).astype(np.int64)
    cut = rows & ~end.nulls & (at > last) & (start <= last) & (last < _OPEN)
    if not cut.any():
        return {}, None
    saved = {end_name: end.values.copy()}
    store(end, np.maximum(last, start).astype("datetime64[us]"), np.flatnonzero(cut))
    return saved, cut
