"""A row that records what became of its parent exists only where the parent's status says it
happened, and happens after the stage it records.

1. A child whose NOT NULL time is named after a done label of its parent's status (a result's
   `resulted_at` under an order's 'resulted', a shipment's `shipped_at` under 'shipped', a
   payment's `paid_at` under 'paid'): its rows reference only parents whose status reached
   that label (status.py's lifecycle: a cancelled or still collected order has no results),
   and while the child's rows last every such parent has one (a resulted order has results).
   Its time falls after the parent's stage times before that label (the order was collected)
   and before those after it (paid before it shipped), by the run's clock.
2. A child whose nullable times are named after its parent's labels (rules/parent_stages.py:
   a booking's stays checked in and out): its rows reference parents that got as far as its
   first stage, not failed, and while the rows last every such parent has one.
3. A child that is the one record of a parent that takes place (a unique key to a parent with
   a lifecycle status and a time it takes place at: an encounter of an appointment, a stay of
   a booking): its parent took place, its status done or under way (vocab/outcomes.py); a row
   whose parent did not (cancelled, a no-show, still scheduled) names none where the key may
   be NULL, else picks among the parents that did (a key drawn freely).
4. A child that records someone being there, many to a parent (vocab/outcomes.PRESENCE: the
   boarding scans of a booking, the gate entries of a ticket, by the table's name or its own
   NOT NULL time's), with no status of its own, under a parent whose lifecycle has a label of
   an event attended (ATTENDED: travelled, used, checked in): its rows reference parents
   that got there, not those cancelled, no-shows or still to come, and while the rows last
   every such parent has one.
5. By default (rules/stage_child.py), a child named like a stage of its parent (an order's
   invoices under `invoiced`) exists from that stage on, one of doing the parent's work (its
   weighbridge tickets) from the stage under way on, not under a parent that ended short; a
   child with a status of its own that ends the way its parent's does (a request's acts both
   `completed`): every done parent has one while the rows last, the rest go anywhere
   (rules/parent_reach.py then labels each by how far its parent got).
6. A log of its parent's start and end (kinds/logged.py: a tenancy's move-ins and move-outs):
   its rows reference parents that began (under way or done), and while the rows last every
   such parent has one (rules/logged.py gives each its start, a done parent's next its end).

A key that meets another of the row's keys at a grandparent (a customer's payment of the
customer's order: fk_meet.py) is picked by that rule, which tries the fit parents first
(`fit_rows`); this rule leaves it there.

Read from the schema (a status column's labels, the children's keys and time columns' names);
no table is named here. Per batch: one mask over the parent's rows, computed once."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.base.batch import factorize
from workbench.generate.base.hashing import skewed_index, stable_hash
from workbench.generate.base.names import normalise
from workbench.generate.base.tables import unique_sets
from workbench.generate.kinds.anchors import anchor_of
from workbench.generate.kinds.logged import logged
from workbench.generate.kinds.occurrence import lifecycle_status, occurs, took_place
from workbench.generate.kinds.windows import window_of
from workbench.generate.rules.base import LinkRule, RowRule, Rule, Stage, free, row_rng
from workbench.generate.rules.meets import generator_meets
from workbench.generate.rules.parent_stages import stage_record
from workbench.generate.rules.partitions import repick
from workbench.generate.rules.stage_child import named_stage, own_ending, work_stage
from workbench.generate.rules.status import canon, lifecycle, plan_stamps
from workbench.generate.rules.times import TIME_KINDS, gap, latest, store, time_stem
from workbench.generate.vocab.outcomes import (
    ATTENDED,
    PRESENCE,
    UNDER_WAY,
    lifecycle_meanings,
    meaning,
)
from workbench.schema.typeinfo import resolve_type

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.links import Links
    from workbench.generate.view import FKUnit, TableView
    from workbench.schema.model import Schema, Table

_TOOK_PLACE = ("done", "steady")
_SCHEMA_TIMES = ("timestamp", "timestamptz", "date")
RECORD_DAYS = 0.5  # the mean gap between the stage before and the record of the next one


@dataclass(frozen=True)
class Status:
    """A table's lifecycle status column, its labels in declared order, and its time columns
    each with how far a row got when it is set (status.plan_stamps: ("reach", position))."""

    column: str
    labels: tuple[str, ...]
    stamps: tuple[tuple[str, float], ...]


def _time_names(schema: Schema, table: Table) -> list[str]:
    return [
        c.name
        for c in table.columns
        if c.generated is None and resolve_type(schema, c.type).kind in _SCHEMA_TIMES
    ]


def status_of(schema: Schema, table: Table) -> Status | None:
    """The table's lifecycle status (the first column named status, state or stage whose
    labels read as a lifecycle), else None."""
    found = lifecycle_status(schema, table)
    if found is None:
        return None
    column, labels = found
    times = {c: time_stem(c) for c in _time_names(schema, table)}
    stamps = tuple(
        (c, float(what)) for c, (how, what) in plan_stamps(labels, times).items() if how == "reach"
    )
    return Status(column, tuple(labels), stamps)


def keep_columns(view: TableView) -> set[str]:
    """A parent's status and its stage times, which its records' rules read."""
    found = status_of(view.schema, view.table)
    if found is None:
        return set()
    return {found.column, *(c for c, _ in found.stamps)}


@dataclass(frozen=True)
class Record:
    """The row's key `fk` to `parent`, whose `status` must be one of `fit`; `cover`: every fit
    parent gets a row while they last; `column`: the row's time named after the label, after
    the parent's times `before`."""

    fk: str
    parent: str
    status: str
    fit: tuple[str, ...]
    cover: bool
    column: str | None = None
    before: tuple[str, ...] = ()
    after: tuple[str, ...] = ()  # the parent's stage times past the label (shipped after paid)
    over: tuple[str, ...] = ()  # the parent's labels of an end: the row's open end is over
    end: str | None = None  # the row's nullable end (NULL: under way)
    early: bool = False  # covered as the keys are filled: a key another meets (a stay's room)
    keyed: bool = False  # unique alone and filled by the unique plan: each parent once
    # a default (rules/stage_child.py): a key that may be NULL names no parent short of the
    # stage; none is picked again, so the keys that meet through it stay
    none_short: bool = False
    rest_free: bool = False  # past the covering rows, a row keeps the parent it drew


