"""A size and a code decided by a sibling, on schemas of our own. A course layout's holes: a
hole's length in yards follows its par (a small whole number a CHECK lists, read as the kind
of hole: `par` 3 is a short hole, 5 a long one; rules/magnitude.py), not a number drawn
anywhere from 1 to 5,000. A fleet's cars: a VIN's 10th character spells the car's build year
(rules/code_year.py) and its check digit (the 9th) is right for the whole code. On the
session's base the length ignored the par and the VIN's year character was drawn at random.
Checked on what a real PostgreSQL holds, at two seeds."""

from __future__ import annotations

import psycopg
import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE layouts (layout_id int PRIMARY KEY, layout_name text NOT NULL);
CREATE TABLE layout_holes (layout_id int NOT NULL REFERENCES layouts,
  hole_no smallint NOT NULL, par smallint NOT NULL CHECK (par IN (3, 4, 5)),
  length_yd integer NOT NULL CHECK (length_yd > 0),
  PRIMARY KEY (layout_id, hole_no));
CREATE TABLE fleet_owners (owner_id int PRIMARY KEY, owner_name text NOT NULL);
CREATE TABLE fleet_cars (car_id int PRIMARY KEY,
  owner_id int NOT NULL REFERENCES fleet_owners,
  chassis_number varchar(17) NOT NULL UNIQUE,
  model_year smallint NOT NULL CHECK (model_year BETWEEN 1985 AND 2026));
"""
SETTINGS = {"generate": {"rows": 600, "now": "2026-03-10T09:00:00Z"}}

# a par 3 up to about 250 yd, a par 4 250-490, a par 5 from 450
HOLES = """
SELECT count(*), count(*) FILTER (WHERE (par = 3 AND length_yd BETWEEN 90 AND 250)
  OR (par = 4 AND length_yd BETWEEN 250 AND 490) OR (par = 5 AND length_yd BETWEEN 450 AND 660))
FROM layout_holes
"""
YEAR_CODES = "ABCDEFGHJKLMNPRSTVWXY123456789"
VALUE = {**{str(d): d for d in range(10)}, **dict(zip("ABCDEFGH", range(1, 9), strict=True))}
VALUE.update(zip("JKLMNPR", (1, 2, 3, 4, 5, 7, 9), strict=True))
VALUE.update(zip("STUVWXYZ", range(2, 10), strict=True))
WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2]


def _vin_holds(vin: str, year: int) -> bool:
    """17 characters of a VIN's alphabet, the 10th the year's code, the 9th the check digit."""
    if len(vin) != 17 or any(c not in VALUE for c in vin):
        return False
    total = sum(VALUE[c] * w for c, w in zip(vin, WEIGHTS, strict=True)) % 11
    check = "X" if total == 10 else str(total)
    return vin[8] == check and vin[9] == YEAR_CODES[(year - 1980) % 30]


@pytest.fixture(scope="module", params=[1, 2])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_hole_is_as_long_as_its_par_says(loaded: str) -> None:
    applies, holds = share(loaded, HOLES)
    assert applies >= 300
    assert holds >= 0.98


def test_every_par_is_played(loaded: str) -> None:
    with psycopg.connect(loaded) as conn:
        pars = {r[0] for r in conn.execute("SELECT DISTINCT par FROM layout_holes")}
    assert pars == {3, 4, 5}


def test_a_vin_spells_its_model_year_and_checks(loaded: str) -> None:
    with psycopg.connect(loaded) as conn:
        rows = conn.execute("SELECT chassis_number, model_year FROM fleet_cars").fetchall()
    assert len(rows) >= 300
    assert sum(_vin_holds(v, y) for v, y in rows) == len(rows)
