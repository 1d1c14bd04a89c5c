"""Totals a thing has counted since it began grow with the time they are read, on a schema of
our own (a print works: presses in shops, a meter log of each press noting its sheets, its paper
jams and its running hours, a status poll of each press with its impressions and motor hours,
and print jobs with their own sheet and price totals):

- the meter log is a table of readings: its `sheets_total` and `total_jams` (a total word
  beside what it counts) and `run_hours` (a unit of use beside what accrues it) are registers,
  several in one row, each never below the one before it per press in `noted_at` order
  (rules/counter.py), the hours gaining no more than the time between two readings; the
  press's and its feeder's hours are two registers, not one value twice;
- the status poll is not named as readings, but its rows are instants of a press holding only
  totals (`impressions_total` beside `motor_hours`): both grow per press in `polled_at` order;
- a print job's `sheets_total` is its own count, not a register (no unit of use beside it,
  only its price): it goes up and down from one job to the next.

Checked in SQL on what a real PostgreSQL holds, at three seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE print_shops (id serial PRIMARY KEY, name text NOT NULL, city text NOT NULL);
CREATE TABLE presses (id serial PRIMARY KEY,
  shop_id int NOT NULL REFERENCES print_shops(id),
  model text NOT NULL, installed_on date NOT NULL);
CREATE TABLE press_meter_log (id bigserial PRIMARY KEY,
  press_id int NOT NULL REFERENCES presses(id),
  noted_at timestamptz NOT NULL,
  sheets_total bigint NOT NULL CHECK (sheets_total >= 0),
  total_jams integer NOT NULL,
  run_hours integer,
  feeder_hours integer,
  UNIQUE (press_id, noted_at));
CREATE TABLE press_status (id bigserial PRIMARY KEY,
  press_id int NOT NULL REFERENCES presses(id),
  polled_at timestamptz NOT NULL,
  impressions_total bigint NOT NULL,
  motor_hours numeric(10,1));
CREATE TABLE print_jobs (id bigserial PRIMARY KEY,
  press_id int NOT NULL REFERENCES presses(id),
  printed_at timestamptz NOT NULL,
  sheets_total int NOT NULL CHECK (sheets_total > 0),
  price_total numeric(10,2) NOT NULL);
"""

METER_LOG = """
WITH r AS (
  SELECT noted_at, sheets_total, total_jams, run_hours,
         lag(noted_at) OVER w AS prev_at, lag(sheets_total) OVER w AS prev_sheets,
         lag(total_jams) OVER w AS prev_jams, lag(run_hours) OVER w AS prev_hours
  FROM press_meter_log WINDOW w AS (PARTITION BY press_id ORDER BY noted_at))
SELECT count(*) FILTER (WHERE prev_sheets IS NOT NULL),
       count(*) FILTER (WHERE prev_sheets IS NOT NULL AND sheets_total >= prev_sheets
                          AND total_jams >= prev_jams
                          AND (run_hours IS NULL OR prev_hours IS NULL
                               OR run_hours - prev_hours BETWEEN 0
                                  AND extract(epoch FROM noted_at - prev_at) / 3600 + 1))
FROM r
"""
TWO_HOURS = """
SELECT count(*), count(*) FILTER (WHERE run_hours IS DISTINCT FROM feeder_hours)
FROM press_meter_log WHERE run_hours IS NOT NULL AND feeder_hours IS NOT NULL
"""
STATUS = """
WITH r AS (
  SELECT impressions_total, motor_hours,
         lag(impressions_total) OVER w AS prev_impressions, lag(motor_hours) OVER w AS prev_hours
  FROM press_status WINDOW w AS (PARTITION BY press_id ORDER BY polled_at))
SELECT count(*) FILTER (WHERE prev_impressions IS NOT NULL),
       count(*) FILTER (WHERE prev_impressions IS NOT NULL
                          AND impressions_total >= prev_impressions
                          AND (motor_hours IS NULL OR prev_hours IS NULL
                               OR motor_hours >= prev_hours))
FROM r
"""
JOBS = """
WITH r AS (
  SELECT sheets_total, lag(sheets_total) OVER w AS prev_sheets
  FROM print_jobs WINDOW w AS (PARTITION BY press_id ORDER BY printed_at))
SELECT count(*) FILTER (WHERE prev_sheets IS NOT NULL),
       count(*) FILTER (WHERE sheets_total >= prev_sheets)
FROM r
"""

NOW = "2026-03-10 09:00:00+00"
SETTINGS = {
    "generate": {"rows": 800, "now": NOW.replace(" ", "T")},
    "tables": {"public.print_shops": {"rows": 6}, "public.presses": {"rows": 40}},
}


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_every_total_of_a_meter_log_grows_per_press(loaded: str) -> None:
    applies, holds = share(loaded, METER_LOG)
    assert applies >= 600
    assert holds >= 0.98


def test_two_hour_meters_of_a_press_are_two_registers(loaded: str) -> None:
    applies, holds = share(loaded, TWO_HOURS)
    assert applies >= 300
    assert holds >= 0.9


def test_totals_of_a_status_poll_grow_per_press(loaded: str) -> None:
    applies, holds = share(loaded, STATUS)
    assert applies >= 600
    assert holds >= 0.98


def test_a_jobs_own_total_is_no_register(loaded: str) -> None:
    applies, holds = share(loaded, JOBS)
    assert applies >= 600
    assert holds <= 0.8
