"""A bill's status agrees with its payments once its total is final: a paid bill's payments
reach its total (and it totals something), a partly paid one's some but not all of it, and a
draft, a bill sent and not paid yet or a cancelled one has none. The bill's total is the sum
of its lines, and the lines are fewer than the bills want (each bills one meter reading, a
reading once: the UNIQUE key caps them), so some bills total nothing once the lines are in: a
bill of nothing was not paid (load/owed_load.py). On a schema of our own (a utility's bills,
their lines and payments), at three seeds, on a pinned clock."""

from __future__ import annotations

import psycopg
import pytest

from tests.engine.loading import count, loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TYPE bill_state AS ENUM ('draft', 'sent', 'partially_paid', 'paid', 'cancelled');
CREATE TABLE customer_account (account_id int PRIMARY KEY, holder_name varchar(80) NOT NULL,
  email varchar(120) NOT NULL, opened_at timestamptz NOT NULL);
CREATE TABLE meter (meter_id int PRIMARY KEY,
  account_id int NOT NULL REFERENCES customer_account(account_id),
  serial_no varchar(20) NOT NULL UNIQUE, installed_on date NOT NULL);
CREATE TABLE meter_reading (reading_id int PRIMARY KEY,
  meter_id int NOT NULL REFERENCES meter(meter_id),
  read_at timestamptz NOT NULL, kwh numeric(10,1) NOT NULL);
CREATE TABLE bill (
  bill_id int PRIMARY KEY,
  account_id int NOT NULL REFERENCES customer_account(account_id),
  bill_no varchar(16) NOT NULL UNIQUE,
  issued_on date,
  due_on date,
  total_amount numeric(10,2) NOT NULL DEFAULT 0,
  status bill_state NOT NULL DEFAULT 'draft');
CREATE TABLE bill_line (
  line_id int PRIMARY KEY,
  bill_id int NOT NULL REFERENCES bill(bill_id),
  reading_id int NOT NULL UNIQUE REFERENCES meter_reading(reading_id),
  line_no smallint NOT NULL,
  amount numeric(10,2) NOT NULL);
CREATE TABLE bill_payment (
  payment_id int PRIMARY KEY,
  bill_id int NOT NULL REFERENCES bill(bill_id),
  paid_at timestamptz NOT NULL,
  amount numeric(10,2) NOT NULL CHECK (amount > 0),
  method varchar(20) NOT NULL);
"""
SETTINGS = {"generate": {"rows": 1000, "now": NOW.replace(" ", "T")}}

AGREES = """
WITH p AS (SELECT b.status::text AS status, b.total_amount AS total,
  coalesce((SELECT sum(y.amount) FROM bill_payment y WHERE y.bill_id = b.bill_id), 0) AS paid
  FROM bill b)
SELECT count(*)::int, count(*) FILTER (WHERE
     (status IN ('draft', 'sent', 'cancelled') AND paid = 0)
  OR (status = 'partially_paid' AND paid > 0 AND paid < total)
  OR (status = 'paid' AND total > 0 AND paid >= total))::int FROM p
"""
TOTALS = """
SELECT count(*)::int, count(*) FILTER (WHERE total_amount =
  coalesce((SELECT sum(l.amount) FROM bill_line l WHERE l.bill_id = b.bill_id), 0))::int
FROM bill b
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_bills_status_agrees_with_its_payments(loaded: str) -> None:
    applies, holds = share(loaded, AGREES, now=NOW)
    assert applies == 1000
    assert holds >= 0.98


def test_the_totals_stay_the_sums_of_the_lines_and_bills_are_paid(loaded: str) -> None:
    applies, holds = share(loaded, TOTALS)
    assert applies == 1000
    assert holds >= 0.98
    with psycopg.connect(loaded) as conn:
        # the payments all stay, on bills that total something and are paid
        assert count(conn, "SELECT count(*) FROM bill_payment") == 1000
        assert count(conn, "SELECT count(*) FROM bill WHERE status = 'paid'") >= 200
