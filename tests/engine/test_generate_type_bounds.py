"""A value the engine computes stays inside its column's type: what the server stores is what
the CHECKs are judged on (constraints/type_fit.py). On schemas of our own (a depot's
shipments, a fleet's fuel log, a gym's plans), at three seeds, on a pinned clock:

- a weight moved under its shipment's limit by a CHECK's repair came out 8.7e-18, which the
  engine's look passed as `> 0` and numeric(5,2) stores as 0.00: the COPY refused the batch
  and generation stopped with a database error (seed 1);
- a truck's odometer readings, chained per truck like a register, climbed past numeric(6,1)'s
  99999.9: half the fuel log was dropped as "type of odometer_end";
- a plan's annual fee solved as twelve monthly fees went past numeric(5,2): its rows dropped.

Every row is kept, inside its type, and the chain still grows."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"
SETTINGS = {"generate": {"rows": 1000, "now": NOW.replace(" ", "T")}}

# a depot's shipments: the repair of `weight_kg < max_weight_kg` left 8.7e-18 in one row at
# seed 1 on main, passed as `> 0` by the engine, stored 0.00 and refused by the COPY
SHIPPING = """
CREATE TABLE region (region_code varchar(3) PRIMARY KEY CHECK (length(region_code) = 3),
  region_name varchar(40) NOT NULL);
CREATE TABLE depot (
  depot_id int PRIMARY KEY,
  region_code varchar(3) NOT NULL REFERENCES region(region_code),
  depot_code varchar(3) NOT NULL UNIQUE CHECK (char_length(depot_code) = 3),
  capacity smallint NOT NULL CHECK (capacity > 0),
  occupied smallint NOT NULL,
  version smallint NOT NULL DEFAULT 1,
  CHECK (occupied <= capacity));
CREATE TABLE shipment (
  shipment_id int PRIMARY KEY,
  depot_id int NOT NULL REFERENCES depot(depot_id),
  seq_no smallint NOT NULL,
  weight_kg numeric(5,2) NOT NULL CHECK (weight_kg > 0),
  max_weight_kg numeric(5,2) NOT NULL,
  CHECK (weight_kg < max_weight_kg),
  UNIQUE (depot_id, seq_no));
"""

SCHEMA = """
CREATE TABLE truck (truck_id int PRIMARY KEY, plate varchar(10) NOT NULL);
CREATE TABLE fuel_log (
  log_id int PRIMARY KEY,
  truck_id int NOT NULL REFERENCES truck(truck_id),
  logged_at timestamptz NOT NULL,
  odometer_start numeric(6,1) NOT NULL,
  odometer_end numeric(6,1) NOT NULL,
  litres numeric(5,2) NOT NULL,
  CHECK (odometer_end > odometer_start));
CREATE TABLE gym (gym_id int PRIMARY KEY, gym_name varchar(50) NOT NULL);
CREATE TABLE member_plan (
  plan_id int PRIMARY KEY,
  gym_id int NOT NULL REFERENCES gym(gym_id),
  min_age smallint NOT NULL,
  max_age smallint NOT NULL,
  monthly_fee numeric(5,2) NOT NULL,
  annual_fee numeric(5,2) NOT NULL,
  CHECK (min_age < max_age), CHECK (max_age <= 120),
  CHECK (annual_fee = monthly_fee * 12));
"""

SHIPMENTS = """
SELECT count(*), count(*) FILTER (WHERE weight_kg > 0 AND weight_kg < max_weight_kg)
FROM shipment
"""
FUEL = "SELECT count(*), count(*) FILTER (WHERE odometer_end > odometer_start) FROM fuel_log"
# a truck's readings still chain: a trip starts at or after the last one's end
CHAINED = """
WITH b AS (SELECT odometer_start, lag(odometer_end) OVER (PARTITION BY truck_id
  ORDER BY logged_at, log_id) AS before FROM fuel_log)
SELECT count(*), count(*) FILTER (WHERE odometer_start >= before) FROM b WHERE before IS NOT NULL
"""
PLANS = "SELECT count(*), count(*) FILTER (WHERE annual_fee = monthly_fee * 12) FROM member_plan"


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


@pytest.fixture(scope="module", params=[1, 2, 7])
def shipping(request, pg_cluster):
    with loaded_database(pg_cluster, SHIPPING, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_weight_under_its_limit_is_stored_above_zero(shipping: str) -> None:
    applies, holds = share(shipping, SHIPMENTS, now=NOW)
    assert applies == 1000
    assert holds == 1.0


def test_a_chained_odometer_stays_inside_its_type(loaded: str) -> None:
    applies, holds = share(loaded, FUEL, now=NOW)
    assert applies == 1000  # none dropped as past numeric(6,1)
    assert holds == 1.0
    applies, chained = share(loaded, CHAINED, now=NOW)
    assert applies >= 400  # some thousand trips over a few hundred trucks
    assert chained >= 0.95


def test_a_fee_solved_from_another_is_kept_inside_its_type(loaded: str) -> None:
    applies, holds = share(loaded, PLANS, now=NOW)
    assert applies == 1000  # none dropped as past numeric(5,2)
    assert holds == 1.0