def _named_after(view: TableView, found: Status) -> tuple[str, str] | None:
    """(the row's time column, the parent's label) where a NOT NULL time of the row is named
    after a label of the parent's that says a stage was done (vocab/outcomes.DONE: resulted,
    shipped, paid; not an open one, a failure nor a word of no lifecycle)."""
    by_canon = {canon(label): label for label in found.labels if meaning(label) == "done"}
    for name, spec in view.specs.items():
        if spec.kind not in TIME_KINDS or name in view.fk_cols or spec.nullable:
            continue  # a record has its time: one that may be NULL is a state of the row's own
        label = by_canon.get(canon(time_stem(name)))
        if label is not None:
            return name, label
    return None


def _attended(view: TableView, found: Status, fk: str) -> tuple[str, ...]:
    """The parent's labels of an event attended (travelled, used; checked in or out) where the
    row records someone being there (vocab/outcomes.PRESENCE: a scan, a check-in, a visit,
    named by the table or by a NOT NULL time of its own) and holds a key, not unique alone, to
    a parent whose lifecycle has such a label (vocab/outcomes.ATTENDED); () otherwise. A row
    with a lifecycle status of its own says what became of it by itself."""
    labels = list(found.labels)
    if not any(normalise(lb) in ATTENDED for lb in labels) or [fk] in unique_sets(view.table):
        return ()
    words = set(normalise(view.table.name).split("_"))
    for name, spec in view.specs.items():
        if spec.kind in TIME_KINDS and not spec.nullable and name not in view.fk_cols:
            stem = normalise(time_stem(name))
            words |= {stem, *stem.split("_")}
    if not words & PRESENCE or lifecycle_status(view.schema, view.table) is not None:
        return ()
    meanings = lifecycle_meanings(labels) or {}
    there = ATTENDED | UNDER_WAY
    first = next(i for i, lb in enumerate(labels) if normalise(lb) in there)
    return tuple(
        lb for lb in labels[first:] if meanings.get(lb) in _TOOK_PLACE or normalise(lb) in there
    )


