"""Time one person worked lies within the row's own start and finish, on a schema of our own (a
piano firm: tuners and movers with their names and birth dates, pianos, tuning calls a tuner
went to with the minutes billed for them, and moves by a crew a lead mover heads, with the
crew's minutes):

- a tuning call names its one tuner (`tuner_id`, a key to a table of people): its
  `billable_minutes` are the minutes between `started_at` and `completed_at` the tuner was busy,
  60-100 % of them, never more (rules/elapsed.py);
- a move's `crew_minutes` are a crew's time (its name says so): one to three pairs of hands
  over the move's span, so some moves bill more minutes than they lasted.

Checked in SQL on what a real PostgreSQL holds, at three seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TYPE call_state AS ENUM ('booked', 'done', 'cancelled');
CREATE TABLE tuners (id serial PRIMARY KEY, first_name text NOT NULL, last_name text NOT NULL,
  born_on date NOT NULL);
CREATE TABLE movers (id serial PRIMARY KEY, first_name text NOT NULL, last_name text NOT NULL);
CREATE TABLE pianos (id serial PRIMARY KEY, maker text NOT NULL, serial_no varchar(20) NOT NULL);
CREATE TABLE tuning_calls (id bigserial PRIMARY KEY,
  piano_id int NOT NULL REFERENCES pianos(id),
  tuner_id int REFERENCES tuners(id),
  state call_state NOT NULL,
  booked_for timestamp NOT NULL,
  started_at timestamp, completed_at timestamp,
  billable_minutes int,
  CHECK (completed_at IS NULL OR started_at IS NULL OR completed_at >= started_at));
CREATE TABLE piano_moves (id bigserial PRIMARY KEY,
  piano_id int NOT NULL REFERENCES pianos(id),
  lead_mover_id int NOT NULL REFERENCES movers(id),
  started_at timestamp NOT NULL, finished_at timestamp NOT NULL,
  crew_minutes int,
  CHECK (finished_at >= started_at));
"""

ONE_TUNER = """
SELECT count(*), count(*) FILTER (WHERE
         billable_minutes BETWEEN 0.5 * extract(epoch FROM completed_at - started_at) / 60 - 1
                              AND extract(epoch FROM completed_at - started_at) / 60 + 1)
FROM tuning_calls
WHERE billable_minutes IS NOT NULL AND started_at IS NOT NULL AND completed_at IS NOT NULL
"""
CREW = """
SELECT count(*), count(*) FILTER (WHERE
         crew_minutes > extract(epoch FROM finished_at - started_at) / 60 + 1)
FROM piano_moves WHERE crew_minutes IS NOT NULL AND finished_at > started_at
"""

NOW = "2026-03-10 09:00:00+00"
SETTINGS = {
    "generate": {"rows": 800, "now": NOW.replace(" ", "T")},
    "tables": {"public.tuners": {"rows": 30}, "public.movers": {"rows": 30}},
}


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_one_tuners_minutes_lie_within_the_call(loaded: str) -> None:
    applies, holds = share(loaded, ONE_TUNER)
    assert applies >= 200
    assert holds >= 0.98


def test_a_crews_minutes_may_exceed_the_move(loaded: str) -> None:
    applies, holds = share(loaded, CREW)
    assert applies >= 600
    assert 0.1 <= holds <= 0.5
