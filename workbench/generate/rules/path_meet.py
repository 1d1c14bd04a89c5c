"""Two keys of one row whose parents both belong to one party meet there, though the row has no
key to it: an invoice line bills its invoice and a trip (invoice → member, trip → member), so
the trip is one of the invoice's member's trips; a ticket's order and its seat booking are one
customer's. The existing meets (fk_meet.py) need the row's own key to the grandparent; here
both paths are one hop longer, and the keys need not share a name (an invoice's payer_id and a
trip's driver_id both reach people).

Planned from the schema: two single-column keys of the row to two different tables, each with
exactly one key to the same table G, G a party (customers, members, patients: kinds/meets.py's
`personal`), one of the two parents something a party owns (an invoice, an order: `owned`), no
content on either side, and no key of the row to G itself (that is fk_meet's meet). Sites and
scopes reached along two paths are site_meet.py's. A key fk_meet keeps (a rental's
reservation, whose branch the rental repeats) may anchor where it is unique and NOT NULL (the
row continues that parent), never move. The key that moves is
drawn freely, not unique, and preferably nullable (the line's trip, not its invoice); it picks
among its parent's rows that reach the anchor parent's G, at random. A row whose G has no such
row gets NULL where the key may be NULL; else the anchor follows the moving key's pick where
it is drawn freely, else the anchor becomes NULL where it may (a line planned per document by
a nullable key: plan/lines.py), else the row keeps its free pick (counted in a warning).

Per batch: the moving parent's rows sorted by their key to G once, then one sorted search."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.groups import turns
from workbench.generate.base.tables import partition_root
from workbench.generate.kinds.meets import Way, chains, owned, personal, plan_meets
from workbench.generate.kinds.membership import link_tables
from workbench.generate.kinds.path_agree import agreed_pairs, responded_to
from workbench.generate.rules.base import LinkRule, Stage
from workbench.generate.rules.meets import MeetCache, SortedRows, reach_along

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.links import Links
    from workbench.generate.view import FKUnit, TableView
    from workbench.schema.model import Schema, Table


# (key a, parent a, a's way to G, key b, parent b, b's way to G, G); a way is the keys from
# the parent on, (table, column) hop by hop: its own key to G, or a chain of them
Paths = tuple[str, str, Way, str, str, Way, str]


@dataclass(frozen=True)
class PathMeet:
    """The row's `moving` key (to `moving_parent`, whose `moving_way` reaches `grand`) picks
    among the rows that reach the `grand` row its `anchor` key's parent reaches (along
    `anchor_way`)."""

    anchor: str
    anchor_parent: str
    anchor_way: Way
    moving: str
    moving_parent: str
    moving_way: Way
    grand: str
    # the anchor is a key another meet keeps (fk_meet: a rental's reservation, whose branch
    # the rental repeats): it never follows the moving key's pick
    anchor_kept: bool = False
    paired: bool = False  # the two keys are a link table's own pair (`linked_pair`)


def kept_by_meets(schema: Schema, table: Table) -> set[str]:
    """The row's keys fk_meet picks by their parent's key to a grandparent (a rental's
    reservation, at the rental's branch): a path meet may read them, never move them."""
    return {meet.hop for meet in plan_meets(schema, table)}


def _anchors(table: Table, column: str, kept: set[str]) -> bool:
    """Whether a key fk_meet keeps may anchor a path meet: one unique and NOT NULL, so the row
    continues its parent (a rental its reservation, a visit its appointment) and the parent's
    party is the row's; not a key many rows share (a transfer's sending account)."""
    model = table.column(column)
    if column not in kept or model is None or model.nullable:
        return False
    keys = [list(u.columns) for u in table.uniques if u.predicate is None]
    if table.primary_key is not None:
        keys.append(list(table.primary_key.columns))
    return [column] in keys


def _single_keys(schema: Schema, table: Table) -> list[tuple[str, str, str]]:
    """(column, referenced table, referenced column) of each single-column key."""
    out = []
    for fk in table.foreign_keys:
        if len(fk.columns) == 1 and len(fk.ref_columns) == 1:
            out.append((fk.columns[0], partition_root(schema, fk.ref_qualified), fk.ref_columns[0]))
    return out


def _reaches(schema: Schema, parent: str, home: str) -> dict[str, Way]:
    """The tables a parent has exactly one key to, and that key; then the parties its chains
    of keys reach (kinds/meets.chains: a trip's booking's customer), one way each (none where
    two ways of one length reach it)."""
    model = schema.tables.get(parent)
    if model is None:
        return {}
    seen: dict[str, list[str]] = {}
    for column, ref, _ in _single_keys(schema, model):
        if ref != parent:
            seen.setdefault(ref, []).append(column)
    out: dict[str, Way] = {r: ((parent, cols[0]),) for r, cols in seen.items() if len(cols) == 1}
    farther: dict[str, list[tuple[int, Way]]] = {}
    for _, ref, way, step in chains(schema, parent, home):
        if step >= 2 and ref not in seen and personal(schema, ref):
            farther.setdefault(ref, []).append((step, way))
    for ref, ways in farther.items():
        nearest = [w for d, w in ways if d == ways[0][0]]
        if len(nearest) == 1:
            out[ref] = nearest[0]
    return out


def plan_path_meets(schema: Schema, table: Table) -> list[Paths]:
    """(key a, parent a, a's way to G, key b, parent b, b's way to G, G) for each pair of the
    row's keys whose parents both reach one party G the row has no key to, by their own key
    or along a chain of keys (schema only; which key moves is the generator's choice). A key
    another meet keeps may be one of the two where the row continues its parent by it (it
    anchors, the other moves)."""
    keys = [k for k in _single_keys(schema, table) if k[1] != table.qualified]
    direct = {ref for _, ref, _ in keys}
    covered = kept_by_meets(schema, table)
    agreed = agreed_pairs(schema, table)  # two ends or more: kinds/path_agree.py's
    out = []
    for i, (col_a, parent_a, _) in enumerate(keys):
        for col_b, parent_b, _ in keys[i + 1 :]:
            if parent_a == parent_b or (col_a in covered and col_b in covered):
                continue
            if frozenset((col_a, col_b)) in agreed:
                continue
            if any(c in covered and not _anchors(table, c, covered) for c in (col_a, col_b)):
                continue
            if responded_to(parent_a) or responded_to(parent_b):
                continue
            home = table.qualified
            reach_a, reach_b = _reaches(schema, parent_a, home), _reaches(schema, parent_b, home)
            # the party the shortest ways reach first (a lease's own tenant before its
            # property's landlord)
            both = set(reach_a) & set(reach_b)
            for grand in sorted(both, key=lambda g: (len(reach_a[g]) + len(reach_b[g]), g)):
                if grand in direct or grand in (parent_a, parent_b, table.qualified):
                    continue
                if not personal(schema, grand) or not (owned(parent_a) or owned(parent_b)):
                    continue
                out.append(
                    (col_a, parent_a, reach_a[grand], col_b, parent_b, reach_b[grand], grand)
                )
                break
    return out


def linked_pair(schema: Schema, table: Table) -> set[str]:
    """The two keys of a link table (kinds/membership.link_tables: its own key is the two) when
    they meet along two paths (a contract's customer owns the site of the lift it covers):
    the unique plan builds the pair, this rule picks it again, checked per batch as a whole
    (rows/assembler.py)."""
    pair = link_tables(schema).get(table.qualified)
    if pair is None:
        return set()
    (a, _), (b, _) = pair
    for col_a, _, _, col_b, _, _, _ in plan_path_meets(schema, table):
        if {col_a, col_b} == {a, b}:
            return {a, b}
    return set()


def _movable(view: TableView, column: str) -> FKUnit | None:
    unit = view.fk_cols.get(column)
    if unit is None or len(unit.fk.columns) != 1 or unit.mode not in ("normal",):
        return None
    if column in linked_pair(view.schema, view.table) and not view.numbered(unit):
        return unit  # a link table's own pair: picked again, the pair checked per batch
    if not view.drawn_freely(unit) or view.specs[column].unique:
        return None
    return unit


def path_meets_of(view: TableView) -> list[PathMeet]:
    """The path meets this generator keeps: the key that moves is one it draws freely (the
    nullable one of the two when both are), the other stays; both parents' keys to G kept."""
    out = []
    used: set[str] = set()
    kept = kept_by_meets(view.schema, view.table)
    for col_a, par_a, via_a, col_b, par_b, via_b, grand in plan_path_meets(view.schema, view.table):
        ends = [(col_a, par_a, via_a), (col_b, par_b, via_b)]
        movable = [
            e
            for e in ends
            if _movable(view, e[0]) is not None and e[0] not in used and e[0] not in kept
        ]
        if not movable:
            continue
        # the nullable key moves first; of two alike, the second (the first is the row's owner)
        moving = sorted(movable, key=lambda e: (not view.specs[e[0]].nullable, -ends.index(e)))[0]
        anchor = ends[1 - ends.index(moving)]
        ways = (*anchor[2], *moving[2])
        if any(column not in view.keys.tables.get(at, {}) for at, column in ways):
            continue
        used.add(moving[0])
        out.append(
            PathMeet(
                anchor[0],
                anchor[1],
                anchor[2],
                moving[0],
                moving[1],
                moving[2],
                grand,
                anchor[0] in kept,
                {col_a, col_b} == linked_pair(view.schema, view.table),
            )
        )
    return out


@dataclass
class PathCache:
    """Per table (scratch): its path meets, planned on the first batch, each moving parent's
    rows sorted by its key to G (rows left with another party's parent count in MeetCache's
    misses, which the assembler reports)."""

    meets: list[PathMeet] | None = None
    sorted: dict[str, SortedRows] = field(default_factory=dict)
    reached: dict[Way, tuple[np.ndarray, np.ndarray]] = field(default_factory=dict)
    turns: dict[str, dict[int, int]] = field(default_factory=dict)  # a pair's picks per anchor


def _reached(view: TableView, cache: PathCache, way: Way) -> tuple[np.ndarray, np.ndarray]:
    """The party each row of the way's first table reaches, and where it reaches none."""
    if way not in cache.reached:
        cache.reached[way] = reach_along(view, way)
    return cache.reached[way]


def keep_path_meets(view: TableView, links: Links, batch: Batch, idx: np.ndarray) -> None:
    cache = view.scratch.get(PathCache)
    if cache.meets is None:
        cache.meets = path_meets_of(view)
    if not cache.meets or not idx.size:
        return
    start = int(idx[0])
    for meet in cache.meets:
        anchor_rows, anchor_nulls = view.parent_rows(meet.anchor)
        picked, picked_nulls = view.parent_rows(meet.moving)
        unit = view.fk_cols[meet.moving]
        if anchor_rows is None or picked is None:
            continue
        held, held_nulls = _reached(view, cache, meet.anchor_way)
        owner = held[anchor_rows]
        owner_nulls = anchor_nulls | held_nulls[anchor_rows]
        source, valid = view.parent_keys(unit)
        if meet.moving not in cache.sorted:
            reached = _reached(view, cache, meet.moving_way)
            cache.sorted[meet.moving] = SortedRows.of(*reached, valid)
        by_owner = cache.sorted[meet.moving]
        if by_owner.rows.size == 0:
            continue
        try:
            lo, hi = by_owner.ranges(owner)
        except TypeError:  # keys of kinds that do not compare
            continue
        count = hi - lo
        has = (count > 0) & ~owner_nulls
        draw = view.rng(f"path-meet:{meet.moving}", start).random(idx.size)
        rows = np.where(has, by_owner.drawn(lo, hi, draw), picked)
        nulls = picked_nulls.copy()
        lonely = ~has & ~owner_nulls & ~picked_nulls
        if lonely.any() and unit.nullable:
            nulls |= lonely
            lonely = np.zeros_like(lonely)
        elif lonely.any():
            lonely = _move_anchor(view, links, batch, meet, cache, rows, lonely, draw)
            lonely = _null_anchor(view, links, batch, meet, lonely)
        if lonely.any():
            misses = view.scratch.get(MeetCache).misses
            misses[meet.moving] = misses.get(meet.moving, 0) + int(lonely.sum())
        links.assign(batch, unit, rows, idx.size, nulls, source)
        if meet.paired:
            _in_turn(view, links, batch, meet, cache)


def _in_turn(view: TableView, links: Links, batch: Batch, meet: PathMeet, cache: PathCache) -> None:
    """A link table's pair (`linked_pair`): each anchor row (a contract) takes the rows of
    its party (its customer's lifts) in turn across batches, from a place of its own, so its
    pairs repeat only once it has taken them all (the unique check drops what repeats)."""
    anchor_rows, anchor_nulls = view.parent_rows(meet.anchor)
    picked, picked_nulls = view.parent_rows(meet.moving)
    if anchor_rows is None or picked is None:
        return
    held, held_nulls = _reached(view, cache, meet.anchor_way)
    by_owner = cache.sorted[meet.moving]
    live = ~anchor_nulls & ~picked_nulls & ~held_nulls[anchor_rows]
    lo, hi = by_owner.ranges(held[anchor_rows])
    live &= hi > lo
    at = np.flatnonzero(live)
    if not at.size:
        return
    anchors = np.asarray(anchor_rows, np.int64)[at]
    turn = turns(cache.turns.setdefault(meet.moving, {}), anchors)
    count = (hi - lo)[at]
    offset = (anchors * 7919) % count  # contracts of one customer start at different lifts
    rows = np.asarray(picked).copy()
    rows[at] = by_owner.rows[np.minimum(lo[at] + (offset + turn) % count, by_owner.rows.size - 1)]
    unit = view.fk_cols[meet.moving]
    source, _ = view.parent_keys(unit)
    links.assign(batch, unit, rows, rows.size, picked_nulls, source)


def _move_anchor(
    view: TableView,
    links: Links,
    batch: Batch,
    meet: PathMeet,
    cache: PathCache,
    rows: np.ndarray,
    lonely: np.ndarray,
    draw: np.ndarray,
) -> np.ndarray:
    """Rows whose anchor's party has no row to move to, where the moving key may not be NULL:
    the anchor follows the moving key's pick instead (a key this generator draws freely), among
    the anchor parent's rows of the picked row's party (`rows`, the moving key's picks, move
    too where that party has none). Returns the rows still apart."""
    unit = None if meet.anchor_kept else _movable(view, meet.anchor)
    anchor_rows, anchor_nulls = view.parent_rows(meet.anchor)
    if unit is None or anchor_rows is None:
        return lonely
    held, held_nulls = _reached(view, cache, meet.moving_way)
    source, valid = view.parent_keys(unit)
    key = "anchor:" + meet.anchor
    if key not in cache.sorted:
        cache.sorted[key] = SortedRows.of(*_reached(view, cache, meet.anchor_way), valid)
    by_party = cache.sorted[key]
    if by_party.rows.size == 0:
        return lonely
    # the moving key's own pick first where its party has an anchor row, else a row of a
    # party that has one (a device of a customer with orders)
    lo, hi = by_party.ranges(held[rows])
    apart = lonely & ((hi <= lo) | held_nulls[rows])
    if apart.any():
        moving_valid = view.parent_keys(view.fk_cols[meet.moving])[1]
        lo_all, hi_all = by_party.ranges(held[moving_valid])
        joinable = moving_valid[(hi_all > lo_all) & ~held_nulls[moving_valid]]
        if joinable.size:
            at = np.floor(draw[apart] * joinable.size).astype(np.int64)
            rows[apart] = joinable[np.minimum(at, joinable.size - 1)]
            lo, hi = by_party.ranges(held[rows])
    count = hi - lo
    take = lonely & (count > 0) & ~held_nulls[rows]
    chosen = np.where(take, by_party.drawn(lo, hi, draw), anchor_rows)
    links.assign(batch, unit, chosen, rows.size, anchor_nulls, source)
    return np.asarray(lonely & ~take, dtype=bool)


def _null_anchor(
    view: TableView, links: Links, batch: Batch, meet: PathMeet, lonely: np.ndarray
) -> np.ndarray:
    """Rows still apart where the moving key may not be NULL and the anchor could not follow
    it (a key planned per parent, as a document's lines are, or one no row of the picked
    party's has): where the anchor may be NULL it becomes NULL (a refund's line of an order
    whose buyer has no refund names no order), so the two keys never reach two parties.
    Returns the rows still apart (an anchor that may not be NULL)."""
    unit = view.fk_cols.get(meet.anchor)
    anchor_rows, anchor_nulls = view.parent_rows(meet.anchor)
    if unit is None or anchor_rows is None or not unit.nullable or not lonely.any():
        return lonely
    source, _ = view.parent_keys(unit)
    links.assign(batch, unit, anchor_rows, anchor_rows.size, anchor_nulls | lonely, source)
    return np.zeros_like(lonely)


RULE = LinkRule(
    "keys that meet along two paths",
    "two keys whose parents belong to one party (an invoice's member, a trip's) lead to the same",
    Stage.KEYS,
    keep_path_meets,
    after=("parents by then",),  # re-picks last among the keys; by-then picks it may undo
    before=("partition parents",),
)
