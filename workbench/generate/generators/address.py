"""Where a row is: street addresses, cities, regions, postal codes, countries and their codes,
coordinates, continents and time zones."""

from __future__ import annotations

import numpy as np

from workbench.generate.generators.base import INT, NUMBER, TEXT, Generator, Ranged
from workbench.generate.generators.text import pooled, realistic
from workbench.generate.generators.value_spec import ColumnSpec, num_bounds


def coordinates(limit: float) -> Ranged:
    """Degrees of latitude (±90) or longitude (±180), drawn evenly."""

    def make(
        spec: ColumnSpec, rng: np.random.Generator, idx: np.ndarray
    ) -> tuple[np.ndarray, float, float]:
        lo, hi = num_bounds(spec, -limit, limit)
        return rng.uniform(lo, hi, idx.size), lo, hi

    return make


_RAILWAY_TEXT = pooled("railway_country_code", skewed=True)


def railway_integers(spec: ColumnSpec, rng: np.random.Generator, idx: np.ndarray) -> np.ndarray:
    """A country's UIC code in an integer column (80, 87, 70)."""
    return np.array([int(v) for v in _RAILWAY_TEXT(spec, rng, idx).tolist()], np.int64)


GENERATORS: tuple[Generator, ...] = (
    Generator(
        "street_address",
        TEXT,
        synonyms=(
            "street_address",
            "address",
            "address1",
            "address_1",
            "address_line",
            "address_line1",
            "address_line_1",
            "line1",
            "line_1",
            "street",
            "addr",
            "street_line",
        ),
        personal=True,
        width=22,
        text=pooled("street_address"),
        pool="street_address",
    ),
    Generator(
        "house_number",
        TEXT,
        synonyms=(
            "house_number",
            "housenumber",
            "house_no",
            "building_number",
            "street_number",
            "house_num",
        ),
        text=realistic(),
        fits_in=4,
    ),
    Generator(
        "address_line2",
        TEXT,
        synonyms=(
            "address2",
            "address_2",
            "address_line2",
            "address_line_2",
            "line2",
            "line_2",
            "apartment",
            "suite",
            "unit_number",
            "apt",
        ),
        personal=True,
        text=pooled("address_line2"),
        pool="address_line2",
    ),
    Generator(
        "city",
        TEXT,
        synonyms=("city", "town", "locality", "municipality", "city_name"),
        width=11,
        text=pooled("city", skewed=True),
        pool="city",
    ),
    Generator(
        "district",
        TEXT,
        synonyms=(
            "district",
            "district_name",
            "neighbourhood",
            "neighborhood",
            "borough",
            "suburb",
        ),
        text=realistic(),
    ),
    Generator(
        "region",
        TEXT,
        synonyms=(
            "state",
            "province",
            "region",
            "county",
            "state_name",
            "province_name",
            "prefecture",
        ),
        width=9,
        text=pooled("region", skewed=True),
        pool="region",
    ),
    Generator(
        "region_code",
        TEXT,
        synonyms=("state_code", "province_code", "region_code", "state_abbr"),
        text=pooled("region_code", skewed=True),
        pool="region_code",
        fits_in=2,
    ),
    Generator(
        "postal_code",
        TEXT,
        synonyms=(
            "postal_code",
            "postalcode",
            "post_code",
            "postcode",
            "zip",
            "zip_code",
            "zipcode",
            "postal",
        ),
        personal=True,
        width=5,
        text=pooled("postal_code"),
        pool="postal_code",
        fits_in=5,
    ),
    Generator(
        "country",
        TEXT,
        synonyms=("country", "country_name", "nation", "nation_name"),
        width=12,
        text=pooled("country", skewed=True),
        pool="country",
    ),
    Generator(
        "country_code",
        TEXT,
        synonyms=(
            "country_code",
            "countrycode",
            "country_iso",
            "iso_country",
            "country_iso2",
            "iso2",
            "alpha2",
            "country_alpha2",
        ),
        width=2,
        text=pooled("country_code", skewed=True),
        pool="country_code",
        fits_in=2,
    ),
    Generator(
        "country_code3",
        TEXT,
        synonyms=("country_iso3", "iso3", "alpha3", "country_alpha3", "country_code3"),
        text=pooled("country_code3", skewed=True),
        pool="country_code3",
        fits_in=3,
    ),
    Generator(
        "calling_code",
        TEXT,
        synonyms=(
            "calling_code",
            "phone_prefix",
            "dial_code",
            "dialing_code",
            "dialling_code",
            "phone_code",
            "country_calling_code",
            "isd_code",
        ),
        width=4,
        text=pooled("calling_code", skewed=True),
        pool="calling_code",
        fits_in=2,
        # `49` where a CHECK takes digits only (the plus is how it is dialled, not the code),
        # `0049` where it takes the international call prefix most of the world dials
        forms=(("digits", lambda v: v.lstrip("+")), ("prefixed", lambda v: "00" + v.lstrip("+"))),
    ),
    # a country's ITU-T E.212 mobile country code (the first digits of its SIMs' IMSIs)
    Generator(
        "mobile_country_code",
        TEXT,
        synonyms=("mcc", "mobile_country_code", "country_mcc", "mcc_code"),
        width=3,
        text=pooled("mobile_country_code", skewed=True),
        pool="mobile_country_code",
        fits_in=3,
    ),
    # a country's UIC code (the RICS numbering: Germany 80, France 87, Great Britain 70)
    Generator(
        "railway_country_code",
        TEXT | INT,
        synonyms=(
            "uic_country_code",
            "uic_country",
            "uic_code_country",
            "railway_country_code",
            "rail_country_code",
            "rics_country_code",
            "rics_code",
            "uic_country_number",
        ),
        width=2,
        text=_RAILWAY_TEXT,
        integers=railway_integers,
        pool="railway_country_code",
        fits_in=2,
    ),
    Generator(
        "latitude",
        NUMBER,
        synonyms=("lat", "latitude"),
        personal=True,
        decimals=coordinates(90),
        over_unique=True,
    ),
    Generator(
        "longitude",
        NUMBER,
        synonyms=("lng", "lon", "long", "longitude"),
        personal=True,
        decimals=coordinates(180),
        over_unique=True,
    ),
    Generator("continent", TEXT, synonyms=("continent",), text=realistic()),
    Generator(
        "timezone",
        TEXT,
        synonyms=("timezone", "time_zone", "tz", "tzname", "tz_name", "olson_timezone"),
        text=pooled("timezone", skewed=True),
        pool="timezone",
        fits_in=8,
    ),
)
