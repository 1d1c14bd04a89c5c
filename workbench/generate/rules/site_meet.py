"""Keys that meet at a scope along paths of any length: a row whose keys each lead to one
table that groups rows (a site a business runs, or a scope such as a municipality or a
project: kinds/meets.is_scope) — the key itself, from its parent, or through one or two more
parents — serves one row of it. A rental references a copy (inventory → store) and the staff
member who handled it (staff → store): the staff member works at the store that holds the
copy. An appointment's room (room → department → clinic) is in the clinic of its
practitioner (practitioner → department → clinic); an agreement's tariff (tariff →
municipality) is one of its service point's municipality (service point → municipality); an
outage's work order (work order → depot → municipality) is one of the outage's own
municipality (a direct key). The first such key decides the scope (one that may not be NULL,
the nearest first); each later one is re-picked among its parent's rows in that scope. Where
the deciding key's scope has no row for a later key that must be set (NOT NULL, or one of the
keys a CHECK asks for: a work order's service point or pipe segment), the deciding key (drawn
freely) is re-picked among the parents whose scope has one for every key; a nullable key
with no row in a scope that is no site is left NULL; else the row keeps its free pick.

Per table: each parent's rows sorted once by the scope they reach; per batch one sorted
search per key."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.tables import partition_root
from workbench.generate.kinds.meets import (
    business_place,
    business_site,
    is_scope,
    optional_home,
    owned_or_party,
    site_kind,
    walk,
)
from workbench.generate.kinds.membership import membership_columns, memberships_of
from workbench.generate.plan.keys import table_keys
from workbench.generate.rules.base import LinkRule, Stage
from workbench.generate.rules.fk_meet import keep_meets
from workbench.generate.rules.in_service import began_parents, redraw_in_force
from workbench.generate.rules.meets import (
    SortedRows,
    generator_follows,
    generator_meets,
    reach_along,
)

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.links import Links
    from workbench.generate.view import FKUnit, TableView
    from workbench.schema.model import ForeignKey


# How far a key's parent may be from the scope: its own key to it, or one or two more.
_HOPS = 2


@dataclass(frozen=True)
class SiteKey:
    """A key's way to a scope: the parent's column that holds the scope's key, then hop by
    hop (the table each leaves from, its single-column key), ending at `site`; `depth` is
    the number of keys after the row's own (0: the key references the scope itself)."""

    hops: tuple[tuple[str, str], ...]
    site: str
    depth: int


@dataclass
class Group:
    """Keys that meet at one scope: the deciding key and its way, the keys re-picked and
    theirs, and whether the deciding key may be re-picked itself."""

    first: FKUnit
    way: SiteKey
    members: list[tuple[FKUnit, SiteKey]]
    movable: bool
    required: frozenset[str] = frozenset()  # the members' columns that must be set


@dataclass
class SiteMeets:
    """Per table (scratch): the groups, planned once; the scope each parent row reaches;
    the re-picked parents sorted by scope; the deciding parents that have every key's row."""

    planned: list[Group] | None = None
    reached: dict[SiteKey, tuple[np.ndarray, np.ndarray]] = field(default_factory=dict)
    sorted: dict[SiteKey, SortedRows] = field(default_factory=dict)
    covered: dict[int, np.ndarray] = field(default_factory=dict)
    paired: set[str] | None = None  # the keys a link table's pairs decide


