"""Keys that meet along two paths where the row has no key to where they meet: a refund's
line names its refund (→ customer) and the order it refunds (→ buyer, a customer too),
so the order is one of the refund's customer's orders, though no column of the line, and
no pair of key names, says so; a warranty claim's order and device registration are one
customer's (both keys NOT NULL: the second moves). A transfer between two accounts (one parent
table reached twice) stays free. Checked in SQL on what a
real PostgreSQL holds."""

from __future__ import annotations

import psycopg

from workbench.config.file import parse_config
from workbench.generate import build_plan, load_data
from workbench.generate.rules.path_meet import plan_path_meets
from workbench.schema.apply import apply_statements
from workbench.schema.parse import parse_schema_text

SCHEMA = """
CREATE TABLE customers (id serial PRIMARY KEY, full_name text NOT NULL, email text);
CREATE TABLE orders (id serial PRIMARY KEY, buyer_id int NOT NULL REFERENCES customers(id),
    placed_at timestamp NOT NULL, total numeric(10,2));
CREATE TABLE refunds (id serial PRIMARY KEY,
    customer_id int NOT NULL REFERENCES customers(id), issued_at timestamp NOT NULL);
CREATE TABLE refund_lines (id serial PRIMARY KEY,
    refund_id int NOT NULL REFERENCES refunds(id) ON DELETE CASCADE,
    order_id int REFERENCES orders(id), amount numeric(10,2) NOT NULL);
CREATE TABLE device_registrations (id serial PRIMARY KEY,
    customer_id int NOT NULL REFERENCES customers(id), serial_no text NOT NULL);
CREATE TABLE warranty_claims (id serial PRIMARY KEY,
    order_id int NOT NULL REFERENCES orders(id),
    device_registration_id int NOT NULL REFERENCES device_registrations(id),
    opened_at timestamp NOT NULL);
CREATE TABLE accounts (id serial PRIMARY KEY, customer_id int NOT NULL REFERENCES customers(id),
    iban text);
CREATE TABLE transfers (id serial PRIMARY KEY,
    from_account_id int NOT NULL REFERENCES accounts(id),
    to_account_id int NOT NULL REFERENCES accounts(id), amount numeric(10,2));
"""

ROWS = {"customers": 200, "device_registrations": 400}


def _count(conn: psycopg.Connection, query: str) -> int:
    row = conn.execute(query).fetchone()
    assert row is not None
    return int(row[0])


def test_the_plan_finds_two_paths_to_one_party_and_nothing_else() -> None:
    schema = parse_schema_text(SCHEMA, "schema.sql").schema
    lines = plan_path_meets(schema, schema.tables["public.refund_lines"])
    assert [(m[0], m[3], m[6]) for m in lines] == [("refund_id", "order_id", "public.customers")]
    claims = plan_path_meets(schema, schema.tables["public.warranty_claims"])
    assert [(m[0], m[3]) for m in claims] == [("order_id", "device_registration_id")]
    # one parent table reached twice is two accounts, not two paths
    assert plan_path_meets(schema, schema.tables["public.transfers"]) == []


def test_keys_meet_along_two_paths_without_a_key_of_the_row_to_the_party(
    pg_cluster, tmp_path
) -> None:
    parsed = parse_schema_text(SCHEMA, "schema.sql")
    tables = {name: {"rows": n} for name, n in ROWS.items()}
    config = parse_config({"generate": {"rows": 800}, "tables": tables}, tmp_path / "sandbox.toml")
    name = pg_cluster.create_database()
    with psycopg.connect(pg_cluster.conninfo(name), autocommit=True) as conn:
        apply_statements(conn, parsed, "pre")
        plan = build_plan(parsed.schema, config, seed=7)
        load_data(conn, parsed.schema, plan, config, seed=7)
        apply_statements(conn, parsed, "post")
        assert _count(conn, "SELECT count(*) FROM refund_lines WHERE order_id IS NOT NULL") > 300
        assert not _count(
            conn,
            "SELECT count(*) FROM refund_lines l JOIN refunds c ON c.id = l.refund_id "
            "JOIN orders o ON o.id = l.order_id WHERE o.buyer_id <> c.customer_id",
        )
        # both keys NOT NULL: every claim's order and device are one customer's
        assert not _count(
            conn,
            "SELECT count(*) FROM warranty_claims w JOIN orders o ON o.id = w.order_id "
            "JOIN device_registrations d ON d.id = w.device_registration_id "
            "WHERE o.buyer_id <> d.customer_id",
        )
        # transfers stay free: most go to another customer's account
        assert _count(
            conn,
            "SELECT count(*) FROM transfers t JOIN accounts a ON a.id = t.from_account_id "
            "JOIN accounts b ON b.id = t.to_account_id WHERE a.customer_id <> b.customer_id",
        ) > 0.5 * _count(conn, "SELECT count(*) FROM transfers")
    pg_cluster.drop_database(name)
