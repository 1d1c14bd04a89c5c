"""A security contractor's wage slips, on a schema of our own: the agencies that run the offices
are a few (plan/roles.py: the owner of a business's sites), a guard is deployed to teams (a
deployment in force from a date, in a team of one agency), and a wage slip of an agency's wage
run names a guard deployed in that agency who was on the books during the run's period, though
no key of the slip names a team or a deployment (rules/placement.py keeps the agency, and
rules/throughout.py, re-picking a guard on the books, keeps the agency the placement chose); an
office's patrols are walked by guards of its agency, the offices sharing them out."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE agency (id serial PRIMARY KEY, trading_name text NOT NULL, vat_no text);
CREATE TABLE town (id serial PRIMARY KEY, town_name text NOT NULL);
CREATE TABLE offices (id serial PRIMARY KEY, agency_id integer NOT NULL REFERENCES agency(id),
  town_id integer NOT NULL REFERENCES town(id));
CREATE TABLE team (id serial PRIMARY KEY, agency_id integer NOT NULL REFERENCES agency(id),
  team_name text NOT NULL);
CREATE TABLE guard (id serial PRIMARY KEY, given_name text NOT NULL, family_name text NOT NULL,
  licence_no text, hired_on date NOT NULL, left_on date,
  CHECK (left_on IS NULL OR left_on >= hired_on));
CREATE TABLE deployment (id serial PRIMARY KEY, guard_id integer NOT NULL REFERENCES guard(id),
  team_id integer NOT NULL REFERENCES team(id), starts_on date NOT NULL, ends_on date,
  CHECK (ends_on IS NULL OR ends_on >= starts_on));
CREATE TABLE wage_run (id serial PRIMARY KEY, agency_id integer NOT NULL REFERENCES agency(id),
  period_start date NOT NULL, period_end date NOT NULL, CHECK (period_end >= period_start));
CREATE TABLE wage_slip (id serial PRIMARY KEY,
  wage_run_id integer NOT NULL REFERENCES wage_run(id),
  guard_id integer NOT NULL REFERENCES guard(id), gross numeric(10,2) NOT NULL,
  UNIQUE (wage_run_id, guard_id));
CREATE TABLE patrol (id serial PRIMARY KEY, office_id integer NOT NULL REFERENCES offices(id),
  guard_id integer NOT NULL REFERENCES guard(id), started_at timestamptz NOT NULL);
"""

DEPLOYED = """
SELECT count(*), count(*) FILTER (WHERE EXISTS (
  SELECT 1 FROM deployment d JOIN team t ON t.id = d.team_id
  WHERE d.guard_id = s.guard_id AND t.agency_id = r.agency_id))
FROM wage_slip s JOIN wage_run r ON r.id = s.wage_run_id
"""

ON_THE_BOOKS = """
SELECT count(*), count(*) FILTER (WHERE g.hired_on <= r.period_end
  AND (g.left_on IS NULL OR g.left_on >= r.period_start))
FROM wage_slip s JOIN wage_run r ON r.id = s.wage_run_id JOIN guard g ON g.id = s.guard_id
"""

PATROLLED = """
SELECT count(*), count(*) FILTER (WHERE EXISTS (
  SELECT 1 FROM deployment d JOIN team t ON t.id = d.team_id
  WHERE d.guard_id = p.guard_id AND t.agency_id = o.agency_id))
FROM patrol p JOIN offices o ON o.id = p.office_id
"""


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, {"generate": {"rows": 600}}) as ci:
        yield ci


def test_the_agencies_running_the_offices_are_a_few(loaded: str) -> None:
    agencies, _ = share(loaded, "SELECT count(*), 0 FROM agency")
    assert 1 <= agencies <= 10  # not one agency per office, team and wage run
    towns, _ = share(loaded, "SELECT count(*), 0 FROM town")
    assert towns == 600  # where an office stands is a place, not who runs it


def test_a_slips_guard_is_deployed_in_its_runs_agency(loaded: str) -> None:
    applies, held = share(loaded, DEPLOYED)
    assert applies >= 400 and held >= 0.98


def test_a_slips_guard_was_on_the_books_in_its_period(loaded: str) -> None:
    applies, held = share(loaded, ON_THE_BOOKS)
    assert applies >= 400 and held >= 0.98


def test_an_agencys_guards_take_turns(loaded: str) -> None:
    guards, _ = share(loaded, "SELECT count(DISTINCT guard_id), 0 FROM wage_slip")
    assert guards >= 150  # the runs of one agency share its deployed guards out


def test_an_offices_patrols_are_walked_by_its_agencys_guards_in_turn(loaded: str) -> None:
    applies, held = share(loaded, PATROLLED)
    assert applies >= 400 and held >= 0.98
    # each office of an agency starts at its own share of the agency's guards (not all at
    # the first few): about 280 of them walk the 600 patrols, against 200 when they do not
    guards, _ = share(loaded, "SELECT count(DISTINCT guard_id), 0 FROM patrol")
    assert guards >= 250
