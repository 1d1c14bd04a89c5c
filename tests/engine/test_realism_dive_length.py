"""A dive lasts what a recreational dive lasts, on a schema of our own (a scuba school:
instructors, courses, and each course's numbered training dives with their own start and
end and the minutes spent at depth), checked in SQL on a real PostgreSQL at three seeds:

a training dive lasts 20 to 90 minutes from its start to its end (rules/span.SCALES: the
table's last word, a dive, read before the two last words: `trip_dives` are dives, not
trips of 3 minutes to 3 hours)."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"
SCHEMA = """
CREATE TABLE instructors (instructor_id serial PRIMARY KEY, full_name text NOT NULL,
  certified_on date NOT NULL);
CREATE TABLE courses (course_id serial PRIMARY KEY,
  instructor_id int NOT NULL REFERENCES instructors(instructor_id),
  level text NOT NULL CHECK (level IN ('open_water', 'advanced', 'rescue')),
  starts_on date NOT NULL);
CREATE TABLE training_dives (dive_id bigserial PRIMARY KEY,
  course_id int NOT NULL REFERENCES courses(course_id),
  dive_no smallint NOT NULL CHECK (dive_no > 0),
  started_at timestamptz NOT NULL, ended_at timestamptz,
  depth_minutes int,
  UNIQUE (course_id, dive_no));
"""
SETTINGS = {
    "generate": {"rows": 900, "now": NOW.replace(" ", "T")},
    "tables": {"instructors": {"rows": 30}, "courses": {"rows": 200}},
}

LENGTH = """
SELECT count(*), count(*) FILTER (WHERE ended_at - started_at
    BETWEEN interval '20 minutes' AND interval '90 minutes')
FROM training_dives WHERE ended_at IS NOT NULL
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_dive_lasts_as_dives_do(loaded: str) -> None:
    rows, held = share(loaded, LENGTH, NOW)
    assert rows >= 500
    assert held >= 0.98, f"{held:.1%} of {rows} rows"
