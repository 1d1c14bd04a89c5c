"""Money and quantity columns named in short forms add up as their long names would, on a
schema of our own (a wholesaler's purchase orders to its suppliers: `net_amnt`, `tax_amt`,
`tot_amt` on the order, `qnty`, `unit_cost` and `amt` on its lines), checked in SQL on what a
real PostgreSQL holds: base/names.normalise writes `amt`/`amnt` as amount, `qty`/`qnty` as
quantity and `tot` as total (vocab/data/abbreviations.tsv) before the lists of money names are
read (kinds/arithmetic, kinds/totals, rules/lineage), so

- a line's amount is its quantity times its unit cost, rounded to the cent;
- an order's net is the sum of its lines' amounts, and its total the net plus its tax, a
  tax of at most a third of the net."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"
SCHEMA = """
CREATE TABLE suppliers (supp_id serial PRIMARY KEY, supp_name text NOT NULL);
CREATE TABLE supplier_orders (po_id serial PRIMARY KEY,
  supp_id int NOT NULL REFERENCES suppliers(supp_id), ordered_on date NOT NULL,
  net_amnt numeric(14,2) NOT NULL DEFAULT 0, tax_amt numeric(14,2) NOT NULL DEFAULT 0,
  tot_amt numeric(14,2) NOT NULL DEFAULT 0);
CREATE TABLE supplier_order_lines (po_id int NOT NULL REFERENCES supplier_orders(po_id),
  ln smallint NOT NULL, item text NOT NULL, qnty numeric(9,2) NOT NULL CHECK (qnty > 0),
  unit_cost numeric(10,2) NOT NULL, amt numeric(14,2) NOT NULL, PRIMARY KEY (po_id, ln));
"""


@pytest.fixture(scope="module", params=[1, 2])
def loaded(request, pg_cluster):
    settings = {"generate": {"rows": 600, "now": NOW.replace(" ", "T")}}
    with loaded_database(pg_cluster, SCHEMA, settings, seed=request.param) as conninfo:
        yield conninfo


def test_a_line_amount_is_quantity_times_unit_cost(loaded: str) -> None:
    applies, holds = share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE amt = round(qnty * unit_cost, 2))"
        " FROM supplier_order_lines",
    )
    assert applies > 0 and holds >= 0.98, holds


def test_an_order_adds_up_over_its_lines(loaded: str) -> None:
    applies, holds = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE o.net_amnt = l.s
                 AND o.tot_amt = o.net_amnt + o.tax_amt
                 AND o.tax_amt BETWEEN 0 AND o.net_amnt / 3)
           FROM supplier_orders o
           JOIN (SELECT po_id, sum(amt) AS s FROM supplier_order_lines GROUP BY 1) l
             ON l.po_id = o.po_id""",
        now=NOW,
    )
    assert applies > 0 and holds >= 0.98, holds
    # the tax is charged on most orders, not left at its DEFAULT 0
    _, taxed = share(
        loaded, "SELECT count(*), count(*) FILTER (WHERE tax_amt > 0) FROM supplier_orders"
    )
    assert taxed >= 0.5, taxed
