"""Lookups of the site's country: a row that happens at a site a business runs (a rental at
its pickup branch, a stay at its hotel) and references a lookup kept per country (a rate plan,
a tariff, a tax rate: a table with a key that may not be NULL to the same table of facts the
site's country key references) takes a row of that lookup in the site's country. A car hired
in Munich is priced by a German rate plan, in euros, whatever the customer's home; the key a
site meet or an ancestor reads next (the reservation's currency, the rate plan's) follows.

Planned from the schema: the deciding key is the row's first key to a business site
(kinds/meets.business_site) that holds a single-column key to a table of facts
(kinds/meets.FACTS: countries, currencies, languages…), one that may not be NULL first; each
other key of the row to a table that is no site, no party and nothing a party owns, with a
required key to that same table of facts, is re-picked (when drawn freely, not unique, and
not a key a meet copies from a parent). Among the lookup's rows of the site's fact, those
that also agree with the row on the keys both hold to another table (the rate plan of the
reserved car class) come first; a row whose site's fact has no lookup row keeps its pick.

Per table: the lookup's rows sorted once by (fact, shared keys) and by fact; per batch two
sorted searches."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.base.tables import partition_root
from workbench.generate.kinds.meets import (
    FACTS,
    Way,
    business_place,
    business_site,
    chains,
    owned_or_party,
    personal,
    placed_contact,
)
from workbench.generate.rules.base import LinkRule, Stage
from workbench.generate.rules.fk_meet import repeat_parent
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
    from workbench.schema.model import Table


@dataclass(frozen=True)
class Bound:
    """A key to a lookup kept per fact: the lookup's column holding the fact, and the row's
    columns and the lookup's that reference one other table (the reserved class)."""

    unit: FKUnit
    fact_column: str
    shared: tuple[tuple[str, str], ...]


@dataclass
class SiteCountry:
    """Per table (scratch): the deciding site key and its fact column, the bound keys; the
    lookups' rows sorted, once."""

    planned: bool = False
    site: FKUnit | None = None
    site_fact: str = ""
    # the way from the site key's parent to the site, hop by hop (empty: the parent is the
    # site), and the fact each of that parent's rows reaches, found once
    way: Way = ()
    reached: tuple[np.ndarray, np.ndarray] | None = None
    bound: list[Bound] = field(default_factory=list)
    # the row's keys a meet repeats from a bound key's parent (its rate plan's currency)
    copies: dict[str, tuple[tuple[str, str], ...]] = field(default_factory=dict)
    sorted: dict[tuple[str, bool], tuple[SortedRows, np.ndarray]] = field(default_factory=dict)


def fact_keys(table: Table, schema_root: dict[str, str]) -> dict[str, str]:
    """The table's single-column keys to a table of facts: facts table -> column."""
    out: dict[str, str] = {}
    for fk in table.foreign_keys:
        ref = schema_root.get(fk.ref_qualified, fk.ref_qualified)
        noun = normalise(ref.rsplit(".", 1)[-1]).split("_")[-1]
        if len(fk.columns) == 1 and re.search(FACTS, noun) and ref not in out:
            out[ref] = fk.columns[0]
    return out


def _nobodys(view: TableView, table: Table) -> bool:
    """No party and nothing a party holds: neither personal nor keyed to a personal table (a
    customer's address is in the customer's country, a rate plan in its market's)."""
    schema = view.schema
    return not personal(schema, table.qualified) and not any(
        personal(schema, fk.ref_qualified) for fk in table.foreign_keys
    )


def _required(table: Table, column: str) -> bool:
    col = table.column(column)
    return col is not None and not col.nullable


