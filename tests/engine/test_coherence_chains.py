"""Dates of a row in the order their names tell (three and more, NULLs skipped), payments of
orders that were paid and dated soon after them, and declared rules a CHECK overrules named
in the run's warnings: checked in SQL on what a real PostgreSQL holds after loading the
shipped example, pagila15 and schemas written here. The pairs each test checks are written
from the names, not read from the generator."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import psycopg
import pytest

from tests.conftest import REPO, shared_schema
from workbench.config.file import load_config, parse_config
from workbench.generate import build_plan, load_data
from workbench.schema.apply import apply_statements
from workbench.schema.parse import parse_schema_file, parse_schema_text

# Session time zones at both ends of the world: a date and a timestamp meet at the date's
# midnight in the session's zone, and the order must hold in every zone.
ZONES = ("UTC", "Pacific/Kiritimati", "Pacific/Pago_Pago")


def _load(conninfo: str, parsed, config, seed: int = 42) -> list[str]:
    with psycopg.connect(conninfo, autocommit=True) as conn:
        apply_statements(conn, parsed, "pre")
        plan = build_plan(parsed.schema, config, seed=seed)
        report = load_data(conn, parsed.schema, plan, config, seed=seed)
        apply_statements(conn, parsed, "post")
    return report.warnings


def _count(conninfo: str, query: str, zone: str = "UTC") -> int:
    with psycopg.connect(conninfo) as conn:
        conn.execute(f"SET TimeZone = '{zone}'")
        row = conn.execute(query).fetchone()
    assert row is not None
    return int(row[0])


def _chain_violations(conninfo: str, table: str, chain: list[str]) -> dict[str, int]:
    """Rows where a column of the chain is before an earlier one, both set (every pair, so a
    NULL between two columns does not hide their order), in each time zone."""
    out = {}
    for zone in ZONES:
        for lo, hi in combinations(chain, 2):
            query = f"SELECT count(*) FROM {table} WHERE {hi} < {lo}"
            out[f"{table}: {lo} ≤ {hi} ({zone})"] = _count(conninfo, query, zone)
    return out


@pytest.fixture(scope="module")
def shop(pg_cluster):
    name = pg_cluster.create_database()
    conninfo = pg_cluster.conninfo(name)
    parsed = parse_schema_text((REPO / "schema.sql").read_text(), "schema.sql")
    _load(conninfo, parsed, load_config(REPO / "sandbox.toml"))
    yield conninfo
    pg_cluster.drop_database(name)


@pytest.fixture(scope="module")
def pagila(pg_cluster):
    path = shared_schema("pagila15.sql")
    name = pg_cluster.create_database()
    conninfo = pg_cluster.conninfo(name)
    config = parse_config({"generate": {"rows": 600}}, Path("sandbox.toml"))
    _load(conninfo, parse_schema_file(path), config)
    yield conninfo
    pg_cluster.drop_database(name)


# --- chains of dates ---------------------------------------------------------------------


def test_example_dates_in_order(shop: str) -> None:
    found = _chain_violations(
        shop, "customers", ["birth_date", "created_at", "updated_at", "deleted_at"]
    )
    found |= _chain_violations(shop, "orders", ["placed_at", "shipped_at"])
    assert found == dict.fromkeys(found, 0)
    assert _count(shop, "SELECT count(*) FROM customers WHERE deleted_at IS NOT NULL") > 0


def test_pagila_dates_in_order(pagila: str) -> None:
    found = _chain_violations(pagila, "rental", ["rental_date", "return_date", "last_update"])
    found |= _chain_violations(pagila, "customer", ["create_date", "last_update"])
    assert found == dict.fromkeys(found, 0)
    assert _count(pagila, "SELECT count(*) FROM rental WHERE return_date IS NOT NULL") > 100


LIVES = """
CREATE TABLE people (
    id serial PRIMARY KEY, first_name text NOT NULL, last_name text NOT NULL,
    date_of_birth date NOT NULL, hire_date date, termination_date date,
    created_at timestamptz NOT NULL, updated_at timestamptz, deleted_at timestamptz);
