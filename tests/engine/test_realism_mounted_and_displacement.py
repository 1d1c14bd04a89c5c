"""How high a thing is mounted and how big an engine is are what a thing of its kind has
(vocab/data/magnitudes.tsv, measures mounted_m and displacement_cc), on a schema of our own (a
broadcaster's transmitter sites, whose `installation_type` is a mast, a rooftop, a lamppost or
an indoor repeater, mounted at `mounting_height_ft` in feet; a fleet leasing company's
vehicles, whose `body_type` is a car, a motorbike, a van or a lorry and whose `powertrain` may
be battery electric, with an `engine_displacement_cm3`). Before, a mounting height was any
number (a repeater indoors 700 m up) and a battery-electric van had a cylinder capacity."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE broadcasters (id serial PRIMARY KEY, name text NOT NULL);
CREATE TABLE transmitter_sites (id serial PRIMARY KEY,
  broadcaster_id int NOT NULL REFERENCES broadcasters(id),
  installation_type text NOT NULL
    CHECK (installation_type IN ('mast', 'rooftop', 'lamppost', 'indoor')),
  mounting_height_ft numeric(7,1) NOT NULL CHECK (mounting_height_ft > 0));
CREATE TABLE lessees (id serial PRIMARY KEY, name text NOT NULL);
CREATE TABLE leased_vehicles (id serial PRIMARY KEY,
  lessee_id int NOT NULL REFERENCES lessees(id),
  powertrain text NOT NULL
    CHECK (powertrain IN ('gasoline', 'diesel', 'plug_in_hybrid', 'battery_electric')),
  body_type text NOT NULL CHECK (body_type IN ('car', 'motorbike', 'van', 'lorry')),
  engine_displacement_cm3 integer CHECK (engine_displacement_cm3 > 0));
"""


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, {"generate": {"rows": 400}}, seed=5) as conninfo:
        yield conninfo


def test_a_transmitter_is_mounted_as_high_as_its_installation_allows(loaded: str) -> None:
    applies, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE CASE installation_type
             WHEN 'mast' THEN mounting_height_ft / 3.2808 BETWEEN 15 AND 100
             WHEN 'rooftop' THEN mounting_height_ft / 3.2808 BETWEEN 10 AND 80
             WHEN 'lamppost' THEN mounting_height_ft / 3.2808 BETWEEN 3 AND 15
             WHEN 'indoor' THEN mounting_height_ft / 3.2808 BETWEEN 2 AND 8 END)
           FROM transmitter_sites""",
    )
    assert applies > 100 and held >= 0.98, held


def test_an_engine_fits_its_body_and_an_electric_vehicle_has_none(loaded: str) -> None:
    applies, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE CASE
             WHEN powertrain = 'battery_electric' THEN engine_displacement_cm3 IS NULL
             WHEN body_type = 'motorbike' THEN engine_displacement_cm3 BETWEEN 50 AND 2500
             WHEN body_type = 'car' THEN engine_displacement_cm3 BETWEEN 650 AND 8400
             WHEN body_type = 'van' THEN engine_displacement_cm3 BETWEEN 1000 AND 6700
             WHEN body_type = 'lorry' THEN engine_displacement_cm3 BETWEEN 2500 AND 16200 END)
           FROM leased_vehicles""",
    )
    assert applies > 100 and held >= 0.98, held
