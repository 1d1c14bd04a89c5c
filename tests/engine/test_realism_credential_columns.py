"""A credential held as columns of the person's own row (rules/cover.py's first shape) and the
jobs that name the person (rules/on_the_job.py), on a schema of our own: an electrical
contractor's electricians carry their own licence (`licensed_on`/`licence_expiry`) beside
their employment (`hire_date`/`termination_date`) and their birth date; a job may name no
electrician while it waits, but one done or under way was done by one, employed that day and
holding a licence valid that day, granted once they were of age. Checked in SQL on what a real
PostgreSQL holds, at three seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TYPE job_state AS ENUM ('booked', 'in_progress', 'completed', 'called_off');
CREATE TABLE depots (depot_id serial PRIMARY KEY, depot_name text NOT NULL,
  opened_on date NOT NULL);
CREATE TABLE electricians (electrician_id serial PRIMARY KEY,
  depot_id int NOT NULL REFERENCES depots(depot_id),
  first_name text NOT NULL, last_name text NOT NULL, birth_date date NOT NULL,
  hire_date date NOT NULL, termination_date date,
  licence_no text NOT NULL, licensed_on date NOT NULL, licence_expiry date NOT NULL);
CREATE TABLE jobs (job_id bigserial PRIMARY KEY,
  depot_id int NOT NULL REFERENCES depots(depot_id),
  electrician_id int REFERENCES electricians(electrician_id),
  state job_state NOT NULL DEFAULT 'booked',
  scheduled_for timestamptz NOT NULL, work_notes text);
"""
SETTINGS = {
    "generate": {"rows": 800, "now": "2026-12-07T09:30:00Z"},
    "tables": {"public.depots": {"rows": 6}, "public.electricians": {"rows": 120}},
}

NAMED = """
SELECT count(*), count(electrician_id) FROM jobs WHERE state IN ('completed', 'in_progress')
"""
VALID = """
SELECT count(*), count(*) FILTER (WHERE
    j.scheduled_for::date BETWEEN e.licensed_on AND e.licence_expiry
    AND j.scheduled_for::date >= e.hire_date
    AND (e.termination_date IS NULL OR j.scheduled_for::date <= e.termination_date))
FROM jobs j JOIN electricians e ON e.electrician_id = j.electrician_id
WHERE j.state IN ('completed', 'in_progress')
"""
OF_AGE = """
SELECT count(*), count(*) FILTER (WHERE licensed_on >= birth_date + interval '18 years'
    AND hire_date >= birth_date + interval '18 years')
FROM electricians
"""
CAREER = """
SELECT count(*), count(*) FILTER (WHERE licensed_on <= hire_date
    AND licence_expiry >= coalesce(termination_date, date '2026-12-07'))
FROM electricians
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, int(request.param)) as conninfo:
        yield conninfo


def test_a_job_done_or_under_way_names_who_did_it(loaded) -> None:
    applies, held = share(loaded, NAMED)
    assert applies > 400 and held >= 0.995, held


def test_who_did_it_was_employed_and_held_a_valid_licence_that_day(loaded) -> None:
    applies, held = share(loaded, VALID)
    assert applies > 400 and held >= 0.98, held


def test_the_licence_was_granted_once_of_age_and_covers_the_career(loaded) -> None:
    applies, held = share(loaded, OF_AGE)
    assert applies == 120 and held == 1.0, held
    applies, held = share(loaded, CAREER)
    assert applies == 120 and held >= 0.98, held
