"""A band of a quantity (`loa_from_m`..`loa_to_m` of a dock's tariff, a weight band of a rate)
is no counter's reading interval: the bands of a parent's rows are not chained end to start
(rules/counter.py reads a `from`/`to` pair as readings only where its name says a register:
`meter_from`, `odometer_to`). Chained, a yard's hundred tariffs climbed past what numeric(5,2)
holds, the CHECK's repair pushed the upper bound over it, and generation failed on every row.
On a schema of our own (a shipyard's docks), at three seeds, on a pinned clock."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE yard (yard_id int PRIMARY KEY, yard_name varchar(80) NOT NULL,
  country_code char(2) NOT NULL);
CREATE TABLE dock_tariff (
  tariff_id int PRIMARY KEY,
  yard_id int NOT NULL REFERENCES yard(yard_id),
  loa_from_m numeric(5,2) NOT NULL,
  loa_to_m numeric(5,2) NOT NULL,
  day_rate numeric(8,2) NOT NULL,
  valid_from date NOT NULL,
  valid_to date,
  CHECK (loa_to_m > loa_from_m));
CREATE TABLE hull (hull_id int PRIMARY KEY, hull_name varchar(60) NOT NULL,
  loa_m numeric(5,2) NOT NULL, beam_m numeric(4,2) NOT NULL);
CREATE TABLE dock_stay (stay_id int PRIMARY KEY,
  hull_id int NOT NULL REFERENCES hull(hull_id),
  tariff_id int NOT NULL REFERENCES dock_tariff(tariff_id),
  arrived_at timestamptz NOT NULL, departed_at timestamptz);
"""
SETTINGS = {"generate": {"rows": 1000, "now": NOW.replace(" ", "T")}}

# every tariff was generated (none dropped) and its band is a band of its own
BANDS = """
SELECT count(*), count(*) FILTER (WHERE loa_to_m > loa_from_m) FROM dock_tariff
"""
# not chained: within a yard, in valid_from order, a band does not start where the last ended
CHAINED = """
WITH b AS (SELECT loa_from_m, lag(loa_to_m) OVER (PARTITION BY yard_id ORDER BY valid_from,
  tariff_id) AS before FROM dock_tariff)
SELECT count(*), count(*) FILTER (WHERE loa_from_m >= before) FROM b WHERE before IS NOT NULL
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_every_tariff_is_generated_with_a_band(loaded: str) -> None:
    applies, holds = share(loaded, BANDS, now=NOW)
    assert applies == 1000
    assert holds == 1.0


def test_a_yards_bands_are_not_chained_like_readings(loaded: str) -> None:
    applies, chained = share(loaded, CHAINED, now=NOW)
    assert applies >= 900
    assert chained < 0.9
