"""Rows in sequence under short parents (rules/sequence_parents.py): a ride of a courier's
cargo bike lasts minutes to an hour or two (span.py's trip/ride scale), and its segments run
one after another inside it. When the rides open an hour or more cannot hold the segments
planned, the shorter ones hold a segment or two; before, the segments left over were crammed
into the few longer rides (seed 1: 455 of 1,000 segments under 5 minutes). A schema of our
own, at three seeds, on a pinned clock."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TYPE ride_state AS ENUM ('booked', 'riding', 'finished', 'cancelled');
CREATE TABLE hub (hub_id int PRIMARY KEY, hub_name text NOT NULL, opened_on date NOT NULL);
CREATE TABLE courier (courier_id int PRIMARY KEY, hub_id int NOT NULL REFERENCES hub(hub_id),
  first_name text NOT NULL, last_name text NOT NULL, hired_on date NOT NULL);
CREATE TABLE rides (ride_id bigint PRIMARY KEY,
  courier_id int NOT NULL REFERENCES courier(courier_id),
  status ride_state NOT NULL DEFAULT 'booked', booked_for timestamptz NOT NULL,
  started_at timestamptz, ended_at timestamptz,
  CHECK (ended_at IS NULL OR ended_at >= started_at));
CREATE TABLE ride_segments (segment_id bigint PRIMARY KEY,
  ride_id bigint NOT NULL REFERENCES rides(ride_id),
  segment_no smallint NOT NULL CHECK (segment_no > 0),
  departed_at timestamptz, arrived_at timestamptz,
  distance_km numeric(6,1) CHECK (distance_km >= 0),
  UNIQUE (ride_id, segment_no));
"""
SETTINGS = {"generate": {"rows": 1000, "now": NOW.replace(" ", "T")}}

SEGMENT_LENGTH = """
SELECT count(*), count(*) FILTER (WHERE arrived_at - departed_at >= interval '5 minutes')
FROM ride_segments WHERE departed_at IS NOT NULL AND arrived_at IS NOT NULL
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_segments_of_short_rides_are_not_crammed(loaded: str) -> None:
    applies, holds = share(loaded, SEGMENT_LENGTH, now=NOW)
    assert applies >= 100
    assert holds >= 0.98
