"""A bill's payments agree with its status, on a schema of our own (a physiotherapy practice:
patients, their invoices with a status, a due date and a paid time, and the receipts of an
invoice), checked in SQL on what a real PostgreSQL holds (rules/settle.py picks which bills
have payments, rules/bill_payments.py and load/bill_load.py set their amounts and times):

- a draft, open, overdue or void invoice has no receipt; each paid or partly paid one has one
  first (a Zipf-like fan-out left half of the paid ones without any);
- a paid invoice's receipts add up to its total, the last received within a day before it was
  paid; a partly paid one's to less than its total.
Before, every receipt was drawn at its invoice's total, whatever the invoice said."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TYPE invoice_state AS ENUM ('draft', 'open', 'partially_paid', 'paid', 'overdue', 'void');
CREATE TABLE patients (id serial PRIMARY KEY, full_name text NOT NULL, email text NOT NULL);
CREATE TABLE session_invoices (id bigserial PRIMARY KEY,
  patient_id int NOT NULL REFERENCES patients(id), period_start date NOT NULL,
  period_end date NOT NULL, issued_on date NOT NULL, due_on date NOT NULL,
  total_amount numeric(10,2) NOT NULL CHECK (total_amount > 0),
  status invoice_state NOT NULL DEFAULT 'draft', paid_at timestamptz,
  CHECK (period_end >= period_start), CHECK (due_on >= issued_on));
CREATE TABLE receipts (id bigserial PRIMARY KEY,
  invoice_id bigint NOT NULL REFERENCES session_invoices(id),
  amount numeric(10,2) NOT NULL CHECK (amount > 0), received_at timestamptz NOT NULL);
"""

SETTINGS = {"generate": {"rows": 600}}

PAID = """
WITH r AS (SELECT invoice_id, count(*) AS n, sum(amount) AS s, max(received_at) AS last
           FROM receipts GROUP BY 1)
SELECT count(*), count(*) FILTER (WHERE CASE i.status
  WHEN 'paid' THEN r.s = i.total_amount AND i.paid_at BETWEEN r.last AND r.last + interval '1 day'
  WHEN 'partially_paid' THEN r.s > 0 AND r.s < i.total_amount
  ELSE r.n IS NULL END)
FROM session_invoices i LEFT JOIN r ON r.invoice_id = i.id
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_receipts_agree_with_the_invoice_status(loaded: str) -> None:
    applies, holds = share(loaded, PAID)
    assert applies == 600 and holds >= 0.98, holds
