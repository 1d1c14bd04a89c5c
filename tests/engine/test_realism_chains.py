"""Chains, counters and validity, on a schema of our own (a railway: journeys booked over train
runs, locomotives and their usage snapshots). A journey's legs, numbered per journey and
timed only through the run each points at, follow one another: leg n's run departs after leg
n-1's run arrived (rules/sequence_links.py). A locomotive's totals (`engine_hours`,
`wheel_km`, `axle_cycles`) in its usage snapshots only grow, the hours no faster than the
clock (rules/counter.py). Checked in SQL on what a real PostgreSQL holds, at three seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE stations (code char(4) PRIMARY KEY, name text NOT NULL);
CREATE TABLE locomotives (id serial PRIMARY KEY, fleet_number varchar(8) NOT NULL UNIQUE,
  commissioned_on date NOT NULL, withdrawn_on date);
CREATE TABLE train_runs (id bigserial PRIMARY KEY, headcode varchar(6) NOT NULL,
  locomotive_id int REFERENCES locomotives(id),
  from_station char(4) NOT NULL REFERENCES stations(code),
  to_station char(4) NOT NULL REFERENCES stations(code),
  departs_at timestamptz NOT NULL, arrives_at timestamptz NOT NULL);
CREATE TABLE travellers (id serial PRIMARY KEY, full_name text NOT NULL, email text);
CREATE TABLE journeys (id bigserial PRIMARY KEY,
  traveller_id int NOT NULL REFERENCES travellers(id), booked_at timestamptz NOT NULL,
  price numeric(8,2) NOT NULL);
CREATE TABLE journey_legs (journey_id bigint NOT NULL REFERENCES journeys(id),
  leg_no smallint NOT NULL, train_run_id bigint NOT NULL REFERENCES train_runs(id),
  coach char(1), seat varchar(4), PRIMARY KEY (journey_id, leg_no));
CREATE TABLE locomotive_usage_snapshots (id bigserial PRIMARY KEY,
  locomotive_id int NOT NULL REFERENCES locomotives(id), captured_at timestamptz NOT NULL,
  engine_hours numeric(9,1) NOT NULL, wheel_km integer NOT NULL, axle_cycles integer NOT NULL,
  note text);
"""

LEGS = """
WITH s AS (
  SELECT l.leg_no, row_number() OVER w AS rn, r.departs_at,
         lag(r.arrives_at) OVER w AS prev_arrival
  FROM journey_legs l JOIN train_runs r ON r.id = l.train_run_id
  WINDOW w AS (PARTITION BY l.journey_id ORDER BY l.leg_no))
SELECT count(*), count(*) FILTER (WHERE leg_no = rn
    AND (prev_arrival IS NULL OR departs_at >= prev_arrival + interval '30 minutes'))
FROM s
"""
COUNTERS = """
WITH u AS (
  SELECT captured_at, engine_hours, wheel_km, axle_cycles,
         lag(captured_at) OVER w AS prev_at, lag(engine_hours) OVER w AS prev_hours,
         lag(wheel_km) OVER w AS prev_km, lag(axle_cycles) OVER w AS prev_cycles
  FROM locomotive_usage_snapshots
  WINDOW w AS (PARTITION BY locomotive_id ORDER BY captured_at, id))
SELECT count(*) FILTER (WHERE prev_at IS NOT NULL),
       count(*) FILTER (WHERE prev_at IS NOT NULL AND engine_hours >= prev_hours
         AND wheel_km >= prev_km AND axle_cycles >= prev_cycles
         AND engine_hours - prev_hours <= extract(epoch FROM captured_at - prev_at) / 3600.0)
FROM u
"""
# the totals are not one constant per locomotive: they grow between snapshots
GROWING = """
SELECT count(*), count(*) FILTER (WHERE engine_hours > prev_hours AND wheel_km > prev_km)
FROM (SELECT engine_hours, wheel_km, lag(engine_hours) OVER w AS prev_hours,
             lag(wheel_km) OVER w AS prev_km, captured_at - lag(captured_at) OVER w AS apart
      FROM locomotive_usage_snapshots
      WINDOW w AS (PARTITION BY locomotive_id ORDER BY captured_at, id)) u
WHERE apart > interval '30 days'
"""

# a pinned clock: the readings' times follow it, and at the wall clock's minute the suite
# would judge different data each minute (at seed 7, one hour in many crowded a locomotive
# commissioned two days before it with readings minutes apart: a 0.1 h step cannot then stay
# behind the clock)
NOW = "2026-06-01T12:00:00+00:00"
SETTINGS = {
    "generate": {"rows": 600, "now": NOW},
    "tables": {"public.stations": {"rows": 40}, "public.locomotives": {"rows": 60}},
}


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_journeys_legs_ride_runs_one_after_another(loaded: str) -> None:
    applies, holds = share(loaded, LEGS)
    assert applies > 300
    assert holds >= 0.98


def test_a_locomotives_totals_only_grow_and_hours_no_faster_than_the_clock(loaded: str) -> None:
    applies, holds = share(loaded, COUNTERS)
    assert applies > 200
    assert holds >= 0.99
    spread, grew = share(loaded, GROWING)
    assert spread > 20
    assert grew >= 0.9
