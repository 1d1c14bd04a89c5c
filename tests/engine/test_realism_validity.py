"""Rows valid on the day another row uses them, on a schema of our own (an airline's pilots
with certificates flying aircraft, its aircraft's engine readings, and nurses with a
registration working shifts), checked in SQL on what a real PostgreSQL holds, with the run's
clock pinned:

- a flight's pilot was employed on its day and held a certificate valid that day (the
  certificates a child table of the pilot, issued and expiring);
- a shift's nurse was employed and registered on its day (the registration two dates of the
  nurse's own row);
- a gate entry is made with a badge valid that day, of a membership open that day (the
  membership the badge's parent);
- a roster joining a pilot to a season names a pilot employed the whole season;
- an aircraft in service was read in the last 30 days, a retired one not after it retired,
  none before it was commissioned nor after now."""

from __future__ import annotations

from functools import partial

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-06-15 12:00:00+00"
SCHEMA = """
CREATE TABLE bases (id serial PRIMARY KEY, name text NOT NULL, opened_on date NOT NULL);
CREATE TABLE pilots (id serial PRIMARY KEY, base_id int NOT NULL REFERENCES bases(id),
  full_name text NOT NULL, hired_on date NOT NULL, left_on date,
  CHECK (left_on IS NULL OR left_on >= hired_on));
CREATE TABLE pilot_certificates (id serial PRIMARY KEY,
  pilot_id int NOT NULL REFERENCES pilots(id), certificate_no varchar(12) NOT NULL,
  issued_on date NOT NULL, expires_on date NOT NULL, CHECK (expires_on > issued_on));
CREATE TABLE aircraft (id serial PRIMARY KEY, base_id int NOT NULL REFERENCES bases(id),
  tail_number varchar(8) NOT NULL, commissioned_on date NOT NULL, retired_on date,
  CHECK (retired_on IS NULL OR retired_on >= commissioned_on));
CREATE TABLE flights (id bigserial PRIMARY KEY, pilot_id int NOT NULL REFERENCES pilots(id),
  aircraft_id int NOT NULL REFERENCES aircraft(id), departed_at timestamptz NOT NULL,
  arrived_at timestamptz, CHECK (arrived_at IS NULL OR arrived_at > departed_at));
CREATE TABLE engine_readings (id bigserial PRIMARY KEY,
  aircraft_id int NOT NULL REFERENCES aircraft(id), read_at timestamptz NOT NULL,
  engine_hours numeric(9,1) NOT NULL);
CREATE TABLE seasons (id serial PRIMARY KEY, name text NOT NULL, starts_on date NOT NULL,
  ends_on date NOT NULL, CHECK (ends_on > starts_on));
CREATE TABLE rosters (id serial PRIMARY KEY, season_id int NOT NULL REFERENCES seasons(id),
  pilot_id int NOT NULL REFERENCES pilots(id), route_code varchar(8) NOT NULL);
CREATE TABLE memberships (id serial PRIMARY KEY, holder_name text NOT NULL,
  opened_on date NOT NULL, closed_on date, CHECK (closed_on IS NULL OR closed_on >= opened_on));
CREATE TABLE access_badges (id serial PRIMARY KEY,
  membership_id int NOT NULL REFERENCES memberships(id), badge_code varchar(10) NOT NULL,
  issued_on date NOT NULL, expires_on date NOT NULL, CHECK (expires_on > issued_on));
CREATE TABLE gate_entries (id bigserial PRIMARY KEY,
  badge_id int NOT NULL REFERENCES access_badges(id), entered_at timestamptz NOT NULL);
CREATE TABLE wards (id serial PRIMARY KEY, name text NOT NULL);
CREATE TABLE nurses (id serial PRIMARY KEY, ward_id int NOT NULL REFERENCES wards(id),
  full_name text NOT NULL, registration_valid_from date NOT NULL,
  registration_valid_to date, hired_on date NOT NULL, left_on date,
  CHECK (registration_valid_to IS NULL OR registration_valid_to > registration_valid_from));
CREATE TABLE shifts (id bigserial PRIMARY KEY, nurse_id int NOT NULL REFERENCES nurses(id),
  started_at timestamp NOT NULL, ended_at timestamp);
"""


@pytest.fixture(scope="module")
def measured(pg_cluster):
    settings = {
        "generate": {"rows": 800, "now": NOW.replace(" ", "T")},
        "tables": {
            "public.pilots": {"rows": 200},
            "public.pilot_certificates": {"rows": 300},
            "public.aircraft": {"rows": 120},
            "public.nurses": {"rows": 200},
        },
    }
    with loaded_database(pg_cluster, SCHEMA, settings) as conninfo:
        yield partial(share, conninfo, now=NOW)


