"""A parent's numbered visits that rules/sequence.py lays days to weeks apart each take place in
the site's working hours (rules/during.py no longer holds them inside the parent's own time,
which they outrun): on a schema of our own, a service call's visits (`call_visits.on_site_from`,
numbered per call, the call's workshop's `country_code` giving the local time) start on a
weekday between 08:00 and 17:00 local time: 95 % (before: 81 %, the hours the chain left them;
what is left is rules/apart.py's reorder of two visits of one day, by raw minutes)."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import psycopg
import pytest

from tests.engine.loading import loaded_database
from workbench.generate.rules.local_time import country_zone

SCHEMA = """
CREATE TABLE workshops (id serial PRIMARY KEY, workshop_name text NOT NULL,
  country_code char(2) NOT NULL, town text NOT NULL);
CREATE TABLE technicians (id serial PRIMARY KEY, workshop_id int NOT NULL REFERENCES workshops(id),
  full_name text NOT NULL);
CREATE TABLE service_calls (id bigserial PRIMARY KEY,
  workshop_id int NOT NULL REFERENCES workshops(id),
  logged_at timestamptz NOT NULL, planned_start timestamptz, planned_finish timestamptz,
  closed_at timestamptz,
  state text NOT NULL CHECK (state IN ('open', 'closed')));
CREATE TABLE call_visits (id bigserial PRIMARY KEY,
  service_call_id bigint NOT NULL REFERENCES service_calls(id),
  visit_number smallint NOT NULL,
  technician_id int NOT NULL REFERENCES technicians(id),
  on_site_from timestamptz NOT NULL, on_site_until timestamptz,
  UNIQUE (service_call_id, visit_number));
"""
NOW = "2026-12-07T09:30:00+00:00"


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    settings = {
        "generate": {"rows": 600, "now": NOW},
        "tables": {"workshops": {"rows": 30}, "technicians": {"rows": 90},
                   "service_calls": {"rows": 300}},
    }  # fmt: skip
    with loaded_database(pg_cluster, SCHEMA, settings, seed=11) as conninfo:
        yield conninfo


def test_visits_on_weekdays_in_working_hours(loaded: str) -> None:
    with psycopg.connect(loaded) as conn:
        rows = conn.execute(
            "SELECT v.on_site_from, w.country_code FROM call_visits v"
            " JOIN service_calls c ON c.id = v.service_call_id"
            " JOIN workshops w ON w.id = c.workshop_id"
        ).fetchall()
    judged = held = 0
    for at, code in rows:
        zone = country_zone(code)
        if not zone:
            continue
        local: datetime = at.astimezone(ZoneInfo(zone))
        judged += 1
        minute = local.hour * 60 + local.minute
        held += local.isoweekday() <= 5 and 8 * 60 <= minute <= 17 * 60
    assert judged >= 400 and held / judged >= 0.92
