"""A status and the timestamps named after its labels, a boolean flag and its timestamp, and
invoice lines whose amount is quantity × unit price under other names: checked in SQL on a real
PostgreSQL after loading schemas written here (shop-like vocabularies outside the stage words
of the shipped example). The expected pairs are written from the names, not read from the
generator."""

from __future__ import annotations

from pathlib import Path

import psycopg
import pytest

from workbench.config.file import parse_config
from workbench.generate import build_plan, load_data
from workbench.generate.rules.status import lifecycle, plan_stamps
from workbench.schema.apply import apply_statements
from workbench.schema.parse import parse_schema_text

SCHEMA = """
CREATE TABLE customers (
  id bigserial PRIMARY KEY, email text NOT NULL, created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TYPE sub_status AS ENUM ('trialing', 'active', 'past_due', 'canceled', 'expired');
CREATE TABLE shipments (
  id bigserial PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customers(id),
  status text NOT NULL
    CHECK (status IN ('label_created', 'in_transit', 'delivered', 'returned', 'lost')),
  created_at timestamptz NOT NULL DEFAULT now(),
  shipped_at timestamptz,
  delivered_at timestamptz,
  returned_at timestamptz,
  lost_at timestamptz
);
CREATE TABLE subscriptions (
  id bigserial PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customers(id),
  status sub_status NOT NULL,
  created_at timestamptz NOT NULL,
  canceled_at timestamptz,
  expired_at timestamptz
);
CREATE TABLE transfers (
  id bigserial PRIMARY KEY,
  state varchar(20) NOT NULL
    CHECK (state IN ('requested', 'approved', 'executed', 'rejected', 'failed')),
  amount numeric(12,2) NOT NULL,
  created_at timestamptz NOT NULL,
  "approvedAt" timestamptz,
  executed_at timestamptz,
  rejected_at timestamptz
);
CREATE TABLE "Post" (
  id serial PRIMARY KEY,
  title text NOT NULL,
  published boolean NOT NULL DEFAULT false,
  "publishedAt" timestamp(3),
  "createdAt" timestamp(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE TABLE accounts (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL,
  is_verified boolean NOT NULL,
  verified_at timestamptz,
  is_active boolean NOT NULL DEFAULT true,
  deactivated_at timestamptz,
  deleted boolean NOT NULL DEFAULT false,
  deleted_at timestamptz,
  archived boolean,
  archived_at timestamptz NOT NULL
);
CREATE TABLE invoices (
  id bigserial PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customers(id),
  subtotal numeric(12,2) NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE TABLE invoice_lines (
  id bigserial PRIMARY KEY,
  invoice_id bigint NOT NULL REFERENCES invoices(id),
  description text NOT NULL,
  quantity integer NOT NULL CHECK (quantity > 0),
  unit_amount numeric(12,2) NOT NULL,
  amount numeric(12,2) NOT NULL
);
CREATE TABLE refunds (
  id bigserial PRIMARY KEY,
  status text NOT NULL CHECK (status IN ('requested', 'approved', 'paid', 'declined')),
  created_at timestamptz NOT NULL,
  approved_at timestamptz NOT NULL,
  paid_at timestamptz
);
CREATE TABLE tickets (
  id serial PRIMARY KEY,
  status text NOT NULL CHECK (status IN ('OPEN', 'RESOLVED', 'CLOSED', 'REOPENED')),
  created_at timestamptz NOT NULL,
  "resolvedAt" timestamptz,
  "closedAt" timestamptz,
  CHECK (status <> 'REOPENED' OR "resolvedAt" IS NULL)
);
CREATE TABLE parcels (
  id serial PRIMARY KEY,
  status text NOT NULL CHECK (status IN ('pending', 'shipped', 'delivered', 'cancelled')),
  created_at timestamptz NOT NULL,
  shipped_at timestamptz,
  delivered_at timestamptz,
  CHECK ((status = 'shipped') = (shipped_at IS NOT NULL))
);
CREATE TABLE bookings (
  id bigserial PRIMARY KEY,
  status varchar(20) NOT NULL,
  created_at timestamptz NOT NULL,
  paid_at timestamptz,
  shipped_at timestamptz,
  delivered_at timestamptz,
  cancelled_at timestamptz
);
CREATE TABLE orders (
  id bigserial PRIMARY KEY,
  status text NOT NULL CHECK (status IN ('pending', 'paid', 'shipped', 'cancelled')),
  created_at timestamptz NOT NULL,
  is_paid boolean NOT NULL,
  paid_at timestamptz
);
CREATE TABLE members (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL,
  "isActive" boolean NOT NULL,
  last_active_at timestamptz,
  email_verified boolean NOT NULL,
  email_verified_at timestamptz
);
CREATE TABLE purchase_order_lines (
  id bigserial PRIMARY KEY,
  qty numeric(10,2) NOT NULL,
  unit_cost numeric(12,2) NOT NULL,
  extended_price numeric(14,2) NOT NULL
);
"""

