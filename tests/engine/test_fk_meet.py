"""Two keys of a row that meet at one grandparent ("diamond" keys): an order's shipping address
is one of the order's customer's addresses; a pagila payment's rental is the payment's
customer's rental. Checked in SQL on what a real PostgreSQL holds; and what must not meet (a
comment's post is not the comment author's post) is left free."""

from __future__ import annotations

import psycopg
import pytest

from tests.conftest import REPO, shared_schema
from workbench.config.file import load_config, parse_config
from workbench.generate import build_plan, load_data
from workbench.generate.kinds.meets import owned, plan_meets
from workbench.schema.apply import apply_statements
from workbench.schema.parse import parse_schema_file, parse_schema_text


def _load(conninfo: str, parsed, config, seed: int = 42) -> list[str]:
    with psycopg.connect(conninfo, autocommit=True) as conn:
        apply_statements(conn, parsed, "pre")
        plan = build_plan(parsed.schema, config, seed=seed)
        report = load_data(conn, parsed.schema, plan, config, seed=seed)
        apply_statements(conn, parsed, "post")
    return list(report.warnings)


def _count(conninfo: str, query: str) -> int:
    with psycopg.connect(conninfo) as conn:
        row = conn.execute(query).fetchone()
    assert row is not None
    return int(row[0])


def test_example_orders_ship_to_their_customers_addresses(pg_cluster) -> None:
    name = pg_cluster.create_database()
    conninfo = pg_cluster.conninfo(name)
    parsed = parse_schema_text((REPO / "schema.sql").read_text(), "schema.sql")
    _load(conninfo, parsed, load_config(REPO / "sandbox.toml"))
    mismatched = _count(
        conninfo,
        "SELECT count(*) FROM orders o JOIN addresses a ON a.id = o.shipping_address_id "
        "WHERE a.customer_id <> o.customer_id",
    )
    with_address = _count(
        conninfo, "SELECT count(*) FROM orders WHERE shipping_address_id IS NOT NULL"
    )
    assert mismatched == 0
    # the key's name asks for a kind: a shipping address wherever the customer has one
    wrong_kind = _count(
        conninfo,
        "SELECT count(*) FROM orders o JOIN addresses a ON a.id = o.shipping_address_id "
        "WHERE a.kind <> 'shipping' AND EXISTS (SELECT 1 FROM addresses s "
        "WHERE s.customer_id = o.customer_id AND s.kind = 'shipping')",
    )
    assert wrong_kind == 0
    assert with_address > 0.5 * _count(conninfo, "SELECT count(*) FROM orders")
    pg_cluster.drop_database(name)


def test_pagila_payments_are_for_their_customers_rentals(pg_cluster) -> None:
    path = shared_schema("pagila15.sql")
    parsed = parse_schema_file(path)
    name = pg_cluster.create_database()
    conninfo = pg_cluster.conninfo(name)
    config = parse_config({"generate": {"rows": 2000}}, path.parent / "sandbox.toml")
    _load(conninfo, parsed, config)
    assert _count(conninfo, "SELECT count(*) FROM payment") > 0
    assert (
        _count(
            conninfo,
            "SELECT count(*) FROM payment p JOIN rental r ON r.rental_id = p.rental_id "
            "WHERE r.customer_id <> p.customer_id",
        )
        == 0
    )
    pg_cluster.drop_database(name)


SHAPES = """
CREATE TABLE users (id bigserial PRIMARY KEY, name text NOT NULL);
CREATE TABLE posts (id bigserial PRIMARY KEY, user_id bigint NOT NULL REFERENCES users,
                    title text NOT NULL);
CREATE TABLE comments (id bigserial PRIMARY KEY,
                       user_id bigint NOT NULL REFERENCES users,
                       post_id bigint NOT NULL REFERENCES posts, body text NOT NULL);
CREATE TABLE payment_methods (id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
                              owner_id bigint NOT NULL REFERENCES users, brand text NOT NULL);
CREATE TABLE user_addresses (id bigserial PRIMARY KEY,
                             user_id bigint NOT NULL REFERENCES users, city text NOT NULL);
CREATE TABLE purchases (
    id bigserial PRIMARY KEY,
    buyer_id bigint NOT NULL REFERENCES users,
    method_id uuid REFERENCES payment_methods,
    billing_address_id bigint REFERENCES user_addresses,
    delivery_address_id bigint NOT NULL REFERENCES user_addresses
);
"""


def test_the_rule_reads_ownership_not_any_shared_parent() -> None:
    schema = parse_schema_text(SHAPES, "schema.sql").schema
    assert plan_meets(schema, schema.tables["public.comments"]) == []
    meets = {m.hop: m for m in plan_meets(schema, schema.tables["public.purchases"])}
    assert set(meets) == {"method_id", "billing_address_id", "delivery_address_id"}
    # a differently named key to the owner is used when it is the only one
    assert meets["method_id"].direct == "buyer_id" and meets["method_id"].via == "owner_id"
    assert owned("public.customer_addresses") and owned("public.policies")
    assert not owned("public.posts") and not owned("public.comments")


