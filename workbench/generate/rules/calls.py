"""A way's calls go from its start to its end: per parent, in their number's order, the first
call is at the parent's start place (a run's origin station), the last at its end place (its
destination), each call between at another place than the call before it and than either end;
the first call has no arrival and the last no departure, the calls between both (a missing
one is set a short dwell from the other, inside the gap to the call beside it). The shape is
kinds/calls.py's (`train_run_stops` numbered per run, at a station, under a run with
`origin_station_id`/`destination_station_id`); at least two calls per parent is the law
plan/lines.py lays over such a table.

Applied last among the time rules (after the rows are laid in order: rules/sequence.py). Across
batches a parent's first call is the first one seen; the last is the last of its batch."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.kinds.calls import Calls, calls_of
from workbench.generate.rules.base import Phase, RowRule, Rule, row_rng
from workbench.generate.rules.times import as_us, store

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch, Col
    from workbench.generate.view import TableView

_TRIES = 6  # redraws of a place equal to the call before it or to an end
_DWELL_US = 15 * 60 * 1_000_000  # a call's stay where a time is missing, at most
_STAY_US = 2 * 3600 * 1_000_000  # a call's longest stay
_PASSES = 64  # rounds of moving calls laid out of turn on


class _Seen:
    """Per parent row, across batches: whether one of its calls was seen."""

    def __init__(self) -> None:
        self.seen: np.ndarray = np.zeros(0, bool)


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    calls = calls_of(view.schema, view.table)
    if calls is None or calls.number not in view.specs or calls.place not in view.specs:
        return []
    detail = (f"per {calls.parent} ({calls.fk}) in {calls.number} order: the first "
              f"{calls.place} is its {calls.p_start}, the last its {calls.p_end}")  # fmt: skip
    times = [(a, b) for a, b in calls.times if a in view.specs and b in view.specs]
    if times:
        detail += "; " + ", ".join(f"no {a} first, no {b} last" for a, b in times)
    columns = [calls.place, *(c for pair in times for c in pair)]
    return [Rule("calls", columns, detail, {"calls": calls, "times": times})]


def _order_key(col: Col) -> np.ndarray:
    values = np.asarray(col.values).astype(np.float64)
    return np.where(col.nulls, np.inf, values)


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    calls: Calls = rule.data["calls"]
    rows_p, nulls = view.parent_rows(calls.fk)
    if rows_p is None or calls.number not in batch:
        return
    stored = view.keys.tables.get(calls.parent, {})
    if not stored:
        return
    parents = len(next(iter(stored.values())).values)
    live = np.flatnonzero(~nulls)
    if not live.size:
        return
    order = live[np.lexsort((_order_key(batch[calls.number])[live], rows_p[live]))]
    p = rows_p[order]
    state = view.scratch.get(_Seen)
    if state.seen.size < parents:
        state.seen = np.r_[state.seen, np.zeros(parents - state.seen.size, bool)]
    group = np.r_[True, p[1:] != p[:-1]]  # a parent's first call of the batch
    first = group & ~state.seen[p]
    last = np.r_[p[1:] != p[:-1], True]
    state.seen[p] = True
    _places(view, rule, batch, idx, order, p, (first, last))
    rng = row_rng(view, rule, idx)
    for arrival, departure in rule.data["times"]:
        if arrival in batch and departure in batch:
            _times(batch[arrival], batch[departure], order, (first, last, group), rng)


def _places(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray, order: np.ndarray,
            p: np.ndarray, marks: tuple[np.ndarray, np.ndarray]) -> None:  # fmt: skip
    """The first call at the parent's start, the last at its end, the others elsewhere."""
    calls: Calls = rule.data["calls"]
    first, last = marks
    stored = view.keys.tables.get(calls.parent, {})
    start, end = stored.get(calls.p_start), stored.get(calls.p_end)
    place = batch[calls.place]
    pool_col = next(iter(view.keys.tables.get(calls.places, {}).values()), None)
    if start is None or end is None or pool_col is None:
        return
    pool = np.asarray(pool_col.values)[~pool_col.nulls]
    if not pool.size:
        return
    at = np.asarray(place.values)[order].copy()
    nils = place.nulls[order].copy()
    s_val, s_nil = np.asarray(start.values)[p], start.nulls[p]
    e_val, e_nil = np.asarray(end.values)[p], end.nulls[p]
    lone = first & last
    head = first & ~s_nil
    tail = last & ~e_nil & ~lone
    at[head], nils[head] = s_val[head], False
    at[tail], nils[tail] = e_val[tail], False
    pinned = head | tail
    rng = row_rng(view, rule, idx)
    for _ in range(_TRIES):
        before = np.r_[at[:1], at[:-1]]
        clash = ~pinned & (((at == before) & ~first) | ((at == s_val) & ~s_nil)
                           | ((at == e_val) & ~e_nil))  # fmt: skip
        if not clash.any():
            break
        at[clash] = pool[rng.integers(0, pool.size, int(clash.sum()))]
        nils[clash] = False
    place.values[order] = at
    place.nulls[order] = nils & place.nullable
    _record(view, calls, pool_col.values, place)


