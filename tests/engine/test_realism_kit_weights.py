"""A piece of kit weighs what its kind weighs, on a schema of our own (a hospital's wards and
the equipment kept on them, and a care home's appliances): a weight in a unit (`weight_kg`,
`mass_lb`) beside a kind column whose labels name things is drawn in the band such a thing
weighs (vocab/data/magnitudes.tsv, rules/magnitude.py `_weight`), not a parcel's few kilograms
whatever it is. Checked in SQL on what a real PostgreSQL holds, at three seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TYPE device_type AS ENUM ('hospital_bed', 'wheelchair', 'power_wheelchair',
  'ventilator', 'infusion_pump', 'defibrillator', 'stretcher');
CREATE TABLE wards (id serial PRIMARY KEY, name text NOT NULL, floor smallint NOT NULL);
CREATE TABLE ward_devices (id serial PRIMARY KEY,
  ward_id int NOT NULL REFERENCES wards(id),
  asset_no varchar(12) NOT NULL UNIQUE,
  device_type device_type NOT NULL,
  vendor varchar(60) NOT NULL,
  weight_kg numeric(6,1) NOT NULL CHECK (weight_kg > 0),
  bought_on date NOT NULL);
CREATE TABLE appliances (id serial PRIMARY KEY,
  ward_id int NOT NULL REFERENCES wards(id),
  category varchar(20) NOT NULL CHECK (category IN ('refrigerator', 'washing_machine',
    'dishwasher', 'microwave', 'television')),
  mass_lb integer NOT NULL);
"""

BANDS = {
    "hospital_bed": (80, 250),
    "wheelchair": (10, 40),
    "power_wheelchair": (50, 180),
    "ventilator": (4, 50),
    "infusion_pump": (1.5, 8),
    "defibrillator": (1.5, 9),
    "stretcher": (20, 90),
}
APPLIANCES = {
    "refrigerator": (35, 150),
    "washing_machine": (45, 100),
    "dishwasher": (30, 65),
    "microwave": (10, 25),
    "television": (3, 45),
}


def _values(bands: dict[str, tuple[float, float]]) -> str:
    return ", ".join(f"('{k}', {lo}, {hi})" for k, (lo, hi) in bands.items())


DEVICES_WEIGH = f"""
WITH k(kind, lo, hi) AS (VALUES {_values(BANDS)})
SELECT count(*), count(*) FILTER (WHERE d.weight_kg BETWEEN k.lo AND k.hi)
FROM ward_devices d LEFT JOIN k ON k.kind = d.device_type::text
"""
# a pound is 0.4536 kg; a whole number of pounds rounded down: a pound of slack below
APPLIANCES_WEIGH = f"""
WITH k(kind, lo, hi) AS (VALUES {_values(APPLIANCES)})
SELECT count(*), count(*) FILTER (WHERE a.mass_lb * 0.45359 BETWEEN k.lo - 0.5 AND k.hi)
FROM appliances a LEFT JOIN k ON k.kind = a.category
"""
SETTINGS = {"generate": {"rows": 500}, "tables": {"public.wards": {"rows": 12}}}


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_device_weighs_what_its_type_weighs(loaded: str) -> None:
    applies, holds = share(loaded, DEVICES_WEIGH)
    assert applies >= 450
    assert holds >= 0.98


def test_an_appliance_weighs_what_its_category_weighs_in_pounds(loaded: str) -> None:
    applies, holds = share(loaded, APPLIANCES_WEIGH)
    assert applies >= 450
    assert holds >= 0.98