def _plan(view: TableView) -> SiteCountry:
    state = view.scratch.get(SiteCountry)
    if state.planned:
        return state
    state.planned = True
    schema = view.schema
    roots = {name: partition_root(schema, name) for name in schema.tables}
    units = [u for u in view.units if len(u.fk.columns) == 1 and u.mode != "self"]
    sites = _sites(view, units, roots)
    if not sites:
        return state
    site, parent, facts, way = sites[0]
    kept = view.keys.tables.get(parent.qualified, {})
    meets = generator_meets(view)
    # what a meet settles: the keys it copies and the row's own key to where it meets (the
    # organisation a subscription's invoice is addressed to is the subscription's)
    settled = {c for m, _, _ in meets for c in (m.direct, *dict(m.copies))}
    # and a key to a part of what a party holds, picked among its holder's (a claim's insured
    # property, its policy's): no lookup of the site's country
    settled |= {m.hop for m, _, _ in meets if owned_or_party(m.grandparent)}
    settled |= {c for m, _ in generator_follows(view) for c in (m.direct, *dict(m.copies))}
    own = {roots.get(u.parent, u.parent): u.fk.columns[0] for u in units}
    for unit in units:
        column = unit.fk.columns[0]
        lookup = schema.tables.get(unit.parent)
        if unit is site or lookup is None or column in settled or view.specs[column].unique:
            continue
        if business_site(schema, unit.parent) or not _nobodys(view, lookup):
            continue
        if not view.drawn_freely(unit):
            continue
        stored = view.keys.tables.get(unit.parent, {})
        theirs = fact_keys(lookup, roots)
        fact = next((f for f in theirs if f in facts and facts[f] in kept), None)
        if fact is None or theirs[fact] not in stored or not _required(lookup, theirs[fact]):
            continue
        # the keys both hold to another table that is no fact (a currency follows the plan)
        shared = tuple(
            (own[ref], fk.columns[0])
            for fk in lookup.foreign_keys
            if len(fk.columns) == 1
            and (ref := roots.get(fk.ref_qualified, fk.ref_qualified)) in own
            and ref not in (unit.parent, roots.get(site.parent, site.parent))
            and ref not in fact_keys(lookup, roots)
            and fk.columns[0] in stored
        )
        state.site, state.site_fact, state.way = site, facts[fact], way
        state.bound.append(Bound(unit, theirs[fact], shared))
        state.copies[column] = tuple(c for m, _, _ in meets if m.hop == column for c in m.copies)
    return state


def _sites(
    view: TableView, units: list[FKUnit], roots: dict[str, str]
) -> list[tuple[FKUnit, Table, dict[str, str], Way]]:
    """The row's keys that lead to a business site with a key to a table of facts: the site
    itself, or a thing of it reached along keys that may not be NULL (a charging session's
    connector's charger's site, a parking session's gate's car park: a place the business
    has, kinds/meets.business_place), with the way from the key's parent to the site; a
    site of the row's own first, a key the row must have, then the nearer site."""
    schema = view.schema
    found: list[tuple[FKUnit, Table, dict[str, str], Way, int]] = []
    for unit in units:
        parent = schema.tables.get(unit.parent)
        # a person is no site; a site that keeps an e-mail is still one (a branch with its
        # address, phone and e-mail: kinds/meets.placed_contact)
        if parent is None or (
            personal(schema, unit.parent) and not placed_contact(schema, unit.parent)
        ):
            continue
        if business_site(schema, unit.parent):
            found.append((unit, parent, fact_keys(parent, roots), (), 0))
            continue
        home = view.tp.name
        reached = (
            (schema.tables.get(ref), way, step)
            for _, ref, way, step in chains(schema, unit.parent, home)
            if business_place(schema, ref)
        )
        for site, way, step in reached:
            if site is not None and all(view.keys.has(t) for t, _ in way):
                found.append((unit, site, fact_keys(site, roots), way, step))
                break
    found = [f for f in found if f[2]]
    # a site of the row's own first (as ever), a key the row must have, then the nearer site
    found.sort(key=lambda f: (f[4] > 0, f[0].nullable, f[4]))
    return [f[:4] for f in found]


