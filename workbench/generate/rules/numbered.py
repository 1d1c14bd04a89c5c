"""Numbered rows of a parent without times follow their own times: a lift (no date of its
own, or one that may be NULL) has its service visits numbered 1, 2, 3 in the order they take
place. rules/sequence.py lays a parent's numbered rows out inside the parent's window; a
parent with no time has no window to lay them in, so here the rows keep the times the other
rules gave them (the clock, the status, the hours) and their numbers follow: per parent, the
numbers the unique plan gave its rows go to them in the order of the time they take place
(`kinds/anchors.takes_place`: a scheduled start, else their anchor, else their own start).

Each row starts once the one before it ended: where the rows' own starts and ends overlap (a
busy parent's visits planned hours apart, one begun late), a row starts a little after the
one before ended, its start and what came after it moved by one shift, its plan kept; not
where that would take what had happened past the run's clock. Across batches the numbers go
on from the parent's earlier rows (the unique plan counts them), so a later batch's row that
takes place before its parent's latest row moves after it, all its times at once, where the
clock leaves room: a table of more rows than a batch keeps its order only so far."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.kinds.anchors import anchor_of, takes_place
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.generate.rules.sequence import parent_times, shape_of
from workbench.generate.rules.times import as_us, is_time, store

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

_SECOND = 1_000_000
_MINUTE = 60_000_000
_HOUR = 60 * _MINUTE
_NONE = -(np.iinfo(np.int64).max // 4)


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    shape = shape_of(view.schema, view.table, view.config)
    if shape is None or shape.number is None or shape.single or shape.covered:
        return []
    parent = view.schema.tables.get(shape.fk.ref_qualified)
    if parent is None or parent.qualified == view.tp.name:
        return []
    if parent_times(view.schema, parent, view.config)[0]:
        return []  # a parent with a time: rules/sequence.py lays the rows out in it
    if any(r.kind == "sequence" for r in planned):
        return []
    own = takes_place(view.schema, view.table, view.config) or anchor_of(
        view.schema, view.table, view.config
    )
    at = own if own in view.specs and not view.specs[own].nullable else shape.start
    if at not in view.specs or not is_time(view.specs[at].kind):
        return []
    times = [c for c, s in view.specs.items() if is_time(s.kind) and c not in view.fk_cols
             and (free(view, c) or c == at)]  # fmt: skip
    fk = ",".join(shape.fk.columns)
    detail = f"{shape.number} per {parent.qualified} ({fk}) in {at} order"
    data = {"fk": fk, "number": shape.number, "at": at, "times": times, "start": shape.start,
            "end": shape.end}  # fmt: skip
    return [Rule("numbered", [shape.number, *times], detail, data)]


@dataclass
class _Latest:
    """Per parent row, over the batches before: the latest time its rows ended (or began),
    and the latest of those and the times they took place at."""

    last: dict[int, tuple[int, int]] = field(default_factory=dict)


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    d = rule.data
    number, at = batch.get(d["number"]), batch.get(d["at"])
    rows_p, nulls = view.parent_rows(d["fk"])
    if number is None or at is None or rows_p is None:
        return
    live = np.flatnonzero(~nulls & ~np.asarray(at.nulls, bool))
    if not live.size:
        return
    parents = np.asarray(rows_p, np.int64)
    _after_earlier(view, rule, batch, (idx, live), parents)
    when = as_us(at).astype(np.int64)
    order = live[np.lexsort((live, when[live], parents[live]))]
    shift = _apart(view, rule, batch, (idx, order), parents)
    moved = np.flatnonzero(shift)
    start = batch.get(d["start"])
    if moved.size and start is not None:  # the row's start and what came after it
        begun = as_us(start).astype(np.int64)
        for column in d["times"]:
            col = batch.get(column)
            if col is not None:
                times = as_us(col).astype(np.int64)
                rows = moved[~np.asarray(col.nulls, bool)[moved] & (times[moved] >= begun[moved])]
                times[rows] += shift[rows]
                store(col, times.astype("datetime64[us]"), rows)
    # per parent, its numbers to its rows in time order (a shift keeps it)
    p = parents[order]
    counts = np.asarray(number.values)[order]
    number.values[order] = counts[np.lexsort((counts, p))]


def _after_earlier(view: TableView, rule: Rule, batch: Batch,
                   rows: tuple[np.ndarray, np.ndarray], parents: np.ndarray) -> None:  # fmt: skip
    """A row of a later batch that takes place before its parent's latest row of the batches
    before moves, all its times at once, to a little after that row's end, where that keeps
    what had happened by the run's clock."""
    d = rule.data
    idx, live = rows
    latest = view.scratch.get(_Latest).last
    floor = np.asarray([latest.get(p, (_NONE, _NONE))[1] for p in parents[live].tolist()])
    at = as_us(batch[d["at"]]).astype(np.int64)
    early = live[(floor > _NONE) & (at[live] <= floor)]
    if not early.size:
        return
    floor = floor[np.searchsorted(live, early)]
    rng = row_rng(view, rule, idx)
    shift = floor + (15 * _MINUTE + rng.exponential(_HOUR, early.size)).astype(np.int64) - at[early]
    now = int(clock.run_now(view.config).astype("datetime64[us]").astype(np.int64))
    cols = [c for c in (batch.get(name) for name in d["times"]) if c is not None]
    top = np.max([np.where(np.asarray(c.nulls, bool), _NONE, as_us(c).astype(np.int64))[early]
                  for c in cols], axis=0)  # fmt: skip
    keep = (top > now) | (top + shift <= now)
    early, shift = early[keep], shift[keep]
    for col in cols:
        rows_on = early[~np.asarray(col.nulls, bool)[early]]
        times = as_us(col).astype(np.int64)
        times[rows_on] += shift[np.searchsorted(early, rows_on)]
        store(col, times.astype("datetime64[us]"), rows_on)


