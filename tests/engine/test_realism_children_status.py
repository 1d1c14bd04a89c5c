"""A row's status agrees with its children and its stages chain, on a schema of our own (a tax
office's assessments and the objections lodged against them in rounds; a tool-hire shop's
hires and the pick-ups and returns it logs), checked in SQL on what a real PostgreSQL holds,
at three seeds, on a pinned clock.

- an assessment is `under_objection` exactly while an objection of it is pending, `annulled`
  exactly when one was upheld (rules/challenged.py), and `settled` exactly when it has a
  settlement time (rules/status.py: a waiting label declared after the done end is not a
  stage past it);
- an assessment's objections are rounds 1, 2, 3 (kinds/numbering: `round` numbers a series),
  a round after the first only once the one before was refused (rules/stage_number.py) and
  lodged after that decision (rules/stage_after.py); an objection is decided exactly when its
  status is not pending (the status rule reads an `outcome` or `status` column alike);
- a hire booked or cancelled has no pick-up logged, one active or completed has one
  (kinds/logged.py, rules/happened.py 5, rules/logged.py)."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"
SCHEMA = """
CREATE TABLE taxpayers (id bigserial PRIMARY KEY, full_name text NOT NULL,
  registered_at timestamptz NOT NULL);
CREATE TABLE assessments (id bigserial PRIMARY KEY,
  taxpayer_id bigint NOT NULL REFERENCES taxpayers(id),
  assessed_at timestamptz NOT NULL, amount numeric(12,2) NOT NULL CHECK (amount > 0),
  due_on date NOT NULL,
  status text NOT NULL CHECK (status IN ('assessed', 'settled', 'under_objection',
    'annulled', 'overdue')),
  settled_at timestamptz);
CREATE TABLE objections (id bigserial PRIMARY KEY,
  assessment_id bigint NOT NULL REFERENCES assessments(id),
  round smallint NOT NULL CHECK (round >= 1),
  lodged_at timestamptz NOT NULL, grounds text NOT NULL, decided_at timestamptz,
  outcome text NOT NULL CHECK (outcome IN ('pending', 'upheld', 'refused', 'withdrawn')),
  UNIQUE (assessment_id, round));
CREATE TABLE hires (id bigserial PRIMARY KEY, taxpayer_id bigint NOT NULL REFERENCES taxpayers(id),
  booked_at timestamptz NOT NULL, start_date date NOT NULL, end_date date NOT NULL,
  status text NOT NULL CHECK (status IN ('booked', 'active', 'completed', 'cancelled')));
CREATE TABLE hire_events (id bigserial PRIMARY KEY,
  hire_id bigint NOT NULL REFERENCES hires(id),
  event_kind text NOT NULL CHECK (event_kind IN ('pickup', 'return')),
  happened_at timestamptz NOT NULL);
"""
SETTINGS = {"generate": {"rows": 800, "now": NOW.replace(" ", "T")}}

ASSESSMENT_STATUS = """
WITH a AS (
  SELECT s.*,
    EXISTS (SELECT 1 FROM objections o WHERE o.assessment_id = s.id AND o.outcome = 'pending')
      AS pending,
    EXISTS (SELECT 1 FROM objections o WHERE o.assessment_id = s.id AND o.outcome = 'upheld')
      AS upheld
  FROM assessments s)
SELECT count(*), count(*) FILTER (WHERE (status = 'under_objection') = pending
  AND (status = 'annulled') = upheld AND (status = 'settled') = (settled_at IS NOT NULL)
  AND :now::timestamptz IS NOT NULL)
FROM a
"""
ROUNDS = """
WITH o AS (
  SELECT o.*, row_number() OVER w AS rn, lag(decided_at) OVER w AS prev_decided,
         lag(outcome) OVER w AS prev_outcome
  FROM objections o WINDOW w AS (PARTITION BY assessment_id ORDER BY round))
SELECT count(*), count(*) FILTER (WHERE round = rn
  AND (outcome = 'pending') = (decided_at IS NULL)
  AND coalesce(decided_at >= lodged_at AND decided_at <= :now::timestamptz, true)
  AND (rn = 1 OR (prev_outcome = 'refused' AND lodged_at >= prev_decided)))
FROM o
"""
PICKED_UP = """
WITH h AS (
  SELECT h.*, EXISTS (SELECT 1 FROM hire_events e WHERE e.hire_id = h.id
                      AND e.event_kind = 'pickup') AS picked
  FROM hires h)
SELECT count(*), count(*) FILTER (WHERE picked = (status IN ('active', 'completed'))
  AND :now::timestamptz IS NOT NULL)
FROM h
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_an_assessments_status_agrees_with_its_objections(loaded: str) -> None:
    applies, holds = share(loaded, ASSESSMENT_STATUS, NOW)
    assert applies >= 100
    assert holds >= 0.95


def test_objection_rounds_chain(loaded: str) -> None:
    applies, holds = share(loaded, ROUNDS, NOW)
    assert applies >= 100
    assert holds >= 0.95


def test_a_hire_begun_has_its_pickup_and_no_other(loaded: str) -> None:
    applies, holds = share(loaded, PICKED_UP, NOW)
    assert applies >= 100
    assert holds >= 0.95
