"""The business's own things (rules/kept_hours.upkeep, rules/own_register.py). A bike hire
firm: its bikes are inspected at their depot (`inspected_at`, a free-text `inspector`, no key
to staff, a `next_due_on` date beside it) on a weekday in working hours (a timestamp without
a zone: the depot's wall clock); its generators' refuels read the generator's hour-meter
(`generator_hours` under `generator_id`) beside a litres and a price: one register per
generator, which never goes down and never grows faster than the wall clock. On the
session's base (76259c8) inspections lay anywhere in the day and the hour-meter was a plain
amount (the litres beside it are no total). On a schema of our own, at three seeds, on a
pinned clock."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE depot (depot_id int PRIMARY KEY, depot_name text NOT NULL,
  street text NOT NULL, postcode text NOT NULL, tz_name text NOT NULL,
  email text NOT NULL, opened_on date NOT NULL);
CREATE TABLE rider (rider_id int PRIMARY KEY, first_name text NOT NULL,
  last_name text NOT NULL, email text NOT NULL);
CREATE TABLE bike (bike_id int PRIMARY KEY,
  depot_id int NOT NULL REFERENCES depot(depot_id),
  frame_no varchar(20) NOT NULL UNIQUE, bought_on date NOT NULL);
CREATE TABLE bike_inspection (inspection_id bigint PRIMARY KEY,
  bike_id int NOT NULL REFERENCES bike(bike_id),
  inspected_at timestamp NOT NULL, inspector text NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('ok', 'defect')), next_due_on date);
CREATE TABLE hire (hire_id bigint PRIMARY KEY,
  bike_id int NOT NULL REFERENCES bike(bike_id),
  rider_id int NOT NULL REFERENCES rider(rider_id),
  hired_at timestamptz NOT NULL, amount numeric(8,2) NOT NULL CHECK (amount >= 0));
CREATE TABLE generator (generator_id int PRIMARY KEY,
  depot_id int NOT NULL REFERENCES depot(depot_id),
  model text NOT NULL, installed_on date NOT NULL);
CREATE TABLE refuel (refuel_id bigint PRIMARY KEY,
  generator_id int NOT NULL REFERENCES generator(generator_id),
  refuelled_at timestamptz NOT NULL, litres numeric(6,1) NOT NULL CHECK (litres > 0),
  fuel_price numeric(6,3) NOT NULL, generator_hours numeric(9,1) NOT NULL);
"""
SETTINGS = {"generate": {"rows": 600, "now": NOW.replace(" ", "T")}}

WORKING = """
WITH i AS (SELECT i.inspected_at AS local_at FROM bike_inspection i)
SELECT count(*), count(*) FILTER (WHERE extract(isodow FROM local_at) BETWEEN 1 AND 6
  AND local_at::time BETWEEN '08:00' AND '18:00') FROM i
"""
METER = """
WITH f AS (SELECT generator_hours, refuelled_at,
                  lag(generator_hours) OVER w AS prev_hours, lag(refuelled_at) OVER w AS prev_at
           FROM refuel WINDOW w AS (PARTITION BY generator_id ORDER BY refuelled_at, refuel_id))
SELECT count(*), count(*) FILTER (WHERE prev_hours IS NULL
  OR (generator_hours >= prev_hours
      AND generator_hours - prev_hours <= extract(epoch FROM refuelled_at - prev_at) / 3600.0))
FROM f
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_inspections_of_own_bikes_in_working_hours(loaded: str) -> None:
    applies, holds = share(loaded, WORKING, now=NOW)
    assert applies >= 300
    assert holds >= 0.98


def test_generator_hours_are_the_generators_register(loaded: str) -> None:
    applies, holds = share(loaded, METER, now=NOW)
    assert applies >= 300
    assert holds >= 0.98
