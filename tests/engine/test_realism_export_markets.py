"""Reference tables of countries and currencies filled with real rows whose columns agree,
on schemas of our own whose names the generator has never seen.

- A wine exporter sells to importers carrying VAT numbers and IBANs and ships from cellars
  of its own: its `countries` table (`country_iso2`, `iso_alpha3`, `currency_iso` keyed to a
  `currencies` table, `phone_prefix` written '+NN') is the list of the European markets
  those identifiers name (plan/roles.bloc_listed), each a real country whose alpha-2 and
  alpha-3 codes, currency and calling code agree, not the world's large economies (India,
  Brazil, Japan); its currencies are named by their ISO 4217 names.
  An importer's contact person dials the importer's country ('+49' for a German one), and
  a cask's repair is billed in the cask's purchase currency or, where that is NULL, in the
  currency of the cellar's country, never a currency drawn at random.
- A language school chain's `country` table writes the calling code with the international
  call prefix ('0049') as a CHECK asks (generators/address.calling_code's forms), still each
  country's own code, beside its alpha-3 code and currency.
- A car importer dealing with manufacturers wherever they are keeps the leading markets and
  the large economies (a Japanese maker's country is Japan), not the bloc alone."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"

# Europe's countries and microstates: ISO 3166 alpha-2, alpha-3, ISO 4217 currency (Bulgaria
# either: the euro from 2026), ITU calling code; written here, not read from the generator
EUROPE = {
    "AD": ("AND", "EUR", "376"), "AL": ("ALB", "ALL", "355"), "AT": ("AUT", "EUR", "43"),
    "BA": ("BIH", "BAM", "387"), "BE": ("BEL", "EUR", "32"), "BG": ("BGR", "BGN|EUR", "359"),
    "CH": ("CHE", "CHF", "41"), "CY": ("CYP", "EUR", "357"), "CZ": ("CZE", "CZK", "420"),
    "DE": ("DEU", "EUR", "49"), "DK": ("DNK", "DKK", "45"), "EE": ("EST", "EUR", "372"),
    "ES": ("ESP", "EUR", "34"), "FI": ("FIN", "EUR", "358"), "FR": ("FRA", "EUR", "33"),
    "GB": ("GBR", "GBP", "44"), "GR": ("GRC", "EUR", "30"), "HR": ("HRV", "EUR", "385"),
    "HU": ("HUN", "HUF", "36"), "IE": ("IRL", "EUR", "353"), "IS": ("ISL", "ISK", "354"),
    "IT": ("ITA", "EUR", "39"), "LI": ("LIE", "CHF", "423"), "LT": ("LTU", "EUR", "370"),
    "LU": ("LUX", "EUR", "352"), "LV": ("LVA", "EUR", "371"), "MC": ("MCO", "EUR", "377"),
    "ME": ("MNE", "EUR", "382"), "MK": ("MKD", "MKD", "389"), "MT": ("MLT", "EUR", "356"),
    "NL": ("NLD", "EUR", "31"), "NO": ("NOR", "NOK", "47"), "PL": ("POL", "PLN", "48"),
    "PT": ("PRT", "EUR", "351"), "RO": ("ROU", "RON", "40"), "RS": ("SRB", "RSD", "381"),
    "SE": ("SWE", "SEK", "46"), "SI": ("SVN", "EUR", "386"), "SK": ("SVK", "EUR", "421"),
    "SM": ("SMR", "EUR", "378"),
}  # fmt: skip
NAMES = {
    "EUR": "Euro", "GBP": "Pound Sterling", "CHF": "Swiss Franc", "SEK": "Swedish Krona",
    "PLN": "Zloty", "DKK": "Danish Krone", "NOK": "Norwegian Krone", "CZK": "Czech Koruna",
}  # fmt: skip


def _reference() -> str:
    return ", ".join(
        f"('{cc}', '{iso3}', '{cur}', '{dial}')"
        for cc, (iso3, curs, dial) in EUROPE.items()
        for cur in curs.split("|")
    )


WINE = """
CREATE TABLE currencies (currency_iso char(3) PRIMARY KEY, currency_name varchar(60) NOT NULL,
  minor_units smallint NOT NULL);
