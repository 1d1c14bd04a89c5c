"""A request's asked amount is its lines' sum, and a decided request is paid by its payouts, on
schemas of our own (kinds/asked.py, rules/payouts.py, load/payouts_load.py):

- expense reports whose `requested_amount` their expense lines add up to, approved for at most
  that (`approved_amount`), and reimbursements that pay them;
- warranty claims whose `amount_claimed` their parts lines (quantity × unit price) add up to,
  authorised for at most that, and payouts with a status of their own.

Only a row that got as far as the decision has payouts that went through, and the payouts that
went through of one past it (reimbursed, paid out) add up to its decided amount. Before, the
asked amount was drawn on its own (never its lines' sum) and the payouts fell on any row at
any amount."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

EXPENSES = """
CREATE TABLE employees (id serial PRIMARY KEY, full_name text NOT NULL);
CREATE TABLE expense_reports (id serial PRIMARY KEY,
  employee_id int NOT NULL REFERENCES employees(id), submitted_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'draft'
    CHECK (status IN ('draft', 'submitted', 'approved', 'reimbursed', 'rejected')),
  requested_amount numeric(12,2) NOT NULL CHECK (requested_amount >= 0),
  approved_amount numeric(12,2) CHECK (approved_amount >= 0));
CREATE TABLE expense_lines (id bigserial PRIMARY KEY,
  report_id int NOT NULL REFERENCES expense_reports(id), category text NOT NULL,
  spent_on date NOT NULL, amount numeric(10,2) NOT NULL CHECK (amount > 0));
CREATE TABLE reimbursements (id serial PRIMARY KEY,
  report_id int NOT NULL REFERENCES expense_reports(id),
  amount numeric(12,2) NOT NULL CHECK (amount > 0), created_at timestamptz NOT NULL);
"""
EXPENSES_SUM = """
WITH t AS (SELECT report_id, sum(amount) AS s FROM expense_lines GROUP BY 1)
SELECT count(*), count(*) FILTER (WHERE r.requested_amount = t.s
  AND coalesce(r.approved_amount <= r.requested_amount, true))
FROM expense_reports r JOIN t ON t.report_id = r.id
"""
EXPENSES_PAID = """
WITH p AS (SELECT report_id, sum(amount) AS s FROM reimbursements GROUP BY 1)
SELECT count(*), count(*) FILTER (WHERE (p.s IS NULL OR r.status IN ('approved', 'reimbursed'))
  AND (r.status <> 'reimbursed' OR coalesce(p.s, 0) = r.approved_amount))
FROM expense_reports r LEFT JOIN p ON p.report_id = r.id
"""

WARRANTY = """
CREATE TABLE dealers (id serial PRIMARY KEY, name text NOT NULL);
CREATE TABLE warranty_claims (id serial PRIMARY KEY,
  dealer_id int NOT NULL REFERENCES dealers(id), opened_at timestamptz NOT NULL,
  status text NOT NULL CHECK (status IN ('open', 'in_review', 'authorised', 'paid_out',
                                         'declined')),
  amount_claimed numeric(12,2) NOT NULL, authorised_amount numeric(12,2));
CREATE TABLE claim_parts (id bigserial PRIMARY KEY,
  claim_id int NOT NULL REFERENCES warranty_claims(id), part_no text NOT NULL,
  quantity int NOT NULL CHECK (quantity > 0), unit_price numeric(10,2) NOT NULL,
  line_total numeric(12,2) NOT NULL);
CREATE TABLE payouts (id serial PRIMARY KEY,
  claim_id int NOT NULL REFERENCES warranty_claims(id),
  amount numeric(12,2) NOT NULL CHECK (amount > 0),
  status text NOT NULL CHECK (status IN ('pending', 'paid', 'failed', 'reversed')),
  paid_at timestamptz);
"""
WARRANTY_SUM = """
WITH t AS (SELECT claim_id, sum(line_total) AS s FROM claim_parts GROUP BY 1)
SELECT count(*), count(*) FILTER (WHERE c.amount_claimed = t.s
  AND coalesce(c.authorised_amount <= c.amount_claimed, true))
FROM warranty_claims c JOIN t ON t.claim_id = c.id
"""
WARRANTY_PAID = """
WITH p AS (SELECT claim_id, sum(amount) AS s FROM payouts WHERE status = 'paid' GROUP BY 1)
SELECT count(*), count(*) FILTER (WHERE (p.s IS NULL OR c.status IN ('authorised', 'paid_out'))
  AND (c.status <> 'paid_out' OR coalesce(p.s, 0) = c.authorised_amount))
FROM warranty_claims c LEFT JOIN p ON p.claim_id = c.id
"""

CASES = {"expenses": (EXPENSES, EXPENSES_SUM, EXPENSES_PAID),
         "warranty": (WARRANTY, WARRANTY_SUM, WARRANTY_PAID)}  # fmt: skip


@pytest.fixture(scope="module", params=[(c, s) for c in CASES for s in (1, 2, 7)],
                ids=lambda p: f"{p[0]}-{p[1]}")  # fmt: skip
def loaded(request, pg_cluster):
    case, seed = request.param
    settings = {"generate": {"rows": 500}}
    with loaded_database(pg_cluster, CASES[case][0], settings, seed=seed) as conninfo:
        yield case, conninfo


def test_the_asked_amount_is_its_lines_sum(loaded: tuple[str, str]) -> None:
    case, conninfo = loaded
    applies, holds = share(conninfo, CASES[case][1])
    assert applies > 100 and holds >= 0.98, holds


def test_payouts_pay_decided_requests(loaded: tuple[str, str]) -> None:
    case, conninfo = loaded
    applies, holds = share(conninfo, CASES[case][2])
    assert applies == 500 and holds >= 0.98, holds
