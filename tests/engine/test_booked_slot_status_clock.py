"""A slot's status agrees with the clock: a lesson still `reserved` (declared before the
label of the student checked in) waits for its time, it starts after now; one the student
did not come to (`no_show`) is known once the slot is over, it ended by now; one checked in
and under way, booked weeks ago, stays checked in, not turned into a no-show. Music lessons
at a school of our own (rules/stage_clock.py, rules/standing.py, vocab/outcomes.BOOKED),
at three seeds, on a pinned clock."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TYPE lesson_state AS ENUM ('reserved', 'checked_in', 'attended', 'no_show', 'cancelled');
CREATE TABLE student (student_id int PRIMARY KEY, full_name varchar(80) NOT NULL,
  enrolled_at timestamptz NOT NULL);
CREATE TABLE teacher (teacher_id int PRIMARY KEY, full_name varchar(80) NOT NULL,
  instrument varchar(30) NOT NULL);
CREATE TABLE music_lesson (
  lesson_id bigint PRIMARY KEY,
  student_id int NOT NULL REFERENCES student(student_id),
  teacher_id int NOT NULL REFERENCES teacher(teacher_id),
  state lesson_state NOT NULL DEFAULT 'reserved',
  requested_at timestamptz NOT NULL,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  cancelled_at timestamptz,
  CHECK (ends_at > starts_at));
"""
SETTINGS = {"generate": {"rows": 1000, "now": NOW.replace(" ", "T")}}

AGREES = """
SELECT count(*)::int, count(*) FILTER (WHERE (state = 'reserved' AND starts_at > :now)
  OR (state IN ('attended', 'no_show') AND ends_at <= :now))::int
FROM music_lesson WHERE state IN ('reserved', 'attended', 'no_show')
"""
NO_SHOWS = """
SELECT count(*)::int, count(*) FILTER (WHERE ends_at <= :now)::int
FROM music_lesson WHERE state = 'no_show'
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_reserved_slot_lies_ahead_and_an_attended_or_missed_one_is_over(loaded: str) -> None:
    applies, holds = share(loaded, AGREES, now=NOW)
    assert applies > 800
    assert holds >= 0.98


def test_a_no_show_is_a_slot_that_is_over(loaded: str) -> None:
    applies, holds = share(loaded, NO_SHOWS, now=NOW)
    assert applies > 0
    assert holds >= 0.98
