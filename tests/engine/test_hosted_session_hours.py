"""A session a site holds that people book into runs for hours of the day, not a visit's
minutes: a vaccination service's sittings (a date, a start and an end time of day) that the
patients' jab bookings (each at a slot of its own) point to last three to ten hours, start
from 07:00 and are over by 21:00 (kinds/session.hosts_bookings, rules/span.py, rules/work_day.
session_times). A studio's sessions booked as seats (a booking with no slot time) keep a
session's length. On a schema of our own, at three seeds, on a
pinned clock."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE clinic_site (site_id int PRIMARY KEY, site_name varchar(80) NOT NULL,
  town varchar(60) NOT NULL);
CREATE TABLE vaccination_sittings (
  sitting_id int PRIMARY KEY,
  site_id int NOT NULL REFERENCES clinic_site(site_id),
  held_on date NOT NULL,
  start_time time NOT NULL,
  end_time time NOT NULL,
  doses_available int NOT NULL CHECK (doses_available > 0));
CREATE TABLE jab_bookings (
  booking_id bigint PRIMARY KEY,
  sitting_id int NOT NULL REFERENCES vaccination_sittings(sitting_id),
  patient_name varchar(80) NOT NULL,
  booked_at timestamptz NOT NULL,
  slot_at timestamptz NOT NULL);
CREATE TABLE studio_sessions (
  session_id int PRIMARY KEY,
  site_id int NOT NULL REFERENCES clinic_site(site_id),
  held_on date NOT NULL,
  start_time time NOT NULL,
  end_time time NOT NULL);
CREATE TABLE class_bookings (
  booking_id bigint PRIMARY KEY,
  session_id int NOT NULL REFERENCES studio_sessions(session_id),
  member_name varchar(80) NOT NULL,
  booked_at timestamptz NOT NULL);
"""
SETTINGS = {"generate": {"rows": 600, "now": NOW.replace(" ", "T")}}

HOURS = """
SELECT count(*)::int, count(*) FILTER (WHERE start_time >= time '07:00'
  AND end_time <= time '21:00'
  AND end_time - start_time BETWEEN interval '3 hours' AND interval '10 hours')::int
FROM vaccination_sittings
"""
SEATS = """
SELECT count(*)::int, count(*) FILTER (WHERE end_time - start_time <= interval '2 hours')::int
FROM studio_sessions
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_session_people_book_into_runs_for_hours_of_the_day(loaded: str) -> None:
    applies, holds = share(loaded, HOURS, now=NOW)
    assert applies == 600
    assert holds >= 0.98


def test_a_session_booked_as_a_seat_without_slots_keeps_a_sessions_length(loaded: str) -> None:
    applies, holds = share(loaded, SEATS, now=NOW)
    assert applies == 600
    assert holds >= 0.98
