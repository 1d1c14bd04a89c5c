"""Two registers read together, on a schema of our own (a farm's tractors and the log of
their dashboards: an odometer in kilometres beside the engine's hour meter, read at one
instant, with a fault code): a use total in a unit of use (`engine_hours`) beside a register
named as one (`odometer_km`) is a register too, not a free amount (rules/counter.py
`_accrued`), and each grows per tractor in time order no faster than its unit's highest pace
(an hour meter gains at most an hour an hour, its step of 0.1 h notwithstanding: `_paced`).
Checked in SQL on what a real PostgreSQL holds, at three seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE farms (id serial PRIMARY KEY, name text NOT NULL);
CREATE TABLE tractors (id serial PRIMARY KEY, farm_id int NOT NULL REFERENCES farms(id),
  make varchar(40) NOT NULL, bought_on date NOT NULL);
CREATE TABLE tractor_logs (id bigserial PRIMARY KEY,
  tractor_id int NOT NULL REFERENCES tractors(id),
  logged_at timestamptz NOT NULL,
  odometer_km numeric(9,1),
  engine_hours numeric(8,1) NOT NULL CHECK (engine_hours >= 0),
  fault_code varchar(10),
  UNIQUE (tractor_id, logged_at));
"""

GROW = """
WITH r AS (
  SELECT logged_at, odometer_km, engine_hours,
         lag(logged_at) OVER w AS prev_at, lag(odometer_km) OVER w AS prev_km,
         lag(engine_hours) OVER w AS prev_h, row_number() OVER w AS rn
  FROM tractor_logs WINDOW w AS (PARTITION BY tractor_id ORDER BY logged_at))
SELECT count(*), count(*) FILTER (WHERE engine_hours >= prev_h
  AND engine_hours - prev_h <= extract(epoch FROM logged_at - prev_at) / 3600.0
  AND (odometer_km IS NULL OR prev_km IS NULL OR odometer_km >= prev_km))
FROM r WHERE rn > 1
"""
SETTINGS = {
    "generate": {"rows": 800},
    "tables": {"public.farms": {"rows": 5}, "public.tractors": {"rows": 40}},
}


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_tractors_meters_grow_no_faster_than_the_clock(loaded: str) -> None:
    applies, holds = share(loaded, GROW)
    assert applies >= 700
    assert holds >= 0.99
