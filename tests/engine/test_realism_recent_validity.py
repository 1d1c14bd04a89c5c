"""A row the run's clock places lately (still pending) uses a parent in force on every one of
the recent days, on a schema of our own (a car park operator's passes under subscriptions,
and charges made with them), checked in SQL on what a real PostgreSQL holds, with the clock
pinned: a pending charge came to be in the last days, with a pass valid that day whose
subscription was running, though most passes lapsed long ago."""

from __future__ import annotations

from functools import partial

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 15:00:00+00"
SCHEMA = """
CREATE TYPE charge_state AS ENUM ('pending', 'captured', 'failed', 'refunded');
CREATE TABLE subscriptions (id serial PRIMARY KEY, holder_name text NOT NULL,
  started_on date NOT NULL, ended_on date, CHECK (ended_on IS NULL OR ended_on >= started_on));
CREATE TABLE parking_passes (id serial PRIMARY KEY,
  subscription_id int NOT NULL REFERENCES subscriptions(id), pass_code varchar(10) NOT NULL,
  issued_on date NOT NULL, expires_on date NOT NULL, CHECK (expires_on > issued_on));
CREATE TABLE pass_charges (id bigserial PRIMARY KEY,
  pass_id int NOT NULL REFERENCES parking_passes(id), charged_at timestamptz NOT NULL,
  fee numeric(8,2) NOT NULL, state charge_state NOT NULL, captured_at timestamptz);
"""


@pytest.fixture(scope="module")
def measured(pg_cluster):
    settings = {
        "generate": {"rows": 1000, "now": NOW.replace(" ", "T")},
        "tables": {"public.subscriptions": {"rows": 300}, "public.parking_passes": {"rows": 600}},
    }
    with loaded_database(pg_cluster, SCHEMA, settings) as conninfo:
        yield partial(share, conninfo, now=NOW)


def test_a_pending_charge_is_recent_and_made_with_a_pass_in_force(measured) -> None:
    applies, held = measured(
        """SELECT count(*), count(*) FILTER (WHERE c.charged_at >= :now - interval '5 days'
               AND c.charged_at <= :now
               AND c.charged_at::date BETWEEN p.issued_on AND p.expires_on
               AND c.charged_at::date >= s.started_on
               AND (s.ended_on IS NULL OR c.charged_at::date <= s.ended_on))
           FROM pass_charges c JOIN parking_passes p ON p.id = c.pass_id
           JOIN subscriptions s ON s.id = p.subscription_id
           WHERE c.state = 'pending'"""
    )
    assert applies >= 10 and held >= 0.98


def test_every_charge_is_made_with_a_pass_in_force(measured) -> None:
    applies, held = measured(
        """SELECT count(*), count(*) FILTER (WHERE
               c.charged_at::date BETWEEN p.issued_on AND p.expires_on)
           FROM pass_charges c JOIN parking_passes p ON p.id = c.pass_id
           WHERE c.state IN ('pending', 'captured')"""
    )
    assert applies >= 100 and held >= 0.98
    # most passes lapsed before now: a pending charge needs picking among the few in force
    applies, held = measured(
        "SELECT count(*), count(*) FILTER (WHERE expires_on < :now) FROM parking_passes"
    )
    assert held >= 0.5