def _ways(view: TableView, unit: FKUnit) -> dict[str, SiteKey]:
    """The nearest way from a key to each scope along kept single-column keys: the parent
    itself when it is a scope, then its keys, then theirs (not through a party or what one
    owns: a customer's home branch says little of where the customer's transfer is served;
    through a person's optional key only to a place the business has: a member belongs to
    their library system, but an edit's editor's home area, which may be NULL, says nothing
    of the artists the edit touches)."""
    out: dict[str, SiteKey] = {}
    ref_column = unit.fk.ref_columns[0]
    if is_scope(view.schema, unit.parent) and ref_column in view.keys.tables.get(unit.parent, {}):
        out[unit.parent] = SiteKey(((unit.parent, ref_column),), unit.parent, 0)

    def takes(table: str, fk: ForeignKey) -> bool:
        return fk.columns[0] in view.keys.tables.get(table, {})

    def enters(ref: str) -> bool:
        return ref in view.keys.tables and ref != view.tp.name and not owned_or_party(ref)

    for _, ref, way, depth in walk(view.schema, unit.parent, _HOPS, takes, enters):
        if ref in out or not (is_scope(view.schema, ref) or site_kind(view.schema, ref)):
            continue
        if optional_home(view.schema, way) and not business_place(view.schema, ref):
            continue
        out[ref] = SiteKey(way, ref, depth)
    return out


def _reached(view: TableView, state: SiteMeets, way: SiteKey) -> tuple[np.ndarray, np.ndarray]:
    """The scope each row of the way's first table reaches, and where it reaches none."""
    if way not in state.reached:
        state.reached[way] = reach_along(view, way.hops)
    return state.reached[way]


def _plan(view: TableView) -> SiteMeets:
    state = view.scratch.get(SiteMeets)
    if state.planned is not None:
        return state
    state.planned = []
    units = [
        u
        for u in view.units
        if len(u.fk.columns) == 1 and partition_root(view.schema, u.parent) != view.tp.name
    ]
    by_site: dict[str, list[tuple[FKUnit, SiteKey]]] = {}
    for unit in units:
        for site, way in _ways(view, unit).items():
            by_site.setdefault(site, []).append((unit, way))
    # keys a row repeats from the parent it continues (fk_meet.py) are not for this rule to
    # move, nor, along a longer path, the keys that meet at their parent, nor a key that
    # meets its direct key at this very scope there
    meets = generator_meets(view)
    settled = {c for m, _, _ in meets for c, _ in m.copies}
    settled |= {c for m, _ in generator_follows(view) for c in (m.direct, *dict(m.copies))}
    meeting = {c for m, _, _ in meets for c in (m.hop, m.direct)}
    hops = {m.hop for m, _, _ in meets}
    there = {(m.hop, m.grandparent) for m, _, _ in meets}
    taken: set[str] = set()  # a key is re-picked for one scope only, the nearest
    # the nearest scope first: one both keys reach in one step before one a key reaches in two
    # (a site's kinds before the site: the room of a booked type is in the booking's hotel)
    groups = sorted(
        by_site.items(), key=lambda g: (*_nearest(g)[:2], not site_kind(view.schema, g[0]), g[0])
    )
    for site, members in groups:
        parents = [partition_root(view.schema, u.parent) for u, _ in members]
        if not business_site(view.schema, site) and all(parents.count(p) > 1 for p in parents):
            # two keys to one table play two roles (from and to, home and away): no meet,
            # unless a key to another table places the row in the scope (a ride's bike: its
            # start and end stations are of the bike's system)
            members = []
        if len(members) < 2:
            continue
        # a key that may not be NULL decides, the nearest to the scope first; of two keys a
        # composite key builds, the one it names first (the row's owner: an order before
        # the seat reserved on it)
        members.sort(key=lambda m: (m[0].nullable, _pair_rank(view, m[0]), m[1].depth))
        first, way = members[0]
        picked = []
        for unit, unit_way in members[1:]:
            column = unit.fk.columns[0]
            if column in settled or column in taken or (column, site) in there:
                continue
            if column in meeting and (unit_way.depth > 1 or not business_site(view.schema, site)):
                continue
            free = view.drawn_freely(unit) and not view.specs[column].unique
            # a pair a link table holds (membership.py) is that rule's to pick
            if free or (_in_pair(view, unit) and column not in _paired(view)):
                picked.append((unit, unit_way))
                taken.add(column)
        if picked:
            column = first.fk.columns[0]
            movable = (
                (
                    (view.drawn_freely(first) and not view.specs[column].unique)
                    or (_in_pair(view, first) and column not in _paired(view))
                )
                and column not in settled | hops | taken
            )  # a direct key of a meet moves with its meets picked again (fk_meet.py)
            taken.add(column)  # a farther scope moves it no more: it would part this meet
            required = _required(view, [u.fk.columns[0] for u, _ in picked])
            state.planned.append(Group(first, way, picked, movable, required))
    return state


