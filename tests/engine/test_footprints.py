"""Spaces and containers measure what ones of their kind measure, all their measures together:
checked in SQL on a real PostgreSQL after loading a warehouse written here (a logistics
vocabulary outside the dev domains: rack slots sized by their slot class's size word, zones
of a kind inside a building's total floor, bins whose labels state their capacity, yard spaces
in feet). The expected bands are written from what such things measure, not read from the
generator's data."""

from __future__ import annotations

from pathlib import Path

import psycopg
import pytest

from workbench.config.file import parse_config
from workbench.generate import build_plan, load_data
from workbench.schema.apply import apply_statements
from workbench.schema.parse import parse_schema_text

SCHEMA = """
CREATE TABLE depots (
  id serial PRIMARY KEY, name text NOT NULL, total_floor_area_sqft numeric(12,1)
);
CREATE TABLE zones (
  id serial PRIMARY KEY,
  depot_id integer NOT NULL REFERENCES depots(id),
  zone_kind text NOT NULL
    CHECK (zone_kind IN ('cold_room', 'mezzanine', 'loading_dock', 'plant_room', 'office')),
  floor_area_sqft numeric(10,1) NOT NULL CHECK (floor_area_sqft > 0)
);
CREATE TABLE slot_classes (
  id serial PRIMARY KEY, code text NOT NULL,
  size_class text NOT NULL CHECK (size_class IN ('XS', 'S', 'M', 'L', 'XL'))
);
CREATE TABLE rack_slots (
  id bigserial PRIMARY KEY,
  zone_id integer NOT NULL REFERENCES zones(id),
  slot_class_id integer NOT NULL REFERENCES slot_classes(id),
  width_cm integer NOT NULL, depth_cm integer NOT NULL, height_cm integer NOT NULL,
  footprint_m2 numeric(6,3) NOT NULL
);
CREATE TABLE bins (
  id bigserial PRIMARY KEY,
  depot_id integer NOT NULL REFERENCES depots(id),
  bin_model text NOT NULL
    CHECK (bin_model IN ('240L wheelie', '1100L eurobin', '8 yard skip', '40 yard roll-off')),
  capacity_gal numeric(8,1) NOT NULL
);
CREATE TABLE yard_spaces (
  id bigserial PRIMARY KEY,
  depot_id integer NOT NULL REFERENCES depots(id),
  space_type text NOT NULL
    CHECK (space_type IN ('standard', 'accessible', 'van', 'hgv', 'motorcycle')),
  length_ft numeric(5,1) NOT NULL, width_ft numeric(5,1) NOT NULL
);
"""

