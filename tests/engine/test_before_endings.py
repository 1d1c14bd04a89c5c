"""Nothing of a row's children happens after the row's life ended: no order placed after its
customer was deleted, no transaction after its account was closed. Checked in SQL on the
shipped example and on a schema of our own, on a real PostgreSQL."""

from __future__ import annotations

import psycopg

from tests.conftest import REPO
from workbench.config.file import load_config, parse_config
from workbench.generate import build_plan, load_data
from workbench.schema.apply import apply_statements
from workbench.schema.parse import parse_schema_text

BANK = """
CREATE TABLE accounts (id serial PRIMARY KEY, opened_at timestamptz NOT NULL,
  closed_at timestamptz);
CREATE TABLE transactions (id bigserial PRIMARY KEY,
  account_id integer NOT NULL REFERENCES accounts, amount numeric(10,2) NOT NULL,
  created_at timestamptz NOT NULL);
"""


def _load(conninfo: str, schema_sql: str, config) -> None:
    parsed = parse_schema_text(schema_sql, "schema.sql")
    with psycopg.connect(conninfo, autocommit=True) as conn:
        apply_statements(conn, parsed, "pre")
        load_data(conn, parsed.schema, build_plan(parsed.schema, config), config, seed=9)
        apply_statements(conn, parsed, "post")


def _count(conninfo: str, query: str) -> int:
    with psycopg.connect(conninfo) as conn:
        row = conn.execute(query).fetchone()
    assert row is not None
    return int(row[0])


def test_no_order_after_its_customer_was_deleted(pg_cluster) -> None:
    name = pg_cluster.create_database()
    conninfo = pg_cluster.conninfo(name)
    _load(conninfo, (REPO / "schema.sql").read_text(), load_config(REPO / "sandbox.toml"))
    join = "FROM orders o JOIN customers c ON c.id = o.customer_id"
    assert _count(conninfo, f"SELECT count(*) {join} WHERE c.deleted_at IS NOT NULL") > 50
    assert _count(conninfo, f"SELECT count(*) {join} WHERE o.placed_at > c.deleted_at") == 0
    assert _count(conninfo, f"SELECT count(*) {join} WHERE o.placed_at < c.created_at") == 0
    pg_cluster.drop_database(name)


def test_no_transaction_after_its_account_closed(pg_cluster) -> None:
    name = pg_cluster.create_database()
    conninfo = pg_cluster.conninfo(name)
    config = parse_config(
        {"generate": {"rows": 500}, "tables": {"transactions": {"rows": 5000}}},
        REPO / "sandbox.toml",
    )
    _load(conninfo, BANK, config)
    join = "FROM transactions t JOIN accounts a ON a.id = t.account_id"
    assert _count(conninfo, f"SELECT count(*) {join} WHERE a.closed_at IS NOT NULL") > 100
    assert _count(conninfo, f"SELECT count(*) {join} WHERE t.created_at > a.closed_at") == 0
    assert _count(conninfo, f"SELECT count(*) {join} WHERE t.created_at < a.opened_at") == 0
    pg_cluster.drop_database(name)
