"""A machine weighs what its kind weighs and reaches as high as its kind reaches, on a schema
of our own (a civil contractor's plant yard): an operating weight (`op_wt_lb`, the team's
short form of operating weight) beside a kind column whose labels name construction plant
(a crawler excavator, a jackhammer, a genset) is drawn in the band such a machine weighs
(vocab/data/magnitudes.tsv), and a working height (`platform_height_ft`) in the band of a
machine that lifts people or loads, NULL where the machine lifts nothing. The kind column is
named `plant_cls` (cls: class). Checked in SQL on what a real PostgreSQL holds, at three
seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE yards (id serial PRIMARY KEY, name text NOT NULL, town text NOT NULL);
CREATE TABLE plant_items (id serial PRIMARY KEY,
  yard_id int NOT NULL REFERENCES yards(id),
  plant_no varchar(10) NOT NULL UNIQUE,
  plant_cls varchar(24) NOT NULL CHECK (plant_cls IN ('crawler_excavator', 'mini_digger',
    'skid_steer', 'cherry_picker', 'scissor_platform', 'forklift', 'jackhammer', 'genset',
    'vibrating_plate', 'road_roller', 'dewatering_pump', 'air_compressor')),
  maker varchar(40) NOT NULL,
  op_wt_lb integer NOT NULL,
  platform_height_ft numeric(5,1),
  bought_on date NOT NULL);
"""

# kilograms: makers' figures
WEIGHS = {
    "crawler_excavator": (12000, 50000),
    "mini_digger": (700, 6500),
    "skid_steer": (1200, 6000),
    "cherry_picker": (2000, 25000),
    "scissor_platform": (500, 14000),
    "forklift": (2000, 10000),
    "jackhammer": (4, 45),
    "genset": (15, 12000),
    "vibrating_plate": (40, 900),
    "road_roller": (800, 15000),
    "dewatering_pump": (5, 3000),
    "air_compressor": (80, 4000),
}
# metres, for the machines that lift; the others lift nothing
REACHES = {"cherry_picker": (8, 45), "scissor_platform": (4, 25), "forklift": (2.5, 10)}


def _values(bands: dict[str, tuple[float, float]]) -> str:
    return ", ".join(f"('{k}', {lo}, {hi})" for k, (lo, hi) in bands.items())


# a pound is 0.4536 kg, a foot 0.3048 m; whole pounds rounded down: a pound of slack below
WEIGH = f"""
WITH k(kind, lo, hi) AS (VALUES {_values(WEIGHS)})
SELECT count(*), count(*) FILTER (WHERE p.op_wt_lb * 0.45359 BETWEEN k.lo - 0.5 AND k.hi)
FROM plant_items p LEFT JOIN k ON k.kind = p.plant_cls
"""
REACH = f"""
WITH k(kind, lo, hi) AS (VALUES {_values(REACHES)})
SELECT count(*), count(*) FILTER (WHERE CASE WHEN k.kind IS NULL
    THEN p.platform_height_ft IS NULL
    ELSE p.platform_height_ft * 0.3048 BETWEEN k.lo AND k.hi END)
FROM plant_items p LEFT JOIN k ON k.kind = p.plant_cls
"""
SETTINGS = {"generate": {"rows": 500}, "tables": {"public.yards": {"rows": 8}}}


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_machine_weighs_what_its_class_weighs(loaded: str) -> None:
    applies, holds = share(loaded, WEIGH)
    assert applies >= 450
    assert holds >= 0.98


def test_a_machine_reaches_as_high_as_its_class_and_one_that_lifts_nothing_has_no_height(
    loaded: str,
) -> None:
    applies, holds = share(loaded, REACH)
    assert applies >= 450
    assert holds >= 0.98
