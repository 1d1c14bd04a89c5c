"""General code families of the world, by their column's name, on a schema of our own (a
laboratory supplier: chemicals, research customers, warehouses, a courier's aircraft and the
jingles of its adverts), checked on a real PostgreSQL at three seeds: a chemical's CAS Registry
Number carries its check digit, a researcher's ORCID iD its ISO 7064 MOD 11-2 digit, a
warehouse's GS1 GLN its GS1 digit, a firm's D-U-N-S number is nine digits, an aircraft's ICAO
24-bit address six hexadecimal digits, a recording's ISRC country, registrant, year and number,
and an animal's microchip ISO 11784 (vocab/data/code_schemes.tsv). No dev domain named here."""

from __future__ import annotations

import re

import psycopg
import pytest

from tests.engine.loading import loaded_database

NOW = "2026-03-10T09:00:00+00:00"
SCHEMA = """
CREATE TABLE chemicals (chemical_id serial PRIMARY KEY, name text NOT NULL,
  cas_number text UNIQUE, hazardous boolean NOT NULL DEFAULT false);
CREATE TABLE researchers (researcher_id serial PRIMARY KEY, full_name text NOT NULL,
  orcid text UNIQUE, institution text);
CREATE TABLE warehouses (warehouse_id serial PRIMARY KEY, city text NOT NULL,
  gln text NOT NULL UNIQUE, duns_number text);
CREATE TABLE aircraft (aircraft_id serial PRIMARY KEY, registration text NOT NULL UNIQUE,
  icao24 text NOT NULL UNIQUE);
CREATE TABLE jingles (jingle_id serial PRIMARY KEY, title text NOT NULL, isrc text UNIQUE);
CREATE TABLE guard_dogs (dog_id serial PRIMARY KEY, warehouse_id int NOT NULL
  REFERENCES warehouses(warehouse_id), microchip_number text UNIQUE);
"""
SETTINGS = {"generate": {"rows": 300, "now": NOW}}


def _cas(value: str) -> bool:
    if not re.fullmatch(r"[1-9][0-9]{1,6}-[0-9]{2}-[0-9]", value):
        return False
    digits = [int(c) for c in value[:-1] if c.isdigit()]
    return sum(d * at for at, d in enumerate(reversed(digits), start=1)) % 10 == int(value[-1])


def _orcid(value: str) -> bool:
    if not re.fullmatch(r"[0-9]{4}-[0-9]{4}-[0-9]{4}-[0-9]{3}[0-9X]", value):
        return False
    total = 0
    for c in value[:-1].replace("-", ""):
        total = (total + int(c)) * 2
    rest = (12 - total % 11) % 11
    return value[-1] == ("X" if rest == 10 else str(rest))


def _gln(value: str) -> bool:
    if not re.fullmatch(r"[0-9]{13}", value):
        return False
    digits = [int(c) for c in value]
    total = sum(d * (3 if at % 2 == 0 else 1) for at, d in enumerate(reversed(digits[:-1])))
    return -total % 10 == digits[-1]


def _chip(value: str) -> bool:
    return bool(re.fullmatch(r"[0-9]{15}", value)) and (
        900 <= int(value[:3]) <= 998 or 4 <= int(value[:3]) <= 894
    )


CHECKS = {
    "chemicals.cas_number": _cas,
    "researchers.orcid": _orcid,
    "warehouses.gln": _gln,
    "warehouses.duns_number": lambda v: bool(re.fullmatch(r"[0-9]{9}", v)),
    "aircraft.icao24": lambda v: bool(re.fullmatch(r"[0-9A-F]{6}", v)),
    "jingles.isrc": lambda v: bool(re.fullmatch(r"[A-Z]{2}[A-Z0-9]{3}[0-9]{7}", v)),
    "guard_dogs.microchip_number": _chip,
}


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


@pytest.mark.parametrize("column", sorted(CHECKS))
def test_a_code_of_the_world_has_its_structure(loaded: str, column: str) -> None:
    table, name = column.split(".")
    with psycopg.connect(loaded) as conn:
        values = [
            r[0] for r in conn.execute(f"SELECT {name} FROM {table} WHERE {name} IS NOT NULL")
        ]
    assert len(values) >= 5
    bad = [v for v in values if not CHECKS[column](v)]
    assert len(bad) <= 0.02 * len(values), f"{len(bad)} of {len(values)}: {bad[:5]}"