CREATE TABLE purchase_orders (
    id serial PRIMARY KEY, person_id int NOT NULL REFERENCES people (id),
    status text NOT NULL CHECK (status IN
        ('draft', 'awaiting_payment', 'paid', 'shipped', 'delivered', 'cancelled')),
    total numeric(10, 2) NOT NULL,
    ordered_at timestamptz NOT NULL, paid_at timestamptz, shipped_on date,
    delivered_at timestamptz, updated_at timestamptz);
CREATE TABLE transactions (
    id bigserial PRIMARY KEY,
    purchase_order_id int NOT NULL REFERENCES purchase_orders (id),
    amount numeric(10, 2) NOT NULL, created_at timestamptz NOT NULL);
CREATE TABLE projects (
    id serial PRIMARY KEY, name text NOT NULL, start_date date NOT NULL, end_date date,
    created_at timestamptz NOT NULL, modified_at timestamptz, archived_at timestamptz);
CREATE TABLE leases (
    id serial PRIMARY KEY, start_date date NOT NULL,
    end_date date CHECK (end_date < DATE '2025-01-01'));
"""
CHAINS = {
    "people": [
        ["date_of_birth", "hire_date", "termination_date", "updated_at"],
        ["date_of_birth", "created_at", "updated_at", "deleted_at"],
    ],
    "purchase_orders": [["ordered_at", "paid_at", "shipped_on", "delivered_at", "updated_at"]],
    "projects": [
        ["start_date", "end_date"],
        ["created_at", "start_date"],
        ["created_at", "modified_at", "archived_at"],
    ],
}


@pytest.fixture(scope="module")
def lives(pg_cluster):
    name = pg_cluster.create_database()
    conninfo = pg_cluster.conninfo(name)
    config = parse_config({"generate": {"rows": 1500}}, Path("sandbox.toml"))
    _load(conninfo, parse_schema_text(LIVES, "schema.sql"), config)
    yield conninfo
    pg_cluster.drop_database(name)


def test_own_schema_dates_in_order(lives: str) -> None:
    found: dict[str, int] = {}
    for table, chains in CHAINS.items():
        for chain in chains:
            found |= _chain_violations(lives, table, chain)
    assert found == dict.fromkeys(found, 0)
    # the chains are not empty: every link is set on many rows, and NULLs sit between them
    for table, chains in CHAINS.items():
        for column in {c for chain in chains for c in chain}:
            set_rows = f"SELECT count(*) FROM {table} WHERE {column} IS NOT NULL"
            assert _count(lives, set_rows) > 20, (table, column)
    skipped = "hire_date IS NULL AND termination_date IS NOT NULL"
    assert _count(lives, f"SELECT count(*) FROM people WHERE {skipped}") > 0


def test_a_check_wins_over_the_chain(lives: str) -> None:
    """A lease ending before 2025 by CHECK: the rows load, and only a start the CHECK leaves
    no room after keeps an end before it."""
    assert _count(lives, "SELECT count(*) FROM leases") == 1500
    bad = "end_date < start_date AND start_date < DATE '2025-01-01'"
    assert _count(lives, f"SELECT count(*) FROM leases WHERE {bad}") == 0
    assert _count(lives, "SELECT count(*) FROM leases WHERE end_date >= start_date") > 100


# --- payments and their orders -----------------------------------------------------------


def test_example_payments_pay_paid_orders_soon(shop: str) -> None:
    joined = "payments p JOIN orders o ON o.id = p.order_id"
    rules = {
        "paid before the order": "p.paid_at < o.placed_at",
        "paid more than a week later": "p.paid_at > o.placed_at + interval '7 days'",
        "paid after shipping": "p.paid_at > o.shipped_at",
        "an unpaid order paid": "o.status IN ('pending', 'cancelled')",
    }
    found = {k: _count(shop, f"SELECT count(*) FROM {joined} WHERE {v}") for k, v in rules.items()}
    assert found == dict.fromkeys(rules, 0)
    assert _count(shop, f"SELECT count(*) FROM {joined}") == 1000
    within_hours = f"SELECT count(*) FROM {joined} WHERE p.paid_at < o.placed_at + interval '2h'"
    # many card payments go through at checkout (settle.settle_times draws 60 % within 90
    # minutes; about 30 % stay there once the order's history is placed, 29-30 % on main too)
    assert _count(shop, within_hours) > 250
    # the orders nobody paid are still there, only without payments
    assert _count(shop, "SELECT count(*) FROM orders WHERE status = 'pending'") > 100


def test_own_payments_pay_paid_orders_soon(lives: str) -> None:
    joined = "transactions t JOIN purchase_orders o ON o.id = t.purchase_order_id"
    rules = {
        "paid before the order": "t.created_at < o.ordered_at",
        "paid more than a week later": "t.created_at > o.ordered_at + interval '7 days'",
        "paid after shipping": "t.created_at > o.shipped_on",
        "an unpaid order paid": "o.status IN ('draft', 'awaiting_payment', 'cancelled')",
    }
    for zone in ZONES:
        found = {
            k: _count(lives, f"SELECT count(*) FROM {joined} WHERE {v}", zone)
            for k, v in rules.items()
        }
        assert found == dict.fromkeys(rules, 0), zone
    # drafts are a few (a lifecycle's open labels: vocab/outcomes.py), yet there to judge
    assert _count(lives, "SELECT count(*) FROM purchase_orders WHERE status = 'draft'") > 10
    # an order awaiting payment has no payment time either
    unpaid = "status IN ('draft', 'awaiting_payment') AND paid_at IS NOT NULL"
    assert _count(lives, f"SELECT count(*) FROM purchase_orders WHERE {unpaid}") == 0


def test_pagila_payments_follow_their_rental(pagila: str) -> None:
    """pagila's payment_date is a range-partition key: a payment follows its rental, and is
    within a week of it and before the return wherever the rental falls inside the partitions
    that exist and the payment's own customer (whom it follows too) had signed up by then."""
    joined = (
        "payment p JOIN rental r ON r.rental_id = p.rental_id "
        "JOIN customer c ON c.customer_id = p.customer_id"
    )
    assert (
        _count(pagila, f"SELECT count(*) FROM {joined} WHERE p.payment_date < r.rental_date") == 0
    )
    inside = (
        "r.rental_date >= (SELECT min(lower_bound) FROM partitions) "
        "AND r.rental_date < (SELECT max(upper_bound) FROM partitions) - interval '8 days' "
        "AND c.create_date <= r.rental_date"
    )
    partitions = (
        "WITH partitions AS (SELECT "
        "(regexp_match(pg_get_expr(c.relpartbound, c.oid), 'FROM \\(''([^'']+)''\\)'))[1]"
        "::timestamptz AS lower_bound, "
        "(regexp_match(pg_get_expr(c.relpartbound, c.oid), 'TO \\(''([^'']+)''\\)'))[1]"
        "::timestamptz AS upper_bound "
        "FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid "
        "WHERE i.inhparent = 'payment'::regclass) "
    )
    for late in (
        "p.payment_date > r.rental_date + interval '7 days'",
        "p.payment_date > r.return_date",
    ):
        query = f"{partitions}SELECT count(*) FROM {joined} WHERE {inside} AND {late}"
        assert _count(pagila, query) == 0, late
    assert _count(pagila, f"{partitions}SELECT count(*) FROM {joined} WHERE {inside}") > 50


