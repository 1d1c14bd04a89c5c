"""Work done out of doors at a place happens in daylight's working hours, in the place's local
time: a vineyard block sprayed, its soil sampled, a colony of bees checked, a hedge trimmed by
a contractor (rules/kept_hours.FIELD through rules/opening.py), never at night. On a schema of
our own (a vineyard's blocks, an apiary's colonies, a contractor's trimming), at three seeds,
on a pinned clock."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE estate (estate_id int PRIMARY KEY, estate_name varchar(60) NOT NULL,
  tz_name varchar(40) NOT NULL);
CREATE TABLE vine_block (block_id int PRIMARY KEY,
  estate_id int NOT NULL REFERENCES estate(estate_id), block_code varchar(12) NOT NULL,
  area_ha numeric(6,2));
CREATE TABLE block_spraying (spraying_id int PRIMARY KEY,
  block_id int NOT NULL REFERENCES vine_block(block_id), sprayed_at timestamptz NOT NULL,
  product_litres numeric(8,1));
CREATE TABLE petiole_sample (sample_id int PRIMARY KEY,
  block_id int NOT NULL REFERENCES vine_block(block_id), taken_at timestamptz NOT NULL,
  nitrogen_pct numeric(4,2));
CREATE TABLE bee_colony (colony_id int PRIMARY KEY,
  estate_id int NOT NULL REFERENCES estate(estate_id), colony_ref varchar(12) NOT NULL);
CREATE TABLE colony_check (check_id int PRIMARY KEY,
  colony_id int NOT NULL REFERENCES bee_colony(colony_id), checked_at timestamptz NOT NULL,
  brood_frames smallint);
CREATE TABLE contractor (contractor_id int PRIMARY KEY, trading_name varchar(80) NOT NULL);
CREATE TABLE hedge_trimming (trimming_id int PRIMARY KEY,
  contractor_id int NOT NULL REFERENCES contractor(contractor_id),
  trimmed_at timestamptz NOT NULL, metres smallint NOT NULL);
"""
SETTINGS = {"generate": {"rows": 600, "now": NOW.replace(" ", "T")}}

ZONED = """
SELECT count(*)::int, count(*) FILTER (WHERE extract(hour FROM w.at AT TIME ZONE e.tz_name)
  BETWEEN 7 AND 18 AND w.at <= :now)::int
FROM ({rows}) w JOIN estate e USING (estate_id)
"""
SPRAYED = (
    "SELECT b.estate_id, s.sprayed_at AS at"
    " FROM block_spraying s JOIN vine_block b USING (block_id)"
)
SAMPLED = (
    "SELECT b.estate_id, s.taken_at AS at FROM petiole_sample s JOIN vine_block b USING (block_id)"
)
CHECKED = (
    "SELECT c.estate_id, k.checked_at AS at FROM colony_check k JOIN bee_colony c USING (colony_id)"
)
# no place to read a local time from: the run's own zone (UTC)
TRIMMED = """
SELECT count(*)::int, count(*) FILTER (WHERE extract(hour FROM trimmed_at AT TIME ZONE 'UTC')
  BETWEEN 7 AND 18 AND trimmed_at <= :now)::int FROM hedge_trimming
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


@pytest.mark.parametrize("rows", [SPRAYED, SAMPLED, CHECKED], ids=["sprayed", "sampled", "checked"])
def test_work_at_a_place_out_of_doors_is_done_in_its_daylight(loaded: str, rows: str) -> None:
    applies, holds = share(loaded, ZONED.format(rows=rows), now=NOW)
    assert applies == 600
    assert holds >= 0.98


def test_work_with_no_place_of_its_own_is_in_the_runs_daylight(loaded: str) -> None:
    applies, holds = share(loaded, TRIMMED, now=NOW)
    assert applies == 600
    assert holds >= 0.98
