"""Registrations in their country's format, on a schema of our own (a helicopter operator's
fleet registered where the operator is, a gliding club's gliders each registered in a country
of its own), checked in SQL on what a real PostgreSQL holds: an aircraft's `registration` or
`tail_number` carries the nationality mark of the row's country (its own country column, else
its parent's) in that country's format: D-ABCD in Germany, G-ABCD in the UK, N123AB in the US,
JA1234 in Japan, EI-ABC in Ireland; a unique one stays unique. A car rental's cars carry their
branch's country's number plates (AB12 CDE in the UK, AB-123-CD in France)."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE nations (iso2 char(2) PRIMARY KEY, nation_name text NOT NULL);
CREATE TABLE operators (id serial PRIMARY KEY, trading_name text NOT NULL,
  country_code char(2) NOT NULL REFERENCES nations(iso2));
CREATE TABLE helicopters (id serial PRIMARY KEY, operator_id int NOT NULL REFERENCES operators(id),
  registration varchar(10) NOT NULL UNIQUE, seats smallint);
CREATE TABLE gliders (id serial PRIMARY KEY, tail_number varchar(8) NOT NULL,
  country_code char(2) NOT NULL REFERENCES nations(iso2), wingspan_m numeric(4,1));
CREATE TABLE rental_branches (id serial PRIMARY KEY, branch_name text NOT NULL,
  country_code char(2) NOT NULL REFERENCES nations(iso2));
CREATE TABLE rental_cars (id serial PRIMARY KEY, branch_id int NOT NULL
  REFERENCES rental_branches(id), plate_number varchar(12) NOT NULL UNIQUE, model text);
"""
# number plates of a few countries, written here
PLATES = {
    "GB": "^[A-Z]{2}[0-9]{2} [A-Z]{3}$", "FR": "^[A-Z]{2}-[0-9]{3}-[A-Z]{2}$",
    "ES": "^[0-9]{4} [A-Z]{3}$", "IT": "^[A-Z]{2} [0-9]{3} [A-Z]{2}$",
    "NL": "^(?=.{8}$)[A-Z0-9]{1,3}-[A-Z0-9]{1,3}-[A-Z0-9]{1,3}$",  # a sidecode's
    "BR": "^[A-Z]{3}[0-9][A-Z][0-9]{2}$",
    "US": "^[A-Z]{3}-[0-9]{4}$", "CA": "^[A-Z]{4} [0-9]{3}$", "AU": "^[A-Z]{3} [0-9]{3}$",
    "MX": "^[A-Z]{3}-[0-9]{3}-[A-Z]$", "SE": "^[A-Z]{3} [0-9]{2}[A-Z]$",
    "PT": "^[A-Z]{2}-[0-9]{2}-[A-Z]{2}$",
}  # fmt: skip
# ICAO Annex 7 marks and formats of a few countries, written here (not read from the vocabulary)
FORMATS = {
    "DE": "^D-[A-Z]{4}$", "GB": "^G-[A-Z]{4}$", "FR": "^F-[A-Z]{4}$", "IT": "^I-[A-Z]{4}$",
    "US": "^N[1-9][0-9]{0,4}[A-Z]{0,2}$", "JP": "^JA[0-9]{4}$", "IE": "^EI-[A-Z]{3}$",
    "CH": "^HB-[A-Z]{3}$", "AU": "^VH-[A-Z]{3}$", "BR": "^P[PRSTU]-[A-Z]{3}$",
    "IN": "^VT-[A-Z]{3}$", "CN": "^B-[0-9]{4}$", "RU": "^RA-[0-9]{5}$", "KR": "^HL[0-9]{4}$",
}  # fmt: skip


def _holds(column: str, country: str) -> str:
    cases = " ".join(f"WHEN '{c}' THEN {column} ~ '{p}'" for c, p in FORMATS.items())
    # any other country: a mark and up to seven more (Panama's HP-1523CMP)
    return f"CASE {country} {cases} ELSE {column} ~ '^[A-Z0-9]{{1,5}}-?[A-Z0-9]{{2,7}}$' END"


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    rows = {"public.operators": {"rows": 200}, "public.rental_branches": {"rows": 300}}
    settings = {"generate": {"rows": 600}, "tables": rows}
    with loaded_database(pg_cluster, SCHEMA, settings) as conninfo:
        yield conninfo


def test_a_fleet_is_registered_where_its_operator_is(loaded: str) -> None:
    applies, held = share(
        loaded,
        f"""SELECT count(*), count(*) FILTER (WHERE {_holds("h.registration", "o.country_code")})
            FROM helicopters h JOIN operators o ON o.id = h.operator_id""",
    )
    assert applies == 600 and held == 1.0
    _, held = share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE h.registration ~ '^(D-|G-|N[1-9]|JA|F-|I-)')"
        " FROM helicopters h JOIN operators o ON o.id = h.operator_id"
        " WHERE o.country_code IN ('DE', 'GB', 'US', 'JP', 'FR', 'IT')",
    )
    assert held == 1.0  # the mark is the country's, not merely some mark
    _, distinct = share(loaded, "SELECT count(*), count(DISTINCT registration) FROM helicopters")
    assert distinct == 1.0


def test_a_glider_carries_its_own_countrys_mark(loaded: str) -> None:
    applies, held = share(
        loaded,
        f"SELECT count(*), count(*) FILTER (WHERE {_holds('tail_number', 'country_code')})"
        " FROM gliders",
    )
    assert applies == 600 and held == 1.0


def test_a_rental_car_carries_its_branchs_countrys_plate(loaded: str) -> None:
    cases = " ".join(f"WHEN '{c}' THEN c.plate_number ~ '{p}'" for c, p in PLATES.items())
    applies, held = share(
        loaded,
        f"""SELECT count(*), count(*) FILTER (WHERE CASE b.country_code {cases} END)
            FROM rental_cars c JOIN rental_branches b ON b.id = c.branch_id
            WHERE b.country_code IN ({", ".join(f"'{c}'" for c in PLATES)})""",
    )
    assert applies > 10 and held == 1.0
    _, distinct = share(loaded, "SELECT count(*), count(DISTINCT plate_number) FROM rental_cars")
    assert distinct == 1.0
