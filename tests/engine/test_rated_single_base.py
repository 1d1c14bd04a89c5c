"""An amount at a rate of its own name is taken of the row's one other amount when no net,
gross or line total names its base, on a schema of our own (an estate agency): a sale's
`commission_amount` is its `sale_price` × its `commission_pct` / 100. Before, the base was
found only by a net or gross word or a line total's name, and the commission was drawn on its
own, any amount beside any price."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE agents (id serial PRIMARY KEY, full_name text NOT NULL);
CREATE TABLE property_sales (id bigserial PRIMARY KEY,
  agent_id int NOT NULL REFERENCES agents(id),
  completed_on date NOT NULL,
  sale_price numeric(12,2) NOT NULL CHECK (sale_price > 0),
  commission_pct numeric(5,2) NOT NULL CHECK (commission_pct BETWEEN 0 AND 10),
  commission_amount numeric(12,2) NOT NULL CHECK (commission_amount >= 0));
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(pg_cluster, request):
    with loaded_database(pg_cluster, SCHEMA, {"generate": {"rows": 500}}, seed=request.param) as c:
        yield c


def test_the_commission_is_the_price_at_its_rate(loaded: str) -> None:
    applies, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE abs(commission_amount
                - round(sale_price * commission_pct / 100, 2)) <= 0.01) FROM property_sales""",
    )
    assert applies > 100 and held >= 0.98, (applies, held)
