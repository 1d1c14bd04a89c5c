"""Rows of a tree agree with the row they hang from: a reply is on its parent's post and
written after it; a sub-task is in its parent's project; an employee works at the manager's
company; but the reply's author stays free (people answer other people). Checked in SQL on a
real PostgreSQL, over several batches."""

from __future__ import annotations

import psycopg

from tests.conftest import REPO
from workbench.config.file import parse_config
from workbench.generate import build_plan, load_data
from workbench.schema.apply import apply_statements
from workbench.schema.parse import parse_schema_text

SCHEMA = """
CREATE TABLE users (id uuid PRIMARY KEY, name text NOT NULL);
CREATE TABLE posts (id bigserial PRIMARY KEY, user_id uuid NOT NULL REFERENCES users,
                    title text NOT NULL, created_at timestamptz NOT NULL);
CREATE TABLE comments (id bigserial PRIMARY KEY,
                       post_id bigint NOT NULL REFERENCES posts,
                       user_id uuid NOT NULL REFERENCES users,
                       parent_comment_id bigint REFERENCES comments (id),
                       body text NOT NULL, created_at timestamptz NOT NULL);
CREATE TABLE companies (id serial PRIMARY KEY, name text NOT NULL);
CREATE TABLE employees (id serial PRIMARY KEY,
                        company_id integer NOT NULL REFERENCES companies,
                        manager_id integer REFERENCES employees (id),
                        full_name text NOT NULL, hired_on date NOT NULL);
"""


def _count(conninfo: str, query: str) -> int:
    with psycopg.connect(conninfo) as conn:
        row = conn.execute(query).fetchone()
    assert row is not None
    return int(row[0])


def test_trees_share_their_parents_containers_and_come_after_them(pg_cluster) -> None:
    parsed = parse_schema_text(SCHEMA, "schema.sql")
    name = pg_cluster.create_database()
    conninfo = pg_cluster.conninfo(name)
    config = parse_config(
        {
            "generate": {"rows": 300, "batch_rows": 500},
            "tables": {"comments": {"rows": 4000}, "employees": {"rows": 2000}},
        },
        REPO / "sandbox.toml",
    )
    with psycopg.connect(conninfo, autocommit=True) as conn:
        apply_statements(conn, parsed, "pre")
        plan = build_plan(parsed.schema, config, seed=5)
        load_data(conn, parsed.schema, plan, config, seed=5)
        apply_statements(conn, parsed, "post")
    replies = "FROM comments c JOIN comments p ON p.id = c.parent_comment_id"
    assert _count(conninfo, f"SELECT count(*) {replies}") > 1000
    assert _count(conninfo, f"SELECT count(*) {replies} WHERE p.post_id <> c.post_id") == 0
    assert _count(conninfo, f"SELECT count(*) {replies} WHERE c.created_at < p.created_at") == 0
    # people answer other people: the author is not copied
    assert _count(conninfo, f"SELECT count(*) {replies} WHERE p.user_id <> c.user_id") > 900
    # threads spread over many posts, not one
    assert _count(conninfo, "SELECT count(DISTINCT post_id) FROM comments") > 100
    staff = "FROM employees e JOIN employees m ON m.id = e.manager_id"
    assert _count(conninfo, f"SELECT count(*) {staff}") > 500
    assert _count(conninfo, f"SELECT count(*) {staff} WHERE m.company_id <> e.company_id") == 0
    pg_cluster.drop_database(name)


def test_an_order_line_sells_a_product_that_existed(pg_cluster) -> None:
    from workbench.config.file import load_config

    parsed = parse_schema_text((REPO / "schema.sql").read_text(), "schema.sql")
    name = pg_cluster.create_database()
    conninfo = pg_cluster.conninfo(name)
    config = load_config(REPO / "sandbox.toml")
    with psycopg.connect(conninfo, autocommit=True) as conn:
        apply_statements(conn, parsed, "pre")
        plan = build_plan(parsed.schema, config, seed=42)
        load_data(conn, parsed.schema, plan, config, seed=42)
        apply_statements(conn, parsed, "post")
    lines = (
        "FROM order_items i JOIN orders o ON o.id = i.order_id "
        "JOIN products p ON p.id = i.product_id"
    )
    assert _count(conninfo, f"SELECT count(*) {lines}") > 5000
    assert _count(conninfo, f"SELECT count(*) {lines} WHERE p.created_at > o.placed_at") == 0
    # still many products sold, not the oldest few
    assert _count(conninfo, "SELECT count(DISTINCT product_id) FROM order_items") > 300
    pg_cluster.drop_database(name)
