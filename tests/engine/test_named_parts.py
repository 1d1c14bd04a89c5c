"""Arithmetic the names of amounts state, whatever the tables are called, on schemas of our own:

- a garage's repair invoices: each line holds a `parts_amt`, a `labour_amt` and a `vat_amt`;
  the invoice's `parts_total`, `labour_total` and `vat_total` are the sums of its lines' (a
  `<what>_total` over the lines' `<what>_amt`, kinds/amount_names.py), and `total_due` is
  parts + labour + VAT, though no name says a subtotal (kinds/arithmetic.formula reads the
  parts a total adds from what its lines hold), and not what was paid of it (`paid_total`
  beside its payments' `paid_amount` is no part);
- a wholesaler's order lines: a line's `line_net` (a line's word and a net word) is
  round(`qty` × `unit_price`, 2), the order's `net_total` the sum of its lines' `line_net`
  and `gross_total` = `net_total` + `vat_total`.

Checked in SQL on what a real PostgreSQL holds, at three seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE workshops (workshop_id int PRIMARY KEY, workshop_name varchar(80) NOT NULL,
  town varchar(60) NOT NULL);
CREATE TABLE vehicles (vehicle_id int PRIMARY KEY, reg_plate varchar(10) NOT NULL,
  make varchar(40) NOT NULL);
CREATE TABLE repair_invoices (
  repair_invoice_id bigint PRIMARY KEY,
  workshop_id int NOT NULL REFERENCES workshops(workshop_id),
  vehicle_id int NOT NULL REFERENCES vehicles(vehicle_id),
  invoiced_on date NOT NULL,
  parts_total numeric(12,2) NOT NULL DEFAULT 0,
  labour_total numeric(12,2) NOT NULL DEFAULT 0,
  vat_total numeric(12,2) NOT NULL DEFAULT 0,
  total_due numeric(12,2) NOT NULL DEFAULT 0,
  paid_total numeric(12,2) NOT NULL DEFAULT 0);
CREATE TABLE repair_payments (payment_id bigint PRIMARY KEY,
  repair_invoice_id bigint NOT NULL REFERENCES repair_invoices(repair_invoice_id),
  paid_on date NOT NULL, paid_amount numeric(12,2) NOT NULL);
CREATE TABLE repair_invoice_lines (
  repair_invoice_id bigint NOT NULL REFERENCES repair_invoices(repair_invoice_id),
  line_no smallint NOT NULL,
  job_text varchar(120) NOT NULL,
  parts_amt numeric(12,2) NOT NULL DEFAULT 0,
  labour_amt numeric(12,2) NOT NULL DEFAULT 0,
  vat_amt numeric(12,2) NOT NULL DEFAULT 0,
  PRIMARY KEY (repair_invoice_id, line_no));
CREATE TABLE buyers (buyer_id int PRIMARY KEY, company_name varchar(120) NOT NULL);
CREATE TABLE sales_orders (
  sales_order_id int PRIMARY KEY,
  buyer_id int NOT NULL REFERENCES buyers(buyer_id),
  ordered_on date NOT NULL,
  net_total numeric(12,2) NOT NULL DEFAULT 0,
  vat_total numeric(12,2) NOT NULL DEFAULT 0,
  gross_total numeric(12,2) NOT NULL DEFAULT 0);
CREATE TABLE sales_order_lines (
  sales_order_id int NOT NULL REFERENCES sales_orders(sales_order_id),
  line_no smallint NOT NULL,
  sku varchar(20) NOT NULL,
  qty numeric(10,3) NOT NULL DEFAULT 1,
  unit_price numeric(10,2) NOT NULL,
  vat_rate numeric(4,2) NOT NULL,
  line_net numeric(12,2) NOT NULL,
  PRIMARY KEY (sales_order_id, line_no));
"""
SETTINGS = {"generate": {"rows": 600, "now": NOW.replace(" ", "T")}}

REPAIRS = """
WITH s AS (SELECT repair_invoice_id, sum(parts_amt) AS p, sum(labour_amt) AS l,
                  sum(vat_amt) AS v
           FROM repair_invoice_lines GROUP BY repair_invoice_id)
SELECT count(*), count(*) FILTER (WHERE i.parts_total = s.p AND i.labour_total = s.l
                                    AND i.vat_total = s.v
                                    AND i.total_due = i.parts_total + i.labour_total + i.vat_total)
FROM repair_invoices i JOIN s USING (repair_invoice_id)
"""
ORDERS = """
SELECT count(*), count(*) FILTER (WHERE o.net_total = l.net AND l.bad = 0
                                    AND o.gross_total = o.net_total + o.vat_total)
FROM sales_orders o
JOIN (SELECT sales_order_id, sum(line_net) AS net,
             count(*) FILTER (WHERE abs(line_net - round(qty * unit_price, 2)) > 0.01) AS bad
      FROM sales_order_lines GROUP BY sales_order_id) l USING (sales_order_id)
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_repairs_totals_are_its_lines_parts_and_add_up(loaded: str) -> None:
    applies, holds = share(loaded, REPAIRS, now=NOW)
    assert applies >= 100
    assert holds >= 0.98


def test_an_orders_line_nets_are_qty_times_price_and_sum_to_its_net(loaded: str) -> None:
    applies, holds = share(loaded, ORDERS, now=NOW)
    assert applies >= 100
    assert holds >= 0.98
