"""Rows in sequence (rules/sequence.py) hang under parents that can hold them: a parent that
started (by the run's clock, for what happens), with room in its window (days for dates, a
fortnight for a period and its issue), whose lifecycle status says it started (a loan active,
repaid or defaulted has a schedule; one applied for, approved or rejected has none), and
that has not more rows than it counts (`term_months`: instalments up to the term). Re-picked
while the keys are filled, before the line numbers count each parent's rows."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.generate.base import clock
from workbench.generate.base.batch import label_codes
from workbench.generate.base.names import normalise
from workbench.generate.kinds.fan_out import chain_bounds, drawn_caps
from workbench.generate.kinds.history import depth, history_of
from workbench.generate.rules.base import LinkRule, Stage
from workbench.generate.rules.fk_meet import repeat_parent
from workbench.generate.rules.meets import generator_meets
from workbench.generate.rules.status import lifecycle
from workbench.generate.rules.succession import per_year
from workbench.generate.rules.times import DAY_US, as_us
from workbench.generate.rules.tried import done_parents
from workbench.generate.vocab.outcomes import UNDER_WAY, lifecycle_meanings
from workbench.schema.typeinfo import resolve_type

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.links import Links
    from workbench.generate.view import FKUnit, TableView
    from workbench.schema.model import Schema, Table

_BIG = np.iinfo(np.int64).max // 4
SHORTEST_US = 15 * 60_000_000  # the shortest a timed row in sequence lasts, with its gap
SHORTEST_PERIOD = 28 * DAY_US  # a period accounted for: a month
LONGEST_MONTH = 31 * DAY_US  # a parent's periods: whole months its window holds
ISSUE_LAG = 7 * DAY_US  # a period's record (a bill issued) comes days after it


def status_of(schema: Schema, table: Table) -> tuple[str, list[str]] | None:
    """A lifecycle status of the table (an enum) and the labels of the rows that started:
    as far as the first label that is under way, steady or done (a loan active, repaid or
    defaulted; not one applied for, approved or rejected)."""
    for column in table.columns:
        if normalise(column.name).split("_")[-1] not in ("status", "state", "stage"):
            continue
        labels = list(resolve_type(schema, column.type).labels)
        meanings = lifecycle_meanings(labels) if labels else None
        if not meanings:
            continue
        rank = lifecycle(labels)
        going = [rank[lb] for lb in labels
                 if meanings[lb] in ("steady", "done") or normalise(lb) in UNDER_WAY]  # fmt: skip
        if going:
            return column.name, [lb for lb in labels if rank[lb] >= min(going)]
    return None


def _started_parents(view: TableView, links: Links, batch: Batch, idx: np.ndarray) -> None:
    """A row in sequence hangs under a parent that started, by the clock for what happens,
    with room in its window (days for dates) and, when its status tells, whose status says
    it started (a loan active, repaid or defaulted has a schedule): the others pick again."""
    planned = next((r for r in view.rules if r.kind == "sequence"), None)
    if planned is None or not idx.size:
        return
    d = planned.data
    unit = next((u for u in view.units if ",".join(u.fk.columns) == d["fk"]), None)
    picked, nulls = view.parent_rows(d["fk"])
    stored = view.keys.tables.get(d["parent"], {})
    begins = stored.get(d["p_start"])
    if unit is None or picked is None or begins is None or not view.drawn_freely(unit):
        return
    now = int(clock.run_now(view.config).astype("datetime64[us]").astype(np.int64))
    start = np.where(begins.nulls, _BIG, as_us(begins).astype(np.int64))
    ends = stored.get(d["p_end"] or "")
    finish = np.full(start.size, now) if ends is None else np.where(
        ends.nulls, now, as_us(ends).astype(np.int64))  # fmt: skip
    room = 2 * DAY_US if begins.kind == "date" else 3_600_000_000
    if d["covered"]:  # a period, and its issue after it
        room = 14 * DAY_US
    if d["slots"]:  # each slot long enough for a row and a break
        room = max(room, 3 * d["slots"] * (DAY_US if begins.kind == "date" else SHORTEST_US))
    every = d.get("every")  # due on the parent's cadence from its start: no room asked
    started = start < _BIG
    history = history_of(view.schema, view.table)
    if history is not None and history.fk == d["fk"]:  # whole histories, by the parent's status
        states = stored.get(history.p_status)
        if states is not None:
            ok = started & (start <= now)
            chosen = np.asarray(picked).copy()
            source, valid = view.parent_keys(unit)
            labels, pos = label_codes(states)
            deep = np.asarray([depth(history, str(lb)) for lb in labels], dtype=np.int64)
            _fill(view, np.where(states.nulls, 1, deep[pos]), chosen, ~nulls, valid[ok[valid]])
            if not np.array_equal(chosen, picked):
                links.assign(batch, unit, chosen, idx.size, nulls, source)
                _keep_meets(view, links, batch, unit, chosen, nulls)
            return
    model = view.schema.tables.get(d["parent"])
    status = status_of(view.schema, model) if model is not None else None
    labels_col = stored.get(status[0]) if status is not None else None
    if status is not None and labels_col is not None:
        labels, pos = label_codes(labels_col)
        started &= np.isin(np.asarray(labels, dtype=object), status[1])[pos] & ~labels_col.nulls
    source, valid = view.parent_keys(unit)

    def usable(least: int) -> np.ndarray:
        ok = started & ((finish - start >= least) | (every is not None))
        if (d["happened"] or d["count"]) and every is None:  # a schedule may lie ahead
            ok &= start <= now - least
        return ok

    ok = usable(room)
    done = done_parents(view, d["fk"])
    if done is not None and not d["covered"]:  # steps done are held, however short
        ok |= started & done
    plain = begins.kind != "date" and not d["covered"] and not d["slots"] and every is None
    if plain and not d["count"] and room > SHORTEST_US:
        # parents short of an hour (a trip of twenty minutes) still hold a row or two at the
        # shortest a row lasts, when those of an hour or more cannot hold the rows planned
        near = valid[ok[valid]]
        held = _timed_caps(view, d, start, finish, near.size)[near].sum()
        if held < view.tp.rows:
            ok = usable(SHORTEST_US)
    serving = valid[ok[valid]]
    bad = ~nulls & ~ok[picked]
    if not serving.size:
        return
    rng = view.rng("sequence-parents:" + d["fk"], int(idx[0]))
    chosen = np.asarray(picked).copy()
    chosen[bad] = serving[rng.integers(0, serving.size, int(bad.sum()))]
    # no more rows than the parent counts (`term_months`), nor than its window holds at
    # the shortest a row lasts (a leg a quarter of an hour, a period a month)
    counted = stored.get(d["count"]) if d["count"] else None
    yearly = per_year(every, stored, start.size) if every is not None else None
    if yearly is not None:  # a year's periods at the parent's cadence (monthly: twelve)
        cap = yearly
    elif counted is not None:
        cap = np.asarray(counted.values, dtype=np.float64)
        cap = np.where(counted.nulls, 0, np.nan_to_num(cap)).astype(np.int64)
    elif d["covered"] and begins.kind == "date":
        # one period a month from the start up to the end (or now, less the days its
        # record comes after it): a lease is billed for each month it ran, no more, no less;
        # a term that runs on past now (a contract to next year) only for its months so far
        ran = np.minimum(finish, now) if d["happened"] else finish
        span = ran - np.minimum(start, ran) - ISSUE_LAG
        _fill(view, np.maximum(span // LONGEST_MONTH, 1), chosen, ~nulls, serving)
        if not np.array_equal(chosen, picked):
            links.assign(batch, unit, chosen, idx.size, nulls, source)
            _keep_meets(view, links, batch, unit, chosen, nulls)
        return
    else:
        cap = _timed_caps(view, d, start, finish, serving.size)
    _within_count(view, cap, chosen, ~nulls, serving, rng)
    if not np.array_equal(chosen, picked):
        links.assign(batch, unit, chosen, idx.size, nulls, source)
        _keep_meets(view, links, batch, unit, chosen, nulls)


def _timed_caps(view: TableView, d: dict[str, Any], start: np.ndarray, finish: np.ndarray,
                serving: int) -> np.ndarray:  # fmt: skip
    """The most rows each parent holds: as many as its window holds at the shortest a row
    lasts (a leg a quarter of an hour, a period a month, a dated row a day); a numbered chain
    a handful per parent besides."""
    date = view.keys.tables.get(d["parent"], {})[d["p_start"]].kind == "date"
    shortest = SHORTEST_PERIOD if d["covered"] else (DAY_US if date else SHORTEST_US)
    cap: np.ndarray = np.maximum((finish - np.minimum(start, finish)) // shortest, 1)
    if d["number"] and not d["covered"]:  # a numbered chain: a handful per parent
        bounds = chain_bounds(view.tp.name, d["number"])
        drawn = drawn_caps(view.rng("sequence-caps:" + d["fk"], 0), cap.size, bounds,
                           view.tp.rows, serving)  # fmt: skip
        cap = np.minimum(cap, drawn)
    return cap


def _keep_meets(view: TableView, links: Links, batch: Batch, unit: FKUnit, chosen: np.ndarray,
                nulls: np.ndarray) -> None:  # fmt: skip
    """The parent re-picked here was picked where the row's other key meets it (rules/fk_meet:
    an invoice's membership among its member's): that key now follows the new parent (the
    invoice's member is its membership's member), where it was drawn freely; so do the keys it
    copies from that parent (the invoice's currency is its contract's)."""
    for meet, hop, _ in generator_meets(view):
        if hop.fk.columns == unit.fk.columns and not meet.further:
            for column, via in ((meet.direct, meet.via), *meet.copies):
                repeat_parent(view, links, batch, unit, chosen, nulls, column, via)


class _Filled:
    """Parents filled so far, across batches: their order, the rows handed out."""

    def __init__(self) -> None:
        self.queue: np.ndarray | None = None
        self.handed = 0


def _fill(view: TableView, cap: np.ndarray, chosen: np.ndarray, live: np.ndarray,
          serving: np.ndarray) -> None:  # fmt: skip
    """Periods a parent accounts for, one per period of its window: the parents that can hold
    them, in an order drawn once, each take as many rows as their window has periods (a
    lease of a year its twelve monthly bills) before the next takes any; rows past every
    parent's room keep their pick."""
    state = view.scratch.get(_Filled)
    if state.queue is None:
        state.queue = serving[view.rng("sequence-fill", 0).permutation(serving.size)]
    queue = state.queue
    if not queue.size:
        return
    ends = np.cumsum(cap[queue])
    rows = np.flatnonzero(live)
    at = state.handed + np.arange(rows.size)
    inside = at < ends[-1]
    chosen[rows[inside]] = queue[np.searchsorted(ends, at[inside], side="right")]
    state.handed += rows.size


