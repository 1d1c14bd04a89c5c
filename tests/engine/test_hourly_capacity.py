"""A thing's hourly capacity is its kind's: a ski area's uplifts carry what a chair lift, a
gondola, a platter lift, an aerial tramway carries an hour (vocab/data/magnitudes_hourly.tsv
through rules/magnitude.py), a station's escalators and moving walkways theirs; the name's
capacity beside a unit of people an hour (`uphill_capacity_per_hour`, `rated_capacity_pph`)
or named whole as one (`hourly_capacity`) is no count of seats. On a schema of our own, at
three seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TYPE conveyance AS ENUM ('chair_lift', 'gondola_lift', 'platter_lift', 'aerial_tramway',
  'funicular');
CREATE TABLE ski_area (area_no int PRIMARY KEY, area_title varchar(80) NOT NULL);
CREATE TABLE uplift (uplift_no int PRIMARY KEY,
  area_no int NOT NULL REFERENCES ski_area(area_no), uplift_label varchar(60) NOT NULL,
  conveyance_category conveyance NOT NULL, uphill_capacity_per_hour int NOT NULL);
CREATE TABLE rail_station (station_no int PRIMARY KEY, station_title varchar(80) NOT NULL);
CREATE TABLE station_mover (mover_no int PRIMARY KEY,
  station_no int NOT NULL REFERENCES rail_station(station_no),
  mover_type varchar(16) NOT NULL CHECK (mover_type IN ('escalator', 'moving_walkway')),
  rated_capacity_pph int NOT NULL, hourly_capacity int);
"""
SETTINGS = {"generate": {"rows": 400, "now": "2026-03-10T09:00:00"}}

UPLIFTS = """
WITH band(t, lo, hi) AS (VALUES ('chair_lift', 1200, 3600), ('gondola_lift', 1000, 4000),
  ('platter_lift', 500, 1200), ('aerial_tramway', 200, 2000), ('funicular', 500, 4500))
SELECT count(*)::int, count(*) FILTER (WHERE u.uphill_capacity_per_hour BETWEEN b.lo AND b.hi)::int
FROM uplift u JOIN band b ON b.t = u.conveyance_category::text
"""
MOVERS = """
SELECT count(*)::int, count(*) FILTER (WHERE rated_capacity_pph BETWEEN 3000 AND 10000
  AND (hourly_capacity IS NULL OR hourly_capacity BETWEEN 3000 AND 10000))::int
FROM station_mover
"""


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_an_hourly_capacity_is_its_kind_s(pg_cluster, seed: int) -> None:
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=seed) as conninfo:
        applies, held = share(conninfo, UPLIFTS)
        assert applies == 400 and held >= 0.98, held
        applies, held = share(conninfo, MOVERS)
        assert applies == 400 and held >= 0.98, held
