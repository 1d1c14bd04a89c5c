"""A slot booked at a place is in its waking day, local time, on a schema of our own (a
restaurant group: a reservation of a table, its one time `reserved_for`, the restaurant two
keys away keeping its `tz_name`). rules/opening.py reads a booking with no start and end to
span and one time every row keeps (not its record time, not the `cancelled_at` it may leave
NULL) as the time people come: 07:00-20:00 in the restaurant's zone, any day of the week. On
the session's base the booking was read as a stay of days and the time lay anywhere in the
UTC day. Checked in SQL on what a real PostgreSQL holds, at two seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE restaurants (restaurant_id int PRIMARY KEY, name text NOT NULL,
  city text NOT NULL, tz_name text NOT NULL);
CREATE TABLE dining_tables (dining_table_id int PRIMARY KEY,
  restaurant_id int NOT NULL REFERENCES restaurants, seats smallint NOT NULL CHECK (seats > 0));
CREATE TABLE reservations (reservation_id bigint PRIMARY KEY,
  dining_table_id int NOT NULL REFERENCES dining_tables,
  party_size smallint NOT NULL CHECK (party_size BETWEEN 1 AND 12),
  reserved_for timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  cancelled_at timestamptz);
"""
NOW = "2026-03-10 09:00:00+00"
SETTINGS = {"generate": {"rows": 600, "now": NOW.replace(" ", "T")},
            "tables": {"public.restaurants": {"rows": 12}}}  # fmt: skip

LOCAL = """
WITH r AS (SELECT r.reserved_for AT TIME ZONE s.tz_name AS local_at
           FROM reservations r JOIN dining_tables d USING (dining_table_id)
           JOIN restaurants s USING (restaurant_id)
           WHERE s.tz_name IN (SELECT name FROM pg_timezone_names))
SELECT count(*), count(*) FILTER (WHERE extract(hour FROM local_at) BETWEEN 7 AND 19) FROM r
"""
WEEKENDS = """
WITH r AS (SELECT r.reserved_for AT TIME ZONE s.tz_name AS local_at
           FROM reservations r JOIN dining_tables d USING (dining_table_id)
           JOIN restaurants s USING (restaurant_id))
SELECT count(*), count(*) FILTER (WHERE extract(isodow FROM local_at) IN (6, 7)) FROM r
"""


@pytest.fixture(scope="module", params=[1, 2])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_reserved_time_is_in_the_waking_day_local_time(loaded: str) -> None:
    applies, holds = share(loaded, LOCAL, now=NOW)
    assert applies >= 300
    assert holds >= 0.98


def test_slots_are_booked_at_weekends_too(loaded: str) -> None:
    applies, holds = share(loaded, WEEKENDS, now=NOW)
    assert applies >= 300
    assert holds >= 0.1
