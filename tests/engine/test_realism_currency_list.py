"""A table of currencies of its natural size, on a schema of our own (a subscription billing
app's `currency` list keyed by `iso4217`, its plans priced in one), checked in SQL on what a
real PostgreSQL holds: the table holds the currencies the world's countries use (at most
about 160, not a sandbox's row count of invented codes), each with its ISO 4217 minor units
in a column named `exponent` and its ISO name (US Dollar, Yen, Pound Sterling) in its
name column."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE currency (iso4217 char(3) PRIMARY KEY, display_name text NOT NULL,
  exponent smallint NOT NULL);
CREATE TABLE plans (id serial PRIMARY KEY, plan_name text NOT NULL,
  currency char(3) NOT NULL REFERENCES currency(iso4217), monthly_price numeric(10,2) NOT NULL);
"""
# ISO 4217, written here: a few currencies with no minor unit, and with three
ZERO = ("JPY", "KRW", "ISK", "CLP", "VND", "PYG", "UGX", "XOF", "XAF")
THREE = ("BHD", "KWD", "OMR", "JOD", "IQD", "LYD", "TND")
COMMON = ("USD", "EUR", "GBP", "CHF", "INR", "BRL", "CNY", "MXN", "ZAR", "NGN")


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, {"generate": {"rows": 500}}) as conninfo:
        yield conninfo


def _in(codes: tuple[str, ...]) -> str:
    return "(" + ", ".join(f"'{c}'" for c in codes) + ")"


def test_the_currency_list_has_its_natural_size_and_real_minor_units(loaded: str) -> None:
    applies, held = share(
        loaded,
        f"""SELECT count(*), count(*) FILTER (WHERE iso4217 ~ '^[A-Z]{{3}}$' AND CASE
                WHEN iso4217 IN {_in(ZERO)} THEN exponent = 0
                WHEN iso4217 IN {_in(THREE)} THEN exponent = 3
                WHEN iso4217 IN {_in(COMMON)} THEN exponent = 2 ELSE exponent IN (0, 2, 3) END)
            FROM currency""",
    )
    assert 100 <= applies <= 180 and held == 1.0
    _, found = share(
        loaded,
        f"SELECT {len(ZERO + THREE + COMMON)}, count(*) FROM currency"
        f" WHERE iso4217 IN {_in(ZERO + THREE + COMMON)}",
    )
    assert found == 1.0  # the economies' currencies are all there


def test_a_currency_is_named_by_its_iso_name(loaded: str) -> None:
    applies, held = share(
        loaded,
        """SELECT count(*), count(*) FILTER (WHERE CASE iso4217
                WHEN 'USD' THEN display_name = 'US Dollar' WHEN 'EUR' THEN display_name = 'Euro'
                WHEN 'JPY' THEN display_name = 'Yen' WHEN 'GBP' THEN display_name = 'Pound Sterling'
                END) FROM currency WHERE iso4217 IN ('USD', 'EUR', 'JPY', 'GBP')""",
    )
    assert applies == 4 and held == 1.0
    _, distinct = share(loaded, "SELECT count(*), count(DISTINCT display_name) FROM currency")
    assert distinct == 1.0  # one name per currency, not invented words
