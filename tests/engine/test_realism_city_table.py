"""A table of cities keyed to its country, on a schema of our own (a courier franchise whose
`towns` are unique per country and carry their time zone, and whose countries carry its VAT
rate there: the markets it works in), checked in SQL on what a real
PostgreSQL holds: each town is a real city of its own country (London only under GB), its
time zone is that country's (IANA Area/City, never UTC), the table holds a few dozen (the
cities the business works in, plan/roles.CITY_ROWS), and the key (country, name) holds although
the town is re-picked within its country after the unique plan built the pair."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE countries (iso char(2) PRIMARY KEY, country_name text NOT NULL,
  currency char(3) NOT NULL, vat_rate numeric(4,2) NOT NULL);
CREATE TABLE towns (id serial PRIMARY KEY,
  iso char(2) NOT NULL REFERENCES countries(iso), name text NOT NULL,
  tz text NOT NULL, UNIQUE (iso, name));
CREATE TABLE depots (id serial PRIMARY KEY, town_id int NOT NULL REFERENCES towns(id),
  depot_name text NOT NULL, opened_on date NOT NULL);
CREATE TABLE parcels (id bigserial PRIMARY KEY, depot_id int NOT NULL REFERENCES depots(id),
  weight_kg numeric(6,2) NOT NULL, received_at timestamptz NOT NULL);
"""
# cities that exist once, under their own country (written here, not read from the generator)
FAMOUS = {
    "London": "GB", "Paris": "FR", "Berlin": "DE", "Madrid": "ES", "Rome": "IT",
    "Tokyo": "JP", "Sydney": "AU", "Toronto": "CA", "New York": "US", "Amsterdam": "NL",
    "Stockholm": "SE", "Warsaw": "PL", "Vienna": "AT", "Dublin": "IE", "Oslo": "NO",
}  # fmt: skip
# the area of the IANA zones each region's countries keep
AREAS = {"US": "America/", "CA": "America/", "AU": "Australia/", "JP": "Asia/"}


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    settings = {"generate": {"rows": 400, "now": "2026-03-10T09:00:00+00:00"}}
    with loaded_database(pg_cluster, SCHEMA, settings) as conninfo:
        yield conninfo


def test_towns_are_real_cities_of_their_country_with_its_time_zone(loaded: str) -> None:
    famous = ", ".join(f"('{city}', '{cc}')" for city, cc in FAMOUS.items())
    applies, held = share(
        loaded,
        f"""WITH famous(city, cc) AS (VALUES {famous})
            SELECT count(*), count(*) FILTER (WHERE f.cc = t.iso)
            FROM towns t JOIN famous f ON f.city = t.name""",
    )
    assert applies >= 5 and held == 1.0, (applies, held)
    areas = ", ".join(f"('{cc}', '{area}')" for cc, area in AREAS.items())
    applies, held = share(
        loaded,
        f"""WITH area(cc, prefix) AS (VALUES {areas})
            SELECT count(*), count(*) FILTER (
                WHERE t.tz LIKE coalesce(a.prefix, 'Europe/') || '%'
                  AND EXISTS (SELECT 1 FROM pg_timezone_names z WHERE z.name = t.tz))
            FROM towns t LEFT JOIN area a ON a.cc = t.iso""",
    )
    # a list of the cities the business works in, not a row per parcel
    assert 20 <= applies <= 60 and held >= 0.98, (applies, held)
    _, repeats = share(loaded, "SELECT 1, count(*) - count(DISTINCT (iso, name)) FROM towns")
    assert repeats == 0
