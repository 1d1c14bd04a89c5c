"""A machine of a kind weighs, offers and costs what such a machine does, on a schema of our
own (an office-refreshment company's fleet): a vending unit's `category` names what it sells
('coffee', 'cold_drinks', 'snacks', 'combination', 'sandwich'), and its weight in pounds, its
number of selections and its recommended retail price follow the kind
(vocab/data/magnitudes_machines.tsv), not a generic number. Checked in SQL on what a real
PostgreSQL holds, at three seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE depots (id serial PRIMARY KEY, city text NOT NULL);
CREATE TABLE vending_units (id serial PRIMARY KEY,
  depot_id int NOT NULL REFERENCES depots(id),
  asset_tag varchar(12) NOT NULL UNIQUE,
  category varchar(20) NOT NULL CHECK (category IN ('coffee', 'cold_drinks', 'snacks',
    'combination', 'sandwich')),
  weight_lbs numeric(7,1) NOT NULL CHECK (weight_lbs > 0),
  selections int NOT NULL CHECK (selections > 0),
  msrp numeric(10,2) NOT NULL);
"""

# kilograms and selections: makers' catalogues (a hot-drink machine is far lighter and offers
# fewer drinks than a spiral snack machine)
BANDS = {
    "coffee": (30, 250, 4, 30),
    "cold_drinks": (150, 450, 6, 60),
    "snacks": (120, 400, 15, 80),
    "combination": (180, 450, 15, 70),
    "sandwich": (180, 450, 10, 60),
}
SIZED = """
WITH k(kind, lo, hi, slo, shi) AS (VALUES {})
SELECT count(*), count(*) FILTER (WHERE u.weight_lbs * 0.45359 BETWEEN k.lo AND k.hi
    AND u.selections BETWEEN k.slo AND k.shi AND u.msrp BETWEEN 800 AND 20000)
FROM vending_units u LEFT JOIN k ON k.kind = u.category
""".format(", ".join(f"('{k}', {a}, {b}, {c}, {d})" for k, (a, b, c, d) in BANDS.items()))
SETTINGS = {"generate": {"rows": 300}, "tables": {"public.depots": {"rows": 6}}}


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_vending_unit_is_sized_by_what_it_sells(loaded: str) -> None:
    applies, holds = share(loaded, SIZED)
    assert applies >= 250
    assert holds >= 0.98
