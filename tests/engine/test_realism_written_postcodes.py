"""Postcodes written as the country writes them, on a schema of our own (a removals firm in the
Baltics and the Balkans whose customers' country takes a CHECK), checked in SQL on what a real
PostgreSQL holds: where the record of a country's postcodes allows an optional country prefix
(`(?:FI)*(\\d{5})`), the code itself is the digits (Helsinki 00100, not FI00100), and Latvia,
which writes its prefix, gets LV-1050."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE customers (id serial PRIMARY KEY, full_name text NOT NULL,
  street text NOT NULL, city text NOT NULL, postcode varchar(12) NOT NULL,
  country char(2) NOT NULL CHECK (country IN ('FI', 'LT', 'LV', 'HR', 'SI', 'EE')));
CREATE TABLE moves (id serial PRIMARY KEY, customer_id int NOT NULL REFERENCES customers(id),
  booked_at timestamptz NOT NULL, volume_m3 numeric(6,1) NOT NULL);
"""
# the postcode each country writes: ISO 3166 alpha-2 -> its shape (written here)
SHAPES = {
    "FI": "^[0-9]{5}$",
    "LT": "^(LT-)?[0-9]{5}$",
    "LV": "^LV-[0-9]{4}$",
    "HR": "^[0-9]{5}$",
    "SI": "^[0-9]{4}$",
    "EE": "^[0-9]{5}$",
}


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    settings = {"generate": {"rows": 300, "now": "2026-03-10T09:00:00+00:00"}}
    with loaded_database(pg_cluster, SCHEMA, settings) as conninfo:
        yield conninfo


def test_postcodes_carry_no_optional_country_prefix(loaded: str) -> None:
    shapes = ", ".join(f"('{cc}', '{shape}')" for cc, shape in SHAPES.items())
    applies, held = share(
        loaded,
        f"""WITH shape(cc, re) AS (VALUES {shapes})
            SELECT count(*), count(*) FILTER (WHERE d.postcode ~ s.re)
            FROM customers d JOIN shape s ON s.cc = d.country""",
    )
    assert applies >= 50 and held >= 0.98, (applies, held)
    _, countries = share(loaded, "SELECT 1, count(DISTINCT country) FROM customers")
    assert countries >= 4
