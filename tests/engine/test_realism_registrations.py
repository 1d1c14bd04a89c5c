"""Registrations in their country's format, on a schema of our own (a helicopter operator's
fleet registered where the operator is, a gliding club's gliders each registered in a country
of its own), checked in SQL on what a real PostgreSQL holds: an aircraft's `registration` or
`tail_number` carries the nationality mark of the row's country (its own country column, else
its parent's) in that country's format: D-ABCD in Germany, G-ABCD in the UK, N123AB in the US,
JA1234 in Japan, EI-ABC in Ireland; a unique one stays unique."""

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
"""
# ICAO Annex 7 marks and formats of a few countries, written here (not read from the vocabulary)
FORMATS = {
    "DE": "^D-[A-Z]{4}$", "GB": "^G-[A-Z]{4}$", "FR": "^F-[A-Z]{4}$", "IT": "^I-[A-Z]{4}$",
    "US": "^N[1-9][0-9]{0,4}[A-Z]{0,2}$", "JP": "^JA[0-9]{4}$", "IE": "^EI-[A-Z]{3}$",
    "CH": "^HB-[A-Z]{3}$", "AU": "^VH-[A-Z]{3}$", "BR": "^P[PRSTU]-[A-Z]{3}$",
    "IN": "^VT-[A-Z]{3}$", "CN": "^B-[0-9]{4}$", "RU": "^RA-[0-9]{5}$", "KR": "^HL[0-9]{4}$",
}  # fmt: skip


def _holds(column: str, country: str) -> str:
    cases = " ".join(f"WHEN '{c}' THEN {column} ~ '{p}'" for c, p in FORMATS.items())
    return f"CASE {country} {cases} ELSE {column} ~ '^[A-Z0-9]{{1,5}}-?[A-Z0-9]{{2,5}}$' END"


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    settings = {"generate": {"rows": 600}, "tables": {"public.operators": {"rows": 200}}}
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
