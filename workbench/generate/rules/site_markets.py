"""A lookup kept per country for what happens at a business's sites is kept in the sites'
countries: a charging network's tariffs, a car park operator's price plans, a rental
company's rate plans (a table with a key that may not be NULL to a table of facts: countries,
currencies…) that rows at a site use (rules/site_country.py: a row takes the lookup's row of
its site's country) are drawn in the countries the sites stand in, as often as sites stand
there. A network of sites in four countries has no tariff of a country it has no site in,
and a site's country always has tariffs for the sessions there.

Planned from the schema: another table has a key that may not be NULL to this one and
reaches a business site (kinds/meets.business_site) directly, or a place the business has
(kinds/meets.business_place: a car park on the map) along keys that may not be NULL
(kinds/meets.chains: a session's connector's charger's site), and that site has a key to
the same table of facts as the lookup. Only where the sites are generated first, the key is
drawn freely and nothing else holds it (valid_then.free_to_repick); runs before the row's
other facts follow its country (rules/locale_keys.py: the tariff's currency)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.tables import partition_root, required_keys_to
from workbench.generate.kinds.meets import (
    business_place,
    business_site,
    chains,
    personal,
    placed_contact,
)
from workbench.generate.rules.base import LinkRule, Stage
from workbench.generate.rules.site_country import fact_keys
from workbench.generate.rules.valid_then import free_to_repick
from workbench.schema import memo

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch, Col
    from workbench.generate.links import Links
    from workbench.generate.view import FKUnit, TableView
    from workbench.schema.model import Schema, Table


@dataclass
class SiteMarkets:
    """Per table (scratch): each key drawn among the sites' facts, with the parent rows of
    those facts, one per site row (found once)."""

    planned: bool = False
    keys: list[tuple[FKUnit, np.ndarray]] = field(default_factory=list)


def _sites_of(schema: Schema, child: Table, lookup: str) -> list[str]:
    """The business sites a row of `child` happens at: its own key's, or reached along keys
    that may not be NULL from another of its keys' parents."""
    out = []
    for fk in child.foreign_keys:
        ref = partition_root(schema, fk.ref_qualified)
        if len(fk.columns) != 1 or ref in (lookup, child.qualified):
            continue
        if personal(schema, ref) and not placed_contact(schema, ref):  # a site keeps e-mail too
            continue
        if business_site(schema, ref):
            out.append(ref)
            continue
        reached = (
            r for _, r, _, _ in chains(schema, ref, child.qualified) if business_place(schema, r)
        )
        site = next(reached, None)
        if site is not None:
            out.append(site)
    return out


@memo.by_identity  # of the schema alone: each table asks it of the tables of the schema
def _used_at_sites(schema: Schema, lookup: str) -> tuple[str, ...]:
    """The sites at which rows with a required key to the lookup happen."""
    out: list[str] = []
    for child, _ in required_keys_to(schema).get(lookup, ()):
        if child.qualified != lookup:
            out += [s for s in _sites_of(schema, child, lookup) if s not in out]
    return tuple(out)


def _plan(view: TableView) -> SiteMarkets:
    state = view.scratch.get(SiteMarkets)
    if state.planned:
        return state
    state.planned = True
    schema, name = view.schema, view.tp.name
    if business_place(schema, name) or personal(schema, name):
        return state
    roots = {t: partition_root(schema, t) for t in schema.tables}
    mine = fact_keys(view.table, roots)
    for site in _used_at_sites(schema, name):
        model, stored = schema.tables.get(site), view.keys.tables.get(site)
        if model is None or stored is None:
            continue  # the sites are not made yet
        for fact, column in fact_keys(model, roots).items():
            unit = next((u for u in view.units if u.fk.columns == [mine.get(fact, "")]), None)
            held = stored.get(column)
            if unit is None or held is None or not free_to_repick(view, unit):
                continue
            if any(u is unit for u, _ in state.keys):
                continue
            rows = _fact_rows(view, unit, held)
            if rows.size:
                state.keys.append((unit, rows))
        if state.keys:
            break
    return state


def _fact_rows(view: TableView, unit: FKUnit, held: Col) -> np.ndarray:
    """The fact's parent row of each site row (the sites whose fact the parent holds)."""
    source, valid = view.parent_keys(unit)
    values = source[unit.ref_map[unit.fk.columns[0]]].values[valid]
    at = {str(v): int(r) for v, r in zip(values.tolist(), valid.tolist(), strict=True)}
    facts = [str(v) for v in np.asarray(held.values)[~held.nulls].tolist()]
    return np.asarray([at[v] for v in facts if v in at], np.int64)


def keep_in_site_markets(view: TableView, links: Links, batch: Batch, idx: np.ndarray) -> None:
    """Each planned key re-picked among the facts of the sites, as often as sites hold each."""
    state = _plan(view)
    for unit, rows in state.keys:
        key = ",".join(unit.fk.columns)
        picked, nulls = view.parent_rows(key)
        if picked is None:
            continue
        source, _ = view.parent_keys(unit)
        draw = view.rng(f"site markets:{key}", int(idx[0]) if idx.size else 0).integers(
            0, rows.size, idx.size
        )
        chosen = np.where(nulls, picked, rows[draw])
        links.assign(batch, unit, chosen, idx.size, nulls, source)


RULE = LinkRule(
    "lookups in the sites' countries",
    "a lookup kept per country for rows at the sites (a tariff) is of a country a site is in",
    Stage.KEYS,
    keep_in_site_markets,
    after=("lookups of the site's country",),
    before=("keys of the row's locale", "keys an ancestor decides"),
)
