"""A complaint about an outcome is rare and comes after it (rules/mishap.py, kinds/mishap.py),
and work going on is under way (vocab/doing.py), on a schema of our own (a furniture shop's
orders, their lines, and the complaints customers file about a line): a complaint names the
order and the line, so the line (the part of the order) is what it befalls; it names only
lines of delivered orders, a few of them (not one complaint per line), each filed after the
delivery and within 90 days of it, and its order is the line's. An order `assembling` after
it was `placed` is being worked on: it has started, not been delivered."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10T09:00:00+00:00"
SCHEMA = """
CREATE TABLE customers (id serial PRIMARY KEY, full_name text NOT NULL);
CREATE TABLE shop_orders (id serial PRIMARY KEY, customer_id int NOT NULL REFERENCES customers,
  created_at timestamptz NOT NULL, due_date date NOT NULL,
  status text NOT NULL CHECK (status IN ('placed', 'assembling', 'out_for_delivery',
    'delivered', 'cancelled')),
  started_at timestamptz, delivered_at timestamptz, cancelled_at timestamptz);
CREATE TABLE order_lines (id serial PRIMARY KEY, shop_order_id int NOT NULL REFERENCES shop_orders,
  product_name text NOT NULL, quantity int NOT NULL CHECK (quantity > 0),
  unit_price numeric(10,2) NOT NULL CHECK (unit_price >= 0));
CREATE TABLE line_complaints (id serial PRIMARY KEY,
  shop_order_id int NOT NULL REFERENCES shop_orders,
  order_line_id int NOT NULL REFERENCES order_lines,
  filed_at timestamptz NOT NULL, details text NOT NULL,
  status text NOT NULL CHECK (status IN ('open', 'investigating', 'upheld', 'dismissed')),
  closed_at timestamptz);
"""

RARE = """
WITH l AS (
  SELECT l.id, o.delivered_at,
         (SELECT min(c.filed_at) FROM line_complaints c WHERE c.order_line_id = l.id) AS first_at,
         (SELECT max(c.filed_at) FROM line_complaints c WHERE c.order_line_id = l.id) AS last_at
  FROM order_lines l JOIN shop_orders o ON o.id = l.shop_order_id
  WHERE o.status = 'delivered'),
s AS (SELECT *, avg((first_at IS NOT NULL)::int) OVER () AS claimed FROM l)
SELECT count(*), count(*) FILTER (WHERE claimed <= 0.03 AND (first_at IS NULL
  OR (first_at >= delivered_at AND last_at <= delivered_at + interval '90 days')))
FROM s
"""

ON_DELIVERED = """
SELECT count(*), count(*) FILTER (WHERE o.status = 'delivered' AND c.shop_order_id = l.shop_order_id
  AND c.filed_at <= :now)
FROM line_complaints c JOIN order_lines l ON l.id = c.order_line_id
JOIN shop_orders o ON o.id = l.shop_order_id
"""

ASSEMBLING = """
SELECT count(*), count(*) FILTER (WHERE started_at <= :now AND delivered_at IS NULL)
FROM shop_orders WHERE status = 'assembling'
"""


@pytest.mark.parametrize("seed", [1, 2, 7])
def test_complaints_are_few_and_after_delivery(pg_cluster, seed: int) -> None:
    settings = {"generate": {"rows": 1000, "now": NOW}}
    with loaded_database(pg_cluster, SCHEMA, settings, seed=seed) as conninfo:
        lines, rare = share(conninfo, RARE, NOW)
        complaints, delivered = share(conninfo, ON_DELIVERED, NOW)
        orders, started = share(conninfo, ASSEMBLING, NOW)
        # on e3bf686: one complaint per planned row (1000), on any order, filed after its plan
        assert lines and rare >= 0.98, rare
        assert 5 <= complaints <= 40 and delivered >= 0.98, (complaints, delivered)
        # on e3bf686: `assembling` read as a label before any stage, never started
        assert orders and started >= 0.98, (orders, started)
