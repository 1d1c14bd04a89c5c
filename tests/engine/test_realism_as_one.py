"""A row's timeline moves as one (rules/as_one.py) and a day with a time of day of one stem is
one start (rules/day_time.py). On a schema of our own, a boatyard:

- a consultation is booked for a day and a time of day (`consult_date` + `consult_time`): the
  day is moved to a weekday (a thing people attend), and the time of day now lies in the
  same business hours; before, it was drawn over the whole day (about a third in hours);
- a mechanic's visit to a moored boat is booked at a time the yard's hours place
  (`scheduled_for`, 09:00-17:00 local time at the yard) and records when it was done
  (`finished_at`): a done visit is done after it was booked for, however the hours moved the
  start; before, the hours moved the start alone and a third of the done visits ended first;
- a refit is planned for a day (`planned_day`) and records when the work began and ended; a
  refit finished on a day planned for today does not begin and end at the clock's instant:
  its whole timeline lies back before it; before, both were clamped to the clock."""

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
  status text NOT NULL CHECK (status IN ('booked', 'in_progress', 'completed', 'cancelled')),
  planned_day date NOT NULL, started_at timestamptz, completed_at timestamptz,
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
        """SELECT count(*), count(*) FILTER (WHERE finished_at > scheduled_for AND finished_at <= :now)
           FROM mechanic_visits WHERE status = 'finished'""",
        NOW,
    )
    assert applies > 200 and held >= 0.98, held


def test_a_finished_refit_began_before_it_finished_and_by_the_clock(loaded: str) -> None:
    applies, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE started_at IS NOT NULL
             AND completed_at > started_at AND completed_at <= :now)
           FROM refits WHERE status = 'completed'""",
        NOW,
    )
    assert applies > 200 and held >= 0.98, held
