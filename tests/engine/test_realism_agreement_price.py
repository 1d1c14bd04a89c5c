"""A bill's line of the agreement it bills is priced as the agreement says, on a schema of our
own (a self-storage company: customers, unit rentals at a monthly fee, the rentals' invoices
over billing periods, and their numbered lines of a kind: fee, insurance, cleaning,
late_fee). An invoice's first line is its rental's fee, once per month its period covers,
and no other line of it is a fee (rules/agreement_price.py). Before, a line's kind and price
were drawn freely: an invoice had several fee lines or none, at any price."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TYPE storage_charge AS ENUM ('fee', 'insurance', 'cleaning', 'late_fee');
CREATE TABLE customers (id serial PRIMARY KEY, full_name text NOT NULL, email text NOT NULL);
CREATE TABLE unit_rentals (id serial PRIMARY KEY,
  customer_id int NOT NULL REFERENCES customers(id), start_date date NOT NULL, end_date date,
  monthly_fee numeric(8,2) NOT NULL CHECK (monthly_fee > 0),
  CHECK (end_date IS NULL OR end_date > start_date));
CREATE TABLE rental_invoices (id bigserial PRIMARY KEY,
  rental_id int NOT NULL REFERENCES unit_rentals(id), installment_no int NOT NULL,
  period_start date NOT NULL, period_end date NOT NULL, issue_date date NOT NULL,
  due_date date NOT NULL, subtotal numeric(10,2) NOT NULL DEFAULT 0,
  UNIQUE (rental_id, installment_no), CHECK (period_end >= period_start));
CREATE TABLE rental_invoice_lines (id bigserial PRIMARY KEY,
  invoice_id bigint NOT NULL REFERENCES rental_invoices(id) ON DELETE CASCADE,
  line_no smallint NOT NULL CHECK (line_no > 0), charge storage_charge NOT NULL,
  quantity numeric(8,3) NOT NULL DEFAULT 1 CHECK (quantity > 0),
  unit_price numeric(10,2) NOT NULL, amount numeric(10,2) NOT NULL,
  UNIQUE (invoice_id, line_no));
"""

SETTINGS = {"generate": {"rows": 900}, "tables": {"public.unit_rentals": {"rows": 600}}}

ONE_MONTH_FEE = """
WITH l AS (SELECT invoice_id, coalesce(sum(amount) FILTER (WHERE charge = 'fee'), 0) AS fee,
                  count(*) FILTER (WHERE charge = 'fee') AS n
           FROM rental_invoice_lines GROUP BY 1)
SELECT count(*), count(*) FILTER (WHERE l.n = 1 AND l.fee = r.monthly_fee)
FROM rental_invoices i JOIN unit_rentals r ON r.id = i.rental_id
JOIN l ON l.invoice_id = i.id
WHERE i.period_end = (i.period_start + interval '1 month')::date - 1
"""

FIRST_LINE = """
SELECT count(*), count(*) FILTER (WHERE l.charge = 'fee' AND l.unit_price = r.monthly_fee)
FROM rental_invoice_lines l JOIN rental_invoices i ON i.id = l.invoice_id
JOIN unit_rentals r ON r.id = i.rental_id WHERE l.line_no = 1
"""


@pytest.fixture(scope="module", params=[1, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_month_bills_the_monthly_fee_once(loaded: str) -> None:
    applies, holds = share(loaded, ONE_MONTH_FEE)
    assert applies > 100 and holds >= 0.98, (applies, holds)


def test_the_first_line_is_the_fee(loaded: str) -> None:
    applies, holds = share(loaded, FIRST_LINE)
    assert applies > 100 and holds >= 0.98, (applies, holds)
