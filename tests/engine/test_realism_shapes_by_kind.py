"""A thing measures what a thing of its kind measures, all its sides together, on schemas of
our own (rules/shape.py, vocab/data/shapes.tsv). A furniture shop's products by category
(a CHECK list): a sofa is two metres wide and waist high, a wardrobe taller than wide, a mirror
a few centimetres deep, and each weighs what its outer box holds at a furniture's density; a
category nobody listed ('planter') still has sides of one thing and a weight from them. A boat
hire's fleet, whose kind is its model's (a CHECK list one key away): a kayak long and narrow, a
pedalo as wide as half its length, a beam always below its length and a draft a small share of
it. A shipping line's containers by ISO type: a 40-foot high cube 12.19 m long and 2.90 m high,
its tare a maker's, its inner volume within its outer box. Each band is a catalogue's, a
standard's or a builder's figure, checked in SQL on what a real PostgreSQL holds, at three
seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

FURNITURE = """
CREATE TABLE showrooms (id serial PRIMARY KEY, town text NOT NULL);
CREATE TABLE products (id serial PRIMARY KEY,
  showroom_id int NOT NULL REFERENCES showrooms(id),
  sku varchar(12) NOT NULL UNIQUE,
  category varchar(20) NOT NULL CHECK (category IN ('sofa', 'planter', 'armchair',
    'dining_table', 'coffee_table', 'desk', 'bookcase', 'wardrobe', 'bed', 'mirror',
    'floor_lamp')),
  width_cm numeric(6,1) NOT NULL CHECK (width_cm > 0),
  depth_cm numeric(6,1) NOT NULL CHECK (depth_cm > 0),
  height_cm numeric(6,1) NOT NULL CHECK (height_cm > 0),
  weight_kg numeric(7,2) NOT NULL,
  list_price numeric(9,2) NOT NULL);
"""
# centimetres and kilograms: width, depth, height, weight (a catalogue's ranges)
FURNISHED = {
    "sofa": ((130, 340), (75, 115), (60, 110), (20, 200)),
    "armchair": ((60, 115), (70, 105), (55, 140), (8, 80)),
    "dining_table": ((75, 310), (65, 115), (65, 90), (8, 160)),
    "coffee_table": ((35, 145), (30, 75), (20, 75), (2, 55)),
    "desk": ((85, 210), (45, 90), (60, 90), (10, 130)),
    "bookcase": ((25, 210), (20, 50), (75, 235), (8, 130)),
    "wardrobe": ((65, 340), (50, 70), (165, 245), (30, 260)),
    "bed": ((85, 210), (185, 225), (30, 135), (15, 160)),
    "mirror": ((15, 245), (1, 7), (35, 205), (1, 65)),
    "floor_lamp": ((18, 65), (18, 65), (125, 205), (1.5, 16)),
}


def _values(bands: dict[str, tuple[tuple[float, float], ...]]) -> str:
    return ", ".join(
        f"('{k}', {', '.join(f'{lo}, {hi}' for lo, hi in v)})" for k, v in bands.items()
    )


FITS = f"""
WITH k(cat, w_lo, w_hi, d_lo, d_hi, h_lo, h_hi, kg_lo, kg_hi) AS (VALUES {_values(FURNISHED)})
SELECT count(*), count(*) FILTER (WHERE p.width_cm BETWEEN k.w_lo AND k.w_hi
    AND p.depth_cm BETWEEN k.d_lo AND k.d_hi AND p.height_cm BETWEEN k.h_lo AND k.h_hi
    AND p.weight_kg BETWEEN k.kg_lo AND k.kg_hi)
FROM products p LEFT JOIN k ON k.cat = p.category
WHERE p.category <> 'planter'
"""
# one thing's sides: what it weighs is its outer box at a density between a hollow thing's
# and solid wood's; a sofa wider than high, a wardrobe and a lamp taller than wide, a mirror thin
TOGETHER = """
SELECT count(*), count(*) FILTER (WHERE
    p.weight_kg / (p.width_cm * p.depth_cm * p.height_cm / 1e6) BETWEEN 5 AND 1000
    AND CASE p.category WHEN 'sofa' THEN p.width_cm > p.height_cm
                        WHEN 'wardrobe' THEN p.height_cm > p.depth_cm
                        WHEN 'floor_lamp' THEN p.height_cm > 2 * p.width_cm
                        WHEN 'mirror' THEN p.depth_cm * 3 < least(p.width_cm, p.height_cm)
                        ELSE true END)
