"""Amounts a row's names tie together, on a schema of our own (a freight forwarder: agents
on commission, consignments with their charges, customs entries with their lines, the
invoices that bill an entry and the statements that pay an agent):

- a total named for its siblings: a consignment's `total_charge` is its `freight_charge` +
  `storage_charge` + `insurance_charge` (kinds/row_sums.sibling_totals);
- a line's `line_value` is `qty_cartons` × `unit_value` (a quantity by its first word,
  kinds/amount_names.quantity_named) and its `duty_amount` is that value at its own
  `duty_rate` (kinds/row_sums.rated_amounts);
- an entry's `duties_total` and `fees_total` sum its lines' `duty_amount` and `fee_amount`,
  and its `line_count` counts them (kinds/totals.py, `<what>_total` over `<what>_amount`);
- an invoice bills its entry's lines as its net, and its gross adds the VAT and a levy
  (a tax by its first word, kinds/arithmetic.py);
- an agent's statement pays the gross earned less the commission at the agent's
  `commission_pct` and the advances deducted (kinds/row_sums.net_of_gross).

Checked in SQL on what a real PostgreSQL holds, at three seeds."""

from __future__ import annotations

from typing import Any

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE agents (id serial PRIMARY KEY, agent_name text NOT NULL,
  commission_pct numeric(5,2) NOT NULL CHECK (commission_pct >= 0 AND commission_pct <= 15));
CREATE TABLE consignments (id bigserial PRIMARY KEY,
  agent_id int NOT NULL REFERENCES agents(id),
  shipped_on date NOT NULL,
  freight_charge numeric(10,2) NOT NULL,
  storage_charge numeric(10,2) NOT NULL DEFAULT 0,
  insurance_charge numeric(10,2) NOT NULL DEFAULT 0,
  total_charge numeric(10,2) NOT NULL);
CREATE TABLE customs_entries (id bigserial PRIMARY KEY,
  consignment_id bigint NOT NULL REFERENCES consignments(id),
  lodged_on date NOT NULL,
  duties_total numeric(12,2) NOT NULL DEFAULT 0,
  fees_total numeric(12,2) NOT NULL DEFAULT 0,
  line_count int NOT NULL DEFAULT 0);
CREATE TABLE customs_entry_lines (id bigserial PRIMARY KEY,
  entry_id bigint NOT NULL REFERENCES customs_entries(id),
  line_no int NOT NULL,
  qty_cartons int NOT NULL CHECK (qty_cartons > 0),
  unit_value numeric(10,2) NOT NULL,
  line_value numeric(12,2) NOT NULL,
  duty_rate numeric(5,2) NOT NULL,
  duty_amount numeric(12,2) NOT NULL,
  fee_amount numeric(10,2) NOT NULL);
CREATE TABLE broker_invoices (id bigserial PRIMARY KEY,
  entry_id bigint NOT NULL REFERENCES customs_entries(id),
  issued_on date NOT NULL,
  net_amount numeric(12,2) NOT NULL,
  levy_amount numeric(12,2) NOT NULL DEFAULT 0,
  vat_amount numeric(12,2) NOT NULL DEFAULT 0,
  gross_amount numeric(12,2) NOT NULL);
CREATE TABLE agent_statements (id bigserial PRIMARY KEY,
  agent_id int NOT NULL REFERENCES agents(id),
  period_start date NOT NULL,
  gross_earned numeric(12,2) NOT NULL,
  commission_amount numeric(12,2) NOT NULL,
  advances_deducted numeric(12,2) NOT NULL DEFAULT 0,
  net_payable numeric(12,2) NOT NULL);
"""

CHARGES = """
SELECT count(*), count(*) FILTER (WHERE
         total_charge = freight_charge + storage_charge + insurance_charge)
FROM consignments
"""
LINES = """
SELECT count(*), count(*) FILTER (WHERE abs(line_value - qty_cartons * unit_value) < 0.005
         AND abs(duty_amount - round(line_value * duty_rate / 100, 2)) <= 0.01)
FROM customs_entry_lines
"""
ENTRIES = """
WITH l AS (SELECT entry_id, sum(duty_amount) AS d, sum(fee_amount) AS f, count(*) AS n
           FROM customs_entry_lines GROUP BY entry_id)
SELECT count(*), count(*) FILTER (WHERE e.duties_total = coalesce(l.d, 0)
         AND e.fees_total = coalesce(l.f, 0) AND e.line_count = coalesce(l.n, 0))
FROM customs_entries e LEFT JOIN l ON l.entry_id = e.id
"""
INVOICES = """
SELECT count(*), count(*) FILTER (WHERE i.levy_amount >= 0 AND i.vat_amount >= 0
         AND i.gross_amount = i.net_amount + i.levy_amount + i.vat_amount)
FROM broker_invoices i
"""
STATEMENTS = """
SELECT count(*), count(*) FILTER (WHERE
         s.net_payable = s.gross_earned - s.commission_amount - s.advances_deducted
         AND abs(s.commission_amount - round(s.gross_earned * a.commission_pct / 100, 2)) <= 0.01
         AND s.advances_deducted >= 0 AND s.net_payable >= 0)
FROM agent_statements s JOIN agents a ON a.id = s.agent_id
"""

NOW = "2026-03-10 09:00:00+00"
SETTINGS = {
    "generate": {"rows": 600, "now": NOW.replace(" ", "T")},
    "tables": {"public.agents": {"rows": 40}},
}


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request: Any, pg_cluster: Any) -> Any:
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


@pytest.mark.parametrize(
    "query", [CHARGES, LINES, ENTRIES, INVOICES, STATEMENTS],
    ids=["sibling_total", "line_rate", "header_sums", "gross_taxes", "net_of_gross"],
)  # fmt: skip
def test_the_amounts_add_up_as_their_names_say(loaded: str, query: str) -> None:
    applies, holds = share(loaded, query, now=NOW)
    assert applies >= 30
    assert holds >= 0.98
