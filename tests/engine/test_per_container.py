"""What was taken in containers weighs what that many containers hold (rules/per_container.py):
an orchard pick of so many bins is 150-500 kg of fruit a bin, an extraction of honey supers
10-20 kg a super (here told in pounds), a racking of barrels 50-225 litres a barrel. On a
schema of our own (an orchard's picks, an apiary's extractions, a cellar's rackings), at three
seeds, on a pinned clock."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE grower (grower_id int PRIMARY KEY, grower_name varchar(80) NOT NULL);
CREATE TABLE fruit_pick (pick_id int PRIMARY KEY,
  grower_id int NOT NULL REFERENCES grower(grower_id), picked_on date NOT NULL,
  bins_filled smallint NOT NULL CHECK (bins_filled BETWEEN 1 AND 40),
  fruit_kg numeric(9,1) NOT NULL);
CREATE TABLE extraction (extraction_id int PRIMARY KEY,
  grower_id int NOT NULL REFERENCES grower(grower_id), extracted_on date NOT NULL,
  num_supers int NOT NULL CHECK (num_supers > 0), honey_lbs numeric(8,1));
CREATE TABLE racking (racking_id int PRIMARY KEY,
  grower_id int NOT NULL REFERENCES grower(grower_id), racked_at timestamptz NOT NULL,
  barrel_count int NOT NULL CHECK (barrel_count BETWEEN 1 AND 30),
  wine_litres numeric(9,1) NOT NULL);
"""
SETTINGS = {"generate": {"rows": 600, "now": NOW.replace(" ", "T")}}

# the content per container within what one holds (a tenth of a unit's rounding aside)
PER = """
SELECT count(*)::int, count(*) FILTER (WHERE {measure} / {count}
  BETWEEN {lo} - 0.1 AND {hi} + 0.1)::int
FROM {table} WHERE {measure} IS NOT NULL AND {count} > 0
"""
CASES = [
    ("fruit_pick", "fruit_kg", "bins_filled", 150, 500),
    ("extraction", "honey_lbs * 0.4536", "num_supers", 10, 20),
    ("racking", "wine_litres", "barrel_count", 50, 225),
]


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


@pytest.mark.parametrize(("table", "measure", "count", "lo", "hi"), CASES,
                         ids=["bins", "supers", "barrels"])  # fmt: skip
def test_a_count_of_containers_holds_what_they_hold(
    loaded: str, table: str, measure: str, count: str, lo: float, hi: float
) -> None:
    query = PER.format(table=table, measure=measure, count=count, lo=lo, hi=hi)
    applies, holds = share(loaded, query)
    assert applies >= 300
    assert holds >= 0.98