# (name, SQL counting rows that break it)
VIOLATIONS = {
    "rack slots: the floor is width x depth": """
        SELECT count(*) FROM rack_slots
        WHERE abs(footprint_m2 - width_cm * depth_cm / 10000.0) > 0.1 * footprint_m2""",
    "rack slots: a size class is larger than the class below it": """
        WITH s AS (SELECT c.size_class, avg(r.footprint_m2) AS a FROM rack_slots r
                   JOIN slot_classes c ON c.id = r.slot_class_id GROUP BY 1),
             o AS (SELECT size_class, a, array_position(ARRAY['XS','S','M','L','XL'], size_class) p
                   FROM s)
        SELECT count(*) FROM o x JOIN o y ON y.p = x.p + 1 WHERE y.a <= x.a""",
    "rack slots: no slot's floor overlaps the next class's": """
        WITH s AS (SELECT c.size_class, min(r.footprint_m2) lo, max(r.footprint_m2) hi
                   FROM rack_slots r JOIN slot_classes c ON c.id = r.slot_class_id GROUP BY 1),
             o AS (SELECT *, array_position(ARRAY['XS','S','M','L','XL'], size_class) p FROM s)
        SELECT count(*) FROM o x JOIN o y ON y.p = x.p + 1 WHERE y.lo <= x.lo OR y.hi <= x.hi""",
    "rack slots: a pallet place is under a person's reach to a few metres high": """
        SELECT count(*) FROM rack_slots WHERE height_cm NOT BETWEEN 30 AND 300""",
    "zones: a zone's floor fits its kind (cold room 4-200 m2, mezzanine 50-2000, dock 30-80)": """
        SELECT count(*) FROM zones WHERE NOT CASE zone_kind
            WHEN 'cold_room' THEN floor_area_sqft / 10.7639 BETWEEN 4 AND 200
            WHEN 'mezzanine' THEN floor_area_sqft / 10.7639 BETWEEN 50 AND 2000
            WHEN 'loading_dock' THEN floor_area_sqft / 10.7639 BETWEEN 30 AND 80
            WHEN 'plant_room' THEN floor_area_sqft / 10.7639 BETWEEN 6 AND 120
            WHEN 'office' THEN floor_area_sqft / 10.7639 BETWEEN 8 AND 5000
            ELSE false END""",
    "zones: a depot's zones add up to no more than its total floor": """
        SELECT count(*) FROM depots d JOIN (SELECT depot_id, sum(floor_area_sqft) s FROM zones
            GROUP BY 1) z ON z.depot_id = d.id
        WHERE d.total_floor_area_sqft IS NULL OR z.s > d.total_floor_area_sqft + 0.1""",
    "bins: the capacity is the one the model's label states (within 5 %)": """
        SELECT count(*) FROM bins WHERE NOT CASE bin_model
            WHEN '240L wheelie' THEN capacity_gal * 3.78541 BETWEEN 228 AND 252
            WHEN '1100L eurobin' THEN capacity_gal * 3.78541 BETWEEN 1045 AND 1155
            WHEN '8 yard skip' THEN capacity_gal * 3.78541 BETWEEN 5810 AND 6420
            WHEN '40 yard roll-off' THEN capacity_gal * 3.78541 BETWEEN 29050 AND 32110
            ELSE false END""",
    "yard spaces: a space fits the vehicle of its type (in feet)": """
        SELECT count(*) FROM yard_spaces WHERE NOT CASE space_type
            WHEN 'standard' THEN length_ft * 0.3048 BETWEEN 4.5 AND 6
                             AND width_ft * 0.3048 BETWEEN 2.2 AND 2.9
            WHEN 'accessible' THEN width_ft * 0.3048 BETWEEN 3.2 AND 4
            WHEN 'van' THEN length_ft * 0.3048 BETWEEN 5.5 AND 8
            WHEN 'hgv' THEN length_ft * 0.3048 BETWEEN 14 AND 20
                        AND width_ft * 0.3048 BETWEEN 3 AND 4.5
            WHEN 'motorcycle' THEN length_ft * 0.3048 BETWEEN 1.8 AND 2.8
                               AND width_ft * 0.3048 BETWEEN 0.8 AND 1.6
            ELSE false END""",
}
# each table is really drawn in its kinds (the rules must not win by collapsing them)
SPREAD = {
    "zones": ("SELECT count(DISTINCT zone_kind) FROM zones", 4),
    "slot_classes": (
        "SELECT count(DISTINCT c.size_class) FROM rack_slots r "
        "JOIN slot_classes c ON c.id = r.slot_class_id",
        4,
    ),
    "bins": ("SELECT count(DISTINCT bin_model) FROM bins", 4),
    "yard_spaces": ("SELECT count(DISTINCT space_type) FROM yard_spaces", 4),
}


def _count(conninfo: str, query: str) -> int:
    with psycopg.connect(conninfo) as conn:
        row = conn.execute(query).fetchone()
    assert row is not None
    return int(row[0])


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(pg_cluster, request):
    name = pg_cluster.create_database()
    conninfo = pg_cluster.conninfo(name)
    parsed = parse_schema_text(SCHEMA, "schema.sql")
    config = parse_config({"generate": {"rows": 600}}, Path("sandbox.toml"))
    with psycopg.connect(conninfo, autocommit=True) as conn:
        apply_statements(conn, parsed, "pre")
        plan = build_plan(parsed.schema, config, seed=request.param)
        load_data(conn, parsed.schema, plan, config, seed=request.param)
        apply_statements(conn, parsed, "post")
    yield conninfo
    pg_cluster.drop_database(name)


@pytest.mark.parametrize("rule", sorted(VIOLATIONS))
def test_spaces_and_containers_measure_their_kind(loaded: str, rule: str) -> None:
    assert _count(loaded, VIOLATIONS[rule]) == 0, rule


@pytest.mark.parametrize("table", sorted(SPREAD))
def test_every_kind_still_drawn(loaded: str, table: str) -> None:
    query, want = SPREAD[table]
    assert _count(loaded, query) >= want
