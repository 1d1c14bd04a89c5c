"""A place without a town of its own lies in its ancestor's, on a schema of our own
(rules/place_city.py). A scooter-sharing franchise runs in one city (`franchises.city_id`);
its kiosks state only coordinates and a postcode, so they lie within a few kilometres of that
city, and a hire between two kiosks of one franchise covers a town, not a continent (every
franchise's kiosks within 0.3 degrees of latitude and 0.5 of longitude of each other). The
city's own coordinates are the place table's, so the check reads the spread, not a list of
towns. Checked in SQL on what a real PostgreSQL holds, at three seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCOOTERS = """
CREATE TABLE countries (code char(2) PRIMARY KEY, name text NOT NULL);
CREATE TABLE cities (id serial PRIMARY KEY,
  country_code char(2) NOT NULL REFERENCES countries(code),
  name text NOT NULL,
  timezone text NOT NULL);
CREATE TABLE franchises (id serial PRIMARY KEY,
  city_id int NOT NULL REFERENCES cities(id),
  brand text NOT NULL,
  started_on date NOT NULL);
CREATE TABLE kiosks (id serial PRIMARY KEY,
  franchise_id int NOT NULL REFERENCES franchises(id),
  label varchar(20) NOT NULL,
  postcode text,
  latitude numeric(9,6) NOT NULL,
  longitude numeric(9,6) NOT NULL,
  slots integer NOT NULL CHECK (slots > 0));
"""
SETTINGS = {
    "generate": {"rows": 400},
    "tables": {
        "public.countries": {"rows": 8},
        "public.cities": {"rows": 20},
        "public.franchises": {"rows": 25},
    },
}
IN_TOWN = """
SELECT count(*), count(*) FILTER (WHERE lat_spread <= 0.3 AND lon_spread <= 0.5)
FROM (SELECT franchise_id, max(latitude) - min(latitude) AS lat_spread,
             max(longitude) - min(longitude) AS lon_spread
      FROM kiosks GROUP BY franchise_id HAVING count(*) >= 2) f
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def scooters(request, pg_cluster):
    with loaded_database(pg_cluster, SCOOTERS, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_place_without_a_town_lies_in_its_ancestors(scooters: str) -> None:
    applies, holds = share(scooters, IN_TOWN)
    assert applies >= 15
    assert holds >= 0.98