def records_of(view: TableView) -> list[Record]:
    """The row's keys to parents whose status says whether the row's event happened."""
    out = []
    own_time = any(s.kind in TIME_KINDS for s in view.specs.values())
    for unit in view.units:
        parent = view.schema.tables.get(unit.parent)
        if parent is None or len(unit.fk.columns) != 1 or unit.parent == view.tp.name:
            continue
        found = status_of(view.schema, parent)
        if found is None:
            continue
        fk = unit.fk.columns[0]
        named = _named_after(view, found)
        if named is not None:
            column, label = named
            reach = lifecycle(list(found.labels))
            fit = tuple(lb for lb in found.labels if reach[lb] >= reach[label] - 1e-9)
            before = tuple(c for c, at in found.stamps if at < reach[label] - 1e-9)
            after = tuple(c for c, at in found.stamps if at > reach[label] + 1e-9)
            anchor = anchor_of(view.schema, parent, view.config)
            if anchor is not None and anchor not in before:
                before = (anchor, *before)
            if len(fit) < len(found.labels):
                out.append(Record(fk, unit.parent, found.column, fit, True, column, before, after))
            continue
        staged = stage_record(view.schema, view.table, unit.fk)  # stays of a checked-out booking
        if staged is not None:
            out.append(Record(fk, unit.parent, staged[0], tuple(staged[1]), True, early=True))
            continue
        attended = _attended(view, found, fk)
        if attended:  # the boarding scans of a travelled booking
            out.append(Record(fk, unit.parent, found.column, attended, True))
            continue
        began = took_place(list(found.labels)) if logged(view.schema, view.table) else ()
        if began and len(began) < len(found.labels):  # the move-ins of tenancies begun
            out.append(Record(fk, unit.parent, found.column, began, True))
            continue
        if unit.nullable and [fk] not in unique_sets(view.table):  # by default (stage_child)
            fit = named_stage(view, list(found.labels)) or work_stage(view, list(found.labels))
            if fit and len(fit) < len(found.labels):  # an order's invoices, its tickets
                out.append(Record(fk, unit.parent, found.column, fit, False, none_short=True))
                continue
        if [fk] not in unique_sets(view.table) and (ends := own_ending(view, list(found.labels))):
            # covered as the keys are filled: the keys that meet through it follow it
            out.append(Record(fk, unit.parent, found.column, ends, True, early=True,
                              rest_free=True))  # fmt: skip
            continue
        meanings = lifecycle_meanings(list(found.labels)) or {}
        if [fk] not in unique_sets(view.table) or not own_time:
            continue
        if not occurs(view.schema, parent, view.config):
            continue
        fit = took_place(list(found.labels))
        over = tuple(lb for lb in found.labels if meanings.get(lb) in _TOOK_PLACE)
        own = window_of(view.schema, view.table, view.config)
        end = None
        if own is not None and not own.validity and view.specs[own.end].nullable:
            end = own.end if free(view, own.end) else None
        if fit and len(fit) < len(found.labels):
            # a key the unique plan fills (each parent once): the parents that took place
            # first, before the keys meet through it (a rental's branch is its booking's)
            keyed = not view.drawn_freely(unit) and unit.mode == "normal"
            record = Record(fk, unit.parent, found.column, fit, False, over=over, end=end)
            out.append(replace(record, early=keyed, keyed=keyed))
    return out


