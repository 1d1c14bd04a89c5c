"""Facts of the world a row's labels and country decide, on a schema of our own (a courier's
jurisdictions, its shippers, its depots' premises and its parcels' complaint calls):
- a table keyed by the country (one row each) keeps each country's standard VAT rate, as a
  fraction where its type says so (0.19 for Germany, 0 for the United States), not a number
  drawn from a range;
- a shipper's VAT id that may be empty is empty where its country issues none (an American
  or a Canadian shipper), never another country's number;
- a callback (the customer calling the job back: it did not hold) befalls few of the jobs
  that were done, not one row per job;
- a whole building's floor area is its kind's: a hotel or a school hundreds to thousands of
  square metres, not a flat's."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE jurisdictions (country_code char(2) PRIMARY KEY, country_name text NOT NULL,
  default_tax_rate numeric(5,4) NOT NULL CHECK (default_tax_rate >= 0));
CREATE TABLE shippers (id serial PRIMARY KEY, trading_name text NOT NULL,
  country_code char(2) NOT NULL REFERENCES jurisdictions(country_code),
  vat_id text, email text NOT NULL);
CREATE TABLE premises (id serial PRIMARY KEY,
  shipper_id int NOT NULL REFERENCES shippers(id),
  premises_type text NOT NULL
    CHECK (premises_type IN ('hotel', 'school', 'factory', 'hospital', 'supermarket')),
  floor_area_sqm numeric(10,1));
CREATE TABLE pickup_jobs (id bigserial PRIMARY KEY,
  premises_id int NOT NULL REFERENCES premises(id),
  job_status text NOT NULL CHECK (job_status IN ('booked', 'completed', 'cancelled')),
  booked_for timestamptz NOT NULL, completed_at timestamptz);
CREATE TABLE job_callbacks (id bigserial PRIMARY KEY,
  pickup_job_id bigint NOT NULL REFERENCES pickup_jobs(id),
  logged_at timestamptz NOT NULL, reason text NOT NULL);
"""

SETTINGS = {"generate": {"rows": 1000}}

RATES = """
WITH ref(cc, rate) AS (VALUES ('DE', 0.19), ('FR', 0.20), ('GB', 0.20), ('US', 0.0),
  ('JP', 0.10), ('IT', 0.22), ('ES', 0.21), ('CA', 0.05), ('AU', 0.10), ('SE', 0.25))
SELECT count(*), count(*) FILTER (WHERE j.default_tax_rate = r.rate)
FROM jurisdictions j JOIN ref r ON r.cc = j.country_code
"""
NO_FOREIGN_VAT = """
SELECT count(*), count(*) FILTER (WHERE vat_id IS NULL) FROM shippers
WHERE country_code IN ('US', 'CA', 'JP', 'AU', 'IN', 'BR', 'MX')
"""
OWN_VAT = """
SELECT count(*), count(*) FILTER (WHERE left(vat_id, 2) = country_code) FROM shippers
WHERE country_code IN ('DE', 'FR', 'IT', 'ES', 'NL', 'PL', 'SE', 'BE') AND vat_id IS NOT NULL
"""
CALLBACKS = """
SELECT count(*), count(*) FILTER (WHERE EXISTS (
  SELECT 1 FROM job_callbacks c WHERE c.pickup_job_id = j.id)) FROM pickup_jobs j
WHERE j.job_status = 'completed'
"""
AREAS = """
WITH ref(kind, lo, hi) AS (VALUES ('hotel', 250, 200000), ('school', 250, 80000),
  ('factory', 250, 300000), ('hospital', 1000, 300000), ('supermarket', 250, 20000))
SELECT count(*), count(*) FILTER (WHERE p.floor_area_sqm BETWEEN r.lo AND r.hi)
FROM premises p LEFT JOIN ref r ON r.kind = p.premises_type WHERE p.floor_area_sqm IS NOT NULL
"""


@pytest.fixture(scope="module", params=[1, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_table_of_countries_keeps_each_ones_standard_vat_rate(loaded: str) -> None:
    applies, holds = share(loaded, RATES)
    assert applies >= 5 and holds == 1.0, holds


def test_a_vat_id_is_empty_where_the_country_issues_none(loaded: str) -> None:
    applies, holds = share(loaded, NO_FOREIGN_VAT)
    assert applies >= 5 and holds == 1.0, (applies, holds)
    applies, holds = share(loaded, OWN_VAT)
    assert applies >= 20 and holds >= 0.98, (applies, holds)


def test_callbacks_befall_few_of_the_completed_jobs(loaded: str) -> None:
    applies, holds = share(loaded, CALLBACKS)
    assert applies >= 100 and 0.01 <= holds <= 0.15, (applies, holds)


def test_a_whole_buildings_floor_area_is_its_kinds(loaded: str) -> None:
    applies, holds = share(loaded, AREAS)
    assert applies >= 5 and holds >= 0.98, (applies, holds)
