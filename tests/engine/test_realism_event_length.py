"""An event people come to lasts what such an event lasts (rules/span.py, vocab/durations.py
EVENT), on a schema of our own, checked in SQL: a community hall's `hall_events` (named so by
the table, a planned `starts_at`/`ends_at`) and its `activities` (named so by their
`event_kind` column, `begins_at`/`ends_at`) last twenty minutes to four hours, not days; a
boiler's log of `boiler_events` that happened (`started_at`/`finished_at`) is no such thing
and keeps the span of a happening."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE halls (id serial PRIMARY KEY, name text NOT NULL, capacity int NOT NULL);
CREATE TABLE hall_events (id bigserial PRIMARY KEY,
  hall_id int NOT NULL REFERENCES halls(id),
  title text NOT NULL, audience text,
  starts_at timestamptz NOT NULL, ends_at timestamptz NOT NULL,
  CHECK (ends_at > starts_at));
CREATE TABLE activities (id bigserial PRIMARY KEY,
  hall_id int NOT NULL REFERENCES halls(id),
  event_kind varchar(30) NOT NULL,
  begins_at timestamptz NOT NULL, ends_at timestamptz NOT NULL);
CREATE TABLE boilers (id serial PRIMARY KEY, hall_id int NOT NULL REFERENCES halls(id));
CREATE TABLE boiler_events (id bigserial PRIMARY KEY,
  boiler_id int NOT NULL REFERENCES boilers(id),
  started_at timestamptz NOT NULL, finished_at timestamptz);
"""
NOW = "2026-12-07T09:30:00+00:00"
LASTS = """SELECT count(*), count(*) FILTER (WHERE {end} - {start}
             BETWEEN interval '20 minutes' AND interval '4 hours') FROM {table}"""


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    settings = {"generate": {"rows": 500, "now": NOW}, "tables": {"halls": {"rows": 15}}}
    with loaded_database(pg_cluster, SCHEMA, settings, seed=5) as conninfo:
        yield conninfo


def test_an_event_named_by_its_table_lasts_minutes_to_hours(loaded: str) -> None:
    judged, held = share(
        loaded, LASTS.format(start="starts_at", end="ends_at", table="hall_events")
    )
    assert judged == 500 and held >= 0.98


def test_an_event_named_by_its_kind_lasts_minutes_to_hours(loaded: str) -> None:
    judged, held = share(loaded, LASTS.format(start="begins_at", end="ends_at", table="activities"))
    assert judged == 500 and held >= 0.98


def test_a_log_of_happenings_is_no_event_attended(loaded: str) -> None:
    judged, held = share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE finished_at - started_at <= interval '12 hours') "
        "FROM boiler_events WHERE finished_at IS NOT NULL",
    )
    assert judged > 100 and held >= 0.98
