"""One place per row for each group of address columns sharing a prefix (`billing_city`,
`billing_country`…): city, region, postal code, country, coordinates, locale and time zone
that belong together; in the owner's country when the row has a parent with one."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.generate.base.batch import Batch
from workbench.generate.base.names import normalise, singular_forms
from workbench.generate.generators import places
from workbench.generate.kinds.whereabouts import directed
from workbench.generate.rules import place_city, place_parent, place_point
from workbench.generate.rules.base import (
    RowRule,
    Rule,
    free,
    labels_of,
    row_rng,
)
from workbench.generate.vocab import countries

if TYPE_CHECKING:
    from workbench.generate.view import TableView


# a state or province, the words one name joins (`state_province`: a place's own, not a
# `state_` group of its own)
_REGION = ("state_province", "state_or_province", "province_state", "state", "province", "region")
_PLACE_SYNONYMS = {
    "city": ("city", "town", "locality", "city_name"),
    "region": (*_REGION, "county", "state_name"),
    "region_code": (*_REGION, "state_code", "province_code", "region_code"),
    "country": ("country", "country_name"),
    "country_code": ("country_code", "country_iso", "country", "iso2", "country_iso2"),
    "country_code3": ("country_iso3", "iso3", "country_code3", "country"),
    "postal_code": ("postal_code", "post_code", "postcode", "zip", "zip_code", "zipcode", "postal"),
    "latitude": ("latitude", "lat"),
    "longitude": ("longitude", "lng", "lon", "long"),
    "timezone": ("timezone", "time_zone", "tz"),
    "locale": ("locale",),
}


_CORE_PLACE = {"city", "region", "region_code", "postal_code", "country", "country_code"}
# what a row's country alone decides, without a city of its own
_OF_COUNTRY = {"timezone", "locale"}
# a point on the map with no address beside it (a station's, a mast's `latitude`/`longitude`):
# somewhere in its row's country, at one of its towns
_POINT = {"latitude", "longitude"}


def _listed_countries(view: TableView, name: str) -> list[str] | None:
    """The alpha-2 codes a country column's CHECK lists (`country IN ('FI', 'LT')`): a
    choice of countries is still the place's country, drawn among those; None otherwise."""
    spec = view.specs[name]
    if spec.generator == "country_code":  # a CHECK's real codes (kinds/semantics.py)
        labels = [str(v) for v in spec.params.get("values") or ()]
    elif spec.generator == "choice" and normalise(name) in _PLACE_SYNONYMS["country_code"]:
        labels = labels_of(spec)
    else:
        return None
    known = countries.by_alpha2()
    if not labels or any(str(v) not in known for v in labels):
        return None
    return [str(v) for v in labels]


def repicked_keys(view: TableView) -> list[set[str]]:
    """Keys of a city with the key to its country (a table of cities, UNIQUE (country_code,
    name)): the unique plan builds the pair, then the city is re-picked among its country's
    (each once before any twice), so the key is checked per batch too (a repeat is repaired
    or dropped). Asked before the plan marks its keys."""
    out = []
    for unique in view.table.uniques:
        columns = [c for c in unique.columns if c is not None]
        if len(columns) != 2 or len(unique.columns) != 2:
            continue
        cities = [c for c in columns if c in view.specs and view.specs[c].generator == "city"]
        keyed = [c for c in columns if c in view.fk_cols]
        if len(cities) == 1 and len(keyed) == 1:
            out.append(set(columns))
    return out


def _movable(view: TableView, name: str) -> bool:
    """A column the place rule may write: a free one, or a city it re-picks in its key."""
    if free(view, name):
        return True
    return any(name in columns for columns in repicked_keys(view))


