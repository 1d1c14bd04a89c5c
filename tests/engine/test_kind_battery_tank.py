"""A bicycle weighs and stores in its battery what its kind does (a standard one no battery, a
pedelec a few hundred Wh, a cargo bike the heaviest), and a road tanker's tank holds what its
build holds (a rigid truck up to about 22,000 litres, a semi-trailer 20,000 to 45,000): the
measures only beside a unit (`battery_kwh`, `tank_capacity_l`). On a schema of our own (a
campus's bicycle pool and a fuel distributor's bowsers), at three seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE campus (campus_id int PRIMARY KEY, campus_name text NOT NULL);
CREATE TABLE bicycle (
  bicycle_id int PRIMARY KEY,
  campus_id int NOT NULL REFERENCES campus(campus_id),
  type text NOT NULL CHECK (type IN ('standard', 'pedelec', 'cargo')),
  weight_kg numeric(5,1) NOT NULL,
  battery_kwh numeric(4,2));
CREATE TABLE fuel_bowser (
  fuel_bowser_id int PRIMARY KEY,
  plate text NOT NULL,
  type text NOT NULL CHECK (type IN ('rigid', 'semi_trailer')),
  tank_capacity_l integer NOT NULL CHECK (tank_capacity_l > 0));
"""
SETTINGS = {"generate": {"rows": 300, "now": NOW.replace(" ", "T")}}

BIKES = """
SELECT count(*)::int, count(*) FILTER (WHERE CASE type
  WHEN 'standard' THEN weight_kg BETWEEN 10 AND 26 AND coalesce(battery_kwh, 0) = 0
  WHEN 'pedelec' THEN weight_kg BETWEEN 18 AND 35 AND battery_kwh BETWEEN 0.2 AND 1.0
  ELSE weight_kg BETWEEN 25 AND 80 END)::int FROM bicycle
"""
TANKS = """
SELECT count(*)::int, count(*) FILTER (WHERE CASE type
  WHEN 'rigid' THEN tank_capacity_l BETWEEN 5000 AND 22000
  ELSE tank_capacity_l BETWEEN 20000 AND 45000 END)::int FROM fuel_bowser
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_bicycle_weighs_and_stores_what_its_kind_does(loaded: str) -> None:
    applies, holds = share(loaded, BIKES)
    assert applies == 300
    assert holds >= 0.98


def test_a_tankers_tank_holds_what_its_build_holds(loaded: str) -> None:
    applies, holds = share(loaded, TANKS)
    assert applies == 300
    assert holds >= 0.98
