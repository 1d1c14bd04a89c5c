"""A `minor` on a scale of severity (a fault's minor, moderate, major) is no age group: the
technician sent to a minor fault is not made a child (rules/age_limit.py read it as the ages
under 18, and moved the date of birth of every technician of such a job into childhood); they
were of working age when hired. On a schema of our own, at three seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TYPE fault_grade AS ENUM ('minor', 'moderate', 'major', 'critical');
CREATE TABLE depots (depot_id int PRIMARY KEY, depot_name varchar(60) NOT NULL);
CREATE TABLE technicians (tech_id int PRIMARY KEY,
  depot_id int NOT NULL REFERENCES depots(depot_id),
  first_name varchar(40) NOT NULL, last_name varchar(40) NOT NULL,
  birth_date date NOT NULL, hired_on date NOT NULL);
CREATE TABLE fault_reports (fault_id int PRIMARY KEY,
  depot_id int NOT NULL REFERENCES depots(depot_id),
  reported_at timestamptz NOT NULL, grade fault_grade NOT NULL);
CREATE TABLE repair_jobs (job_id int PRIMARY KEY,
  fault_id int NOT NULL REFERENCES fault_reports(fault_id),
  tech_id int NOT NULL REFERENCES technicians(tech_id),
  started_at timestamptz NOT NULL);
"""
SETTINGS = {"generate": {"rows": 200, "now": NOW.replace(" ", "T")}}

OF_AGE = """
SELECT count(*)::int, count(*) FILTER (WHERE hired_on >= birth_date + interval '18 years'
  AND hired_on < birth_date + interval '70 years')::int FROM technicians
"""


@pytest.mark.parametrize("seed", [1, 2, 7])
def test_a_minor_fault_makes_no_technician_a_child(pg_cluster, seed: int) -> None:
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=seed) as conninfo:
        applies, holds = share(conninfo, OF_AGE)
        assert applies >= 100
        assert holds >= 0.99
