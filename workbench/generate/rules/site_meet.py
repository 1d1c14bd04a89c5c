"""Keys that meet at a site along paths of any length: a row whose keys each lead to a site a
business runs (kinds/meets.is_site), directly from the parent or through one more parent, with
no key of its own to the site, serves one site. A rental references a copy (inventory → store)
and the staff member who handled it (staff → store): the staff member works at the store that
holds the copy. An appointment's room (room → department → clinic) is in the clinic of its
practitioner (practitioner → department → clinic); a section's teacher, room and term (term →
academic year → school) are the school's that offers its course. The first such key decides
the site; each later one is re-picked among its parent's rows of that site (a row whose site
has none keeps its free pick).

Per table: each parent's rows sorted once by the site they reach; per batch one sorted
search."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.runs import lookup
from workbench.generate.base.tables import partition_root
from workbench.generate.kinds.meets import is_site, owned_or_party
from workbench.generate.rules.base import LinkRule, Stage
from workbench.generate.rules.meets import SortedRows, generator_follows, generator_meets

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.links import Links
    from workbench.generate.view import FKUnit, TableView


# How far a key's parent may be from the site: its own key to it, or one more parent's.
_HOPS = 2


@dataclass(frozen=True)
class SiteKey:
    """A key's way to a site: its parent's key columns, hop by hop (the table each leaves
    from, its single-column key), ending at `site`."""

    hops: tuple[tuple[str, str], ...]
    site: str


@dataclass
class SiteMeets:
    """Per table (scratch): (deciding key, its way to the site, key re-picked, its way),
    planned once; the site each parent row reaches; the re-picked parents sorted by site."""

    planned: list[tuple[FKUnit, SiteKey, FKUnit, SiteKey]] | None = None
    reached: dict[SiteKey, tuple[np.ndarray, np.ndarray]] = field(default_factory=dict)
    sorted: dict[SiteKey, SortedRows] = field(default_factory=dict)


def _site_key(view: TableView, unit: FKUnit) -> SiteKey | None:
    """The shortest way from a key's parent to a site along kept single-column keys (a site
    reached through one more parent only when the parent has no key to a site itself, and
    not through a party or what one owns: a customer's home branch says little of where
    the customer's beneficiary or transfer is served)."""
    frontier: list[tuple[str, tuple[tuple[str, str], ...]]] = [(unit.parent, ())]
    for _ in range(_HOPS):
        nxt = []
        for table, hops in frontier:
            model = view.schema.tables.get(table)
            kept = view.keys.tables.get(table, {})
            for fk in model.foreign_keys if model is not None else []:
                ref = partition_root(view.schema, fk.ref_qualified)
                if len(fk.columns) != 1 or ref == table or fk.columns[0] not in kept:
                    continue
                way = (*hops, (table, fk.columns[0]))
                if is_site(ref):
                    return SiteKey(way, ref)
                if ref in view.keys.tables and ref != view.tp.name and not owned_or_party(ref):
                    nxt.append((ref, way))
        frontier = nxt
    return None


def _reached(view: TableView, state: SiteMeets, way: SiteKey) -> tuple[np.ndarray, np.ndarray]:
    """The site each row of the way's first table reaches, and where it reaches none."""
    if way not in state.reached:
        table, column = way.hops[0]
        first = view.keys.tables[table][column]
        values, nulls = first.values, first.nulls.copy()
        for (table, column), (prev, prev_column) in zip(way.hops[1:], way.hops, strict=False):
            model = view.schema.tables[prev]
            fk = next(f for f in model.foreign_keys if f.columns == [prev_column])
            stored = view.keys.tables[table]
            rows, found = lookup(stored[fk.ref_columns[0]], values)
            values = stored[column].values[rows]
            nulls = nulls | ~found | stored[column].nulls[rows]
        state.reached[way] = (values, nulls)
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
    direct = {partition_root(view.schema, u.parent) for u in units}
    by_site: dict[str, list[tuple[FKUnit, SiteKey]]] = {}
    for unit in units:
        found = _site_key(view, unit)
        if found is not None and found.site not in direct:
            by_site.setdefault(found.site, []).append((unit, found))
    # keys a row repeats from the parent it continues (fk_meet.py) are not for this rule to
    # move, nor, along a longer path, the keys that meet at their parent
    settled = {c for m, _, _ in generator_meets(view) for c, _ in m.copies}
    settled |= {c for m, _ in generator_follows(view) for c in (m.direct, *dict(m.copies))}
    meeting = {c for m, _, _ in generator_meets(view) for c in (m.hop, m.direct)}
    for members in by_site.values():
        # a key that may not be NULL decides, the nearest to the site first
        members.sort(key=lambda m: (m[0].nullable, len(m[1].hops)))
        first, way = members[0]
        for unit, unit_way in members[1:]:
            column = unit.fk.columns[0]
            if column in settled or (column in meeting and len(unit_way.hops) > 1):
                continue
            if view.drawn_freely(unit) and not view.specs[column].unique:
                state.planned.append((first, way, unit, unit_way))
    return state


def meet_at_sites(view: TableView, links: Links, batch: Batch, idx: np.ndarray) -> None:
    state = _plan(view)
    if not state.planned:
        return
    start = int(idx[0]) if idx.size else 0
    sites: dict[str, tuple[np.ndarray, np.ndarray]] = {}  # per deciding key: (site, unknown)
    for first, way, unit, unit_way in state.planned:
        group = ",".join(first.fk.columns)
        rows, nulls = view.parent_rows(",".join(unit.fk.columns))
        if group not in sites:
            decided, decided_nulls = view.parent_rows(group)
            if decided is None:
                continue
            held, held_nulls = _reached(view, state, way)
            sites[group] = (held[decided], decided_nulls | held_nulls[decided])
        if rows is None:
            continue
        site, unknown = sites[group]
        reached, reached_nulls = _reached(view, state, unit_way)
        source, valid = view.parent_keys(unit)
        if unit_way not in state.sorted:
            state.sorted[unit_way] = SortedRows.of(reached, reached_nulls, valid)
        by_site = state.sorted[unit_way]
        if by_site.rows.size == 0:
            continue
        try:
            lo, hi = by_site.ranges(site)
        except TypeError:  # keys of kinds that do not compare
            continue
        count = hi - lo
        found = (count > 0) & ~unknown & ~nulls
        draw = view.rng(f"site:{unit.fk.columns[0]}", start).random(idx.size)
        pick = lo + np.floor(draw * np.maximum(count, 1)).astype(np.int64)
        picked = np.where(found, by_site.rows[np.minimum(pick, by_site.rows.size - 1)], rows)
        links.assign(batch, unit, picked, idx.size, nulls, source)
        # where the deciding key reaches no site, this key's site decides for the next ones
        own = unknown & ~nulls & ~reached_nulls[picked]
        sites[group] = (np.where(own, reached[picked], site), unknown & ~own)


RULE = LinkRule(
    "keys that meet at a site",
    "two keys leading to a site a business runs lead to the same one",
    Stage.KEYS,
    meet_at_sites,
    after=("keys that meet",),  # two keys through their parents to one site
)
