"""Billing periods chain under their parent, on a schema of our own (a software vendor: customers,
their subscriptions from a start to an end, and the charges of each subscription's billing
cycles, numbered by a partial key that leaves cancelled charges out), checked in SQL on what a
real PostgreSQL holds, with the run's clock pinned:

- a subscription's live charges are numbered 1, 2, 3 in period order (`cycle_number`: a thing
  that comes in series, numbered per parent by `UNIQUE (subscription_id, cycle_number) WHERE
  state <> 'cancelled'`); the first period starts the day the subscription does, each next
  one the day after the previous ended, none longer than a quarter, all within the
  subscription's time;
- a cancelled charge stands beside the charge that replaced it (its number and period);
- a charge still open (sent, part paid) comes after every settled one of its subscription
  and is not due yet."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-06-01 12:00:00+00"
SCHEMA = """
CREATE TYPE charge_state AS ENUM ('draft', 'sent', 'part_paid', 'settled', 'overdue',
  'cancelled');
CREATE TABLE customers (id serial PRIMARY KEY, name text NOT NULL);
CREATE TABLE subscriptions (id serial PRIMARY KEY,
  customer_id int NOT NULL REFERENCES customers(id), plan_name text NOT NULL,
  started_on date NOT NULL, ended_on date, CHECK (ended_on IS NULL OR ended_on > started_on));
CREATE TABLE subscription_charges (id serial PRIMARY KEY,
  subscription_id int NOT NULL REFERENCES subscriptions(id), cycle_number int NOT NULL
  CHECK (cycle_number > 0), billing_from date NOT NULL, billing_to date NOT NULL,
  issued_on date NOT NULL, due_on date NOT NULL, state charge_state NOT NULL,
  paid_at timestamptz, amount numeric(10,2) NOT NULL, CHECK (billing_to >= billing_from),
  CHECK (due_on >= issued_on));
CREATE UNIQUE INDEX subscription_charges_live_key ON subscription_charges
  (subscription_id, cycle_number) WHERE state <> 'cancelled';
"""
LIVE = """
WITH c AS (
  SELECT c.*, s.started_on, s.ended_on, row_number() OVER w AS rn,
         lag(c.billing_to) OVER w AS prev_end, count(*) OVER (PARTITION BY c.subscription_id) AS n
  FROM subscription_charges c JOIN subscriptions s ON s.id = c.subscription_id
  WHERE c.state <> 'cancelled'
  WINDOW w AS (PARTITION BY c.subscription_id ORDER BY c.billing_from, c.id))
"""


@pytest.fixture(scope="module")
def loaded(pg_cluster) -> Iterator[str]:
    settings = {"generate": {"rows": 600, "now": NOW.replace(" ", "T")}}
    with loaded_database(pg_cluster, SCHEMA, settings) as conninfo:
        yield conninfo


def test_live_charges_chain_from_the_subscription_start(loaded: str) -> None:
    n, held = share(
        loaded,
        LIVE
        + """SELECT count(*), count(*) FILTER (WHERE cycle_number = rn
                 AND billing_from = coalesce(prev_end + 1, started_on)
                 AND billing_to < (billing_from + interval '3 months')::date
                 AND (ended_on IS NULL OR billing_to <= ended_on)) FROM c""",
    )
    assert n > 500 and held >= 0.98, held
    chained, _ = share(
        loaded, LIVE + "SELECT count(DISTINCT subscription_id), 0 FROM c WHERE n >= 3"
    )
    assert chained > 10  # subscriptions with several cycles: the chain is tested, not assumed


def test_a_cancelled_charge_stands_beside_its_replacement(loaded: str) -> None:
    n, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE EXISTS (SELECT 1 FROM subscription_charges l
               WHERE l.subscription_id = x.subscription_id AND l.state <> 'cancelled'
                 AND l.cycle_number = x.cycle_number AND l.billing_from = x.billing_from))
           FROM subscription_charges x WHERE x.state = 'cancelled'""",
    )
    assert n > 0 and held >= 0.9, held


def test_an_open_charge_is_the_latest_and_not_due_yet(loaded: str) -> None:
    n, held = share(
        loaded,
        LIVE
        + """SELECT count(*), count(*) FILTER (WHERE due_on >= :now::date
                 AND NOT EXISTS (SELECT 1 FROM c later
                                 WHERE later.subscription_id = c.subscription_id
                                   AND later.rn > c.rn AND later.state = 'settled'))
             FROM c WHERE state IN ('sent', 'part_paid')""",
        now=NOW,
    )
    assert n > 10 and held >= 0.95, held
