"""Where a row is, for its local hours: a time zone column, else a country code, of the row or
of a table its foreign keys reach (one hop, or two through a parent's key: a rental's branch's
city's `timezone`, a viewing's unit's property's `country_code`), read through one more key
where that column is a key to a table of countries or zones (a route's hub's `country_id`:
the country's code); and each row's UTC offset
there at a moment. A country's zone is its largest city's. Shared by the rules that place a
time in local hours (rules/daypart.py, rules/opening.py)."""

from __future__ import annotations

import functools
from datetime import datetime
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.base.tables import required_parents
from workbench.generate.kinds.meets import personal, placed_contact
from workbench.generate.kinds.windows import window_of
from workbench.generate.rules.paths import Path, paths_of, source_values
from workbench.generate.vocab import countries

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView
    from workbench.schema.model import Schema

ZONE_GENERATORS = ("timezone",)
# a time zone column's names where its generator is not known (a parent's column)
ZONE_NAMES = frozenset({"time_zone", "timezone", "tz", "tzname", "tz_name", "olson_timezone",
                        "iana_timezone", "iana_tz"})  # fmt: skip
COUNTRY_WORDS = frozenset({"country", "cc", "iso2", "nation"})
# a table of countries (`countries`, `ctry`) and the words of its code column (`iso_code`)
COUNTRY_TABLES = frozenset({"country", "countries", "nation", "nations"})
CODE_WORDS = frozenset({"code", "iso", "iso2", "alpha2", "cd"})
# how many keys further a table's zone is looked for, beyond a key to a table with one
DEEP_HOPS = 3
NUMBERS = frozenset({"integer", "bigint", "smallint", "int", "int2", "int4", "int8", "numeric",
                     "serial", "bigserial"})  # fmt: skip


def zone_column(view: TableView, table_name: str, deep: bool = False) -> tuple[str, str] | None:
    """A table's column that says where its rows are: ('zone', column) for a time zone, else
    ('country', column) for a country code; else (`deep`) a key to a table with a time zone
    of its own (a network's `city_id` to cities with their `timezone`)."""
    table = view.schema.tables.get(table_name)
    if table is None:
        return None
    found = _zone_column(view, table_name)
    if found is not None or not deep:
        return found
    for fk in table.foreign_keys:
        if len(fk.columns) != 1 or fk.ref_qualified == table_name:
            continue
        other = _zone_column(view, fk.ref_qualified)
        if other is not None and other[0] == "zone":
            return "zone", fk.columns[0]
    further = _zone_key(view, table_name, DEEP_HOPS, frozenset({table_name}))
    return ("zone", further) if further is not None else None


def _zone_key(view: TableView, table_name: str, hops: int, seen: frozenset[str]) -> str | None:
    """The required key of a table that leads, through required keys to tables of no person
    (a meter's connection, its premises, their service area), to the nearest table with a time
    zone of its own, within `hops` keys: where the table's rows are."""
    table = view.schema.tables.get(table_name)
    if table is None or hops <= 0:
        return None
    keys = [
        fk
        for fk, _ in required_parents(view.schema, table)
        if fk.ref_qualified not in seen
        and not (personal(view.schema, fk.ref_qualified)
                 and not placed_contact(view.schema, fk.ref_qualified))
    ]  # fmt: skip
    for fk in keys:
        other = _zone_column(view, fk.ref_qualified)
        if other is not None and other[0] == "zone":
            return fk.columns[0]
    for fk in keys:  # one key further each time: the nearest zone wins
        if _zone_key(view, fk.ref_qualified, hops - 1, seen | {fk.ref_qualified}) is not None:
            return fk.columns[0]
    return None


