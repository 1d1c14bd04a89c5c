"""A payment taken back by the payer's bank is rare, on a schema of our own (a marketplace's
card payments: pending, captured, declined, refunded, charged_back): a chargeback is an ending
after the payment went through (vocab/outcomes.TAKEN_BACK), rarer than a refund, not a label
of no known meaning drawn as one still on its way (5 % of the payments before)."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TYPE card_payment_status AS ENUM
  ('pending', 'captured', 'declined', 'refunded', 'charged_back');
CREATE TABLE sellers (id serial PRIMARY KEY, shop_name text NOT NULL, email text NOT NULL);
CREATE TABLE card_payments (id bigserial PRIMARY KEY,
  seller_id int NOT NULL REFERENCES sellers(id),
  amount numeric(10,2) NOT NULL CHECK (amount > 0), created_at timestamptz NOT NULL,
  status card_payment_status NOT NULL DEFAULT 'pending');
"""

SETTINGS = {"generate": {"rows": 1000}}

TAKEN_BACK = """
SELECT count(*), count(*) FILTER (WHERE status <> 'charged_back') FROM card_payments
"""
CAPTURED = "SELECT count(*), count(*) FILTER (WHERE status = 'captured') FROM card_payments"


@pytest.fixture(scope="module", params=[1, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_chargebacks_are_rare(loaded: str) -> None:
    applies, holds = share(loaded, TAKEN_BACK)
    assert applies == 1000 and holds >= 0.985, holds
    _, captured = share(loaded, CAPTURED)
    assert captured >= 0.8, captured