FROM products p
"""
# a category nobody listed: sides of one thing in centimetres, none ten times another, its
# weight its box at a density between a hollow thing's and a stone's (to the column's 10 g)
UNLISTED = """
SELECT count(*), count(*) FILTER (WHERE
    greatest(p.width_cm, p.depth_cm, p.height_cm) BETWEEN 3 AND 400
    AND greatest(p.width_cm, p.depth_cm, p.height_cm)
        <= 10 * least(p.width_cm, p.depth_cm, p.height_cm)
    AND (p.weight_kg - 0.005) / (p.width_cm * p.depth_cm * p.height_cm / 1e6) <= 1200
    AND (p.weight_kg + 0.005) / (p.width_cm * p.depth_cm * p.height_cm / 1e6) >= 50)
FROM products p WHERE p.category = 'planter'
"""

BOATS = """
CREATE TABLE lakes (id serial PRIMARY KEY, name text NOT NULL);
CREATE TABLE craft_models (id serial PRIMARY KEY, maker text NOT NULL, model text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('kayak', 'canoe', 'dinghy', 'rowing_boat',
    'paddleboard', 'pedalo', 'motorboat', 'sailing_yacht', 'catamaran', 'narrowboat')));
CREATE TABLE fleet (id serial PRIMARY KEY,
  lake_id int NOT NULL REFERENCES lakes(id),
  model_id int NOT NULL REFERENCES craft_models(id),
  hull_no varchar(10) NOT NULL UNIQUE,
  length_overall_m numeric(5,2) NOT NULL CHECK (length_overall_m > 0),
  beam_m numeric(4,2) NOT NULL CHECK (beam_m > 0),
  draught_m numeric(4,2),
  weight_kg integer NOT NULL,
  hourly_rate numeric(7,2) NOT NULL);
"""
# metres: length overall, beam as a share of it; kilograms (builders' figures)
HULLS = {
    "kayak": ((2.4, 6.0), (0.09, 0.25), (8, 40)),
    "canoe": ((2.9, 6.1), (0.14, 0.22), (12, 50)),
    "dinghy": ((2.2, 5.6), (0.30, 0.48), (25, 450)),
    "rowing_boat": ((2.4, 6.1), (0.26, 0.42), (35, 320)),
    "paddleboard": ((2.3, 4.3), (0.17, 0.32), (5, 22)),
    "pedalo": ((1.9, 3.6), (0.48, 0.72), (50, 270)),
    "motorboat": ((3.8, 13.5), (0.28, 0.44), (200, 22000)),
    "sailing_yacht": ((5.8, 31), (0.25, 0.40), (450, 130000)),
    "catamaran": ((7.8, 26), (0.43, 0.62), (1800, 65000)),
    "narrowboat": ((8.8, 22.5), (0.08, 0.24), (5000, 32000)),
}
HULL_FITS = f"""
WITH k(kind, l_lo, l_hi, r_lo, r_hi, kg_lo, kg_hi) AS (VALUES {_values(HULLS)})
SELECT count(*), count(*) FILTER (WHERE f.length_overall_m BETWEEN k.l_lo AND k.l_hi
    AND f.beam_m / f.length_overall_m BETWEEN k.r_lo AND k.r_hi
    AND f.weight_kg BETWEEN k.kg_lo AND k.kg_hi
    AND f.beam_m < f.length_overall_m
    AND (f.draught_m IS NULL OR f.draught_m BETWEEN 0.01 AND 0.25 * f.length_overall_m))
