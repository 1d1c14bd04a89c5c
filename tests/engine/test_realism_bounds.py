"""A row's low and high of one measure are in order (rules/bounds.py): on a schema of our own, a
weather station's daily readings (`min_temperature_c`/`max_temperature_c`, nullable), a venue's
rooms (`min_guests`/`max_guests`, `lowest_rate`... no: `low_season_rate` is no bound) and a
borehole log's layers (`depth_from_m`/`depth_to_m`). Before, each side was drawn on its own and
about half the rows had the minimum above the maximum. Checked in SQL on what a real
PostgreSQL holds, at two seeds; each column keeps its spread (the swap moves no value out of
its column's range)."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE stations (station_id serial PRIMARY KEY, station_name text NOT NULL);
CREATE TABLE daily_readings (reading_id bigserial PRIMARY KEY,
  station_id int NOT NULL REFERENCES stations, read_on date NOT NULL,
  min_temperature_c numeric(4,1), max_temperature_c numeric(4,1),
  rain_mm numeric(5,1) NOT NULL);
CREATE TABLE rooms (room_id serial PRIMARY KEY, room_name text NOT NULL,
  min_guests smallint NOT NULL, max_guests smallint NOT NULL CHECK (max_guests <= 40),
  low_season_rate numeric(8,2) NOT NULL, high_season_rate numeric(8,2) NOT NULL);
CREATE TABLE layers (layer_id bigserial PRIMARY KEY, borehole text NOT NULL,
  depth_from_m numeric(6,2) NOT NULL, depth_to_m numeric(6,2) NOT NULL, soil text NOT NULL);
"""
NOW = "2026-03-10 09:00:00+00"
SETTINGS = {"generate": {"rows": 500, "now": NOW.replace(" ", "T")}}

IN_ORDER = """
SELECT count(*), count(*) FILTER (WHERE ok) FROM (
  SELECT min_temperature_c <= max_temperature_c AS ok FROM daily_readings
   WHERE min_temperature_c IS NOT NULL AND max_temperature_c IS NOT NULL
  UNION ALL SELECT min_guests <= max_guests FROM rooms
  UNION ALL SELECT depth_from_m <= depth_to_m FROM layers) t
"""
# both ends keep a spread of their own (neither column is a constant or the other's copy)
SPREAD = """
SELECT count(*), count(*) FILTER (WHERE n_low > 5 AND n_high > 5 AND n_low_high > 100) FROM (
  SELECT count(DISTINCT min_guests) n_low, count(DISTINCT max_guests) n_high,
         count(DISTINCT (min_guests, max_guests)) n_low_high FROM rooms
  UNION ALL
  SELECT count(DISTINCT depth_from_m), count(DISTINCT depth_to_m),
         count(DISTINCT (depth_from_m, depth_to_m)) FROM layers) t
"""


@pytest.fixture(scope="module", params=[1, 2])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_the_low_end_of_a_measure_is_not_above_its_high_end(loaded: str) -> None:
    applies, holds = share(loaded, IN_ORDER, now=NOW)
    assert applies >= 1000
    assert holds >= 0.99


def test_both_ends_keep_their_spread(loaded: str) -> None:
    applies, holds = share(loaded, SPREAD, now=NOW)
    assert applies == 2
    assert holds == 1.0
