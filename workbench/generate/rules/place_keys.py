"""A key to a table of countries follows the place the row is at: a grower keyed to its region
(whose country is a column of the region's) and to a table of countries names the region's
country, not any country. The row has no country of its own (then the keys follow that one:
rules/locale_keys.py); the place is the first parent one key away that is where the row is
(kinds/whereabouts.where_it_is: a region, a town, a site, by a key naming no direction) and
states a country, as the place rule ranks them (money.parent_country).

The key is re-picked among the rows of the table of countries holding that country (by the
referenced column's form: a code, an alpha-3 code or a name); a row whose place's country the
table does not hold keeps its free pick."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.batch import factorize
from workbench.generate.base.runs import lookup
from workbench.generate.kinds.semantics import decide_column
from workbench.generate.kinds.whereabouts import directed
from workbench.generate.rules import money
from workbench.generate.rules.base import LinkRule, Stage
from workbench.generate.rules.locale import FACTS, country_anchor, country_rows
from workbench.generate.rules.paths import Path, paths_of

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.links import Links
    from workbench.generate.view import FKUnit, TableView

_COUNTRY_FACTS = ("country_code", "country", "country_code3")


@dataclass
class PlaceKeys:
    """Per table (scratch): the keys to countries, the place path and its country column."""

    planned: list[tuple[FKUnit, str]] | None = None
    place: tuple[Path, str] | None = None


def _plan(view: TableView) -> PlaceKeys:
    state = view.scratch.get(PlaceKeys)
    if state.planned is not None:
        return state
    state.planned = []
    if country_anchor(view) is not None:
        return state
    keys = fact_keys(view, _COUNTRY_FACTS)
    if not keys:
        return state
    facts = {",".join(u.fk.columns) for u, _ in keys}
    places = [
        p for p in paths_of(view)
        if p.via is None and p.fk not in facts and money.at_place(view, p)
    ]  # fmt: skip
    state.place = money.parent_country(view, places)
    if state.place is not None:
        state.planned = keys
    return state


def fact_keys(
    view: TableView, facts: Collection[str], undirected: bool = False
) -> list[tuple[FKUnit, str]]:
    """The row's one-column keys drawn freely (not to itself, not unique) whose referenced
    column holds one of `facts` (a country's code or name, a currency), with that fact;
    `undirected`: not a key naming a direction or another side (`buyer_currency`)."""
    keys: list[tuple[FKUnit, str]] = []
    for unit in view.units:
        if len(unit.fk.columns) != 1 or unit.mode == "self" or not view.drawn_freely(unit):
            continue
        column = unit.fk.columns[0]
        parent = view.schema.tables.get(unit.parent)
        model = parent.column(unit.fk.ref_columns[0]) if parent is not None else None
        if parent is None or model is None or view.specs[column].unique:
            continue
        if undirected and directed(column):
            continue
        fact = decide_column(view.schema, parent, model, view.config).generator
        if fact in facts:
            keys.append((unit, fact))
    return keys


def follow_place(view: TableView, links: Links, batch: Batch, idx: np.ndarray) -> None:
    """Each planned key re-picked among the countries' rows of its place's country."""
    state = _plan(view)
    if state.planned and state.place is not None:
        follow_keys(view, links, batch, idx, state.place, state.planned)


def follow_keys(
    view: TableView,
    links: Links,
    batch: Batch,
    idx: np.ndarray,
    place: tuple[Path, str],
    planned: list[tuple[FKUnit, str]],
) -> None:
    """Each key of `planned` (a key and the fact of a country its parent's rows hold: a code,
    a name, a currency) re-picked among the parent's rows holding that fact of the country in
    the place's column (`place`: the path to the place and its country column)."""
    path, column = place
    rows, nulls = view.parent_rows(path.fk)
    kept = view.keys.tables.get(path.parent, {}).get(column)
    if rows is None or kept is None:
        return
    uniq, codes = factorize(np.asarray(kept.values[rows]))
    found_countries = country_rows(uniq)
    missing = nulls | kept.nulls[rows]
    for unit, fact in planned:
        key = ",".join(unit.fk.columns)
        picked_rows, key_nulls = view.parent_rows(key)
        if picked_rows is None:
            continue
        source, _ = view.parent_keys(unit)
        held = source[unit.ref_map[unit.fk.columns[0]]]
        table = np.empty(max(len(found_countries), 1), dtype=object)
        table[: len(found_countries)] = [
            FACTS[fact](c) if c is not None else "" for c in found_countries
        ]
        wanted = table[codes] if codes.size else np.zeros(0, dtype=object)
        try:
            hit, found = lookup(held, wanted.astype(held.values.dtype))
        except (TypeError, ValueError):  # keys of a kind that does not compare with text
            continue
        found &= ~missing & ~key_nulls
        if not found.any():
            continue
        picked = picked_rows.copy()
        picked[found] = hit[found]
        links.assign(batch, unit, picked, idx.size, key_nulls, source)


RULE = LinkRule(
    "keys of the row's place",
    "a key to a table of countries names the country of the place the row is at",
    Stage.KEYS,
    follow_place,
    after=("keys of the row's locale",),
    before=("tree containers",),
)
