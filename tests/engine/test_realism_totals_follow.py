"""What a row computes from a total follows the total where a later rule moves it, on a
schema of our own (a shipyard's refits and their progress claims), at three seeds, on a pinned
clock: a claim's gross earned to date only grows along its claim numbers (rules/so_far.py, a
final rule), and its withholding at the refit's
rate and its net payable, computed from that gross in the row phase (rules/rated_amount.py,
rules/net_of_gross.py: `derives`), are computed again from the gross as so_far leaves it
(rules/registry.apply_phase): net payable = gross earned to date - withholding - prior paid."""

from __future__ import annotations

import psycopg
import pytest

from tests.engine.loading import loaded_database

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE refits (
  id int PRIMARY KEY,
  vessel_name text NOT NULL,
  contract_value numeric(12,2) NOT NULL CHECK (contract_value > 0),
  withholding_pct numeric(4,2) NOT NULL CHECK (withholding_pct BETWEEN 0 AND 10),
  started_on date NOT NULL);
CREATE TABLE refit_claims (
  id int PRIMARY KEY,
  refit_id int NOT NULL REFERENCES refits(id),
  claim_no int NOT NULL,
  submitted_on date NOT NULL,
  gross_earned_to_date numeric(12,2) NOT NULL,
  withholding_amount numeric(12,2) NOT NULL,
  prior_paid numeric(12,2) NOT NULL,
  net_payable numeric(12,2) NOT NULL,
  UNIQUE (refit_id, claim_no));
"""
SETTINGS = {"generate": {"rows": 1000, "now": NOW.replace(" ", "T")}}

FOLLOWS = """
WITH c AS (SELECT c.*, r.withholding_pct,
                  lag(gross_earned_to_date) OVER w AS before
           FROM refit_claims c JOIN refits r ON r.id = c.refit_id
           WINDOW w AS (PARTITION BY refit_id ORDER BY claim_no))
SELECT avg((net_payable = gross_earned_to_date - withholding_amount - prior_paid)::int),
       avg((abs(withholding_amount - round(gross_earned_to_date * withholding_pct / 100, 2))
            <= 0.01)::int),
       avg((before IS NULL OR gross_earned_to_date >= before)::int)
FROM c
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_net_and_a_rated_amount_follow_the_total_to_date(loaded: str) -> None:
    with psycopg.connect(loaded) as conn:
        row = conn.execute(FOLLOWS).fetchone()
    assert row is not None
    net, withheld, grows = row
    assert grows == 1
    assert withheld >= 0.99
    assert net >= 0.99