def test_a_flight_is_flown_by_a_pilot_employed_and_certified_that_day(measured) -> None:
    applies, held = measured(
        """SELECT count(*), count(*) FILTER (WHERE p.hired_on <= f.departed_at::date
               AND (p.left_on IS NULL OR p.left_on >= f.departed_at::date)
               AND EXISTS (SELECT 1 FROM pilot_certificates c WHERE c.pilot_id = p.id
                           AND f.departed_at::date BETWEEN c.issued_on AND c.expires_on))
           FROM flights f JOIN pilots p ON p.id = f.pilot_id"""
    )
    assert applies == 800 and held >= 0.98


def test_every_pilot_holds_a_certificate_and_renewals_chain(measured) -> None:
    applies, held = measured(
        """SELECT count(*), count(*) FILTER (WHERE EXISTS (
               SELECT 1 FROM pilot_certificates c WHERE c.pilot_id = p.id))
           FROM pilots p"""
    )
    assert applies == 200 and held == 1.0
    # a renewal is issued before the certificate it follows expires, none in the future
    applies, held = measured(
        """SELECT count(*), count(*) FILTER (WHERE issued_on <= :now::date AND (prev IS NULL
               OR issued_on BETWEEN prev_issued AND prev))
           FROM (SELECT issued_on, lag(expires_on) OVER w AS prev,
                        lag(issued_on) OVER w AS prev_issued
                 FROM pilot_certificates WINDOW w AS (PARTITION BY pilot_id ORDER BY issued_on))
                 s"""
    )
    assert applies == 300 and held >= 0.98


def test_a_shift_is_worked_by_a_nurse_employed_and_registered_that_day(measured) -> None:
    applies, held = measured(
        """SELECT count(*), count(*) FILTER (WHERE n.hired_on <= s.started_at::date
               AND (n.left_on IS NULL OR n.left_on >= s.started_at::date)
               AND s.started_at::date >= n.registration_valid_from
               AND (n.registration_valid_to IS NULL
                    OR s.started_at::date <= n.registration_valid_to))
           FROM shifts s JOIN nurses n ON n.id = s.nurse_id"""
    )
    assert applies == 800 and held >= 0.98


def test_most_nurses_and_aircraft_are_still_in_service(measured) -> None:
    for query in (
        "SELECT count(*), count(*) FILTER (WHERE left_on IS NULL) FROM nurses",
        "SELECT count(*), count(*) FILTER (WHERE retired_on IS NULL) FROM aircraft",
    ):
        _, held = measured(query)
        assert held >= 0.75


def test_readings_run_up_to_now_while_in_service(measured) -> None:
    applies, held = measured(
        """WITH a AS (SELECT a.commissioned_on, a.retired_on, min(r.read_at) AS first_at,
                             max(r.read_at) AS last_at
                      FROM aircraft a JOIN engine_readings r ON r.aircraft_id = a.id
                      GROUP BY a.id)
           SELECT count(*), count(*) FILTER (WHERE last_at <= :now
               AND first_at::date >= commissioned_on
               AND CASE WHEN retired_on IS NULL THEN last_at >= :now - interval '30 days'
                        ELSE last_at::date <= retired_on END)
           FROM a"""
    )
    assert applies > 60 and held >= 0.98


def test_a_roster_names_a_pilot_employed_the_whole_season(measured) -> None:
    applies, held = measured(
        """SELECT count(*), count(*) FILTER (WHERE p.hired_on <= s.starts_on
               AND (p.left_on IS NULL OR p.left_on >= s.ends_on))
           FROM rosters r JOIN pilots p ON p.id = r.pilot_id JOIN seasons s ON s.id = r.season_id"""
    )
    assert applies == 800 and held >= 0.98


def test_a_badge_is_used_while_valid_and_its_membership_open(measured) -> None:
    applies, held = measured(
        """SELECT count(*), count(*) FILTER (WHERE g.entered_at::date BETWEEN b.issued_on
               AND b.expires_on AND g.entered_at::date >= m.opened_on
               AND (m.closed_on IS NULL OR g.entered_at::date <= m.closed_on))
           FROM gate_entries g JOIN access_badges b ON b.id = g.badge_id
           JOIN memberships m ON m.id = b.membership_id"""
    )
    assert applies == 800 and held >= 0.98
