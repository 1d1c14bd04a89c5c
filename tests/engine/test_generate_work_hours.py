"""Work happens in working hours and things last what they are (rules/work_day.py,
rules/net_worked.py, rules/keep_length.py, kinds/rate_unit.py, kinds/production.py,
vocab/processes.py). A chain of craft bakeries with a rehearsal-studio side line, a schema of
our own: its kitchen staff's shift records (a day, a start and a finish time of day, an
unpaid break and the paid hours), its ovens' baking runs, its sourdough batches' process steps
(a mixing, a fermentation, a proofing, a retarding), the studios it rents by the hour, and
its delivery riders' duty slots one at a time. On main: a shift's times of day fell anywhere
from 08:00 to 17:00 and ended at 18:00, its paid hours were drawn at random, its Sundays
stayed; a baking run started at any hour; a fermentation lasted minutes; a studio reservation
lasted days (a booking's scale); riders' slots were cut to minutes where the next one was
drawn soon after. On a schema of our own, at three seeds, on a pinned clock."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE country (iso_code char(2) PRIMARY KEY, country_name text NOT NULL);
CREATE TABLE bakery (bakery_id int PRIMARY KEY, bakery_name text NOT NULL,
  city text NOT NULL, country_code char(2) NOT NULL REFERENCES country(iso_code),
  time_zone text NOT NULL, opened_on date NOT NULL);
CREATE TABLE baker (baker_id int PRIMARY KEY, first_name text NOT NULL,
  last_name text NOT NULL, hired_on date NOT NULL);
CREATE TABLE kitchen_shift_record (record_id bigint PRIMARY KEY,
  baker_id int NOT NULL REFERENCES baker(baker_id),
  bakery_id int NOT NULL REFERENCES bakery(bakery_id),
  shift_day date NOT NULL, start_time time NOT NULL, finish_time time NOT NULL,
  unpaid_break_mins int NOT NULL DEFAULT 0 CHECK (unpaid_break_mins >= 0),
  paid_hours numeric(4,2) NOT NULL CHECK (paid_hours >= 0));
CREATE TABLE oven (oven_id int PRIMARY KEY,
  bakery_id int NOT NULL REFERENCES bakery(bakery_id), model text NOT NULL,
  installed_on date NOT NULL);
CREATE TABLE bake_runs (run_id int PRIMARY KEY, oven_id int NOT NULL REFERENCES oven(oven_id),
  started_at timestamptz NOT NULL, ended_at timestamptz, loaves int,
  status text NOT NULL CHECK (status IN ('planned', 'running', 'done', 'aborted')));
CREATE TABLE dough_batch (batch_id int PRIMARY KEY,
  bakery_id int NOT NULL REFERENCES bakery(bakery_id), created_at timestamptz NOT NULL);
CREATE TABLE dough_step (step_id bigint PRIMARY KEY,
  batch_id int NOT NULL REFERENCES dough_batch(batch_id),
  step_kind text NOT NULL CHECK (step_kind IN ('mixing', 'fermenting', 'proofing', 'shaping')),
  started_at timestamptz NOT NULL, ended_at timestamptz);
CREATE TABLE studio (studio_id int PRIMARY KEY,
  bakery_id int NOT NULL REFERENCES bakery(bakery_id), studio_name text NOT NULL,
  price_per_hour numeric(8,2) NOT NULL);
CREATE TABLE band (band_id int PRIMARY KEY, band_name text NOT NULL);
CREATE TABLE studio_reservations (reservation_id bigint PRIMARY KEY,
  studio_id int NOT NULL REFERENCES studio(studio_id),
  band_id int NOT NULL REFERENCES band(band_id),
  starts_at timestamptz NOT NULL, ends_at timestamptz NOT NULL CHECK (ends_at > starts_at),
  status text NOT NULL CHECK (status IN ('held', 'played', 'cancelled')));
CREATE TABLE rider (rider_id int PRIMARY KEY, first_name text NOT NULL,
  last_name text NOT NULL, started_on date NOT NULL);
CREATE TABLE rider_duty (duty_id bigint PRIMARY KEY,
  rider_id int NOT NULL REFERENCES rider(rider_id),
  starts_at timestamptz NOT NULL, ends_at timestamptz NOT NULL,
  status text NOT NULL CHECK (status IN ('booked', 'worked', 'cancelled')));
CREATE INDEX rider_duty_rider_starts ON rider_duty (rider_id, starts_at);
"""
SETTINGS = {"generate": {"rows": 1000, "now": NOW.replace(" ", "T")}}

