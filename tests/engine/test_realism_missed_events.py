"""Bookings whose lifecycle has a no-show follow their event's status, on a schema of our
own (a climbing gym: its route-setting workshops scheduled, completed or cancelled, and the
spots booked on them: pending, confirmed, completed, cancelled or a no-show), checked in SQL
on what a real PostgreSQL holds (rules/event_status.py):

- a spot completed or a no-show is on a workshop that was completed;
- a spot on a workshop still scheduled waits (pending, confirmed) or was cancelled.
Before, only a booking with a label of an event attended (travelled, used, checked in) was
read as one of an event's many bookings: a no-show beside `completed` was not, and its
spots were drawn whatever their workshop's status."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE workshops (id serial PRIMARY KEY, title text NOT NULL,
  starts_at timestamptz NOT NULL, capacity int NOT NULL CHECK (capacity > 0),
  status text NOT NULL CHECK (status IN ('scheduled', 'completed', 'cancelled')));
CREATE TABLE climbers (id serial PRIMARY KEY, full_name text NOT NULL, email text NOT NULL);
CREATE TABLE workshop_spots (id bigserial PRIMARY KEY,
  workshop_id int NOT NULL REFERENCES workshops(id),
  climber_id int NOT NULL REFERENCES climbers(id), booked_at timestamptz NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'confirmed', 'completed', 'cancelled',
    'no_show')));
"""

SETTINGS = {"generate": {"rows": 600}, "tables": {"public.workshops": {"rows": 80}}}

FOLLOW = """
SELECT count(*), count(*) FILTER (WHERE CASE
  WHEN s.status IN ('completed', 'no_show') THEN w.status = 'completed'
  WHEN w.status = 'scheduled' THEN s.status IN ('pending', 'confirmed', 'cancelled')
  ELSE true END)
FROM workshop_spots s JOIN workshops w ON w.id = s.workshop_id
"""


@pytest.fixture(scope="module", params=[1, 2])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_spot_follows_its_workshop(loaded: str) -> None:
    applies, holds = share(loaded, FOLLOW)
    assert applies == 600 and holds >= 0.98, holds
