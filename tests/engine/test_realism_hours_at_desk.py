"""What happens at a place that keeps its hours day by day happens when its people stand there
(rules/week_hours.py), on a schema of our own, checked in SQL with the run's clock pinned:

- a tool-hire depot's hours (`depot_timetable`: an ISO `dow`, `opening_time`,
  `closing_time`) look like a human business day: opening 07:00-10:00, closing by 22:00;
- a hire's `collected_at` (the customer at the counter: the first of its own events, every row
  has it) falls on a day the depot opens, inside its hours, in the depot's own time zone; not
  its `due_back_at` (a deadline) nor its `returned_at` (an end), which keep coming after it
  and keep their side of the run's clock;
- a shop's till receipt (`rung_up_at`) is rung up in the shop's hours, and so is a fitting
  booked at it (`scheduled_for`: a plan, no deadline); a rating posted about the shop
  (`posted_at`, an act from afar) is not moved into them."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE depots (id serial PRIMARY KEY, name text NOT NULL, tz_name text NOT NULL);
CREATE TABLE depot_timetable (id serial PRIMARY KEY,
  depot_id int NOT NULL REFERENCES depots(id),
  dow smallint NOT NULL CHECK (dow BETWEEN 1 AND 7),
  opening_time time NOT NULL, closing_time time NOT NULL CHECK (closing_time > opening_time));
CREATE TABLE customers (id serial PRIMARY KEY, full_name text NOT NULL,
  joined_at timestamptz NOT NULL);
CREATE TABLE hires (id bigserial PRIMARY KEY,
  depot_id int NOT NULL REFERENCES depots(id),
  customer_id int NOT NULL REFERENCES customers(id),
  collected_at timestamptz NOT NULL,
  due_back_at timestamptz NOT NULL,
  returned_at timestamptz,
  CHECK (due_back_at > collected_at),
  CHECK (returned_at IS NULL OR returned_at > collected_at));
CREATE TABLE till_receipts (id bigserial PRIMARY KEY,
  depot_id int NOT NULL REFERENCES depots(id),
  rung_up_at timestamptz NOT NULL, total numeric(10,2) NOT NULL);
CREATE TABLE fitting_slots (id bigserial PRIMARY KEY,
  depot_id int NOT NULL REFERENCES depots(id),
  scheduled_for timestamptz NOT NULL, note text);
CREATE TABLE depot_ratings (id bigserial PRIMARY KEY,
  depot_id int NOT NULL REFERENCES depots(id),
  stars smallint NOT NULL CHECK (stars BETWEEN 1 AND 5),
  posted_at timestamptz NOT NULL);
"""
NOW = "2026-12-07T09:30:00+00:00"
IN_HOURS = """
WITH x AS (SELECT t.depot_id, t.{col} AT TIME ZONE d.tz_name AS lt
           FROM {table} t JOIN depots d ON d.id = t.depot_id)
SELECT count(*), count(*) FILTER (WHERE EXISTS (
  SELECT 1 FROM depot_timetable h WHERE h.depot_id = x.depot_id
    AND h.dow = extract(isodow FROM x.lt)::int
    AND x.lt::time >= h.opening_time AND x.lt::time < h.closing_time)) FROM x"""


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    settings = {
        "generate": {"rows": 600, "now": NOW},
        "tables": {"depots": {"rows": 12}, "customers": {"rows": 200}},
    }
    with loaded_database(pg_cluster, SCHEMA, settings, seed=3) as conninfo:
        yield conninfo


def test_hours_are_a_human_day(loaded: str) -> None:
    judged, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE opening_time BETWEEN '07:00' AND '10:00'
             AND closing_time BETWEEN '14:00' AND '22:00') FROM depot_timetable""",
    )
    assert judged > 60 and held == 1.0


def test_collected_in_the_depot_hours(loaded: str) -> None:
    judged, held = share(loaded, IN_HOURS.format(col="collected_at", table="hires"))
    assert judged == 600 and held >= 0.98


def test_deadline_and_return_stay_after_and_by_the_clock(loaded: str) -> None:
    judged, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE due_back_at > collected_at
             AND (returned_at IS NULL OR (returned_at > collected_at AND returned_at <= :now))
             AND collected_at <= :now) FROM hires""",
        now=NOW,
    )
    assert judged == 600 and held >= 0.98


def test_till_in_hours_rating_from_afar(loaded: str) -> None:
    judged, held = share(loaded, IN_HOURS.format(col="rung_up_at", table="till_receipts"))
    assert judged == 600 and held >= 0.98
    judged, held = share(loaded, IN_HOURS.format(col="scheduled_for", table="fitting_slots"))
    assert judged == 600 and held >= 0.98
    judged, held = share(loaded, IN_HOURS.format(col="posted_at", table="depot_ratings"))
    assert judged == 600 and held < 0.9
