"""Measures of one machine scale together: a turbine type's power rating and its rotor's
diameter are drawn at one size of the row (rules/magnitude.py), so its power per square metre
swept stays where real turbines have it (140-650 W/m2) and its hub height grows with it. On a
schema of our own (a developer's catalogue of turbine types), at three seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE vendor (vendor_id int PRIMARY KEY, vendor_name varchar(80) NOT NULL);
CREATE TABLE wind_turbine_type (
  type_id int PRIMARY KEY,
  vendor_id int NOT NULL REFERENCES vendor(vendor_id),
  designation varchar(30) NOT NULL,
  power_rating_kw numeric(8,1) NOT NULL,
  rotor_size_ft numeric(6,1) NOT NULL,
  hub_height_m numeric(5,1));
"""
SETTINGS = {"generate": {"rows": 300, "now": "2026-03-10T09:00:00Z"}}

SPECIFIC = """
SELECT count(*)::int, count(*) FILTER (WHERE power_rating_kw * 1000.0
  / (pi() * power(rotor_size_ft * 0.3048 / 2.0, 2)) BETWEEN 140 AND 650)::int
FROM wind_turbine_type
"""
TOGETHER = """
SELECT 100, round(100 * corr(power_rating_kw, hub_height_m))::int FROM wind_turbine_type
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_turbines_power_and_rotor_are_drawn_at_one_size(loaded: str) -> None:
    applies, holds = share(loaded, SPECIFIC)
    assert applies == 300
    assert holds >= 0.98
    _, corr = share(loaded, TOGETHER)
    assert corr > 0.5
