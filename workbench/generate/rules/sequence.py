"""Children in sequence: a parent's rows that carry a number (`leg_no`, `term_no`,
`instalment_no`, `position`: a line number unique with the parent's key) or a period of
their own (`period_start`/`period_end` unique with the parent's key) follow one another.
Per parent, in their number's order (else their start's), each starts once the one before
ended, all inside the parent's own window (a trip's, a year's, an account's) and, for what
happens (arrived, issued: not a scheduled end), by the run's clock: history runs up to now.

How the rows are laid out, by what the schema says:
- slots: a number capped by its CHECK (`term_no` 1-4) cuts the parent's window into that
  many slots; row n lies in slot n, with a break before the next (terms of a year);
- cadence: a single time under a parent that counts its length in a unit (`term_months`):
  row n falls n units after the parent's start (instalment n due n months after the loan);
- a chain otherwise: each row keeps the length the other rules gave it, one after another
  with a gap (legs of a trip; things people attend, rules/span.scale_for, days to weeks
  apart; rules/apart.py keeps their order once placed in hours), or end to start for periods
  a thing accounts for (`period_*`, `billing_*`: the next starting the day after the previous
  ended, laid from the parent's start in whole months), no more of them than the parent's
  window has months (rules/sequence_parents.py); lengths shrink in a short window.
- rules/succession.py: states end to start from the parent's start, dues on the parent's
  cadence label, points without a length from its start, minutes to hours apart.

Numbered rows with a single time whose end their length gives (a dive's exit after its
entry) follow one another by that length, a rest between them (rules/rest.py). The row's
other times move with it, a distance follows the new duration (rules/pace.py), a balance is
carried to the next row (rules/carried.py), per-parent state kept between batches. Applied
last among the time rules."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.generate.base import clock
from workbench.generate.base.names import normalise
from workbench.generate.base.tables import referencing
from workbench.generate.generators.value_spec import num_bounds
from workbench.generate.kinds.anchors import anchor_of
from workbench.generate.kinds.numbering import is_line_number
from workbench.generate.kinds.windows import TIME_KINDS, lone_start, period_of, window_of
from workbench.generate.rules import (
    apart,
    cadence,
    carried,
    decided,
    dues,
    pace,
    period_chain,
    renewal,
    rest,
    spill,
    succession,
)
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.generate.rules.bill import bill_times
from workbench.generate.rules.keep_length import kept, shortest_us
from workbench.generate.rules.one_at_a_time import cut, ends_inclusive, settle, timeline_of
from workbench.generate.rules.sequence_parents import status_of
from workbench.generate.rules.times import DAY_US, as_us, is_time, store, time_stem
from workbench.generate.rules.within import SCHEDULED
from workbench.schema.typeinfo import resolve_type

if TYPE_CHECKING:
    from workbench.config.file import Config
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView
    from workbench.schema.model import ForeignKey, Schema, Table

# the words of a time that records a period once it ended (a statement issued, generated)
RECORDED = frozenset({"issued", "issue", "generated", "produced", "sent", "posted", "created",
                      "closed", "billed", "invoiced", "statement"})  # fmt: skip
MOST_SLOTS = 60  # a number capped at more than this is not cut into slots
UNITS = {"days": 1, "weeks": 7, "months": -1, "years": -12}  # -k: k calendar months
COUNT_WORDS = frozenset({"term", "tenor", "duration", "length", "instalments", "installments",
                         "payments", "periods", "number"})  # fmt: skip
_BIG = np.iinfo(np.int64).max // 4
MONTH_US = 28 * DAY_US  # the least a month of a chain of periods lasts


@dataclass(frozen=True)
class Shape:
    """A child table's sequence: the key to its parent, its number, its start and end."""

    fk: ForeignKey
    number: str | None
    start: str
    end: str | None
    covered: bool  # periods a thing accounts for: end to start
    single: bool = False  # one at a time per parent (rules/one_at_a_time.py), up to now


def _kind(schema: Schema, table: Table, name: str) -> str:
    col = next((c for c in table.columns if c.name == name), None)
    return resolve_type(schema, col.type).kind if col is not None else ""


def _timely(schema: Schema, table: Table, name: str) -> bool:
    return _kind(schema, table, name) in TIME_KINDS


