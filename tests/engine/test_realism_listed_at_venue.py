"""Work planned at a place in its own time zone, on a schema of our own (a planning
consultancy: its projects' mediations listed at town halls across Europe, each hall with its
`tz`), checked in SQL with the run's clock pinned to a Monday morning (rules/opening.py's
work planned): a mediation's `scheduled_at` is Monday to Friday and starts in the core of the
working day, 08:30-16:30, in the hall's local time (not from 08:00 to 16:55)."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE town_halls (id serial PRIMARY KEY, name text NOT NULL, city text NOT NULL,
  street text NOT NULL, tz text NOT NULL);
CREATE TABLE projects (id serial PRIMARY KEY, title text NOT NULL,
  opened_at timestamptz NOT NULL, closed_at timestamptz);
CREATE TABLE mediations (id bigserial PRIMARY KEY,
  project_id int NOT NULL REFERENCES projects(id),
  town_hall_id int NOT NULL REFERENCES town_halls(id),
  scheduled_at timestamptz NOT NULL, expected_minutes int CHECK (expected_minutes > 0),
  status text NOT NULL CHECK (status IN ('scheduled', 'held', 'adjourned', 'vacated')));
"""
NOW = "2026-12-07T09:30:00+00:00"


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    settings = {"generate": {"rows": 1000, "now": NOW}, "tables": {"town_halls": {"rows": 30}}}
    with loaded_database(pg_cluster, SCHEMA, settings, seed=5) as conninfo:
        yield conninfo


def test_a_mediation_is_listed_in_the_core_of_the_halls_working_day(loaded: str) -> None:
    judged, held = share(
        loaded,
        """WITH x AS (SELECT i.scheduled_at AT TIME ZONE t.tz AS lt FROM mediations i
                      JOIN town_halls t ON t.id = i.town_hall_id
                      WHERE t.tz IN (SELECT name FROM pg_timezone_names))
           SELECT count(*), count(*) FILTER (WHERE extract(isodow FROM x.lt) BETWEEN 1 AND 5
             AND x.lt::time BETWEEN time '08:30' AND time '16:30') FROM x""",
    )
    assert judged > 900 and held >= 0.99
