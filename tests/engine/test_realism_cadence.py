"""A label that decides a period, and a bill's labels placed by what they mean, on a schema of
our own (a SaaS billing app: plans billed monthly or annually, subscriptions to them, invoices
for billing cycles, usage statements of a workspace on its own weekly or monthly cadence),
checked in SQL on what a real PostgreSQL holds, with the run's clock pinned:

- an invoice's cycle is as long as its subscription's plan's interval says (two hops through
  NOT NULL keys; the plan's CHECK IN values are cadence words): a month is 28 to 31 days
  counted inclusively, a year 365 or 366;
- a statement's period follows its own row's cadence label (weekly: 7 days), a payout's the
  cadence its label column declares as DEFAULT (no CHECK lists it);
- an invoice's state agrees with its dates whatever the enum's declaration order: a draft is
  not finalized, an open one is finalized and not due yet, a past-due one is finalized, past
  due and unpaid, a paid one was paid after it was finalized and by now, a void one was
  finalized and never paid."""

from __future__ import annotations

from functools import partial

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-06-01 12:00:00+00"
SCHEMA = """
CREATE TYPE invoice_state AS ENUM ('draft', 'open', 'paid', 'past_due', 'void');
CREATE TABLE workspaces (id bigserial PRIMARY KEY, name text NOT NULL,
  created_at timestamptz NOT NULL);
CREATE TABLE plans (id serial PRIMARY KEY, code varchar(30) NOT NULL UNIQUE,
  billing_interval text NOT NULL CHECK (billing_interval IN ('monthly', 'annual')),
  price numeric(10,2) NOT NULL);
CREATE TABLE subscriptions (id bigserial PRIMARY KEY,
  workspace_id bigint NOT NULL REFERENCES workspaces(id),
  plan_id int NOT NULL REFERENCES plans(id), started_at timestamptz NOT NULL);
CREATE TABLE invoices (id bigserial PRIMARY KEY,
  subscription_id bigint NOT NULL REFERENCES subscriptions(id),
  billing_cycle_start date NOT NULL, billing_cycle_end date NOT NULL,
  finalized_at timestamptz, due_date date, paid_at timestamptz,
  state invoice_state NOT NULL, amount_due numeric(10,2) NOT NULL,
  created_at timestamptz NOT NULL);
CREATE TABLE usage_statements (id bigserial PRIMARY KEY,
  workspace_id bigint NOT NULL REFERENCES workspaces(id),
  cadence varchar(12) NOT NULL CHECK (cadence IN ('weekly', 'monthly')),
  reporting_from date NOT NULL, reporting_to date NOT NULL, generated_on date,
  units_used int NOT NULL);
CREATE TABLE partner_payouts (id bigserial PRIMARY KEY,
  workspace_id bigint NOT NULL REFERENCES workspaces(id),
  payout_schedule varchar(16) NOT NULL DEFAULT 'weekly',
  period_start date NOT NULL, period_end date NOT NULL, sent_on date,
  amount numeric(10,2) NOT NULL);
"""


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    settings = {"generate": {"rows": 800, "now": NOW.replace(" ", "T")}}
    with loaded_database(pg_cluster, SCHEMA, settings) as conninfo:
        yield conninfo


_share = partial(share, now=NOW)


def test_an_invoice_cycle_lasts_its_plans_interval(loaded: str) -> None:
    applies, held = _share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE CASE p.billing_interval"
        " WHEN 'monthly' THEN i.billing_cycle_end - i.billing_cycle_start + 1 BETWEEN 28 AND 31"
        " WHEN 'annual' THEN i.billing_cycle_end - i.billing_cycle_start + 1 BETWEEN 365 AND 366"
        " END) FROM invoices i JOIN subscriptions s ON s.id = i.subscription_id"
        " JOIN plans p ON p.id = s.plan_id",
    )
    assert applies > 500 and held >= 0.98, held


def test_both_intervals_are_billed(loaded: str) -> None:
    applies, annual = _share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE i.billing_cycle_end - i.billing_cycle_start"
        " > 300) FROM invoices i",
    )
    assert applies > 500 and 0.05 < annual < 0.95, annual


def test_a_statement_follows_its_own_cadence(loaded: str) -> None:
    applies, held = _share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE CASE cadence"
        " WHEN 'weekly' THEN reporting_to - reporting_from + 1 = 7"
        " WHEN 'monthly' THEN reporting_to - reporting_from + 1 BETWEEN 28 AND 31 END)"
        " FROM usage_statements",
    )
    assert applies > 500 and held >= 0.98, held


def test_an_invoice_state_agrees_with_its_dates(loaded: str) -> None:
    applies, held = _share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE (paid_at IS NULL OR paid_at <= :now)"
        " AND CASE state"
        " WHEN 'draft' THEN finalized_at IS NULL AND paid_at IS NULL"
        " WHEN 'open' THEN finalized_at <= :now AND due_date >= :now::date AND paid_at IS NULL"
        " WHEN 'past_due' THEN finalized_at <= :now AND due_date < :now::date"
        "   AND paid_at IS NULL"
        " WHEN 'paid' THEN finalized_at <= paid_at"
        " WHEN 'void' THEN finalized_at IS NOT NULL AND paid_at IS NULL END)"
        " FROM invoices",
    )
    assert applies > 500 and held >= 0.98, held


def test_past_due_and_void_invoices_are_few(loaded: str) -> None:
    _, held = _share(
        loaded,
        "SELECT 1, CASE WHEN count(*) FILTER (WHERE state = 'past_due') BETWEEN 1"
        " AND 0.10 * count(*) AND count(*) FILTER (WHERE state = 'void') <= 0.05 * count(*)"
        " THEN 1 ELSE 0 END FROM invoices WHERE state <> 'draft'",
    )
    assert held == 1


def test_a_payout_follows_its_declared_default_cadence(loaded: str) -> None:
    applies, held = _share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE period_end - period_start + 1 = 7)"
        " FROM partner_payouts WHERE payout_schedule = 'weekly'",
    )
    assert applies > 500 and held >= 0.98, held
