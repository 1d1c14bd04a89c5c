"""Children in sequence (rules/sequence.py), on a schema of our own: an expedition's stages
numbered 1, 2, 3… each started once the one before finished, inside the expedition; a
subscription's billing periods end to start (the next the day after), invoiced after they
end and not in the future, their points carried from one to the next; a season's rounds in
the slots their CHECK allows; a lease's rent payments due month after month from its start,
no more than its term. Checked in SQL on what a real PostgreSQL holds, at three seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"  # the run's clock, pinned: a Tuesday morning
SCHEMA = """
CREATE TABLE expeditions (id serial PRIMARY KEY, name text NOT NULL,
  started_at timestamptz, ended_at timestamptz);
CREATE TABLE stages (id serial PRIMARY KEY,
  expedition_id int NOT NULL REFERENCES expeditions(id), stage_no smallint NOT NULL,
  started_at timestamptz, finished_at timestamptz, UNIQUE (expedition_id, stage_no));
CREATE TABLE subscriptions (id serial PRIMARY KEY, plan text NOT NULL,
  activated_on date NOT NULL, cancelled_on date);
CREATE TABLE billing_periods (id serial PRIMARY KEY,
  subscription_id int NOT NULL REFERENCES subscriptions(id),
  billing_start date NOT NULL, billing_end date NOT NULL, invoiced_at timestamptz NOT NULL,
  opening_points numeric(10,2) NOT NULL, points_in numeric(10,2) NOT NULL,
  points_out numeric(10,2) NOT NULL, closing_points numeric(10,2) NOT NULL,
  UNIQUE (subscription_id, billing_start), CHECK (billing_end >= billing_start));
CREATE TABLE seasons (id serial PRIMARY KEY, opens_on date NOT NULL, closes_on date NOT NULL,
  CHECK (closes_on > opens_on));
CREATE TABLE rounds (id serial PRIMARY KEY, season_id int NOT NULL REFERENCES seasons(id),
  round_no smallint NOT NULL CHECK (round_no BETWEEN 1 AND 3),
  starts_on date NOT NULL, ends_on date NOT NULL, UNIQUE (season_id, round_no));
CREATE TABLE leases (id serial PRIMARY KEY, start_date date NOT NULL,
  term_months smallint NOT NULL CHECK (term_months > 0));
CREATE TABLE rent_payments (id serial PRIMARY KEY, lease_id int NOT NULL REFERENCES leases(id),
  payment_no smallint NOT NULL, due_date date NOT NULL, UNIQUE (lease_id, payment_no));
"""

STAGES = """
WITH s AS (SELECT g.*, e.started_at AS e_start, e.ended_at AS e_end,
                  row_number() OVER w AS rn, lag(g.finished_at) OVER w AS prev_end
           FROM stages g JOIN expeditions e ON e.id = g.expedition_id
           WINDOW w AS (PARTITION BY g.expedition_id ORDER BY g.stage_no))
SELECT count(*), count(*) FILTER (WHERE stage_no = rn AND started_at IS NOT NULL
    AND (prev_end IS NULL OR started_at >= prev_end) AND started_at >= e_start
    AND started_at <= :now
    AND (finished_at IS NULL OR finished_at > started_at AND finished_at <= :now
         AND (e_end IS NULL OR finished_at <= e_end)))
FROM s
"""
PERIODS = """
WITH p AS (SELECT b.*, s.activated_on, s.cancelled_on,
                  lag(billing_end) OVER w AS prev_end, lag(closing_points) OVER w AS prev_close
           FROM billing_periods b JOIN subscriptions s ON s.id = b.subscription_id
           WINDOW w AS (PARTITION BY subscription_id ORDER BY billing_start))
SELECT count(*), count(*) FILTER (WHERE billing_start >= activated_on
    AND (cancelled_on IS NULL OR billing_end <= cancelled_on)
    AND (prev_end IS NULL OR billing_start = prev_end + 1 AND opening_points = prev_close)
    AND closing_points = opening_points + points_in - points_out
    AND invoiced_at::date >= billing_end AND invoiced_at <= :now)
FROM p
"""
ROUNDS = """
WITH r AS (SELECT r.*, s.opens_on, s.closes_on, row_number() OVER w AS rn,
                  lag(r.ends_on) OVER w AS prev_end
           FROM rounds r JOIN seasons s ON s.id = r.season_id
           WINDOW w AS (PARTITION BY r.season_id ORDER BY r.round_no))
SELECT count(*), count(*) FILTER (WHERE round_no = rn AND (prev_end IS NULL OR starts_on > prev_end)
    AND starts_on >= opens_on AND ends_on <= closes_on AND ends_on > starts_on)
FROM r
"""
RENT = """
WITH p AS (SELECT p.*, l.start_date, l.term_months,
                  row_number() OVER (PARTITION BY p.lease_id ORDER BY p.payment_no) AS rn
           FROM rent_payments p JOIN leases l ON l.id = p.lease_id)
SELECT count(*), count(*) FILTER (WHERE payment_no = rn AND payment_no <= term_months
    AND abs(due_date - (start_date + make_interval(months => payment_no))::date) <= 3)
FROM p
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(pg_cluster, request):
    parents = {t: {"rows": 300} for t in ("expeditions", "subscriptions", "seasons", "leases")}
    parents["rounds"] = {"rows": 500}  # three a season at most
    settings = {
        "generate": {"rows": 800, "now": NOW.replace(" ", "T")},
        "tables": {f"public.{t}": v for t, v in parents.items()},
    }
    with loaded_database(pg_cluster, SCHEMA, settings, seed=request.param) as conninfo:
        yield conninfo


@pytest.mark.parametrize(
    "query", [STAGES, PERIODS, ROUNDS, RENT], ids=["gapped", "end_to_start", "slots", "cadence"]
)
def test_children_follow_one_another(loaded: str, query: str) -> None:
    applies, held = share(loaded, query, now=NOW)
    assert applies > 300
    assert held >= 0.98
