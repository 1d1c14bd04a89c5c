"""A hire follows the booking it records, on a schema of our own (an e-bike hire: bikes with an
odometer, bookings with a planned pickup and return and a lifecycle confirmed → picked_up →
completed, and the one hire of a booking, open → closed, picked up and returned with its
odometer readings out and in), checked in SQL on what a real PostgreSQL holds:

- a hire's own status follows its booking's (rules/record_status.py): open while the booking
  is picked up, closed once it is completed;
- the odometer reading in is taken when the bike is returned (rules/counter.py, the close
  of the hire's events: kinds/windows.events_window): NULL exactly while it is out."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TYPE booking_state AS ENUM ('confirmed', 'picked_up', 'completed', 'cancelled');
CREATE TYPE hire_state AS ENUM ('open', 'closed');
CREATE TABLE bikes (id serial PRIMARY KEY, frame_no varchar(12) NOT NULL,
  odometer_km int NOT NULL DEFAULT 0);
CREATE TABLE riders (id serial PRIMARY KEY, full_name text NOT NULL, email text NOT NULL);
CREATE TABLE bookings (id bigserial PRIMARY KEY,
  rider_id int NOT NULL REFERENCES riders(id), state booking_state NOT NULL,
  created_at timestamptz NOT NULL, pickup_at timestamptz NOT NULL,
  return_due_at timestamptz NOT NULL, cancelled_at timestamptz,
  CHECK (return_due_at > pickup_at));
CREATE TABLE hires (id bigserial PRIMARY KEY,
  booking_id bigint NOT NULL UNIQUE REFERENCES bookings(id),
  bike_id int NOT NULL REFERENCES bikes(id), state hire_state NOT NULL,
  picked_up_at timestamptz NOT NULL, returned_at timestamptz,
  odometer_out_km int NOT NULL, odometer_in_km int);
CREATE INDEX ON hires (bike_id, picked_up_at);
"""

SETTINGS = {
    "generate": {"rows": 600},
    "tables": {"public.bikes": {"rows": 60}, "public.hires": {"rows": 400}},
}


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_hire_s_status_follows_its_booking(loaded: str) -> None:
    applies, holds = share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE CASE b.state"
        " WHEN 'completed' THEN h.state = 'closed' AND h.returned_at IS NOT NULL"
        " ELSE h.state = 'open' AND h.returned_at IS NULL END)"
        " FROM hires h JOIN bookings b ON b.id = h.booking_id"
        " WHERE b.state IN ('picked_up', 'completed')",
    )
    assert applies > 300 and holds >= 0.98, holds


def test_the_odometer_in_is_read_at_the_return(loaded: str) -> None:
    applies, holds = share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE (returned_at IS NULL) = (odometer_in_km IS NULL)"
        " AND (odometer_in_km IS NULL OR odometer_in_km >= odometer_out_km)) FROM hires",
    )
    assert applies == 400 and holds >= 0.98, holds
