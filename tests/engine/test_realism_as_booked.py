"""The record of a booking happens as booked (rules/booked.py), on a schema of our own (a
sailing school: yachts chartered from a start to an end, and the voyage each charter became,
with its one key to the charter): a voyage casts off close to its charter's start and comes
back after as long as a voyage lasts (rules/span.py: its own length is kept), where before it
cast off anywhere in the charter's window."""

from __future__ import annotations

from typing import Any

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE yachts (id serial PRIMARY KEY, name text NOT NULL, berths smallint NOT NULL);
CREATE TABLE charters (id bigserial PRIMARY KEY, yacht_id int NOT NULL REFERENCES yachts(id),
  starts_at timestamptz NOT NULL, ends_at timestamptz NOT NULL, CHECK (ends_at > starts_at));
CREATE TABLE voyages (id bigserial PRIMARY KEY,
  charter_id bigint NOT NULL UNIQUE REFERENCES charters(id),
  started_at timestamptz NOT NULL, ended_at timestamptz, log_miles int,
  CHECK (ended_at IS NULL OR ended_at > started_at));
"""


@pytest.fixture(scope="module")
def loaded(pg_cluster: Any) -> Any:
    settings = {"generate": {"rows": 800}, "tables": {"yachts": {"rows": 40}}}
    with loaded_database(pg_cluster, SCHEMA, settings, seed=11) as conninfo:
        yield conninfo


def test_voyages_sail_as_chartered(loaded: str) -> None:
    judged, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE
             abs(extract(epoch FROM v.started_at - c.starts_at)) <= 3 * 3600
             AND (v.ended_at IS NULL OR v.ended_at - v.started_at >= interval '1 day'))
           FROM voyages v JOIN charters c ON c.id = v.charter_id""",
    )
    assert judged > 500 and held >= 0.95


BIKES = """
CREATE TABLE bikes (id serial PRIMARY KEY, frame_no text NOT NULL);
CREATE TABLE bike_bookings (id bigserial PRIMARY KEY, bike_id int NOT NULL REFERENCES bikes(id),
  pickup_at timestamptz NOT NULL, return_due_at timestamptz NOT NULL,
  CHECK (return_due_at > pickup_at));
CREATE TABLE bike_rentals (id bigserial PRIMARY KEY,
  booking_id bigint NOT NULL UNIQUE REFERENCES bike_bookings(id),
  picked_up_at timestamptz NOT NULL, returned_at timestamptz);
"""


@pytest.fixture(scope="module")
def bikes(pg_cluster: Any) -> Any:
    settings = {"generate": {"rows": 1000}, "tables": {"bikes": {"rows": 50}}}
    with loaded_database(pg_cluster, BIKES, settings, seed=17) as conninfo:
        yield conninfo


def test_a_rental_lasts_a_rental_and_comes_back_when_due(bikes: str) -> None:
    """A bike rental (no start/end pair of its own: its times are named after its booking's
    events) lasts a day at least, what the shortest rental lasts, and comes back within a
    few days of when it was due."""
    judged, held = share(
        bikes,
        """SELECT count(*), count(*) FILTER (
             WHERE r.returned_at - r.picked_up_at >= interval '1 day'
             AND r.returned_at BETWEEN b.return_due_at - interval '3 days'
                                   AND b.return_due_at + interval '3 days')
           FROM bike_rentals r JOIN bike_bookings b ON b.id = r.booking_id
           WHERE r.returned_at IS NOT NULL""",
    )
    assert judged > 300 and held >= 0.99