SHIFT_HOURS = """
SELECT count(*), count(*) FILTER (WHERE extract(isodow FROM shift_day) BETWEEN 1 AND 6
  AND start_time BETWEEN '05:00' AND '10:00' AND finish_time > start_time
  AND finish_time <= '21:00') FROM kitchen_shift_record
"""
PAID_HOURS = """
SELECT count(*), count(*) FILTER (WHERE unpaid_break_mins <= 120 AND paid_hours BETWEEN 1 AND 14
  AND abs(paid_hours - (extract(epoch FROM finish_time - start_time) / 3600.0
                        - unpaid_break_mins / 60.0)) <= 0.1) FROM kitchen_shift_record
"""
RUN_HOURS = """
WITH r AS (SELECT r.started_at AT TIME ZONE b.time_zone AS local_at
           FROM bake_runs r JOIN oven o USING (oven_id) JOIN bakery b USING (bakery_id)
           WHERE b.time_zone IN (SELECT name FROM pg_timezone_names))
SELECT count(*), count(*) FILTER (WHERE extract(isodow FROM local_at) BETWEEN 1 AND 5
  AND local_at::time BETWEEN '05:00' AND '16:00') FROM r
"""
STEP_LENGTHS = """
SELECT count(*), count(*) FILTER (WHERE CASE step_kind
    WHEN 'fermenting' THEN ended_at - started_at BETWEEN interval '3 days' AND interval '40 days'
    WHEN 'proofing' THEN ended_at - started_at BETWEEN interval '30 minutes' AND interval '1 day'
    ELSE ended_at - started_at <= interval '1 day' END)
FROM dough_step WHERE ended_at IS NOT NULL
"""
STUDIO_HOURS = """
WITH r AS (SELECT r.starts_at, r.ends_at, r.starts_at AT TIME ZONE b.time_zone AS ls,
                  r.ends_at AT TIME ZONE b.time_zone AS le
           FROM studio_reservations r JOIN studio s USING (studio_id)
           JOIN bakery b USING (bakery_id)
           WHERE b.time_zone IN (SELECT name FROM pg_timezone_names))
SELECT count(*), count(*) FILTER (WHERE ends_at - starts_at BETWEEN '15 minutes' AND '4 hours'
  AND extract(epoch FROM starts_at)::numeric % 900 = 0
  AND extract(epoch FROM ends_at)::numeric % 900 = 0
  AND extract(isodow FROM ls) BETWEEN 1 AND 5 AND ls::time BETWEEN '07:00' AND '20:00'
  AND le::date = ls::date) FROM r
"""
DUTY_LENGTH = """
SELECT count(*), count(*) FILTER (WHERE ends_at - starts_at BETWEEN '1 hour' AND '12 hours')
FROM rider_duty
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


@pytest.mark.parametrize(
    "query",
    [SHIFT_HOURS, PAID_HOURS, RUN_HOURS, STEP_LENGTHS, STUDIO_HOURS, DUTY_LENGTH],
    ids=["shift_hours", "paid_hours", "run_hours", "step_lengths", "studio_hours", "duty"],
)
def test_work_in_working_hours_and_things_last_what_they_are(loaded: str, query: str) -> None:
    applies, holds = share(loaded, query, now=NOW)
    assert applies >= 100
    assert holds >= 0.98
