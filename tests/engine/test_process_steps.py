"""The stamps of one process are minutes apart by default (rules/process.py): a callout raised,
dispatched, arrived at and cleared, one still open raised hours ago, not days; a gate pass's
gate in and gate out; a shuttle run boarded and alighted from, whose distance is covered at a
road's pace over it (rules/pace.py). And a count of things beside a mass no rule drew (a feed
drop's pens and its kg) is that many things' amount, one thing's each (rules/per_container.py's
default). Names nobody taught the generator; on a schema of our own, at three seeds, on a
pinned clock."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE depot (depot_id int PRIMARY KEY, depot_name varchar(60) NOT NULL,
  opened_on date NOT NULL);
CREATE TYPE callout_state AS ENUM ('raised', 'dispatched', 'on_scene', 'cleared', 'cancelled');
CREATE TABLE callout (callout_id int PRIMARY KEY,
  depot_id int NOT NULL REFERENCES depot(depot_id),
  state callout_state NOT NULL, raised_at timestamptz NOT NULL, dispatched_at timestamptz,
  arrived_at timestamptz, cleared_at timestamptz, created_at timestamptz NOT NULL);
CREATE TABLE gate_pass (pass_id int PRIMARY KEY,
  depot_id int NOT NULL REFERENCES depot(depot_id),
  plate varchar(12) NOT NULL, gate_in_at timestamptz NOT NULL, gate_out_at timestamptz);
CREATE TABLE shuttle_run (run_id int PRIMARY KEY,
  depot_id int NOT NULL REFERENCES depot(depot_id),
  boarded_at timestamptz NOT NULL, alighted_at timestamptz, distance_km numeric(7,2));
CREATE TABLE feed_drop (drop_id int PRIMARY KEY,
  depot_id int NOT NULL REFERENCES depot(depot_id),
  pen_count int NOT NULL CHECK (pen_count > 0), feed_kg numeric(9,1) NOT NULL);
"""
SETTINGS = {"generate": {"rows": 300, "now": NOW.replace(" ", "T")}}

CALLOUT = """
SELECT count(*)::int, count(*) FILTER (WHERE
      coalesce(dispatched_at - raised_at <= interval '1 hour', true)
  AND coalesce(arrived_at - coalesce(dispatched_at, raised_at) <= interval '2 hours', true)
  AND coalesce(cleared_at - coalesce(arrived_at, dispatched_at, raised_at)
               BETWEEN interval '1 minute' AND interval '14 hours', true)
  AND coalesce(cleared_at, arrived_at, dispatched_at, raised_at) <= :now)::int
FROM callout WHERE dispatched_at IS NOT NULL OR arrived_at IS NOT NULL OR cleared_at IS NOT NULL
"""
STILL_OPEN = """
SELECT count(*)::int,
  count(*) FILTER (WHERE raised_at BETWEEN :now - interval '6 hours' AND :now)::int
FROM callout WHERE state IN ('raised', 'dispatched', 'on_scene')
"""
VISIT = """
SELECT count(*)::int, count(*) FILTER (WHERE gate_out_at - gate_in_at
  BETWEEN interval '1 minute' AND interval '12 hours' AND gate_out_at <= :now)::int
FROM gate_pass WHERE gate_out_at IS NOT NULL
"""
PACE = """
SELECT count(*)::int, count(*) FILTER (WHERE alighted_at - boarded_at
  BETWEEN interval '5 minutes' AND interval '10 hours'
  AND distance_km / (extract(epoch FROM alighted_at - boarded_at) / 3600.0) BETWEEN 5 AND 110)::int
FROM shuttle_run WHERE alighted_at IS NOT NULL AND distance_km IS NOT NULL
"""

PER_THING = """
SELECT count(*)::int, count(*) FILTER (WHERE feed_kg / pen_count BETWEEN 1 AND 500)::int
FROM feed_drop
"""


@pytest.mark.parametrize("seed", [1, 2, 7])
def test_process_steps_minutes_apart_and_amounts_one_things_each(pg_cluster, seed: int) -> None:
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=seed) as conninfo:
        for sql in (CALLOUT, STILL_OPEN, VISIT, PACE, PER_THING):
            applies, holds = share(conninfo, sql, now=NOW)
            assert applies >= 20, sql
            assert holds >= 0.98, sql
