"""A parent still under way keeps the children it has had so far (rules/in_service.py: only a
row with a course of its own asks room in a parent's window), on a schema of our own (a help
desk's tickets with the comments posted on them): a ticket opened yesterday and still open or
on hold has had comments, each posted at or after it was opened and by the run's clock. A
lone instant fits any part of a window however young: its comments are not moved to the
tickets that have lasted longer (closed ones, or old ones abandoned and never closed)."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10T09:00:00+00:00"
SCHEMA = """
CREATE TABLE agents (id serial PRIMARY KEY, full_name text NOT NULL);
CREATE TABLE tickets (id serial PRIMARY KEY, agent_id int NOT NULL REFERENCES agents,
  subject text NOT NULL, opened_at timestamptz NOT NULL, closed_at timestamptz,
  status text NOT NULL CHECK (status IN ('open', 'on_hold', 'closed', 'abandoned')));
CREATE TABLE ticket_comments (id serial PRIMARY KEY,
  ticket_id int NOT NULL REFERENCES tickets, posted_at timestamptz NOT NULL,
  body text NOT NULL);
"""

UNDER_WAY = """
SELECT count(*), count(*) FILTER (WHERE c.posted_at >= t.opened_at AND c.posted_at <= :now)
FROM ticket_comments c JOIN tickets t ON t.id = c.ticket_id
WHERE t.status IN ('open', 'on_hold') AND t.closed_at IS NULL
"""


@pytest.mark.parametrize("seed", [1, 2, 7])
def test_an_open_ticket_has_its_comments_so_far(pg_cluster, seed: int) -> None:
    settings = {
        "generate": {"rows": 800, "now": NOW},
        "tables": {"agents": {"rows": 10}, "tickets": {"rows": 500}},
    }
    with loaded_database(pg_cluster, SCHEMA, settings, seed=seed) as conninfo:
        comments, within = share(conninfo, UNDER_WAY, NOW)
        # some 50 tickets open or on hold (as many as the clock's recent days hold) have had
        # comments, posted while open (where `room in a parent's window` was asked of every
        # row, all moved to longer-lived tickets: 0 comments)
        assert comments >= 20 and within >= 0.98, (comments, within)