def _zone_column(view: TableView, table_name: str) -> tuple[str, str] | None:
    table = view.schema.tables.get(table_name)
    if table is None:
        return None
    from_specs = table_name == view.tp.name
    keys = {fk.columns[0] for fk in table.foreign_keys if len(fk.columns) == 1}
    found: tuple[str, str] | None = None
    for column in table.columns:
        spec = view.specs.get(column.name) if from_specs else None
        if from_specs and spec is None:
            continue  # a generated column: not drawn here
        generator = spec.generator if spec is not None else ""
        words = set(normalise(column.name).split("_"))
        if generator in ZONE_GENERATORS or normalise(column.name) in ZONE_NAMES:
            return "zone", column.name
        if (
            found is None
            and words & COUNTRY_WORDS
            and "name" not in words
            and (column.name in keys or not _numeric(column.type.name))
        ):
            found = ("country", column.name)  # a code, or a key to a table of them
    if found is None and normalise(table_name.rsplit(".", 1)[-1]) in COUNTRY_TABLES:
        # its ISO code, else its bare code (`code`), before a code of something else that a
        # country has (a dial code's `calling_code`, its `currency_code`)
        codes = [
            (not {"iso", "iso2", "alpha2"} & words, bool(words - CODE_WORDS), c.name)
            for c in table.columns
            if (words := set(normalise(c.name).split("_"))) & CODE_WORDS
            and not _numeric(c.type.name)
        ]
        found = ("country", min(codes)[2]) if codes else None  # a table of countries: its code
    return found


def _numeric(type_name: str) -> bool:
    """A number's type (a table's own `country_id`, no code)."""
    return type_name.split("(")[0].strip() in NUMBERS


def through(view: TableView, table_name: str, column: str) -> tuple[str, str, str, str] | None:
    """Where a place column is a key to a table that says where (a site's `country_id` to a
    table of countries with its code or its zone): (that table, the key it holds, 'zone' or
    'country', its column)."""
    table = view.schema.tables.get(table_name)
    if table is None:
        return None
    for fk in table.foreign_keys:
        if list(fk.columns) != [column] or fk.ref_qualified == table_name:
            continue
        other = zone_column(view, fk.ref_qualified)
        if other is None or other[0] != "zone":  # a zone further on before its own country
            seen = frozenset({fk.ref_qualified})
            further = _zone_key(view, fk.ref_qualified, DEEP_HOPS, seen)
            other = ("zone", further) if further is not None else other
        if other is not None:
            return fk.ref_qualified, fk.ref_columns[0], other[0], other[1]
    return None


def _term(view: TableView, name: str) -> bool:
    """Whether the table is a term valid over a window (a price list, a contract)."""
    table = view.schema.tables.get(name)
    window = window_of(view.schema, table, view.config) if table is not None else None
    return window is not None and window.validity


def place_of(view: TableView, via: str | None = None) -> tuple[Path | None, str, str] | None:
    """Where the row is: (the path to the table, None for the row's own, 'zone' or 'country',
    the column). A path through a key the row must have wins (a viewing's unit, not the
    optional agent showing it round: a person's office is not where the thing is); then one
    that reaches no person first (a visit's charger's site, not its technician's country);
    then a time zone anywhere within two hops over a country code; the nearer among either. `via`:
    only through that foreign key (the site a row happens at)."""
    found: list[tuple[bool, bool, bool, int, Path | None, str, str]] = []
    if via is None:
        own = zone_column(view, view.tp.name)
        if own is not None:
            found.append((False, False, own[0] != "zone", 0, None, own[0], own[1]))
    columns = {c.name: c for c in view.table.columns}
    for path in paths_of(view):
        if via is not None and path.fk != via:
            continue
        other = zone_column(view, path.table, deep=True)  # or its key to a zone's table
        if other is not None and path.table != view.tp.name:
            optional = any(columns[c].nullable for c in path.fk.split(",") if c in columns)
            depth = 1 + (path.via is not None)
            # a worker sent there (a technician's home country) is not where the work is, nor
            # a term picked by its dates (a tariff, a contract valid at the row's time)
            person = (
                personal(view.schema, path.parent) and not placed_contact(view.schema, path.parent)
            ) or _term(view, path.parent)
            found.append((optional, person, other[0] != "zone", depth, path, *other))
    if not found:
        return None
    found.sort(key=lambda f: f[:4])
    _, _, _, _, reached, how, column = found[0]
    return reached, how, column