class _Taken:
    """Rows each parent row took in earlier batches (for a count it may not pass)."""

    def __init__(self) -> None:
        self.taken: np.ndarray | None = None


def _within_count(view: TableView, cap: np.ndarray, chosen: np.ndarray, live: np.ndarray,
                  serving: np.ndarray, rng: np.random.Generator) -> None:  # fmt: skip
    """Rows past their parent's cap pick again among parents with room (a few draws)."""
    size = cap.size
    state = view.scratch.get(_Taken)
    if state.taken is None or state.taken.size != size:
        state.taken = np.zeros(size, np.int64)
    rows = np.flatnonzero(live)
    for _ in range(8):
        order, rank = _ranks(chosen, rows)
        over = order[rank + state.taken[chosen[order]] >= cap[chosen[order]]]
        if not over.size:
            break
        used = state.taken + np.bincount(chosen[rows], minlength=size)[:size]
        room = serving[used[serving] < cap[serving]]
        if not room.size:
            break
        chosen[over] = room[rng.integers(0, room.size, over.size)]
    state.taken += np.bincount(chosen[rows], minlength=size)[:size]


def _ranks(parents: np.ndarray, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The rows in parent order and each one's place among its parent's rows."""
    order = rows[np.lexsort((rows, parents[rows]))]
    p = parents[order]
    new = np.r_[True, p[1:] != p[:-1]] if order.size else np.zeros(0, bool)
    first = np.maximum.accumulate(np.where(new, np.arange(order.size), 0))
    return order, np.arange(order.size) - first


RULE = LinkRule(
    "parents in sequence",
    "rows in sequence hang under a parent that started, with room in its window",
    Stage.KEYS,
    _started_parents,
    after=("keys that meet",),
    before=("series places",),
)