CREATE TABLE countries (country_iso2 char(2) PRIMARY KEY, iso_alpha3 char(3) NOT NULL UNIQUE,
  country_name varchar(80) NOT NULL,
  currency_iso char(3) NOT NULL REFERENCES currencies(currency_iso),
  phone_prefix varchar(5) NOT NULL, ships_to boolean NOT NULL DEFAULT true);
CREATE TABLE cellars (cellar_id serial PRIMARY KEY, cellar_name text NOT NULL,
  street text NOT NULL, postcode varchar(10), town text NOT NULL,
  country_iso2 char(2) NOT NULL REFERENCES countries(country_iso2), phone varchar(25));
CREATE TABLE importers (importer_id serial PRIMARY KEY, trading_name text NOT NULL,
  country_iso2 char(2) NOT NULL REFERENCES countries(country_iso2),
  vat_number varchar(20), iban varchar(34));
CREATE TABLE price_lists (price_list_id serial PRIMARY KEY,
  country_iso2 char(2) NOT NULL REFERENCES countries(country_iso2),
  currency_iso char(3) NOT NULL REFERENCES currencies(currency_iso),
  case_price numeric(10,2) NOT NULL);
CREATE TABLE importer_contacts (contact_id serial PRIMARY KEY,
  importer_id int NOT NULL REFERENCES importers(importer_id), full_name text NOT NULL,
  phone varchar(25));
CREATE TABLE casks (cask_id serial PRIMARY KEY,
  cellar_id int NOT NULL REFERENCES cellars(cellar_id), litres int NOT NULL,
  bought_price numeric(10,2), bought_currency char(3));
CREATE TABLE cask_repairs (repair_id serial PRIMARY KEY,
  cask_id int NOT NULL REFERENCES casks(cask_id),
  cellar_id int NOT NULL REFERENCES cellars(cellar_id), repaired_on date NOT NULL,
  cost numeric(10,2) NOT NULL, currency char(3) NOT NULL);
CREATE TABLE shipments (shipment_id serial PRIMARY KEY,
  cellar_id int NOT NULL REFERENCES cellars(cellar_id),
  importer_id int NOT NULL REFERENCES importers(importer_id),
  shipped_on date NOT NULL, cases smallint NOT NULL CHECK (cases > 0));
"""


@pytest.fixture(scope="module", params=[1, 2])
def wine(request, pg_cluster):
    settings = {"generate": {"rows": 300, "now": NOW.replace(" ", "T")}}
    with loaded_database(pg_cluster, WINE, settings, seed=request.param) as conninfo:
        yield conninfo


def test_the_exporters_countries_are_real_european_rows_that_agree(wine: str) -> None:
    applies, held = share(
        wine,
        f"""WITH ref(cc, iso3, cur, dial) AS (VALUES {_reference()})
            SELECT count(*), count(*) FILTER (WHERE EXISTS (
                SELECT 1 FROM ref r WHERE r.cc = c.country_iso2::text
                  AND r.iso3 = c.iso_alpha3::text AND r.cur = c.currency_iso::text
                  AND '+' || r.dial = c.phone_prefix))
            FROM countries c""",
    )
    assert 10 <= applies <= 80 and held >= 0.98, (applies, held)
    _, far = share(wine, "SELECT 1, count(*) FROM countries WHERE country_iso2 IN ('IN','BR','JP')")
    assert far == 0.0


def test_the_exporters_currencies_carry_their_iso_names(wine: str) -> None:
    named = ", ".join(f"('{k}', '{v}')" for k, v in NAMES.items())
    applies, held = share(
        wine,
        f"""SELECT count(*), count(*) FILTER (WHERE k.currency_name = n.name)
            FROM currencies k JOIN (VALUES {named}) AS n(code, name) ON n.code = k.currency_iso""",
    )
    assert applies >= 3 and held == 1.0, (applies, held)
    _, agree = share(
        wine,
        """SELECT count(*), count(*) FILTER (WHERE p.currency_iso = c.currency_iso)
           FROM price_lists p JOIN countries c USING (country_iso2)""",
    )
    assert agree >= 0.98


def test_an_importers_contact_dials_the_importers_country(wine: str) -> None:
    applies, held = share(
        wine,
        """SELECT count(*), count(*) FILTER (WHERE
               regexp_replace(k.phone, '[ ()./-]', '', 'g') LIKE c.phone_prefix || '%')
           FROM importer_contacts k JOIN importers i USING (importer_id)
           JOIN countries c USING (country_iso2) WHERE k.phone IS NOT NULL""",
    )
    assert applies >= 100 and held >= 0.98, (applies, held)


def test_a_repair_is_in_a_currency_where_the_casks_is_null(wine: str) -> None:
    applies, held = share(
        wine,
        """SELECT count(*), count(*) FILTER (WHERE r.currency IN (k.bought_currency,
               (SELECT c.currency_iso FROM cellars l JOIN countries c USING (country_iso2)
                 WHERE l.cellar_id = r.cellar_id)))
           FROM cask_repairs r JOIN casks k USING (cask_id)""",
    )
    assert applies >= 100 and held >= 0.98, (applies, held)


SCHOOLS = """
CREATE TABLE country (iso_code char(2) PRIMARY KEY, alpha3 char(3) NOT NULL,
  country_name text NOT NULL, currency_code char(3) NOT NULL,
  dialling_code varchar(7) NOT NULL CHECK (dialling_code ~ '^00[0-9]{1,4}$'));
