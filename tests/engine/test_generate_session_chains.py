"""Sessions that follow one another (a driving course's numbered lessons, days to weeks
apart, at a school in its hours) do not pile up on the last days before the run's clock.

A course still in progress is no new row: it began weeks ago, and its lessons done lie back
over those weeks (rules/recent.py, rules/chained.py). A course only just enquired about has
its lessons still to come: laid at their gaps from its start, those past now are scheduled
ahead instead of squeezed into the hours since (rules/spill.py). On main both were squeezed
into the day or two before now, the slots pulled back into the night to keep their order.
On a schema of our own, at three seeds, on a pinned clock."""

from __future__ import annotations

import psycopg
import pytest

from tests.engine.loading import loaded_database, on_clock, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TYPE course_status AS ENUM ('enquiry', 'in_progress', 'passed', 'withdrawn');
CREATE TYPE lesson_status AS ENUM ('scheduled', 'attended', 'cancelled', 'no_show');
CREATE TABLE school (school_id int PRIMARY KEY, school_name varchar(80) NOT NULL,
  city varchar(60) NOT NULL, country_code char(2) NOT NULL, tz_name varchar(40) NOT NULL,
  opened_on date NOT NULL);
CREATE TABLE instructor (instructor_id int PRIMARY KEY,
  school_id int NOT NULL REFERENCES school(school_id),
  full_name varchar(80) NOT NULL, email varchar(120) NOT NULL, hired_on date NOT NULL);
CREATE TABLE learner (learner_id int PRIMARY KEY, full_name varchar(80) NOT NULL,
  email varchar(120) NOT NULL, born_on date NOT NULL, created_at timestamptz NOT NULL);
CREATE TABLE course (course_id int PRIMARY KEY,
  learner_id int NOT NULL REFERENCES learner(learner_id),
  instructor_id int NOT NULL REFERENCES instructor(instructor_id),
  school_id int NOT NULL REFERENCES school(school_id),
  licence_class varchar(4) NOT NULL,
  status course_status NOT NULL DEFAULT 'enquiry',
  fee numeric(8,2),
  created_at timestamptz NOT NULL DEFAULT now());
CREATE TABLE lesson (lesson_id int PRIMARY KEY,
  course_id int NOT NULL REFERENCES course(course_id),
  lesson_no smallint NOT NULL,
  instructor_id int NOT NULL REFERENCES instructor(instructor_id),
  school_id int NOT NULL REFERENCES school(school_id),
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  status lesson_status NOT NULL DEFAULT 'scheduled',
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (course_id, lesson_no),
  CHECK (ends_at > starts_at));
"""
SETTINGS = {"generate": {"rows": 1000, "now": NOW.replace(" ", "T")}}

# the mean day with lessons of the 60 before now and the busiest of them (measured: busiest
# 3.3-4.5 times the mean at seeds 1, 2, 7, a Friday taking in its weekend; on main 7.8-8.6,
# the day before now or the day itself)
BUSIEST = """
WITH d AS (SELECT starts_at::date AS day, count(*) AS n FROM lesson
           WHERE starts_at >= :now - interval '60 days' AND starts_at < :now GROUP BY 1)
SELECT avg(n), max(n) FROM d
"""
# a lesson attended took place Monday to Saturday in the school's hours, on one local day
HOURS = """
WITH l AS (SELECT starts_at AT TIME ZONE s.tz_name AS ls, ends_at AT TIME ZONE s.tz_name AS le
           FROM lesson JOIN school s USING (school_id) WHERE status = 'attended')
SELECT count(*), count(*) FILTER (WHERE extract(isodow FROM ls) BETWEEN 1 AND 6
  AND ls::time >= time '07:00' AND le::time <= time '21:00' AND ls::date = le::date) FROM l
"""
# the status agrees with the clock: attended and missed lessons began by now, scheduled ones
# lie ahead of the last day
CLOCK = """
SELECT count(*), count(*) FILTER (WHERE CASE WHEN status IN ('attended', 'no_show')
  THEN starts_at <= :now ELSE true END) FROM lesson
"""
AHEAD = """
SELECT count(*), count(*) FILTER (WHERE status IN ('scheduled', 'cancelled')) FROM lesson
WHERE starts_at > :now
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_no_day_before_now_holds_a_pile_of_lessons(loaded: str) -> None:
    with psycopg.connect(loaded) as conn:
        row = conn.execute(on_clock(BUSIEST, NOW)).fetchone()
    assert row is not None and row[0] is not None
    mean, busiest = float(row[0]), int(row[1])
    assert busiest <= 5 * mean, (busiest, mean)


def test_lessons_attended_lie_in_open_hours(loaded: str) -> None:
    applies, holds = share(loaded, HOURS, now=NOW)
    assert applies >= 300
    assert holds >= 0.99


def test_lesson_statuses_agree_with_the_clock(loaded: str) -> None:
    applies, holds = share(loaded, CLOCK, now=NOW)
    assert applies >= 900
    assert holds >= 0.99
    ahead, waiting = share(loaded, AHEAD, now=NOW)
    assert ahead >= 20  # courses only just begun have lessons to come
    assert waiting == 1.0
