"""A person fits the terms they take, on a schema of our own (a transit authority's riders
and their travel passes). A pass product states the least age of its riders
(`minimum_age`) and its category may name an age group (`student`: kinds/age_bands.
group_ages): on the day a pass is valid from, its rider is at least the product's minimum
age, and a student pass's rider 30 at most. rules/age_limit.py reads the limit through the
pass's key to its product (the terms it is on, not only a site it happens at) and
load/age_load.py moves a date of birth inside every bound its passes set. Before, a student
pass went to riders of any age and a minimum age over the drawn age held only by chance.
(A rider holding both a student and a senior pass cannot fit both: the pass's product is not
re-picked by age yet.) Checked in SQL on what a real PostgreSQL holds, at three seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TYPE pass_category AS ENUM ('standard', 'commuter', 'student', 'off_peak', 'family');
CREATE TABLE riders (id bigserial PRIMARY KEY, given_name text NOT NULL,
  family_name text NOT NULL, birth_date date NOT NULL,
  registered_at timestamptz NOT NULL DEFAULT now());
CREATE TABLE pass_products (id serial PRIMARY KEY, title text NOT NULL,
  category pass_category NOT NULL, minimum_age smallint NOT NULL DEFAULT 0
    CHECK (minimum_age BETWEEN 0 AND 99),
  fare numeric(8,2) NOT NULL CHECK (fare >= 0));
CREATE TABLE travel_passes (id bigserial PRIMARY KEY,
  rider_id bigint NOT NULL REFERENCES riders,
  product_id int NOT NULL REFERENCES pass_products,
  valid_from date NOT NULL, valid_until date NOT NULL,
  purchased_at timestamptz NOT NULL,
  CHECK (valid_until >= valid_from));
"""

FITS = """
WITH a AS (
  SELECT p.category, p.minimum_age,
         extract(year FROM age(t.valid_from, r.birth_date))::int AS years
  FROM travel_passes t JOIN riders r ON r.id = t.rider_id
  JOIN pass_products p ON p.id = t.product_id)
SELECT count(*), count(*) FILTER (WHERE years >= minimum_age AND years <= 100
  AND (category <> 'student' OR years <= 30))
FROM a
"""
GROUPS = """
SELECT count(*), count(*) FROM travel_passes t JOIN pass_products p ON p.id = t.product_id
WHERE p.category = 'student'
"""

SETTINGS = {"generate": {"rows": 800}, "tables": {"public.pass_products": {"rows": 40}}}


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_rider_fits_the_pass_they_hold(loaded: str) -> None:
    grouped, _ = share(loaded, GROUPS)
    assert grouped >= 5
    passes, holds = share(loaded, FITS)
    assert passes == 800
    assert holds >= 0.98
