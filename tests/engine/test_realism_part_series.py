"""Registers of a parent's several like parts, on a schema of our own (a water utility's
pumping stations logging each pump's hour meter, and its flow loggers' channels' totalisers):
a reading keyed by its parent and a small number naming the part read (`pump_no`, `channel`)
is one register per (parent, part), not one per parent (rules/counter.py `_part`); the part's
number is one of its parent's few (1 to 4), and each series grows in time order no faster
than its unit's highest pace (an hour meter at most an hour an hour). Checked in SQL on what a
real PostgreSQL holds, at three seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE utilities (id serial PRIMARY KEY, name text NOT NULL);
CREATE TABLE pumping_stations (id serial PRIMARY KEY,
  utility_id int NOT NULL REFERENCES utilities(id),
  station_name varchar(60) NOT NULL, commissioned_on date NOT NULL);
CREATE TABLE pump_runtime_log (entry_id bigserial PRIMARY KEY,
  station_id int NOT NULL REFERENCES pumping_stations(id),
  pump_no smallint NOT NULL,
  logged_at timestamptz NOT NULL,
  run_hours numeric(8,1) NOT NULL CHECK (run_hours >= 0),
  noted_by varchar(40));
CREATE TABLE flow_loggers (id serial PRIMARY KEY,
  station_id int NOT NULL REFERENCES pumping_stations(id), model varchar(30) NOT NULL);
CREATE TABLE logger_readings (id bigserial PRIMARY KEY,
  logger_id int NOT NULL REFERENCES flow_loggers(id),
  channel smallint NOT NULL,
  read_at timestamptz NOT NULL,
  reading_m3 numeric(12,2) NOT NULL);
"""

PUMPS = """
WITH r AS (
  SELECT logged_at, run_hours, lag(logged_at) OVER w AS prev_at, lag(run_hours) OVER w AS prev_h
  FROM pump_runtime_log
  WINDOW w AS (PARTITION BY station_id, pump_no ORDER BY logged_at, entry_id))
SELECT count(*), count(*) FILTER (WHERE run_hours >= prev_h
  AND run_hours - prev_h <= extract(epoch FROM logged_at - prev_at) / 3600.0 + 0.1)
FROM r WHERE prev_at IS NOT NULL
"""
CHANNELS = """
WITH r AS (
  SELECT reading_m3, lag(reading_m3) OVER w AS prev FROM logger_readings
  WINDOW w AS (PARTITION BY logger_id, channel ORDER BY read_at, id))
SELECT count(*), count(*) FILTER (WHERE reading_m3 >= prev) FROM r WHERE prev IS NOT NULL
"""
# a station has a handful of pumps, numbered from 1
FEW = """
SELECT count(*), count(*) FILTER (WHERE pumps <= 4 AND low >= 1 AND high <= 4)
FROM (SELECT station_id, count(DISTINCT pump_no) AS pumps, min(pump_no) AS low,
             max(pump_no) AS high FROM pump_runtime_log GROUP BY station_id) s
"""
SETTINGS = {
    "generate": {"rows": 800},
    "tables": {
        "public.utilities": {"rows": 3},
        "public.pumping_stations": {"rows": 30},
        "public.flow_loggers": {"rows": 40},
    },
}


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_each_pumps_hour_meter_grows_no_faster_than_the_clock(loaded: str) -> None:
    applies, holds = share(loaded, PUMPS)
    assert applies >= 600
    assert holds >= 0.98


def test_each_loggers_channel_only_grows(loaded: str) -> None:
    applies, holds = share(loaded, CHANNELS)
    assert applies >= 600
    assert holds >= 0.98


def test_a_station_has_a_handful_of_pumps(loaded: str) -> None:
    applies, holds = share(loaded, FEW)
    assert applies >= 25
    assert holds == 1.0
