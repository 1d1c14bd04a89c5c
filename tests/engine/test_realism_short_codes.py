"""Short keys named as codes, on a schema of our own (a railway's stations keyed by a
three-letter code, its operators by a two-character designator, services between stations),
checked in SQL on what a real PostgreSQL holds: a key of hundreds of rows in a `char(3)`
code reads as an IATA-style code (capitals: LHR, not "u96"), a `char(2)` designator as capitals
and digits (U2, 9W), each distinct, and the foreign keys carry them."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE stations (station_code char(3) PRIMARY KEY, station_name text NOT NULL);
CREATE TABLE operators (iata_designator char(2) PRIMARY KEY, operator_name text NOT NULL);
CREATE TABLE hubs (iata_code char(3) PRIMARY KEY, city text NOT NULL);
CREATE TABLE transfers (id serial PRIMARY KEY, hub char(3) NOT NULL REFERENCES hubs(iata_code));
CREATE TABLE services (id serial PRIMARY KEY,
  operator char(2) NOT NULL REFERENCES operators(iata_designator),
  from_station char(3) NOT NULL REFERENCES stations(station_code),
  to_station char(3) NOT NULL REFERENCES stations(station_code));
"""


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    rows = {"public.stations": {"rows": 500}, "public.operators": {"rows": 300},
            "public.hubs": {"rows": 400}}  # fmt: skip
    with loaded_database(pg_cluster, SCHEMA, {"generate": {"rows": 600}, "tables": rows}) as ci:
        yield ci


@pytest.mark.parametrize(
    ("table", "column", "shape"),
    [
        ("stations", "station_code", "^[A-Z]{3}$"),
        ("operators", "iata_designator", "^[A-Z0-9]{2}$"),
        ("services", "from_station", "^[A-Z]{3}$"),
        ("services", "operator", "^[A-Z0-9]{2}$"),
        ("hubs", "iata_code", "^[A-Z]{3}$"),  # more hubs than the airport codes listed
    ],
)
def test_a_short_code_key_is_capitals(loaded: str, table: str, column: str, shape: str) -> None:
    applies, held = share(
        loaded, f"SELECT count(*), count(*) FILTER (WHERE {column} ~ '{shape}') FROM {table}"
    )
    assert applies >= 300 and held == 1.0
