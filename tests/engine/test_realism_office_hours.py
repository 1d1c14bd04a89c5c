"""What happened keeps by the clock when it moves into office hours, on a schema of our own (a
driving school: lessons booked for a weekday slot, with a lifecycle status, and the drives a
lesson was given in, started and maybe ended), checked in SQL with the run's clock pinned
to a weekday morning, once an hour after opening and once before it:

- a lesson is in office hours (a weekday, 08:00-17:00 starts on a five-minute mark);
- a lesson under way or done started by now: rules/span.py moves a start into the hours of
  its own day, and one that was by the clock stays by it (into the hours gone by, or the
  working day before when that day's hours had not begun), so a lesson under way at 09:00
  did not start at 15:40 the same day;
- a drive, a thing that happened (`started_at` NOT NULL), started by now."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TYPE lesson_state AS ENUM ('booked', 'in_progress', 'done', 'cancelled');
CREATE TABLE instructors (id serial PRIMARY KEY, full_name text NOT NULL);
CREATE TABLE lessons (id bigserial PRIMARY KEY,
  instructor_id int NOT NULL REFERENCES instructors(id),
  starts_at timestamp NOT NULL, ends_at timestamp NOT NULL,
  state lesson_state NOT NULL DEFAULT 'booked', booked_at timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at > starts_at));
CREATE TABLE drives (id bigserial PRIMARY KEY, lesson_id bigint REFERENCES lessons(id),
  instructor_id int NOT NULL REFERENCES instructors(id),
  started_at timestamp NOT NULL, ended_at timestamp,
  CHECK (ended_at IS NULL OR ended_at >= started_at));
"""

# a Tuesday an hour after opening, and the same Tuesday before it
NOWS = ["2026-03-10 09:00:00", "2026-03-10 06:00:00"]


@pytest.fixture(scope="module", params=NOWS)
def loaded(request, pg_cluster):
    settings = {
        "generate": {"rows": 1000, "now": request.param.replace(" ", "T")},
        "tables": {"instructors": {"rows": 40}},
    }
    with loaded_database(pg_cluster, SCHEMA, settings, seed=7) as conninfo:
        yield conninfo, request.param


def test_lessons_are_in_office_hours(loaded: tuple[str, str]) -> None:
    conninfo, _ = loaded
    judged, held = share(
        conninfo,
        """SELECT count(*), count(*) FILTER (WHERE extract(isodow FROM starts_at) <= 5
             AND starts_at::time BETWEEN '08:00' AND '17:00'
             AND extract(minute FROM starts_at)::int % 5 = 0) FROM lessons""",
    )
    assert judged == 1000 and held >= 0.99


def test_what_happened_started_by_the_clock(loaded: tuple[str, str]) -> None:
    conninfo, now = loaded
    judged, held = share(
        conninfo,
        """SELECT count(*), count(*) FILTER (WHERE starts_at <= :now::timestamp)
           FROM lessons WHERE state IN ('in_progress', 'done')""",
        now=now,
    )
    assert judged > 500 and held >= 0.99
    judged, held = share(
        conninfo,
        "SELECT count(*), count(*) FILTER (WHERE started_at <= :now::timestamp) FROM drives",
        now=now,
    )
    assert judged == 1000 and held >= 0.99
