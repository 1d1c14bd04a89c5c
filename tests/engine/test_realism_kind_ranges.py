"""Values scaled by what a row is, on schemas of our own (rules/kind_range.py, rules/lifespan.py,
vocab/tonnage.py). A livestock register: each herd line of an animal (a CHECK list: sheep,
goat, pig, horse, alpaca) states its adults' mass as a lowest and a highest, which is one such
animal's mass give or take a share, never two free amounts; an animal of a line weighs within
its line's range widened by a quarter, and was born when an animal of its species is (never a
person's 20 to 75 years: no sheep is 40 when enrolled). A courier's fleet by body (`city_van`,
`lwb_van`, `rigid_12t`, `rigid_26t`, `artic_44t`): its load space in m3 and its payload are its
body's, the tonnage in the label read as the gross weight, and never a share of its hub's
warehouse. Each band is a breed society's, a vet's or a maker's figure, checked in SQL on what a
real PostgreSQL holds, at three seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

FARM = """
CREATE TABLE farms (id serial PRIMARY KEY, name text NOT NULL, joined_on date NOT NULL);
CREATE TABLE herd_lines (id serial PRIMARY KEY,
  animal text NOT NULL CHECK (animal IN ('sheep', 'goat', 'pig', 'horse', 'alpaca')),
  line_name text NOT NULL,
  adult_mass_lo_kg numeric(6,1),
  adult_mass_hi_kg numeric(6,1),
  CHECK (adult_mass_lo_kg <= adult_mass_hi_kg));
CREATE TABLE livestock (id serial PRIMARY KEY,
  farm_id int NOT NULL REFERENCES farms(id),
  line_id int NOT NULL REFERENCES herd_lines(id),
  ear_tag varchar(20) NOT NULL,
  birth_date date NOT NULL,
  mass_kg numeric(6,1) NOT NULL CHECK (mass_kg > 0),
  enrolled_at timestamptz NOT NULL);
CREATE TABLE vet_visits (id serial PRIMARY KEY,
  animal_id int NOT NULL REFERENCES livestock(id),
  visited_at timestamptz NOT NULL,
  notes text);
"""
FARM_SETTINGS = {
    "generate": {"rows": 500, "now": "2026-03-10T09:00:00+00:00"},
    "tables": {"public.farms": {"rows": 20}, "public.herd_lines": {"rows": 80}},
}
# an adult's mass (kg) and the oldest one lives (years), by species
ANIMALS = "('sheep', 35, 160, 16), ('goat', 25, 120, 20), ('pig', 50, 350, 20), " + (
    "('horse', 130, 1000, 38), ('alpaca', 45, 95, 25)"
)
LINE_RANGES = f"""
WITH a(animal, lo, hi, oldest) AS (VALUES {ANIMALS})
SELECT count(*), count(*) FILTER (WHERE l.adult_mass_lo_kg BETWEEN a.lo AND a.hi
    AND l.adult_mass_hi_kg BETWEEN a.lo AND a.hi
    AND l.adult_mass_hi_kg <= 2.5 * l.adult_mass_lo_kg)
FROM herd_lines l JOIN a ON a.animal = l.animal
WHERE l.adult_mass_lo_kg IS NOT NULL AND l.adult_mass_hi_kg IS NOT NULL
"""
IN_LINE = """
SELECT count(*), count(*) FILTER (WHERE s.mass_kg
    BETWEEN 0.75 * l.adult_mass_lo_kg AND 1.25 * l.adult_mass_hi_kg)
FROM livestock s JOIN herd_lines l ON l.id = s.line_id
WHERE l.adult_mass_lo_kg IS NOT NULL AND l.adult_mass_hi_kg IS NOT NULL
"""
LIVES = f"""
WITH a(animal, lo, hi, oldest) AS (VALUES {ANIMALS})
SELECT count(*), count(*) FILTER (WHERE s.birth_date <= v.visited_at::date
    AND age(v.visited_at::date, s.birth_date) < make_interval(years => a.oldest))
FROM vet_visits v JOIN livestock s ON s.id = v.animal_id
JOIN herd_lines l ON l.id = s.line_id JOIN a ON a.animal = l.animal
"""

FLEET = """
CREATE TABLE hubs (id serial PRIMARY KEY, city text NOT NULL,
  warehouse_capacity_m3 numeric(9,1) NOT NULL CHECK (warehouse_capacity_m3 > 0));
CREATE TABLE fleet_units (id serial PRIMARY KEY,
  hub_id int NOT NULL REFERENCES hubs(id),
  plate varchar(12) NOT NULL,
  body text NOT NULL CHECK (body IN ('city_van', 'lwb_van', 'rigid_12t', 'rigid_26t',
    'artic_44t')),
  cargo_space_m3 numeric(6,1) NOT NULL CHECK (cargo_space_m3 > 0),
  max_payload_kg integer NOT NULL CHECK (max_payload_kg > 0));
"""
FLEET_SETTINGS = {"generate": {"rows": 500}, "tables": {"public.hubs": {"rows": 6}}}
# load space (m3) and payload (kg) by body: makers' box and curtain-side bodies
CARRIES = """
WITH b(body, m3_lo, m3_hi, kg_lo, kg_hi) AS (VALUES
  ('city_van', 2, 6, 500, 1800), ('lwb_van', 5, 17, 500, 1800),
  ('rigid_12t', 30, 60, 3000, 7000), ('rigid_26t', 45, 85, 9000, 18000),
  ('artic_44t', 70, 120, 18000, 30000))
SELECT count(*), count(*) FILTER (WHERE f.cargo_space_m3 BETWEEN b.m3_lo AND b.m3_hi
    AND f.max_payload_kg BETWEEN b.kg_lo AND b.kg_hi)
FROM fleet_units f JOIN b ON b.body = f.body
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def farm(request, pg_cluster):
    with loaded_database(pg_cluster, FARM, FARM_SETTINGS, seed=request.param) as conninfo:
        yield conninfo


@pytest.fixture(scope="module", params=[1, 2, 7])
def fleet(request, pg_cluster):
    with loaded_database(pg_cluster, FLEET, FLEET_SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_category_range_is_one_animal_of_its_kind(farm: str) -> None:
    applies, holds = share(farm, LINE_RANGES)
    assert applies >= 30
    assert holds >= 0.98


def test_a_member_lies_within_its_category_range(farm: str) -> None:
    applies, holds = share(farm, IN_LINE)
    assert applies >= 200
    assert holds >= 0.98


def test_an_animal_is_born_within_its_species_life(farm: str) -> None:
    applies, holds = share(farm, LIVES)
    assert applies >= 200
    assert holds >= 0.98


def test_a_goods_vehicle_carries_what_its_body_and_gross_weight_say(fleet: str) -> None:
    applies, holds = share(fleet, CARRIES)
    assert applies >= 400
    assert holds >= 0.98