def keep_columns(view: TableView) -> set[str]:
    """What a table keeps for its children's (and grandchildren's) local hours: its zone or
    country, else its key to a table with a zone."""
    found = zone_column(view, view.tp.name, deep=True)
    return {found[1]} if found is not None else set()


@functools.cache
def zone(name: str) -> ZoneInfo | None:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, TypeError):
        return None


@functools.cache
def country_zone(code: str) -> str:
    cities = countries.cities_of(countries.alpha2(code) or code.strip().upper())
    return cities[0].timezone if cities else ""


def as_zones(names: np.ndarray, how: str) -> np.ndarray:
    """Zone names from a place column's values ('' where none is known)."""
    if how != "country":
        return names
    codes, back = np.unique(names.astype(str), return_inverse=True)
    zones = [country_zone(c) if c else "" for c in codes.tolist()]  # per country
    return np.asarray(zones, dtype=object)[back]


def zones_of(
    view: TableView, place: tuple[Path | None, str, str] | None, batch: Batch, n: int
) -> np.ndarray:
    """Each row's time zone name ('' where none is known)."""
    if place is None:
        return np.full(n, "", dtype=object)
    path, how, column = place
    if path is None:
        col = batch.get(column)
        if col is None:
            return np.full(n, "", dtype=object)
        values, nulls = np.asarray(col.values, dtype=object), col.nulls
    else:
        got = source_values(view, path, column, batch)
        if got is None:
            return np.full(n, "", dtype=object)
        values, nulls = np.asarray(got[0], dtype=object), got[1]
    table = view.tp.name if path is None else path.table
    hop = through(view, table, column)
    for _ in range(DEEP_HOPS + 2):  # the key of a table that says where: its code or zone,
        if hop is None:  # or its key to the next one that does (a premises' service area)
            break
        values, nulls, how = *_looked_up(view, hop, values, nulls), hop[2]
        hop = through(view, hop[0], hop[3])
    names = np.where(nulls, "", values.astype(str)).astype(object)
    return as_zones(names, how)


def _looked_up(
    view: TableView, hop: tuple[str, str, str, str], keys: np.ndarray, nulls: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """The place column's values of the rows of another table whose keys are `keys` (its
    kept rows), and where none is known."""
    table, key, _, column = hop
    stored = view.keys.tables.get(table, {})
    if key not in stored or column not in stored:
        return np.full(keys.size, "", dtype=object), np.ones(keys.size, bool)
    found = {
        k: v
        for k, v, kn, vn in zip(
            np.asarray(stored[key].values, dtype=object).tolist(),
            np.asarray(stored[column].values, dtype=object).tolist(),
            stored[key].nulls.tolist(),
            stored[column].nulls.tolist(),
            strict=True,
        )
        if not kn and not vn
    }
    out = [found.get(k, "") for k in keys.tolist()]
    missing = nulls | np.asarray([k not in found for k in keys.tolist()], bool)
    return np.asarray(out, dtype=object), missing


def offsets(zones: np.ndarray, at: np.ndarray) -> np.ndarray:
    """Each row's UTC offset (microseconds) in its zone at about that moment (per zone and
    day: a day's offset at its UTC noon)."""
    out = np.zeros(at.size, np.int64)
    days = at.astype("datetime64[D]")
    for zone_name in set(zones.tolist()) - {""}:
        found = zone(zone_name)
        if found is None:
            continue
        rows = np.flatnonzero(zones == zone_name)
        uniq, back = np.unique(days[rows], return_inverse=True)
        offs = [
            int(found.utcoffset(datetime.fromisoformat(f"{d}T12:00:00")).total_seconds())  # type: ignore[union-attr]
            for d in uniq.astype(str).tolist()
        ]
        out[rows] = np.asarray(offs, np.int64)[back] * 1_000_000
    return out


def zoned(schema: Schema, table: str, column: str) -> bool:
    """Whether a time column holds instants (timestamptz: stored in UTC, its local hour is
    its place's), not a wall-clock time already local."""
    model = schema.tables.get(table)
    found = next((c for c in model.columns if c.name == column), None) if model else None
    return found is not None and "with time zone" in found.type.name
