"""A parent's numbered history of its own status is whole: a claim's state log (numbered per
claim, its label a CHECK list holding every state of the claim's lifecycle, named `new_state`)
starts at the first state, is numbered 1..k in time order, each entry's `old_state` the one
before's, and its last entry is the claim's current state; a settled claim went through each
state of the way, so its log holds them all (not one entry of a random state per claim). On a
schema of our own, at three seeds, on a pinned clock (kinds/history.py,
rules/sequence_parents.py, rules/steps.py)."""

from __future__ import annotations

import psycopg
import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE policyholder (holder_id int PRIMARY KEY, full_name varchar(80) NOT NULL,
  joined_at timestamptz NOT NULL);
CREATE TABLE claim (
  claim_id int PRIMARY KEY,
  holder_id int NOT NULL REFERENCES policyholder(holder_id),
  lodged_at timestamptz NOT NULL,
  claimed_amount numeric(10,2) NOT NULL,
  state varchar(20) NOT NULL CHECK (state IN ('lodged', 'assessed', 'approved', 'settled',
    'withdrawn', 'declined')));
CREATE TABLE claim_state_log (
  log_id int PRIMARY KEY,
  claim_id int NOT NULL REFERENCES claim(claim_id),
  entry_no int NOT NULL,
  old_state varchar(20) CHECK (old_state IN ('lodged', 'assessed', 'approved', 'settled',
    'withdrawn', 'declined')),
  new_state varchar(20) NOT NULL CHECK (new_state IN ('lodged', 'assessed', 'approved',
    'settled', 'withdrawn', 'declined')),
  logged_at timestamptz NOT NULL,
  UNIQUE (claim_id, entry_no));
"""
SETTINGS = {"generate": {"rows": 300, "now": NOW.replace(" ", "T")}}

WHOLE = """
WITH e AS (
  SELECT claim_id, entry_no, new_state, logged_at,
         lag(logged_at) OVER (PARTITION BY claim_id ORDER BY entry_no) AS prev_at,
         lag(new_state) OVER (PARTITION BY claim_id ORDER BY entry_no) AS prev_state, old_state,
         row_number() OVER (PARTITION BY claim_id ORDER BY entry_no) AS rn,
         count(*) OVER (PARTITION BY claim_id) AS cnt
  FROM claim_state_log),
per AS (
  SELECT e.claim_id, c.state,
         bool_and(e.entry_no = e.rn AND (e.prev_at IS NULL OR e.logged_at >= e.prev_at)
                  AND e.old_state IS NOT DISTINCT FROM e.prev_state) AS ordered,
         bool_or(e.rn = 1 AND e.new_state = 'lodged') AS starts,
         bool_or(e.rn = e.cnt AND e.new_state = c.state) AS ends
  FROM e JOIN claim c ON c.claim_id = e.claim_id GROUP BY e.claim_id, c.state)
SELECT count(*)::int, count(*) FILTER (WHERE ordered AND starts AND ends)::int FROM per
"""
# a settled claim's log went lodged, assessed, approved, settled
SETTLED = """
SELECT count(*)::int, count(*) FILTER (WHERE way = 'lodged>assessed>approved>settled')::int
FROM (SELECT c.claim_id, string_agg(l.new_state, '>' ORDER BY l.entry_no) AS way
      FROM claim c JOIN claim_state_log l ON l.claim_id = c.claim_id
      WHERE c.state = 'settled' GROUP BY c.claim_id) s
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_parents_numbered_history_is_whole_and_ends_at_its_status(loaded: str) -> None:
    applies, holds = share(loaded, WHOLE, now=NOW)
    assert applies >= 30
    assert holds >= 0.98
    applies, holds = share(loaded, SETTLED, now=NOW)
    assert applies >= 10
    assert holds >= 0.98
    with psycopg.connect(loaded) as conn:
        row = conn.execute("SELECT max(entry_no) FROM claim_state_log").fetchone()
    assert row is not None and row[0] >= 4
