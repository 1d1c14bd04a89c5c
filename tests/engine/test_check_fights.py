"""CHECKs that fight what the generators draw: a time bounded by another time plus an interval,
a price bounded by a multiple of a cost, and two composite foreign keys that must name
different owners. Each loads into a real PostgreSQL (which judges every CHECK again) with its
rows spread, not piled on a bound."""

from __future__ import annotations

import psycopg

from tests.conftest import REPO
from workbench.config.file import parse_config
from workbench.generate import build_plan, load_data
from workbench.schema.apply import apply_statements
from workbench.schema.parse import parse_schema_text

SCHEMA = """
CREATE TABLE users (id bigserial PRIMARY KEY, email text NOT NULL,
  created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL,
  CHECK (updated_at < created_at + interval '1 day'));
CREATE TABLE items (id serial PRIMARY KEY, cost numeric(10,2) NOT NULL CHECK (cost > 0),
  price numeric(10,2) NOT NULL, listed_on date NOT NULL, delisted_on date,
  CHECK (price <= cost * 3), CHECK (delisted_on >= listed_on + 7));
CREATE TABLE customers (customer_no int PRIMARY KEY, name text NOT NULL);
CREATE TABLE accounts (customer_no int NOT NULL REFERENCES customers, account_seq int NOT NULL,
  balance numeric(12,2) NOT NULL, PRIMARY KEY (customer_no, account_seq));
CREATE TABLE transfers (id bigserial PRIMARY KEY,
  from_customer int NOT NULL, from_seq int NOT NULL,
  to_customer int NOT NULL, to_seq int NOT NULL, amount numeric(12,2) NOT NULL,
  FOREIGN KEY (from_customer, from_seq) REFERENCES accounts,
  FOREIGN KEY (to_customer, to_seq) REFERENCES accounts,
  CHECK (from_customer <> to_customer));
"""


def _one(conninfo: str, query: str) -> tuple:
    with psycopg.connect(conninfo) as conn:
        row = conn.execute(query).fetchone()
    assert row is not None
    return row


def test_checks_against_other_columns_load_with_spread_values(pg_cluster) -> None:
    parsed = parse_schema_text(SCHEMA, "schema.sql")
    name = pg_cluster.create_database()
    conninfo = pg_cluster.conninfo(name)
    config = parse_config({"generate": {"rows": 1000}}, REPO / "sandbox.toml")
    with psycopg.connect(conninfo, autocommit=True) as conn:
        apply_statements(conn, parsed, "pre")
        plan = build_plan(parsed.schema, config, seed=3)
        load_data(conn, parsed.schema, plan, config, seed=3)
        apply_statements(conn, parsed, "post")
    # every row is there, and the server (which enforced each CHECK on COPY) agreed
    for table in ("users", "items", "transfers"):
        assert _one(conninfo, f"SELECT count(*) FROM {table}") == (1000,)
    # the moved values are spread below their bound, not all equal to it
    spread = _one(
        conninfo,
        "SELECT count(DISTINCT date_trunc('minute', created_at + interval '1 day' - updated_at)) "
        "FROM users",
    )
    assert spread[0] > 100
    assert _one(conninfo, "SELECT count(DISTINCT price / cost) FROM items")[0] > 100
    # moved between the other column and the bound: an update after creation
    assert _one(conninfo, "SELECT count(*) FROM users WHERE updated_at < created_at") == (0,)
    assert _one(conninfo, "SELECT count(*) FROM transfers WHERE from_customer = to_customer") == (
        0,
    )
    pg_cluster.drop_database(name)
