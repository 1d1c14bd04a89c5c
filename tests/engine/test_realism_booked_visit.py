"""A visit booked for a slot and recorded as it happened by an arrival and a departure named
in other words than its booking (kinds/actual_pair.py, rules/status.py, rules/actual.py), on a
schema of our own: a home-care agency books each call for a slot (`planned_start`/
`planned_end`) and the carer checks in and out (`checked_in_at`/`checked_out_at`); its status
says how far the call got. Missed before: the check-in and check-out were no start or end of
the booking (its words are a start and an end, theirs a check-in and a check-out), so the status
left them alone and later rules NULLed or set them at random (a completed call with no
check-out, a check-in days from its slot, none lasting as booked). Now a completed call has
both, by the run's clock, on site about as long as booked near its slot; one in progress was
checked into within the last hours and not out; one still scheduled or called off has
neither; the tasks done and the doses given on a call (one per medicine: a unique key) are
under calls that began. Three seeds, a pinned clock."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"
SCHEMA = """
CREATE TYPE call_state AS ENUM ('scheduled', 'in_progress', 'completed', 'cancelled',
  'no_show');
CREATE TABLE carers (id serial PRIMARY KEY, full_name text NOT NULL, hired_on date NOT NULL);
CREATE TABLE care_clients (id serial PRIMARY KEY, full_name text NOT NULL,
  postcode text NOT NULL);
CREATE TABLE care_calls (id bigserial PRIMARY KEY,
  client_id int NOT NULL REFERENCES care_clients, carer_id int REFERENCES carers,
  status call_state NOT NULL DEFAULT 'scheduled',
  planned_start timestamptz NOT NULL, planned_end timestamptz NOT NULL,
  checked_in_at timestamptz, checked_out_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (planned_end > planned_start));
CREATE TABLE call_tasks (id bigserial PRIMARY KEY,
  care_call_id bigint NOT NULL REFERENCES care_calls, task text NOT NULL,
  done_at timestamptz NOT NULL);
CREATE TABLE medicines (id serial PRIMARY KEY, medicine_name text NOT NULL);
CREATE TABLE doses_given (id bigserial PRIMARY KEY,
  care_call_id bigint NOT NULL REFERENCES care_calls,
  medicine_id int NOT NULL REFERENCES medicines, given_at timestamptz NOT NULL,
  UNIQUE (care_call_id, medicine_id));
"""
SETTINGS = {"generate": {"rows": 800, "now": NOW.replace(" ", "T")}}

STAMPS = """
SELECT count(*), count(*) FILTER (WHERE CASE status
  WHEN 'completed' THEN checked_in_at IS NOT NULL AND checked_out_at > checked_in_at
  WHEN 'in_progress' THEN checked_in_at IS NOT NULL AND checked_out_at IS NULL
  ELSE checked_in_at IS NULL AND checked_out_at IS NULL END)
FROM care_calls
"""
CLOCK = """
SELECT count(*), count(*) FILTER (WHERE CASE status
  WHEN 'completed' THEN checked_out_at <= :now
  WHEN 'in_progress' THEN checked_in_at BETWEEN :now - interval '12 hours' AND :now
  WHEN 'scheduled' THEN planned_start >= :now - interval '1 day'
  ELSE planned_start <= :now END)
FROM care_calls
"""
ON_SITE = """
SELECT count(*), count(*) FILTER (WHERE
  checked_out_at - checked_in_at BETWEEN interval '10 minutes' AND interval '6 hours'
  AND checked_in_at BETWEEN planned_start - interval '1 hour' AND planned_end + interval '8 hours')
FROM care_calls WHERE status = 'completed'
"""
TASKS = """
SELECT count(*), count(*) FILTER (WHERE c.checked_in_at IS NOT NULL)
FROM call_tasks t JOIN care_calls c ON c.id = t.care_call_id
"""

DOSES = """
SELECT count(*), count(*) FILTER (WHERE c.checked_in_at IS NOT NULL)
FROM doses_given d JOIN care_calls c ON c.id = d.care_call_id
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_call_has_the_stamps_its_status_says(loaded: str) -> None:
    applies, holds = share(loaded, STAMPS, now=NOW)
    assert applies >= 500
    assert holds >= 0.98


def test_a_call_lies_where_its_status_says_against_the_clock(loaded: str) -> None:
    applies, holds = share(loaded, CLOCK, now=NOW)
    assert applies >= 500
    assert holds >= 0.98


def test_a_completed_call_was_on_site_about_as_booked(loaded: str) -> None:
    applies, holds = share(loaded, ON_SITE, now=NOW)
    assert applies >= 300
    assert holds >= 0.98


def test_tasks_are_done_on_calls_that_began(loaded: str) -> None:
    applies, holds = share(loaded, TASKS, now=NOW)
    assert applies >= 300
    assert holds >= 0.98


def test_doses_keyed_with_their_call_are_given_on_calls_that_began(loaded: str) -> None:
    """The key (call, medicine) is unique: the unique plan picks the calls, among those
    that began (constraints/unique/fill.py)."""
    applies, holds = share(loaded, DOSES, now=NOW)
    assert applies >= 300
    assert holds >= 0.98
