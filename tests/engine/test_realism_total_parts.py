"""A total the names state with more parts, on schemas of our own, checked in SQL on what a
real PostgreSQL holds (kinds/arithmetic.py, kinds/amount_names.py, kinds/totals.py,
rules/arithmetic.py, load/totals_load.py):

- a takeaway's tickets: the subtotal is the sum of the ticket's items, the total is subtotal
  - voucher + delivery fee + tip (`delivery_fee_amount`, `tip_value`: a name of the lists
  with a money tail), the voucher never above the subtotal, and the VAT the total already
  holds (`vat_incl_amount`) within it;
- a consultancy's statements: `expenses_total` sums the statement's `expenses` rows (the
  table named for what it sums), `labour_total` its one other table holding an amount (its
  work logs; the remittances pay it), the VAT is the statement's own `vat_rate_pct` of the
  labour (to the cent below or nearest), and the amount due is labour + expenses + VAT.
Before, the delivery fee and the VAT held were drawn apart from the total, and the
statement's parts were drawn with nothing summing them."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

TAKEAWAY = """
CREATE TABLE kitchens (id serial PRIMARY KEY, name text NOT NULL);
CREATE TABLE tickets (id bigserial PRIMARY KEY, kitchen_id int NOT NULL REFERENCES kitchens(id),
  placed_at timestamptz NOT NULL, subtotal numeric(10,2) NOT NULL DEFAULT 0,
  voucher_amount numeric(10,2) NOT NULL DEFAULT 0,
  delivery_fee_amount numeric(10,2) NOT NULL DEFAULT 0,
  tip_value numeric(10,2) NOT NULL DEFAULT 0, vat_incl_amount numeric(10,2) NOT NULL DEFAULT 0,
  grand_total numeric(10,2) NOT NULL DEFAULT 0,
  CHECK (subtotal >= 0 AND voucher_amount >= 0 AND grand_total >= 0));
CREATE TABLE ticket_items (id bigserial PRIMARY KEY,
  ticket_id bigint NOT NULL REFERENCES tickets(id), qty int NOT NULL CHECK (qty > 0),
  each_price numeric(10,2) NOT NULL CHECK (each_price >= 0),
  line_amount numeric(10,2) NOT NULL);
"""

TICKETS = """
WITH l AS (SELECT ticket_id, sum(line_amount) AS s FROM ticket_items GROUP BY 1)
SELECT count(*), count(*) FILTER (WHERE t.subtotal = coalesce(l.s, 0)
  AND t.grand_total = t.subtotal - t.voucher_amount + t.delivery_fee_amount + t.tip_value
  AND t.voucher_amount <= t.subtotal
  AND t.vat_incl_amount <= t.grand_total
  AND (t.grand_total = 0 OR t.vat_incl_amount < t.grand_total / 2))
FROM tickets t LEFT JOIN l ON l.ticket_id = t.id
"""

CHARGED = "SELECT count(*), count(*) FILTER (WHERE delivery_fee_amount > 0) FROM tickets"
HELD = "SELECT count(*), count(*) FILTER (WHERE vat_incl_amount > 0) FROM tickets"

CONSULTANCY = """
CREATE TABLE clients (id serial PRIMARY KEY, name text NOT NULL);
CREATE TABLE statements (id bigserial PRIMARY KEY,
  client_id int NOT NULL REFERENCES clients(id), issued_on date NOT NULL,
  labour_total numeric(12,2) NOT NULL DEFAULT 0 CHECK (labour_total >= 0),
  expenses_total numeric(12,2) NOT NULL DEFAULT 0 CHECK (expenses_total >= 0),
  vat_rate_pct numeric(5,2) NOT NULL DEFAULT 0 CHECK (vat_rate_pct >= 0 AND vat_rate_pct < 100),
  vat_total numeric(12,2) NOT NULL DEFAULT 0, amount_due numeric(12,2) NOT NULL);
CREATE TABLE work_logs (id bigserial PRIMARY KEY, statement_id bigint REFERENCES statements(id),
  worked_on date NOT NULL, hours numeric(5,2) NOT NULL CHECK (hours > 0),
  hourly_rate numeric(8,2) NOT NULL CHECK (hourly_rate > 0), amount numeric(12,2) NOT NULL);
CREATE TABLE expenses (id bigserial PRIMARY KEY, statement_id bigint REFERENCES statements(id),
  spent_on date NOT NULL, amount numeric(10,2) NOT NULL CHECK (amount > 0), memo text);
CREATE TABLE remittances (id bigserial PRIMARY KEY,
  statement_id bigint NOT NULL REFERENCES statements(id),
  amount numeric(12,2) NOT NULL CHECK (amount > 0), received_at timestamptz NOT NULL);
"""

STATEMENTS = """
WITH w AS (SELECT statement_id, sum(amount) AS s FROM work_logs GROUP BY 1),
     e AS (SELECT statement_id, sum(amount) AS s FROM expenses GROUP BY 1)
SELECT count(*), count(*) FILTER (WHERE s.labour_total = coalesce(w.s, 0)
  AND s.expenses_total = coalesce(e.s, 0)
  AND abs(s.vat_total - round(s.labour_total * s.vat_rate_pct / 100, 2)) <= 0.01
  AND s.amount_due = s.labour_total + s.expenses_total + s.vat_total)
FROM statements s LEFT JOIN w ON w.statement_id = s.id LEFT JOIN e ON e.statement_id = s.id
"""

SETTINGS = {"generate": {"rows": 500}}


@pytest.fixture(scope="module", params=[1, 2])
def takeaway(request, pg_cluster):
    with loaded_database(pg_cluster, TAKEAWAY, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


@pytest.fixture(scope="module", params=[1, 2])
def consultancy(request, pg_cluster):
    with loaded_database(pg_cluster, CONSULTANCY, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_ticket_total_adds_its_fee_and_tip_and_holds_its_vat(takeaway: str) -> None:
    applies, holds = share(takeaway, TICKETS)
    assert applies == 500 and holds >= 0.98, holds
    assert share(takeaway, CHARGED)[1] > 0.2
    assert share(takeaway, HELD)[1] > 0.5


def test_a_statement_sums_its_tables_and_taxes_its_labour(consultancy: str) -> None:
    applies, holds = share(consultancy, STATEMENTS)
    assert applies == 500 and holds >= 0.98, holds