@dataclass
class RecordCache:
    """Per table (scratch): its records, planned on the first batch; per key, the fit mask
    over the parent's rows and the fit rows in the order they are covered."""

    records: list[Record] | None = None
    fit: dict[str, np.ndarray] = field(default_factory=dict)
    cover: dict[str, np.ndarray] = field(default_factory=dict)


def _fit_mask(view: TableView, record: Record, cache: RecordCache) -> np.ndarray | None:
    if record.fk in cache.fit:
        return cache.fit[record.fk]
    held = view.keys.tables.get(record.parent, {}).get(record.status)
    if held is None:
        return None
    labels, codes = factorize(np.asarray(held.values))
    flags = np.array([str(label) in record.fit for label in labels], dtype=bool)
    mask = flags[codes] & ~held.nulls if codes.size else np.zeros(0, bool)
    cache.fit[record.fk] = mask
    return mask


def _records(view: TableView) -> list[Record]:
    cache = view.scratch.get(RecordCache)
    if cache.records is None:
        cache.records = records_of(view)
    return cache.records


def fit_rows(view: TableView, unit: FKUnit) -> np.ndarray | None:
    """For a key of a record: which of its parent's rows say the record's event happened
    (None for any other key)."""
    key = ",".join(unit.fk.columns)
    record = next((r for r in _records(view) if r.fk == key), None)
    if record is None or record.rest_free:  # past its covering rows, any parent
        return None
    return _fit_mask(view, record, view.scratch.get(RecordCache))


def cover_first(
    view: TableView, unit: FKUnit, idx: np.ndarray
) -> tuple[np.ndarray, np.ndarray] | None:
    """For a record's key that covers its fit parents: the fit parent each of the table's
    first rows takes, one each in an order drawn once, and which rows of the batch are among
    them; None for any other key. For a rule that picks the key itself (fk_meet.py: a
    shipment in its order's currency still ships each shipped order)."""
    key = ",".join(unit.fk.columns)
    record = next((r for r in _records(view) if r.fk == key and r.cover), None)
    cache = view.scratch.get(RecordCache)
    fit = _fit_mask(view, record, cache) if record is not None else None
    if fit is None or not fit.size:
        return None
    name = f"first:{key}"
    if name not in cache.cover:
        _, valid = view.parent_keys(unit)
        rng = view.rng(f"happened-cover:{key}", 0)
        cache.cover[name] = rng.permutation(valid[fit[valid]])
    order = cache.cover[name]
    if not order.size:
        return None
    return order[np.minimum(idx, order.size - 1)], idx < order.size


def keep_records(view: TableView, links: Links, batch: Batch, idx: np.ndarray) -> None:
    _keep(view, links, batch, idx, False)


def cover_early(view: TableView, links: Links, batch: Batch, idx: np.ndarray) -> None:
    """The records covered before the keys meet: a stay's booking first, then its room
    picked among the booking's hotel's."""
    _keep(view, links, batch, idx, True)


