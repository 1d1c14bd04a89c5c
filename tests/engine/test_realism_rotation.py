"""A vehicle's trips follow one another in place and time, on schemas of our own: a bike-share
(rides of a bike between two stations of the ride's own) and a ferry line (sailings of a
vessel over a crossing between two ports). The shape is read from an index (vehicle, trip
start) and the two places (rules/rotation.py); by the vehicle's trips in time order, each
that took place starts where the one before ended, after it ended (a ferry's turnaround of 20
minutes at least). Cancelled sailings are left out, as a timetable leaves them. Checked in
SQL on what a real PostgreSQL holds, at three seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE stations (id serial PRIMARY KEY, name text NOT NULL,
  latitude numeric(9,6) NOT NULL, longitude numeric(9,6) NOT NULL);
CREATE TABLE bikes (id serial PRIMARY KEY, frame_no varchar(12) NOT NULL UNIQUE,
  commissioned_on date NOT NULL);
CREATE TABLE riders (id serial PRIMARY KEY, email text NOT NULL);
CREATE TABLE rides (id bigserial PRIMARY KEY,
  bike_id int NOT NULL REFERENCES bikes(id), rider_id int NOT NULL REFERENCES riders(id),
  start_station_id int NOT NULL REFERENCES stations(id),
  end_station_id int NOT NULL REFERENCES stations(id),
  started_at timestamptz NOT NULL, ended_at timestamptz NOT NULL, fare numeric(6,2));
CREATE INDEX rides_bike_started_idx ON rides (bike_id, started_at);
CREATE TABLE ports (code char(5) PRIMARY KEY, name text NOT NULL,
  latitude numeric(9,6) NOT NULL, longitude numeric(9,6) NOT NULL);
CREATE TABLE operators (id serial PRIMARY KEY, name text NOT NULL);
CREATE TABLE vessels (id serial PRIMARY KEY, operator_id int NOT NULL REFERENCES operators(id),
  name text NOT NULL, built_on date NOT NULL);
CREATE TABLE crossings (id serial PRIMARY KEY, operator_id int NOT NULL REFERENCES operators(id),
  from_port char(5) NOT NULL REFERENCES ports(code),
  to_port char(5) NOT NULL REFERENCES ports(code),
  distance_nm numeric(7,1) NOT NULL, UNIQUE (operator_id, from_port, to_port));
CREATE TYPE sailing_status AS ENUM ('scheduled', 'departed', 'arrived', 'cancelled');
CREATE TABLE sailings (id bigserial PRIMARY KEY,
  operator_id int NOT NULL REFERENCES operators(id),
  crossing_id int NOT NULL REFERENCES crossings(id),
  vessel_id int REFERENCES vessels(id),
  departs_at timestamptz NOT NULL, arrives_at timestamptz NOT NULL,
  status sailing_status NOT NULL DEFAULT 'scheduled');
CREATE INDEX sailings_vessel_departs_idx ON sailings (vessel_id, departs_at);
"""

RIDES = """
WITH r AS (
  SELECT started_at, start_station_id,
         lag(end_station_id) OVER w AS prev_station, lag(ended_at) OVER w AS prev_end
  FROM rides WINDOW w AS (PARTITION BY bike_id ORDER BY started_at, id))
SELECT count(*) FILTER (WHERE prev_end IS NOT NULL),
       count(*) FILTER (WHERE prev_end IS NOT NULL AND start_station_id = prev_station
                          AND started_at >= prev_end)
FROM r
"""
SAILINGS = """
WITH s AS (
  SELECT sa.departs_at, c.from_port,
         lag(c.to_port) OVER w AS prev_port, lag(sa.arrives_at) OVER w AS prev_arrival
  FROM sailings sa JOIN crossings c ON c.id = sa.crossing_id
  WHERE sa.vessel_id IS NOT NULL AND sa.status <> 'cancelled'
  WINDOW w AS (PARTITION BY sa.vessel_id ORDER BY sa.departs_at, sa.id))
SELECT count(*) FILTER (WHERE prev_arrival IS NOT NULL),
       count(*) FILTER (WHERE prev_arrival IS NOT NULL AND from_port = prev_port
                          AND departs_at >= prev_arrival + interval '20 minutes')
FROM s
"""
# a crossing is one the sailing's operator runs, and a ride between two stations
AGREE = """
SELECT (SELECT count(*) FROM sailings) + (SELECT count(*) FROM rides),
       (SELECT count(*) FROM sailings sa JOIN crossings c ON c.id = sa.crossing_id
         WHERE c.operator_id = sa.operator_id)
     + (SELECT count(*) FROM rides WHERE start_station_id <> end_station_id)
"""

SETTINGS = {
    "generate": {"rows": 800},
    "tables": {
        "public.stations": {"rows": 40},
        "public.bikes": {"rows": 120},
        "public.ports": {"rows": 30},
        "public.operators": {"rows": 4},
        "public.vessels": {"rows": 60},
        "public.crossings": {"rows": 200},
    },
}


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_bikes_next_ride_starts_where_its_last_ended(loaded: str) -> None:
    applies, holds = share(loaded, RIDES)
    assert applies > 500
    assert holds >= 0.98


def test_a_vessels_next_sailing_leaves_from_the_port_it_reached(loaded: str) -> None:
    applies, holds = share(loaded, SAILINGS)
    assert applies > 100
    assert holds >= 0.9


def test_the_rows_keys_still_agree(loaded: str) -> None:
    applies, holds = share(loaded, AGREE)
    assert applies > 1000
    assert holds >= 0.98
