"""A row's timeline moves as one (rules/as_one.py) and a day with a time of day of one stem is
one start (rules/day_time.py). On a schema of our own, a boatyard:

- a consultation is booked for a day and a time of day (`consultation_on` + `consultation_at`,
  a `time`): the day is moved to a weekday (a thing people attend), and the time of day now
  lies in the same business hours; before, it was drawn over the whole day (about 40 % in
  08:00-18:00);
- a mechanic's visit to a moored boat is booked at a time the yard's hours place
  (`scheduled_for`, 09:00-17:00 local time at the yard) and records when it was finished
  (`finished_at`, its status's stamp): a finished visit ended after the start it was booked
  for, however the hours moved that start; before, the status stamped it after the row's
  creation and the hours moved the start alone: 2 % held;
- a refit is planned for a day (`planned_on`) and records when the work began and ended (its
  status's stamps, placed after the plan): one under way, planned for today, did not begin
  at the clock's very instant: its whole timeline lies back before it; before, every such
  start was clamped to the clock. A relaunched one began before it ended, by the clock."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10T09:00:00+00:00"
SCHEMA = """
CREATE TABLE yards (id serial PRIMARY KEY, name text NOT NULL, time_zone text NOT NULL,
  opened_on date NOT NULL);
CREATE TABLE owners (id serial PRIMARY KEY, full_name text NOT NULL, email text,
  created_at timestamptz NOT NULL);
CREATE TABLE boats (id serial PRIMARY KEY, owner_id int NOT NULL REFERENCES owners(id),
  yard_id int NOT NULL REFERENCES yards(id), name text NOT NULL, length_m numeric(5,2));
CREATE TABLE consultations (id serial PRIMARY KEY, owner_id int NOT NULL REFERENCES owners(id),
  yard_id int NOT NULL REFERENCES yards(id), consultation_on date, consultation_at time,
  topic text, created_at timestamptz NOT NULL);
CREATE TABLE mechanic_visits (id bigserial PRIMARY KEY,
  boat_id int NOT NULL REFERENCES boats(id), yard_id int NOT NULL REFERENCES yards(id),
  created_at timestamptz NOT NULL, scheduled_for timestamptz NOT NULL,
  duration_minutes int NOT NULL CHECK (duration_minutes > 0),
  status text NOT NULL CHECK (status IN ('booked', 'arrived', 'finished', 'cancelled')),
  finished_at timestamptz);
CREATE TABLE refits (id bigserial PRIMARY KEY, boat_id int NOT NULL REFERENCES boats(id),
  status text NOT NULL CHECK (status IN ('booked', 'in_progress', 'relaunched', 'cancelled')),
  planned_on date NOT NULL, started_at timestamptz, relaunched_at timestamptz,
  cancelled_at timestamptz, created_at timestamptz NOT NULL);
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(pg_cluster, request):
    config = {"generate": {"rows": 500, "now": NOW}}
    with loaded_database(pg_cluster, SCHEMA, config, seed=request.param) as conninfo:
        yield conninfo


def test_a_day_and_its_time_of_day_are_one_start_in_hours(loaded: str) -> None:
    applies, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE extract(isodow FROM consultation_on) <= 5
             AND consultation_at BETWEEN time '08:00' AND time '18:00')
           FROM consultations
           WHERE consultation_on IS NOT NULL AND consultation_at IS NOT NULL""",
        NOW,
    )
    assert applies > 300 and held >= 0.98, held


def test_a_visit_is_done_after_the_start_its_hours_moved(loaded: str) -> None:
    applies, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE finished_at > scheduled_for
             AND finished_at <= :now)
           FROM mechanic_visits WHERE status = 'finished'""",
        NOW,
    )
    assert applies > 200 and held >= 0.98, held


def test_a_refit_under_way_began_before_the_clock_not_at_its_instant(loaded: str) -> None:
    applies, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE started_at < :now
             AND started_at >= planned_on)
           FROM refits WHERE status = 'in_progress'""",
        NOW,
    )
    assert applies >= 10 and held >= 0.98, held


def test_a_relaunched_refit_began_before_it_ended_and_by_the_clock(loaded: str) -> None:
    applies, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE started_at IS NOT NULL
             AND relaunched_at > started_at AND relaunched_at <= :now)
           FROM refits WHERE status = 'relaunched'""",
        NOW,
    )
    assert applies > 200 and held >= 0.98, held
