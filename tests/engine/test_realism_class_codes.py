"""A class code says what the class is, on a schema of our own (a travel agency reselling car
hire: its car products keyed by their SIPP code, a car group named by a CHECK's list, an
automatic flag, and the quotes it gives on them), checked in SQL on what a real PostgreSQL
holds:

- every product's code is a valid ACRISS (SIPP) code: a size letter, a type, a transmission and
  a fuel/air letter;
- its letters agree with the product's group (an economy car's first letter E or H, an SUV's
  type F, G or J, a minivan's M or V) and with its automatic flag (third letter A, B or D)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE car_products (sipp_code char(4) PRIMARY KEY CHECK (sipp_code ~ '^[A-Z]{4}$'),
  car_group text NOT NULL CHECK (car_group IN ('mini', 'economy', 'compact', 'intermediate',
  'standard', 'fullsize', 'premium', 'luxury', 'suv', 'minivan')),
  is_automatic boolean NOT NULL DEFAULT false, luggage_pieces smallint NOT NULL);
CREATE TABLE quotes (id serial PRIMARY KEY,
  sipp_code char(4) NOT NULL REFERENCES car_products(sipp_code),
  quoted_at timestamptz NOT NULL, daily_price numeric(8,2) NOT NULL);
"""


@pytest.fixture(scope="module")
def loaded(pg_cluster) -> Iterator[str]:
    settings = {"generate": {"rows": 300}, "tables": {"car_products": {"rows": 60}}}
    with loaded_database(pg_cluster, SCHEMA, settings) as conninfo:
        yield conninfo


def test_a_code_agrees_with_its_group_and_transmission(loaded: str) -> None:
    n, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE
             sipp_code ~ ('^[MNEHCDIJSRFGPULWOX][BCDWVLSTFJXPQZEMRHYNGK]'
                          || '[MNCABD][RNDQHIECLSABMFVZUX]$')
             AND is_automatic = (substr(sipp_code, 3, 1) IN ('A', 'B', 'D'))
             AND CASE car_group
                   WHEN 'mini' THEN substr(sipp_code, 1, 1) IN ('M', 'N')
                   WHEN 'economy' THEN substr(sipp_code, 1, 1) IN ('E', 'H')
                   WHEN 'compact' THEN substr(sipp_code, 1, 1) IN ('C', 'D')
                   WHEN 'intermediate' THEN substr(sipp_code, 1, 1) IN ('I', 'J')
                   WHEN 'standard' THEN substr(sipp_code, 1, 1) IN ('S', 'R')
                   WHEN 'fullsize' THEN substr(sipp_code, 1, 1) IN ('F', 'G')
                   WHEN 'premium' THEN substr(sipp_code, 1, 1) IN ('P', 'U')
                   WHEN 'luxury' THEN substr(sipp_code, 1, 1) IN ('L', 'W')
                   WHEN 'suv' THEN substr(sipp_code, 2, 1) IN ('F', 'G', 'J')
                   WHEN 'minivan' THEN substr(sipp_code, 2, 1) IN ('M', 'V')
                 END)
           FROM car_products""",
    )
    assert n == 60 and held >= 0.98, held
    _, groups = share(loaded, "SELECT 1, count(DISTINCT car_group) FROM car_products")
    assert groups >= 4  # the codes name several groups, not one