def _pairs(view: TableView) -> list[list[str]]:
    """The table's keys of two or more columns, each a single-column foreign key (a reserved
    seat's order and seat): the pairs the unique plan builds."""
    keys = [
        u.fk.columns[0]
        for u in view.units
        if len(u.fk.columns) == 1 and u.mode == "normal" and u.parent != view.tp.name
    ]
    out = []
    for key in table_keys(view.table):
        columns = key.columns
        if len(columns) >= 2 and key.predicate is None and all(c in keys for c in columns):
            out.append(columns)
    return out


def _in_pair(view: TableView, unit: FKUnit) -> bool:
    """A key the unique plan builds as one of a pair of keys (not drawn freely, numbered
    nor unique alone, nor one of a link table's pairs that memberships read:
    kinds/membership.py): re-picked within its scope, the pair checked per batch as a whole
    (repicked_keys) and repeats within a batch taken back (_unrepeat)."""
    column = unit.fk.columns[0]
    if view.drawn_freely(unit) or view.numbered(unit) or view.specs[column].unique:
        return False
    if column in membership_columns(view.schema).get(view.tp.name, set()):
        return False  # the pairs other rows' memberships read (an enrolment's) stay as built
    pairs = _pairs(view)
    if any(column in k.columns and list(k.columns) not in pairs for k in table_keys(view.table)):
        return False  # a key of another unique key (an org's one member per role) stays as built
    # only a pair the unique plan checks per batch (repicked_keys) may be re-picked
    checked = repicked_keys(view)
    return any(column in p and set(p) in checked for p in pairs) and all(
        len(p) >= 2 for p in pairs if column in p
    )


def _pair_rank(view: TableView, unit: FKUnit) -> int:
    """Where a key stands in the first pair that names it (0 for any other key)."""
    if view.drawn_freely(unit):
        return 0
    column = unit.fk.columns[0]
    return next((p.index(column) for p in _pairs(view) if column in p), 0)


def repicked_keys(view: TableView) -> list[set[str]]:
    """The pairs whose keys reach one scope (two of their columns do): a member of them
    may be re-picked after the unique plan built it, so each is checked per batch
    (constraints/unique: a pair an earlier batch took is repaired or dropped). Asked before
    the plan marks its keys (schema and parents' keys only)."""
    out = []
    for columns in _pairs(view):
        scopes: dict[str, int] = {}
        for column in columns:
            unit = view.fk_cols.get(column)
            for site in _ways(view, unit) if unit is not None else {}:
                scopes[site] = scopes.get(site, 0) + 1
        if any(n >= 2 for n in scopes.values()):
            out.append(set(columns))
    return out


def _repeats(view: TableView, unit: FKUnit, picked: np.ndarray, every: bool = False) -> np.ndarray:
    """Rows whose pair (the key's pick with the pair's other keys) an earlier row of the
    batch holds (with `every`, any row whose pair another holds)."""
    column = unit.fk.columns[0]
    out = np.zeros(picked.size, bool)
    for pair in _pairs(view):
        if column not in pair:
            continue
        code = np.asarray(picked, np.int64) + 1
        for other in pair:
            held, held_nulls = view.parent_rows(other)
            if other == column:
                continue
            if held is None:
                break
            held = np.where(held_nulls, -1, held).astype(np.int64)
            code = code * (int(held.max(initial=0)) + 2) + held + 1
        else:
            values, first, counts = np.unique(code, return_index=True, return_counts=True)
            if every:
                out |= np.isin(code, values[counts > 1])
                continue
            again = np.ones(picked.size, bool)
            again[first] = False
            out |= again
    return out


