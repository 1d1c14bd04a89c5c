"""A parent's stages go on only from the one that leads on, on a schema of our own (a choir's
auditions and their rounds, a shop's card payments and their tries): a round is numbered per
audition with an outcome among pending/passed/failed/withdrawn and no turned-down label, so a
next round follows only a passed one; a payment's `attempt_no` is a try, so a next attempt
follows only a failed one (rules/stage_number.py). Checked in SQL on what a real PostgreSQL
holds, at two seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE singers (id serial PRIMARY KEY, full_name text NOT NULL);
CREATE TABLE auditions (id serial PRIMARY KEY, singer_id int NOT NULL REFERENCES singers(id),
  applied_at timestamptz NOT NULL, voice_part text);
CREATE TABLE audition_rounds (id serial PRIMARY KEY,
  audition_id int NOT NULL REFERENCES auditions(id), round_no int NOT NULL,
  held_at timestamptz NOT NULL,
  outcome text NOT NULL DEFAULT 'pending'
    CHECK (outcome IN ('pending', 'passed', 'failed', 'withdrawn')),
  UNIQUE (audition_id, round_no));
CREATE TABLE orders (id serial PRIMARY KEY, placed_at timestamptz NOT NULL,
  total numeric(10,2) NOT NULL);
CREATE TABLE card_payments (id serial PRIMARY KEY, order_id int NOT NULL REFERENCES orders(id),
  attempt_no int NOT NULL, tried_at timestamptz NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
  UNIQUE (order_id, attempt_no));
"""


def _led_on(table: str, parent: str, number: str, column: str, label: str) -> str:
    """(rows a next one of the parent follows, share of them with `label`)."""
    return f"""
    SELECT count(*), count(*) FILTER (WHERE {column} = '{label}')
    FROM (SELECT {column}, lead({number}) OVER (PARTITION BY {parent} ORDER BY {number}) AS nxt
          FROM {table}) t
    WHERE nxt IS NOT NULL"""


NOW = "2026-06-01T12:00:00+00:00"
SETTINGS = {"generate": {"rows": 500, "now": NOW}, "tables": {"public.singers": {"rows": 100}}}


@pytest.fixture(scope="module", params=[1, 2])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_next_round_follows_a_passed_one(loaded: str) -> None:
    query = _led_on("audition_rounds", "audition_id", "round_no", "outcome", "passed")
    applies, holds = share(loaded, query)
    assert applies > 30
    assert holds >= 0.98


def test_a_next_attempt_follows_a_failed_one(loaded: str) -> None:
    applies, holds = share(
        loaded, _led_on("card_payments", "order_id", "attempt_no", "status", "failed")
    )
    assert applies > 30
    assert holds >= 0.98