CREATE TABLE schools (school_id serial PRIMARY KEY, school_name text NOT NULL,
  street text NOT NULL, city text NOT NULL, postcode varchar(10),
  iso_code char(2) NOT NULL REFERENCES country(iso_code), vat_no varchar(20));
CREATE TABLE courses (course_id serial PRIMARY KEY,
  school_id int NOT NULL REFERENCES schools(school_id), starts_on date NOT NULL,
  weekly_fee numeric(8,2) NOT NULL);
"""


@pytest.fixture(scope="module")
def schools(pg_cluster):
    settings = {"generate": {"rows": 300, "now": NOW.replace(" ", "T")}}
    with loaded_database(pg_cluster, SCHOOLS, settings) as conninfo:
        yield conninfo


def test_a_calling_code_written_with_the_call_prefix_is_still_the_countrys(schools: str) -> None:
    applies, held = share(
        schools,
        f"""WITH ref(cc, iso3, cur, dial) AS (VALUES {_reference()})
            SELECT count(*), count(*) FILTER (WHERE EXISTS (
                SELECT 1 FROM ref r WHERE r.cc = n.iso_code::text AND r.iso3 = n.alpha3::text
                  AND r.cur = n.currency_code::text AND '00' || r.dial = n.dialling_code))
            FROM country n""",
    )
    assert applies >= 10 and held >= 0.98, (applies, held)


CARS = """
CREATE TABLE countries (iso char(2) PRIMARY KEY, label text NOT NULL, currency char(3) NOT NULL,
  calling_code varchar(5) NOT NULL);
CREATE TABLE manufacturers (maker_id serial PRIMARY KEY, maker_name text NOT NULL,
  iso char(2) NOT NULL REFERENCES countries(iso));
CREATE TABLE showrooms (showroom_id serial PRIMARY KEY, showroom_name text NOT NULL,
  street text NOT NULL, city text NOT NULL, iso char(2) NOT NULL REFERENCES countries(iso),
  vat_no varchar(20));
"""


@pytest.fixture(scope="module")
def cars(pg_cluster):
    settings = {"generate": {"rows": 200, "now": NOW.replace(" ", "T")}}
    with loaded_database(pg_cluster, CARS, settings) as conninfo:
        yield conninfo


def test_makers_from_anywhere_keep_the_large_economies(cars: str) -> None:
    _, far = share(cars, "SELECT 1, count(*) FROM countries WHERE iso IN ('US','JP','CN','KR')")
    assert far == 4.0
