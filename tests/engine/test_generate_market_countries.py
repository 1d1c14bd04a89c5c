"""A table of countries that a place of the business's own keys its country to (a clinic of
a dental chain, a studio, a branch) lists the countries the business works in and trades
with, a few dozen (plan/roles.markets_of: the leading markets and the other large economies),
not the first hundred of the world by population: a chain of clinics keeps no rows for Chad,
Burundi and North Korea.

On a schema of our own (a dental chain naming no region: no VAT number, no IBAN, no
currency literal), at three seeds, on a pinned clock."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

SCHEMA = """
CREATE TABLE country (code char(2) PRIMARY KEY, name varchar(80) NOT NULL,
  currency char(3) NOT NULL, phone_prefix varchar(4) NOT NULL);
CREATE TABLE clinic (clinic_id int PRIMARY KEY, clinic_name varchar(80) NOT NULL,
  street varchar(120) NOT NULL, city varchar(80) NOT NULL, postcode varchar(12),
  country_code char(2) NOT NULL REFERENCES country(code));
CREATE TABLE patient (patient_id int PRIMARY KEY, first_name varchar(40) NOT NULL,
  last_name varchar(40) NOT NULL, birth_date date,
  country_code char(2) NOT NULL REFERENCES country(code));
CREATE TABLE appointment (appointment_id int PRIMARY KEY,
  clinic_id int NOT NULL REFERENCES clinic(clinic_id),
  patient_id int NOT NULL REFERENCES patient(patient_id),
  starts_at timestamptz NOT NULL, fee numeric(8,2) NOT NULL);
"""
SETTINGS = {"generate": {"rows": 1000, "now": NOW.replace(" ", "T")}}

# the large economies a business meets, whatever its trade (a few the world order by
# population puts among its first hundred are none of them)
NOT_MARKETS = "('CD', 'BI', 'KP', 'TD', 'SS', 'NE', 'ML', 'SO')"
COUNTRIES = f"""
SELECT count(*), count(*) FILTER (WHERE code NOT IN {NOT_MARKETS}) FROM country
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_the_chain_lists_a_few_dozen_countries_it_trades_with(loaded: str) -> None:
    applies, holds = share(loaded, COUNTRIES)
    assert 10 <= applies <= 40
    assert holds == 1.0
