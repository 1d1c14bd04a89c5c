"""A result of one part lies near the part's norm: a table keyed by a row and a part holds the
row's result on each part, and where the part states a norm (a column named as one) the
result is the norm give or take a step, far from it rarely. On a schema of our own (a rally's
entries timed on its stages: each stage's `target_minutes`, each entry's `minutes` on it,
`stage_times` keyed by entry and stage), checked in SQL on what a real PostgreSQL holds.

Before, a result was drawn from its column's own range whatever its part's norm (golf_clubs:
strokes from 1 to 40 on holes of par 3 to 5, a hole-in-one on 1 in 120 par 3s and par + 5 or
worse on half the holes)."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE rallies (id serial PRIMARY KEY, rally_name text NOT NULL);
CREATE TABLE stages (id serial PRIMARY KEY, rally_id int NOT NULL REFERENCES rallies(id),
  stage_no smallint NOT NULL, target_minutes smallint NOT NULL CHECK (target_minutes > 0));
CREATE TABLE entries (id serial PRIMARY KEY, rally_id int NOT NULL REFERENCES rallies(id),
  crew_name text NOT NULL);
CREATE TABLE stage_times (entry_id int NOT NULL REFERENCES entries(id),
  stage_id int NOT NULL REFERENCES stages(id), minutes smallint NOT NULL CHECK (minutes >= 1),
  penalties smallint, PRIMARY KEY (entry_id, stage_id));
"""
ROWS = {"rallies": 10, "stages": 80, "entries": 200, "stage_times": 1500}


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    settings = {
        "generate": {"rows": 1000, "now": "2026-03-10T09:00:00+00:00"},
        "tables": {name: {"rows": n} for name, n in ROWS.items()},
    }
    with loaded_database(pg_cluster, SCHEMA, settings, seed=6) as conninfo:
        yield conninfo


STEP = "CASE WHEN s.target_minutes > 12 THEN round(s.target_minutes / 8.0) ELSE 1 END"


def test_a_stage_time_lies_near_the_stages_target(loaded: str) -> None:
    judged, held = share(
        loaded,
        f"""SELECT count(*), count(*) FILTER (WHERE t.minutes BETWEEN s.target_minutes - 2 * {STEP}
                                                          AND s.target_minutes + 3 * {STEP})
            FROM stage_times t JOIN stages s ON s.id = t.stage_id""",
    )
    assert judged >= 0.9 * ROWS["stage_times"]
    assert held >= 0.95


def test_far_from_the_target_is_rare_and_at_it_common(loaded: str) -> None:
    _, far = share(
        loaded,
        f"""SELECT count(*), count(*) FILTER (WHERE t.minutes >= s.target_minutes + 5 * {STEP})
            FROM stage_times t JOIN stages s ON s.id = t.stage_id""",
    )
    _, at = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE t.minutes = s.target_minutes)
           FROM stage_times t JOIN stages s ON s.id = t.stage_id""",
    )
    assert far <= 0.02
    assert at >= 0.25