def _own_name(view: TableView, norm: str, generator: str) -> bool:
    """A table of places' own name (`towns.name`, `provinces.province_name`), made a town or
    a region by the table it names: the row's place, with the row's country beside it."""
    if generator not in ("city", "region"):
        return False
    stems = singular_forms(normalise(view.table.name).split("_")[-1])
    return norm in ("name", "label", "title") or any(norm == f"{s}_name" for s in stems)


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    groups: dict[str, dict[str, str]] = {}
    listed: dict[str, list[str]] = {}
    for name, spec in view.specs.items():
        generator = spec.generator
        if generator in ("choice", "country_code") and free(view, name):
            codes = _listed_countries(view, name)
            if codes is not None:
                generator, listed[name] = "country_code", codes
        if generator not in _PLACE_SYNONYMS or not _movable(view, name):
            continue
        norm = normalise(name)
        prefix = norm
        for syn in sorted(_PLACE_SYNONYMS[generator], key=len, reverse=True):
            if norm == syn or norm.endswith("_" + syn):
                prefix = norm[: len(norm) - len(syn)]
                break
        else:
            if _own_name(view, norm, generator):
                prefix = ""  # a table of towns' `name`: the town is the row's own place
        groups.setdefault(prefix, {}).setdefault(generator, name)
    # a time zone, locale or coordinates under a prefix of their own (`iana_timezone`,
    # `geo_lat`) qualify how the value is written, not another address: with one address on
    # the row, they are that address's
    core = [prefix for prefix, members in groups.items() if set(members) & _CORE_PLACE]
    if len(core) == 1:
        for prefix in [p for p in groups if p not in core]:
            for generator, name in groups.pop(prefix).items():
                groups[core[0]].setdefault(generator, name)
    out = []
    found = place_parent.plan_parent(view) if groups else None
    elsewhere = place_parent.plan_parent(view, places=False) if groups else None
    for prefix, members in sorted(groups.items()):
        # another place than the row's (a destination, a home, a billing address) follows a
        # party as ever, never the place the row is at (kinds/whereabouts)
        parent = elsewhere if directed(prefix) else found
        # a lone city or postal code still follows the parent's country, and so does a lone
        # time zone or locale (a city row keyed to its country keeps that country's clock)
        core_place = bool(set(members) & _CORE_PLACE)
        # its ancestor's town, where it has neither a town nor a country of its own
        city = place_city.plan_city(view, members) if parent is None else None
        if (
            (core_place and (len(members) >= 2 or parent is not None))
            or (parent is not None and set(members) <= _OF_COUNTRY | _POINT)
            or city is not None
        ):
            cols = sorted(members.values())
            label = prefix.rstrip("_") or "address"
            data: dict[str, Any] = {"fields": members}
            if members.get("country_code") in listed:
                data["countries"] = listed[members["country_code"]]
            detail = f"{label}: one place per row"
            if parent is not None:
                data["parent"] = parent
                detail += f", in the country of {parent['path'].table}.{parent['source']}"
            if city is not None:
                data["city_of"] = city
                detail += f", in the city of {city['path'].table}.{city['source']}"
            out.append(Rule("place", cols, detail, data))
    return out


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    rng = row_rng(view, rule, idx)
    members: dict[str, str] = rule.data["fields"]
    table = places.places(view.seed)
    allowed = np.ones(table.size, bool)
    for field_name, column in members.items():
        limit = view.specs[column].max_len
        if limit is not None and field_name not in ("latitude", "longitude"):
            allowed &= _lengths(table, field_name) <= limit
    if "countries" in rule.data:
        allowed &= np.isin(table.fields["country_code"], rule.data["countries"])
    if not allowed.any():
        return
    weights = np.where(allowed, table.weights, 0.0)
    if "countries" in rule.data:
        population = np.where(allowed, table.population, 0.0)
        weights = _each_country_alike(table.fields["country_code"], weights, population)
    elif weights.sum() <= 0:  # only countries outside the listed cities: by population
        weights = np.where(allowed, table.population, 0.0)
    n = len(next(iter(batch.values())).values)
    which = rng.choice(table.size, n, p=weights / weights.sum())
    rows: np.ndarray | slice = slice(None)
    if "parent" in rule.data:
        # without a country column of its own, a place can only be its parent's country's
        own = bool(set(members) & {"country", "country_code", "country_code3"})
        parent = rule.data["parent"]
        home = parent.get("person") and bool(set(members) & {"city", "postal_code"})
        abroad = place_parent.ABROAD if own and (home or not parent.get("at")) else 0.0
        city = members.get("city")
        distinct = city is not None and bool(view.specs[city].params.get("distinct"))
        moved = place_parent.follow(
            view, rule.data["parent"], batch, allowed, which, rng, abroad, distinct
        )
        if moved is not None and not own:
            rows = moved
    if "city_of" in rule.data:
        placed = place_city.follow_city(view, rule.data["city_of"], batch, which)
        if placed is not None and not isinstance(rows, slice):
            rows = rows | placed
    slot = rng.integers(0, table.postal.shape[1], n)
    for field_name, column in members.items():
        if column in batch:
            values = places.place_values(view.seed, field_name, which, slot, rng)
            batch[column].values[rows] = values[rows]
    if set(members) <= _POINT and not isinstance(rows, slice):
        _spread_points(batch, members, table.fields["country_code"][which], rows, rng)
    _pair_nulls(batch, members.get("latitude"), members.get("longitude"))
    _postcode_nulls(batch, members.get("postal_code"), members.get("city"))


