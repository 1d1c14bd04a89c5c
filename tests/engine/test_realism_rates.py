"""An exchange rate quotes the market, on a schema of our own (a remittance service's daily
fixings between a sold and a bought currency), checked in SQL on what a real PostgreSQL holds:
a fixing is units of the bought currency per one of the sold at the market level (within a
few percent of generators/currencies.py's), so a pair's fixings stay close to each other."""

from __future__ import annotations

import psycopg
import pytest

from tests.conftest import REPO
from tests.engine.loading import load_schema
from workbench.config.file import parse_config
from workbench.generate.generators.currencies import PER_USD
from workbench.schema.parse import parse_schema_text

SCHEMA = """
CREATE TABLE fixings (id serial PRIMARY KEY, from_ccy char(3) NOT NULL, to_ccy char(3) NOT NULL,
  fixed_on date NOT NULL, exchange_rate numeric(16,6) NOT NULL CHECK (exchange_rate > 0),
  CHECK (from_ccy <> to_ccy));
"""


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    name = pg_cluster.create_database()
    conninfo = pg_cluster.conninfo(name)
    config = parse_config(
        {"generate": {"rows": 500}, "tables": {"fixings": {"columns": {
            "from_ccy": {"values": ["USD", "EUR", "GBP", "JPY"]},
            "to_ccy": {"values": ["CHF", "SEK", "INR", "BRL"]},
        }}}},
        REPO / "sandbox.toml",
    )  # fmt: skip
    load_schema(conninfo, parse_schema_text(SCHEMA, "schema.sql"), config)
    yield conninfo
    pg_cluster.drop_database(name)


def test_a_fixing_quotes_the_market(loaded: str) -> None:
    with psycopg.connect(loaded) as conn:
        rows = conn.execute("SELECT from_ccy, to_ccy, exchange_rate FROM fixings").fetchall()
    assert len(rows) == 500
    for sold, bought, rate in rows:
        market = PER_USD[bought] / PER_USD[sold]
        assert 0.97 <= float(rate) / market <= 1.03, (sold, bought, rate)
