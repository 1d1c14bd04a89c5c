"""A numbered row followed by another of its parent is over (rules/over.py): a repair
ticket's technician calls, numbered per ticket, each ended (its `checked_out_at` set, with a
state) before the next call began; only a ticket's last call may still be going on.

Missed on b68464fe (s37base): the status rule decided per call whether it had ended (a NULL
state until it does, tied to `checked_out_at` by a CHECK), so calls in the middle of a
ticket's chain were left open: on this schema at seeds 1, 2, 7, 89 %, 89 % and 85 % of the
calls after the first followed an ended call; after, 100 % at each. On a schema of our own
(not the dev domain's job visits: a ticket, a `call_seq`, `checked_in_at`/`checked_out_at`, a
`state` of other words), at three seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE subscriber (subscriber_id bigint PRIMARY KEY, full_name text NOT NULL);
CREATE TABLE repair_ticket (ticket_id bigint PRIMARY KEY,
  subscriber_id bigint NOT NULL REFERENCES subscriber(subscriber_id),
  raised_at timestamptz NOT NULL,
  summary text);
CREATE TABLE technician_call (call_id bigint PRIMARY KEY,
  ticket_id bigint NOT NULL REFERENCES repair_ticket(ticket_id),
  call_seq smallint NOT NULL CHECK (call_seq >= 1),
  checked_in_at timestamptz NOT NULL,
  checked_out_at timestamptz,
  state text CHECK (state IN ('resolved', 'awaiting_parts', 'return_needed', 'no_entry')),
  CHECK (checked_out_at IS NULL OR checked_out_at > checked_in_at),
  CHECK ((state IS NULL) = (checked_out_at IS NULL)),
  UNIQUE (ticket_id, call_seq));
"""
SETTINGS = {"generate": {"rows": 1000, "now": NOW.replace(" ", "T")}}

ENDED_BEFORE = """
WITH c AS (SELECT c.*, lag(c.checked_out_at) OVER w AS prev_left, lag(c.call_id) OVER w AS prev_id
           FROM technician_call c
           WINDOW w AS (PARTITION BY c.ticket_id ORDER BY c.call_seq))
SELECT count(*), count(*) FILTER (WHERE prev_left IS NOT NULL AND checked_in_at >= prev_left)
FROM c WHERE prev_id IS NOT NULL AND checked_in_at <= :now
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_call_followed_by_another_has_ended(loaded: str) -> None:
    applies, holds = share(loaded, ENDED_BEFORE, NOW)
    assert applies >= 100
    assert holds >= 0.98