def _keys(table: Table) -> list[set[str]]:
    """The column sets unique per row; a partial key too (`UNIQUE (lease_id, installment_no)
    WHERE status <> 'void'`): it numbers the rows that count, and numbering all of them keeps
    it."""
    keys = [set(c for c in u.columns if c) for u in table.uniques]
    if table.primary_key is not None:
        keys.append(set(table.primary_key.columns))
    return keys


def shape_of(schema: Schema, table: Table, config: Config) -> Shape | None:
    """The table's sequence, when its rows are numbered or periods per parent."""
    keys = _keys(table)
    for fk in table.foreign_keys:
        if fk.ref_qualified == table.qualified:
            continue
        cols = set(fk.columns)
        if any(next((c.nullable for c in table.columns if c.name == f), True) for f in cols):
            continue
        number = next((c.name for c in table.columns if c.name not in cols
                       and _kind(schema, table, c.name) == "int"
                       and is_line_number(c.name, table.qualified)
                       and cols | {c.name} in keys), None)  # fmt: skip
        covered = period_of(schema, table, config)
        window = window_of(schema, table, config)
        pair = covered or ((window.start, window.end) if window is not None else None)
        if pair is not None and not all(_timely(schema, table, c) for c in pair):
            pair = None
        if number is None and not (covered and cols | {covered[0]} in keys):
            continue
        if pair is not None:
            return Shape(fk, number, pair[0], pair[1], covered is not None)
        single = next((c.name for c in table.columns if c.name not in cols and not c.nullable
                       and _timely(schema, table, c.name)), None)  # fmt: skip
        if number is not None and single is not None:
            return Shape(fk, number, single, None, False)
    timeline = timeline_of(schema, table, config)
    if timeline is not None:
        return Shape(timeline[0], None, timeline[1], timeline[2], False, True)
    return None


def parent_times(schema: Schema, parent: Table, config: Config) -> tuple[str, str | None, str]:
    """The parent's window (start, end or None) its children lie in, and the count of its
    length in a unit (`term_months`) or ''; else from the time the parent came to be up to
    now (a flat's tenancies from when it was listed, a boat's services from its
    registration)."""
    window = window_of(schema, parent, config)
    count = next((c.name for c in parent.columns if _kind(schema, parent, c.name) == "int"
                  and normalise(c.name).split("_")[-1] in UNITS
                  and set(normalise(c.name).split("_")) & COUNT_WORDS), "")  # fmt: skip
    if window is not None:
        return window.start, window.end, count
    starts = [
        c.name
        for c in parent.columns
        if _timely(schema, parent, c.name)
        and set(time_stem(c.name).split("_")) & {"start", "started", "begin", "opened"}
    ]
    starts.append(lone_start(schema, parent, config) or "")  # activated, opened, launched
    if starts[0]:
        return starts[0], None, count
    anchor = anchor_of(schema, parent, config)
    return (anchor, None, count) if anchor is not None else ("", None, "")