def test_uuid_keys_and_nullable_keys_meet_and_comments_stay_free(pg_cluster) -> None:
    parsed = parse_schema_text(SHAPES, "schema.sql")
    name = pg_cluster.create_database()
    conninfo = pg_cluster.conninfo(name)
    config = parse_config(
        {
            "generate": {"rows": 400},
            "tables": {"purchases": {"rows": 3000}, "comments": {"rows": 3000}},
        },
        REPO / "sandbox.toml",
    )
    warnings = _load(conninfo, parsed, config)
    for hop, table in (
        ("method_id", "payment_methods m ON m.id = p.method_id AND m.owner_id"),
        ("billing_address_id", "user_addresses a ON a.id = p.billing_address_id AND a.user_id"),
        ("delivery_address_id", "user_addresses a ON a.id = p.delivery_address_id AND a.user_id"),
    ):
        bad = _count(conninfo, f"SELECT count(*) FROM purchases p JOIN {table} <> p.buyer_id")
        assert bad == 0, hop
    # every purchase keeps its delivery address (NOT NULL): the buyer follows the address
    # where the buyer drawn first had none; the nullable keys are NULL where the buyer owns
    # no such row
    assert _count(conninfo, "SELECT count(*) FROM purchases WHERE delivery_address_id IS NULL") == 0
    assert not [w for w in warnings if "another owner" in w]
    # comments: authors comment on other people's posts
    own_posts = _count(
        conninfo,
        "SELECT count(*) FROM comments c JOIN posts p ON p.id = c.post_id "
        "WHERE p.user_id = c.user_id",
    )
    assert own_posts < 300
    pg_cluster.drop_database(name)


@pytest.mark.parametrize("seed", [1, 7])
def test_meets_hold_for_other_seeds_and_batch_sizes(pg_cluster, seed: int) -> None:
    parsed = parse_schema_text((REPO / "schema.sql").read_text(), "schema.sql")
    name = pg_cluster.create_database()
    conninfo = pg_cluster.conninfo(name)
    config = parse_config(
        {"generate": {"rows": 500, "batch_rows": 137}, "tables": {"orders": {"rows": 2500}}},
        REPO / "sandbox.toml",
    )
    _load(conninfo, parsed, config, seed=seed)
    assert (
        _count(
            conninfo,
            "SELECT count(*) FROM orders o JOIN addresses a ON a.id = o.shipping_address_id "
            "WHERE a.customer_id <> o.customer_id",
        )
        == 0
    )
    pg_cluster.drop_database(name)


def test_classify_says_which_keys_meet(tmp_path) -> None:
    from workbench.engine import Engine

    (tmp_path / "schema.sql").write_text((REPO / "schema.sql").read_text())
    (tmp_path / "sandbox.toml").write_text((REPO / "sandbox.toml").read_text())
    items = Engine(str(tmp_path / "sandbox.toml")).classify()
    reason = next(
        i["reason"]
        for i in items
        if i["table"] == "public.orders" and i["column"] == "shipping_address_id"
    )
    assert "addresses rows whose customer_id is the row's customer_id" in reason


PAYMENTS = """
CREATE TYPE order_state AS ENUM ('pending', 'paid', 'shipped', 'delivered', 'cancelled');
CREATE TABLE customers (id serial PRIMARY KEY, email text NOT NULL);
CREATE TABLE purchases (id bigserial PRIMARY KEY,
                        customer_id integer NOT NULL REFERENCES customers,
                        state order_state NOT NULL, placed_at timestamptz NOT NULL);
CREATE TABLE payments (id bigserial PRIMARY KEY,
                       customer_id integer NOT NULL REFERENCES customers,
                       purchase_id bigint NOT NULL REFERENCES purchases,
                       amount numeric(10,2) NOT NULL, paid_at timestamptz NOT NULL);
"""


def test_a_customers_payment_pays_one_of_the_customers_paid_orders(pg_cluster) -> None:
    parsed = parse_schema_text(PAYMENTS, "schema.sql")
    name = pg_cluster.create_database()
    conninfo = pg_cluster.conninfo(name)
    config = parse_config(
        {
            "generate": {"rows": 300},
            "tables": {"purchases": {"rows": 2000}, "payments": {"rows": 2000}},
        },
        REPO / "sandbox.toml",
    )
    _load(conninfo, parsed, config)
    join = "FROM payments p JOIN purchases o ON o.id = p.purchase_id"
    assert _count(conninfo, f"SELECT count(*) {join} WHERE o.customer_id <> p.customer_id") == 0
    unpaid_with_choice = _count(
        conninfo,
        f"SELECT count(*) {join} WHERE o.state IN ('pending', 'cancelled') "
        "AND EXISTS (SELECT 1 FROM purchases q WHERE q.customer_id = p.customer_id "
        "AND q.state NOT IN ('pending', 'cancelled'))",
    )
    assert unpaid_with_choice == 0
    assert _count(conninfo, "SELECT count(*) FROM purchases WHERE state = 'pending'") > 0
    pg_cluster.drop_database(name)
