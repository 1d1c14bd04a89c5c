"""Work staff do at a customer's place is booked in working hours on working days, on a schema
of our own (an office-plant upkeep firm: gardeners visit client offices in cities of their
own time zones, and repairs of the offices' irrigation are booked and done), checked in SQL
on what a real PostgreSQL holds, with the run's clock pinned:

- a visit's booked start (`target_start`, a plan beside the `started_at` and `ended_at` it
  happened at) is Monday to Friday, 08:00-17:00 in its office's local time (two hops away:
  visits → offices → cities), not the actual start: rules/opening.py places the plan and the
  times that happened move with it, so a visit still starts close to its booking and by the
  clock where it started;
- a repair (a job a technician is sent to, rules/span.SCALES) is booked on a weekday between
  08:00 and 17:00 too: its wall-clock `expected_start` (a `timestamp`, already local)."""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"
SCHEMA = """
CREATE TYPE visit_state AS ENUM ('booked', 'on_site', 'done', 'called_off');
CREATE TABLE cities (id serial PRIMARY KEY, name text NOT NULL, time_zone text NOT NULL);
CREATE TABLE offices (id serial PRIMARY KEY, city_id int NOT NULL REFERENCES cities(id),
  street text NOT NULL, floor_count smallint);
CREATE TABLE gardeners (id serial PRIMARY KEY, full_name text NOT NULL, hired_on date NOT NULL);
CREATE TABLE upkeep_visits (id bigserial PRIMARY KEY,
  office_id int NOT NULL REFERENCES offices(id), gardener_id int REFERENCES gardeners(id),
  target_start timestamptz NOT NULL, started_at timestamptz, ended_at timestamptz,
  state visit_state NOT NULL DEFAULT 'booked',
  CHECK (ended_at IS NULL OR started_at IS NULL OR ended_at >= started_at));
CREATE TABLE repairs (id bigserial PRIMARY KEY, office_id int NOT NULL REFERENCES offices(id),
  expected_start timestamp NOT NULL, started_at timestamp, completed_at timestamp,
  fault text, CHECK (completed_at IS NULL OR completed_at >= started_at));
"""
IN_HOURS = """extract(isodow FROM {at}) BETWEEN 1 AND 5
              AND {at}::time BETWEEN time '08:00' AND time '17:00'"""


@pytest.fixture(scope="module")
def loaded(pg_cluster: Any) -> Any:
    settings = {
        "generate": {"rows": 1000, "now": NOW.replace(" ", "T")},
        "tables": {"cities": {"rows": 25}, "offices": {"rows": 150}, "gardeners": {"rows": 40}},
    }
    with loaded_database(pg_cluster, SCHEMA, settings, seed=4) as conninfo:
        yield conninfo


def test_visits_booked_in_the_offices_local_working_hours(loaded: str) -> None:
    local = "(v.target_start AT TIME ZONE c.time_zone)"
    judged, held = share(
        loaded,
        f"""SELECT count(*), count(*) FILTER (WHERE {IN_HOURS.format(at=local)})
            FROM upkeep_visits v JOIN offices o ON o.id = v.office_id
            JOIN cities c ON c.id = o.city_id""",
    )
    assert judged == 1000 and held >= 0.98


def test_visits_start_close_to_their_booking_and_by_the_clock(loaded: str) -> None:
    judge = partial(share, loaded, now=NOW)
    judged, held = judge(
        """SELECT count(*), count(*) FILTER (WHERE started_at <= :now
             AND (ended_at IS NULL OR ended_at <= :now)
             AND started_at - target_start BETWEEN interval '-1 hour' AND interval '9 hours')
           FROM upkeep_visits WHERE state = 'done'"""
    )
    assert judged > 500 and held >= 0.98


def test_repairs_booked_on_weekdays_in_working_hours(loaded: str) -> None:
    judged, held = share(
        loaded,
        f"""SELECT count(*), count(*) FILTER (WHERE {IN_HOURS.format(at="expected_start")})
            FROM repairs""",
    )
    assert judged == 1000 and held >= 0.98
