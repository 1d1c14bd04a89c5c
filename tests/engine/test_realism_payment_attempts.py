"""Only the payments that went through pay a bill, on a schema of our own (a language school:
students, their tuition invoices with a status, and payment attempts of an invoice with an
outcome of their own: pending, succeeded, failed, refunded). A paid invoice's succeeded
attempts add up to its total, and each paid invoice has one (load/bill_load.py: the others are
attempts beside them; a paid invoice none of whose attempts went through has its last one go
through). Before, every attempt was counted, whatever its outcome, and a paid invoice's only
attempt could be a failed one."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TYPE tuition_state AS ENUM ('draft', 'open', 'paid', 'overdue', 'void');
CREATE TYPE attempt_outcome AS ENUM ('pending', 'succeeded', 'failed', 'refunded');
CREATE TABLE students (id serial PRIMARY KEY, full_name text NOT NULL, email text NOT NULL);
CREATE TABLE tuition_invoices (id bigserial PRIMARY KEY,
  student_id int NOT NULL REFERENCES students(id), issued_on date NOT NULL,
  due_on date NOT NULL, total_amount numeric(10,2) NOT NULL CHECK (total_amount > 0),
  status tuition_state NOT NULL DEFAULT 'draft', paid_at timestamptz,
  CHECK (due_on >= issued_on));
CREATE TABLE payments (id bigserial PRIMARY KEY,
  invoice_id bigint NOT NULL REFERENCES tuition_invoices(id),
  amount numeric(10,2) NOT NULL CHECK (amount > 0), attempted_at timestamptz NOT NULL,
  status attempt_outcome NOT NULL DEFAULT 'pending');
"""

SETTINGS = {"generate": {"rows": 600}}

PAID = """
WITH r AS (SELECT invoice_id, coalesce(sum(amount) FILTER (WHERE status = 'succeeded'), 0) AS s
           FROM payments GROUP BY 1)
SELECT count(*), count(*) FILTER (WHERE r.s = i.total_amount)
FROM tuition_invoices i LEFT JOIN r ON r.invoice_id = i.id WHERE i.status = 'paid'
"""


@pytest.fixture(scope="module", params=[1, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_succeeded_payments_pay_the_invoice(loaded: str) -> None:
    applies, holds = share(loaded, PAID)
    assert applies > 300 and holds >= 0.98, (applies, holds)
