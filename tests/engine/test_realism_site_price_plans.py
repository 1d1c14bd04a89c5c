"""A price list kept per country, used at a business's sites, on a schema of our own (a car
park operator): a parking session enters at a gate of a car park, and names the price plan it
is charged under. The plan is one of the car park's country (reached through the gate:
rules/site_country.py along required keys), valid when the car entered (valid_from <=
entered_at < valid_to, or open-ended: rules/valid_then.py, valid_last.py, latest_open.py), in
that country's currency (rules/locale_keys.py), and the plans are of the countries the car
parks stand in (rules/site_markets.py). Checked in SQL on what a real PostgreSQL holds, at
three seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE currencies (code char(3) PRIMARY KEY, label text NOT NULL);
CREATE TABLE countries (iso2 char(2) PRIMARY KEY, country_name text NOT NULL,
  currency char(3) NOT NULL REFERENCES currencies(code));
CREATE TABLE car_parks (car_park_id serial PRIMARY KEY,
  country char(2) NOT NULL REFERENCES countries(iso2),
  title text NOT NULL, street text NOT NULL, city text NOT NULL, postcode text NOT NULL,
  spaces int NOT NULL CHECK (spaces > 0));
CREATE TABLE entry_gates (gate_id serial PRIMARY KEY,
  car_park_id int NOT NULL REFERENCES car_parks(car_park_id),
  gate_no smallint NOT NULL, UNIQUE (car_park_id, gate_no));
CREATE TABLE price_plans (price_plan_id serial PRIMARY KEY,
  country char(2) NOT NULL REFERENCES countries(iso2),
  currency char(3) NOT NULL REFERENCES currencies(code),
  plan_name text NOT NULL,
  hourly_rate numeric(8,2) NOT NULL CHECK (hourly_rate >= 0),
  valid_from timestamptz NOT NULL,
  valid_to timestamptz,
  CHECK (valid_to IS NULL OR valid_to > valid_from));
CREATE INDEX price_plans_country_from_idx ON price_plans (country, valid_from);
CREATE TABLE motorists (motorist_id serial PRIMARY KEY, full_name text NOT NULL,
  email text NOT NULL UNIQUE);
CREATE TABLE parking_sessions (parking_session_id bigserial PRIMARY KEY,
  gate_id int NOT NULL REFERENCES entry_gates(gate_id),
  motorist_id int NOT NULL REFERENCES motorists(motorist_id),
  price_plan_id int NOT NULL REFERENCES price_plans(price_plan_id),
  entered_at timestamptz NOT NULL,
  exited_at timestamptz,
  CHECK (exited_at IS NULL OR exited_at > entered_at));
"""

JOINED = """
FROM parking_sessions s
JOIN price_plans p ON p.price_plan_id = s.price_plan_id
JOIN entry_gates g ON g.gate_id = s.gate_id
JOIN car_parks c ON c.car_park_id = g.car_park_id
"""
OF_ITS_COUNTRY = "SELECT count(*), count(*) FILTER (WHERE p.country = c.country)" + JOINED
VALID_AT_ENTRY = (
    "SELECT count(*), count(*) FILTER (WHERE p.valid_from <= s.entered_at"
    " AND (p.valid_to IS NULL OR s.entered_at < p.valid_to))" + JOINED
)
IN_ITS_CURRENCY = """
SELECT count(*), count(*) FILTER (WHERE p.currency = k.currency)
FROM price_plans p JOIN countries k ON k.iso2 = p.country
"""
WHERE_CAR_PARKS_ARE = """
SELECT count(*), count(*) FILTER (WHERE p.country IN (SELECT country FROM car_parks))
FROM price_plans p
"""

SETTINGS = {
    "generate": {"rows": 600, "now": "2026-03-10T09:00:00+00:00"},
    "tables": {
        "public.car_parks": {"rows": 12},
        "public.entry_gates": {"rows": 40},
        "public.price_plans": {"rows": 600},
        "public.parking_sessions": {"rows": 1000},
    },
}


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_sessions_plan_is_of_its_car_parks_country(loaded: str) -> None:
    rows, held = share(loaded, OF_ITS_COUNTRY)
    assert rows == 1000
    assert held >= 0.98


def test_a_sessions_plan_is_valid_when_the_car_entered(loaded: str) -> None:
    rows, held = share(loaded, VALID_AT_ENTRY)
    assert rows == 1000
    assert held >= 0.98


def test_a_plan_is_in_its_countrys_currency(loaded: str) -> None:
    rows, held = share(loaded, IN_ITS_CURRENCY)
    assert rows == 600
    assert held >= 0.98


def test_the_plans_are_of_the_countries_the_car_parks_are_in(loaded: str) -> None:
    rows, held = share(loaded, WHERE_CAR_PARKS_ARE)
    assert rows == 600
    assert held >= 0.98