def keep_columns(view: TableView) -> set[str]:
    """What a parent keeps for its children in sequence (its window, its length's count)."""
    out: set[str] = set()
    for child in referencing(view.schema, view.tp.name):
        shape = shape_of(view.schema, child, view.config)
        if shape is not None and shape.fk.ref_qualified == view.tp.name:
            times = parent_times(view.schema, view.table, view.config)
            out |= {c for c in times if c}
            status = status_of(view.schema, view.table)
            if status is not None and times[0]:  # a parent that started (sequence_parents)
                out.add(status[0])
    return out


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    shape = shape_of(view.schema, view.table, view.config)
    if shape is None or shape.fk.ref_qualified == view.tp.name:
        return []
    parent = view.schema.tables.get(shape.fk.ref_qualified)
    if parent is None:
        return []
    start, end, count = parent_times(view.schema, parent, view.config)
    own = shape.end is None and not shape.single and shape.number is not None
    lasts = rest.own_end(view, planned, shape.start) if own else None
    shape = replace(shape, end=lasts[0]) if lasts is not None else shape
    tally = rest.own_count(view, shape.start) if own and lasts is None else None
    movable = [c for c in (shape.start, shape.end) if c]
    if not (start or shape.single) or not all(free(view, c) or c in view.built for c in movable):
        return []  # rows one at a time keep their starts: a parent without times has them too
    slots = 0
    if shape.number is not None and shape.end is not None and lasts is None:
        lo, hi = num_bounds(view.specs[shape.number], 1, 2**62)
        slots = int(hi) - int(lo) + 1 if int(hi) - int(lo) < MOST_SLOTS else 0
    others = [c for c, s in view.specs.items() if is_time(s.kind) and c not in movable
              and c not in view.fk_cols and free(view, c)]  # fmt: skip
    renews = renewal.plan(view, shape.start, shape.end, shape.number) if not shape.single else {}
    happened = [c for c in [*movable[1:], *others] if not SCHEDULED & set(time_stem(c).split("_"))
                and not (renews and c == shape.end)]  # fmt: skip
    carry = carried.carried(view)
    issued = [c for c in others if shape.covered and set(time_stem(c).split("_")) & RECORDED]
    counted = count if shape.end is None and count else ""
    abut = succession.abutting(view, shape.number, shape.end, shape.covered or shape.single)
    abut = abut or bool(renews)
    every = succession.frequency(view, shape.number, shape.end, counted) if not slots else None
    how = "cadence" if counted else "end to start" if shape.covered or abut else "one after another"
    how = "slots" if slots else f"every {every.describe()} from the start" if every else how
    closed = shape.single and shape.end is not None and not view.specs[shape.end].nullable
    if shape.single:
        how = "one at a time" + ("" if closed else ", only the last open")
    fk = ",".join(shape.fk.columns)
    detail = (
        f"{', '.join(movable)} per {parent.qualified} ({fk}) in "
        f"{shape.number or shape.start} order, {how}, within {start}..{end or 'now'}"
    )
    data = {"fk": fk, "parent": parent.qualified, "number": shape.number, "start": shape.start,
            "end": shape.end, "covered": shape.covered, "p_start": start, "p_end": end,
            "count": counted, "slots": slots, "others": others, "happened": happened,
            "carry": carry, "issued": issued, "single": shape.single, "closed": closed,
            "inclusive": shape.single and shape.end is not None
            and ends_inclusive(view.schema, view.table, shape.start, shape.end),
            "cadence": cadence.source_of(view) if shape.covered else None,
            "late": period_chain.late_labels(view) if shape.covered else {},
            "outside": period_chain.numbered_where(view, shape.fk, shape.number)
            if shape.covered else None,
            "renumber": shape.covered and period_chain.counted_here(view, shape.fk, shape.number),
            "bill": (bill_times(view) or {}) if shape.covered else {}, "abut": abut,
            "every": every, "rest": lasts[1] if lasts else None, "renews": renews,
            "apart": apart.attended(view) and not shape.covered and not shape.single,
            "length": list(tally) if tally else None}  # fmt: skip
    if data["apart"]:
        detail += ", days to weeks apart"
    if renews:
        detail += f"; {renews['status']} follows their dates"
    status = [renews["status"]] if renews else []
    if tally:
        detail += f", each after the one before by its {tally[0]}"
    lengths = [tally[0]] if tally else []
    return [Rule("sequence", [*movable, *others, *status, *lengths], detail, data)]


class _State:
    """Per parent row, across batches: the last end laid."""

    def __init__(self) -> None:
        self.last: dict[str, np.ndarray] = {}


def _parent_col(view: TableView, rule: Rule, column: str | None) -> np.ndarray | None:
    rows, nulls = view.parent_rows(rule.data["fk"])
    stored = view.keys.tables.get(rule.data["parent"], {}).get(column or "")
    if rows is None or stored is None:
        return None
    values = np.asarray(stored.values[rows])
    if is_time(stored.kind):
        values = values.astype("datetime64[us]").astype(np.int64)
        return np.where(nulls | stored.nulls[rows], _BIG, values)
    return np.where(nulls | stored.nulls[rows], -1, values.astype(np.float64))


