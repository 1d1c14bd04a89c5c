"""A CHECK between two times is their order, whichever way their words read, on a schema of our
own (a coast's ferries and campsites, a hospital's wards), checked in SQL on what a real
PostgreSQL holds, with the run's clock pinned:

- a ferry trip departs, then arrives (`CHECK (arrival_at > departure_at)`: the words' trip
  order, which the CHECK confirms): it sails for minutes to hours, its tickets are bought
  before it departs;
- a camper arrives, then departs (`CHECK (departure_day > arrival_day)`: the same words the
  other way round, a stay): the stay lasts nights, booked days to months before the arrival;
- a patient is admitted, then discharged (`CHECK (discharged_at > admitted_at)`: no word
  pair at all): an admission lasts days;
- a campsite's and a ward's lone start (`opened_on`, NULL or not) is a window with no end:
  the bookings and admissions pointing to it come after it;
- a gate pass scanned in and out (`scanned_in_at`, `scanned_out_at`: a child row without a
  status of its own) happened by the run's clock."""

from __future__ import annotations

from functools import partial

import pytest

from tests.conftest import REPO
from tests.engine.loading import load_schema, share
from workbench.config.file import parse_config
from workbench.schema.parse import parse_schema_text

NOW = "2026-03-10 09:00:00+00"
SCHEMA = """
CREATE TYPE pitch_state AS ENUM ('requested', 'confirmed', 'on_site', 'left', 'cancelled');
CREATE TABLE harbours (id serial PRIMARY KEY, name text NOT NULL);
CREATE TABLE ferry_trips (id serial PRIMARY KEY,
  from_harbour_id int NOT NULL REFERENCES harbours(id),
  to_harbour_id int NOT NULL REFERENCES harbours(id),
  departure_at timestamptz NOT NULL, arrival_at timestamptz NOT NULL,
  CHECK (arrival_at > departure_at));
CREATE TABLE ferry_tickets (id serial PRIMARY KEY,
  ferry_trip_id int NOT NULL REFERENCES ferry_trips(id),
  bought_at timestamptz NOT NULL, price numeric(8,2) NOT NULL);
CREATE TABLE campers (id serial PRIMARY KEY, full_name text NOT NULL,
  created_at timestamptz NOT NULL);
CREATE TABLE campsites (id serial PRIMARY KEY, name text NOT NULL, opened_on date);
CREATE TABLE pitch_bookings (id serial PRIMARY KEY,
  campsite_id int NOT NULL REFERENCES campsites(id),
  camper_id int NOT NULL REFERENCES campers(id),
  state pitch_state NOT NULL, booked_at timestamptz NOT NULL,
  departure_day date NOT NULL, arrival_day date NOT NULL,
  CONSTRAINT pitch_bookings_days CHECK (departure_day > arrival_day AND booked_at IS NOT NULL));
CREATE TABLE gate_passes (id serial PRIMARY KEY,
  pitch_booking_id int NOT NULL REFERENCES pitch_bookings(id), valid_from date NOT NULL,
  valid_to date NOT NULL, scanned_in_at timestamptz, scanned_out_at timestamptz);
CREATE TABLE wards (id serial PRIMARY KEY, name text NOT NULL, opened_on date NOT NULL);
CREATE TABLE admissions (id serial PRIMARY KEY, ward_id int NOT NULL REFERENCES wards(id),
  admitted_at timestamptz NOT NULL, discharged_at timestamptz,
  CHECK (discharged_at IS NULL OR discharged_at > admitted_at));
"""


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    name = pg_cluster.create_database()
    conninfo = pg_cluster.conninfo(name)
    config = parse_config(
        {
            "generate": {"rows": 1000, "now": NOW.replace(" ", "T")},
            "tables": {"harbours": {"rows": 12}, "campsites": {"rows": 10}, "wards": {"rows": 8}},
        },
        REPO / "sandbox.toml",
    )
    load_schema(conninfo, parse_schema_text(SCHEMA, "schema.sql"), config, seed=3)
    yield conninfo
    pg_cluster.drop_database(name)


_share = partial(share, now=NOW)


def test_a_ferry_departs_then_arrives_hours_later(loaded: str) -> None:
    applies, share = _share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE arrival_at - departure_at"
        " BETWEEN interval '5 minutes' AND interval '12 hours') FROM ferry_trips",
    )
    assert applies == 1000 and share >= 0.98, share


def test_a_ferry_ticket_is_bought_before_it_departs(loaded: str) -> None:
    applies, share = _share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE k.bought_at <= t.departure_at"
        " AND k.bought_at <= :now) FROM ferry_tickets k"
        " JOIN ferry_trips t ON t.id = k.ferry_trip_id",
    )
    assert applies == 1000 and share >= 0.98, share


def test_a_camper_arrives_then_departs_nights_later(loaded: str) -> None:
    applies, share = _share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE departure_day - arrival_day BETWEEN 1 AND 30)"
        " FROM pitch_bookings",
    )
    assert applies == 1000 and share >= 0.98, share


def test_a_pitch_is_booked_days_to_months_before_the_arrival(loaded: str) -> None:
    applies, share = _share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE arrival_day - booked_at::date BETWEEN -1 AND 550"
        " AND booked_at <= :now) FROM pitch_bookings",
    )
    assert applies == 1000 and share >= 0.98, share


def test_an_admission_lasts_hours_to_weeks(loaded: str) -> None:
    applies, share = _share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE discharged_at - admitted_at"
        " BETWEEN interval '1 hour' AND interval '30 days' AND discharged_at <= :now)"
        " FROM admissions WHERE discharged_at IS NOT NULL",
    )
    assert applies > 500 and share >= 0.98, share


def test_what_points_to_a_lone_opening_comes_after_it(loaded: str) -> None:
    applies, share = _share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE b.arrival_day >= s.opened_on)"
        " FROM pitch_bookings b JOIN campsites s ON s.id = b.campsite_id"
        " WHERE s.opened_on IS NOT NULL",
    )
    assert applies > 300 and share >= 0.98, share
    applies, share = _share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE a.admitted_at >= w.opened_on)"
        " FROM admissions a JOIN wards w ON w.id = a.ward_id",
    )
    assert applies == 1000 and share >= 0.98, share


def test_a_gate_pass_was_scanned_by_the_clock(loaded: str) -> None:
    applies, share = _share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE COALESCE(scanned_in_at <= :now, true)"
        " AND COALESCE(scanned_out_at <= :now, true)) FROM gate_passes",
    )
    assert applies == 1000 and share == 1.0, share
