"""A national identifier whose country's form is longer than its column keeps the column's own
value, on a schema of our own (a Swiss and Austrian grid operator: households, their supply
points with a `point_code varchar(24)`, and meters): a Swiss or Austrian metering point id
(a Zaehlpunkt, 33 characters) does not fit, so the row keeps a generic code of the column's
shape (generators/identifiers.country_identifiers), where before the 33 characters were sent
and the server refused the row, and the judge dropped most of the supply points."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE countries (iso char(2) PRIMARY KEY, land varchar(60) NOT NULL);
CREATE TABLE households (id serial PRIMARY KEY, street varchar(120) NOT NULL,
  town varchar(80) NOT NULL, postcode varchar(10) NOT NULL,
  iso char(2) NOT NULL REFERENCES countries(iso),
  tariff_currency char(3) NOT NULL DEFAULT 'CHF' CHECK (tariff_currency IN ('CHF', 'EUR')));
CREATE TABLE supply_points (id serial PRIMARY KEY,
  household_id int NOT NULL REFERENCES households(id), point_code varchar(24) NOT NULL UNIQUE,
  grid_voltage_kv numeric(5,2));
CREATE TABLE meters (id serial PRIMARY KEY,
  supply_point_id int NOT NULL REFERENCES supply_points(id), serial_no varchar(20) NOT NULL);
"""


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, {"generate": {"rows": 400}}, seed=5) as conninfo:
        yield conninfo


def test_every_supply_point_is_kept(loaded: str) -> None:
    rows, _ = share(loaded, "SELECT count(*), 0 FROM supply_points")
    assert rows == 400, rows
    # most households are Swiss or Austrian: the rows the long form would have lost
    applies, held = share(
        loaded, "SELECT count(*), count(*) FILTER (WHERE iso IN ('CH', 'AT')) FROM households"
    )
    assert applies == 400 and held >= 0.5, held
