"""Rare outcomes and what decides them, on a schema of our own (a sports club: its
memberships, belt gradings and swim assessments), at three seeds, on a pinned clock. On
s19dev (452071e):

- a membership's `closure_reason`, chosen from a list (`relocated`, `cost`, `injury`,
  `expelled_for_conduct`, `non_payment`), was drawn on every row, an active membership
  closed for a reason, and the rare ends (an expulsion, unpaid fees) a fifth of the rest:
  the reason is set only where the status is the label it is named for (`closed`), and the
  labels of a rare end are few (vocab/exceptions.rare_reason, rules/end_reason.py); a
  locker hire's `exit_reason` (no label named for it) is set on the hires that ended,
  `expired` or `terminated`;
- a grading's `outcome` (`passed`, `failed`) and its `mark` (0-40), and a swim assessment's
  `passed` flag and its `points` (0-20), were drawn apart: a fail could outscore a pass.
  One pass mark now separates them, failing the exception (rules/pass_mark.py)."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE member (member_id int PRIMARY KEY, full_name text NOT NULL);
CREATE TABLE membership (membership_id bigint PRIMARY KEY,
  member_id int NOT NULL REFERENCES member(member_id),
  joined_on date NOT NULL,
  closed_on date,
  status text NOT NULL CHECK (status IN ('applied', 'active', 'closed')),
  closure_reason text CHECK (closure_reason IN
    ('relocated', 'cost', 'injury', 'expelled_for_conduct', 'non_payment')));
CREATE TABLE locker_hire (hire_id bigint PRIMARY KEY,
  member_id int NOT NULL REFERENCES member(member_id),
  hired_on date NOT NULL,
  status text NOT NULL CHECK (status IN ('booked', 'active', 'expired', 'terminated')),
  exit_reason text CHECK (exit_reason IN ('moved_locker', 'no_longer_needed', 'left_club',
    'misconduct', 'non_payment')));
CREATE TABLE grading (grading_id bigint PRIMARY KEY,
  member_id int NOT NULL REFERENCES member(member_id),
  graded_at timestamptz NOT NULL,
  mark smallint NOT NULL CHECK (mark BETWEEN 0 AND 40),
  outcome text NOT NULL CHECK (outcome IN ('passed', 'failed')));
CREATE TABLE swim_assessment (assessment_id bigint PRIMARY KEY,
  member_id int NOT NULL REFERENCES member(member_id),
  assessed_at timestamptz NOT NULL,
  points numeric(4,1) NOT NULL CHECK (points >= 0 AND points <= 20),
  passed boolean NOT NULL);
"""
SETTINGS = {"generate": {"rows": 1000, "now": NOW.replace(" ", "T")}}

CLOSURES = """
SELECT count(*), count(*) FILTER (WHERE rare <= 0.05
         AND (closure_reason IS NOT NULL) = (status = 'closed'))
FROM (SELECT status, closure_reason,
             avg((coalesce(closure_reason, '') IN ('expelled_for_conduct', 'non_payment'))::int)
               OVER () AS rare FROM membership) m
"""
EXITS = """
SELECT count(*), count(*) FILTER (WHERE rare <= 0.05
         AND (exit_reason IS NOT NULL) = (status IN ('expired', 'terminated')))
FROM (SELECT status, exit_reason,
             avg((coalesce(exit_reason, '') IN ('misconduct', 'non_payment'))::int)
               OVER () AS rare FROM locker_hire) h
"""
GRADINGS = """
SELECT count(*), count(*) FILTER (WHERE fails <= 0.15 AND fails > 0
         AND (max_fail IS NULL OR min_pass IS NULL OR max_fail < min_pass))
FROM (SELECT avg((outcome = 'failed')::int) OVER () AS fails,
             max(mark) FILTER (WHERE outcome = 'failed') OVER () AS max_fail,
             min(mark) FILTER (WHERE outcome = 'passed') OVER () AS min_pass FROM grading) g
"""
SWIMS = """
SELECT count(*), count(*) FILTER (WHERE fails <= 0.15 AND fails > 0
         AND (max_fail IS NULL OR min_pass IS NULL OR max_fail < min_pass))
FROM (SELECT avg((NOT passed)::int) OVER () AS fails,
             max(points) FILTER (WHERE NOT passed) OVER () AS max_fail,
             min(points) FILTER (WHERE passed) OVER () AS min_pass FROM swim_assessment) s
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


@pytest.mark.parametrize(
    "query",
    [CLOSURES, EXITS, GRADINGS, SWIMS],
    ids=["closure_reason", "exit_reason", "grading", "swim"],
)
def test_rare_outcomes(loaded: str, query: str) -> None:
    applies, holds = share(loaded, query, now=NOW)
    assert applies >= 300
    assert holds >= 0.98
