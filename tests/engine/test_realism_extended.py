"""A parent's time moved on by its numbered children, on a schema of our own (a car club): a
booking's extensions are numbered 1, 2, 3 in time order, after pick-up, before drop-off and by
now; each starts from the return time the one before set (the first from the original), moves
it later, and the last one sets the booking's own return time; the booking counts them
(rules/extended.py). Checked in SQL on what a real PostgreSQL holds, at three seeds, on a
pinned clock."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE members (id serial PRIMARY KEY, full_name text NOT NULL);
CREATE TABLE bookings (id serial PRIMARY KEY,
  member_id int NOT NULL REFERENCES members(id),
  picked_up_at timestamptz NOT NULL,
  return_due timestamptz NOT NULL,
  dropped_off_at timestamptz,
  extension_count int NOT NULL DEFAULT 0,
  CHECK (return_due > picked_up_at));
CREATE TABLE booking_extensions (id serial PRIMARY KEY,
  booking_id int NOT NULL REFERENCES bookings(id),
  extension_no int NOT NULL CHECK (extension_no > 0),
  asked_at timestamptz NOT NULL,
  old_return_due timestamptz NOT NULL,
  new_return_due timestamptz NOT NULL,
  UNIQUE (booking_id, extension_no));
"""

CHAIN = """
WITH x AS (
  SELECT e.*, b.picked_up_at, b.dropped_off_at, b.return_due, b.extension_count,
         row_number() OVER w AS rn, lag(e.asked_at) OVER w AS prev_asked,
         lag(e.new_return_due) OVER w AS prev_new, count(*) OVER (PARTITION BY e.booking_id) AS n
  FROM booking_extensions e JOIN bookings b ON b.id = e.booking_id
  WINDOW w AS (PARTITION BY e.booking_id ORDER BY e.asked_at, e.id))
SELECT count(*), count(*) FILTER (WHERE extension_no = rn
    AND asked_at > picked_up_at AND asked_at <= :now
    AND (dropped_off_at IS NULL OR asked_at < dropped_off_at)
    AND (prev_asked IS NULL OR asked_at > prev_asked)
    AND (prev_new IS NULL OR old_return_due = prev_new)
    AND new_return_due > old_return_due
    AND extension_count = n
    AND (rn < n OR new_return_due = return_due))
FROM x
"""
SETTINGS = {
    "generate": {"rows": 300, "now": NOW.replace(" ", "T")},
    "tables": {"public.bookings": {"rows": 600}, "public.booking_extensions": {"rows": 500}},
}


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_bookings_extensions_form_a_chain_to_its_return_time(loaded: str) -> None:
    applies, holds = share(loaded, CHAIN, now=NOW)
    assert applies == 500
    assert holds >= 0.98
