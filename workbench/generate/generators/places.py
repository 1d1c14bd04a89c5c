"""Places that hang together: a city with its region, postal code shape, country, coordinates,
time zone, currency and locale, so that one row's address columns describe one place.

Postal codes follow each country's format and start with the city's real prefix; the rest of
the code is drawn, so they look right without naming a real building."""

from __future__ import annotations

import contextlib
import functools
from dataclasses import dataclass

import numpy as np

from workbench.errors import GenerationError
from workbench.generate.base.regex_gen import generate_matching
from workbench.generate.vocab import countries

# city, region, region code, country code, postal prefix, latitude, longitude
_CITIES: list[tuple[str, str, str, str, str, float, float]] = [
    ("New York", "New York", "NY", "US", "100", 40.71, -74.01),
    ("Chicago", "Illinois", "IL", "US", "606", 41.88, -87.63),
    ("Austin", "Texas", "TX", "US", "787", 30.27, -97.74),
    ("Seattle", "Washington", "WA", "US", "981", 47.61, -122.33),
    ("Denver", "Colorado", "CO", "US", "802", 39.74, -104.99),
    ("Boston", "Massachusetts", "MA", "US", "021", 42.36, -71.06),
    ("Portland", "Oregon", "OR", "US", "972", 45.52, -122.68),
    ("Atlanta", "Georgia", "GA", "US", "303", 33.75, -84.39),
    ("San Diego", "California", "CA", "US", "921", 32.72, -117.16),
    ("Minneapolis", "Minnesota", "MN", "US", "554", 44.98, -93.27),
    ("London", "England", "ENG", "GB", "SW1", 51.51, -0.13),
    ("Manchester", "England", "ENG", "GB", "M1", 53.48, -2.24),
    ("Edinburgh", "Scotland", "SCT", "GB", "EH1", 55.95, -3.19),
    ("Bristol", "England", "ENG", "GB", "BS1", 51.45, -2.59),
    ("Berlin", "Berlin", "BE", "DE", "10", 52.52, 13.40),
    ("Munich", "Bavaria", "BY", "DE", "80", 48.14, 11.58),
    ("Hamburg", "Hamburg", "HH", "DE", "20", 53.55, 9.99),
    ("Cologne", "North Rhine-Westphalia", "NW", "DE", "50", 50.94, 6.96),
    ("Paris", "Île-de-France", "IDF", "FR", "75", 48.86, 2.35),
    ("Lyon", "Auvergne-Rhône-Alpes", "ARA", "FR", "69", 45.76, 4.84),
    ("Bordeaux", "Nouvelle-Aquitaine", "NAQ", "FR", "33", 44.84, -0.58),
    ("Toronto", "Ontario", "ON", "CA", "M5V", 43.65, -79.38),
    ("Vancouver", "British Columbia", "BC", "CA", "V6B", 49.28, -123.12),
    ("Montreal", "Quebec", "QC", "CA", "H2X", 45.50, -73.57),
    ("Madrid", "Community of Madrid", "MD", "ES", "280", 40.42, -3.70),
    ("Barcelona", "Catalonia", "CT", "ES", "080", 41.39, 2.17),
    ("Milan", "Lombardy", "LOM", "IT", "201", 45.46, 9.19),
    ("Rome", "Lazio", "LAZ", "IT", "001", 41.90, 12.50),
    ("Amsterdam", "North Holland", "NH", "NL", "10", 52.37, 4.90),
    ("Utrecht", "Utrecht", "UT", "NL", "35", 52.09, 5.12),
    ("Bengaluru", "Karnataka", "KA", "IN", "560", 12.97, 77.59),
    ("Mumbai", "Maharashtra", "MH", "IN", "400", 19.08, 72.88),
    ("São Paulo", "São Paulo", "SP", "BR", "01", -23.55, -46.63),
    ("Tokyo", "Tokyo", "13", "JP", "100", 35.68, 139.69),
    ("Osaka", "Osaka", "27", "JP", "530", 34.69, 135.50),
    ("Sydney", "New South Wales", "NSW", "AU", "20", -33.87, 151.21),
    ("Melbourne", "Victoria", "VIC", "AU", "30", -37.81, 144.96),
    ("Stockholm", "Stockholm County", "AB", "SE", "11", 59.33, 18.07),
    ("Warsaw", "Masovian", "MZ", "PL", "00", 52.23, 21.01),
    ("Dublin", "Leinster", "L", "IE", "D0", 53.35, -6.26),
]
# country code: (name, alpha-3, currency, time zone, locale, postal format); in the format
# '#' is a digit and 'A' a letter, both drawn, after the city's prefix.
_COUNTRIES: dict[str, tuple[str, str, str, str, str, str]] = {
    "US": ("United States", "USA", "USD", "America/New_York", "en_US", "#####"),
    "GB": ("United Kingdom", "GBR", "GBP", "Europe/London", "en_GB", "### #AA"),
    "DE": ("Germany", "DEU", "EUR", "Europe/Berlin", "de_DE", "#####"),
    "FR": ("France", "FRA", "EUR", "Europe/Paris", "fr_FR", "#####"),
    "CA": ("Canada", "CAN", "CAD", "America/Toronto", "en_CA", "### #A#"),
    "ES": ("Spain", "ESP", "EUR", "Europe/Madrid", "es_ES", "#####"),
    "IT": ("Italy", "ITA", "EUR", "Europe/Rome", "it_IT", "#####"),
    "NL": ("Netherlands", "NLD", "EUR", "Europe/Amsterdam", "nl_NL", "#### AA"),
    "IN": ("India", "IND", "INR", "Asia/Kolkata", "en_IN", "######"),
    "BR": ("Brazil", "BRA", "BRL", "America/Sao_Paulo", "pt_BR", "#####-###"),
    "JP": ("Japan", "JPN", "JPY", "Asia/Tokyo", "ja_JP", "###-####"),
    "AU": ("Australia", "AUS", "AUD", "Australia/Sydney", "en_AU", "####"),
    "SE": ("Sweden", "SWE", "SEK", "Europe/Stockholm", "sv_SE", "### ##"),
    "PL": ("Poland", "POL", "PLN", "Europe/Warsaw", "pl_PL", "##-###"),
    "IE": ("Ireland", "IRL", "EUR", "Europe/Dublin", "en_IE", "### AAAA"),
}
COUNTRIES = _COUNTRIES  # read by phones.py: names and alpha-3 codes to alpha-2
# Per-city time zones where the country's default is wrong.
_CITY_TZ = {
    "Chicago": "America/Chicago",
    "Austin": "America/Chicago",
    "Minneapolis": "America/Chicago",
    "Denver": "America/Denver",
    "Seattle": "America/Los_Angeles",
    "Portland": "America/Los_Angeles",
    "San Diego": "America/Los_Angeles",
    "Vancouver": "America/Vancouver",
    "Melbourne": "Australia/Melbourne",
}
_POSTAL_PER_CITY = 24

