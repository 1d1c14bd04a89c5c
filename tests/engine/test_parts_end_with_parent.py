"""A parent's work done in parts, each part with a status of its own that ends the way the
parent's does (a repair job `finished` once a site visit of it is `finished`): a finished job
has at least one finished visit, a job still logged, scheduled or withdrawn has none. On a
schema of our own, at three seeds, one database per seed for every check."""

from __future__ import annotations

import psycopg
import pytest

from tests.engine.loading import loaded_database

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TYPE job_state AS ENUM ('logged', 'scheduled', 'finished', 'withdrawn');
CREATE TYPE visit_state AS ENUM ('booked', 'on_site', 'finished', 'abandoned');
CREATE TABLE technician (tech_id int PRIMARY KEY, full_name varchar(80) NOT NULL);
CREATE TABLE repair_job (
  job_id int PRIMARY KEY,
  job_ref varchar(12) NOT NULL UNIQUE,
  logged_at timestamptz NOT NULL,
  state job_state NOT NULL DEFAULT 'logged');
CREATE TABLE site_visit (
  visit_id int PRIMARY KEY,
  job_id int NOT NULL REFERENCES repair_job(job_id),
  tech_id int NOT NULL REFERENCES technician(tech_id),
  state visit_state NOT NULL DEFAULT 'booked',
  notes text);
"""
SETTINGS = {"generate": {"rows": 400, "now": NOW.replace(" ", "T")}}

AGREES = """
SELECT count(*)::int,
       count(*) FILTER (WHERE (j.state = 'finished') = EXISTS (SELECT 1 FROM site_visit v
                              WHERE v.job_id = j.job_id AND v.state = 'finished'))::int,
       count(*) FILTER (WHERE j.state = 'finished')::int
FROM repair_job j
"""


@pytest.mark.parametrize("seed", [1, 2, 7])
def test_a_finished_job_has_a_finished_visit_and_no_other_job_has(pg_cluster, seed: int) -> None:
    with (
        loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=seed) as conninfo,
        psycopg.connect(conninfo) as conn,
    ):
        row = conn.execute(AGREES).fetchone()
    assert row is not None
    applies, holds, finished = row
    assert finished >= 0.3 * applies, row
    assert holds >= 0.98 * applies, row
