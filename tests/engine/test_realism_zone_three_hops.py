"""Work planned at a site of the business lies in working hours of the site's local time where
the time zone is three hops away, on a schema of our own (a harbour authority: berths of
harbours in regions with their own time zones; each berth's safety checks are planned
ahead): a check's `planned_at` is Monday to Friday, 08:00-17:00 in the zone of its berth's
harbour's region (checks → berths → harbours → regions: rules/local_time.py reads a
grandparent's key to a table with a zone, rules/opening.py places the planned time)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"
SCHEMA = """
CREATE TABLE regions (id serial PRIMARY KEY, name text NOT NULL, country_code char(2) NOT NULL,
  timezone text NOT NULL);
CREATE TABLE harbours (id serial PRIMARY KEY, region_id int NOT NULL REFERENCES regions(id),
  name text NOT NULL, opened_on date NOT NULL);
CREATE TABLE berths (id serial PRIMARY KEY, harbour_id int NOT NULL REFERENCES harbours(id),
  code text NOT NULL, street text, latitude numeric(9,6) NOT NULL,
  longitude numeric(9,6) NOT NULL, length_m numeric(6,1) NOT NULL);
CREATE TABLE berth_checks (id serial PRIMARY KEY,
  berth_id int NOT NULL REFERENCES berths(id), planned_at timestamptz NOT NULL,
  done_at timestamptz, result text CHECK (result IN ('pass', 'fail')));
"""


@pytest.fixture(scope="module")
def loaded(pg_cluster: Any) -> Any:
    settings = {
        "generate": {"rows": 1000, "now": NOW.replace(" ", "T")},
        "tables": {"regions": {"rows": 30}, "harbours": {"rows": 200}, "berths": {"rows": 400}},
    }
    with loaded_database(pg_cluster, SCHEMA, settings, seed=3) as conninfo:
        yield conninfo


def test_checks_planned_in_the_regions_local_working_hours(loaded: str) -> None:
    local = "(k.planned_at AT TIME ZONE r.timezone)"
    judged, held = share(
        loaded,
        f"""SELECT count(*), count(*) FILTER (WHERE extract(isodow FROM {local}) BETWEEN 1 AND 5
              AND {local}::time BETWEEN time '08:00' AND time '17:00')
            FROM berth_checks k JOIN berths b ON b.id = k.berth_id
            JOIN harbours h ON h.id = b.harbour_id JOIN regions r ON r.id = h.region_id""",
    )
    assert judged == 1000 and held >= 0.98