def _unrepeat(
    view: TableView,
    unit: FKUnit,
    rows: np.ndarray,
    picked: np.ndarray,
    choice: tuple[SortedRows, np.ndarray, np.ndarray] | None = None,
) -> None:
    """A key of a pair re-picked: a row whose new pair an earlier row of the batch holds takes
    the next row of its scope (`choice`: the sorted rows and each row's range), and where
    none is left its own pick back (the pairs as built repeat none)."""
    if choice is not None:
        by_site, lo, hi = choice
        count = hi - lo
        for step in range(1, min(int(count.max(initial=0)), 16)):
            again = _repeats(view, unit, picked) & (count > step)
            if not again.any():
                break
            at = lo[again] + (np.flatnonzero(again) + step) % count[again]
            picked[again] = by_site.rows[np.minimum(at, by_site.rows.size - 1)]
    for _ in range(16):
        back = _repeats(view, unit, picked, every=True) & (picked != rows)
        if not back.any():
            return
        picked[back] = rows[back]


def _nearest(group: tuple[str, list[tuple[FKUnit, SiteKey]]]) -> tuple[int, int, str]:
    depths = sorted(w.depth for _, w in group[1])
    return (depths[0], depths[1] if len(depths) > 1 else 99, group[0])


def _required(view: TableView, columns: list[str]) -> frozenset[str]:
    """The columns a row must set: NOT NULL, or two or more of them named by one CHECK (at
    least one of a work order's service point and pipe segment), or a key to the worker on a
    job that took place (rules/on_the_job.py: a fired blast's shotfirer)."""
    out = {c for c in columns if not view.specs[c].nullable}
    out |= {c for r in view.rules if r.kind == "on_the_job" for c in r.columns[:-1]} & set(columns)
    for check in view.table.checks:
        named = check.expr.columns() & set(columns)
        if len(named) >= 2:
            out |= named
    return frozenset(out)


def _by_site(view: TableView, state: SiteMeets, unit: FKUnit, way: SiteKey) -> SortedRows:
    if way not in state.sorted:
        reached, reached_nulls = _reached(view, state, way)
        state.sorted[way] = SortedRows.of(reached, reached_nulls, began_parents(view, unit))
    return state.sorted[way]


def _covered(view: TableView, state: SiteMeets, group: Group) -> np.ndarray:
    """The deciding key's parent rows whose scope holds a row for every key, or where none
    does, for every key that must be set (once per table)."""
    if id(group) not in state.covered:
        reached, reached_nulls = _reached(view, state, group.way)
        valid = began_parents(view, group.first)
        ok = valid[~reached_nulls[valid]]
        every = ok
        for unit, way in group.members:
            keys = _by_site(view, state, unit, way).keys
            try:
                inside = np.isin(reached[ok], keys)
                every = every[np.isin(reached[every], keys)]
            except TypeError:  # keys of kinds that do not compare
                inside, every = np.zeros(ok.size, bool), every[:0]
            if unit.fk.columns[0] in group.required:
                ok = ok[inside]
        # a scope with a row for every key if there is one, else for those that must be set
        state.covered[id(group)] = every if every.size else ok
    return state.covered[id(group)]