def _apart(view: TableView, rule: Rule, batch: Batch, rows: tuple[np.ndarray, np.ndarray],
           parents: np.ndarray) -> np.ndarray:  # fmt: skip
    """Each row's shift (microseconds): a row that starts before the one before it (its
    parent's rows in time order, those of earlier batches too) ended starts a little after
    that end instead, as a visit waits for the one before to finish (its plan stays); not
    where that would take what had happened by the run's clock past it."""
    d = rule.data
    idx, order = rows
    n = idx.size
    start, end = batch.get(d["start"]), batch.get(d["end"] or "")
    if start is None:
        return np.zeros(n, np.int64)
    s = as_us(start).astype(np.int64)
    s_on = ~np.asarray(start.nulls, bool)
    e = as_us(end).astype(np.int64) if end is not None else s
    e_on = ~np.asarray(end.nulls, bool) if end is not None else s_on
    ended = np.where(e_on, e, np.where(s_on, s, _NONE))
    now = int(clock.run_now(view.config).astype("datetime64[us]").astype(np.int64))
    gaps = (15 * _MINUTE + row_rng(view, rule, idx).exponential(_HOUR, n)).astype(np.int64)
    if end is None:  # instants (a log's entries) wait for nothing: only after the one before
        gaps = np.full(n, _SECOND, np.int64)
    plan = as_us(batch[d["at"]]).astype(np.int64)
    state = view.scratch.get(_Latest).last
    shift = np.zeros(n, np.int64)
    last_end = last = _NONE
    parent = -1
    for row in order.tolist():
        if parents[row] != parent:
            if parent >= 0:
                state[parent] = (last_end, last)
            parent = int(parents[row])
            last_end, last = state.get(parent, (_NONE, _NONE))
        last = max(last, int(plan[row]))
        if not s_on[row]:
            continue
        need = max(0, last_end + int(gaps[row]) - int(s[row])) if last_end > _NONE else 0
        if need and ended[row] <= now < ended[row] + need:
            need = 0  # what had happened stays by the clock
        shift[row] = need
        last_end = max(last_end, int(ended[row]) + need)
        last = max(last, last_end)
    if parent >= 0:
        state[parent] = (last_end, last)
    return shift


RULE = RowRule(
    "numbered",
    "a parent's numbered rows, the parent without times, are numbered in the order they occur",
    _plan,
    _apply,
    phases={"numbered": Phase.FINAL},
    after=("sequence", "daypart"),  # on the times as they stay
    before=("in_force",),
)
