"""Closed windows one at a time per unit, on a schema of our own (a parking and co-working
operator: car parks with bays, members booking bays by the hour and desks by the day, and
season passes). Nothing but structure says a bay or a desk is held by one booking at a time:
an index (bay_id, starts_at) and a window whose end is required (a booking always has its
end). Ordered by start, each booking of a bay starts once every earlier one ended; how the
ends meet is what the CHECK states (rules/one_at_a_time.py): `ends_at > starts_at` lets the
next booking start the moment the last ended, `to_day >= from_day` makes the last day a
day of the booking, so the next starts the day after. A car park's season passes have the
same index shape (car_park_id, valid_from), but the car park holds the tariffs they are sold
at: a container of many passes at once, left alone. Checked in SQL on what a real PostgreSQL
holds, at three seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE car_parks (id serial PRIMARY KEY, name text NOT NULL, city text NOT NULL);
CREATE TABLE bays (id serial PRIMARY KEY, car_park_id int NOT NULL REFERENCES car_parks(id),
  bay_code varchar(6) NOT NULL, covered boolean NOT NULL DEFAULT false);
CREATE TABLE members (id serial PRIMARY KEY, full_name text NOT NULL, email text,
  joined_at timestamptz NOT NULL DEFAULT now());
CREATE TABLE bay_bookings (id bigserial PRIMARY KEY,
  bay_id int NOT NULL REFERENCES bays(id),
  member_id int NOT NULL REFERENCES members(id),
  starts_at timestamptz NOT NULL, ends_at timestamptz NOT NULL,
  plate varchar(10),
  CONSTRAINT bay_bookings_window CHECK (ends_at > starts_at));
CREATE INDEX bay_bookings_bay_start_idx ON bay_bookings (bay_id, starts_at);
CREATE TABLE desks (id serial PRIMARY KEY, label varchar(8) NOT NULL, floor smallint NOT NULL);
CREATE TABLE desk_bookings (id bigserial PRIMARY KEY,
  desk_id int NOT NULL REFERENCES desks(id),
  member_id int NOT NULL REFERENCES members(id),
  from_day date NOT NULL, to_day date NOT NULL,
  CONSTRAINT desk_bookings_days CHECK (to_day >= from_day));
CREATE INDEX desk_bookings_desk_day_idx ON desk_bookings (desk_id, from_day);
CREATE TABLE tariffs (id serial PRIMARY KEY, car_park_id int NOT NULL REFERENCES car_parks(id),
  name text NOT NULL, monthly_fee numeric(8,2) NOT NULL);
CREATE TABLE season_passes (id bigserial PRIMARY KEY,
  car_park_id int NOT NULL REFERENCES car_parks(id),
  tariff_id int NOT NULL REFERENCES tariffs(id),
  member_id int NOT NULL REFERENCES members(id),
  valid_from date NOT NULL, valid_to date NOT NULL,
  CHECK (valid_to >= valid_from));
CREATE INDEX season_passes_park_from_idx ON season_passes (car_park_id, valid_from);
"""

# every booking of a bay starts once every earlier one has ended (back to back allowed)
BAYS = """
WITH b AS (
  SELECT starts_at, max(ends_at) OVER (PARTITION BY bay_id ORDER BY starts_at, id
                                       ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS prev
  FROM bay_bookings)
SELECT count(*) FILTER (WHERE prev IS NOT NULL),
       count(*) FILTER (WHERE prev IS NOT NULL AND starts_at >= prev)
FROM b
"""
# a desk's next booking starts after the last day of the one before
DESKS = """
WITH b AS (
  SELECT from_day, max(to_day) OVER (PARTITION BY desk_id ORDER BY from_day, id
                                        ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS prev
  FROM desk_bookings)
SELECT count(*) FILTER (WHERE prev IS NOT NULL),
       count(*) FILTER (WHERE prev IS NOT NULL AND from_day > prev)
FROM b
"""
# the bookings keep lengths of their own (hours for a bay, days for a desk), not cut to nothing
LENGTHS = """
SELECT count(*), count(*) FILTER (WHERE ends_at - starts_at >= interval '15 minutes')
FROM bay_bookings
"""
# a car park's season passes overlap: many members hold one at once
PASSES = """
WITH p AS (
  SELECT valid_from, max(valid_to) OVER (PARTITION BY car_park_id ORDER BY valid_from, id
                                         ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS prev
  FROM season_passes)
SELECT count(*) FILTER (WHERE prev IS NOT NULL),
       count(*) FILTER (WHERE prev IS NOT NULL AND valid_from <= prev)
FROM p
"""

SETTINGS = {
    "generate": {"rows": 600},
    "tables": {
        "public.car_parks": {"rows": 4},
        "public.bays": {"rows": 120},
        "public.desks": {"rows": 100},
        "public.tariffs": {"rows": 12},
    },
}


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_bays_bookings_do_not_overlap(loaded: str) -> None:
    applies, holds = share(loaded, BAYS)
    assert applies > 300
    assert holds >= 0.98
    rows, long_enough = share(loaded, LENGTHS)
    assert rows == 600
    assert long_enough >= 0.95


def test_a_desk_is_booked_again_the_day_after_its_last_day(loaded: str) -> None:
    applies, holds = share(loaded, DESKS)
    assert applies > 300
    assert holds >= 0.98


def test_a_car_parks_passes_are_held_at_once(loaded: str) -> None:
    applies, overlapping = share(loaded, PASSES)
    assert applies > 500
    assert overlapping >= 0.5
