"""A status's stage agrees with the clock, and a row uses parents in force, on a schema of our
own (a coworking network: hubs, desks installed and removed, guests, desk bookings with a
window and a lifecycle, desk inspections), checked in SQL on what a real PostgreSQL holds,
with the run's clock pinned:

- what is still to come (requested, approved, scheduled) is not over: its window ends after
  now (a day's slack); what is over (attended, no-show, completed) began by now, and a
  completed inspection ended by now (where its desk's service leaves room); the booking
  still starts after it was made;
- a booking's desk is one of its hub's and was installed and not yet removed when the booking
  starts, also where the guest signed up after some of the hub's desks were removed (the desk
  is re-picked among the hub's desks in force, rules/fk_meet.py with within.windows_fit)."""

from __future__ import annotations

from functools import partial

import pytest

from tests.conftest import REPO
from tests.engine.loading import load_schema, share
from workbench.config.file import parse_config
from workbench.schema.parse import parse_schema_text

NOW = "2026-03-10 09:00:00+00"
SCHEMA = """
CREATE TYPE booking_state AS ENUM ('requested', 'approved', 'declined', 'attended', 'no_show');
CREATE TYPE inspection_state AS ENUM ('scheduled', 'completed', 'cancelled');
CREATE TABLE hubs (id serial PRIMARY KEY, name text NOT NULL, opened_on date NOT NULL);
CREATE TABLE desks (id serial PRIMARY KEY, hub_id int NOT NULL REFERENCES hubs(id),
  label varchar(12) NOT NULL, installed_at timestamptz NOT NULL, removed_at timestamptz);
CREATE TABLE guests (id serial PRIMARY KEY, full_name text NOT NULL, email text NOT NULL,
  created_at timestamptz NOT NULL);
CREATE TABLE bookings (id serial PRIMARY KEY, guest_id int NOT NULL REFERENCES guests(id),
  hub_id int NOT NULL REFERENCES hubs(id), desk_id int NOT NULL REFERENCES desks(id),
  created_at timestamptz NOT NULL, booked_from timestamptz NOT NULL,
  booked_until timestamptz NOT NULL, state booking_state NOT NULL,
  declined_at timestamptz, CHECK (booked_until > booked_from));
CREATE TABLE inspections (id serial PRIMARY KEY, desk_id int NOT NULL REFERENCES desks(id),
  status inspection_state NOT NULL, created_at timestamptz NOT NULL,
  starts_at timestamptz NOT NULL, ends_at timestamptz);
"""


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    name = pg_cluster.create_database()
    conninfo = pg_cluster.conninfo(name)
    config = parse_config(
        {
            "generate": {"rows": 1000, "now": NOW.replace(" ", "T")},
            "tables": {"hubs": {"rows": 8}, "desks": {"rows": 120}},
        },
        REPO / "sandbox.toml",
    )
    load_schema(conninfo, parse_schema_text(SCHEMA, "schema.sql"), config, seed=7)
    yield conninfo
    pg_cluster.drop_database(name)


_share = partial(share, now=NOW)


def test_a_booking_s_stage_agrees_with_the_clock(loaded: str) -> None:
    applies, share = _share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE CASE WHEN state IN ('requested', 'approved')"
        " THEN booked_until >= :now - interval '1 day' ELSE booked_from <= :now END"
        " AND booked_from >= created_at AND created_at <= :now)"
        " FROM bookings WHERE state <> 'declined'",
    )
    assert applies > 800 and share == 1.0, share


def test_an_inspection_s_stage_agrees_with_the_clock(loaded: str) -> None:
    applies, share = _share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE CASE status"
        " WHEN 'scheduled' THEN ends_at IS NULL OR ends_at >= :now"
        " ELSE starts_at <= :now END AND starts_at >= created_at) FROM inspections",
    )
    assert applies > 800 and share == 1.0, share
    # a completed one ended by now too, but for a window longer than its desk has been in
    # service (months-long, desk installed weeks ago)
    applies, share = _share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE ends_at <= :now) FROM inspections"
        " WHERE status = 'completed' AND ends_at IS NOT NULL",
    )
    assert applies > 500 and share >= 0.98, share


def test_a_booking_s_desk_is_its_hub_s_and_in_service(loaded: str) -> None:
    applies, share = _share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE d.hub_id = b.hub_id"
        " AND d.installed_at <= b.booked_from"
        " AND (d.removed_at IS NULL OR b.booked_from < d.removed_at))"
        " FROM bookings b JOIN desks d ON d.id = b.desk_id",
    )
    assert applies > 800 and share >= 0.99, share