FROM fleet f JOIN craft_models m ON m.id = f.model_id LEFT JOIN k ON k.kind = m.kind::text
"""

SETTINGS = {"generate": {"rows": 500}, "tables": {"public.showrooms": {"rows": 4}}}
BOAT_SETTINGS = {
    "generate": {"rows": 500},
    "tables": {"public.lakes": {"rows": 5}, "public.craft_models": {"rows": 60}},
}


@pytest.fixture(scope="module", params=[1, 2, 7])
def furniture(request, pg_cluster):
    with loaded_database(pg_cluster, FURNITURE, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


@pytest.fixture(scope="module", params=[1, 2, 7])
def boats(request, pg_cluster):
    with loaded_database(pg_cluster, BOATS, BOAT_SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_piece_of_furniture_measures_and_weighs_what_its_category_does(furniture: str) -> None:
    applies, holds = share(furniture, FITS)
    assert applies >= 400
    assert holds >= 0.98


def test_a_piece_of_furniture_is_one_thing_its_weight_its_box(furniture: str) -> None:
    applies, holds = share(furniture, TOGETHER)
    assert applies >= 450
    assert holds >= 0.98


def test_a_category_nobody_listed_is_still_one_thing(furniture: str) -> None:
    applies, holds = share(furniture, UNLISTED)
    assert applies >= 30
    assert holds >= 0.98


def test_a_hull_has_its_model_kinds_length_beam_draught_and_weight(boats: str) -> None:
    applies, holds = share(boats, HULL_FITS)
    assert applies >= 450
    assert holds >= 0.98


CONTAINERS = """
CREATE TABLE depots (id serial PRIMARY KEY, unlocode char(5) NOT NULL);
CREATE TABLE containers (id serial PRIMARY KEY,
  depot_id int NOT NULL REFERENCES depots(id),
  iso_type varchar(12) NOT NULL CHECK (iso_type IN ('20gp', '40gp', '40hc', '45hc',
    'reefer_20', 'reefer_40', 'open_top_20', 'flat_rack_40', 'tank')),
  length_m numeric(6,3) NOT NULL,
  width_m numeric(5,3) NOT NULL,
  height_m numeric(5,3) NOT NULL,
  tare_weight_kg integer NOT NULL,
  internal_volume_m3 numeric(5,1) NOT NULL,
  built_year smallint NOT NULL);
"""
# ISO 668 outer length and height (metres), makers' tare weights (kilograms)
BOXES = {
    "20gp": ((6.04, 6.07), (2.57, 2.61), (2100, 2500)),
    "40gp": ((12.18, 12.21), (2.57, 2.61), (3550, 4000)),
    "40hc": ((12.18, 12.21), (2.88, 2.91), (3700, 4300)),
    "45hc": ((13.70, 13.73), (2.88, 2.91), (4300, 5100)),
    "reefer_20": ((6.04, 6.07), (2.57, 2.61), (2800, 3300)),
    "reefer_40": ((12.18, 12.21), (2.88, 2.91), (4300, 5000)),
    "open_top_20": ((6.04, 6.07), (2.57, 2.61), (2100, 2500)),
    "flat_rack_40": ((12.18, 12.21), (1.9, 2.2), (4500, 6000)),
    "tank": ((6.04, 6.07), (2.57, 2.61), (2700, 4100)),
}
BOX_FITS = f"""
WITH k(t, l_lo, l_hi, h_lo, h_hi, kg_lo, kg_hi) AS (VALUES {_values(BOXES)})
SELECT count(*), count(*) FILTER (WHERE c.length_m BETWEEN k.l_lo AND k.l_hi
    AND c.width_m BETWEEN 2.42 AND 2.45 AND c.height_m BETWEEN k.h_lo AND k.h_hi
    AND c.tare_weight_kg BETWEEN k.kg_lo AND k.kg_hi
    AND c.internal_volume_m3 BETWEEN 0.5 * c.length_m * c.width_m * c.height_m
                                 AND c.length_m * c.width_m * c.height_m)
FROM containers c LEFT JOIN k ON k.t = c.iso_type
"""
BOX_SETTINGS = {"generate": {"rows": 500}, "tables": {"public.depots": {"rows": 10}}}


@pytest.fixture(scope="module", params=[1, 2, 7])
def containers(request, pg_cluster):
    with loaded_database(pg_cluster, CONTAINERS, BOX_SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_container_has_its_iso_types_size_tare_and_an_inner_volume_inside_it(
    containers: str,
) -> None:
    applies, holds = share(containers, BOX_FITS)
    assert applies >= 450
    assert holds >= 0.98
