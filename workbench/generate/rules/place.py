"""One place per row for each group of address columns sharing a prefix (`billing_city`,
`billing_country`…): city, region, postal code, country, coordinates, locale and time zone
that belong together; in the owner's country when the row has a parent with one."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.generate.base.batch import Batch
from workbench.generate.base.names import normalise
from workbench.generate.generators import places
from workbench.generate.rules import place_parent
from workbench.generate.rules.base import (
    RowRule,
    Rule,
    free,
    row_rng,
)

if TYPE_CHECKING:
    from workbench.generate.view import TableView


_PLACE_SYNONYMS = {
    "city": ("city", "town", "locality", "city_name"),
    "region": ("state", "province", "region", "county", "state_name"),
    "region_code": ("state_code", "province_code", "region_code", "state"),
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


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    groups: dict[str, dict[str, str]] = {}
    for name, spec in view.specs.items():
        if spec.generator not in _PLACE_SYNONYMS or not free(view, name):
            continue
        norm = normalise(name)
        prefix = norm
        for syn in sorted(_PLACE_SYNONYMS[spec.generator], key=len, reverse=True):
            if norm == syn or norm.endswith("_" + syn):
                prefix = norm[: len(norm) - len(syn)]
                break
        groups.setdefault(prefix, {}).setdefault(spec.generator, name)
    # a time zone, locale or coordinates under a prefix of their own (`iana_timezone`,
    # `geo_lat`) qualify how the value is written, not another address: with one address on
    # the row, they are that address's
    core = [prefix for prefix, members in groups.items() if set(members) & _CORE_PLACE]
    if len(core) == 1:
        for prefix in [p for p in groups if p not in core]:
            for generator, name in groups.pop(prefix).items():
                groups[core[0]].setdefault(generator, name)
    out = []
    parent = place_parent.plan_parent(view) if groups else None
    for prefix, members in sorted(groups.items()):
        # a lone city or postal code still follows the parent's country
        if (len(members) >= 2 or parent is not None) and set(members) & _CORE_PLACE:
            cols = sorted(members.values())
            label = prefix.rstrip("_") or "address"
            data: dict[str, Any] = {"fields": members}
            detail = f"{label}: one place per row"
            if parent is not None:
                data["parent"] = parent
                detail += f", in the country of {parent['path'].table}.{parent['source']}"
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
    if not allowed.any():
        return
    weights = np.where(allowed, table.weights, 0.0)
    n = len(next(iter(batch.values())).values)
    which = rng.choice(table.size, n, p=weights / weights.sum())
    rows: np.ndarray | slice = slice(None)
    if "parent" in rule.data:
        # without a country column of its own, a place can only be its parent's country's
        own = bool(set(members) & {"country", "country_code", "country_code3"})
        abroad = place_parent.ABROAD if own else 0.0
        city = members.get("city")
        distinct = city is not None and bool(view.specs[city].params.get("distinct"))
        moved = place_parent.follow(
            view, rule.data["parent"], batch, allowed, which, rng, abroad, distinct
        )
        if moved is not None and not own:
            rows = moved
    slot = rng.integers(0, table.postal.shape[1], n)
    for field_name, column in members.items():
        if column in batch:
            values = places.place_values(view.seed, field_name, which, slot, rng)
            batch[column].values[rows] = values[rows]
    _pair_nulls(batch, members.get("latitude"), members.get("longitude"))
    _postcode_nulls(batch, members.get("postal_code"), members.get("city"))


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
