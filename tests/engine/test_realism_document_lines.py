"""A document has lines, on a schema of our own (a print shop: customers, quotes and the
items a quote prices), checked in SQL on what a real PostgreSQL holds: the table whose rows a
parent's total sums (kinds/totals.summed_lines) is planned per parent row, one to a few lines
each (plan/tables.py), not `rows` spread Zipf-like over the parents, which left about half the
quotes without an item and a subtotal of nothing."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE customers (id serial PRIMARY KEY, full_name text NOT NULL, email text NOT NULL);
CREATE TABLE quotes (id bigserial PRIMARY KEY, customer_id int NOT NULL REFERENCES customers(id),
  quoted_on date NOT NULL, subtotal numeric(12,2) NOT NULL DEFAULT 0,
  tax numeric(12,2) NOT NULL DEFAULT 0, total numeric(12,2) NOT NULL DEFAULT 0);
CREATE TABLE quote_items (id bigserial PRIMARY KEY,
  quote_id bigint NOT NULL REFERENCES quotes(id) ON DELETE CASCADE,
  item_no smallint NOT NULL, description text NOT NULL,
  quantity int NOT NULL CHECK (quantity > 0), unit_price numeric(10,2) NOT NULL,
  line_total numeric(12,2) NOT NULL, UNIQUE (quote_id, item_no));
"""

SETTINGS = {"generate": {"rows": 600}}


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_every_quote_has_items_that_add_up(loaded: str) -> None:
    applies, holds = share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE l.n > 0 AND q.subtotal = l.s AND l.top = l.n)"
        " FROM quotes q LEFT JOIN (SELECT quote_id, count(*) AS n, sum(line_total) AS s,"
        " max(item_no) AS top FROM quote_items GROUP BY 1) l ON l.quote_id = q.id",
    )
    assert applies == 600 and holds == 1.0, holds


def test_a_few_items_each(loaded: str) -> None:
    quotes, per_quote = share(
        loaded, "SELECT (SELECT count(*) FROM quotes), (SELECT count(*) FROM quote_items)"
    )
    # per_quote is items / quotes here: a few on average, most quotes short
    assert quotes == 600 and 1.8 <= per_quote <= 4.0, per_quote
