"""A run's home market (plan/market.py) and the identifiers that belong to a country, on
schemas of our own (names unlike the suite's):

- a mobile operator: a table of countries (`country.code`) with an `is_active` flag,
  subscribers paying by direct debit (an IBAN), a NOT NULL postcode, a language defaulting
  to Dutch and invoices defaulting to EUR: most subscribers live in the Netherlands, the
  table of countries holds the market first, every IBAN is of a country that issues IBANs,
  every postcode is set; its business accounts carry a VAT number and a chamber-of-commerce
  number in their country's format (vocab/data/identifier_formats.tsv);
- a railway's stations in a table of countries (`iso`) with no market signal: they are the world's
  leading ones in order (the key of a table of countries is walked, not spread), and the
  stations' picks keep their old fan-out;
- a water utility's service connections (`connection_ref varchar(24)`) under meters and a
  grid of mains, in a Belgian/Dutch market: the connection's id is a metering point's EAN of
  the premises' country."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

TELECOM = """
CREATE TABLE country (code char(2) PRIMARY KEY, label varchar(80) NOT NULL,
  dial_prefix varchar(6) NOT NULL, is_active boolean NOT NULL DEFAULT false);
CREATE TABLE subscribers (id bigserial PRIMARY KEY,
  nation_code char(2) NOT NULL REFERENCES country(code),
  full_name varchar(120) NOT NULL, street varchar(120) NOT NULL, town varchar(80) NOT NULL,
  postcode varchar(10) NOT NULL, debit_iban varchar(34) NOT NULL,
  preferred_language varchar(5) NOT NULL DEFAULT 'nl');
CREATE TABLE business_accounts (id serial PRIMARY KEY,
  nation_code char(2) NOT NULL REFERENCES country(code),
  company_name varchar(120) NOT NULL, vat_number varchar(20), chamber_number varchar(12));
CREATE TABLE bills (id bigserial PRIMARY KEY,
  subscriber_id bigint NOT NULL REFERENCES subscribers(id),
  currency char(3) NOT NULL DEFAULT 'EUR', amount numeric(10,2) NOT NULL);
"""

RAILWAY = """
CREATE TABLE countries (iso char(2) PRIMARY KEY, land_name varchar(80) NOT NULL);
CREATE TABLE stations (id serial PRIMARY KEY, land_iso char(2) NOT NULL REFERENCES countries(iso),
  station_name varchar(80) NOT NULL, opened_on date NOT NULL);
"""

WATER = """
CREATE TABLE countries (alpha2 char(2) PRIMARY KEY, name varchar(80) NOT NULL);
CREATE TABLE premises (id serial PRIMARY KEY, line1 varchar(120) NOT NULL,
  city varchar(80) NOT NULL, postal_code varchar(10) NOT NULL,
  country_alpha2 char(2) NOT NULL REFERENCES countries(alpha2));
CREATE TABLE mains (id serial PRIMARY KEY, grid_name varchar(60) NOT NULL);
CREATE TABLE connection_points (id serial PRIMARY KEY,
  connection_ref varchar(24) NOT NULL UNIQUE,
  premises_id int NOT NULL REFERENCES premises(id), mains_id int NOT NULL REFERENCES mains(id));
CREATE TABLE meters (id serial PRIMARY KEY,
  point_id int NOT NULL REFERENCES connection_points(id), serial_no varchar(20) NOT NULL);
CREATE TABLE mandates (id serial PRIMARY KEY, premises_id int NOT NULL REFERENCES premises(id),
  iban varchar(34) NOT NULL, sepa_reference varchar(35), currency char(3) NOT NULL
  CHECK (currency IN ('EUR')), language varchar(5) NOT NULL DEFAULT 'nl');