def _move_first(
    view: TableView,
    state: SiteMeets,
    links: Links,
    batch: Batch,
    group: Group,
    site: np.ndarray,
    unknown: np.ndarray,
    start: int,
    apart: np.ndarray | None = None,
    turn: int = 0,
) -> np.ndarray:
    """Rows whose scope lacks a row for a key that must be set, and the rows `apart` (a pair
    left outside its scope, a try before): the deciding key is re-picked among the parents
    whose scope has one for every key (or for every key that must be set); the scopes,
    updated."""
    lacking = np.zeros(site.size, bool) if apart is None else apart.copy()
    for unit, way in group.members:
        if unit.fk.columns[0] not in group.required:
            continue
        by_site = _by_site(view, state, unit, way)
        try:
            lo, hi = by_site.ranges(site)
        except TypeError:
            return site
        lacking |= hi == lo
    lacking &= ~unknown
    covered = _covered(view, state, group)
    if not lacking.any() or covered.size == 0:
        return site
    key = ",".join(group.first.fk.columns)
    rows, nulls = view.parent_rows(key)
    if rows is None:
        return site
    tag = f":again{turn}" if turn else ""
    draw = view.rng(f"site-first{tag}:{key}", start).random(site.size)
    pick = covered[np.minimum((draw * covered.size).astype(np.int64), covered.size - 1)]
    before, rows = rows, np.where(lacking, pick, rows)
    if not view.drawn_freely(group.first):  # one of a pair the unique plan built
        _unrepeat(view, group.first, before, rows)
        lacking &= rows != before
    source, _ = view.parent_keys(group.first)
    links.assign(batch, group.first, rows, site.size, nulls, source)
    reached, _ = _reached(view, state, group.way)
    return np.where(lacking, reached[rows], site)


_TRIES_APART = 8  # moves of a pair's first key where the pair is left outside its scope


def _in_force(
    view: TableView,
    batch: Batch,
    unit: FKUnit,
    by_site: SortedRows,
    bounds: tuple[np.ndarray, np.ndarray],
    found: np.ndarray,
    picked: np.ndarray,
    start: int,
) -> np.ndarray:
    """Rows whose parent picked in the scope was not in force when the row can be (an
    account closed before the other account of a transfer opened) draw again in the scope."""
    key = ",".join(unit.fk.columns)
    stream = (f"site-in-force:{key}", start)
    return redraw_in_force(view, batch, key, by_site.rows, bounds, found, picked, stream)


def meet_at_sites(
    view: TableView, links: Links, batch: Batch, idx: np.ndarray, mend: bool = False
) -> None:
    """Each group's later keys picked in the deciding key's scope; with `mend`, only the rows
    whose keys no longer meet there (a key picked again since, by time) and the deciding key
    stays where it is."""
    state = _plan(view)
    if not state.planned:
        return
    start = int(idx[0]) if idx.size else 0
    sites: dict[str, tuple[np.ndarray, np.ndarray]] = {}  # per deciding key: (site, unknown)
    directs = {m.direct for m, _, _ in generator_meets(view)}
    moved: set[str] = set()
    for group in state.planned:
        key = ",".join(group.first.fk.columns)
        decided, decided_nulls = view.parent_rows(key)
        if decided is None:
            continue
        held, held_nulls = _reached(view, state, group.way)
        site, unknown = held[decided], decided_nulls | held_nulls[decided]
        apart: np.ndarray | None = None
        # a pair the unique plan built tries once more where it is left apart: its first key
        # moves to a parent whose scope has room for the pair
        tries = (
            _TRIES_APART if group.movable and not mend and not view.drawn_freely(group.first) else 1
        )
        for again in range(tries):
            if again:
                apart = _apart(view, state, group, site, unknown)
                if not apart.any():
                    break
            if group.movable and not mend:
                site = _move_first(
                    view, state, links, batch, group, site, unknown, start, apart, again
                )
                moved.add(group.first.fk.columns[0])
            site, unknown = _pick_members(
                view, state, links, batch, idx, group, site, unknown, mend, apart, again
            )
        sites[key] = (site, unknown)
    if moved & directs:  # the keys that meet a moved key pick again, without moving it back
        keep_meets(view, links, batch, idx, frozenset(moved))


def _apart(
    view: TableView, state: SiteMeets, group: Group, site: np.ndarray, unknown: np.ndarray
) -> np.ndarray:
    """Rows a key that must be set leaves outside the deciding key's scope."""
    out = np.zeros(site.size, bool)
    for unit, unit_way in group.members:
        rows, nulls = view.parent_rows(",".join(unit.fk.columns))
        if rows is None or unit.fk.columns[0] not in group.required:
            continue
        reached, reached_nulls = _reached(view, state, unit_way)
        out |= ~nulls & ~unknown & (reached_nulls[rows] | (reached[rows] != site))
    return out


