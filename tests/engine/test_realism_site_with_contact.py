"""A site that keeps its own e-mail, phone and address (a club, a branch) is still a site its
rows happen at: a row sold there takes the lookup kept per country (a price plan, a tariff)
of the site's country, and with it that country's currency (rules/site_country.py). On a
schema of our own (a climbing-gym chain: gyms with an address, a phone and an e-mail in a
country; pass types priced per country in a currency; passes sold at a gym). Before, a gym
with an e-mail read as a person, so a pass sold in Lyon took a Mexican price in pesos."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE currencies (code char(3) PRIMARY KEY, name text NOT NULL);
CREATE TABLE countries (code char(2) PRIMARY KEY, name text NOT NULL,
  currency_code char(3) NOT NULL REFERENCES currencies(code));
CREATE TABLE gyms (id serial PRIMARY KEY, name text NOT NULL,
  country_code char(2) NOT NULL REFERENCES countries(code),
  city text NOT NULL, address_line text NOT NULL, phone text NOT NULL, email text,
  opened_on date NOT NULL);
CREATE TABLE pass_types (id serial PRIMARY KEY, label text NOT NULL,
  country_code char(2) NOT NULL REFERENCES countries(code),
  currency_code char(3) NOT NULL REFERENCES currencies(code),
  price numeric(8,2) NOT NULL CHECK (price > 0));
CREATE TABLE climbers (id serial PRIMARY KEY, first_name text NOT NULL,
  last_name text NOT NULL, email text NOT NULL);
CREATE TABLE passes (id serial PRIMARY KEY,
  climber_id int NOT NULL REFERENCES climbers(id),
  gym_id int NOT NULL REFERENCES gyms(id),
  pass_type_id int NOT NULL REFERENCES pass_types(id),
  currency_code char(3) NOT NULL REFERENCES currencies(code),
  sold_at timestamptz NOT NULL);
"""


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, {"generate": {"rows": 400}}, seed=8) as conninfo:
        yield conninfo


def test_a_pass_is_priced_in_its_gyms_country_and_currency(loaded: str) -> None:
    applies, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE t.country_code = g.country_code
             AND p.currency_code = c.currency_code)
           FROM passes p JOIN gyms g ON g.id = p.gym_id
           JOIN pass_types t ON t.id = p.pass_type_id
           JOIN countries c ON c.code = g.country_code""",
    )
    assert applies > 300 and held >= 0.98, held
