"""A bill whose status reads draft, open, paid, void (no label says unpaid or overdue: the
draft stage says it is a bill) has payments that agree with it: a paid bill's payments that
went through add up to its total. On a schema of our own (a garage's repair bills and the
card payments against them, each with an outcome of its own), at three seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE customer (customer_id int PRIMARY KEY, full_name text NOT NULL,
  joined_at timestamptz NOT NULL);
CREATE TABLE repair_bill (
  repair_bill_id int PRIMARY KEY,
  customer_id int NOT NULL REFERENCES customer(customer_id),
  issued_at timestamptz,
  subtotal numeric(10,2) NOT NULL,
  tax_amount numeric(10,2) NOT NULL,
  total numeric(10,2) NOT NULL,
  status text NOT NULL CHECK (status IN ('draft', 'open', 'paid', 'void')));
CREATE TABLE card_payment (
  card_payment_id int PRIMARY KEY,
  repair_bill_id int NOT NULL REFERENCES repair_bill(repair_bill_id),
  taken_at timestamptz NOT NULL,
  amount numeric(10,2) NOT NULL,
  status text NOT NULL CHECK (status IN ('succeeded', 'failed')));
"""
SETTINGS = {"generate": {"rows": 600, "now": NOW.replace(" ", "T")}}

PAID = """
WITH p AS (SELECT repair_bill_id AS k,
  coalesce(sum(amount) FILTER (WHERE status = 'succeeded'), 0) AS paid FROM card_payment GROUP BY 1)
SELECT count(*)::int, count(*) FILTER (WHERE p.paid = b.total)::int
FROM repair_bill b JOIN p ON p.k = b.repair_bill_id WHERE b.status = 'paid'
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_paid_drafted_bills_payments_add_up_to_its_total(loaded: str) -> None:
    applies, holds = share(loaded, PAID)
    assert applies > 50
    assert holds >= 0.98
