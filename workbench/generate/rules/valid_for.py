"""A row with no time of its own uses a thing valid over a period at the time of what it
belongs to: a ticket line's price list is one valid on the day the order's concert starts,
a line's tariff one in force when its order is delivered. The row's key to the thing with a
window of validity (kinds/windows.py: valid_from / valid_to) is picked among that thing's
rows valid at the time another key of the row reaches: its parent's time of use
(kinds/windows.used_at), or where that only says when the parent was written or arranged
(an order's created_at: lexicon.record_time, anchors.arranged_before), the time of use of
the parent's parent it is for (the concert's start), along keys that may not be NULL.

Where the thing and the time's row both have a key to one table (a price list's hall, a
concert's hall), the pick is one of that table's row too: the price list is the hall's. A row
for whose time no row of that table is valid names none where its key may be NULL (a guest's
green fee where the course has no rate that day), else takes one valid then of any, unless
its pick is of that row already and the key meets others at a scope (rules/site_meet.py: that
meet stays); where none is valid then, it keeps its free pick. A thing labelled by the kind
of day it applies on (kinds/day_kinds.py: weekday, weekend, any) is one whose label holds the
day of the week of the time, on the row's place's clock (rules/local_time.py). Only a key
drawn freely that no UNIQUE, CHECK or sandbox.toml holds (valid_then.free_to_repick), or the
second key of a link whose unique key is the pair alone, at a time on its other parent itself
(a sitting's ink lots, a round's drug batches: the unique plan built the pair): picked again
the same way, a pair another row of the batch holds drawn again (a few draws), else taking
its own pick back (throughout.unrepeat), and the key checked per batch (constraints/unique:
a pair an earlier batch took is repaired).

Per table: the time and the owner each parent row of the other key reaches, found once; per
batch one draw per row among the thing's rows of that owner (valid_then.choose)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.runs import lookup
from workbench.generate.base.sqltree import columns_of
from workbench.generate.base.tables import partition_root, unique_sets
from workbench.generate.kinds.anchors import anchor_of, arranged_before
from workbench.generate.kinds.day_kinds import WEEK, day_labels, day_masks
from workbench.generate.kinds.meets import Way, chains
from workbench.generate.kinds.terms import early_end
from workbench.generate.kinds.windows import (
    Window,
    booking_window,
    period_of,
    time_of_use,
    used_at,
    window_of,
)
from workbench.generate.rules.base import LinkRule, Stage
from workbench.generate.rules.local_time import offsets, place_of, zoned, zones_of
from workbench.generate.rules.meets import reach_along
from workbench.generate.rules.path_meet import linked_pair
from workbench.generate.rules.placement import placed_codes
from workbench.generate.rules.site_meet import meeting_keys
from workbench.generate.rules.throughout import unrepeat
from workbench.generate.rules.times import DAY_US, as_us
from workbench.generate.rules.used_then import event_supplied, event_took_place
from workbench.generate.rules.valid_then import bounds, choose, free_to_repick, group_member

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.links import Links
    from workbench.generate.view import FKUnit, TableView
    from workbench.schema.model import Schema, Table

_BIG = np.iinfo(np.int64).max // 4
EVERY_DAY = sum(1 << d for d in WEEK)
_NOBODY = np.iinfo(np.int64).min  # an owner code no row wants
_REDRAWS = 8  # draws again of a link's pair another row of the batch holds
LEAD_US = 365 * DAY_US  # how long ahead a thing with no opening of its sale is arranged


@dataclass(frozen=True)
class ValidFor:
    """The row's `key` to `parent` (valid from `start` to `end`) is picked among the parent's
    rows valid at the time `when` reaches: from the row's key `through`, the way of keys
    (table, column) hop by hop ending at the time column. `owner`: the parent's key to a
    table, and the way from `through`'s parent to the time row's key to that table."""

    key: str
    parent: str
    start: str
    end: str
    through: str
    when: Way
    owner: tuple[str, Way] | None = None
    # a thing that takes place (a concert: kinds/windows.booking_window), the parent's own or
    # that of its table `ancestor` the parent's key `via` (to `via_ref`) names: what is
    # arranged for it (an order's line's price tier) is arranged before it, while on sale
    ancestor: str = ""
    via: tuple[str, str] | None = None


def _single(table: Table) -> list[tuple[str, str, str]]:
    """(column, referenced table, referenced column) of each single-column foreign key."""
    return [
        (fk.columns[0], fk.ref_qualified, fk.ref_columns[0])
        for fk in table.foreign_keys
        if len(fk.columns) == 1 and len(fk.ref_columns) == 1
    ]


def _time_of_use(schema: Schema, table: Table, view: TableView) -> str | None:
    """When a row of `table` is used (kinds/windows.time_of_use)."""
    return time_of_use(schema, table, view.config)


def _when(view: TableView, through: str, parent: str) -> tuple[Way, str] | None:
    """The way from the key's parent to the nearest time of use (the parent's own, else
    along its keys that may not be NULL), and the table holding it."""
    schema = view.schema
    start = schema.tables.get(parent)
    if start is None:
        return None
    own = _time_of_use(schema, start, view)
    if own is not None:
        return ((parent, own),), parent
    home = partition_root(schema, view.table.qualified)
    found: list[tuple[int, Way, str]] = []
    for _, ref, way, step in chains(schema, parent, home):
        model = schema.tables.get(ref)
        column = _time_of_use(schema, model, view) if model is not None else None
        if column is not None and ref != parent:
            found.append((step, (*way, (ref, column)), ref))
    if not found:
        return None
    nearest = [f for f in found if f[0] == found[0][0]]
    return (nearest[0][1], nearest[0][2]) if len(nearest) == 1 else None


def plan(view: TableView) -> list[ValidFor]:
    """The keys to a thing valid over a period that a row with no time of its own uses at
    the time another of its keys reaches (see the module's words)."""
    schema = view.schema
    table = view.table
    if used_at(schema, table, view.config) is not None:
        return []  # a row with a time of its own: rules/within.py and valid_then.py
    keys = [(c, partition_root(schema, r), rc) for c, r, rc in _single(table)]
    out = []
    for column, parent, _ in keys:
        model = schema.tables.get(parent)
        window = window_of(schema, model, view.config) if model is not None else None
        if model is not None and (window is None or not window.validity):
            out += _arranged(view, keys, column, model)
        if model is None or window is None or not window.validity:
            continue
        found: list[ValidFor] = []
        for through, other, _ in keys:
            spec = table.column(through)
            if other in (parent, table.qualified) or spec is None or spec.nullable:
                continue
            reached = _when(view, through, other)
            if reached is None or parent in {t for t, _ in reached[0]}:
                continue
            way, at = reached
            owner = _owner(schema, model, way, at)
            found.append(ValidFor(column, parent, window.start, window.end, through, way, owner))
        # an event's time before the start of a period a row accounts for (a statement's),
        # and the time of the row that shares an owner with the thing (a claim line's
        # donation and declaration, both a supporter's) before another key's
        out += sorted(found, key=lambda use: (_accounts(view, use.when), use.owner is None))[:1]
    return out


def _arranged(
    view: TableView, keys: list[tuple[str, str, str]], column: str, model: Table
) -> list[ValidFor]:
    """The key to a thing arranged for something that takes place (a line's price tier of a
    concert), the row's other parent (its order) arranged at a time of its own (`placed_at`:
    anchors.arranged_before): the thing is one whose event's sale was open then and that had
    not yet taken place (kinds/windows.booking_window), on the parent itself or on its parent
    along a key that may not be NULL."""
    schema, found = view.schema, _booked(view, model)
    if found is None:
        return []
    ancestor, via, window = found
    for through, other, _ in keys:
        spec = view.table.column(through)
        held = schema.tables.get(other)
        if spec is None or spec.nullable or held is None:
            continue
        if other in (model.qualified, view.table.qualified, ancestor):
            continue
        at = anchor_of(schema, held, view.config)
        if at is not None and arranged_before(at):
            use = ValidFor(column, model.qualified, window.start, window.end, through,
                           ((other, at),), None, ancestor, via)  # fmt: skip
            return [use]
    return []


def _booked(view: TableView, model: Table) -> tuple[str, tuple[str, str] | None, Window] | None:
    """(the table, the key to it, the window) of the thing that takes place the parent is
    for: the parent itself, else the parent's parent along a key that may not be NULL."""
    own = booking_window(view.schema, model, view.config)
    if own is not None:
        return model.qualified, None, own
    for via, ref, ref_column in _single(model):
        spec = model.column(via)
        grand = view.schema.tables.get(partition_root(view.schema, ref))
        if spec is None or spec.nullable or grand is None or grand.qualified == model.qualified:
            continue
        window = booking_window(view.schema, grand, view.config)
        if window is not None:
            return grand.qualified, (via, ref_column), window
    return None


def _booked_bounds(view: TableView, use: ValidFor) -> tuple[np.ndarray, np.ndarray] | None:
    """Each parent row's first and last time a thing may be arranged for its event: from
    the opening of its sale (else `LEAD_US` before it), before it takes place (or its sale
    closes); unbounded where the event is not known."""
    stored = view.keys.tables.get(use.ancestor, {})
    ends = stored.get(use.end)
    begins = stored.get(use.start) if use.start else None
    if ends is None or (use.start and begins is None):
        return None
    last = np.where(ends.nulls, _BIG, as_us(ends).astype(np.int64) - 1)
    first = last - LEAD_US
    if begins is not None:
        first = np.where(begins.nulls, first, as_us(begins).astype(np.int64))
    first = np.where(ends.nulls, -_BIG, first)
    if use.via is None:
        return first, last
    held = view.keys.tables.get(use.parent, {}).get(use.via[0])
    target = stored.get(use.via[1])
    if held is None or target is None:
        return None
    rows, found = lookup(target, np.asarray(held.values))
    known = found & ~held.nulls
    return np.where(known, first[rows], -_BIG), np.where(known, last[rows], _BIG)


def _accounts(view: TableView, way: Way) -> bool:
    """Whether the way ends at the start of a period its row accounts for (a statement's
    period_start: kinds/windows.period_of), not at the time of an event."""
    table, column = way[-1]
    model = view.schema.tables.get(table)
    period = period_of(view.schema, model, view.config) if model is not None else None
    return period is not None and column in period


def _owner(schema: Schema, parent: Table, way: Way, at: str) -> tuple[str, Way] | None:
    """The parent's key to a table the time's row has one key to as well (a price list's hall,
    a concert's hall): (the parent's column, the way to the time row's column)."""
    model = schema.tables.get(at)
    if model is None:
        return None
    theirs: dict[str, list[str]] = {}
    for column, ref, _ in _single(model):
        theirs.setdefault(partition_root(schema, ref), []).append(column)
    for column, ref, _ in _single(parent):
        ref = partition_root(schema, ref)
        if ref in (parent.qualified, at) or len(theirs.get(ref, [])) != 1:
            continue
        return column, (*way[:-1], (at, theirs[ref][0]))
    # else by one key of the time's row and that row's one key (a milk price's country, a
    # collection's farm's country), where no other of its keys leads there
    for column, ref, _ in _single(parent):
        ref = partition_root(schema, ref)
        if ref in (parent.qualified, at) or ref in theirs:
            continue
        hops = [
            (hop, step.qualified, further)
            for hop, hop_ref, _ in _single(model)
            if (step := schema.tables.get(partition_root(schema, hop_ref))) is not None
            and step.qualified not in (parent.qualified, at)
            for further, far, _ in _single(step)
            if partition_root(schema, far) == ref
        ]
        if len(hops) == 1:
            hop, step_name, further = hops[0]
            return column, (*way[:-1], (at, hop), (step_name, further))
    return None


def repicked_keys(view: TableView) -> list[set[str]]:
    """The columns of the pairs this rule may pick again where a unique key built them
    (checked per batch, constraints/unique: a pair an earlier batch took is repaired)."""
    return [{use.key, use.through} for use in plan(view)]


def _pair_repickable(view: TableView, use: ValidFor, unit: FKUnit, through: FKUnit | None) -> bool:
    """A key the unique plan built with the row's other key, every unique key holding it
    made of the pair alone (a link's primary key), the time the other parent's own, no
    CHECK, numbering or sandbox.toml holding it, not a group's member (valid_then.
    group_member), no group a placement chose for it
    (rules/placement.py) and, where the pair meets along two paths, an owner that
    keeps the meet: picked again, the pair kept unique (see the module's words)."""
    if through is None or unit.mode != "normal" or view.drawn_freely(unit):
        return False
    if group_member(view, unit):
        return False
    if view.numbered(unit) or view.numbered(through):
        return False
    mine, pair = set(unit.fk.columns), {*unit.fk.columns, *through.fk.columns}
    if len(use.when) != 1 or placed_codes(view, use.key) is not None:
        return False  # the time not the other parent's own; a group a placement chose
    if pair == linked_pair(view.schema, view.table) and use.owner is None:
        return False  # the pair meets along two paths (rules/path_meet.py) no owner keeps
    if any(mine & set(key) and not set(key) <= pair for key in unique_sets(view.table)):
        return False
    checked = {c for _, tree in view.checks for c in columns_of(tree)}
    section = view.section
    for column in unit.fk.columns:
        override = section.columns.get(column) if section is not None else None
        if column in checked or (override is not None and (override.copy_from or override.derive)):
            return False
    return True


def _repeated(held: np.ndarray, chosen: np.ndarray) -> np.ndarray:
    """The rows whose (other key, pick) pair another row of the batch holds too."""
    pair = held.astype(np.int64) * (int(chosen.max(initial=0)) + 1) + chosen
    _, inverse, counts = np.unique(pair, return_inverse=True, return_counts=True)
    return counts[inverse.reshape(-1)] > 1


@dataclass
class ValidForCache:
    """Per table (scratch): the keys planned on the first batch; per key, each parent row's
    window and owner code, and each row of the other key's parent its time and owner code."""

    planned: list[ValidFor] | None = None
    found: dict[str, tuple[np.ndarray, ...] | None] = field(default_factory=dict)
    supplied: dict[str, np.ndarray | None] = field(default_factory=dict)


def _supplied(view: TableView, unit: FKUnit, found: tuple[np.ndarray, ...]) -> np.ndarray | None:
    """Per row of the other key's parent (the event), whether a thing of its owner was in
    force at its time (or it has no time or owner to judge by); None where the things are
    labelled by kinds of day (their day of the week is the row's place's)."""
    first, last, ours, when_us, missing, theirs, masks = found
    if (masks != EVERY_DAY).any():
        return None
    _, valid = view.parent_keys(unit)
    valid = valid[first[valid] < _BIG]
    rng = view.rng(f"valid-for-supplied:{','.join(unit.fk.columns)}", 0)
    got = choose(ours, valid, theirs, when_us, (first, last), rng) >= 0
    return np.asarray(got | missing | (theirs < 0), bool)


def _codes(*columns: tuple[np.ndarray, np.ndarray]) -> list[np.ndarray]:
    """One integer code per value, shared across the columns (-1 where NULL)."""
    values = np.concatenate([np.asarray(v).astype(str) for v, _ in columns])
    _, inverse = np.unique(values, return_inverse=True)
    out, at = [], 0
    for v, nulls in columns:
        part = inverse.reshape(-1)[at : at + len(v)].astype(np.int64)
        out.append(np.where(nulls, -1, part))
        at += len(v)
    return out


def _found(view: TableView, use: ValidFor) -> tuple[np.ndarray, ...] | None:
    """(first, last, owner code) per parent row; (time, time missing, owner code) per row of
    the other key's parent; None where a column on the way is not kept."""
    stored = view.keys.tables.get(use.parent, {})
    if any(column not in view.keys.tables.get(at, {}) for at, column in use.when):
        return None
    when_table, when_column = use.when[-1]
    kind = view.keys.tables[when_table][when_column].kind
    begins, ends = stored.get(use.start), stored.get(use.end)
    booked = _booked_bounds(view, use) if use.ancestor else None
    if booked is not None:
        first, last = booked
    elif begins is None or ends is None:
        return None
    else:
        first, last = bounds(begins, ends, kind)
    model = view.schema.tables.get(use.parent)
    cut = early_end(view.schema, model, use.start, use.end) if model and not booked else None
    ended = stored.get(cut) if cut is not None else None
    if ended is not None:  # in force up to its early end (a declaration cancelled)
        _, before = bounds(begins, ended, kind)
        last = np.minimum(last, np.where(ended.nulls, _BIG, before - 1))
    when, missing = reach_along(view, use.when)
    stamps = np.asarray(when).astype("datetime64[us]").astype(np.int64)
    when_us = np.where(missing, 0, stamps)
    size = first.size
    theirs = np.zeros(when_us.size, np.int64)
    ours = np.zeros(size, np.int64)
    if use.owner is not None:
        column, way = use.owner
        mine = stored.get(column)
        if mine is not None and all(c in view.keys.tables.get(t, {}) for t, c in way):
            reached, reached_nulls = reach_along(view, way)
            ours, theirs = _codes((mine.values, mine.nulls), (reached, reached_nulls))
    return first, last, ours, when_us, missing, theirs, _masks(view, use.parent, size)


def _masks(view: TableView, parent: str, size: int) -> np.ndarray:
    """Each parent row's days of the week as a bit mask (kinds/day_kinds.py: a weekend rate
    holds Saturday and Sunday), every day where it has no such label or it is not kept."""
    model = view.schema.tables.get(parent)
    found = day_labels(view.schema, model) if model is not None else None
    held = view.keys.tables.get(parent, {}).get(found[0]) if found is not None else None
    if found is None or held is None:
        return np.full(size, EVERY_DAY, np.int64)
    masks = day_masks(list(held.values), list(np.asarray(held.nulls, bool)), found[1])
    return np.asarray(masks, np.int64)


def _on_day(owners: np.ndarray, masks: np.ndarray, day: int) -> np.ndarray:
    """The owner codes with the parent rows whose days miss `day` owned by nobody."""
    return np.where((masks >> day) & 1 == 1, owners, _NOBODY)


def _choose_by_day(
    owners: np.ndarray,
    masks: np.ndarray,
    valid: np.ndarray,
    wanted: np.ndarray,
    when: tuple[np.ndarray, np.ndarray],
    window: tuple[np.ndarray, np.ndarray],
    rng: np.random.Generator,
) -> np.ndarray:
    """valid_then.choose among the parent rows whose days hold the day of each row's time
    (`when`: the times, and their days of the week where they are)."""
    times, days = when
    if (masks == EVERY_DAY).all():
        return choose(owners, valid, wanted, times, window, rng)
    out = np.full(wanted.size, -1, np.int64)
    for day in np.unique(days):
        rows = np.flatnonzero(days == day)
        ours = _on_day(owners, masks, int(day))
        out[rows] = choose(ours, valid, wanted[rows], times[rows], window, rng)
    return out


def _weekdays(view: TableView, use: ValidFor, batch: Batch, t: np.ndarray) -> np.ndarray:
    """The day of the week (0 Monday … 6 Sunday) of each row's time where the row is (its
    place's time zone, rules/local_time.py: a tee time in its club's), for an instant."""
    local = t
    table, column = use.when[-1]
    if zoned(view.schema, table, column):
        zones = zones_of(view, place_of(view), batch, t.size)
        local = t + offsets(zones, t.astype("datetime64[us]"))
    return np.asarray((local // DAY_US + 3) % 7, np.int64)  # 1970-01-01 was a Thursday


def keep_valid_for(view: TableView, links: Links, batch: Batch, idx: np.ndarray) -> None:
    cache = view.scratch.get(ValidForCache)
    if cache.planned is None:
        cache.planned = plan(view)
    if not cache.planned or not idx.size:
        return
    for use in cache.planned:
        unit = view.fk_cols.get(use.key)
        if unit is None:
            continue
        other = view.fk_cols.get(use.through)
        keyed = _pair_repickable(view, use, unit, other)
        if not keyed and not free_to_repick(view, unit):
            continue
        if other is not None and (keyed or free_to_repick(view, other)):
            event_took_place(view, links, batch, idx, (use.through, use.key))  # rules/used_then.py
        picked, nulls = view.parent_rows(use.key)
        through, through_nulls = view.parent_rows(use.through)
        if picked is None or through is None:
            continue
        if use.key not in cache.found:
            cache.found[use.key] = _found(view, use)
        found = cache.found[use.key]
        if found is None:
            continue
        if other is not None and (keyed or free_to_repick(view, other)):
            if use.key not in cache.supplied:
                cache.supplied[use.key] = _supplied(view, unit, found)
            supplied = cache.supplied[use.key]
            if supplied is not None:  # rules/used_then.py: an event that had one at hand
                event_supplied(view, links, batch, idx, (use.through, use.key), supplied)
                through, through_nulls = view.parent_rows(use.through)
                if through is None:
                    continue
        first, last, ours, when_us, missing, theirs, masks = found
        t = when_us[through]
        known = ~nulls & ~through_nulls & ~missing[through]
        wanted = theirs[through]
        fits = (first[picked] <= t) & (t <= last[picked]) & (first[picked] < _BIG)
        days = _weekdays(view, use, batch, t) if (masks != EVERY_DAY).any() else np.zeros_like(t)
        fits &= (masks[picked] >> days) & 1 == 1  # its day of the week
        bad = known & ~(fits & ((wanted < 0) | (ours[picked] == wanted)))
        if not bad.any():
            continue
        source, valid = view.parent_keys(unit)
        valid = valid[first[valid] < _BIG]  # a parent never in force is no choice
        rows = np.flatnonzero(bad)
        rng = view.rng(f"valid-for:{use.key}", int(idx[0]))
        at = (t[rows], days[rows])
        chosen = _choose_by_day(ours, masks, valid, wanted[rows], at, (first, last), rng)
        # no row of the owner valid then: one valid then of any, unless the pick is of the
        # owner already (a meet another rule keeps stays)
        lacking = chosen < 0
        if use.key in meeting_keys(view):
            lacking &= (wanted[rows] < 0) | (ours[picked[rows]] != wanted[rows])
        if unit.nullable and use.owner is not None and not keyed:
            # a key that may be NULL names none where its owner has none in force then (a
            # guest's green fee where the course has no rate for that day): not another's
            unused = (chosen < 0) & (wanted[rows] >= 0)
            nulls = nulls.copy()
            nulls[rows[unused]] = True
            lacking &= ~unused
        if lacking.any():
            anyone = np.zeros(ours.size, np.int64)
            again = _choose_by_day(
                anyone,
                masks,
                valid,
                np.zeros(int(lacking.sum()), np.int64),
                (at[0][lacking], at[1][lacking]),
                (first, last),
                rng,
            )
            chosen[lacking] = again
        got = chosen >= 0
        repick = picked.copy()
        repick[rows[got]] = chosen[got]
        if keyed:
            _unrepeated(
                view, use, (through, picked, repick), (first, last, ours, wanted, t, valid), rng
            )
        links.assign(batch, unit, repick, idx.size, nulls, source)


def _unrepeated(
    view: TableView,
    use: ValidFor,
    pairs: tuple[np.ndarray, np.ndarray, np.ndarray],
    pool: tuple[np.ndarray, ...],
    rng: np.random.Generator,
) -> None:
    """A link's new pick whose pair another row of the batch holds draws again among the
    thing's rows valid then (of the owner, then of any where the meet allows it, as a first
    pick does), else takes its own pick back: the pairs stay unique, as the plan built them."""
    held, picked, repick = pairs
    first, last, ours, wanted, t, valid = pool
    scoped = use.key in meeting_keys(view)
    anyone = np.zeros(ours.size, np.int64)
    for attempt in range(_REDRAWS):
        rows = np.flatnonzero(_repeated(held, repick) & (repick != picked))
        if not rows.size:
            break
        wants, when = wanted[rows], t[rows]
        free = np.zeros(rows.size, bool)
        if attempt >= _REDRAWS // 2:  # then one valid then of any, where the meet allows
            free = (wants < 0) | (ours[picked[rows]] != wants) | (not scoped)
        drawn = np.full(rows.size, -1, np.int64)
        drawn[~free] = choose(ours, valid, wants[~free], when[~free], (first, last), rng)
        lone = np.zeros(int(free.sum()), np.int64)
        drawn[free] = choose(anyone, valid, lone, when[free], (first, last), rng)
        repick[rows] = np.where(drawn >= 0, drawn, picked[rows])
    unrepeat(held, picked, repick)


RULE = LinkRule(
    "valid when used",
    "a row with no time of its own takes a thing valid at the time of what it belongs to",
    Stage.KEYS,
    keep_valid_for,
    # last of the key rules: no later one re-picks the key it chose by the time of use
    after=("keys that meet at a site, again", "trips start where the last ended"),
)
