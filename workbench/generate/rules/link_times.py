"""The links of a chain keep their order in every time they carry: a parent's numbered rows
(a run's stops, a parcel's hops, a surgery's stages, a journey's timed stops: a required key
to the parent and a line number unique with it, rules/sequence.shape_of) that hold a plan
(`planned_at`, `scheduled_time`, `expected_at`: lexicon.planned) beside what happened (an
arrival and a departure, a start and an end, nullable for the links not reached yet).

rules/sequence.py and rules/numbered.py lay one pair of times per link in order (the
window, else the one time that is always there) and move the row's other times with it by
as much, so a plan drawn hours to days before its actuals, or actuals drawn apart from their
plan, fall out of the links' order. Here, per parent in the number's order, once every other
time rule moved them (the hours of the place too: a plan kept in its hours stays there):

- the times that happened: within a row in their order (the window's, else the order the
  dates of a row follow, rules/chain.py, else the table's), the later one only where the
  earlier is set (a departure only where there was an arrival); and a link reached only once
  its parent left every earlier link: where a row's first time lies before the latest time
  of the links before it, all its times move after that by a short while, each staying in
  its row's order; what would then lie past the run's clock was not reached yet (NULL where it
  may be, else the row keeps its times);
- each plan: the parent's plans go to its links in the number's order, strictly later each
  (a minute, for timestamps), so the plans keep their values (their hours, their days) and a
  plan before its link's actual stays before it.

Across batches the latest time per parent is kept, so a later batch's links follow."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.kinds.events import event_of
from workbench.generate.kinds.orders import declared_orders
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.generate.rules.sequence import shape_of
from workbench.generate.rules.times import as_us, is_time, store
from workbench.generate.vocab import lexicon

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch, Col
    from workbench.generate.view import TableView

_MINUTE = 60_000_000
_HOUR = 60 * _MINUTE
_NONE = -(np.iinfo(np.int64).max // 4)
_TOP = np.iinfo(np.int64).max // 4


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    shape = shape_of(view.schema, view.table, view.config)
    if shape is None or shape.number is None or shape.single or shape.covered:
        return []
    parent = view.schema.tables.get(shape.fk.ref_qualified)
    if parent is None or parent.qualified == view.tp.name or shape.number not in view.specs:
        return []
    times = [c for c, s in view.specs.items() if is_time(s.kind) and c not in view.fk_cols
             and free(view, c) and not lexicon.record_time(c, s.generator)
             and s.generator != "birth_date"]  # fmt: skip
    plans = [c for c in times if lexicon.planned(c)]
    actuals = [c for c in times if c not in plans]
    if not plans or not actuals:
        return []
    chained: list[str] = next((r.data["order"] for r in planned if r.kind == "chain"), [])
    ranked = [c for c in chained if c in actuals]
    slots = [at for at, c in enumerate(actuals) if c in ranked]
    for at, column in zip(slots, ranked, strict=True):  # the order a row's dates follow
        actuals[at] = column
    if shape.end in actuals and shape.start in actuals:  # the window's order over the names'
        a, b = actuals.index(shape.start), actuals.index(shape.end)
        if a > b:
            actuals[a], actuals[b] = actuals[b], actuals[a]
    actuals = _as_planned(view, plans, actuals)
    fk = ",".join(shape.fk.columns)
    detail = (
        f"per {parent.qualified} ({fk}) in {shape.number} order: {', '.join(plans)} strictly "
        f"later each, {' ≤ '.join(actuals)} after the links before"
    )
    data = {"fk": fk, "number": shape.number, "plans": plans, "actuals": actuals}
    return [Rule("link_times", [*plans, *actuals], detail, data)]


def _as_planned(view: TableView, plans: list[str], actuals: list[str]) -> list[str]:
    """The actuals in the order a CHECK declares between their plans (a stop's
    `planned_departure >= planned_arrival`: it arrived, then left), whatever order a window
    of a trip (departure, then arrival) gave them."""
    event = {c: found[1] for c in [*plans, *actuals] if (found := event_of(c)) is not None}
    for order in declared_orders(view.schema, view.table):
        if order.before not in plans or order.after not in plans:
            continue
        first = [a for a in actuals if event.get(a) == event.get(order.before)]
        then = [a for a in actuals if event.get(a) == event.get(order.after)]
        if len(first) == 1 and len(then) == 1 and first != then:
            a, b = actuals.index(first[0]), actuals.index(then[0])
            if a > b:
                actuals = actuals.copy()
                actuals[a], actuals[b] = actuals[b], actuals[a]
    return actuals


@dataclass
class _Last:
    """Per column, per parent row over the batches before: its links' latest time."""

    last: dict[str, dict[int, int]] = field(default_factory=dict)


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    d = rule.data
    number = batch.get(d["number"])
    rows_p, nulls = view.parent_rows(d["fk"])
    if number is None or rows_p is None:
        return
    parents = np.asarray(rows_p, np.int64)
    live = np.flatnonzero(~np.asarray(nulls, bool) & ~np.asarray(number.nulls, bool))
    if not live.size:
        return
    order = live[np.lexsort((live, number.values[live].astype(np.int64), parents[live]))]
    p = parents[order]
    new = np.r_[True, p[1:] != p[:-1]]
    first = np.maximum.accumulate(np.where(new, np.arange(order.size), 0))
    rank = np.arange(order.size) - first
    gid = np.cumsum(new) - 1
    heads = p[new]
    state = view.scratch.get(_Last).last
    cols = [batch.get(c) for c in d["actuals"]]
    if all(c is not None for c in cols):
        found = [c for c in cols if c is not None]
        _actuals(view, rule, (idx, found), (order, rank, gid, heads))
    for column in d["plans"]:
        col = batch.get(column)
        if col is not None:
            kept = state.setdefault(column, {})
            floor = np.asarray([kept.get(int(h), _NONE) for h in heads.tolist()], np.int64)
            last = _plans(col, (order, rank, gid), floor)
            kept.update({int(h): int(v) for h, v in zip(heads, last, strict=True) if v > _NONE})