def _site_facts(view: TableView, state: SiteCountry, site: FKUnit) -> tuple[np.ndarray, np.ndarray]:
    """The fact each row of the site key's parent reaches (its own, or its site's)."""
    if state.reached is None:
        if state.way:
            table = view.schema.tables[state.way[-1][0]]
            fk = next(f for f in table.foreign_keys if f.columns == [state.way[-1][1]])
            hops = (*state.way, (partition_root(view.schema, fk.ref_qualified), state.site_fact))
            state.reached = reach_along(view, hops)
        else:
            held = view.keys.tables[site.parent][state.site_fact]
            state.reached = (held.values, held.nulls)
    return state.reached


def _text(values: np.ndarray) -> np.ndarray:
    return np.asarray([str(v) for v in np.asarray(values).tolist()], dtype=object)


def _joined(parts: list[np.ndarray]) -> np.ndarray:
    out = parts[0]
    for part in parts[1:]:
        out = out + "\x1f" + part
    return np.asarray(out, dtype=object)


def _sorted(
    view: TableView, state: SiteCountry, bound: Bound, paired: bool, valid: np.ndarray
) -> SortedRows:
    """The lookup's valid rows sorted by their fact (and, `paired`, the keys shared with the
    row)."""
    key = (",".join(bound.unit.fk.columns), paired)
    if key not in state.sorted:
        stored = view.keys.tables[bound.unit.parent]
        fact = stored[bound.fact_column]
        parts = [_text(fact.values)]
        nulls = fact.nulls.copy()
        for _, theirs in bound.shared if paired else ():
            parts.append(_text(stored[theirs].values))
            nulls |= stored[theirs].nulls
        values = _joined(parts)
        state.sorted[key] = (SortedRows.of(values, nulls, np.asarray(valid, np.int64)), values)
    return state.sorted[key][0]


def follow_site_country(view: TableView, links: Links, batch: Batch, idx: np.ndarray) -> None:
    """Each bound key re-picked among the lookup's rows in its site's fact (module doc)."""
    state = _plan(view)
    site = state.site
    if site is None or not state.bound:
        return
    site_rows, site_nulls = view.parent_rows(",".join(site.fk.columns))
    if site_rows is None:
        return
    facts, fact_nulls = _site_facts(view, state, site)
    wanted = _text(facts[site_rows])
    missing = site_nulls | fact_nulls[site_rows]
    start = int(idx[0]) if idx.size else 0
    for bound in state.bound:
        key = ",".join(bound.unit.fk.columns)
        rows, nulls = view.parent_rows(key)
        if rows is None:
            continue
        source, valid = view.parent_keys(bound.unit)
        draw = view.rng(f"site country:{key}", start).random(idx.size)
        picked = rows.copy()
        todo = ~missing & ~nulls
        for paired in (True, False) if bound.shared else (False,):
            parts = [wanted]
            skip = np.zeros(idx.size, bool)
            for mine, _ in bound.shared if paired else ():
                col = batch.get(mine)
                if col is None:
                    skip[:] = True
                    break
                parts.append(_text(col.values))
                skip |= col.nulls
            order = _sorted(view, state, bound, paired, valid)
            left, right = order.ranges(_joined(parts))
            hit = todo & ~skip & (right > left)
            at = left + np.floor(draw * (right - left)).astype(np.int64)
            picked[hit] = order.rows[np.minimum(at, order.rows.size - 1)][hit]
            todo &= ~hit
        links.assign(batch, bound.unit, picked, idx.size, nulls, source)
        for column, via in state.copies.get(key, ()):  # what the row repeats of it follows
            repeat_parent(view, links, batch, bound.unit, picked, nulls, column, via)


RULE = LinkRule(
    "lookups of the site's country",
    "a key to a lookup kept per country (a rate plan) takes one of the row's site's country",
    Stage.KEYS,
    follow_site_country,
    after=("keys that meet at a site", "parties placed in their group"),
    before=("keys an ancestor decides",),  # the currency then follows the rate plan's
)
