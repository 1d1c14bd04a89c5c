"""A value lies within the bounds its parent states for it (rules/parent_bounds.py): a regatta
entry's `crew` within its boat class's `crew_min`..`crew_max` (the end's word last), a paint
sample's `viscosity` within its recipe's `minimum_viscosity`..`maximum_viscosity` two keys
away (through the batch it was taken from, a decimal), an order line's `quantity` at or above
its fabric's `min_qty` (a lowest alone, `qty` for quantity), and a line's total still its
quantity times its price. On a schema of our own, at three seeds, on a pinned clock."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE boat_class (class_id int PRIMARY KEY, class_name varchar(60) NOT NULL,
  crew_min smallint NOT NULL, crew_max smallint NOT NULL, hull_length_m numeric(5,2) NOT NULL);
CREATE TABLE regatta_entry (entry_id bigint PRIMARY KEY,
  class_id int NOT NULL REFERENCES boat_class(class_id),
  sail_no varchar(12) NOT NULL, crew smallint NOT NULL, entered_at timestamptz NOT NULL);
CREATE TABLE paint_recipe (recipe_id int PRIMARY KEY, recipe_code varchar(20) NOT NULL,
  minimum_viscosity numeric(6,2) NOT NULL, maximum_viscosity numeric(6,2) NOT NULL);
CREATE TABLE mix_batch (batch_id bigint PRIMARY KEY,
  recipe_id int NOT NULL REFERENCES paint_recipe(recipe_id), mixed_at timestamptz NOT NULL);
CREATE TABLE qc_sample (sample_id bigint PRIMARY KEY,
  batch_id bigint NOT NULL REFERENCES mix_batch(batch_id),
  viscosity numeric(6,2) NOT NULL, taken_at timestamptz NOT NULL);
CREATE TABLE fabric (fabric_id int PRIMARY KEY, fabric_name varchar(80) NOT NULL,
  min_qty int NOT NULL, price_per_metre numeric(8,2) NOT NULL);
CREATE TABLE fabric_order (order_id bigint PRIMARY KEY, placed_at timestamptz NOT NULL);
CREATE TABLE fabric_order_line (line_id bigint PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES fabric_order(order_id),
  fabric_id int NOT NULL REFERENCES fabric(fabric_id),
  quantity int NOT NULL, unit_price numeric(8,2) NOT NULL, line_total numeric(10,2) NOT NULL);
"""
SETTINGS = {"generate": {"rows": 1000, "now": NOW.replace(" ", "T")}}

CREW = """
SELECT count(*)::int, count(*) FILTER (WHERE e.crew BETWEEN c.crew_min AND c.crew_max)::int
FROM regatta_entry e JOIN boat_class c ON c.class_id = e.class_id
"""
VISCOSITY = """
SELECT count(*)::int, count(*) FILTER (WHERE s.viscosity
  BETWEEN r.minimum_viscosity AND r.maximum_viscosity)::int
FROM qc_sample s JOIN mix_batch b ON b.batch_id = s.batch_id
JOIN paint_recipe r ON r.recipe_id = b.recipe_id
"""
QUANTITY = """
SELECT count(*)::int, count(*) FILTER (WHERE l.quantity >= f.min_qty
  AND l.line_total = l.quantity * l.unit_price)::int
FROM fabric_order_line l JOIN fabric f ON f.fabric_id = l.fabric_id
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


@pytest.mark.parametrize("query", [CREW, VISCOSITY, QUANTITY], ids=["crew", "viscosity", "qty"])
def test_a_value_lies_within_its_parents_bounds(loaded: str, query: str) -> None:
    applies, holds = share(loaded, query)
    assert applies == 1000
    assert holds >= 0.98
