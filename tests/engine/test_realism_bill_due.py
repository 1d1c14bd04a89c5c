"""A bill's status agrees with its due date, on a schema of our own (a coworking space:
members, their desk plans over a window, and the plan's monthly invoices in a numbered chain
with an issue time, a due date and a status: draft, open, paid, overdue, void). An open
invoice is not due yet and an overdue one is past due (rules/bill_due.py). Before, an open
invoice whose period began weeks ago was turned overdue whatever its due date
(rules/standing.py's stale rows), and the chain of periods (rules/sequence.py) could leave an
overdue invoice's due date ahead of now."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"  # the run's clock, pinned: a Tuesday morning
SCHEMA = """
CREATE TYPE desk_invoice_state AS ENUM ('draft', 'open', 'paid', 'overdue', 'void');
CREATE TABLE members (id serial PRIMARY KEY, full_name text NOT NULL, email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now());
CREATE TABLE desk_plans (id serial PRIMARY KEY, member_id int NOT NULL REFERENCES members(id),
  start_date date NOT NULL, end_date date, price numeric(8,2) NOT NULL,
  CHECK (end_date IS NULL OR end_date >= start_date));
CREATE TABLE desk_invoices (id bigserial PRIMARY KEY,
  plan_id int NOT NULL REFERENCES desk_plans(id), seq_no int NOT NULL CHECK (seq_no > 0),
  period_start date NOT NULL, period_end date NOT NULL, issued_at timestamptz,
  due_date date NOT NULL, total_amount numeric(10,2) NOT NULL CHECK (total_amount >= 0),
  status desk_invoice_state NOT NULL DEFAULT 'draft',
  UNIQUE (plan_id, seq_no), CHECK (period_end >= period_start));
"""

SETTINGS = {
    "generate": {"rows": 1000, "now": NOW.replace(" ", "T")},
    "tables": {"public.desk_plans": {"rows": 150}},
}

AGREES = """
SELECT count(*), count(*) FILTER (WHERE CASE status
    WHEN 'open' THEN due_date >= :now::date
    WHEN 'overdue' THEN due_date < :now::date END)
FROM desk_invoices WHERE status IN ('open', 'overdue')
"""


@pytest.fixture(scope="module", params=[1, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_open_not_due_overdue_past_due(loaded: str) -> None:
    applies, holds = share(loaded, AGREES, now=NOW)
    assert applies > 30 and holds >= 0.98, (applies, holds)
