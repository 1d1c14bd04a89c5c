"""One clock and lengths at the scale a row's kind tells, on a schema of our own (a housing
association: tenants, flats with smart locks, repair requests, the tenancy advisers' booked
phone calls and a log of every contact with a tenant):

- a repair request's first reply (`first_reply_at`) happened by now, whatever its status
  decides of its other times (rules/by_clock.py);
- a call booked ahead (a `scheduled_for` time, a 'scheduled' status) is a meeting over the
  line: a quarter hour to two hours, not a quick call's minutes (rules/span.py);
- a contact's kind decides whether it lasts: a phone or video call has a talk time of a call's
  length (1 s to 3 h, on average half a minute to a quarter hour), an email or a letter none
  (rules/call_length.py);
- a lock's event happens once the lock was activated: a NULL `activated_at` is a lock never
  in service, whose events go to the locks that were (rules/within.py, rules/in_service.py).

Checked in SQL on what a real PostgreSQL holds, at three seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE tenants (id serial PRIMARY KEY, first_name text NOT NULL, last_name text NOT NULL,
  email text NOT NULL, created_at timestamptz NOT NULL);
CREATE TABLE advisers (id serial PRIMARY KEY, full_name text NOT NULL, hired_on date NOT NULL);
CREATE TABLE smart_locks (id serial PRIMARY KEY, serial_no varchar(20) NOT NULL,
  activated_at timestamptz, created_at timestamptz NOT NULL);
CREATE TABLE lock_events (id bigserial PRIMARY KEY,
  lock_id int NOT NULL REFERENCES smart_locks(id),
  event_type text NOT NULL CHECK (event_type IN ('unlock', 'lock', 'tamper')),
  occurred_at timestamptz NOT NULL);
CREATE TABLE repair_requests (id bigserial PRIMARY KEY,
  tenant_id int NOT NULL REFERENCES tenants(id),
  status text NOT NULL CHECK (status IN ('new', 'triaged', 'waiting', 'fixed', 'closed')),
  opened_at timestamptz NOT NULL, first_reply_at timestamptz, fixed_at timestamptz);
CREATE TABLE advice_calls (id bigserial PRIMARY KEY,
  tenant_id int NOT NULL REFERENCES tenants(id),
  adviser_id int NOT NULL REFERENCES advisers(id),
  scheduled_for timestamp NOT NULL,
  duration_minutes int NOT NULL CHECK (duration_minutes > 0),
  status text NOT NULL CHECK (status IN ('scheduled', 'held', 'missed')));
CREATE TABLE tenant_contacts (id bigserial PRIMARY KEY,
  tenant_id int NOT NULL REFERENCES tenants(id),
  channel text NOT NULL CHECK (channel IN ('phone_call', 'video_call', 'email', 'letter')),
  contacted_at timestamptz NOT NULL,
  talk_time_s integer);
"""

FIRST_REPLY = """
SELECT count(*), count(*) FILTER (WHERE first_reply_at <= :now)
FROM repair_requests WHERE first_reply_at IS NOT NULL
"""
BOOKED_CALL = """
SELECT count(*), count(*) FILTER (WHERE duration_minutes BETWEEN 15 AND 120) FROM advice_calls
"""
CALL_LENGTH = """
WITH c AS (SELECT talk_time_s, avg(talk_time_s) OVER () AS mean
           FROM tenant_contacts WHERE channel LIKE '%call')
SELECT count(*), count(*) FILTER (WHERE talk_time_s BETWEEN 1 AND 10800
                                    AND mean BETWEEN 30 AND 900) FROM c
"""
NO_LENGTH = """
SELECT count(*), count(*) FILTER (WHERE talk_time_s IS NULL)
FROM tenant_contacts WHERE channel IN ('email', 'letter')
"""
ACTIVATED = """
SELECT count(*), count(*) FILTER (WHERE l.activated_at IS NOT NULL
                                    AND e.occurred_at >= l.activated_at)
FROM lock_events e JOIN smart_locks l ON l.id = e.lock_id
"""

NOW = "2026-03-10 09:00:00+00"
SETTINGS = {
    "generate": {"rows": 600, "now": NOW.replace(" ", "T")},
    "tables": {"public.advisers": {"rows": 20}, "public.smart_locks": {"rows": 200}},
}


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_first_reply_happened_by_now(loaded: str) -> None:
    applies, holds = share(loaded, FIRST_REPLY, now=NOW)
    assert applies >= 100
    assert holds == 1.0


def test_a_booked_call_lasts_a_quarter_hour_to_two_hours(loaded: str) -> None:
    applies, holds = share(loaded, BOOKED_CALL)
    assert applies >= 500
    assert holds == 1.0


def test_a_call_has_a_calls_length(loaded: str) -> None:
    applies, holds = share(loaded, CALL_LENGTH)
    assert applies >= 200
    assert holds == 1.0


def test_an_email_or_a_letter_has_none(loaded: str) -> None:
    applies, holds = share(loaded, NO_LENGTH)
    assert applies >= 40
    assert holds == 1.0


def test_an_event_happens_once_its_thing_was_activated(loaded: str) -> None:
    applies, holds = share(loaded, ACTIVATED)
    assert applies >= 500
    assert holds >= 0.99
