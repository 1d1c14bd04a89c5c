"""A table of countries in a schema that names the region its business works in is the
business's list of its markets, not the world's, on a schema of our own (a yacht charter in
Europe: a bare table of countries with their codes, names, currencies and phone prefixes,
marinas in a country, charterers with a VAT number and an IBAN, charters): the VAT number
and the IBAN name the region (plan/market.py), so the table holds the bloc's BLOC_ROWS real
countries, the bloc's largest economies first (plan/roles.markets_of, bloc_listed), each
with its own currency and prefix, not the world's hundred most populous (Nigeria,
Bangladesh, Afghanistan); the marinas still lie in the region. A table of countries in a
schema naming no region keeps its hundred (test_realism_world)."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share
from workbench.generate.plan.roles import BLOC_ROWS
from workbench.generate.vocab import countries

SCHEMA = """
CREATE TABLE countries (alpha2 char(2) PRIMARY KEY, country_name text NOT NULL,
  currency_code char(3) NOT NULL, phone_prefix varchar(6) NOT NULL);
CREATE TABLE marinas (marina_id serial PRIMARY KEY, marina_name text NOT NULL,
  harbour_town text NOT NULL, alpha2 char(2) NOT NULL REFERENCES countries(alpha2));
CREATE TABLE charterers (charterer_id serial PRIMARY KEY, display_name text NOT NULL,
  alpha2 char(2) NOT NULL REFERENCES countries(alpha2), vat_number varchar(20),
  iban varchar(34));
CREATE TABLE charters (charter_id serial PRIMARY KEY,
  marina_id int NOT NULL REFERENCES marinas(marina_id),
  charterer_id int NOT NULL REFERENCES charterers(charterer_id),
  embark_on date NOT NULL, nights smallint NOT NULL CHECK (nights > 0));
"""

# the Single Euro Payments Area's countries and territories (EPC list)
SEPA = (
    "AD AT BE BG CH CY CZ DE DK EE ES FI FR GB GI GR HR HU IE IS IT LI LT LU LV MC MT NL NO PL "
    "PT RO SE SI SK SM VA"
)


@pytest.fixture(scope="module", params=[1, 2])
def loaded(request, pg_cluster):
    settings = {"generate": {"rows": 500}}
    with loaded_database(pg_cluster, SCHEMA, settings, seed=request.param) as conninfo:
        yield conninfo


def test_the_nations_are_the_business_markets(loaded: str) -> None:
    rows, _ = share(loaded, "SELECT count(*), 0 FROM countries")
    assert rows == BLOC_ROWS, rows
    known = sorted({*countries.LEADING, *countries.MARKETS, *SEPA.split()})
    listed = ", ".join(f"'{c}'" for c in known)
    _, held = share(
        loaded, f"SELECT count(*), count(*) FILTER (WHERE alpha2 IN ({listed})) FROM countries"
    )
    assert held == 1.0, held
    _, populous = share(
        loaded, "SELECT 1, count(*) FROM countries WHERE alpha2 IN ('NG','BD','AF')"
    )
    assert populous == 0.0
    facts = countries.by_alpha2()
    real = ", ".join(f"('{c.iso2}', '{c.currency}', '+{c.calling_code}')" for c in facts.values())
    _, own = share(
        loaded,
        "SELECT count(*), count(*) FILTER (WHERE (alpha2, currency_code, phone_prefix)"
        f" IN ({real})) FROM countries",
    )
    assert own == 1.0, own


def test_the_marinas_lie_in_the_region(loaded: str) -> None:
    listed = ", ".join(f"'{c}'" for c in SEPA.split())
    applies, held = share(
        loaded,
        f"SELECT count(*), count(*) FILTER (WHERE alpha2 IN ({listed})) FROM marinas",
    )
    assert applies > 0 and held >= 0.98, held
