"""A row used at a time under a parent in service from its opening and under one of that
parent's things valid for a while: where it cannot move into both windows (its stay is over by
the clock, the thing it names starts only lately), it moves into its opening's and takes
another of its things valid then. On a schema of our own (a campsite operator's sites, their
pitch tariffs valid from a day to a day and the bookings of pitches at a tariff), checked in
SQL on what a real PostgreSQL holds, with the clock pinned: sites that opened lately have
their tariffs of the months since, and a booking at one arrived after it opened, under a
tariff in force on its arrival day."""

from __future__ import annotations

from functools import partial

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 15:00:00+00"
SCHEMA = """
CREATE TYPE stay_state AS ENUM ('reserved', 'on_site', 'completed', 'cancelled', 'no_show');
CREATE TABLE campsites (site_id serial PRIMARY KEY, site_name text NOT NULL,
  region text NOT NULL, opened_on date);
CREATE TABLE pitch_tariffs (tariff_id serial PRIMARY KEY,
  site_id int NOT NULL REFERENCES campsites(site_id), tariff_code varchar(8) NOT NULL,
  nightly_fee numeric(8,2) NOT NULL, valid_from date NOT NULL, valid_to date,
  CHECK (valid_to IS NULL OR valid_to >= valid_from), UNIQUE (site_id, tariff_code));
CREATE TABLE pitch_types (pitch_type_id serial PRIMARY KEY,
  site_id int NOT NULL REFERENCES campsites(site_id), type_code varchar(10) NOT NULL,
  max_guests smallint NOT NULL CHECK (max_guests > 0), UNIQUE (site_id, type_code));
CREATE TABLE pitch_bookings (booking_id bigserial PRIMARY KEY,
  site_id int NOT NULL REFERENCES campsites(site_id),
  pitch_type_id int NOT NULL REFERENCES pitch_types(pitch_type_id),
  tariff_id int NOT NULL REFERENCES pitch_tariffs(tariff_id),
  state stay_state NOT NULL, booked_at timestamptz NOT NULL,
  arrival_date date NOT NULL, departure_date date NOT NULL, guests smallint NOT NULL,
  CHECK (departure_date > arrival_date));
"""


@pytest.fixture(scope="module")
def measured(pg_cluster):
    settings = {
        "generate": {"rows": 1500, "now": NOW.replace(" ", "T")},
        "tables": {
            # every site opened in the last months: its bookings' history is older
            "public.campsites": {
                "rows": 12,
                "columns": {"opened_on": {"range": ["2025-06-01", "2026-01-31"]}},
            },
            "public.pitch_tariffs": {"rows": 400},
        },
    }
    with loaded_database(pg_cluster, SCHEMA, settings) as conninfo:
        yield partial(share, conninfo, now=NOW)


def test_a_booking_arrives_after_its_site_opened_under_a_tariff_valid_then(measured) -> None:
    applies, held = measured(
        """SELECT count(*), count(*) FILTER (WHERE b.arrival_date >= t.valid_from
               AND b.arrival_date <= COALESCE(t.valid_to, 'infinity'::date)
               AND b.arrival_date >= COALESCE(s.opened_on, '-infinity'::date))
           FROM pitch_bookings b JOIN pitch_tariffs t ON t.tariff_id = b.tariff_id
           JOIN campsites s ON s.site_id = b.site_id"""
    )
    assert applies >= 1000 and held >= 0.98


def test_the_bookings_of_sites_opened_lately_arrive_after_the_opening(measured) -> None:
    applies, held = measured(
        """SELECT count(*), count(*) FILTER (WHERE b.arrival_date >= s.opened_on)
           FROM pitch_bookings b JOIN campsites s ON s.site_id = b.site_id
           WHERE s.opened_on >= :now - interval '1 year'"""
    )
    assert applies >= 20 and held >= 0.98