# --- declared rules a CHECK overrules --------------------------------------------------------

DECLARED = """
CREATE TABLE plans (id serial PRIMARY KEY,
  monthly_fee numeric(8,2) NOT NULL CHECK (monthly_fee BETWEEN 5 AND 50),
  launched timestamptz NOT NULL);
CREATE TABLE subscriptions (id serial PRIMARY KEY, plan_id int NOT NULL REFERENCES plans(id),
  fee numeric(8,2) NOT NULL CHECK (fee BETWEEN 5 AND 50),
  seats int NOT NULL CHECK (seats BETWEEN 1 AND 20),
  yearly numeric(10,2) CONSTRAINT yearly_cap CHECK (yearly <= 3000),
  began timestamptz NOT NULL,
  renewed timestamptz CONSTRAINT renewed_before_2024 CHECK (renewed < '2024-01-01'));
"""
RULES = {
    "tables": {
        "subscriptions": {
            "columns": {
                "yearly": {"derive": "fee * seats * 12"},
                "renewed": {"after": "began"},
            }
        }
    }
}


def test_declared_rules_a_check_overrules_are_warned(fresh_db: str, tmp_path: Path) -> None:
    config = parse_config({"generate": {"rows": 800}, **RULES}, tmp_path / "sandbox.toml")
    warnings = _load(fresh_db, parse_schema_text(DECLARED, "schema.sql"), config)
    kept_yearly = _count(
        fresh_db,
        "SELECT count(*) FROM subscriptions WHERE yearly IS DISTINCT FROM fee * seats * 12",
    )
    kept_renewed = _count(fresh_db, "SELECT count(*) FROM subscriptions WHERE renewed <= began")
    assert kept_yearly > 0 and kept_renewed > 0
    held = "SELECT count(*) FROM subscriptions WHERE yearly = fee * seats * 12"
    assert _count(fresh_db, held) > 0  # where the CHECK allows it, the rule holds
    yearly = [w for w in warnings if w.startswith("public.subscriptions.yearly:")]
    assert yearly == [
        f"public.subscriptions.yearly: {kept_yearly:,} row(s) keep their drawn value instead of "
        "derive = 'fee * seats * 12': CHECK yearly_cap rejects the declared value"
    ]
    renewed = [w for w in warnings if w.startswith("public.subscriptions.renewed:")]
    assert renewed == [
        f"public.subscriptions.renewed: {kept_renewed:,} row(s) keep their drawn value instead "
        "of after = 'began': CHECK renewed_before_2024 rejects the declared value"
    ]


