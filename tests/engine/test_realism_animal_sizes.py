"""An animal weighs and measures what its species does, on schemas of our own (rules/shape.py,
vocab/data/shapes.tsv): a veterinary practice's patients by species (an enum), with a weight
only, weigh a dog's, a cat's, a horse's; a zoo's animals by species (a CHECK list) stand, run
and weigh as such an animal does, the larger of a species the heavier. Bands from breed
standards and zoo references, checked in SQL on what a real PostgreSQL holds, at three
seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

VET = """
CREATE TYPE species_t AS ENUM ('dog', 'cat', 'rabbit', 'guinea_pig', 'hamster', 'ferret',
  'horse', 'parrot', 'tortoise');
CREATE TABLE owners (id serial PRIMARY KEY, full_name text NOT NULL, phone text);
CREATE TABLE patients (id serial PRIMARY KEY,
  owner_id int NOT NULL REFERENCES owners(id),
  pet_name text NOT NULL,
  species species_t NOT NULL,
  born_on date,
  weight_kg numeric(6,2) NOT NULL CHECK (weight_kg > 0));
"""
# kilograms
PETS = {
    "dog": (1, 100),
    "cat": (1.8, 10),
    "rabbit": (0.7, 9),
    "guinea_pig": (0.5, 1.6),
    "hamster": (0.02, 0.6),
    "ferret": (0.4, 2.7),
    "horse": (250, 1100),
    "parrot": (0.08, 1.8),
    "tortoise": (0.08, 320),
}
ZOO = """
CREATE TABLE enclosures (id serial PRIMARY KEY, name text NOT NULL);
CREATE TABLE animals (id serial PRIMARY KEY,
  enclosure_id int NOT NULL REFERENCES enclosures(id),
  house_name text NOT NULL,
  species varchar(20) NOT NULL CHECK (species IN ('lion', 'elephant', 'giraffe', 'zebra',
    'penguin', 'gorilla', 'meerkat', 'flamingo', 'hippo', 'polar_bear')),
  body_length_cm numeric(6,1) NOT NULL,
  height_cm numeric(6,1) NOT NULL,
  weight_kg numeric(8,2) NOT NULL);
"""
# centimetres (head and body length, standing or shoulder height) and kilograms
WILD = {
    "lion": ((160, 260), (70, 140), (100, 260)),
    "elephant": ((500, 760), (220, 400), (2200, 7500)),
    "giraffe": ((220, 450), (420, 590), (500, 2000)),
    "zebra": ((190, 270), (95, 160), (170, 460)),
    "penguin": ((10, 55), (30, 125), (0.9, 46)),
    "gorilla": ((60, 130), (125, 185), (65, 240)),
    "meerkat": ((22, 36), (9, 20), (0.5, 1.1)),
    "flamingo": ((40, 105), (75, 150), (1.8, 4.6)),
    "hippo": ((280, 510), (100, 230), (1200, 4100)),
    "polar_bear": ((170, 310), (80, 180), (140, 720)),
}


def _values(bands: dict[str, tuple[float, ...] | tuple[tuple[float, float], ...]]) -> str:
    rows = []
    for kind, band in bands.items():
        flat = [x for b in band for x in (b if isinstance(b, tuple) else (b,))]
        rows.append(f"('{kind}', {', '.join(str(x) for x in flat)})")
    return ", ".join(rows)


PET_FITS = f"""
WITH k(species, lo, hi) AS (VALUES {_values(PETS)})
SELECT count(*), count(*) FILTER (WHERE p.weight_kg BETWEEN k.lo AND k.hi)
FROM patients p LEFT JOIN k ON k.species = p.species::text
"""
WILD_FITS = f"""
WITH k(species, l_lo, l_hi, h_lo, h_hi, kg_lo, kg_hi) AS (VALUES {_values(WILD)})
SELECT count(*), count(*) FILTER (WHERE a.body_length_cm BETWEEN k.l_lo AND k.l_hi
    AND a.height_cm BETWEEN k.h_lo AND k.h_hi AND a.weight_kg BETWEEN k.kg_lo AND k.kg_hi)
FROM animals a LEFT JOIN k ON k.species = a.species
"""
# the larger of a species the heavier: its size (its longer extent, a giraffe's height, a
# lion's length) and its weight go together within each species
LARGER_HEAVIER = """
SELECT count(*), count(*) FILTER (WHERE r >= 0.8) FROM (
  SELECT species, corr(ln(greatest(body_length_cm, height_cm)), ln(weight_kg)) AS r
  FROM animals GROUP BY species HAVING count(*) >= 8) s
"""

VET_SETTINGS = {"generate": {"rows": 500}, "tables": {"public.owners": {"rows": 200}}}
ZOO_SETTINGS = {"generate": {"rows": 500}, "tables": {"public.enclosures": {"rows": 12}}}


@pytest.fixture(scope="module", params=[1, 2, 7])
def vet(request, pg_cluster):
    with loaded_database(pg_cluster, VET, VET_SETTINGS, seed=request.param) as conninfo:
        yield conninfo


@pytest.fixture(scope="module", params=[1, 2, 7])
def zoo(request, pg_cluster):
    with loaded_database(pg_cluster, ZOO, ZOO_SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_patient_weighs_what_its_species_weighs(vet: str) -> None:
    applies, holds = share(vet, PET_FITS)
    assert applies >= 450
    assert holds >= 0.98


def test_a_zoo_animal_measures_and_weighs_what_its_species_does(zoo: str) -> None:
    applies, holds = share(zoo, WILD_FITS)
    assert applies >= 450
    assert holds >= 0.98


def test_the_larger_of_a_species_is_the_heavier(zoo: str) -> None:
    applies, holds = share(zoo, LARGER_HEAVIER)
    assert applies >= 3
    assert holds == 1.0
