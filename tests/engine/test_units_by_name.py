"""A number's unit is its name's last word whatever words come before it, and it holds what
such a thing measures in that unit, on a schema of our own (a brewery with a fire station's
breathing-air bench):

- a brew's `boil_time_minutes` ("time" before a unit is a length, not a moment) is a phase of
  the brew: a part of the minutes from its start to its finish, never more (rules/elapsed.py),
  and so is its `chill_time_seconds`, in seconds;
- a keg fill's `fill_pressure_bar` is a keg's pressure (0.5-3 bar), the table naming the thing;
- a breathing-set refill's `pressure_bar` is its cylinder's working pressure (180-300 bar), the
  key `cylinder_id` naming the thing, and its `o2_pct` follows the `mix` label beside it (air
  about 20.9 %, nitrox 22-40 %), a column of labels that are all mixes of the measure;
- a solar module's `peak_power_w` is a module's (250-700 W), read in watts.

Checked in SQL on what a real PostgreSQL holds, at three seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE brewers (id serial PRIMARY KEY, first_name text NOT NULL, last_name text NOT NULL);
CREATE TABLE brews (id bigserial PRIMARY KEY,
  brewer_id int NOT NULL REFERENCES brewers(id),
  recipe_name text NOT NULL,
  started_at timestamptz NOT NULL, finished_at timestamptz,
  boil_time_minutes smallint,
  chill_time_seconds integer,
  mash_temp_c numeric(4,1),
  CHECK (finished_at IS NULL OR finished_at >= started_at));
CREATE TABLE kegs (id serial PRIMARY KEY, serial_no varchar(20) NOT NULL UNIQUE,
  litres smallint NOT NULL);
CREATE TABLE keg_fills (id bigserial PRIMARY KEY,
  keg_id int NOT NULL REFERENCES kegs(id),
  brew_id bigint NOT NULL REFERENCES brews(id),
  filled_at timestamptz NOT NULL,
  fill_pressure_bar numeric(4,2) NOT NULL);
CREATE TABLE cylinders (id serial PRIMARY KEY, serial_no varchar(20) NOT NULL UNIQUE);
CREATE TABLE ba_refills (id bigserial PRIMARY KEY,
  cylinder_id int NOT NULL REFERENCES cylinders(id),
  refilled_at timestamptz NOT NULL,
  mix text NOT NULL CHECK (mix IN ('air', 'nitrox')),
  o2_pct numeric(4,1) NOT NULL,
  pressure_bar smallint NOT NULL);
CREATE TABLE solar_modules (id serial PRIMARY KEY, maker text NOT NULL,
  peak_power_w integer NOT NULL CHECK (peak_power_w > 0));
"""

BOIL = """
SELECT count(*), count(*) FILTER (WHERE
         boil_time_minutes <= extract(epoch FROM finished_at - started_at) / 60 + 1
         AND boil_time_minutes >= 0.4 * extract(epoch FROM finished_at - started_at) / 60 - 1
         AND chill_time_seconds <= extract(epoch FROM finished_at - started_at) + 1
         AND chill_time_seconds >= 0.4 * extract(epoch FROM finished_at - started_at) - 1)
FROM brews WHERE finished_at IS NOT NULL AND boil_time_minutes IS NOT NULL
"""
KEG = "SELECT count(*), count(*) FILTER (WHERE fill_pressure_bar BETWEEN 0.5 AND 3) FROM keg_fills"
REFILL = """
SELECT count(*), count(*) FILTER (WHERE pressure_bar BETWEEN 180 AND 300
         AND CASE mix WHEN 'air' THEN o2_pct BETWEEN 20.5 AND 21.5
                      ELSE o2_pct BETWEEN 22 AND 40 END)
FROM ba_refills
"""
MODULE = (
    "SELECT count(*), count(*) FILTER (WHERE peak_power_w BETWEEN 250 AND 700) FROM solar_modules"
)

NOW = "2026-03-10 09:00:00+00"
SETTINGS = {
    "generate": {"rows": 400, "now": NOW.replace(" ", "T")},
    "tables": {"public.brewers": {"rows": 10}, "public.cylinders": {"rows": 40}},
}


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_phase_in_minutes_is_a_part_of_the_rows_span(loaded: str) -> None:
    applies, holds = share(loaded, BOIL)
    assert applies >= 100
    assert holds >= 0.98


@pytest.mark.parametrize("query", [KEG, REFILL, MODULE], ids=["keg", "refill", "module"])
def test_an_amount_in_a_unit_is_its_things(loaded: str, query: str) -> None:
    applies, holds = share(loaded, query)
    assert applies >= 100
    assert holds >= 0.98
