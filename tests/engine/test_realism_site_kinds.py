"""The kind a booking asks for is the kind of unit it is given, on a schema of our own (a van
hire firm: depots, each with its own vehicle types and vans, bookings for a type at a depot,
and the handover of one van to a booking). A vehicle type is a lookup of kinds, but one a depot
owns (a required key to a site): the booking's type and the van's type are then one row, met
at before the depot is (kinds/meets.is_scope, rules/site_meet.py: a scope within another as
near is met first, which meets the outer one too). Checked in SQL on what a real PostgreSQL
holds, at three seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE depots (id serial PRIMARY KEY, name text NOT NULL, city text NOT NULL);
CREATE TABLE vehicle_types (id serial PRIMARY KEY,
  depot_id int NOT NULL REFERENCES depots(id),
  code varchar(8) NOT NULL, seats smallint NOT NULL);
CREATE TABLE vans (id serial PRIMARY KEY,
  depot_id int NOT NULL REFERENCES depots(id),
  vehicle_type_id int NOT NULL REFERENCES vehicle_types(id),
  plate varchar(10) NOT NULL);
CREATE TABLE hirers (id serial PRIMARY KEY, full_name text NOT NULL, email text);
CREATE TABLE bookings (id bigserial PRIMARY KEY,
  depot_id int NOT NULL REFERENCES depots(id),
  vehicle_type_id int NOT NULL REFERENCES vehicle_types(id),
  hirer_id int NOT NULL REFERENCES hirers(id),
  booked_at timestamptz NOT NULL);
CREATE TABLE handovers (id bigserial PRIMARY KEY,
  booking_id bigint NOT NULL REFERENCES bookings(id),
  van_id int NOT NULL REFERENCES vans(id),
  mileage_out int NOT NULL);
"""

SAME_KIND = """
SELECT count(*), count(*) FILTER (WHERE v.vehicle_type_id = b.vehicle_type_id
                                    AND v.depot_id = b.depot_id)
FROM handovers h JOIN bookings b ON b.id = h.booking_id JOIN vans v ON v.id = h.van_id
"""
# a booking's type is one of its depot's
OWN_TYPES = """
SELECT count(*), count(*) FILTER (WHERE t.depot_id = b.depot_id)
FROM bookings b JOIN vehicle_types t ON t.id = b.vehicle_type_id
"""

SETTINGS = {
    "generate": {"rows": 600},
    "tables": {
        "public.depots": {"rows": 6},
        "public.vehicle_types": {"rows": 30},
        "public.vans": {"rows": 200},
    },
}


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_booking_is_handed_a_van_of_the_type_it_booked(loaded: str) -> None:
    bookings, own = share(loaded, OWN_TYPES)
    assert bookings == 600
    assert own >= 0.98
    applies, holds = share(loaded, SAME_KIND)
    assert applies == 600
    assert holds >= 0.98
