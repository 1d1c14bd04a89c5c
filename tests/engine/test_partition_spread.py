"""Payments of pagila15 (range-partitioned by payment_date) at rows=2000 with small lookup
tables, checked in SQL on a real PostgreSQL: a payment whose rental came before the first
partition does not sit on the partition's exact lower bound (a pile of identical times), and
every payment follows its rental and lies inside a partition that exists."""

from __future__ import annotations

from pathlib import Path

import psycopg
import pytest

from tests.conftest import shared_schema
from workbench.config.file import parse_config
from workbench.generate import build_plan, load_data
from workbench.schema.apply import apply_statements
from workbench.schema.parse import parse_schema_file

PARTITIONS = (
    "WITH partitions AS (SELECT "
    "(regexp_match(pg_get_expr(c.relpartbound, c.oid), 'FROM \\(''([^'']+)''\\)'))[1]"
    "::timestamptz AS lower_bound, "
    "(regexp_match(pg_get_expr(c.relpartbound, c.oid), 'TO \\(''([^'']+)''\\)'))[1]"
    "::timestamptz AS upper_bound "
    "FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid "
    "WHERE i.inhparent = 'payment'::regclass) "
)
JOINED = "payment p JOIN rental r ON r.rental_id = p.rental_id"


@pytest.fixture(scope="module")
def pagila(pg_cluster):
    path = shared_schema("pagila15.sql")
    name = pg_cluster.create_database()
    conninfo = pg_cluster.conninfo(name)
    lookups = {"country": 100, "city": 600, "category": 16, "language": 6}
    data = {
        "generate": {"rows": 2000},
        "tables": {f"public.{t}": {"rows": n} for t, n in lookups.items()},
    }
    config = parse_config(data, Path("sandbox.toml"))
    parsed = parse_schema_file(path)
    with psycopg.connect(conninfo, autocommit=True) as conn:
        apply_statements(conn, parsed, "pre")
        plan = build_plan(parsed.schema, config, seed=42)
        load_data(conn, parsed.schema, plan, config, seed=42)
        apply_statements(conn, parsed, "post")
    yield conninfo
    pg_cluster.drop_database(name)


def _count(conninfo: str, query: str) -> int:
    with psycopg.connect(conninfo) as conn:
        row = conn.execute(query).fetchone()
    assert row is not None
    return int(row[0])


def test_no_pile_of_payments_on_one_time(pagila: str) -> None:
    total = _count(pagila, "SELECT count(*) FROM payment")
    assert total >= 1000
    top = _count(
        pagila,
        "SELECT coalesce(max(n), 0) FROM "
        "(SELECT count(*) AS n FROM payment GROUP BY payment_date) t",
    )
    on_bound = _count(
        pagila,
        f"{PARTITIONS}SELECT count(*) FROM payment "
        "WHERE date_trunc('day', payment_date) IN "
        "(SELECT date_trunc('day', lower_bound) + interval '1 day' FROM partitions) "
        "AND payment_date = date_trunc('day', payment_date)",
    )
    print(f"payments {total}, most on one time {top}, on a partition's bound {on_bound}")
    assert top <= 5
    assert on_bound <= 5


def test_payments_follow_rentals_inside_partitions(pagila: str) -> None:
    late = _count(pagila, f"SELECT count(*) FROM {JOINED} WHERE p.payment_date < r.rental_date")
    outside = _count(
        pagila,
        f"{PARTITIONS}SELECT count(*) FROM payment p WHERE NOT EXISTS (SELECT 1 FROM "
        "partitions WHERE p.payment_date >= lower_bound AND p.payment_date < upper_bound)",
    )
    far = _count(
        pagila,
        f"SELECT count(*) FROM {JOINED} WHERE p.payment_date > r.rental_date + interval '30 days'",
    )
    total = _count(pagila, "SELECT count(*) FROM payment")
    print(f"payments more than 30 days after their rental: {far} of {total}")
    assert late == 0
    assert outside == 0
    # the rentals are drawn over the payments' partitions: most payments come soon after
    assert far <= total // 20


# Partitions over half a year only, ending before the times drawn by default end: the
# rentals cluster over them, and the few whose customer signed up too late to be paid inside
# one keep their own rule (a payment never before its rental) without piling up anywhere.
SHORT = """
CREATE TABLE customer (customer_id serial PRIMARY KEY, name text NOT NULL,
    create_date date NOT NULL);
CREATE TABLE rental (rental_id serial PRIMARY KEY,
    customer_id int NOT NULL REFERENCES customer (customer_id),
    rental_date timestamptz NOT NULL, return_date timestamptz);
CREATE TABLE payment (payment_id serial, customer_id int NOT NULL REFERENCES customer,
    rental_id int NOT NULL REFERENCES rental, amount numeric(5, 2) NOT NULL,
    payment_date timestamptz NOT NULL, PRIMARY KEY (payment_date, payment_id))
    PARTITION BY RANGE (payment_date);
CREATE TABLE payment_a PARTITION OF payment
    FOR VALUES FROM ('2022-01-01 00:00:00+00') TO ('2022-04-01 00:00:00+00');
CREATE TABLE payment_b PARTITION OF payment
    FOR VALUES FROM ('2022-05-01 00:00:00+00') TO ('2022-07-01 00:00:00+00');
"""


def test_short_partitions_draw_their_rentals_over_them(pg_cluster) -> None:
    from workbench.schema.parse import parse_schema_text

    name = pg_cluster.create_database()
    conninfo = pg_cluster.conninfo(name)
    parsed = parse_schema_text(SHORT, "schema.sql")
    config = parse_config({"generate": {"rows": 1500}}, Path("sandbox.toml"))
    with psycopg.connect(conninfo, autocommit=True) as conn:
        apply_statements(conn, parsed, "pre")
        plan = build_plan(parsed.schema, config, seed=7)
        load_data(conn, parsed.schema, plan, config, seed=7)
        apply_statements(conn, parsed, "post")
    try:
        inside = _count(
            conninfo,
            "SELECT count(*) FROM rental WHERE rental_date >= '2021-12-01' "
            "AND rental_date < '2022-07-01'",
        )
        assert inside >= 1200  # of 1500: drawn over the partitions, not over six years
        top = _count(
            conninfo,
            "SELECT max(n) FROM (SELECT count(*) AS n FROM payment GROUP BY payment_date) t",
        )
        assert top <= 5
        gap = _count(
            conninfo,
            "SELECT count(*) FROM payment WHERE payment_date::date = '2022-05-02'",
        )
        assert gap <= 60  # a gap's rows spread over the next partition's first days
        far = _count(
            conninfo,
            f"SELECT count(*) FROM {JOINED} "
            "WHERE p.payment_date > r.rental_date + interval '30 days'",
        )
        # only rentals of April (no partition) wait for May; drawn over six years as before,
        # nearly all payments were months after their rental
        assert far <= 1500 // 5
    finally:
        pg_cluster.drop_database(name)
