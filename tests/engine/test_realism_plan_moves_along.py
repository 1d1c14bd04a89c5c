"""A row moved into its parent's window takes its plan along: on a schema of our own (a
greenhouse's growing seasons, each valid for a span of dates, all of them lately; a planting
is planned to start at a time and starts then or a little later), checked in SQL on what a
real PostgreSQL holds: a planting starts within a month after it was planned to.

rules/within.py moves a row's times by one shift into its parents' windows (a planting drawn
years ago into its season), keeping the times before the one it moves (a booking before its
trip) where they were, except the actual times of the row's own plan (`actual_departure` of
`scheduled_departure`). A row used at its actual time (`started_at`) left its plan behind:
on main a planting's `planned_start` stayed where it was drawn, months before it started
(80 % within a month; in the lift_maintenance domain a visit's scheduled start and its start
crossed the next visit's)."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"
SCHEMA = """
CREATE TABLE greenhouses (id serial PRIMARY KEY, label text NOT NULL);
CREATE TABLE seasons (season_id serial PRIMARY KEY,
  greenhouse_id int NOT NULL REFERENCES greenhouses(id),
  valid_from date NOT NULL, valid_to date NOT NULL, CHECK (valid_to > valid_from),
  CHECK (valid_from >= DATE '2025-06-01'));
CREATE TABLE plantings (id serial PRIMARY KEY,
  season_id int NOT NULL REFERENCES seasons(season_id),
  crop text NOT NULL,
  planned_start timestamp NOT NULL, started_at timestamp NOT NULL, finished_at timestamp,
  CHECK (started_at >= planned_start),
  CHECK (finished_at IS NULL OR finished_at >= started_at));
"""


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    settings = {
        "generate": {"rows": 1000, "now": NOW.replace(" ", "T")},
        "tables": {"greenhouses": {"rows": 20}, "seasons": {"rows": 120}},
    }
    with loaded_database(pg_cluster, SCHEMA, settings, seed=4) as conninfo:
        yield conninfo


def test_a_planting_starts_close_to_its_plan(loaded: str) -> None:
    judged, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (
             WHERE p.started_at - p.planned_start BETWEEN interval '0' AND interval '30 days')
           FROM plantings p""",
        now=NOW,
    )
    assert judged == 1000
    assert held >= 0.98
