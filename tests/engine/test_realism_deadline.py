"""Rows handed in against their parent's deadline, on a schema of our own (a foundation's grant
calls: a call opens and has a deadline and a top score; applications are lodged, overdue,
approved or abandoned, with a score), checked in SQL on what a real PostgreSQL holds, with the
run's clock pinned:

- an overdue application was lodged after its call's deadline, by now; an abandoned one was
  never lodged, has no approval and no score, and its call's deadline has passed; every
  other one was lodged between the call's opening and its deadline, by now, and approved
  after it was lodged;
- a score is given exactly on approved applications, at most the call's top score."""

from __future__ import annotations

from functools import partial

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"
SCHEMA = """
CREATE TYPE application_state AS ENUM ('lodged', 'overdue', 'approved', 'abandoned');
CREATE TABLE grant_calls (id serial PRIMARY KEY, title text NOT NULL,
  opened_at timestamptz NOT NULL, deadline timestamptz NOT NULL,
  max_score numeric(5,1) NOT NULL CHECK (max_score > 0), CHECK (deadline > opened_at));
CREATE TABLE applications (id serial PRIMARY KEY,
  grant_call_id int NOT NULL REFERENCES grant_calls(id), applicant text NOT NULL,
  state application_state NOT NULL, lodged_at timestamptz, approved_at timestamptz,
  score numeric(5,1) CHECK (score >= 0));
"""


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    settings = {
        "generate": {"rows": 1000, "now": NOW.replace(" ", "T")},
        "tables": {"grant_calls": {"rows": 60}},
    }
    with loaded_database(pg_cluster, SCHEMA, settings, seed=7) as conninfo:
        yield conninfo


def test_the_state_agrees_with_the_calls_deadline(loaded: str) -> None:
    judge = partial(share, loaded, now=NOW)
    judged, held = judge(
        """SELECT count(*), count(*) FILTER (WHERE CASE a.state
             WHEN 'abandoned' THEN a.lodged_at IS NULL AND a.approved_at IS NULL
                                   AND a.score IS NULL AND c.deadline < :now
             WHEN 'overdue' THEN a.lodged_at BETWEEN c.deadline AND :now
                                 AND a.score IS NULL AND a.approved_at IS NULL
             WHEN 'lodged' THEN a.lodged_at BETWEEN c.opened_at AND least(c.deadline, :now)
                                  AND a.score IS NULL AND a.approved_at IS NULL
             WHEN 'approved' THEN a.lodged_at BETWEEN c.opened_at AND least(c.deadline, :now)
                                  AND a.approved_at BETWEEN a.lodged_at AND :now
                                  AND a.score <= c.max_score
           END) FROM applications a JOIN grant_calls c ON c.id = a.grant_call_id"""
    )
    assert judged == 1000 and held >= 0.98
    # each state is there
    _, held = judge("SELECT 1, (count(DISTINCT state) = 4)::int FROM applications")
    assert held == 1
