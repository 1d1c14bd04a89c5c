"""Histories that reach the run's clock, on a schema of our own (a glazing contractor: depots
with a barrier log, jobs, the labour booked to them, and the tribunal sittings of its
disputes), checked in SQL on what a real PostgreSQL holds, with the clock pinned:

- the day labour was done (`labour_date`, a date beside the row's `created_at`) is never
  after today, even for a row written this morning (a day rounds up past the time it
  follows: it would be tomorrow), and the bookings run up to the last weeks
  (vocab/lexicon.work_done, rules/timeline.after_anchor);
- a sitting still `scheduled` lies ahead of the clock, one `held` or `adjourned` behind it
  (vocab/outcomes: held after scheduled is the event done, adjourned and vacated are
  failures; rules/stage_clock.py);
- at every depot the latest barrier passage is days old, not weeks: a log of what happens at
  a site every day runs up to now (rules/ongoing.py, EVENT_WORDS)."""

from __future__ import annotations

from functools import partial

import pytest

from tests.conftest import REPO
from tests.engine.loading import load_schema, share
from workbench.config.file import parse_config
from workbench.schema.parse import parse_schema_text

NOW = "2026-12-12 23:00:00+00"  # a Saturday night
TODAY = "(:now AT TIME ZONE 'UTC')::date"  # the clock's day
SCHEMA = """
CREATE TABLE depots (id serial PRIMARY KEY, depot_name text NOT NULL,
  opened_on date NOT NULL);
CREATE TABLE glaziers (id serial PRIMARY KEY, full_name text NOT NULL,
  depot_id int NOT NULL REFERENCES depots(id), hired_on date NOT NULL);
CREATE TABLE jobs (id bigserial PRIMARY KEY, depot_id int NOT NULL REFERENCES depots(id),
  site_address text NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
CREATE TABLE labour_entries (id bigserial PRIMARY KEY,
  job_id bigint NOT NULL REFERENCES jobs(id), glazier_id int NOT NULL REFERENCES glaziers(id),
  labour_date date NOT NULL, hours numeric(4,1) NOT NULL CHECK (hours > 0),
  created_at timestamptz NOT NULL DEFAULT now());
CREATE TYPE sitting_state AS ENUM ('scheduled', 'held', 'adjourned', 'vacated');
CREATE TABLE tribunal_sittings (id serial PRIMARY KEY,
  job_id bigint NOT NULL REFERENCES jobs(id), scheduled_at timestamptz NOT NULL,
  state sitting_state NOT NULL DEFAULT 'scheduled', notes text);
CREATE TABLE barrier_log (id bigserial PRIMARY KEY,
  depot_id int NOT NULL REFERENCES depots(id),
  direction text NOT NULL CHECK (direction IN ('in', 'out')),
  passed_at timestamptz NOT NULL);
"""


def _loaded(pg_cluster, seed: int):
    name = pg_cluster.create_database()
    conninfo = pg_cluster.conninfo(name)
    config = parse_config(
        {
            "generate": {"rows": 1000, "now": NOW.replace(" ", "T")},
            "tables": {"depots": {"rows": 12}, "glaziers": {"rows": 60}},
        },
        REPO / "sandbox.toml",
    )
    load_schema(conninfo, parse_schema_text(SCHEMA, "schema.sql"), config, seed=seed)
    return name, conninfo


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    name, conninfo = _loaded(pg_cluster, request.param)
    yield conninfo
    pg_cluster.drop_database(name)


_share = partial(share, now=NOW)


def test_labour_is_booked_for_days_already_worked_up_to_the_last_weeks(loaded: str) -> None:
    applies, share = _share(
        loaded,
        f"SELECT count(*), count(*) FILTER (WHERE labour_date <= {TODAY}"
        f" AND (SELECT max(labour_date) FROM labour_entries) >= {TODAY} - 30)"
        " FROM labour_entries",
    )
    assert applies > 800 and share == 1.0, share


def test_a_scheduled_sitting_lies_ahead_and_a_held_one_behind(loaded: str) -> None:
    applies, share = _share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE CASE state"
        " WHEN 'scheduled' THEN scheduled_at > :now - interval '1 day'"
        "   AND scheduled_at < :now + interval '2 years'"
        " WHEN 'vacated' THEN scheduled_at < :now + interval '2 years'"
        " ELSE scheduled_at <= :now END) FROM tribunal_sittings",
    )
    assert applies > 800 and share >= 0.99, share
    held, _ = _share(loaded, "SELECT count(*), 1 FROM tribunal_sittings WHERE state = 'held'")
    assert held > 500, held


def test_every_depot_logged_a_passage_in_the_last_week(loaded: str) -> None:
    applies, share = _share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE passed_at <= :now"
        " AND latest >= :now - interval '7 days') FROM (SELECT passed_at,"
        " max(passed_at) OVER (PARTITION BY depot_id) AS latest FROM barrier_log) x",
    )
    assert applies > 800 and share == 1.0, share