# (name, SQL counting rows that break it): written from the column names
VIOLATIONS = {
    "shipments: delivered_at set exactly when delivered or returned": """
        SELECT count(*) FROM shipments
        WHERE (delivered_at IS NOT NULL) <> (status IN ('delivered', 'returned'))""",
    "shipments: returned_at set exactly when returned": """
        SELECT count(*) FROM shipments
        WHERE (returned_at IS NOT NULL) <> (status = 'returned')""",
    "shipments: lost_at set exactly when lost": """
        SELECT count(*) FROM shipments WHERE (lost_at IS NOT NULL) <> (status = 'lost')""",
    "shipments: a label not yet shipped": """
        SELECT count(*) FROM shipments WHERE status = 'label_created' AND shipped_at IS NOT NULL""",
    "shipments: in transit is shipped": """
        SELECT count(*) FROM shipments WHERE status = 'in_transit' AND shipped_at IS NULL""",
    "shipments: delivered after shipped": """
        SELECT count(*) FROM shipments WHERE delivered_at < shipped_at""",
    "subscriptions: canceled_at exactly when canceled": """
        SELECT count(*) FROM subscriptions
        WHERE (canceled_at IS NOT NULL) <> (status = 'canceled')""",
    "subscriptions: expired_at exactly when expired": """
        SELECT count(*) FROM subscriptions
        WHERE (expired_at IS NOT NULL) <> (status = 'expired')""",
    "transfers: executed_at exactly when executed": """
        SELECT count(*) FROM transfers
        WHERE (executed_at IS NOT NULL) <> (state = 'executed')""",
    "transfers: approvedAt when approved or executed": """
        SELECT count(*) FROM transfers
        WHERE ("approvedAt" IS NOT NULL) <> (state IN ('approved', 'executed'))""",
    "transfers: rejected_at exactly when rejected": """
        SELECT count(*) FROM transfers
        WHERE (rejected_at IS NOT NULL) <> (state = 'rejected')""",
    "transfers: executed after approved": """
        SELECT count(*) FROM transfers WHERE executed_at < "approvedAt" """,
    "transfers: stages after creation": """
        SELECT count(*) FROM transfers
        WHERE executed_at < created_at OR "approvedAt" < created_at OR rejected_at < created_at""",
    "Post: publishedAt exactly when published": """
        SELECT count(*) FROM "Post" WHERE ("publishedAt" IS NOT NULL) <> published""",
    "Post: published after created": """
        SELECT count(*) FROM "Post" WHERE "publishedAt" < "createdAt" """,
    "accounts: verified_at exactly when verified": """
        SELECT count(*) FROM accounts WHERE (verified_at IS NOT NULL) <> is_verified""",
    "accounts: deactivated_at exactly when not active": """
        SELECT count(*) FROM accounts WHERE (deactivated_at IS NOT NULL) <> NOT is_active""",
    "accounts: deleted_at exactly when deleted": """
        SELECT count(*) FROM accounts WHERE (deleted_at IS NOT NULL) <> deleted""",
    "accounts: a NOT NULL archived_at makes the row archived": """
        SELECT count(*) FROM accounts WHERE archived IS DISTINCT FROM true""",
    "invoice_lines: amount = quantity × unit_amount": """
        SELECT count(*) FROM invoice_lines WHERE amount <> round(quantity * unit_amount, 2)""",
    "invoices: subtotal = sum of the lines' amounts": """
        SELECT count(*) FROM invoices i LEFT JOIN (SELECT invoice_id, sum(amount) AS s
          FROM invoice_lines GROUP BY invoice_id) l ON l.invoice_id = i.id
        WHERE i.subtotal <> coalesce(l.s, 0)""",
    "refunds: a NOT NULL approved_at: every refund got approved": """
        SELECT count(*) FROM refunds WHERE status NOT IN ('approved', 'paid')""",
    "refunds: paid_at exactly when paid": """
        SELECT count(*) FROM refunds WHERE (paid_at IS NOT NULL) <> (status = 'paid')""",
    "tickets: resolvedAt on resolved and closed tickets": """
        SELECT count(*) FROM tickets
        WHERE status IN ('RESOLVED', 'CLOSED') AND "resolvedAt" IS NULL""",
    "tickets: closedAt exactly on closed and reopened tickets": """
        SELECT count(*) FROM tickets
        WHERE ("closedAt" IS NOT NULL) <> (status IN ('CLOSED', 'REOPENED'))""",
    "tickets: nothing resolved while open": """
        SELECT count(*) FROM tickets
        WHERE status = 'OPEN' AND ("resolvedAt" IS NOT NULL OR "closedAt" IS NOT NULL)""",
    "tickets: a CHECK wins: no reopened ticket is resolved": """
        SELECT count(*) FROM tickets WHERE status = 'REOPENED' AND "resolvedAt" IS NOT NULL""",
    "parcels: delivered_at exactly when delivered (the CHECK keeps shipped_at to shipped)": """
        SELECT count(*) FROM parcels WHERE (delivered_at IS NOT NULL) <> (status = 'delivered')""",
    "bookings: a free-text status takes the labels its timestamps name": """
        SELECT count(*) FROM bookings
        WHERE status NOT IN ('pending', 'paid', 'shipped', 'delivered', 'cancelled')""",
    "bookings: shipped_at exactly when shipped or delivered": """
        SELECT count(*) FROM bookings
        WHERE (shipped_at IS NOT NULL) <> (status IN ('shipped', 'delivered'))""",
    "bookings: cancelled_at exactly when cancelled": """
        SELECT count(*) FROM bookings WHERE (cancelled_at IS NOT NULL) <> (status = 'cancelled')""",
    "orders: paid_at exactly when paid or shipped, is_paid with it": """
        SELECT count(*) FROM orders
        WHERE (paid_at IS NOT NULL) <> (status IN ('paid', 'shipped'))
           OR is_paid <> (paid_at IS NOT NULL)""",
    "members: email_verified_at exactly when email_verified": """
        SELECT count(*) FROM members WHERE (email_verified_at IS NOT NULL) <> email_verified""",
    "purchase_order_lines: extended_price = qty × unit_cost": """
        SELECT count(*) FROM purchase_order_lines
        WHERE extended_price <> round(qty * unit_cost, 2)""",
}
# each vocabulary is really drawn: the rules must not win by collapsing a status
SPREAD = {
    "shipments": "SELECT count(DISTINCT status) FROM shipments",
    "subscriptions": "SELECT count(DISTINCT status) FROM subscriptions",
    "transfers": "SELECT count(DISTINCT state) FROM transfers",
    "Post": 'SELECT count(DISTINCT published) FROM "Post"',
    "accounts": "SELECT count(DISTINCT is_verified) + count(DISTINCT is_active) FROM accounts",
    "refunds": "SELECT count(DISTINCT status) FROM refunds",
    "tickets": "SELECT count(DISTINCT status) FROM tickets",
    "parcels": "SELECT count(DISTINCT status) FROM parcels",
    "bookings": "SELECT count(DISTINCT status) FROM bookings",
}
WANT_SPREAD = {"Post": 2, "refunds": 2, "bookings": 5}


