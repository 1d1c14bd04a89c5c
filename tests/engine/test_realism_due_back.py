"""A thing hired for a while is back, still out or late as its due date and the clock say, on
a schema of our own (a plant-hire yard): a hire not yet due is on hire (or came back early),
one past due came back by now, mostly, or is still out and late, a few never came back
(stolen); most hires are back (rules/due_back.py). The yard's machines, whose state says where
each one is now (in the yard, on hire), were bought over the years, not in the last days: a
thing that goes out and comes back lives in its states (rules/lent.lent_thing, rules/recent.py).
Checked in SQL on what a real PostgreSQL holds, at three seeds, on a pinned clock."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TYPE hire_state AS ENUM ('on_hire', 'late', 'off_hire', 'stolen');
CREATE TABLE depots (id serial PRIMARY KEY, depot_name text NOT NULL);
CREATE TABLE hirers (id serial PRIMARY KEY, trading_name text NOT NULL,
  signed_up timestamptz NOT NULL);
CREATE TABLE machines (id serial PRIMARY KEY,
  depot_id int NOT NULL REFERENCES depots(id),
  fleet_no varchar(10) NOT NULL UNIQUE,
  bought_on date NOT NULL,
  yard_state varchar(12) NOT NULL DEFAULT 'in_yard'
    CHECK (yard_state IN ('in_yard', 'on_hire', 'in_transit', 'in_workshop', 'lost')));
CREATE TABLE hires (id serial PRIMARY KEY,
  machine_id int NOT NULL REFERENCES machines(id),
  hirer_id int NOT NULL REFERENCES hirers(id),
  on_hire_at timestamptz NOT NULL,
  due_back_at timestamptz NOT NULL,
  off_hire_at timestamptz,
  hire_status hire_state NOT NULL DEFAULT 'on_hire',
  CHECK (due_back_at > on_hire_at));
"""

AGREES = """
SELECT count(*), count(*) FILTER (WHERE CASE hire_status
    WHEN 'off_hire' THEN off_hire_at IS NOT NULL AND off_hire_at > on_hire_at
                         AND off_hire_at <= :now
    WHEN 'on_hire'  THEN off_hire_at IS NULL AND due_back_at >= :now AND on_hire_at <= :now
    WHEN 'late'     THEN off_hire_at IS NULL AND due_back_at < :now
    WHEN 'stolen'   THEN off_hire_at IS NULL AND due_back_at < :now
    END)
FROM hires
"""
SHARES = """
SELECT 1, CASE WHEN count(*) FILTER (WHERE hire_status = 'off_hire') >= 0.6 * count(*)
                AND count(*) FILTER (WHERE hire_status = 'late') <= 0.2 * count(*)
                AND count(*) FILTER (WHERE hire_status = 'stolen') <= 0.03 * count(*)
                AND count(*) FILTER (WHERE hire_status = 'on_hire') > 0
           THEN 1 ELSE 0 END
FROM hires
"""
# the machines were bought over the years: few in the last four days
BOUGHT_LATELY = """
SELECT count(*), count(*) FILTER (WHERE bought_on >= (:now)::date - 4) FROM machines
"""
SETTINGS = {
    "generate": {"rows": 300, "now": NOW.replace(" ", "T")},
    "tables": {"public.hires": {"rows": 900}},
}


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_hire_is_out_back_or_late_as_its_due_time_and_the_clock_say(loaded: str) -> None:
    applies, holds = share(loaded, AGREES, now=NOW)
    assert applies == 900
    assert holds >= 0.98


def test_most_hires_are_back_few_late_and_fewer_stolen(loaded: str) -> None:
    assert share(loaded, SHARES, now=NOW) == (1, 1.0)


def test_the_machines_were_bought_over_the_years(loaded: str) -> None:
    applies, lately = share(loaded, BOUGHT_LATELY, now=NOW)
    assert applies == 300
    assert lately < 0.2
