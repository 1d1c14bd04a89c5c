"""No event inside a window that bars it (rules/excluded.py): a member suspended from a club
books no court while suspended (a suspension for good bars every booking after its start), a
member of staff on leave works no shift. On a schema of our own, at three seeds, on a pinned
clock; the windows read inclusively (an event on the last day counts as inside)."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE member (member_id int PRIMARY KEY, full_name varchar(80) NOT NULL,
  email varchar(120) NOT NULL, joined_at timestamptz NOT NULL);
CREATE TABLE member_suspension (suspension_id int PRIMARY KEY,
  member_id int NOT NULL REFERENCES member(member_id),
  suspended_from date NOT NULL, suspended_until date, reason text NOT NULL,
  created_at timestamptz NOT NULL);
CREATE TABLE court_booking (booking_id int PRIMARY KEY,
  member_id int NOT NULL REFERENCES member(member_id),
  court_no smallint NOT NULL, starts_at timestamptz NOT NULL, ends_at timestamptz NOT NULL,
  CHECK (ends_at > starts_at));
CREATE TABLE staff (staff_id int PRIMARY KEY, full_name varchar(80) NOT NULL,
  hired_on date NOT NULL);
CREATE TABLE staff_leave (leave_id int PRIMARY KEY,
  staff_id int NOT NULL REFERENCES staff(staff_id),
  start_date date NOT NULL, end_date date NOT NULL, CHECK (end_date >= start_date));
CREATE TABLE shift (shift_id int PRIMARY KEY, staff_id int NOT NULL REFERENCES staff(staff_id),
  shift_start timestamptz NOT NULL, shift_end timestamptz NOT NULL);
"""
SETTINGS = {"generate": {"rows": 1000, "now": NOW.replace(" ", "T")}}

NO_BOOKING_WHILE_SUSPENDED = """
SELECT count(*)::int, count(*) FILTER (WHERE NOT (b.starts_at::date >= s.suspended_from
  AND (s.suspended_until IS NULL OR b.starts_at::date <= s.suspended_until)))::int
FROM court_booking b JOIN member_suspension s ON s.member_id = b.member_id
"""
NO_SHIFT_ON_LEAVE = """
SELECT count(*)::int, count(*) FILTER (WHERE NOT (w.shift_start::date
  BETWEEN l.start_date AND l.end_date))::int
FROM shift w JOIN staff_leave l ON l.staff_id = w.staff_id
"""
RECORDED_BY_NOW = """
SELECT count(*)::int, count(*) FILTER (WHERE created_at <= :now
  AND created_at::date <= suspended_from + 1)::int
FROM member_suspension
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_no_court_booked_while_suspended(loaded: str) -> None:
    applies, holds = share(loaded, NO_BOOKING_WHILE_SUSPENDED, now=NOW)
    assert applies > 200
    assert holds >= 0.99


def test_no_shift_worked_on_leave(loaded: str) -> None:
    applies, holds = share(loaded, NO_SHIFT_ON_LEAVE, now=NOW)
    assert applies > 200
    assert holds >= 0.99


def test_a_moved_suspension_was_recorded_with_it(loaded: str) -> None:
    applies, holds = share(loaded, RECORDED_BY_NOW, now=NOW)
    assert applies == 1000
    assert holds >= 0.95
