"""A bill sums the lines of what it bills, taxed where the sale took place, on a schema of our
own (a tool hire business: customers and depots in countries with their VAT rates, hires, the
fees of a hire, and the bills of a hire), checked in SQL on what a real PostgreSQL holds:

- a bill's net has no lines of its own: it sums the fees of the hire it bills, which both
  reference (kinds/totals: a sibling sum, by the SQL post-pass), and every hire has fees
  (plan/tables.py: a document's lines, one to a few per hire);
- its VAT is the net at the rate of the country of the depot the hire started from
  (kinds/tax_rates.py: through a site the business runs, not the customer's country, which
  is as many keys away), and gross = net + VAT.
Before, the net was drawn (no lines of its own), and the VAT a rate drawn per row."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE countries (code char(2) PRIMARY KEY, name text NOT NULL,
  vat_rate numeric(5,2) NOT NULL CHECK (vat_rate >= 0 AND vat_rate < 40));
CREATE TABLE customers (id serial PRIMARY KEY, full_name text NOT NULL,
  country_code char(2) NOT NULL REFERENCES countries(code));
CREATE TABLE depots (id serial PRIMARY KEY, name text NOT NULL, city text NOT NULL,
  country_code char(2) NOT NULL REFERENCES countries(code));
CREATE TABLE hires (id bigserial PRIMARY KEY, customer_id int NOT NULL REFERENCES customers(id),
  depot_id int NOT NULL REFERENCES depots(id), return_depot_id int REFERENCES depots(id),
  started_at timestamptz NOT NULL, ended_at timestamptz);
CREATE TABLE hire_fees (id bigserial PRIMARY KEY,
  hire_id bigint NOT NULL REFERENCES hires(id) ON DELETE CASCADE, fee_no smallint NOT NULL,
  quantity numeric(8,2) NOT NULL CHECK (quantity > 0), unit_price numeric(10,2) NOT NULL,
  amount numeric(12,2) NOT NULL, UNIQUE (hire_id, fee_no));
CREATE TABLE hire_bills (id bigserial PRIMARY KEY, hire_id bigint NOT NULL REFERENCES hires(id),
  bill_no text NOT NULL UNIQUE, issued_at timestamptz NOT NULL,
  net_amount numeric(12,2) NOT NULL, vat_amount numeric(12,2) NOT NULL,
  gross_amount numeric(12,2) NOT NULL);
"""

SETTINGS = {"generate": {"rows": 500}}


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_bill_sums_its_hires_fees(loaded: str) -> None:
    applies, holds = share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE f.n > 0 AND b.net_amount = f.s)"
        " FROM hire_bills b LEFT JOIN (SELECT hire_id, count(*) AS n, sum(amount) AS s"
        " FROM hire_fees GROUP BY 1) f ON f.hire_id = b.hire_id",
    )
    assert applies == 500 and holds == 1.0, holds


def test_vat_at_the_rate_of_the_depots_country(loaded: str) -> None:
    applies, holds = share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE"
        " abs(b.vat_amount - round(b.net_amount * c.vat_rate / 100, 2)) <= 0.01"
        " AND b.gross_amount = b.net_amount + b.vat_amount)"
        " FROM hire_bills b JOIN hires h ON h.id = b.hire_id JOIN depots d ON d.id = h.depot_id"
        " JOIN countries c ON c.code = d.country_code",
    )
    assert applies == 500 and holds == 1.0, holds
