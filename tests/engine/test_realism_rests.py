"""Numbered rows with a length of their own follow one another, a rest between them, on a
schema of our own (caving expeditions and their descents): a descent is numbered per
expedition and has one time the sequence reads (its entry) and an exit its length gives
(rules/span.py); descent n enters after descent n-1 came out, with a rest between, all
inside the expedition's departure and return (rules/rest.py, rules/sequence.py). Checked in
SQL on what a real PostgreSQL holds, at three seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE caves (id serial PRIMARY KEY, name text NOT NULL);
CREATE TABLE expeditions (id bigserial PRIMARY KEY, cave_id int NOT NULL REFERENCES caves(id),
  departs_at timestamptz NOT NULL, returns_at timestamptz, leader text);
CREATE TABLE descents (id bigserial PRIMARY KEY,
  expedition_id bigint NOT NULL REFERENCES expeditions(id), descent_no smallint NOT NULL,
  entry_at timestamptz NOT NULL, exit_at timestamptz, depth_m numeric(5,1),
  UNIQUE (expedition_id, descent_no));
"""

# in number order, each after the one before came out, and out before the expedition returned
AFTER_THE_LAST = """
WITH d AS (
  SELECT d.descent_no, d.entry_at, d.exit_at, e.departs_at, e.returns_at,
         row_number() OVER w AS rn, lag(d.exit_at) OVER w AS prev_exit
  FROM descents d JOIN expeditions e ON e.id = d.expedition_id
  WINDOW w AS (PARTITION BY d.expedition_id ORDER BY d.entry_at))
SELECT count(*) FILTER (WHERE rn > 1),
       count(*) FILTER (WHERE rn > 1 AND descent_no = rn AND entry_at >= prev_exit
         AND (returns_at IS NULL OR coalesce(exit_at, entry_at) <= returns_at))
FROM d
"""
# the rest between two is not a moment: most are at least a few minutes
RESTED = """
WITH d AS (
  SELECT d.entry_at - lag(d.exit_at) OVER w AS rest
  FROM descents d WINDOW w AS (PARTITION BY d.expedition_id ORDER BY d.descent_no))
SELECT count(*) FILTER (WHERE rest IS NOT NULL),
       count(*) FILTER (WHERE rest >= interval '5 minutes')
FROM d
"""

NOW = "2026-06-01T12:00:00+00:00"
SETTINGS = {
    "generate": {"rows": 400, "now": NOW},
    "tables": {"public.caves": {"rows": 20}, "public.expeditions": {"rows": 150}},
}


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_descents_follow_one_another_inside_the_expedition(loaded: str) -> None:
    applies, holds = share(loaded, AFTER_THE_LAST)
    assert applies > 100
    assert holds >= 0.98


def test_a_rest_lies_between_two_descents(loaded: str) -> None:
    applies, holds = share(loaded, RESTED)
    assert applies > 100
    assert holds >= 0.9
