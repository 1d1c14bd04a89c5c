"""Settlement through a shared parent, on a schema of our own (a bar's tabs with their items
and payments; the tab states no total), checked in SQL on what a real PostgreSQL holds
(rules/settlement.py, load/settle_load.py):

- a settled tab's payments add up exactly to its items' line totals, split over the tab's
  payments to the cent;
- an open tab's payments stay at or below its items' totals (paid in part)."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE bars (id serial PRIMARY KEY, bar_name text NOT NULL, city text NOT NULL);
CREATE TABLE tabs (id serial PRIMARY KEY, bar_id int NOT NULL REFERENCES bars,
  table_no smallint, opened_at timestamptz NOT NULL, closed_at timestamptz,
  status text NOT NULL CHECK (status IN ('open', 'settled', 'voided')));
CREATE TABLE tab_items (id serial PRIMARY KEY, tab_id int NOT NULL REFERENCES tabs,
  item_name text NOT NULL, qty int NOT NULL DEFAULT 1, unit_price numeric(8,2) NOT NULL,
  line_total numeric(10,2) NOT NULL, ordered_at timestamptz NOT NULL);
CREATE TABLE tab_payments (id serial PRIMARY KEY, tab_id int NOT NULL REFERENCES tabs,
  paid_at timestamptz NOT NULL, tender text NOT NULL CHECK (tender IN ('cash', 'card')),
  amount numeric(10,2) NOT NULL CHECK (amount > 0));
"""

ROWS = 800

_SUMS = """
WITH i AS (SELECT tab_id, sum(line_total) AS charged FROM tab_items GROUP BY 1),
     p AS (SELECT tab_id, sum(amount) AS paid, count(*) AS n FROM tab_payments GROUP BY 1)
SELECT count(*), count(*) FILTER (WHERE {holds})
FROM tabs t JOIN i ON i.tab_id = t.id JOIN p ON p.tab_id = t.id
WHERE t.status = '{status}'
"""


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    settings = {"generate": {"rows": ROWS}, "tables": {"bars": {"rows": 8}, "tabs": {"rows": 500}}}
    with loaded_database(pg_cluster, SCHEMA, settings, seed=11) as conninfo:
        yield conninfo


def test_a_settled_tab_is_paid_exactly(loaded: str) -> None:
    applies, holds = share(loaded, _SUMS.format(holds="paid = charged", status="settled"))
    assert applies > 50 and holds == 1.0, (applies, holds)
    _, split = share(loaded, _SUMS.format(holds="n > 1", status="settled"))
    assert split > 0.1  # some tabs are paid in parts, and those add up too


def test_an_open_tab_is_paid_in_part(loaded: str) -> None:
    applies, holds = share(loaded, _SUMS.format(holds="paid <= charged", status="open"))
    assert applies > 0 and holds == 1.0, (applies, holds)


def test_a_settled_tab_has_both_items_and_payments(loaded: str) -> None:
    """The two fan-outs are drawn apart: payments of a settled tab without items move to a
    settled tab with items and no payment (else one with payments), their times within its
    life: no settled tab is paid for nothing."""
    _, both = share(
        loaded,
        """
        WITH i AS (SELECT DISTINCT tab_id FROM tab_items),
             p AS (SELECT DISTINCT tab_id FROM tab_payments),
             s AS (SELECT t.id, i.tab_id IS NOT NULL AS items, p.tab_id IS NOT NULL AS paid
                   FROM tabs t LEFT JOIN i ON i.tab_id = t.id LEFT JOIN p ON p.tab_id = t.id
                   WHERE t.status = 'settled')
        SELECT 1, (NOT bool_or(paid AND NOT items))::int FROM s
        """,
    )
    assert both == 1.0
    applies, within = share(
        loaded,
        """
        SELECT count(*), count(*) FILTER (WHERE p.paid_at >= t.opened_at
                                           AND p.paid_at <= coalesce(t.closed_at, 'infinity'))
        FROM tab_payments p JOIN tabs t ON t.id = p.tab_id
        WHERE t.status = 'settled'
        """,
    )
    assert applies > 50 and within >= 0.98, (applies, within)