def _count(conninfo: str, query: str) -> int:
    with psycopg.connect(conninfo) as conn:
        row = conn.execute(query).fetchone()
    assert row is not None
    return int(row[0])


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    name = pg_cluster.create_database()
    conninfo = pg_cluster.conninfo(name)
    parsed = parse_schema_text(SCHEMA, "schema.sql")
    config = parse_config({"generate": {"rows": 800}}, Path("sandbox.toml"))
    with psycopg.connect(conninfo, autocommit=True) as conn:
        apply_statements(conn, parsed, "pre")
        plan = build_plan(parsed.schema, config, seed=7)
        load_data(conn, parsed.schema, plan, config, seed=7)
        apply_statements(conn, parsed, "post")
    yield conninfo
    pg_cluster.drop_database(name)


@pytest.mark.parametrize("rule", sorted(VIOLATIONS))
def test_rows_agree_with_their_status_flags_and_lines(loaded: str, rule: str) -> None:
    assert _count(loaded, VIOLATIONS[rule]) == 0, rule


@pytest.mark.parametrize("table", sorted(SPREAD))
def test_every_status_still_drawn(loaded: str, table: str) -> None:
    want = WANT_SPREAD.get(table, 4)
    assert _count(loaded, SPREAD[table]) >= want


def test_a_last_seen_time_is_no_deactivation(loaded: str) -> None:
    """`isActive` has no timestamp of its own here: `last_active_at` keeps its drawn NULLs and
    values whatever the flag says (both kinds of rows in both states)."""
    query = """SELECT count(DISTINCT ("isActive", last_active_at IS NULL)) FROM members"""
    assert _count(loaded, query) == 4


