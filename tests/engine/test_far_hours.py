"""Local hours read from a place many keys away, and a show's evening with its gates before
it. A hydrant inspection (its inspector a member of staff, the time unique per hydrant) is
done at work in the local time of its region, four keys away (inspection -> hydrant -> street
-> district -> region's `time_zone`): on a working day by day. A performance at a theatre is
put on in the evening of its town's local time, lasts hours, and its gates open a quarter
hour to three hours before it begins. A service order started late after it was raised
keeps its time on site (rules/still_after.py). On a schema of our own,
one database per seed, at three seeds, on a pinned clock (rules/local_time.py,
rules/fixture_hours.py, rules/doors.py, kinds/shows.py)."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE region (region_id int PRIMARY KEY, label varchar(60) NOT NULL,
  time_zone varchar(40) NOT NULL);
CREATE TABLE district (district_id int PRIMARY KEY,
  region_id int NOT NULL REFERENCES region(region_id), label varchar(60) NOT NULL);
CREATE TABLE street (street_id int PRIMARY KEY,
  district_id int NOT NULL REFERENCES district(district_id), street_name varchar(80) NOT NULL);
CREATE TABLE hydrant (hydrant_id int PRIMARY KEY,
  street_id int NOT NULL REFERENCES street(street_id), asset_tag varchar(20) NOT NULL UNIQUE);
CREATE TABLE inspector (inspector_id int PRIMARY KEY, full_name varchar(80) NOT NULL,
  hired_on date NOT NULL);
CREATE TABLE hydrant_inspection (inspection_id bigint PRIMARY KEY,
  hydrant_id int NOT NULL REFERENCES hydrant(hydrant_id),
  inspected_at timestamptz NOT NULL,
  inspected_by_id int NOT NULL REFERENCES inspector(inspector_id),
  pressure_bar numeric(5,2) NOT NULL,
  UNIQUE (hydrant_id, inspected_at));
CREATE TABLE town (town_id int PRIMARY KEY, town_name varchar(80) NOT NULL,
  timezone text NOT NULL);
CREATE TABLE theatre (theatre_id int PRIMARY KEY,
  town_id int NOT NULL REFERENCES town(town_id), theatre_name varchar(80) NOT NULL,
  seats int NOT NULL);
CREATE TABLE performances (performance_id int PRIMARY KEY,
  theatre_id int NOT NULL REFERENCES theatre(theatre_id),
  production_title varchar(120) NOT NULL,
  gates_open_at timestamptz NOT NULL,
  begins_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  CHECK (ends_at > begins_at));
CREATE TYPE order_state AS ENUM ('raised', 'scheduled', 'in_progress', 'completed', 'cancelled');
CREATE TABLE depot (depot_id int PRIMARY KEY, depot_name varchar(60) NOT NULL,
  timezone varchar(40) NOT NULL);
CREATE TABLE service_orders (order_id int PRIMARY KEY,
  depot_id int NOT NULL REFERENCES depot(depot_id),
  order_ref varchar(20) NOT NULL UNIQUE,
  raised_at timestamptz NOT NULL,
  scheduled_for timestamptz,
  started_at timestamptz,
  completed_at timestamptz,
  status order_state NOT NULL);
"""
SETTINGS = {"generate": {"rows": 300, "now": NOW.replace(" ", "T")}}

AT_WORK = """
SELECT count(*)::int, count(*) FILTER (WHERE z.name IS NOT NULL
  AND extract(isodow FROM i.inspected_at AT TIME ZONE z.name) BETWEEN 1 AND 6
  AND (i.inspected_at AT TIME ZONE z.name)::time BETWEEN time '07:00' AND time '19:00')::int
FROM hydrant_inspection i JOIN hydrant h USING (hydrant_id) JOIN street s USING (street_id)
JOIN district d USING (district_id) JOIN region r USING (region_id)
LEFT JOIN pg_timezone_names z ON z.name = r.time_zone
"""
EVENING = """
SELECT count(*)::int, count(*) FILTER (WHERE z.name IS NOT NULL
  AND (p.begins_at AT TIME ZONE z.name)::time BETWEEN time '17:00' AND time '22:00')::int
FROM performances p JOIN theatre t USING (theatre_id) JOIN town w USING (town_id)
LEFT JOIN pg_timezone_names z ON z.name = w.timezone
"""
LENGTH_AND_GATES = """
SELECT count(*)::int, count(*) FILTER (WHERE
  ends_at - begins_at BETWEEN interval '1 hour' AND interval '8 hours'
  AND begins_at - gates_open_at BETWEEN interval '15 minutes' AND interval '3 hours')::int
FROM performances
"""

ON_SITE = """
SELECT count(*)::int, count(*) FILTER (WHERE
  completed_at - started_at BETWEEN interval '30 minutes' AND interval '48 hours')::int
FROM service_orders WHERE status = 'completed' AND started_at IS NOT NULL
  AND completed_at IS NOT NULL
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_far_local_hours_and_a_shows_evening(loaded: str) -> None:
    applies, holds = share(loaded, AT_WORK)
    assert applies >= 250
    assert holds >= 0.98
    applies, holds = share(loaded, EVENING)
    assert applies == 300
    assert holds >= 0.98
    applies, holds = share(loaded, LENGTH_AND_GATES)
    assert applies == 300
    assert holds >= 0.98


def test_a_job_moved_after_it_was_raised_keeps_its_time_on_site(loaded: str) -> None:
    applies, holds = share(loaded, ON_SITE)
    assert applies >= 100
    assert holds >= 0.98
