"""Addresses in their owner's country: a row's place (city, region, postal code, country…)
follows the country of the parent it belongs to (an address's customer, an order's ship-to
place its customer, a store its company), chosen by `money.ranked_paths` with the parties
first.

ABROAD of the rows keep a place drawn anywhere, when the row says its country: real customers
have the odd holiday home, gift shipment or address abroad, and a sandbox where no row ever
differs would hide the queries that must cope with one. A parent whose country has no city in
the place table (places.py) cannot be followed either: those rows keep their drawn place as
well. A group without a country column of its own (a lone `city` under a country table,
pagila's city → country) has no row abroad, and where the parent's country has no city here its
rows keep the values they were drawn with (nothing better is known). Nor has a row whose
parent is where it is (kinds/whereabouts: a grower keyed to its region, a depot to its town,
a desk to its branch): a grower in a region of Spain grows in Spain. A person with a home
address of their own (a city, a postcode) keeps the odd home abroad, whatever site they
belong to (a patient's clinic); an employee with only a country and a clock is at the
office's.

Per batch: the parent's countries are read as alpha-2 codes once per distinct value, then
one draw per country of the place table."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.generate.base.batch import factorize
from workbench.generate.generators import places
from workbench.generate.generators.phones import country_alpha2
from workbench.generate.kinds.meets import personal
from workbench.generate.rules import money
from workbench.generate.rules.money import by_column
from workbench.generate.rules.paths import paths_of, source_rows

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

ABROAD = 0.03


def plan_parent(view: TableView, places: bool = True) -> dict[str, Any] | None:
    """The parent path and country column a place group of this table follows (`places`:
    money.ranked_paths, False for another place than the row's: a billing address)."""

    found = money.parent_country(view, paths_of(view), places)
    if found is None:
        return None
    # a thing at a place (its region, its town, the site it belongs to) is never abroad; a
    # person with a home address may live abroad whatever site they belong to (place.py)
    at = places and money.at_place(view, found[0])
    person = personal(view.schema, view.tp.name)
    return {"path": found[0], "source": found[1], "at": at, "person": person}


def _country_index(values: np.ndarray, countries: list[str]) -> np.ndarray:
    """Each value (a country name, alpha-2 or alpha-3 code) as its position in `countries`
    (alpha-2 codes), -1 when not there: one lookup per distinct value."""

    arr = np.asarray(values)
    if arr.size == 0:
        return np.zeros(0, np.int64)
    uniq, codes = factorize(arr)  # a hash pass, not a sort of the text
    where = {cc: n for n, cc in enumerate(countries)}
    alpha = country_alpha2(np.array([str(v).strip() for v in uniq], dtype=object))
    table = np.array([where.get(str(a), -1) for a in alpha.tolist()], dtype=np.int64)
    return np.asarray(table[codes.reshape(-1)])


def follow(
    view: TableView,
    parent: dict[str, Any],
    batch: Batch,
    allowed: np.ndarray,
    which: np.ndarray,
    rng: np.random.Generator,
    abroad: float = ABROAD,
    distinct: bool = False,
) -> np.ndarray | None:
    """Move each row's city (`which`, an index into the place table) into its parent's
    country, among the cities the group's columns can hold (`allowed`); the rows moved.
    `distinct` (a table of cities): each of the country's cities once before any twice."""

    got = source_rows(view, parent["path"], batch)
    if got is None or parent["source"] not in got[0]:
        return None
    kept, rows_of, missing = got
    col = kept[parent["source"]]
    table = places.places(view.seed)
    countries, cities_of = _cities_by_country(table)
    index = by_column(col.values, "country", lambda v: _country_index(v, countries))
    row_country = index[rows_of]
    row_country[missing | col.nulls[rows_of] | (rng.random(which.size) < abroad)] = -1
    moved = np.zeros(which.size, bool)
    # the rows of each country present, in row order, countries in their order (as a pass over
    # every country would draw them: the same draws, without a scan of the rows per country)
    by_country = np.argsort(row_country, kind="stable")
    grouped = row_country[by_country]
    present, first = np.unique(grouped, return_index=True)
    bounds = [*first.tolist(), grouped.size]
    for i, n in enumerate(present.tolist()):
        if n < 0:
            continue
        rows = by_country[bounds[i] : bounds[i + 1]]
        cities = cities_of[n]
        cities = cities[allowed[cities]]
        if rows.size and cities.size:
            weights = table.weights[cities]
            if not weights.sum():  # a country no free draw picks: its cities by population
                weights = table.population[cities]
            p = weights / weights.sum()
            if distinct:
                order = rng.choice(cities.size, cities.size, replace=False, p=p)
                which[rows] = cities[order[np.arange(rows.size) % cities.size]]
            else:
                which[rows] = cities[rng.choice(cities.size, rows.size, p=p)]
            moved[rows] = True
    return moved


_BY_COUNTRY: dict[int, tuple[Any, list[str], list[np.ndarray]]] = {}


def _cities_by_country(table: Any) -> tuple[list[str], list[np.ndarray]]:
    """The place table's countries (alpha-2, sorted) and each one's city rows, ascending: made
    once per place table."""
    got = _BY_COUNTRY.get(id(table))
    if got is None or got[0] is not table:
        city_country = table.fields["country_code"]
        countries = sorted(set(city_country.tolist()))
        order = np.argsort(city_country, kind="stable")
        grouped = city_country[order]
        starts = np.searchsorted(grouped, countries, side="left")
        ends = np.searchsorted(grouped, countries, side="right")
        rows = [order[a:b] for a, b in zip(starts.tolist(), ends.tolist(), strict=True)]
        got = (table, countries, rows)
        if len(_BY_COUNTRY) > 32:  # place tables of other seeds: let them go
            _BY_COUNTRY.clear()
        _BY_COUNTRY[id(table)] = got
    return got[1], got[2]
