"""A row's local hours read from its country through a table of countries (rules/local_time.py)
take the country's own code, not another code a country has: on a schema of our own, a
surveyor's visits to farms (`farm_visits.planned_for`, the farm's `nation_code` a key to
`countries.code`, beside its `calling_code`) start on a weekday between
09:00 and 17:00 in the farm's country's time (its largest city's zone), not in UTC."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import psycopg
import pytest

from tests.engine.loading import loaded_database
from workbench.generate.rules.local_time import country_zone

SCHEMA = """
CREATE TABLE countries (code char(2) PRIMARY KEY, label text NOT NULL,
  calling_code varchar(5) NOT NULL, vat_rate numeric(5,2));
CREATE TABLE farms (id serial PRIMARY KEY, farm_name text NOT NULL,
  nation_code char(2) NOT NULL REFERENCES countries(code));
CREATE TABLE surveyors (id serial PRIMARY KEY, full_name text NOT NULL);
CREATE TABLE farm_visits (id bigserial PRIMARY KEY,
  farm_id int NOT NULL REFERENCES farms(id),
  surveyor_id int NOT NULL REFERENCES surveyors(id),
  planned_for timestamptz NOT NULL, note text);
"""
NOW = "2026-12-07T09:30:00+00:00"


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    settings = {
        "generate": {"rows": 400, "now": NOW},
        "tables": {"farms": {"rows": 120}, "surveyors": {"rows": 20}},
    }
    with loaded_database(pg_cluster, SCHEMA, settings, seed=7) as conninfo:
        yield conninfo


def test_visits_in_the_farm_country_hours(loaded: str) -> None:
    with psycopg.connect(loaded) as conn:
        rows = conn.execute(
            "SELECT v.planned_for, f.nation_code"
            " FROM farm_visits v JOIN farms f ON f.id = v.farm_id"
        ).fetchall()
    judged = held = 0
    for at, code in rows:
        zone = country_zone(code)
        if not zone:
            continue
        local: datetime = at.astimezone(ZoneInfo(zone))
        judged += 1
        minute = local.hour * 60 + local.minute
        held += local.isoweekday() <= 5 and 9 * 60 <= minute < 17 * 60
    # the countries are far apart: read in UTC, a good share would fall outside
    assert judged >= 300 and held / judged >= 0.98
