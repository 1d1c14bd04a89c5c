"""Bank codes of a given country: IBANs (ISO 13616) with the country's registered length and
valid check digits, BICs with the country in their fifth and sixth letters.

An IBAN's account part (BBAN) starts with a bank code of 0, as the German IBANs of
realistic.py do (no German bank code starts with 0). A holder in a country without IBANs
(none in the SWIFT registry) holds the account in one that has them (`account_countries`): the
run's home market's first IBAN country paying in the holder's currency, else its first IBAN
country, else the registry's first paying in that currency, else Germany; never an IBAN of
a country that issues none. When the column is unique, the last nine digits are the
row number spread over their space (base/hashing.affine), so two rows of one country never
share an IBAN and two countries differ in their first letters.

Everything per batch with numpy: one group of rows per distinct country, the mod-97
remainder folded digit column by digit column."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from workbench.generate.base.hashing import affine
from workbench.generate.vocab import countries as world

# IBAN lengths by country (the SWIFT IBAN registry)
IBAN_LENGTHS = {
    "AD": 24, "AE": 23, "AL": 28, "AT": 20, "AZ": 28, "BA": 20, "BE": 16, "BG": 22, "BH": 22,
    "BI": 27, "BR": 29, "BY": 28, "CH": 21, "CR": 22, "CY": 28, "CZ": 24, "DE": 22, "DJ": 27,
    "DK": 18, "DO": 28, "EE": 20, "EG": 29, "ES": 24, "FI": 18, "FO": 18, "FR": 27, "GB": 22,
    "GE": 22, "GI": 23, "GL": 18, "GR": 27, "GT": 28, "HR": 21, "HU": 28, "IE": 22, "IL": 23,
    "IQ": 23, "IS": 26, "IT": 27, "JO": 30, "KW": 30, "KZ": 20, "LB": 28, "LC": 32, "LI": 21,
    "LT": 20, "LU": 20, "LV": 21, "LY": 25, "MC": 27, "MD": 24, "ME": 22, "MK": 19, "MR": 27,
    "MT": 31, "MU": 30, "NL": 18, "NO": 15, "PK": 24, "PL": 28, "PS": 29, "PT": 25, "QA": 29,
    "RO": 24, "RS": 22, "RU": 33, "SA": 24, "SC": 31, "SD": 18, "SE": 24, "SI": 19, "SK": 24,
    "SM": 27, "SO": 23, "ST": 25, "SV": 28, "TL": 23, "TN": 24, "TR": 26, "UA": 29, "VA": 22,
    "VG": 24, "XK": 20,
}  # fmt: skip
FALLBACK = "DE"  # where an account is held when nothing else says
_SALT = 2_654_435_761
_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _digit_rows(values: np.ndarray, width: int) -> np.ndarray:
    powers = 10 ** np.arange(width - 1, -1, -1, dtype=np.int64)
    return (np.asarray(values, dtype=np.int64)[:, None] // powers) % 10


def _text(digits: np.ndarray) -> np.ndarray:
    table = np.frombuffer(b"0123456789", dtype=np.uint8).astype(np.uint32)
    raw = np.ascontiguousarray(table[digits])
    return raw.view(f"U{digits.shape[1]}").ravel()


def _of_country(
    country: str, rng: np.random.Generator, idx: np.ndarray, unique: bool
) -> np.ndarray:
    """IBANs of one country for the rows `idx`."""
    width = IBAN_LENGTHS[country] - 4
    body = rng.integers(0, 10, (idx.size, width))
    body[:, 0] = 0  # the bank code starts with 0
    if unique:
        low = min(width - 1, 9)
        body[:, width - low :] = _digit_rows(affine(idx, 10**low, _SALT), low)
    # the check digits: BBAN, the country's letters as 10..35, then "00", modulo 97
    tail = [d for ch in country for d in divmod(_LETTERS.index(ch) + 10, 10)] + [0, 0]
    rem = np.zeros(idx.size, dtype=np.int64)
    for col in range(width):
        rem = (rem * 10 + body[:, col]) % 97
    for d in tail:
        rem = (rem * 10 + d) % 97
    check = _text(_digit_rows(98 - rem, 2))
    return np.char.add(np.char.add(country, check), _text(body)).astype(object)


def held_in(country: str, market: Sequence[str] = ()) -> str:
    """The country an account of a holder in `country` is held in (module docstring)."""
    if country in IBAN_LENGTHS:
        return country
    facts = world.by_alpha2()
    own = facts.get(country)
    currency = own.currency if own is not None else None
    banked = [c for c in market if c in IBAN_LENGTHS]
    same = [c for c in banked if facts.get(c) is not None and facts[c].currency == currency]
    if same or banked:
        return (same or banked)[0]
    registry = [c.iso2 for c in world.countries() if c.iso2 in IBAN_LENGTHS]
    paying = [c for c in registry if currency is not None and facts[c].currency == currency]
    return paying[0] if paying else FALLBACK


def account_countries(countries: np.ndarray, market: Sequence[str] = ()) -> np.ndarray:
    """Each row's account country (alpha-2): its own where it issues IBANs (`held_in`); the
    code as given where it is not two letters."""
    codes = np.asarray(countries, dtype=object)
    out = codes.copy()
    for country in {str(c) for c in codes.tolist()}:
        if len(country) == 2 and all(ch in _LETTERS for ch in country):
            out[codes == country] = held_in(country, tuple(market))
    return out


def country_ibans(
    countries: np.ndarray, rng: np.random.Generator, idx: np.ndarray, unique: bool
) -> np.ndarray:
    """An IBAN of each row's account country (alpha-2, upper case, one issuing IBANs:
    `account_countries`); "" where the code is not two letters."""
    out = np.full(idx.size, "", dtype=object)
    codes = account_countries(np.asarray(countries, dtype=object))
    for country in sorted({str(c) for c in codes.tolist()}):
        if len(country) != 2 or not all(ch in _LETTERS for ch in country):
            continue
        rows = np.flatnonzero(codes == country)
        out[rows] = _of_country(country, rng, idx[rows], unique)
    return out


def country_bics(values: np.ndarray, countries: np.ndarray) -> np.ndarray:
    """Each BIC with the row's country in its fifth and sixth letters (bank, country,
    location, branch); a value too short to be a BIC, or a country not two letters, stays."""
    text = np.asarray(values).astype(str)
    width = max(text.dtype.itemsize // 4, 1)
    chars = np.ascontiguousarray(text.astype(f"U{width}")).view(np.uint32).reshape(-1, width)
    chars = chars.copy()
    place = np.asarray(countries).astype(str)
    pairs = np.ascontiguousarray(place.astype("U2")).view(np.uint32).reshape(-1, 2)
    ok = (np.char.str_len(text) >= 8) & (np.char.str_len(place) == 2)
    if width >= 6:
        chars[ok, 4:6] = pairs[ok]
    return chars.view(f"U{width}").ravel().astype(object)
