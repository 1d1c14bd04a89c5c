"""A technician's visit to a client's premises is booked in working hours where the premises
are (rules/opening.py, rules/local_time.py, rules/actual.py). A pest-control firm books its
routine visits (`scheduled_at`) on weekdays, 07:00-18:00 local time at the premises; the
technician starts (`started_at`) when they get there, close to the slot booked. Three things
missed on main: a bare `scheduled_at` beside `started_at` was no plan of the start, so the hours
went to the start and the booking lay anywhere (a visit booked at 03:00 started two years
later); the technician's country was read as where the visit happens (a person's home, not
the premises); and a table of countries' `time_zone` was drawn at random (GB in
America/New_York). On a schema of our own, at three seeds, on a pinned clock."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE country (iso_code char(2) PRIMARY KEY, country_name text NOT NULL,
  time_zone text NOT NULL);
CREATE TABLE client (client_id int PRIMARY KEY, company_name text NOT NULL,
  billing_email text NOT NULL);
CREATE TABLE technician (technician_id int PRIMARY KEY, first_name text NOT NULL,
  last_name text NOT NULL, country_code char(2) NOT NULL REFERENCES country(iso_code),
  hired_on date NOT NULL);
CREATE TABLE premises (premises_id int PRIMARY KEY,
  client_id int NOT NULL REFERENCES client(client_id),
  street text NOT NULL, city text NOT NULL, postcode text NOT NULL,
  country_code char(2) NOT NULL REFERENCES country(iso_code));
CREATE TABLE bait_station (station_id int PRIMARY KEY,
  premises_id int NOT NULL REFERENCES premises(premises_id),
  label text NOT NULL, installed_at timestamptz);
CREATE TABLE service_visit (visit_id int PRIMARY KEY,
  technician_id int NOT NULL REFERENCES technician(technician_id),
  station_id int NOT NULL REFERENCES bait_station(station_id),
  visit_type text NOT NULL CHECK (visit_type IN ('routine', 'inspection', 'callout')),
  scheduled_at timestamptz NOT NULL,
  started_at timestamptz,
  finished_at timestamptz,
  status text NOT NULL CHECK (status IN ('scheduled', 'done', 'cancelled')),
  notes text);
"""
SETTINGS = {"generate": {"rows": 1000, "now": NOW.replace(" ", "T")}}

HOURS = """
WITH v AS (SELECT v.scheduled_at AT TIME ZONE c.time_zone AS local_at
           FROM service_visit v JOIN bait_station b USING (station_id)
           JOIN premises p USING (premises_id) JOIN country c ON c.iso_code = p.country_code
           WHERE v.visit_type IN ('routine', 'inspection'))
SELECT count(*), count(*) FILTER (WHERE extract(isodow FROM local_at) BETWEEN 1 AND 5
  AND local_at::time >= '07:00' AND local_at::time <= '18:00') FROM v
"""
# the started visit began within a day of its booking
CLOSE = """
SELECT count(*), count(*) FILTER (WHERE abs(extract(epoch FROM started_at - scheduled_at)) < 86400)
FROM service_visit WHERE started_at IS NOT NULL
"""
ZONES = """
WITH z(code, zone) AS (VALUES ('GB', 'Europe/London'), ('DE', 'Europe/Berlin'),
  ('FR', 'Europe/Paris'), ('ES', 'Europe/Madrid'), ('IT', 'Europe/Rome'),
  ('NL', 'Europe/Amsterdam'), ('JP', 'Asia/Tokyo'), ('AU', 'Australia/Sydney'))
SELECT count(*), count(*) FILTER (WHERE c.time_zone = z.zone)
FROM country c JOIN z ON z.code = c.iso_code
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_visits_are_booked_in_working_hours_at_the_premises(loaded: str) -> None:
    applies, holds = share(loaded, HOURS, now=NOW)
    assert applies >= 500
    assert holds >= 0.98


def test_a_visit_starts_close_to_its_booking(loaded: str) -> None:
    applies, holds = share(loaded, CLOSE, now=NOW)
    assert applies >= 500
    assert holds >= 0.95


def test_a_country_keeps_its_own_time_zone(loaded: str) -> None:
    applies, holds = share(loaded, ZONES, now=NOW)
    assert applies >= 3
    assert holds == 1.0
