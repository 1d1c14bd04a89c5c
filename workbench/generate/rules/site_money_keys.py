"""A key to a table of currencies follows the country of the site the row is at: products,
orders and lessons of a resort in Switzerland are in francs, a fish farm's sales in Norway in
kroner. The site is the first parent one key away the row is at (kinds/whereabouts.at_site:
where it is, a store, a branch, a region, first; or a place the business has by its shape, a
resort, a marina) that states a country: its own column or its key to a table of countries.
The key is re-picked among the currencies' rows holding that country's currency (by the
referenced column's decision: the code); a row whose site's currency the table does not hold
keeps its pick.

Not where the row's currency is decided otherwise: a row with a country of its own (its
currency key follows that: rules/locale_keys.py), a currency key naming a direction or
another side (`settlement_currency_id`, `buyer_currency`), a key drawn other than freely (a
meet copies it), a row with another parent one key away stating a currency (a payment
copies its invoice's), a row keyed to no such site (a shipment keyed to its destination port
or to a consignee abroad: a counterparty keeps its own money).

Runs last among the keys, once the keys that pick the site again (a parent alive by then, in
sequence) have settled."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from workbench.generate.kinds.whereabouts import at_site, directed, world_place
from workbench.generate.rules import money
from workbench.generate.rules.base import LinkRule, Stage
from workbench.generate.rules.locale import country_anchor, country_key_of
from workbench.generate.rules.paths import Path, paths_of
from workbench.generate.rules.place_keys import fact_keys, follow_keys

if TYPE_CHECKING:
    import numpy as np

    from workbench.generate.base.batch import Batch
    from workbench.generate.links import Links
    from workbench.generate.view import FKUnit, TableView


@dataclass
class SiteMoneyKeys:
    """Per table (scratch): the keys to currencies and the site whose country they follow."""

    planned: list[tuple[FKUnit, str]] | None = None
    site: tuple[Path, str] | None = None


def _plan(view: TableView) -> SiteMoneyKeys:
    state = view.scratch.get(SiteMoneyKeys)
    if state.planned is not None:
        return state
    state.planned = []
    if country_anchor(view) is not None:
        return state
    keys = fact_keys(view, ("currency",), undirected=True)
    if not keys:
        return state
    facts = {",".join(u.fk.columns) for u, _ in keys}
    paths = [p for p in paths_of(view) if p.via is None and p.fk not in facts]
    site = _site_country(view, paths)
    if site is not None and not _currency_parent(view, paths, site[0]):
        state.site, state.planned = site, keys
    return state


def _site_country(view: TableView, paths: list[Path]) -> tuple[Path, str] | None:
    """The first site one key away the row is at that states a country (its own column, or a
    key to a table of countries): where it is (money.at_place) before a place by its shape."""
    sites = [p for p in paths if "," not in p.fk and at_site(view.schema, p.parent, p.fk)]
    for path in sorted(sites, key=lambda p: not money.at_place(view, p)):
        parent = view.schema.tables.get(path.parent)
        if parent is None or path.parent == view.tp.name:
            continue
        own = [
            c for c in money.country_columns(view.schema, parent, view.config)
            if not directed(c)
        ]  # fmt: skip
        found = own[0] if own else country_key_of(view, path.parent)
        if found is not None:
            return path, found
    return None


def _currency_parent(view: TableView, paths: list[Path], site: Path) -> bool:
    """Whether another parent one key away states a currency (not its key: a table of
    currencies is none), which the row's currency copies. Not a parent by a key naming a
    direction or another side (a destination country's currency is the destination's), nor
    a place of the world (a country's currency is the country's, not the row's)."""
    for path in paths:
        parent = view.schema.tables.get(path.parent)
        if path == site or parent is None or path.parent == view.tp.name:
            continue
        if directed(path.fk) or world_place(path.parent):
            continue
        named = money.currency_columns(view.schema, parent, view.config)
        key = set(parent.primary_key.columns) if parent.primary_key else set()
        if [c for c in named if not directed(c) and c not in key]:
            return True
    return False


def follow_site(view: TableView, links: Links, batch: Batch, idx: np.ndarray) -> None:
    """Each planned key re-picked among the currencies' rows of its site's country's."""
    state = _plan(view)
    if state.planned and state.site is not None:
        follow_keys(view, links, batch, idx, state.site, state.planned)


RULE = LinkRule(
    "currency keys of the row's site",
    "a key to a table of currencies names the currency of the country of the site the row is at",
    Stage.KEYS,
    follow_site,
    after=("valid when used",),
)