# The address columns a place fills, by generator name.
PLACE_FIELDS = (
    "city",
    "region",
    "region_code",
    "country",
    "country_code",
    "country_code3",
    "postal_code",
    "latitude",
    "longitude",
    "timezone",
    "currency",
    "locale",
)


@dataclass(frozen=True)
class Places:
    fields: dict[str, np.ndarray]  # generator name -> one value per city
    postal: np.ndarray  # (cities, _POSTAL_PER_CITY) object array
    weights: np.ndarray  # popularity of each city in a free draw (bigger markets first)
    population: np.ndarray  # weight of each city within its country

    @property
    def size(self) -> int:
        return len(self.weights)


# letters a country's postcodes never use (an Eircode avoids B G I J L M O Q S U Z)
_LETTERS_OF = {"IE": "ACDEFHKNPRTVWXY"}


def _fill(fmt: str, prefix: str, rng: np.random.Generator, cc: str = "") -> str:
    letters = _LETTERS_OF.get(cc, "ABDEFGHJLNPQRSTUWXYZ")  # letters every listed format accepts
    body = list(fmt)
    out = []
    for pos, ch in enumerate(body):
        if pos < len(prefix) and ch in "#A":
            out.append(prefix[pos])
        elif ch == "#":
            out.append(str(int(rng.integers(0, 10))))
        elif ch == "A":
            out.append(letters[int(rng.integers(0, len(letters)))])
        else:
            out.append(ch)
    return "".join(out)


