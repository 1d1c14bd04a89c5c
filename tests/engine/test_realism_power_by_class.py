"""A size follows the row's kind, on schemas of our own: a machinery dealer's equipment models
(`equipment_class`: a tractor, a combine harvester, a forage harvester, a baler, a seed
drill, a trailed sprayer) have the engine power of their class, and the implements a tractor
pulls none (NULL: vocab/data/magnitudes_farm.tsv; a kind named as towed or trailed has none
whatever it is: vocab/magnitudes.UNPOWERED); a library service's service points
(`point_kind`: a main library, a neighbourhood branch, a bookmobile, a kiosk) have the floor
space of their kind, in the sense a library gives the words (a kiosk of a library is a few
square metres, not a shop's hundred). Before, the power was drawn as any number of kilowatts
and the floor space as any area. Checked in SQL on what a real PostgreSQL holds, at three
seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

MACHINES = """
CREATE TYPE equipment_class AS ENUM ('tractor', 'combine_harvester', 'forage_harvester',
  'baler', 'seed_drill', 'trailed_sprayer', 'towed_mower');
CREATE TABLE dealers (id serial PRIMARY KEY, trading_name text NOT NULL);
CREATE TABLE equipment_models (id serial PRIMARY KEY,
  dealer_id int NOT NULL REFERENCES dealers, maker text NOT NULL, model text NOT NULL,
  equipment_class equipment_class NOT NULL,
  rated_power_kw numeric(6,1) CHECK (rated_power_kw > 0));
"""
POWER = """
WITH b(cls, lo, hi) AS (VALUES ('tractor', 20, 450), ('combine_harvester', 100, 600),
  ('forage_harvester', 250, 850))
SELECT count(*), count(*) FILTER (WHERE CASE WHEN b.cls IS NULL THEN m.rated_power_kw IS NULL
    ELSE m.rated_power_kw BETWEEN b.lo AND b.hi END)
FROM equipment_models m LEFT JOIN b ON b.cls = m.equipment_class::text
"""

LIBRARY = """
CREATE TYPE point_kind AS ENUM ('main_library', 'neighbourhood', 'bookmobile', 'kiosk');
CREATE TABLE library_services (id serial PRIMARY KEY, authority text NOT NULL);
CREATE TABLE service_points (id serial PRIMARY KEY,
  service_id int NOT NULL REFERENCES library_services, label text NOT NULL,
  point_kind point_kind NOT NULL, floor_space_m2 numeric(9,1) NOT NULL
    CHECK (floor_space_m2 > 0));
"""
SPACE = """
WITH b(kind, lo, hi) AS (VALUES ('main_library', 2000, 60000), ('neighbourhood', 100, 5000),
  ('bookmobile', 8, 60), ('kiosk', 2, 40))
SELECT count(*), count(*) FILTER (WHERE p.floor_space_m2 BETWEEN b.lo AND b.hi)
FROM service_points p JOIN b ON b.kind = p.point_kind::text
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def machines(request, pg_cluster):
    settings = {"generate": {"rows": 300}, "tables": {"public.dealers": {"rows": 5}}}
    with loaded_database(pg_cluster, MACHINES, settings, seed=request.param) as conninfo:
        yield conninfo


@pytest.fixture(scope="module", params=[1, 2, 7])
def library(request, pg_cluster):
    settings = {"generate": {"rows": 200}, "tables": {"public.library_services": {"rows": 4}}}
    with loaded_database(pg_cluster, LIBRARY, settings, seed=request.param) as conninfo:
        yield conninfo


def test_a_machine_has_its_class_engine_power_and_an_implement_none(machines: str) -> None:
    applies, holds = share(machines, POWER)
    assert applies >= 250
    assert holds >= 0.98


def test_a_library_service_point_has_its_kind_floor_space(library: str) -> None:
    applies, holds = share(library, SPACE)
    assert applies >= 150
    assert holds >= 0.98
