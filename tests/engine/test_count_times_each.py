"""A row's whole is its count of things times what one of them measures, on a schema of our
own (a storage-battery integrator and a freight forwarder): a battery bank's capacity in kWh
is its module count times its module type's watt-hours, a shipment's load in tonnes its
crate count times its crate type's kilograms (rules/count_times.py), found by the structure
(a number in a unit, a count whose noun is a key to a parent, the parent's one number in the
same family), not by these names. Checked in SQL at three seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE module_types (id serial PRIMARY KEY, maker text NOT NULL,
  energy_wh integer NOT NULL CHECK (energy_wh > 0));
CREATE TABLE battery_banks (id serial PRIMARY KEY,
  module_type_id int NOT NULL REFERENCES module_types(id),
  modules_count int NOT NULL CHECK (modules_count > 0),
  capacity_kwh numeric(10,2) NOT NULL,
  installed_on date NOT NULL);
CREATE TABLE crate_kinds (id serial PRIMARY KEY, label text NOT NULL,
  crate_weight_kg numeric(7,1) NOT NULL CHECK (crate_weight_kg > 0));
CREATE TABLE shipments (id serial PRIMARY KEY,
  crate_kind_id int NOT NULL REFERENCES crate_kinds(id),
  num_crates int NOT NULL CHECK (num_crates > 0),
  load_t numeric(10,3) NOT NULL,
  shipped_at timestamptz NOT NULL);
"""
BANKS = """
SELECT count(*), count(*) FILTER (WHERE abs(b.capacity_kwh - b.modules_count * m.energy_wh
    / 1000.0) <= 0.01 + 0.01 * b.capacity_kwh)
FROM battery_banks b JOIN module_types m ON m.id = b.module_type_id
"""
LOADS = """
SELECT count(*), count(*) FILTER (WHERE abs(s.load_t - s.num_crates * c.crate_weight_kg
    / 1000.0) <= 0.001 + 0.01 * s.load_t)
FROM shipments s JOIN crate_kinds c ON c.id = s.crate_kind_id
"""
TYPES = {"public.module_types": {"rows": 8}, "public.crate_kinds": {"rows": 6}}
SETTINGS = {"generate": {"rows": 300}, "tables": TYPES}


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


@pytest.mark.parametrize("query", [BANKS, LOADS], ids=["energy", "mass"])
def test_a_whole_is_its_count_times_each(loaded: str, query: str) -> None:
    applies, holds = share(loaded, query)
    assert applies >= 250
    assert holds >= 0.98