@functools.lru_cache(maxsize=4)
def places(seed: int) -> Places:
    """The place table, with postal codes drawn once per seed: the listed cities (drawn for a
    row of no country in particular), then the larger cities of every other country
    (vocab/countries.py), there for a row whose country is known."""
    rng = np.random.default_rng([seed, 4242])
    listed = [
        _listed_row(city, region, rcode, cc, prefix, lat, lon, rng)
        for city, region, rcode, cc, prefix, lat, lon in _CITIES
    ]
    world = [
        row
        for country in countries.countries()
        if country.iso2 not in _COUNTRIES
        for row in _world_rows(country)
    ]
    rows = listed + world
    arrays: dict[str, np.ndarray] = {}
    for key in PLACE_FIELDS:
        values = [row[0][key] for row in rows]
        if key in ("latitude", "longitude"):
            arrays[key] = np.asarray(values, dtype=np.float64)
        else:
            arrays[key] = np.empty(len(values), dtype=object)
            arrays[key][:] = values
    postal = np.empty((len(rows), _POSTAL_PER_CITY), dtype=object)
    for n, (_, codes) in enumerate(rows):
        postal[n, :] = codes
    weights = 1.0 / np.arange(1, len(_CITIES) + 1) ** 0.6
    weights = np.concatenate([weights / weights.sum(), np.zeros(len(world))])
    population = np.asarray(
        [1.0] * len(listed) + [max(float(str(row[0]["population"])), 1.0) for row in world],
        np.float64,
    )
    return Places(arrays, postal, weights, population)


def _listed_row(
    city: str,
    region: str,
    rcode: str,
    cc: str,
    prefix: str,
    lat: float,
    lon: float,
    rng: np.random.Generator,
) -> tuple[dict[str, object], list[str]]:
    name, cc3, currency, tz, locale, fmt = _COUNTRIES[cc]
    values = {
        "city": city,
        "region": region,
        "region_code": rcode,
        "country": name,
        "country_code": cc,
        "country_code3": cc3,
        "postal_code": "",
        "latitude": lat,
        "longitude": lon,
        "timezone": _CITY_TZ.get(city, tz),
        "currency": currency,
        "locale": locale,
    }
    # a British postcode is the city's outward code, a space and an inward code
    codes = [
        f"{prefix} {_fill('#AA', '', rng)}" if cc == "GB" else _fill(fmt, prefix, rng, cc)
        for _ in range(_POSTAL_PER_CITY)
    ]
    return values, codes


def _world_rows(country: countries.Country) -> list[tuple[dict[str, object], list[str]]]:
    """The cities of a country not listed above: a city's region is not on record (the city
    stands for it), its postcodes follow the country's recorded shape (none where postcodes
    are not used)."""
    cities = countries.cities_of(country.iso2)
    codes = _world_postcodes(country.iso2)
    out: list[tuple[dict[str, object], list[str]]] = []
    for n, city in enumerate(cities):
        values: dict[str, object] = {
            "city": city.name,
            "region": city.name,
            "region_code": "",
            "country": country.name,
            "country_code": country.iso2,
            "country_code3": country.iso3,
            "postal_code": "",
            "latitude": city.latitude,
            "longitude": city.longitude,
            "timezone": city.timezone,
            "currency": country.currency,
            "locale": "",
            "population": city.population,
        }
        out.append((values, [codes[(n + k) % len(codes)] for k in range(_POSTAL_PER_CITY)]))
    return out


@functools.cache
def _world_postcodes(iso2: str) -> tuple[str, ...]:
    """A few postcodes of the country's recorded shape, shared by its cities (the same for
    every seed: drawing from a pattern is slow, and they name no place in particular)."""
    pattern = countries.by_alpha2()[iso2].postcode
    if pattern is None:
        return ("",)
    with contextlib.suppress(ValueError, GenerationError):
        rng = np.random.default_rng([4243, *map(ord, iso2)])
        drawn = generate_matching(pattern, 6, rng, max_length=8)
        return tuple(str(v).upper() for v in drawn.tolist())
    return ("",)


def draw_places(seed: int, rng: np.random.Generator, n: int) -> tuple[np.ndarray, np.ndarray]:
    """(city index, postal slot) per row: one coherent place for each of n rows."""
    table = places(seed)
    which = rng.choice(table.size, n, p=table.weights)
    slot = rng.integers(0, _POSTAL_PER_CITY, n)
    return which, slot


def place_values(
    seed: int, field: str, which: np.ndarray, slot: np.ndarray, rng: np.random.Generator
) -> np.ndarray:
    """The `field` of each row's place (postal codes from the row's slot; coordinates jittered
    within a few kilometres of the city)."""
    table = places(seed)
    if field == "postal_code":
        return np.asarray(table.postal[which, slot])
    values = np.asarray(table.fields[field][which])
    if field in ("latitude", "longitude"):
        return np.asarray(np.round(values + rng.uniform(-0.05, 0.05, which.size), 6))
    return values