@pytest.mark.parametrize(
    ("labels", "stamps", "want"),
    [
        # verb forms, spellings and camelCase name the same stage
        (["pending", "EXECUTED"], {"executedAt": "executed"}, {"executedAt": ("reach", 0.01)}),
        (["open", "cancelled"], {"canceled_at": "canceled"},
         {"canceled_at": ("exact", ["cancelled"])}),
        (["draft", "publish"], {"published_on": "published"}, {"published_on": ("reach", 0.01)}),
        # a stage word without its label: the stage the label list reaches
        (["label_created", "in_transit"], {"shipped_at": "shipped"},
         {"shipped_at": ("reach", 2.0)}),
        # an ending named by no label is never reached; an unrelated name is left alone
        (["pending", "paid"], {"refunded_at": "refunded", "seen_at": "seen"},
         {"refunded_at": ("exact", [])}),
    ],
)  # fmt: skip
def test_timestamps_find_their_labels(labels, stamps, want) -> None:
    assert plan_stamps(labels, stamps) == want


def test_lifecycle_reads_the_label_order_and_keeps_the_stage_words() -> None:
    got = lifecycle(["trialing", "active", "past_due", "canceled", "expired"])
    assert got["trialing"] < got["active"] < got["past_due"]
    assert got["canceled"] == got["expired"] == 0.0  # failures reach no later stage
    # stage words keep their meaning in any listed order; a refund was paid, a lost parcel shipped
    shop = lifecycle(["delivered", "shipped", "paid", "pending", "cancelled", "refunded", "lost"])
    assert shop["pending"] == shop["cancelled"] < shop["paid"] < shop["refunded"] < shop["shipped"]
    assert shop["shipped"] < shop["lost"] < shop["delivered"]
    # two labels of one stage: the later one after the earlier
    assert lifecycle(["approved", "paid"])["approved"] < lifecycle(["approved", "paid"])["paid"]
