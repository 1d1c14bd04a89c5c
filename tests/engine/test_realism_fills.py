"""A container holds what one of its content holds, on schemas of our own: a gas supplier's
bottles of a gas kind (propane, butane: the content an ancestor's label names), filled with
one of the sizes such a bottle is sold in and weighing full, in pounds, what such a bottle
weighs over its gas; a paint shop's spray cans whose own `contents` label (foam, water,
powder) decides the size and the unit column beside it (kilograms for a powder, litres for a
liquid). Before rules/fill.py the fill was any number and the unit any of the CHECK's."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE gas_grades (grade_code text PRIMARY KEY, label text NOT NULL,
  gas text NOT NULL CHECK (gas IN ('propane', 'butane')));
CREATE TABLE bottle_models (id serial PRIMARY KEY, maker text NOT NULL,
  grade_code text NOT NULL REFERENCES gas_grades(grade_code));
CREATE TABLE bottles (id bigserial PRIMARY KEY,
  model_id int NOT NULL REFERENCES bottle_models(id),
  serial_no text NOT NULL, fill_weight numeric(6,2) NOT NULL CHECK (fill_weight > 0),
  full_weight_lbs numeric(7,2) NOT NULL CHECK (full_weight_lbs > 0));
CREATE TABLE spray_cans (id serial PRIMARY KEY, sku text NOT NULL,
  contents text NOT NULL CHECK (contents IN ('foam', 'water', 'powder')),
  contents_volume numeric(5,1) NOT NULL,
  volume_unit text NOT NULL CHECK (volume_unit IN ('kg', 'litre')),
  total_weight numeric(6,2));
"""

SETTINGS = {"generate": {"rows": 400}}

BOTTLES = """
WITH ref(gas, lo, hi) AS (VALUES ('propane', 5, 47), ('butane', 4.5, 15))
SELECT count(*), count(*) FILTER (
  WHERE b.fill_weight BETWEEN r.lo AND r.hi
    AND b.full_weight_lbs * 0.45359237 BETWEEN b.fill_weight * 1.75 AND b.fill_weight * 2.35)
FROM bottles b JOIN bottle_models m ON m.id = b.model_id
JOIN gas_grades g ON g.grade_code = m.grade_code LEFT JOIN ref r ON r.gas = g.gas
"""
CANS = """
WITH ref(contents, unit, lo, hi) AS (VALUES
  ('foam', 'litre', 2, 9), ('water', 'litre', 3, 9), ('powder', 'kg', 1, 12))
SELECT count(*), count(*) FILTER (
  WHERE c.volume_unit = r.unit AND c.contents_volume BETWEEN r.lo AND r.hi
    AND (c.total_weight IS NULL
         OR c.total_weight BETWEEN c.contents_volume * 1.3 AND c.contents_volume * 2.1))
FROM spray_cans c LEFT JOIN ref r ON r.contents = c.contents
"""


@pytest.fixture(scope="module", params=[1, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_bottle_holds_what_its_gas_is_sold_in_and_weighs_full_what_such_a_bottle_does(
    loaded: str,
) -> None:
    applies, holds = share(loaded, BOTTLES)
    assert applies >= 300 and holds >= 0.98, holds


def test_a_can_holds_its_contents_in_their_unit(loaded: str) -> None:
    applies, holds = share(loaded, CANS)
    assert applies >= 300 and holds >= 0.98, holds
