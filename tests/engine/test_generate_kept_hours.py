"""Hours a business keeps for what it does itself (rules/kept_hours.py, rules/opening.py). A
cookery school: an offer is approved by a member of staff (`approved_at` beside `approved_by`,
a key to employees who work at a branch) on a weekday in office hours, local time of the
branch the enquiry came to; a course run lasts its course's planned minutes and is put on the
timetable in the waking day, local time of the course's branch. On the session's base both
lay anywhere in the day: a lone start was placed only where it was planned work or a thing
people attend. On a schema of our own, at three seeds, on a pinned clock."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE branch (branch_id int PRIMARY KEY, branch_name text NOT NULL,
  street text NOT NULL, postcode text NOT NULL, tz_name text NOT NULL);
CREATE TABLE employee (employee_id int PRIMARY KEY,
  branch_id int NOT NULL REFERENCES branch(branch_id),
  first_name text NOT NULL, last_name text NOT NULL, email text NOT NULL);
CREATE TABLE enquiry (enquiry_id int PRIMARY KEY,
  branch_id int NOT NULL REFERENCES branch(branch_id),
  contact_email text NOT NULL, received_at timestamptz NOT NULL);
CREATE TABLE offer (offer_id int PRIMARY KEY,
  enquiry_id int NOT NULL REFERENCES enquiry(enquiry_id),
  approved_by int NOT NULL REFERENCES employee(employee_id),
  approved_at timestamptz NOT NULL,
  amount numeric(10,2) NOT NULL CHECK (amount > 0));
CREATE TABLE course (course_id int PRIMARY KEY,
  branch_id int NOT NULL REFERENCES branch(branch_id),
  title text NOT NULL, planned_minutes int NOT NULL CHECK (planned_minutes > 0));
CREATE TABLE course_run (run_id int PRIMARY KEY,
  course_id int NOT NULL REFERENCES course(course_id),
  starts_at timestamptz NOT NULL, ends_at timestamptz NOT NULL,
  seats int NOT NULL CHECK (seats > 0),
  CHECK (ends_at > starts_at));
"""
SETTINGS = {"generate": {"rows": 600, "now": NOW.replace(" ", "T")}}

OFFICE = """
WITH o AS (SELECT o.approved_at AT TIME ZONE b.tz_name AS local_at
           FROM offer o JOIN enquiry e USING (enquiry_id) JOIN branch b USING (branch_id)
           WHERE b.tz_name IN (SELECT name FROM pg_timezone_names))
SELECT count(*), count(*) FILTER (WHERE extract(isodow FROM local_at) BETWEEN 1 AND 5
  AND local_at::time BETWEEN '08:00' AND '19:00') FROM o
"""
TIMETABLE = """
WITH r AS (SELECT r.starts_at AT TIME ZONE b.tz_name AS local_at
           FROM course_run r JOIN course c USING (course_id) JOIN branch b USING (branch_id)
           WHERE b.tz_name IN (SELECT name FROM pg_timezone_names))
SELECT count(*), count(*) FILTER (WHERE local_at::time BETWEEN '06:00' AND '22:00') FROM r
"""
# a timetable runs at weekends too: not every run is moved to a weekday
WEEKENDS = """
WITH r AS (SELECT r.starts_at AT TIME ZONE b.tz_name AS local_at
           FROM course_run r JOIN course c USING (course_id) JOIN branch b USING (branch_id))
SELECT count(*), count(*) FILTER (WHERE extract(isodow FROM local_at) IN (6, 7)) FROM r
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_staff_approve_offers_in_office_hours(loaded: str) -> None:
    applies, holds = share(loaded, OFFICE, now=NOW)
    assert applies >= 300
    assert holds >= 0.98


def test_course_runs_start_in_the_waking_day(loaded: str) -> None:
    applies, holds = share(loaded, TIMETABLE, now=NOW)
    assert applies >= 300
    assert holds >= 0.98


def test_the_timetable_runs_at_weekends(loaded: str) -> None:
    applies, holds = share(loaded, WEEKENDS, now=NOW)
    assert applies >= 300
    assert holds >= 0.1
