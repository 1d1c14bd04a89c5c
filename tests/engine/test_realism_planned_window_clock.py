"""A booking's planned window, spanned as long as the thing booked lasts, stays where the
clock and the row's creation put it, on a schema of our own (a campsite network: pitches
reserved by campers for a window reserved_from..reserved_until, with a lifecycle), the run's
clock pinned:

- the window lasts days (rules/span.py spans a reservation's planned window);
- a reservation still to come (pending, confirmed) has not ended before now: its
  `reserved_until` is when the stay is planned to end, not an event that happened, so the
  span rule does not pull it back to the clock (nor its start with it, before the row was
  made); one over (completed, no-show) began by now; every one starts after it was made."""

from __future__ import annotations

from typing import Any

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-05-04 14:00:00+00"
SCHEMA = """
CREATE TYPE reservation_status AS ENUM ('pending', 'confirmed', 'completed', 'no_show',
  'cancelled');
CREATE TABLE campsites (id serial PRIMARY KEY, name text NOT NULL, founded_on date NOT NULL);
CREATE TABLE pitches (id serial PRIMARY KEY, campsite_id int NOT NULL REFERENCES campsites(id),
  code varchar(8) NOT NULL, electric boolean NOT NULL);
CREATE TABLE campers (id serial PRIMARY KEY, full_name text NOT NULL, email text NOT NULL,
  registered_at timestamptz NOT NULL);
CREATE TABLE pitch_reservations (id bigserial PRIMARY KEY,
  camper_id int NOT NULL REFERENCES campers(id), pitch_id int NOT NULL REFERENCES pitches(id),
  status reservation_status NOT NULL, created_at timestamptz NOT NULL,
  reserved_from timestamptz NOT NULL, reserved_until timestamptz NOT NULL,
  cancelled_at timestamptz, CHECK (reserved_until > reserved_from));
"""


@pytest.fixture(scope="module")
def loaded(pg_cluster: Any) -> Any:
    settings = {
        "generate": {"rows": 2000, "now": NOW.replace(" ", "T")},
        "tables": {"campsites": {"rows": 6}, "pitches": {"rows": 90}},
    }
    with loaded_database(pg_cluster, SCHEMA, settings, seed=3) as conninfo:
        yield conninfo


def test_reservations_last_days(loaded: str) -> None:
    judged, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE reserved_until - reserved_from
             BETWEEN interval '20 hours' AND interval '15 days') FROM pitch_reservations""",
    )
    assert judged == 2000 and held >= 0.98, held


def test_reservations_keep_to_the_clock_and_their_creation(loaded: str) -> None:
    judged, held = share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE CASE WHEN status IN ('pending', 'confirmed')"
        " THEN reserved_until >= :now - interval '1 day' ELSE reserved_from <= :now END"
        " AND reserved_from >= created_at AND created_at <= :now)"
        " FROM pitch_reservations WHERE status <> 'cancelled'",
        now=NOW,
    )
    assert judged > 1500 and held == 1.0, held
