"""A parent's decision starts its child's lifecycle, it does not finish it, on a schema of our
own (a renovation firm: proposals drafted, sent, then approved, declined or expired, and the one
renovation of a proposal, booked → in progress → finished or cancelled), checked in SQL on what
a real PostgreSQL holds:

- an approved proposal is where the renovation begins (rules/record_status.py): its renovation
  is booked, under way or finished, not finished on every row because its proposal was
  approved; the parent's label would end the child only where it is one of the child's own;
- a proposal is issued once sent (`issued_at` of the `sent` label and every one after it) and
  decided after its issue, an expired one never decided (rules/status.py, rules/chain.py);
- the status still decides the renovation's times: a finished one started before it finished,
  a booked one has neither time."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE clients (id serial PRIMARY KEY, full_name text NOT NULL, email text NOT NULL);
CREATE TABLE proposals (id bigserial PRIMARY KEY,
  client_id int NOT NULL REFERENCES clients(id),
  status text NOT NULL CHECK (status IN ('draft', 'sent', 'approved', 'declined', 'expired')),
  created_at timestamptz NOT NULL, issued_at timestamptz, decided_at timestamptz,
  total_amount numeric(12,2) NOT NULL);
CREATE TABLE renovations (id bigserial PRIMARY KEY,
  proposal_id bigint NOT NULL UNIQUE REFERENCES proposals(id),
  status text NOT NULL CHECK (status IN ('booked', 'in_progress', 'finished', 'cancelled')),
  start_date date NOT NULL, started_at timestamptz, finished_at timestamptz,
  created_at timestamptz NOT NULL);
"""

SETTINGS = {
    "generate": {"rows": 600},
    "tables": {"public.clients": {"rows": 200}, "public.renovations": {"rows": 400}},
}


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_an_approved_proposal_starts_its_renovation(loaded: str) -> None:
    applies, going = share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE r.status <> 'finished')"
        " FROM renovations r JOIN proposals p ON p.id = r.proposal_id"
        " WHERE p.status = 'approved'",
    )
    assert applies > 100 and going >= 0.03, going


def test_the_status_still_decides_the_times(loaded: str) -> None:
    applies, holds = share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE CASE status"
        " WHEN 'finished' THEN started_at <= finished_at"
        " WHEN 'booked' THEN started_at IS NULL AND finished_at IS NULL"
        " ELSE finished_at IS NULL END) FROM renovations",
    )
    assert applies == 400 and holds >= 0.98, holds


def test_a_proposal_is_issued_when_sent_and_decided_after(loaded: str) -> None:
    # rules/status.py: `issued_at` is the time of the `sent` label (one word of sending for
    # another), set from that stage on; `decided_at` on the decided rows, not the expired
    applies, holds = share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE CASE status"
        " WHEN 'draft' THEN issued_at IS NULL AND decided_at IS NULL"
        " WHEN 'sent' THEN issued_at IS NOT NULL AND decided_at IS NULL"
        " WHEN 'expired' THEN issued_at IS NOT NULL AND decided_at IS NULL"
        " ELSE issued_at <= decided_at END) FROM proposals",
    )
    assert applies > 100 and holds >= 0.9, holds