def _spread_points(
    batch: Batch,
    members: dict[str, str],
    codes: np.ndarray,
    rows: np.ndarray,
    rng: np.random.Generator,
) -> None:
    """Points alone (a station's coordinates) in their country, each at one of its towns
    (rules/place_point.py), on the rows that followed their parent's country."""
    lat, lon, moved = place_point.spread(np.asarray(codes), rng)
    moved &= rows
    for field_name, values in (("latitude", lat), ("longitude", lon)):
        column = members.get(field_name)
        if column is not None and column in batch:
            batch[column].values[moved] = values[moved]


def _each_country_alike(
    codes: np.ndarray, weights: np.ndarray, population: np.ndarray
) -> np.ndarray:
    """Weights that give every allowed country the same share: the countries a CHECK lists
    are the business's markets, each of them present, not only those among the usual
    cities (a courier with hubs in GB, PT, DE, PL and FI has hubs in all five). Within a
    country its places keep their weights, or their population where it has no weighted
    place."""
    _, country = np.unique(codes, return_inverse=True)
    totals = np.bincount(country, weights=weights)
    within = np.where(totals[country] > 0, weights, population)
    sums = np.bincount(country, weights=within)
    return np.divide(within, sums[country], out=np.zeros_like(within), where=within > 0)


def _postcode_nulls(batch: Batch, postcode: str | None, city: str | None) -> None:
    """A place has a postcode exactly where its country uses them: a nullable postcode is
    NULL where there is none (not ''), and set wherever the place is (its city is)."""
    col = batch.get(postcode) if postcode is not None else None
    if col is None or not col.nullable:
        return
    none = np.asarray(col.values == "", bool)
    where = batch.get(city) if city is not None else None
    col.nulls[:] = none | (where.nulls if where is not None else col.nulls)


_LENGTHS: dict[tuple[int, str], tuple[Any, np.ndarray]] = {}


def _lengths(table: places.Places, field_name: str) -> np.ndarray:
    """Each place's length in `field_name` (a postal code: the longest of the place's), worked
    out once per place table."""
    got = _LENGTHS.get((id(table), field_name))
    if got is None or got[0] is not table:
        lengths = np.char.str_len(table.fields[field_name].astype(str))
        if field_name == "postal_code":
            lengths = np.maximum(lengths, np.char.str_len(table.postal.astype(str)).max(1))
        got = (table, lengths)
        if len(_LENGTHS) > 32:  # place tables of other seeds: let them go
            _LENGTHS.clear()
        _LENGTHS[(id(table), field_name)] = got
    return got[1]


def _pair_nulls(batch: Batch, first: str | None, second: str | None) -> None:
    """Coordinates are known together or not at all: a latitude without its longitude reads
    as broken data (NULL in both where either drew NULL, none where one may not be NULL)."""
    a, b = batch.get(first or ""), batch.get(second or "")
    if a is None or b is None:
        return
    shared = a.nulls | b.nulls if a.nullable and b.nullable else np.zeros(a.nulls.size, bool)
    a.nulls[:] = shared
    b.nulls[:] = shared


RULE = RowRule(
    "place", "one place per row for each group of address columns", _plan, _apply, after=("slug",)
)
