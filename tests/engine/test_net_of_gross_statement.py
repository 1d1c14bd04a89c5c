"""A settlement statement of lines: each line's amount is its measured quantity times its unit
price (tonnes × unit_price), the statement's `total_<quantity>` the sum of its lines' quantity,
its gross amount the sum of their amounts, and its net the gross less its deductions (no tax:
the net is what remains, not what the gross adds to). On a schema of our own (a grain
co-operative's settlements for its growers' deliveries), at three seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE grower (grower_id int PRIMARY KEY, farm_name text NOT NULL,
  joined_on date NOT NULL);
CREATE TABLE settlement (
  settlement_id int PRIMARY KEY,
  grower_id int NOT NULL REFERENCES grower(grower_id),
  settled_on date NOT NULL,
  total_tonnes numeric(10,3) NOT NULL,
  gross_amount numeric(12,2) NOT NULL,
  deductions numeric(12,2) NOT NULL DEFAULT 0,
  net_amount numeric(12,2) NOT NULL);
CREATE TABLE settlement_lines (
  settlement_line_id int PRIMARY KEY,
  settlement_id int NOT NULL REFERENCES settlement(settlement_id),
  tonnes numeric(10,3) NOT NULL,
  unit_price numeric(8,2) NOT NULL,
  amount numeric(12,2) NOT NULL);
"""
SETTINGS = {"generate": {"rows": 600, "now": NOW.replace(" ", "T")}}

AGREES = """
WITH l AS (SELECT settlement_id AS k, sum(tonnes) AS tonnes, sum(amount) AS amount,
  bool_and(amount = round(tonnes * unit_price, 2)) AS lines_ok FROM settlement_lines GROUP BY 1)
SELECT count(*)::int, count(*) FILTER (WHERE l.lines_ok AND s.total_tonnes = l.tonnes
  AND s.gross_amount = l.amount AND s.net_amount = s.gross_amount - s.deductions)::int
FROM settlement s JOIN l ON l.k = s.settlement_id
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_statement_sums_its_lines_and_nets_its_deductions(loaded: str) -> None:
    applies, holds = share(loaded, AGREES)
    assert applies > 100
    assert holds >= 0.98