def _keep(view: TableView, links: Links, batch: Batch, idx: np.ndarray, early: bool) -> None:
    cache = view.scratch.get(RecordCache)
    records = [r for r in _records(view) if r.early == early]
    if not records or not idx.size:
        return
    hops = {id(hop) for _, hop, _ in generator_meets(view)}
    for record in records:
        unit = view.fk_cols.get(record.fk)
        rows, nulls = view.parent_rows(record.fk)
        fit = _fit_mask(view, record, cache)
        if unit is None or rows is None or fit is None or not fit.size:
            continue
        if record.keyed:  # before the keys meet: what meets through it follows
            rows, nulls = _fit_first(view, links, batch, idx, unit, record, cache, fit)
            _close(view, batch, record, rows, nulls)
            continue
        if record.none_short:  # a default: a key that may be NULL names none short of it;
            # no parent picked again (the keys that meet through it stay)
            _none_short(view, links, batch, idx, unit, rows, nulls, fit)
            continue
        if id(unit) in hops:  # picked by the meet (fit parents first): it stays
            _close(view, batch, record, rows, nulls)
            continue
        if record.rest_free:  # only the covering rows are picked again
            if view.drawn_freely(unit) and not view.numbered(unit):
                _cover(view, links, batch, idx, unit, record, cache, fit)
            continue
        if record.cover and view.drawn_freely(unit) and not view.numbered(unit):
            _cover(view, links, batch, idx, unit, record, cache, fit)
        elif view.drawn_freely(unit) and not view.numbered(unit):
            repick(view, links, batch, unit, ~fit, "happened:")
        elif unit.nullable:
            source, _ = view.parent_keys(unit)
            gone = ~nulls & ~fit[rows]
            if gone.any():
                links.assign(batch, unit, rows, idx.size, nulls | gone, source)
                nulls = nulls | gone
        _close(view, batch, record, rows, nulls)


def _close(
    view: TableView, batch: Batch, record: Record, rows: np.ndarray, nulls: np.ndarray
) -> None:
    """A row still under way (its end NULL) whose parent is over has ended too: an encounter of
    a completed appointment is not open months later (the span rule then draws its end)."""
    end = batch.get(record.end or "")
    held = view.keys.tables.get(record.parent, {}).get(record.status)
    if end is None or held is None or not record.over:
        return
    labels = np.asarray(held.values[rows]).astype(str)
    over = ~nulls & ~held.nulls[rows] & np.isin(labels, list(record.over))
    end.nulls[over] = False


def _none_short(
    view: TableView,
    links: Links,
    batch: Batch,
    idx: np.ndarray,
    unit: FKUnit,
    rows: np.ndarray,
    nulls: np.ndarray,
    fit: np.ndarray,
) -> np.ndarray:
    """A key that may be NULL picked to a parent short of the record's stage names none."""
    source, _ = view.parent_keys(unit)
    gone: np.ndarray = ~nulls & ~fit[rows]
    out: np.ndarray = nulls | gone
    if gone.any():
        links.assign(batch, unit, rows, idx.size, out, source)
    return out


def _cover(
    view: TableView,
    links: Links,
    batch: Batch,
    idx: np.ndarray,
    unit: FKUnit,
    record: Record,
    cache: RecordCache,
    fit: np.ndarray,
) -> None:
    """The first rows of the table take each fit parent once (in an order drawn once), the
    rest keep a fit parent they picked, else one drawn Zipf-like among the fit."""
    rows, nulls = view.parent_rows(record.fk)
    assert rows is not None
    source, valid = view.parent_keys(unit)
    fits = valid[fit[valid]]
    if not fits.size:
        return
    if record.fk not in cache.cover:
        order = view.rng(f"happened-cover:{record.fk}", 0).permutation(fits.size)
        cache.cover[record.fk] = fits[order]
    covering = cache.cover[record.fk]
    rows = rows.copy()
    nulls = nulls.copy()
    first = idx < covering.size
    rows[first] = covering[idx[first]]
    nulls[first] = False
    wrong = ~first & (nulls | ~fit[rows]) if not unit.nullable else ~first & ~nulls & ~fit[rows]
    wrong &= not record.rest_free
    if wrong.any():
        rng = view.rng(f"happened:{record.fk}", int(idx[0]))
        salt = stable_hash(unit.parent)
        rows[wrong] = fits[skewed_index(rng, fits.size, int(wrong.sum()), salt=salt)]
        nulls[wrong] = False
    links.assign(batch, unit, rows, idx.size, nulls, source)


