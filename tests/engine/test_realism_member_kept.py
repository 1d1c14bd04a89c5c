"""A row's member of a group stays one of the group's members when the member's table has a
window of validity, on a schema of our own (a training provider: learners registered until
their account expires, courses, course enrolments, quizzes of a course and learners' answers
to them, with no time of their own), checked in SQL on what a real PostgreSQL holds: an
answer's learner is enrolled in the quiz's course (rules/membership.py), though the rule that
picks a parent valid at the time of what the row belongs to (rules/valid_for.py: the quiz's
opening) would take any learner registered then (valid_then.group_member keeps it; with it
off, 31 % held)."""

from __future__ import annotations

from functools import partial

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 15:00:00+00"
SCHEMA = """
CREATE TABLE courses (id serial PRIMARY KEY, title text NOT NULL);
CREATE TABLE learners (id serial PRIMARY KEY, first_name text NOT NULL, last_name text NOT NULL,
  email text NOT NULL, registered_at timestamptz NOT NULL, expires_on date NOT NULL,
  CHECK (expires_on >= registered_at::date));
CREATE TABLE course_enrolments (id serial PRIMARY KEY,
  course_id int NOT NULL REFERENCES courses(id), learner_id int NOT NULL REFERENCES learners(id),
  UNIQUE (course_id, learner_id));
CREATE TABLE quizzes (id serial PRIMARY KEY, course_id int NOT NULL REFERENCES courses(id),
  title text NOT NULL, opens_at timestamptz NOT NULL);
CREATE TABLE quiz_answers (id bigserial PRIMARY KEY, quiz_id int NOT NULL REFERENCES quizzes(id),
  learner_id int NOT NULL REFERENCES learners(id),
  score smallint NOT NULL, UNIQUE (quiz_id, learner_id));
"""


@pytest.fixture(scope="module")
def measured(pg_cluster):
    settings = {
        "generate": {"rows": 1000, "now": NOW.replace(" ", "T")},
        "tables": {"public.courses": {"rows": 40}, "public.learners": {"rows": 400},
                   "public.quizzes": {"rows": 200}},
    }  # fmt: skip
    with loaded_database(pg_cluster, SCHEMA, settings) as conninfo:
        yield partial(share, conninfo, now=NOW)


def test_an_answer_is_by_a_learner_enrolled_in_the_quiz_course(measured) -> None:
    applies, held = measured(
        """SELECT count(*), count(*) FILTER (WHERE EXISTS (SELECT 1 FROM course_enrolments e
               WHERE e.learner_id = a.learner_id AND e.course_id = q.course_id))
           FROM quiz_answers a JOIN quizzes q ON q.id = a.quiz_id"""
    )
    assert applies >= 500 and held >= 0.98
