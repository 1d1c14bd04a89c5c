"""A party assigned to an event holds a credential for the thing the event needs, four keys
away: a dive session's staff row names its instructor and its session (→ course run →
course → the qualification level the course requires); the instructor holds a qualification
of that level valid on the session's day (rules/credentials.py, THING_HOPS). On a schema of
our own, at three seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE instructor (instructor_id int PRIMARY KEY, full_name varchar(80) NOT NULL,
  hired_on date NOT NULL);
CREATE TABLE dive_level (level_id int PRIMARY KEY, level_name varchar(40) NOT NULL);
CREATE TABLE dive_course (course_id int PRIMARY KEY, title varchar(80) NOT NULL,
  required_level_id int REFERENCES dive_level(level_id));
CREATE TABLE course_run (run_id int PRIMARY KEY,
  course_id int NOT NULL REFERENCES dive_course(course_id), starts_on date NOT NULL);
CREATE TABLE run_session (session_id int PRIMARY KEY,
  run_id int NOT NULL REFERENCES course_run(run_id), started_at timestamptz NOT NULL,
  ended_at timestamptz);
CREATE TABLE session_staff (staff_id int PRIMARY KEY,
  session_id int NOT NULL REFERENCES run_session(session_id),
  instructor_id int NOT NULL REFERENCES instructor(instructor_id));
CREATE TABLE instructor_qualifications (qualification_id int PRIMARY KEY,
  instructor_id int NOT NULL REFERENCES instructor(instructor_id),
  level_id int NOT NULL REFERENCES dive_level(level_id),
  valid_from date NOT NULL, valid_to date);
"""
SETTINGS = {
    "generate": {"rows": 300, "now": NOW.replace(" ", "T")},
    "tables": {"dive_level": {"rows": 6}, "dive_course": {"rows": 20}, "instructor": {"rows": 60}},
}

HELD = """
SELECT count(*)::int, count(*) FILTER (WHERE EXISTS (
  SELECT 1 FROM instructor_qualifications q
  WHERE q.instructor_id = s.instructor_id AND q.level_id = c.required_level_id
    AND q.valid_from <= r.started_at::date
    AND (q.valid_to IS NULL OR q.valid_to >= r.started_at::date)))::int
FROM session_staff s JOIN run_session r ON r.session_id = s.session_id
JOIN course_run cr ON cr.run_id = r.run_id JOIN dive_course c ON c.course_id = cr.course_id
WHERE c.required_level_id IS NOT NULL
"""


@pytest.mark.parametrize("seed", [1, 2, 7])
def test_staff_hold_the_level_their_course_requires(pg_cluster, seed: int) -> None:
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=seed) as conninfo:
        applies, holds = share(conninfo, HELD, now=NOW)
    assert applies >= 100
    assert holds >= 0.9