def test_declared_rules_that_hold_warn_nothing(fresh_db: str, tmp_path: Path) -> None:
    schema = DECLARED.replace("CHECK (yearly <= 3000)", "CHECK (yearly >= 0)").replace(
        "CHECK (renewed < '2024-01-01')", "CHECK (renewed > '1990-01-01')"
    )
    config = parse_config({"generate": {"rows": 300}, **RULES}, tmp_path / "sandbox.toml")
    warnings = _load(fresh_db, parse_schema_text(schema, "schema.sql"), config)
    assert [w for w in warnings if "keep their drawn value" in w] == []
    bad = "yearly <> fee * seats * 12 OR renewed <= began"
    assert _count(fresh_db, f"SELECT count(*) FROM subscriptions WHERE {bad}") == 0


TICKETS = """
CREATE TABLE tickets (id serial PRIMARY KEY, opened_at timestamptz NOT NULL,
  resolved_at timestamptz, closed_at timestamptz NOT NULL, updated_at timestamptz);
"""


def test_a_declared_after_wins_over_the_names(fresh_db: str, tmp_path: Path) -> None:
    """The names say opened ≤ resolved ≤ closed ≤ updated; sandbox.toml says a ticket is
    opened after it was closed (this tracker files closed tickets): the declared order holds
    on every row, and the names still order the columns it does not touch."""
    rules = {"opened_at": {"after": "closed_at"}}
    data = {"generate": {"rows": 500}, "tables": {"tickets": {"columns": rules}}}
    config = parse_config(data, tmp_path / "sandbox.toml")
    warnings = _load(fresh_db, parse_schema_text(TICKETS, "schema.sql"), config)
    assert [w for w in warnings if "keep their drawn value" in w] == []
    found = _chain_violations(fresh_db, "tickets", ["closed_at", "opened_at"])
    found |= _chain_violations(fresh_db, "tickets", ["closed_at", "updated_at"])
    found |= _chain_violations(fresh_db, "tickets", ["resolved_at", "updated_at"])
    assert found == dict.fromkeys(found, 0)
    assert _count(fresh_db, "SELECT count(*) FROM tickets WHERE opened_at = closed_at") == 0
    assert _count(fresh_db, "SELECT count(*) FROM tickets WHERE updated_at IS NOT NULL") > 100