def _actuals(view: TableView, rule: Rule, batch: tuple[np.ndarray, list[Col]],
             groups: tuple[np.ndarray, ...]) -> None:  # fmt: skip
    """What happened, in the row's order and after the links before (module text)."""
    idx, cols = batch
    order, rank, gid, heads = groups
    n = cols[0].values.size
    vals = np.stack([as_us(c).astype(np.int64) for c in cols])
    on = np.stack([~np.asarray(c.nulls, bool) for c in cols])
    was = on.copy()
    nullable = np.asarray([c.nullable for c in cols])
    rows = np.zeros(n, bool)
    rows[order] = True
    for j in range(1, len(cols)):  # a later time only where the earlier one is set
        if nullable[j]:
            on[j] &= ~rows | on[j - 1]
    # within a row: its times' values in its columns' order
    ranked = np.sort(np.where(on, vals, _TOP), axis=0)
    at = np.maximum(np.cumsum(on, axis=0) - 1, 0)
    vals = np.where(on & rows, np.take_along_axis(ranked, at, axis=0), vals)
    # across the links: each reached after the ones before were left
    state = view.scratch.get(_Last).last.setdefault(rule.columns[len(rule.data["plans"])], {})
    running = np.asarray([state.get(int(h), _NONE) for h in heads.tolist()], np.int64)
    now = int(clock.run_now(view.config).astype("datetime64[us]").astype(np.int64))
    gaps = 5 * _MINUTE + row_rng(view, rule, idx).exponential(_HOUR, order.size)
    for level in range(int(rank.max()) + 1 if rank.size else 0):
        at_level = np.flatnonzero(rank == level)
        these, g = order[at_level], gid[at_level]
        set_ = on[:, these]
        lo = np.where(set_, vals[:, these], _TOP).min(axis=0)
        floor = running[g]
        need = (lo < _TOP) & (floor > _NONE) & (lo < floor)
        shift = np.where(need, floor + gaps[at_level].astype(np.int64) - lo, 0)
        moved = vals[:, these] + shift
        late = set_ & (moved > now) & need
        stuck = (late & ~nullable[:, None]).any(axis=0)  # a time that must stay by the clock
        shift = np.where(stuck, 0, shift)
        moved = vals[:, these] + shift
        set_ &= ~(late & ~stuck & nullable[:, None])  # not reached yet
        vals[:, these] = np.where(set_, moved, vals[:, these])
        on[:, these] = set_
        hi = np.where(set_, vals[:, these], _NONE).max(axis=0)
        np.maximum.at(running, g, hi)
    for j, col in enumerate(cols):
        store(col, vals[j].astype("datetime64[us]"), np.flatnonzero(on[j] & rows))
        if col.nullable:
            col.nulls |= was[j] & ~on[j]
    state.update({int(h): int(v) for h, v in zip(heads, running, strict=True) if v > _NONE})


def _plans(col: Col, groups: tuple[np.ndarray, ...], floor: np.ndarray) -> np.ndarray:
    """A plan column's values per parent in the links' order, strictly later each; the
    latest per group (or the floor it had)."""
    order, rank, gid = groups
    on = ~np.asarray(col.nulls, bool)[order]
    rows, g, r = order[on], gid[on], rank[on]
    values = as_us(col).astype(np.int64)
    got = values[rows]
    values[rows] = got[np.lexsort((got, g))]
    step = 0 if col.kind == "date" else _MINUTE  # dates: the same day may repeat
    running = floor.copy()
    for level in np.unique(r).tolist():
        at = np.flatnonzero(r == level)
        these = rows[at]
        lifted = np.where(running[g[at]] > _NONE, running[g[at]] + step, _NONE)
        values[these] = np.maximum(values[these], lifted)
        running[g[at]] = values[these]
    store(col, values.astype("datetime64[us]"), rows)
    return running


RULE = RowRule(
    "link_times",
    "a parent's numbered links keep their order in their plans and in what happened",
    _plan,
    _apply,
    phases={"link_times": Phase.FINAL},
    after=("numbered",),  # once the links are laid, numbered and moved into their hours
    before=("in_force",),
)