def _pick_members(
    view: TableView,
    state: SiteMeets,
    links: Links,
    batch: Batch,
    idx: np.ndarray,
    group: Group,
    site: np.ndarray,
    unknown: np.ndarray,
    mend: bool,
    apart: np.ndarray | None,
    turn: int,
) -> tuple[np.ndarray, np.ndarray]:
    """Each later key of the group picked in the row's scope (only the rows `apart`, when
        given); a row whose deciding key reaches no scope takes the first key's that has one: the
    scopes and where they are unknown, updated."""
    start = int(idx[0]) if idx.size else 0
    for unit, unit_way in group.members:
        if mend and unit.fk.columns[0] in _paired(view):
            continue  # a pair a link table holds (members.py) has the final word
        rows, nulls = view.parent_rows(",".join(unit.fk.columns))
        if rows is None:
            continue
        reached, reached_nulls = _reached(view, state, unit_way)
        by_site = _by_site(view, state, unit, unit_way)
        if by_site.rows.size == 0:
            continue
        try:
            lo, hi = by_site.ranges(site)
        except TypeError:  # keys of kinds that do not compare
            continue
        count = hi - lo
        found = (count > 0) & ~unknown & ~nulls
        if mend:
            found &= reached_nulls[rows] | (reached[rows] != site)
        if apart is not None:
            found &= apart
        tag = f":again{turn}" if turn else ""
        draw = view.rng(f"site{tag}:{unit.fk.columns[0]}", start).random(idx.size)
        picked = np.where(found, by_site.drawn(lo, hi, draw), rows)
        picked = _in_force(view, batch, unit, by_site, (lo, hi), found, picked, start)
        if not view.drawn_freely(unit):  # one of a pair the unique plan built
            _unrepeat(view, unit, rows, picked, (by_site, lo, hi))
        if mend:
            pass  # a key left NULL or kept stays so
        elif unit.fk.columns[0] not in group.required and not business_site(
            view.schema, group.way.site
        ):
            nulls = nulls | ((count == 0) & ~unknown)  # no row of its kind in the scope
        source, _ = view.parent_keys(unit)
        links.assign(batch, unit, picked, idx.size, nulls, source)
        # where the deciding key reaches no scope, this key's scope decides for the next
        own = unknown & ~nulls & ~reached_nulls[picked]
        site, unknown = np.where(own, reached[picked], site), unknown & ~own
    return site, unknown


RULE = LinkRule(
    "keys that meet at a site",
    "two keys leading to a site a business runs, or to one scope, lead to the same one",
    Stage.KEYS,
    meet_at_sites,
    after=("keys that meet",),  # two keys through their parents to one site
)


def meeting_keys(view: TableView) -> set[str]:
    """The keys this rule picks to meet at a scope (each group's deciding key and the rest)."""
    state = _plan(view)
    return {
        u.fk.columns[0] for g in state.planned or [] for u in (g.first, *(m for m, _ in g.members))
    }


def _paired(view: TableView) -> set[str]:
    """The keys a link table's pairs decide (a register row's student and section)."""
    state = view.scratch.get(SiteMeets)
    if state.paired is None:
        pairs = memberships_of(view.schema, view.table)
        state.paired = {c for m in pairs for c in (m.member, m.group)}
    return state.paired


def mend_sites(view: TableView, links: Links, batch: Batch, idx: np.ndarray) -> None:
    meet_at_sites(view, links, batch, idx, mend=True)


# The keys picked by time after the meets (a parent there by then, one in force throughout the
# row's while) know no scope: a row whose keys they parted meets again, in force where it can.
MEND = LinkRule(
    "keys that meet at a site, again",
    "a key picked again by time meets the others at their site once more",
    Stage.KEYS,
    mend_sites,
    after=("parents by then", "in force throughout", "keys that meet along two paths"),
    before=("places apart",),  # two keys into one table of places: never one meet's keys
)