def _fit_first(
    view: TableView,
    links: Links,
    batch: Batch,
    idx: np.ndarray,
    unit: FKUnit,
    record: Record,
    cache: RecordCache,
    fit: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """A key unique alone: row i of the table takes the i-th parent of an order drawn once,
    the parents that took place first (each once, as the unique plan had them); past them a
    key that may be NULL names none (a walk-in's encounter), else the others follow (a table
    sized past them: plan/roles.py sizes it to their expected share)."""
    source, valid = view.parent_keys(unit)
    if record.fk not in cache.cover:
        rng = view.rng(f"happened-first:{record.fk}", 0)
        fits, rest = valid[fit[valid]], valid[~fit[valid]]
        rest = rest[:0] if unit.nullable else rng.permutation(rest)
        cache.cover[record.fk] = np.concatenate([rng.permutation(fits), rest])
    order = cache.cover[record.fk]
    rows, nulls = view.parent_rows(record.fk)
    assert rows is not None
    inside = idx < order.size
    rows = np.where(inside, order[np.minimum(idx, max(order.size - 1, 0))], rows)
    nulls = (nulls | unit.nullable) & ~inside
    links.assign(batch, unit, rows, idx.size, nulls, source)
    return rows, nulls


# --- the record's time -----------------------------------------------------------------------


def _plan_time(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    out = []
    for record in records_of(view):
        if record.column is None or not free(view, record.column):
            continue
        shown = ", ".join(record.before)
        detail = f"{record.column} after {record.parent.rsplit('.', 1)[-1]}'s {shown}, by now"
        data = {"fk": record.fk, "parent": record.parent, "before": list(record.before),
                "after": list(record.after)}  # fmt: skip
        out.append(Rule("record_time", [record.column], detail, data))
    return out


def _apply_time(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    col = batch.get(rule.columns[0])
    rows, nulls = view.parent_rows(rule.data["fk"])
    if col is None or rows is None:
        return
    stored = view.keys.tables.get(rule.data["parent"], {})
    nat = np.datetime64("NaT", "us")
    floor = np.full(rows.size, nat)
    for column in rule.data["before"]:
        held = stored.get(column)
        if held is None:
            continue
        at = np.asarray(held.values[rows]).astype("datetime64[us]")
        if held.kind == "date" and col.kind != "date":
            at = at + np.timedelta64(1, "D")  # a day long: the record falls after it
        at = np.where(nulls | held.nulls[rows], nat, at)
        floor = np.where(np.isnat(floor) | (at > floor), at, floor)
    last = np.full(rows.size, latest(col, clock.run_now(view.config).astype("datetime64[us]")))
    for column in rule.data.get("after", ()):  # the stages after it came later (shipped)
        held = stored.get(column)
        if held is None:
            continue
        at = np.asarray(held.values[rows]).astype("datetime64[us]")
        at = np.where(nulls | held.nulls[rows] | (at < floor), nat, at)
        last = np.where(~np.isnat(at) & (at < last), at, last)
    known = ~np.isnat(floor) & ~col.nulls & (floor <= last)
    if not known.any():
        return
    rng = row_rng(view, rule, idx)
    made = floor + gap(rng, rows.size, RECORD_DAYS)
    room = np.maximum((last - floor).astype(np.int64), 0)
    spread = floor + (rng.random(rows.size) * room).astype(np.int64).astype("timedelta64[us]")
    made = np.where(made > last, spread, made)
    store(col, made, np.flatnonzero(known))


EARLY = LinkRule(
    "parents that got as far",
    "a row of a parent's stages references one that got as far, every such parent one",
    Stage.KEYS,
    cover_early,
    after=("document holders",),
    before=("keys that meet",),
)
RULE = LinkRule(
    "parents that happened",
    "a record of what became of a parent references one whose status says it happened",
    Stage.ROWS,
    keep_records,
    after=("paid orders",),
)
TIME = RowRule(
    "record_time",
    "a record of a parent's stage falls after the parent's stages before it, by now",
    _plan_time,
    _apply_time,
    after=("after_parent",),
    before=("after_anchor",),
)
