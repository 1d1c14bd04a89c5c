"""Each paid bill has its payments where the payment meets the bill through another key, on a
schema of our own (a marina: boat owners, currencies, mooring invoices in a currency with a
status, and payments of an invoice stating their currency too). A payment picks its invoice
among those in its own currency (rules/fk_meet.py), so it took a random paid invoice of that
currency and about a third of the paid invoices had no payment at all. Now the table's first
payments pay each paid invoice once (settle.paid_first, as a payment without such a key does)
and their currency follows the invoice's (fk_meet._paid_first)."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TYPE mooring_state AS ENUM ('draft', 'sent', 'paid', 'overdue', 'cancelled');
CREATE TABLE currencies (code char(3) PRIMARY KEY, name text NOT NULL);
CREATE TABLE boat_owners (id serial PRIMARY KEY, full_name text NOT NULL, email text NOT NULL);
CREATE TABLE mooring_invoices (id bigserial PRIMARY KEY,
  owner_id int NOT NULL REFERENCES boat_owners(id),
  currency_code char(3) NOT NULL REFERENCES currencies(code),
  issued_on date NOT NULL, due_on date NOT NULL,
  total_amount numeric(10,2) NOT NULL CHECK (total_amount > 0),
  status mooring_state NOT NULL DEFAULT 'draft', paid_at timestamptz,
  CHECK (due_on >= issued_on));
CREATE TABLE payments (id bigserial PRIMARY KEY,
  invoice_id bigint NOT NULL REFERENCES mooring_invoices(id),
  currency_code char(3) NOT NULL REFERENCES currencies(code),
  amount numeric(10,2) NOT NULL CHECK (amount > 0), received_at timestamptz NOT NULL);
"""

SETTINGS = {"generate": {"rows": 800}, "tables": {"public.currencies": {"rows": 6}}}

PAID = """
WITH r AS (SELECT invoice_id, sum(amount) AS s FROM payments GROUP BY 1)
SELECT count(*), count(*) FILTER (WHERE r.s = i.total_amount)
FROM mooring_invoices i LEFT JOIN r ON r.invoice_id = i.id WHERE i.status = 'paid'
"""

SAME_CURRENCY = """
SELECT count(*), count(*) FILTER (WHERE p.currency_code = i.currency_code)
FROM payments p JOIN mooring_invoices i ON i.id = p.invoice_id
"""


@pytest.fixture(scope="module", params=[1, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_each_paid_invoice_is_paid(loaded: str) -> None:
    applies, holds = share(loaded, PAID)
    assert applies > 300 and holds >= 0.98, (applies, holds)


def test_payments_in_the_invoice_currency(loaded: str) -> None:
    applies, holds = share(loaded, SAME_CURRENCY)
    assert applies > 300 and holds >= 0.99, (applies, holds)
