"""A stage a row reached stays after the row came to be, whatever the last time rules did: a
policy bound after it was quoted, a ticket answered after it was opened. rules/timeline.py puts
every event after the row's creation (after_anchor) early on; the rules of the final phase then
shift a row's window and its times (into a parent's window, against the clock) and clamp the
times before it, which may leave a stage reached (a time that happened: `bound_at`,
`approved_on`) before the creation it follows. Such a time moves to between the creation and
the row's next time (or the run's clock, whichever comes first), in the order the table has
them in; the creation and the row's window keep their place.

A stage after one that moved (a repair's completion after its start) moves by as much,
keeping the time between them.

Only nullable times that happened (a participle: vocab/lexicon.happened), which the row
reaches at some stage; not a window's start or end, nor a record time. Read from the names and
the rules planned before; no table named here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.kinds.windows import window_of
from workbench.generate.rules.base import Phase, RowRule, Rule, row_rng
from workbench.generate.rules.times import DAY_US, TIME_KINDS, as_us, latest, store
from workbench.generate.vocab import lexicon

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

_SECOND = np.timedelta64(1_000_000, "us")


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    after = next((r for r in planned if r.kind == "after_anchor"), None)
    if after is None:
        return []
    anchor = after.columns[0]
    if any(r.kind == "after" and r.columns == [anchor] for r in planned):
        return []  # a creation declared after another time (filed once closed) is no start
    if lexicon.planned(anchor):
        return []  # a plan (planned_start) is no creation: work may start before its slot
    window = window_of(view.schema, view.table, view.config)
    bounds = {window.start, window.end} if window is not None else set()
    record = set(after.data.get("record", ()))
    stages = [
        c
        for c in after.columns[1:]
        if c not in bounds
        and c not in record
        and view.specs[c].nullable
        and lexicon.happened(c)
        and not lexicon.record_time(c, view.specs[c].generator)
    ]
    if not stages:
        return []
    detail = f"{', '.join(stages)} after {anchor} once the row's times are placed"
    return [Rule("still_after", [anchor, *stages], detail)]


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    if any(c not in batch for c in rule.columns):
        return
    anchor = batch[rule.columns[0]]
    base = as_us(anchor)
    if anchor.kind == "date":
        base = base + np.timedelta64(DAY_US, "us")  # a stage of that day: the day after
    now = clock.run_now(view.config)
    stages = [batch[c] for c in rule.columns[1:]]
    bad = [~c.nulls & ~anchor.nulls & (as_us(c) < base) for c in stages]
    if not any(b.any() for b in bad):
        return
    u = row_rng(view, rule, idx).uniform(0.1, 0.5, base.size)
    floor = base.copy()  # in the table's order of the stages: each after the one before it
    shift = np.zeros(base.size, "timedelta64[us]")  # how far a row's earlier stage moved
    moved = np.zeros(base.size, bool)
    before = np.full(base.size, np.datetime64("NaT"), "datetime64[us]")
    for name, col, rows in zip(rule.columns[1:], stages, bad, strict=True):
        was = as_us(col).copy()
        # a stage after one that moved moves with it, the time between them kept (a repair
        # started after its order was opened lasts what it lasted once completed)
        along = moved & ~col.nulls & ~anchor.nulls & (was >= before)
        along &= was + shift <= latest(col, now)  # not past the run's clock: it stays
        if along.any():
            store(col, np.maximum(was + shift, floor), np.flatnonzero(along))
        rows = rows & ~along
        # a stage before the creation moves after it and after the stages before it, moved or
        # not (a row started after its creation but completed before it)
        if rows.any():
            top = _next_time(view, batch, (rule.columns[0], name), floor, now)
            span = np.maximum((top - floor).astype(np.int64), 0)
            at = floor + (u * span).astype(np.int64).astype("timedelta64[us]")
            at = np.maximum(np.minimum(at, latest(col, now)), floor)
            store(col, at, np.flatnonzero(rows))
            shift = np.where(rows, as_us(col) - was, shift)
            moved |= rows
        before = np.where(~col.nulls, was, before)
        at = as_us(col)
        floor = np.where(~col.nulls & ~anchor.nulls & (at >= floor), at + _SECOND, floor)


def _next_time(
    view: TableView, batch: Batch, skip: tuple[str, str], floor: np.ndarray, now: np.datetime64
) -> np.ndarray:
    """Each row's next time after `floor` (a window's start, a later stage), by the clock."""
    top = np.full(floor.size, now)
    for name, spec in view.specs.items():
        col = batch.get(name)
        if col is None or spec.kind not in TIME_KINDS or name in skip:
            continue
        at = as_us(col)
        top = np.where(~col.nulls & (at > floor) & (at < top), at, top)
    return top


RULE = RowRule(
    "still_after",
    "a stage a row reached stays after the row came to be, once its times are placed",
    _plan,
    _apply,
    phases={"still_after": Phase.FINAL},
    after=("rotation",),  # once the rules that shift a row's window placed it
    before=("calendar_owner",),
)
