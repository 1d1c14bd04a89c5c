"""A session at a site read from the schema's shape, on a schema of our own (a chain of piano
conservatories: tutors who teach at one, pupils, and tuition slots that name a tutor, a
conservatory and a pupil, with a start, an end, the minutes planned and a state), checked
in SQL on what a real PostgreSQL holds, with the run's clock pinned. No word of `tuition`
names an appointment or a lesson; its shape does (a worker, a site, a customer):

- a slot lasts 30 minutes to 4 hours and ends the same local day; it starts Monday to
  Friday between 09:00 and 17:00 in its conservatory's own time zone and ends by 21:00;
- its planned minutes are its length (within five minutes);
- an attended slot ended by now;
- a course's lessons are numbered in the order they start, each after the one before
  ended, and (as a rule) on a day of its own."""

from __future__ import annotations

from functools import partial

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"
SCHEMA = """
CREATE TYPE tuition_state AS ENUM ('pending', 'attended', 'absent', 'cancelled');
CREATE TABLE conservatory (id serial PRIMARY KEY, title text NOT NULL, town text NOT NULL,
  street_line text NOT NULL, time_zone text NOT NULL);
CREATE TABLE tutor (id serial PRIMARY KEY, first_name text NOT NULL, last_name text NOT NULL,
  conservatory_id int NOT NULL REFERENCES conservatory(id));
CREATE TABLE pupil (id serial PRIMARY KEY, given_name text NOT NULL,
  family_name text NOT NULL, birth_date date NOT NULL);
CREATE TABLE course (id serial PRIMARY KEY, pupil_id int NOT NULL REFERENCES pupil(id),
  instrument text NOT NULL, created_at timestamptz NOT NULL);
CREATE TABLE tuition (id serial PRIMARY KEY,
  course_id int NOT NULL REFERENCES course(id), tuition_no int NOT NULL,
  tutor_id int NOT NULL REFERENCES tutor(id),
  conservatory_id int NOT NULL REFERENCES conservatory(id),
  pupil_id int NOT NULL REFERENCES pupil(id),
  slot_start timestamptz NOT NULL, slot_end timestamptz NOT NULL,
  planned_mins int NOT NULL CHECK (planned_mins > 0),
  state tuition_state NOT NULL DEFAULT 'pending',
  CHECK (slot_end > slot_start), UNIQUE (course_id, tuition_no));
"""
LOCAL = """
WITH l AS (
  SELECT t.*, t.slot_start AT TIME ZONE z.name AS ls, t.slot_end AT TIME ZONE z.name AS le
  FROM tuition t JOIN conservatory c ON c.id = t.conservatory_id
  LEFT JOIN pg_timezone_names z ON z.name = c.time_zone)
"""


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    settings = {
        "generate": {"rows": 1000, "now": NOW.replace(" ", "T")},
        "tables": {"conservatory": {"rows": 12}, "tutor": {"rows": 80}, "course": {"rows": 300}},
    }
    with loaded_database(pg_cluster, SCHEMA, settings, seed=5) as conninfo:
        yield conninfo


def test_a_slot_lasts_a_session_in_the_sites_local_hours(loaded: str) -> None:
    judged, held = share(
        loaded,
        LOCAL
        + """SELECT count(*), count(*) FILTER (WHERE
               slot_end - slot_start BETWEEN interval '30 minutes' AND interval '4 hours'
               AND le::date = ls::date AND extract(isodow FROM ls) BETWEEN 1 AND 5
               AND ls::time >= time '09:00' AND ls::time <= time '17:00'
               AND le::time <= time '21:00') FROM l""",
        now=NOW,
    )
    assert judged == 1000 and held >= 0.98


def test_the_planned_minutes_are_the_slots_length(loaded: str) -> None:
    judged, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE
             abs(planned_mins - extract(epoch FROM slot_end - slot_start) / 60) <= 5)
           FROM tuition""",
        now=NOW,
    )
    assert judged == 1000 and held >= 0.98


def test_an_attended_slot_ended_by_now(loaded: str) -> None:
    judge = partial(share, loaded, now=NOW)
    judged, held = judge(
        "SELECT count(*), count(*) FILTER (WHERE slot_end <= :now) FROM tuition"
        " WHERE state = 'attended'"
    )
    assert judged > 500 and held >= 0.98


def test_a_courses_lessons_follow_their_numbers_days_apart(loaded: str) -> None:
    chain = """WITH o AS (
             SELECT tuition_no, slot_start, row_number() OVER w AS rn,
                    lag(slot_end) OVER w AS prev_end
             FROM tuition WINDOW w AS (PARTITION BY course_id ORDER BY slot_start, tuition_no))
           """
    judged, held = share(
        loaded,
        chain
        + """SELECT count(*), count(*) FILTER (WHERE tuition_no = rn
             AND (prev_end IS NULL OR slot_start >= prev_end)) FROM o""",
        now=NOW,
    )
    assert judged == 1000 and held >= 0.98
    # the next lesson another day, as a rule (a course crowded into a short window aside)
    judged, held = share(
        loaded,
        chain
        + """SELECT count(*), count(*) FILTER (WHERE slot_start >= prev_end
             + interval '12 hours') FROM o WHERE prev_end IS NOT NULL""",
        now=NOW,
    )
    assert held >= 0.9
