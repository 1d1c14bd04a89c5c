"""The countries of the world and their larger cities, as facts a row's locale reads: ISO 3166-1
codes (alpha-2, alpha-3), English short name, ISO 4217 currency, international calling code,
population and the shape of a postcode (a regular expression; none where postcodes are not in
everyday use), and up to sixty cities of 15,000 people or more per country with coordinates
and time zone.

The facts are GeoNames' (data/countries.tsv, data/cities.tsv, shipped with the package), the
currencies as of 2026 (Bulgaria's the euro since 2026-01-01, where GeoNames still says BGN); the
order of `countries()` is the order a reference table of countries is filled in: the markets
most sandboxes talk about first, then by population; a business's own list of the countries
it works in (`markets_vocabulary`) puts the other large economies before the most populous."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path

from workbench.generate.vocab import railways, telecom

DATA = Path(__file__).with_name("data")

# the markets most sandboxes talk about, first in a table of countries
LEADING = ("US", "GB", "DE", "FR", "IN", "CA", "ES", "IT", "NL", "BR", "JP", "AU", "SE", "PL")
# then, in a business's own list of the countries it works in, the other large economies (the
# rest of the G20 and the richer OECD members): a company's table of countries holds a few
# dozen markets, Switzerland and Belgium before Nigeria and Bangladesh
MARKETS = (
    "CN", "MX", "KR", "CH", "BE", "AT", "IE", "DK", "NO", "FI", "PT", "NZ", "GR", "TR", "ZA",
    "AE",
)  # fmt: skip
# The order a business's own list of its markets is filled in: Europe's economies with the
# US, Canada, Australia and Japan first (where a company in "several countries" most often
# works, and so where most of its rows live), then the other large markets of the G20 that
# every such list names (New Zealand, India, Mexico, Brazil, South Africa), before Korea, China,
# Turkey or the Emirates and Europe's smaller members.
BUSINESS_MARKETS = (
    "US", "GB", "DE", "FR", "CA", "ES", "IT", "NL", "JP", "AU", "SE", "PL", "CH", "BE", "AT",
    "IE", "DK", "NO", "FI", "PT", "CZ", "GR", "HU", "RO", "LU", "NZ", "IN", "MX", "BR", "ZA",
    *LEADING, *MARKETS,
)  # fmt: skip
# Places without postcodes in everyday use, though a pattern is on record.
NO_POSTCODES = frozenset({"HK", "MO", "AE"})
# Names and short forms other lists use for a country (ISO long names, older forms).
ALIASES = {
    "United States of America": "US", "USA": "US", "U.S.A.": "US", "America": "US",
    "UK": "GB", "Great Britain": "GB", "Britain": "GB", "England": "GB",
    "Russian Federation": "RU", "Korea": "KR", "Republic of Korea": "KR",
    "Korea, Republic of": "KR", "Czechia": "CZ", "Viet Nam": "VN", "Türkiye": "TR",
    "Turkiye": "TR", "Holland": "NL", "The Netherlands": "NL",
}  # fmt: skip


@dataclass(frozen=True)
class Country:
    iso2: str
    iso3: str
    name: str
    currency: str
    calling_code: str
    population: int
    postcode: str | None  # an anchored regular expression, None: any postcode


@dataclass(frozen=True)
class City:
    name: str
    iso2: str
    population: int
    latitude: float
    longitude: float
    timezone: str


def _rows(name: str) -> list[list[str]]:
    text = (DATA / name).read_text(encoding="utf-8")
    return [line.split("\t") for line in text.splitlines() if line and not line.startswith("#")]


def _postcode(iso2: str, raw: str) -> str | None:
    """The recorded pattern anchored as a whole (some anchor only their first branch), with
    an optional space wherever one is written."""
    raw = raw.strip()
    if not raw or iso2 in NO_POSTCODES:
        return None
    inner = raw.removeprefix("^").removesuffix("$").replace(r"\s?", r"\s").replace(r"\s", r"\s?")
    return f"^(?:{inner})$"


@functools.cache
def _all() -> tuple[Country, ...]:
    found = [
        Country(iso2, iso3, name, currency, calling, int(pop), _postcode(iso2, regex))
        for iso2, iso3, name, currency, calling, pop, regex in (
            (row + [""] * 7)[:7] for row in _rows("countries.tsv")
        )
    ]
    lead = {cc: n for n, cc in enumerate(LEADING)}
    return tuple(sorted(found, key=lambda c: (lead.get(c.iso2, len(lead)), -c.population)))


@functools.cache
def _cities() -> dict[str, tuple[City, ...]]:
    out: dict[str, list[City]] = {}
    for name, iso2, pop, lat, lon, tz in _rows("cities.tsv"):
        out.setdefault(iso2, []).append(City(name, iso2, int(pop), float(lat), float(lon), tz))
    return {cc: tuple(cities) for cc, cities in out.items()}


def countries() -> tuple[Country, ...]:
    """Every country with a currency, a calling code and a city on record, leading markets
    first, then by population."""
    cities = _cities()
    return tuple(c for c in _all() if c.currency and c.calling_code and c.iso2 in cities)


def cities_of(iso2: str) -> tuple[City, ...]:
    """The country's larger cities, most populous first (none when unknown)."""
    return _cities().get(iso2, ())


