"""A numbered halt of a journey arrives before it leaves, in what happened as in the plan a CHECK
declares (rules/link_times.py orders the actuals as their plans: `expected_departure >=
expected_arrival`), not as a trip's window (departure, then arrival) would: on a schema of our
own, a coach tour's halts after the first keep an arrival wherever they have a departure
(before: 84 %, the arrival dropped wherever the halt had not left yet)."""

from __future__ import annotations

import psycopg
import pytest

from tests.engine.loading import loaded_database

SCHEMA = """
CREATE TABLE coach_tours (id serial PRIMARY KEY, tour_code varchar(8) NOT NULL,
  expected_departure timestamptz NOT NULL, expected_arrival timestamptz NOT NULL,
  departure_time timestamptz, arrival_time timestamptz,
  CHECK (expected_arrival > expected_departure));
CREATE TABLE tour_halts (id serial PRIMARY KEY,
  coach_tour_id int NOT NULL REFERENCES coach_tours(id),
  halt_no smallint NOT NULL CHECK (halt_no >= 1), town text NOT NULL,
  expected_arrival timestamptz, expected_departure timestamptz,
  arrival_time timestamptz, departure_time timestamptz,
  UNIQUE (coach_tour_id, halt_no),
  CHECK (expected_arrival IS NULL OR expected_departure IS NULL
         OR expected_departure >= expected_arrival));
"""
NOW = "2026-12-07T09:30:00+00:00"


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    settings = {"generate": {"rows": 600, "now": NOW}, "tables": {"coach_tours": {"rows": 200}}}
    with loaded_database(pg_cluster, SCHEMA, settings, seed=13) as conninfo:
        yield conninfo


def test_a_halt_that_left_had_arrived(loaded: str) -> None:
    with psycopg.connect(loaded) as conn:
        left, arrived = conn.execute(
            "SELECT count(*), count(*) FILTER (WHERE arrival_time IS NOT NULL)"
            " FROM tour_halts WHERE departure_time IS NOT NULL AND halt_no > 1"
        ).fetchone() or (0, 0)
    assert left >= 100 and arrived / left >= 0.98
