"""The clock and windows of time, on a schema of our own (an equipment hire network: tools
commissioned and retired, price plans valid for a while, hires, hour-meter readings, invoices
for billing periods), checked in SQL on what a real PostgreSQL holds, with the run's clock
pinned:

- a row uses its parents while they are in force: a tool is read while in service (and a
  tool never commissioned is not read), a hire starts while its price plan is valid;
- readings of a counter only grow, per tool, with time;
- a bill's period lasts a month or a quarter (both ends counted), is invoiced after it ends,
  falls due weeks later; its status agrees with the clock (drafts of a period just ended,
  open ones not due yet, overdue ones past due, nothing invoiced or settled after now)."""

from __future__ import annotations

from functools import partial

import pytest

from tests.conftest import REPO
from tests.engine.loading import load_schema, share
from workbench.config.file import parse_config
from workbench.schema.parse import parse_schema_text

NOW = "2026-06-01 12:00:00+00"
SCHEMA = """
CREATE TYPE tool_state AS ENUM ('on_order', 'in_service', 'retired');
CREATE TYPE bill_state AS ENUM ('draft', 'invoiced', 'overdue', 'settled', 'written_off');
CREATE TABLE branches (id serial PRIMARY KEY, name text NOT NULL, opened_on date NOT NULL);
CREATE TABLE tools (id serial PRIMARY KEY, branch_id int NOT NULL REFERENCES branches(id),
  serial_no varchar(20) NOT NULL, state tool_state NOT NULL,
  commissioned_at timestamptz, decommissioned_at timestamptz);
CREATE TABLE price_plans (id serial PRIMARY KEY, day_rate numeric(8,2) NOT NULL,
  valid_from date NOT NULL, valid_to date, CHECK (valid_to IS NULL OR valid_to > valid_from));
CREATE TABLE clients (id serial PRIMARY KEY, full_name text NOT NULL,
  created_at timestamptz NOT NULL);
CREATE TABLE hires (id serial PRIMARY KEY, tool_id int NOT NULL REFERENCES tools(id),
  client_id int NOT NULL REFERENCES clients(id),
  price_plan_id int NOT NULL REFERENCES price_plans(id),
  hired_from date NOT NULL, hired_until date, created_at timestamptz NOT NULL);
CREATE TABLE hour_readings (id serial PRIMARY KEY, tool_id int NOT NULL REFERENCES tools(id),
  read_at timestamptz NOT NULL, hours_reading numeric(10,1) NOT NULL
  CHECK (hours_reading >= 0));
CREATE TABLE bills (id serial PRIMARY KEY, hire_id int NOT NULL REFERENCES hires(id),
  billing_period_start date NOT NULL, billing_period_end date NOT NULL,
  invoiced_at timestamptz, due_on date, settled_at timestamptz, state bill_state NOT NULL,
  total numeric(10,2) NOT NULL, created_at timestamptz NOT NULL);
"""


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    name = pg_cluster.create_database()
    conninfo = pg_cluster.conninfo(name)
    config = parse_config(
        {"generate": {"rows": 800, "now": NOW.replace(" ", "T")}}, REPO / "sandbox.toml"
    )
    load_schema(conninfo, parse_schema_text(SCHEMA, "schema.sql"), config)
    yield conninfo
    pg_cluster.drop_database(name)


_share = partial(share, now=NOW)


def test_a_tool_is_read_while_in_service(loaded: str) -> None:
    applies, share = _share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE t.commissioned_at IS NOT NULL"
        " AND r.read_at >= t.commissioned_at AND (t.decommissioned_at IS NULL"
        " OR r.read_at <= t.decommissioned_at)) FROM hour_readings r JOIN tools t"
        " ON t.id = r.tool_id",
    )
    assert applies > 500 and share >= 0.98, share


def test_a_hire_starts_while_its_price_plan_is_valid(loaded: str) -> None:
    applies, share = _share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE p.valid_from <= h.hired_from"
        " AND (p.valid_to IS NULL OR h.hired_from < p.valid_to))"
        " FROM hires h JOIN price_plans p ON p.id = h.price_plan_id",
    )
    assert applies > 500 and share >= 0.98, share


def test_readings_of_a_counter_only_grow(loaded: str) -> None:
    applies, share = _share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE hours_reading >= prev) FROM ("
        " SELECT hours_reading, lag(hours_reading) OVER (PARTITION BY tool_id"
        " ORDER BY read_at, id) prev FROM hour_readings) s WHERE prev IS NOT NULL",
    )
    assert applies > 100 and share >= 0.98, share


def test_a_billing_period_is_billed_after_it_ends(loaded: str) -> None:
    applies, share = _share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE billing_period_end - billing_period_start + 1"
        " BETWEEN 28 AND 92 AND invoiced_at::date >= billing_period_end"
        " AND invoiced_at::date <= billing_period_end + 31"
        " AND due_on - invoiced_at::date BETWEEN 10 AND 45) FROM bills"
        " WHERE invoiced_at IS NOT NULL",
    )
    assert applies > 500 and share >= 0.98, share


def test_a_bill_agrees_with_the_clock(loaded: str) -> None:
    applies, share = _share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE (invoiced_at IS NULL OR invoiced_at <= :now)"
        " AND (settled_at IS NULL OR settled_at < :now) AND CASE state"
        " WHEN 'overdue' THEN due_on < :now::date"
        " WHEN 'invoiced' THEN due_on >= :now::date - 3"
        " WHEN 'draft' THEN invoiced_at IS NULL"
        "   AND billing_period_end BETWEEN :now::date - 45 AND :now::date"
        " ELSE true END) FROM bills",
    )
    assert applies > 500 and share >= 0.98, share