"""

SEPA = (
    "('AD',24),('AT',20),('BE',16),('BG',22),('CH',21),('CY',28),('CZ',24),('DE',22),('DK',18),"
    "('EE',20),('ES',24),('FI',18),('FR',27),('GB',22),('GR',27),('HR',21),('HU',28),('IE',22),"
    "('IS',26),('IT',27),('LI',21),('LT',20),('LU',20),('LV',21),('MC',27),('MT',31),('NL',18),"
    "('NO',15),('PL',28),('PT',25),('RO',24),('SE',24),('SI',19),('SK',24),('SM',27),('VA',22)"
)


@pytest.fixture(scope="module")
def telecom(pg_cluster):
    with loaded_database(pg_cluster, TELECOM, {"generate": {"rows": 600}}) as conninfo:
        yield conninfo


@pytest.fixture(scope="module")
def railway(pg_cluster):
    with loaded_database(pg_cluster, RAILWAY, {"generate": {"rows": 300}}) as conninfo:
        yield conninfo


@pytest.fixture(scope="module")
def water(pg_cluster):
    with loaded_database(pg_cluster, WATER, {"generate": {"rows": 500}}) as conninfo:
        yield conninfo


def test_most_subscribers_live_in_the_home_market(telecom: str) -> None:
    applies, home = share(
        telecom, "SELECT count(*), count(*) FILTER (WHERE nation_code = 'NL') FROM subscribers"
    )
    assert applies == 600
    assert 0.5 <= home <= 0.8  # one home country holding most, its neighbours some
    _, neighbours = share(
        telecom,
        "SELECT count(*), count(*) FILTER (WHERE nation_code IN ('NL', 'BE', 'DE', 'FR', 'LU', "
        "'AT', 'IE', 'ES', 'IT', 'PT')) FROM subscribers",
    )
    assert neighbours >= 0.9


def test_the_table_of_countries_holds_the_market_first(telecom: str) -> None:
    # (its subscribers pay by IBAN and its business accounts carry VAT numbers: the table
    # lists the bloc those name, Europe, not the world's leading markets, plan/roles.py)
    applies, held = share(
        telecom,
        "SELECT count(*), count(*) FILTER (WHERE code IN ('NL', 'BE', 'GB', 'DE', 'FR')) "
        "FROM country WHERE code IN ('NL', 'BE', 'GB', 'DE', 'FR')",
    )
    assert applies == 5 and held == 1.0


def test_every_iban_is_of_a_country_issuing_them(telecom: str) -> None:
    applies, held = share(
        telecom,
        f"WITH len(cc, n) AS (VALUES {SEPA}) SELECT count(*), count(*) FILTER (WHERE "
        "length(s.debit_iban) = len.n) FROM subscribers s "
        "LEFT JOIN len ON len.cc = left(s.debit_iban, 2)",
    )
    assert applies == 600 and held >= 0.98


def test_a_not_null_postcode_is_a_postcode(telecom: str) -> None:
    applies, held = share(
        telecom, "SELECT count(*), count(*) FILTER (WHERE postcode ~ '[0-9]') FROM subscribers"
    )
    assert applies == 600 and held == 1.0


def test_business_numbers_have_their_countrys_format(telecom: str) -> None:
    applies, held = share(
        telecom,
        "SELECT count(*), count(*) FILTER (WHERE vat_number ~ '^NL[0-9]{9}B0[1-9]$' "
        "AND chamber_number ~ '^[0-9]{8}$') FROM business_accounts "
        "WHERE nation_code = 'NL' AND vat_number IS NOT NULL AND chamber_number IS NOT NULL",
    )
    assert applies > 50 and held == 1.0


def test_without_a_market_the_countries_are_the_leading_ones_in_order(railway: str) -> None:
    applies, held = share(
        railway,
        "SELECT count(*), count(*) FILTER (WHERE iso IN ('US', 'GB', 'DE', 'FR', 'IN')) "
        "FROM countries WHERE iso IN ('US', 'GB', 'DE', 'FR', 'IN')",
    )
    assert applies == 5 and held == 1.0
    # no market: the stations' lands keep the old fan-out (no one land holds most)
    _, top = share(
        railway,
        "SELECT sum(n), max(n) FROM (SELECT count(*) AS n FROM stations GROUP BY land_iso) c",
    )
    assert top < 0.5


def test_a_connection_point_id_is_its_countrys_metering_point_id(water: str) -> None:
    applies, held = share(
        water,
        "SELECT count(*), count(*) FILTER (WHERE CASE p.country_alpha2 "
        "WHEN 'NL' THEN c.connection_ref ~ '^871[0-9]{15}$' "
        "WHEN 'BE' THEN c.connection_ref ~ '^541[0-9]{15}$' "
        "ELSE c.connection_ref ~ '^[A-Z0-9-]{6,24}$' END) "
        "FROM connection_points c JOIN premises p ON p.id = c.premises_id",
    )
    assert applies == 500 and held >= 0.98
    _, home = share(
        water,
        "SELECT count(*), count(*) FILTER (WHERE p.country_alpha2 = 'NL') "
        "FROM connection_points c JOIN premises p ON p.id = c.premises_id",
    )
    assert home >= 0.5
