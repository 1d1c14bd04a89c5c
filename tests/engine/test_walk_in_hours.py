"""A visit at a booked slot it may lack keeps the site's hours, on a schema of our own (tyre
fitting bays): a fitting names its workshop, its fitter and, when it was booked, the booking
(one fitting per booking, so the fitting is what happened at the slot: minutes from its
start). A walk-in fitting (booking_id NULL: there are fewer bookings than fittings) still
starts and finishes in the workshop's hours, Monday to Saturday, on one local day
(rules/during.slot_free: the opening hours place the rows of no slot; the booked rows keep
their slot's). The odometer makes the fittings a car's series, spread over the fitters'
years of service. No word of these tables is in the code. On s35base 17-19 % of the walk-in
fittings start or end out of hours at seeds 1, 2, 3; after, none."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE workshops (id serial PRIMARY KEY, name text NOT NULL, time_zone text NOT NULL,
  opened_on date NOT NULL);
CREATE TABLE fitters (id serial PRIMARY KEY, workshop_id int NOT NULL REFERENCES workshops(id),
  full_name text NOT NULL, hired_on date NOT NULL, left_on date);
CREATE TABLE cars (id serial PRIMARY KEY, plate text NOT NULL UNIQUE);
CREATE TABLE bookings (id serial PRIMARY KEY,
  workshop_id int NOT NULL REFERENCES workshops(id), car_id int NOT NULL REFERENCES cars(id),
  created_at timestamptz NOT NULL, confirmed_at timestamptz, slot_start timestamptz NOT NULL);
CREATE TABLE fittings (id serial PRIMARY KEY,
  booking_id int UNIQUE REFERENCES bookings(id),
  workshop_id int NOT NULL REFERENCES workshops(id),
  fitter_id int NOT NULL REFERENCES fitters(id),
  car_id int NOT NULL REFERENCES cars(id),
  started_at timestamptz NOT NULL, completed_at timestamptz,
  odometer_km int CHECK (odometer_km >= 0));
"""

IN_HOURS = """
WITH x AS (
  SELECT f.booking_id IS NULL AS walk_in,
         f.started_at AT TIME ZONE w.time_zone AS s, f.completed_at AT TIME ZONE w.time_zone AS e
  FROM fittings f JOIN workshops w ON w.id = f.workshop_id
  JOIN pg_catalog.pg_timezone_names z ON z.name = w.time_zone)
SELECT count(*), count(*) FILTER (WHERE extract(isodow FROM s) BETWEEN 1 AND 6
    AND s::time >= time '07:00' AND (e IS NULL OR (e::date = s::date AND e::time <= '20:00')))
FROM x WHERE walk_in
"""
WALK_INS = "SELECT count(*), count(*) FILTER (WHERE booking_id IS NULL) FROM fittings"
SETTINGS = {
    "generate": {"rows": 300, "now": NOW.replace(" ", "T")},
    "tables": {
        "public.workshops": {"rows": 20},
        "public.bookings": {"rows": 180},  # one fitting each at most: the others walk in
    },
}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_walk_in_fitting_lies_in_the_workshops_hours(pg_cluster, seed: int) -> None:
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=seed) as conninfo:
        applies, holds = share(conninfo, IN_HOURS, now=NOW)
        assert applies >= 60
        assert holds >= 0.98
        _, walk_ins = share(conninfo, WALK_INS, now=NOW)
        assert walk_ins >= 0.2
