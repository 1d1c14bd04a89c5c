"""A business's table of countries lists its markets, on a schema of our own (a language-school
franchise whose `country` rows carry its own settings: the VAT it charges, the age a pupil may
enrol alone, whether it has launched there), checked in SQL on what a real PostgreSQL holds:
a few dozen real countries, the leading markets and the other large economies (Switzerland,
Belgium, Korea), not the world's most populous (Nigeria, Bangladesh), each with its own
currency. A bare list of the world's countries (test_realism_world, pagila) keeps its
hundred."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share
from workbench.generate.plan.roles import MARKET_ROWS
from workbench.generate.vocab import countries

SCHEMA = """
CREATE TABLE country (alpha2 char(2) PRIMARY KEY, country_name text NOT NULL,
  currency char(3) NOT NULL, vat_percent numeric(4,2) NOT NULL,
  min_enrol_age smallint NOT NULL, launched boolean NOT NULL DEFAULT false);
CREATE TABLE schools (id serial PRIMARY KEY, school_name text NOT NULL,
  alpha2 char(2) NOT NULL REFERENCES country(alpha2), opened_on date NOT NULL);
CREATE TABLE pupils (id serial PRIMARY KEY, school_id int NOT NULL REFERENCES schools(id),
  full_name text NOT NULL, home_country char(2) REFERENCES country(alpha2));
"""


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, {"generate": {"rows": 500}}) as conninfo:
        yield conninfo


def test_a_business_countries_are_a_few_dozen_markets(loaded: str) -> None:
    facts = countries.by_alpha2()
    rows = share(loaded, "SELECT count(*), count(*) FROM country")
    assert rows == (MARKET_ROWS, 1.0) and MARKET_ROWS <= 40
    markets = "(" + ", ".join(f"'{c}'" for c in (*countries.LEADING, *countries.MARKETS)) + ")"
    applies, held = share(
        loaded, f"SELECT count(*), count(*) FILTER (WHERE alpha2 IN {markets}) FROM country"
    )
    assert applies == MARKET_ROWS and held == 1.0
    _, large = share(
        loaded, "SELECT 6, count(*) FROM country WHERE alpha2 IN ('US','GB','DE','CH','BE','KR')"
    )
    assert large == 1.0
    _, populous = share(loaded, "SELECT 1, count(*) FROM country WHERE alpha2 IN ('NG','BD','PK')")
    assert populous == 0.0
    currencies = "(" + ", ".join(f"('{c.iso2}', '{c.currency}')" for c in facts.values()) + ")"
    _, own = share(
        loaded,
        f"SELECT count(*), count(*) FILTER (WHERE (alpha2, currency) IN {currencies}) FROM country",
    )
    assert own == 1.0
