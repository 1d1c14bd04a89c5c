"""Arithmetic the names state across a bill and its items, and hours of work within the
row's own span, on a schema of our own (a boatyard: boats, riggers with their names, repairs
a rigger worked on between taking a boat in and handing it back, and bills with their items):

- an item's `extended_amount` is `units` × `price_each` less its `rebate_percent` (a share
  named by a take word and a percent word, rules/lineage.py with kinds/arithmetic.line_discount),
  not the product alone;
- the bill's `net_total` sums its items, `tax_amount` is `net_total` at the bill's `tax_pct`
  and `total_due` their sum: a numeric(4,2) named `_pct` holds per cents, so 0.50 is half a
  per cent, not a rate of 50 % (kinds/arithmetic.read_as_percent);
- a done repair's `labour_hours` (numeric, not an integer) is the time the one rigger
  worked on it: more than none, no more than the repair's own span, and a repair's hours
  (at most 12), however long the boat stayed in the yard (rules/elapsed.py).

Checked in SQL on what a real PostgreSQL holds, at three seeds."""

from __future__ import annotations

from typing import Any

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TYPE repair_state AS ENUM ('booked', 'in_progress', 'done', 'cancelled');
CREATE TABLE riggers (id serial PRIMARY KEY, first_name text NOT NULL, last_name text NOT NULL,
  born_on date NOT NULL);
CREATE TABLE boats (id serial PRIMARY KEY, boat_name text NOT NULL, length_m numeric(5,2));
CREATE TABLE repairs (id bigserial PRIMARY KEY,
  boat_id int NOT NULL REFERENCES boats(id),
  rigger_id int REFERENCES riggers(id),
  state repair_state NOT NULL,
  started_at timestamptz NOT NULL, completed_at timestamptz,
  labour_hours numeric(6,2),
  CHECK (completed_at IS NULL OR completed_at >= started_at),
  CHECK (labour_hours IS NULL OR labour_hours >= 0));
CREATE TABLE bills (id bigserial PRIMARY KEY,
  boat_id int NOT NULL REFERENCES boats(id),
  issued_on date NOT NULL,
  net_total numeric(12,2) NOT NULL,
  tax_pct numeric(4,2) NOT NULL CHECK (tax_pct >= 0 AND tax_pct < 30),
  tax_amount numeric(12,2) NOT NULL,
  total_due numeric(12,2) NOT NULL);
CREATE TABLE bill_items (bill_id bigint NOT NULL REFERENCES bills(id) ON DELETE CASCADE,
  item_no smallint NOT NULL CHECK (item_no > 0),
  units numeric(8,2) NOT NULL,
  price_each numeric(10,2) NOT NULL,
  rebate_percent numeric(5,2) NOT NULL DEFAULT 0
    CHECK (rebate_percent >= 0 AND rebate_percent <= 100),
  extended_amount numeric(12,2) NOT NULL,
  PRIMARY KEY (bill_id, item_no));
"""

ITEMS = """
SELECT count(*), count(*) FILTER (WHERE
         abs(extended_amount - round(units * price_each * (1 - rebate_percent / 100), 2)) <= 0.01)
FROM bill_items
"""
BILLS = """
WITH i AS (SELECT bill_id, sum(extended_amount) AS s FROM bill_items GROUP BY bill_id)
SELECT count(*), count(*) FILTER (WHERE abs(b.net_total - i.s) <= 0.01
         AND abs(b.tax_amount - round(b.net_total * b.tax_pct / 100, 2)) <= 0.01
         AND b.total_due = b.net_total + b.tax_amount)
FROM bills b JOIN i ON i.bill_id = b.id
"""
LABOUR = """
SELECT count(*), count(*) FILTER (WHERE labour_hours > 0 AND labour_hours <= 12
         AND labour_hours <= extract(epoch FROM completed_at - started_at) / 3600 + 0.01)
FROM repairs WHERE state = 'done'
"""

NOW = "2026-03-10 09:00:00+00"
SETTINGS = {
    "generate": {"rows": 800, "now": NOW.replace(" ", "T")},
    "tables": {"public.riggers": {"rows": 30}, "public.boats": {"rows": 200}},
}


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request: Any, pg_cluster: Any) -> Any:
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_an_items_amount_is_its_units_at_its_price_less_its_rebate(loaded: str) -> None:
    applies, holds = share(loaded, ITEMS, now=NOW)
    assert applies >= 500
    assert holds >= 0.98


def test_a_bills_tax_and_total_follow_its_net_at_its_per_cent(loaded: str) -> None:
    applies, holds = share(loaded, BILLS, now=NOW)
    assert applies >= 200
    assert holds >= 0.98


def test_a_finished_repairs_labour_is_hours_within_its_span(loaded: str) -> None:
    applies, holds = share(loaded, LABOUR, now=NOW)
    assert applies >= 100
    assert holds >= 0.98
