"""A bill over no period of its own still has a time it was paid, and its payments line up with
it, on a schema of our own (a language school: learners, their tuition bills with a state, a time
sent, a due date and a time settled, and the receipts taken against a bill), checked in
SQL on what a real PostgreSQL holds (rules/bill.paid_time finds the settled time without a
billing period, load/bill_load.py lines the payments up with it):

- a settled bill's receipts add up to its amount due, the last received within a day before it
  was settled;
- a bill was sent unless it is a draft: `sent` is a bill's issue, not an order's shipping,
  so a settled or overdue bill was sent too;
- no receipt was received before its bill was sent (rules/settle.py opens a bill's window
  at its issue, and no longer closes it at a `sent_at` read as a shipping time).
Before, the receipts of a bill with no billing period kept the times they were drawn at,
days or years away from the time the bill says it was settled, and only the bills still
labelled sent had a time they were sent."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TYPE bill_state AS ENUM ('draft', 'sent', 'part_paid', 'settled', 'overdue', 'cancelled');
CREATE TABLE learners (id serial PRIMARY KEY, full_name text NOT NULL, email text NOT NULL);
CREATE TABLE tuition_bills (id bigserial PRIMARY KEY,
  learner_id int NOT NULL REFERENCES learners(id), sent_at timestamptz, due_date date,
  amount_due numeric(10,2) NOT NULL CHECK (amount_due >= 0),
  state bill_state NOT NULL DEFAULT 'draft', settled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now());
CREATE TABLE bill_receipts (id bigserial PRIMARY KEY,
  bill_id bigint NOT NULL REFERENCES tuition_bills(id),
  amount numeric(10,2) NOT NULL CHECK (amount > 0), received_at timestamptz NOT NULL);
"""

SETTINGS = {"generate": {"rows": 600, "now": "2026-05-04T10:00:00+00:00"}}

SETTLED = """
WITH r AS (SELECT bill_id, sum(amount) AS s, max(received_at) AS last,
                  min(received_at) AS first
           FROM bill_receipts GROUP BY 1)
SELECT count(*), count(*) FILTER (WHERE r.s = n.amount_due
  AND n.settled_at BETWEEN r.last AND r.last + interval '1 day')
FROM tuition_bills n JOIN r ON r.bill_id = n.id WHERE n.state = 'settled'
"""

SENT = """
SELECT count(*), count(*) FILTER (WHERE (state = 'draft') = (sent_at IS NULL))
FROM tuition_bills WHERE state <> 'cancelled'
"""

NOT_BEFORE_SENT = """
SELECT count(*), count(*) FILTER (WHERE i.received_at >= n.sent_at)
FROM bill_receipts i JOIN tuition_bills n ON n.id = i.bill_id
"""


@pytest.fixture(scope="module", params=[1, 2])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_settled_bill_was_settled_at_its_last_receipt(loaded: str) -> None:
    applies, holds = share(loaded, SETTLED)
    assert applies >= 100 and holds >= 0.98, (applies, holds)


def test_no_receipt_before_the_bill_was_sent(loaded: str) -> None:
    applies, holds = share(loaded, NOT_BEFORE_SENT)
    assert applies >= 100 and holds >= 0.98, (applies, holds)


def test_every_bill_but_a_draft_was_sent(loaded: str) -> None:
    applies, holds = share(loaded, SENT)
    assert applies >= 100 and holds >= 0.98, (applies, holds)