@functools.cache
def by_alpha2() -> dict[str, Country]:
    return {c.iso2: c for c in _all()}


@functools.cache
def _tax_rates() -> dict[str, float]:
    return {iso2: float(rate) for iso2, rate in _rows("tax_rates.tsv")}


def standard_tax_rate(iso2: str) -> float | None:
    """The country's standard VAT (or GST) rate in percent (data/tax_rates.tsv: 19.0 for
    Germany, 0.0 for the United States); None when not on record."""
    return _tax_rates().get(iso2)


@functools.cache
def free_phone_blocks() -> dict[str, tuple[str, str, int]]:
    """alpha-2 -> (calling code, prefix, national length) of a block of national numbers the
    country's plan leaves unallocated (data/phone_free.tsv): numbers of a valid form that
    ring nobody."""
    return {a2: (code, prefix, int(length)) for a2, code, prefix, length in _rows("phone_free.tsv")}


@functools.cache
def _lookup() -> dict[str, str]:
    """Every way a country is written here (alpha-2, alpha-3, name, alias), folded to lower
    case, to its alpha-2 code."""
    out: dict[str, str] = {}
    for c in _all():
        for key in (c.iso2, c.iso3, c.name):
            out.setdefault(key.lower(), c.iso2)
    for alias, iso2 in ALIASES.items():
        out.setdefault(alias.lower(), iso2)
    return out


def has_postcodes(value: object) -> bool:
    """The country (written any known way) uses postcodes; True when unknown."""
    country = by_alpha2().get(alpha2(value))
    return country is None or country.postcode is not None


def alpha2(value: object) -> str:
    """A country written any known way as its alpha-2 code, "" when unknown."""
    return _lookup().get(re.sub(r"\s+", " ", str(value)).strip().lower(), "")


# the common currencies first in a list of currencies, then every other a country uses
LEADING_CURRENCIES = ("USD", "EUR", "GBP", "JPY", "CAD", "AUD", "CHF", "SEK", "NZD", "NOK")
# then the other traded currencies, by their share of the world's foreign exchange turnover
# (the BIS triennial survey's ranking): besides its own countries' currencies, the ones a
# business quotes, converts and keeps a table of (plan/market.business_currencies); not the
# rouble, which a business abroad has not settled in since the sanctions of 2022
TRADED_CURRENCIES = (
    "CNY", "HKD", "SGD", "KRW", "INR", "MXN", "TWD", "ZAR", "BRL", "DKK", "PLN", "THB", "ILS",
    "IDR", "CZK", "AED", "TRY", "HUF", "CLP", "SAR", "PHP", "MYR", "COP", "RON", "PEN",
    "BHD", "BGN", "ARS", "KWD", "QAR", "ISK",
)  # fmt: skip


@functools.cache
def vocabulary(generator: str) -> tuple[str, ...] | None:
    """The values of a generator whose values are country facts, in the order a reference
    table is filled (None for other generators)."""
    every = countries()
    if generator == "country_code":
        return tuple(c.iso2 for c in every)
    if generator == "country_code3":
        return tuple(c.iso3 for c in every)
    if generator == "country":
        return tuple(c.name for c in every)
    if generator == "calling_code":
        return tuple(dict.fromkeys("+" + c.calling_code for c in every))
    if generator == "currency":
        return tuple(dict.fromkeys([*LEADING_CURRENCIES, *(c.currency for c in every)]))
    if generator == "mobile_country_code":
        codes = (telecom.mobile_country_code(c.iso2) for c in every)
        return tuple(dict.fromkeys(m for m in codes if m))
    if generator == "railway_country_code":
        uic = (railways.railway_country_code(c.iso2) for c in every)
        return tuple(dict.fromkeys(u for u in uic if u))
    return None


@functools.cache
def markets_vocabulary(generator: str) -> tuple[str, ...] | None:
    """The values of a generator of a country's own facts (its code, alpha-3 code, name) in
    the order a business's list of its markets is filled (BUSINESS_MARKETS), then the world
    order; None for other generators."""
    every = vocabulary(generator)
    if every is None or generator not in ("country_code", "country_code3", "country"):
        return None
    rank = _economies()
    pairs = sorted(zip(countries(), every, strict=True), key=lambda p: rank.get(p[0].iso2, 99))
    return tuple(value for _, value in pairs)


@functools.cache
def _economies() -> dict[str, int]:
    return {cc: n for n, cc in reversed(list(enumerate(BUSINESS_MARKETS)))}


def economy_rank(value: object) -> int | None:
    """Where a country (written any known way) stands among the leading markets and the other
    large economies (BUSINESS_MARKETS' order); None outside them."""
    return _economies().get(alpha2(value))


# Where a person's tax year does not start on 1 January: (month, day) it starts on (the UK's
# 6 April, Australia's and Pakistan's 1 July, India's, New Zealand's and Hong Kong's 1 April,
# South Africa's 1 March). A sum to date over a tax year (`ytd_gross`) restarts there.
TAX_YEAR_STARTS: dict[str, tuple[int, int]] = {
    "GB": (4, 6), "AU": (7, 1), "NZ": (4, 1), "IN": (4, 1), "HK": (4, 1), "ZA": (3, 1),
    "PK": (7, 1), "BD": (7, 1),
}  # fmt: skip
