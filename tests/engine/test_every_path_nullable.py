"""A nullable key along every path: a repair job on a van names, where one pays for it, the
depot's service agreement; the agreement's depot is the van's. Where the van's depot has no
agreement the job has none (NULL), and a job that began (in progress, completed) under no
agreement is not handed one of another depot's (rules/agree.py: only a row under a parent
still ahead moves). On a schema of our own, at three seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TYPE agreement_state AS ENUM ('draft', 'active', 'expired', 'terminated');
CREATE TYPE job_state AS ENUM ('open', 'scheduled', 'in_progress', 'completed', 'cancelled');
CREATE TABLE depot (depot_id int PRIMARY KEY, depot_code varchar(10) NOT NULL UNIQUE,
  city varchar(60) NOT NULL);
CREATE TABLE van (van_id int PRIMARY KEY, depot_id int NOT NULL REFERENCES depot(depot_id),
  plate varchar(12) NOT NULL UNIQUE, bought_on date NOT NULL);
CREATE TABLE service_agreement (agreement_id int PRIMARY KEY,
  depot_id int NOT NULL REFERENCES depot(depot_id), agreement_no varchar(16) NOT NULL UNIQUE,
  starts_on date NOT NULL, ends_on date NOT NULL, status agreement_state NOT NULL,
  CHECK (ends_on > starts_on));
CREATE TABLE breakdown (breakdown_id bigint PRIMARY KEY,
  van_id int NOT NULL REFERENCES van(van_id), reported_at timestamptz NOT NULL,
  fault_code varchar(12) NOT NULL);
CREATE TABLE repair_job (job_id int PRIMARY KEY,
  van_id int NOT NULL REFERENCES van(van_id),
  breakdown_id bigint REFERENCES breakdown(breakdown_id),
  agreement_id int REFERENCES service_agreement(agreement_id),
  status job_state NOT NULL, opened_at timestamptz NOT NULL, summary varchar(120) NOT NULL);
"""
# many depots, few with an agreement: most jobs' depots have none
SETTINGS = {
    "generate": {"rows": 300, "now": NOW.replace(" ", "T")},
    "tables": {"depot": {"rows": 150}, "service_agreement": {"rows": 60}},
}

SAME_DEPOT = """
SELECT count(*)::int, count(*) FILTER (WHERE a.depot_id = v.depot_id)::int
FROM repair_job j JOIN van v ON v.van_id = j.van_id
JOIN service_agreement a ON a.agreement_id = j.agreement_id
"""


@pytest.mark.parametrize("seed", [1, 2, 7])
def test_a_jobs_agreement_is_its_vans_depots(pg_cluster, seed: int) -> None:
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=seed) as conninfo:
        applies, holds = share(conninfo, SAME_DEPOT, now=NOW)
    assert applies >= 20
    assert holds >= 0.98