def _record(view: TableView, calls: Calls, keys: np.ndarray, place: Col) -> None:
    """The places' rows the calls now reference, for the rules that read them later."""
    values = np.asarray(keys)
    sorter = np.argsort(values, kind="stable")
    mine = np.asarray(place.values)
    at = np.clip(np.searchsorted(values[sorter], mine), 0, values.size - 1)
    rows = sorter[at]
    missing = place.nulls | (values[rows] != mine)
    view.repicked(calls.place, np.where(missing, -1, rows), missing)


def _times(
    arrival: Col,
    departure: Col,
    order: np.ndarray,
    marks: tuple[np.ndarray, np.ndarray, np.ndarray],
    rng: np.random.Generator,
) -> None:
    """No arrival at the first call, no departure at the last, both at the calls between."""
    first, last, group = marks
    arr, dep = as_us(arrival).astype(np.int64), as_us(departure).astype(np.int64)
    a, d = arr[order], dep[order]
    a_nil, d_nil = arrival.nulls[order].copy(), departure.nulls[order].copy()
    # a call arrives, stays a while, and leaves (a time laid as a trip's is turned round)
    both = ~a_nil & ~d_nil
    turn = both & (a > d)
    a[turn], d[turn] = d[turn], a[turn].copy()
    stay = np.minimum(d - a, rng.integers(_DWELL_US // 3, _STAY_US, order.size))
    d[both] = a[both] + stay[both]
    # a call with no time at all: a while after the call before it, else before the one after
    travel = rng.integers(_DWELL_US, _STAY_US, order.size)
    for _ in range(_TRIES):
        timed = ~(a_nil & d_nil)
        fill = ~timed & np.r_[False, timed[:-1]] & ~group
        back = ~timed & np.r_[timed[1:], False] & ~last & ~fill
        if not (fill.any() or back.any()):
            break
        ends = np.where(d_nil, a, d)
        a[fill] = np.r_[0, ends[:-1]][fill] + travel[fill]
        a_nil[fill] = False
        starts = np.where(a_nil, d, a)
        d[back] = np.r_[starts[1:], 0][back] - travel[back]
        d_nil[back] = False
    lone = first & last
    # the first call leaves when it would have: its departure, else its arrival
    head = first & ~lone
    take = head & d_nil & ~a_nil
    d[take], d_nil[take] = a[take], False
    if arrival.nullable:
        a_nil[head & ~d_nil] = True
    tail = last & ~lone
    take = tail & a_nil & ~d_nil
    a[take], a_nil[take] = d[take], False
    if departure.nullable:
        d_nil[tail & ~a_nil] = True
    # each call after the one before it left (a call laid out of turn moves on, with its stay)
    for _ in range(_PASSES):
        starts, ends = np.where(a_nil, d, a), np.where(d_nil, a, d)
        prev_end = np.r_[0, ends[:-1]]
        late = ~group & (starts <= prev_end) & ~(a_nil & d_nil)
        if not late.any():
            break
        shift = prev_end - starts + travel
        a[late] += shift[late]
        d[late] += shift[late]
    middle = ~first & ~last
    prev_d = np.r_[d[:1], d[:-1]]
    next_a = np.r_[a[1:], a[-1:]]
    gap = np.where(np.r_[True, d_nil[:-1]] | group, _DWELL_US * 2, d - prev_d)
    fill = middle & a_nil & ~d_nil
    a[fill] = d[fill] - np.clip(gap[fill] // 2, 0, _DWELL_US)
    a_nil[fill] = False
    gap = np.where(np.r_[a_nil[1:], True] | last, _DWELL_US * 2, next_a - a)
    fill = middle & d_nil & ~a_nil
    d[fill] = a[fill] + np.clip(gap[fill] // 2, 0, _DWELL_US)
    d_nil[fill] = False
    for col, values, nils in ((arrival, a, a_nil), (departure, d, d_nil)):
        full = np.asarray(as_us(col).astype(np.int64))
        full[order] = values
        store(col, full.astype("datetime64[us]"), order)
        col.nulls[order] = nils & col.nullable


RULE = RowRule(
    "calls",
    "a way's calls go from its start to its end (first at the origin, no arrival; last at "
    "the destination, no departure)",
    _plan,
    _apply,
    phases={"calls": Phase.FINAL},
    after=("sequence", "link_times"),
    before=("plan_reached",),
)