def _groups(parent: np.ndarray, key: np.ndarray, rows: np.ndarray) -> tuple[np.ndarray, ...]:
    """The rows in (parent, key) order, each one's rank in its parent and its parent's size."""
    order = rows[np.lexsort((rows, key[rows], parent[rows]))]
    p = parent[order]
    new = np.r_[True, p[1:] != p[:-1]] if order.size else np.zeros(0, bool)
    first = np.maximum.accumulate(np.where(new, np.arange(order.size), 0))
    rank = np.arange(order.size) - first
    gid = np.cumsum(new) - 1
    size = np.bincount(gid)[gid] if order.size else np.zeros(0, np.int64)
    return order, rank, size, gid, first


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    d = rule.data
    start = batch.get(d["start"])
    end = batch.get(d["end"] or "")
    rows_p, nulls = view.parent_rows(d["fk"])
    p0 = _parent_col(view, rule, d["p_start"])
    if p0 is None and d.get("single") and rows_p is not None and not d["p_start"]:
        p0 = np.full(idx.size, -_BIG // 2)  # a parent without times: the rows' own starts
    if start is None or rows_p is None or p0 is None:
        return
    n = idx.size
    unit = DAY_US if start.kind == "date" else 1
    now = int(clock.run_now(view.config).astype("datetime64[us]").astype(np.int64))
    p1 = _parent_col(view, rule, d["p_end"]) if d["p_end"] else None
    p1 = np.full(n, _BIG) if p1 is None else p1
    p_open = p1 >= _BIG  # a parent still going on (no end yet): its last row may be too
    p1 = np.where(p_open, np.maximum(now, p0 + unit), p1)
    stored = view.keys.tables[d["parent"]].get(d["p_start"])
    if stored is not None and (stored.kind == "date") != (start.kind == "date"):
        p0 = np.where(p0 < _BIG, p0 + DAY_US, p0)
        p1 = p1 - DAY_US
    s_old = as_us(start).astype(np.int64)
    e_old = as_us(end).astype(np.int64) if end is not None else s_old
    lags = _lags(view, rule, batch, e_old, idx)
    tail = np.zeros(n, np.int64)
    for column in d["happened"]:
        if column in lags:
            tail = np.maximum(tail, lags[column] + DAY_US)
        elif column != d["end"] and column in batch:
            at = as_us(batch[column]).astype(np.int64)
            tail = np.maximum(tail, np.where(batch[column].nulls, 0, at - e_old))
    p_end = p1.copy()
    if d["happened"] and not d["count"] and not d.get("single") and d.get("every") is None:
        p1 = np.minimum(p1, now - tail)
    live = ~nulls & (p0 < _BIG) & (p1 > p0)
    number = batch.get(d["number"] or "")
    outside = period_chain.left_out(view, d.get("outside"), batch, n)
    beside = live & outside
    live &= ~outside
    counting = bool(d.get("renumber")) and number is not None
    if not live.any():
        if counting and number is not None:
            scope = ~nulls & ~outside
            period_chain.count_rows(view, rule, number, rows_p, scope, np.zeros(0, np.int64))
        return
    rng = row_rng(view, rule, idx)
    # periods accounted for follow the times the other rules gave them (an open bill the
    # latest), their numbers then counting them in that order
    renumber = counting or (number is not None and d["covered"] and free(view, d["number"]))
    key = number.values.astype(np.int64) if number is not None and not renumber else s_old
    tier = period_chain.status_tiers(d.get("late") or {}, batch, n)
    if tier is not None and not (number is not None and not renumber):
        key = tier * period_chain.TIER + s_old
    order, rank, size, gid, first = _groups(rows_p, key, np.flatnonzero(live))
    state = view.scratch.get(_State)
    parents = len(next(iter(view.keys.tables[d["parent"]].values())).values)
    if counting and number is not None:
        # counted 1, 2, 3 over the rows the key numbers, batch after batch
        period_chain.count_rows(view, rule, number, rows_p, ~nulls & ~outside, order)
    elif renumber and number is not None and order.size:
        counts = number.values[order]
        number.values[order] = counts[np.lexsort((counts, gid))]
    last = state.last.setdefault(rule.columns[0], np.full(parents, -_BIG, np.int64))
    floor = last[rows_p[order]]
    lo = np.maximum(p0[order], np.where(floor > -_BIG, floor + unit, -_BIG))
    hi = p1[order]
    if d.get("renews"):  # terms that renew: the last one begun by now may run past it
        hi = renewal.reach(hi, (e_old - s_old)[order], p_open[order], rng)
    if d["covered"] and unit == DAY_US:  # a period's record comes after it, by now: a row
        # a month or more before its parent's last has that much more room for its own
        hi = np.minimum(p_end[order], hi + (size - 1 - rank) * MONTH_US)
    if gid.size:  # one window per parent: its rows' tightest bounds
        top = np.full(int(gid.max()) + 1, _BIG)
        np.minimum.at(top, gid, hi)
        bottom = np.full(top.size, -_BIG)
        np.maximum.at(bottom, gid, lo)
        lo, hi = bottom[gid], np.maximum(top[gid], bottom[gid] + unit)
    if d["slots"]:
        nth = number.values[order].astype(np.int64) if number else rank
        s_new, e_new = succession.in_slots(d["slots"], rng, nth, lo, hi, unit)
    elif d["count"]:
        s_new, e_new = _cadence(view, rule, order, rank, lo, p0[order]), None
    elif d.get("every") is not None:  # on the parent's cadence label, from its start
        nth = number.values[order].astype(np.int64) if number is not None else rank + 1
        s_new = succession.due_on_cadence(view, d["every"], batch, (n, order), nth, p0[order])
        e_new = None
    elif d.get("single") and end is not None:  # starts kept, each ends as the next begins
        gap = unit if d.get("inclusive") and unit > 1 else 0  # a date's last day: next after
        s_new, e_new = cut(s_old[order], e_old[order], end.nulls[order], (rank, size), now,
                           (unit, gap))  # fmt: skip
        least = shortest_us(view.rules, d["start"], d["end"])  # a shift keeps its hours
        s_new, e_new = kept((s_old[order], e_old[order]), (s_new, e_new), (rank, size), least,
                            (lo, now, gap))  # fmt: skip
    else:
        dur = np.zeros(order.size)
        if end is not None:  # a row without both times takes the batch's typical length
            known = ~start.nulls & ~end.nulls & (e_old > s_old)
            typical = float(np.median((e_old - s_old)[known])) if known.any() else DAY_US
            dur = np.where(known, e_old - s_old, typical)[order]
        elif d.get("length"):  # a count of minutes beside the start: the row's own length
            dur = rest.count_us(batch, d["length"], order)
        runs_on = spill.spills(view, d, p_open[order])  # past now: still to come
        s_new, e_new = _chain(d, rng, dur, (rank, size, gid, first, runs_on), lo, hi, unit)
        e_new = succession.end_to_start(s_new, e_new, gid) if d.get("abut") else e_new
        if d.get("length") and end is None:
            rest.cut_count(batch, d["length"], order, e_new - s_new)
        if d["covered"] and unit == DAY_US and gid.size:  # whole months where they fit
            months, _ = cadence.row_cadences(view, d.get("cadence"), batch, n, rng)
            s_cal, e_cal, fits = period_chain.whole_months(months[order], (rank, size, gid), lo, hi)
            s_new, e_new = np.where(fits, s_cal, s_new), np.where(fits, e_cal, e_new)
    s_new = np.where(floor > -_BIG, np.maximum(s_new, floor + (unit if unit > 1 else 0)), s_new)
    was_open = end.nulls.copy() if end is not None else np.zeros(n, bool)
    held = decided.held_nulls(view, batch, (d["start"], d["end"]), ends=(d["end"],))
    _write(view, rule, batch, order, s_new, e_new, s_old, e_old, lags)
    _under_way(view, rule, batch, order, (rank, size), p_open[order], rng)
    if d.get("renews"):
        renewal.follow(view, d["renews"], batch, order, (d["start"], d["end"]))
    decided.restore(batch, held)
    if d.get("every") is not None:  # what falls due after now is still ahead
        succession.still_ahead(view, batch, order, d["start"], d["happened"], now)
        dues.paid_after_start(batch, order, d["happened"], d["start"], (p0[order], now), rng)
    spill.lay_ahead(view, d, batch, order, lo, rng)
    if d.get("single") and not d.get("closed"):  # closed windows: none stays open
        settle(view, rule, batch, order, (rank, size), was_open)
    ends = e_new if e_new is not None else s_new
    np.maximum.at(last, rows_p[order], ends.astype(np.int64))
    if tier is not None:  # open bills, the parent's latest, were issued lately
        opened = tier[order] == period_chain.OPEN_TIER
        period_chain.open_lately(rule.data.get("bill") or {}, batch, order[opened], now, rng)
    if beside.any():
        period_chain.beside(rule.data, batch, np.flatnonzero(beside), order, rows_p, rng)
    if d["carry"]:
        carried.carry(view, rule.data["carry"], batch, (order, rank, rows_p), parents)
    for planned in view.rules:  # a distance covered over the new duration
        if planned.kind == "pace" and set(planned.columns[1:]) & set(rule.columns):
            pace.RULE.apply(view, planned, batch, idx)


def _under_way(view: TableView, rule: Rule, batch: Batch, order: np.ndarray,
               groups: tuple[np.ndarray, np.ndarray], open_: np.ndarray,
               rng: np.random.Generator) -> None:  # fmt: skip
    """Every row laid out has its times; the last row of a parent still going on may be
    under way (its happened end not yet set), when the end may be NULL."""
    d = rule.data
    start, end = batch[d["start"]], batch.get(d["end"] or "")
    start.nulls[order] = False
    if end is None:
        return
    end.nulls[order] = False
    rank, size = groups
    if end.nullable and d["end"] in d["happened"]:
        going = open_ & (rank == size - 1) & (rng.random(order.size) < 0.5)
        end.nulls[order[going]] = True


def _lags(view: TableView, rule: Rule, batch: Batch, e_old: np.ndarray,
          idx: np.ndarray) -> dict[str, np.ndarray]:  # fmt: skip
    """For periods a thing accounts for: how long after the period's end each time that
    records it (issued, generated) comes: as drawn when a day to ten after it, else a day or
    a few."""
    if not rule.data["covered"]:
        return {}
    rng = view.rng("sequence-lag:" + rule.columns[0], int(idx[0]) if idx.size else 0)
    out = {}
    for column in rule.data["issued"]:
        col = batch.get(column)
        if col is None:
            continue
        after = as_us(col).astype(np.int64) - e_old
        drawn = (DAY_US * (1 + np.minimum(rng.exponential(1.5, e_old.size), 6))).astype(np.int64)
        out[column] = np.where((after > DAY_US) & (after < 10 * DAY_US), after, drawn)
    return out


def _cadence(view: TableView, rule: Rule, order: np.ndarray, rank: np.ndarray, lo: np.ndarray,
             p0: np.ndarray) -> np.ndarray:  # fmt: skip
    """Row n falls n units (months, weeks) after its parent's start."""
    d = rule.data
    step = UNITS[normalise(d["count"]).split("_")[-1]]
    number = view.current_batch().get(d["number"] or "")
    nth = number.values[order].astype(np.int64) if number is not None else rank + 1
    each = np.ones(nth.size, np.int64)
    return succession.periods_after(p0, nth, each * max(-step, 0), each * max(step, 0))


def _chain(d: dict[str, Any], rng: np.random.Generator, dur: np.ndarray,
           groups: tuple[np.ndarray, ...], lo: np.ndarray, hi: np.ndarray,
           unit: int) -> tuple[np.ndarray, np.ndarray]:  # fmt: skip
    """One after another from each row's length: end to start for periods, else with gaps;
    shrunk to fit the window, laid from its start (periods) or spread inside it."""
    rank, size, gid, first, runs_on = groups
    points = d["end"] is None and not d["covered"] and not d.get("apart") and not d.get("length")
    # a point has no length: dated ones share a day where the window is short for them
    dur = np.zeros(dur.size) if points else np.maximum(dur.astype(np.float64), unit)
    if d["covered"] or d.get("abut"):  # end to start: the next begins where this one ends
        gaps = np.zeros(dur.size)
    elif d.get("apart"):  # things attended in a day's hours: the next another day
        gaps = apart.gaps(rng, dur.size)
    elif points:  # points without a length: from the parent's start, apart
        gaps = succession.point_gaps(rng, (hi - lo).astype(np.float64), size, unit)
    elif d.get("rest") is not None:  # a row's own length (a dive): a rest about as long
        gaps = rest.gaps(rng, dur, gid)
    else:
        mean = np.bincount(gid, dur)[gid] / np.maximum(size, 1)
        gaps = np.maximum(rng.exponential(0.25, dur.size) * mean, unit if unit > 1 else 0)
    gaps = np.where((rank == 0) & ~runs_on & ~points, 0.0, gaps)  # spilled: a gap first
    total = np.bincount(gid, dur + gaps)[gid]
    room = (hi - lo).astype(np.float64)
    fit = np.where(total > room * 0.96, room * 0.96 / np.maximum(total, 1), 1.0)
    if d.get("apart"):  # a short window takes in the days between first, the lengths last
        dur, gaps = apart.fitted(dur, gaps, gid, np.where(runs_on, np.inf, room * 0.96))
    elif d.get("rest") is not None and unit == 1:  # the lengths give first, then the rests
        dur, gaps = rest.fitted(dur, gaps, gid, room * 0.96, d["rest"])
    elif unit > 1:  # whole days: a gap of a day stays a day (the next period starts after)
        dur = np.maximum(np.floor(dur * fit / unit), 0 if points else 1) * unit
        least = np.where(fit < 1, 0, 1) if points else 1
        gaps = np.where(gaps > 0, np.maximum(np.floor(gaps * fit / unit), least) * unit, 0.0)
    else:
        dur, gaps = dur * fit, gaps * fit
    steps = dur + gaps
    before = np.cumsum(steps) - steps
    before = before - before[first] + gaps  # from the group's first start to this start
    total = np.bincount(gid, steps)[gid]
    slack = np.maximum(room - total, 0)
    # periods a thing accounts for run from its start (a lease's first rent period begins
    # the day the lease does); rows one at a time reach up to the window's end
    share = (
        renewal.placed(rng, gid)
        if d.get("renews")
        else 0.0
        if d["covered"] or d.get("abut") or points
        else 1.0
        if d.get("single")
        else rng.random(int(gid.max()) + 1 if gid.size else 0)[gid]
    )
    base = lo + (slack * share).astype(np.int64)
    s = base + before.astype(np.int64)
    if unit > 1:
        s = (s // unit) * unit
    return s, s + dur.astype(np.int64) - (unit if d["covered"] and unit > 1 else 0)


def _write(view: TableView, rule: Rule, batch: Batch, order: np.ndarray, s_new: np.ndarray,
           e_new: np.ndarray | None, s_old: np.ndarray, e_old: np.ndarray,
           lags: dict[str, np.ndarray]) -> None:  # fmt: skip
    """The new times into the batch; the row's other times move with its end (or start)."""
    d = rule.data
    n = s_old.size
    now = int(clock.run_now(view.config).astype("datetime64[us]").astype(np.int64))
    s_full = s_old.copy()
    s_full[order] = s_new
    e_full = e_old.copy()
    if e_new is not None:
        e_full[order] = e_new
    rows = np.zeros(n, bool)
    rows[order] = True
    start = batch[d["start"]]
    store(start, s_full.astype("datetime64[us]"), np.flatnonzero(rows))
    end = batch.get(d["end"] or "")
    if end is not None:
        store(end, e_full.astype("datetime64[us]"), np.flatnonzero(rows))
    for column in [] if d.get("single") else d["others"]:  # starts kept: they stay
        col = batch.get(column)
        if col is None:
            continue
        at = as_us(col).astype(np.int64)
        if column in lags:  # recorded once the period ended
            new = e_full + lags[column]
        else:
            new = at + np.where(at >= e_old, e_full - e_old, s_full - s_old)
        store(col, new.astype("datetime64[us]"), np.flatnonzero(rows & ~col.nulls))
        if col.nullable and column in d["happened"]:  # not yet (paid after a later due date)
            col.nulls |= rows & (new > now)


RULE = RowRule(
    "sequence",
    "a parent's numbered rows or periods follow one another inside its window, up to now",
    _plan,
    _apply,
    phases={"sequence": Phase.FINAL},
    after=("within", "period", "pace"),
    before=("counter",),
)
