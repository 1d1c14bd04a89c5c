"""An amount a row adds up while it lasts follows the row's status (rules/delivered.py): a
bike-share's ride counts its `distance_km DEFAULT 0` and `energy_wh DEFAULT 0` (an e-bike's
battery) from nothing. A ride completed or under way has gone some distance; a ride that
failed (the lock would not open) or was cancelled went none. On main the DEFAULT's zero lay
on half the rows whatever their status (completed rides of 0 km, failed ones of 12 km). A
parcel's `weight_kg`, declared without a DEFAULT, keeps its weight when cancelled. On a
schema of our own, at three seeds, on a pinned clock."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE station (station_id int PRIMARY KEY, station_name text NOT NULL,
  city text NOT NULL, docks smallint NOT NULL CHECK (docks > 0));
CREATE TABLE rider (rider_id int PRIMARY KEY, email text NOT NULL, joined_at timestamptz NOT NULL);
CREATE TABLE ride (ride_id bigint PRIMARY KEY,
  rider_id int NOT NULL REFERENCES rider(rider_id),
  from_station_id int NOT NULL REFERENCES station(station_id),
  started_at timestamptz NOT NULL,
  ended_at timestamptz,
  distance_km numeric(6,2) NOT NULL DEFAULT 0 CHECK (distance_km >= 0),
  energy_wh integer NOT NULL DEFAULT 0 CHECK (energy_wh >= 0),
  status text NOT NULL CHECK (status IN ('in_progress', 'completed', 'failed', 'cancelled')));
CREATE TABLE parcel (parcel_id int PRIMARY KEY,
  rider_id int NOT NULL REFERENCES rider(rider_id),
  weight_kg numeric(6,2) NOT NULL CHECK (weight_kg > 0),
  created_at timestamptz NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'shipped', 'delivered', 'cancelled')));
"""
SETTINGS = {"generate": {"rows": 1000, "now": NOW.replace(" ", "T")}}

DISTANCE = """
SELECT count(*), count(*) FILTER (WHERE CASE
    WHEN status IN ('completed', 'in_progress') THEN distance_km > 0 AND energy_wh > 0
    ELSE distance_km = 0 AND energy_wh = 0 END)
FROM ride
"""
WEIGHED = """
SELECT count(*), count(*) FILTER (WHERE weight_kg > 0) FROM parcel WHERE status = 'cancelled'
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_ride_went_some_distance_unless_it_failed(loaded: str) -> None:
    applies, holds = share(loaded, DISTANCE, now=NOW)
    assert applies >= 900
    assert holds >= 0.99


def test_a_cancelled_parcel_keeps_its_weight(loaded: str) -> None:
    applies, holds = share(loaded, WEIGHED, now=NOW)
    assert applies >= 10
    assert holds == 1.0
