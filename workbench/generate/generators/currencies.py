"""Facts about currencies that make an amount look like money in that currency.

MINOR_UNITS: the number of decimals of each currency's minor unit, as ISO 4217 lists it
(a yen, won or dong has none; a Kuwaiti dinar has three). A code not listed has two.

PER_USD: roughly how many units of each currency buy one US dollar. These are rounded,
fixed figures (not live rates), there only so that a drawn amount lands on a believable
scale for its currency (a yen price is about 150 times a dollar one) and so that a price
converted between two currencies stays reproducible for a given seed. A code not listed
counts as one unit per dollar."""

from __future__ import annotations

import functools

import numpy as np

from workbench.generate.vocab.lists import DATA

_ZERO = "BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF"
_THREE = "BHD IQD JOD KWD LYD OMR TND"
_FOUR = "CLF UYW"

MINOR_UNITS: dict[str, int] = {
    **{code: 0 for code in _ZERO.split()},
    **{code: 3 for code in _THREE.split()},
    **{code: 4 for code in _FOUR.split()},
}

PER_USD: dict[str, float] = {
    "USD": 1.0, "EUR": 0.92, "GBP": 0.79, "CHF": 0.88, "CAD": 1.36, "AUD": 1.52,
    "NZD": 1.65, "SEK": 10.5, "NOK": 10.7, "DKK": 6.9, "PLN": 4.0, "CZK": 23.0,
    "HUF": 360.0, "RON": 4.6, "BGN": 1.8, "TRY": 32.0, "RUB": 92.0, "UAH": 39.0,
    "INR": 83.0, "PKR": 280.0, "BDT": 110.0, "LKR": 300.0, "NPR": 133.0,
    "CNY": 7.2, "HKD": 7.8, "TWD": 32.0, "SGD": 1.35, "MYR": 4.7, "THB": 36.0,
    "PHP": 56.0, "IDR": 15700.0, "BRL": 5.0, "MXN": 17.0, "ARS": 850.0, "COP": 3900.0,
    "PEN": 3.7, "UYU": 39.0, "ZAR": 18.5, "NGN": 1500.0, "KES": 130.0, "EGP": 48.0,
    "MAD": 10.0, "GHS": 14.0, "ILS": 3.7, "AED": 3.67, "SAR": 3.75, "QAR": 3.64,
    # zero-decimal currencies
    "JPY": 150.0, "KRW": 1350.0, "VND": 25000.0, "CLP": 950.0, "ISK": 138.0,
    "UGX": 3800.0, "PYG": 7400.0, "XOF": 605.0, "XAF": 605.0, "XPF": 110.0,
    "BIF": 2850.0, "DJF": 178.0, "GNF": 8600.0, "KMF": 450.0, "RWF": 1300.0,
    "VUV": 120.0, "UYI": 39.0,
    # three-decimal currencies
    "BHD": 0.376, "KWD": 0.307, "OMR": 0.385, "JOD": 0.709, "TND": 3.1,
    "IQD": 1310.0, "LYD": 4.8,
    "CLF": 0.034, "UYW": 0.025,
}  # fmt: skip


def _letters_key(code: str) -> int:
    return (ord(code[0]) - 65) * 676 + (ord(code[1]) - 65) * 26 + (ord(code[2]) - 65)


# every three-letter code A-Z as an index: the facts of a batch are one table lookup
_RATE_LUT = np.ones(26**3, np.float64)
_MINOR_LUT = np.full(26**3, 2, np.int64)
for _code, _rate in PER_USD.items():
    _RATE_LUT[_letters_key(_code)] = _rate
for _code, _digits in MINOR_UNITS.items():
    _MINOR_LUT[_letters_key(_code)] = _digits


def _facts_slow(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    uniq, inverse = np.unique(values.astype(str), return_inverse=True)
    codes = [str(v).strip().upper() for v in uniq.tolist()]
    rate = np.array([PER_USD.get(c, 1.0) for c in codes], dtype=np.float64)
    decimals = np.array([MINOR_UNITS.get(c, 2) for c in codes], dtype=np.int64)
    inverse = inverse.reshape(-1)
    return rate[inverse], decimals[inverse]


def facts(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Units per US dollar (1.0 where the code is unknown) and decimals of the minor unit (2
    where unknown) of each row's currency. Three upper-case letters (blank-padded or not) are
    read as an index into a table of every such code, in numpy; anything else (lower case,
    names, NULLs) is looked up once per distinct value."""
    arr = np.asarray(values)
    n = arr.size
    if n == 0:
        return np.zeros(0, np.float64), np.zeros(0, np.int64)
    chars = arr.astype("U5").view(np.uint32).reshape(n, 5)  # a longer value: cut, so slow
    h0, h1, h2 = (chars[:, k] - np.uint32(65) for k in range(3))  # wraps below 'A'
    fast = (h0 < 26) & (h1 < 26) & (h2 < 26) & (chars[:, 4] == 0)
    fast &= (chars[:, 3] == 0) | (chars[:, 3] == 32)
    key = (h0.astype(np.int64) * 676) + (h1.astype(np.int64) * 26) + h2.astype(np.int64)
    rate = np.ones(n, np.float64)
    decimals = np.full(n, 2, np.int64)
    rate[fast] = _RATE_LUT[key[fast]]
    decimals[fast] = _MINOR_LUT[key[fast]]
    slow = np.flatnonzero(~fast)
    if slow.size:
        rate[slow], decimals[slow] = _facts_slow(arr[slow])
    return rate, decimals


def named_in(name: str) -> str | None:
    """The currency a money column's name states by its code as the last word (`list_price_eur`,
    `amount_usd`: a figure in euros, in dollars, whatever the row's own currency), else None."""
    code = name.rsplit("_", 1)[-1].upper() if "_" in name else ""
    return code if code in PER_USD else None


def round_minor(amounts: np.ndarray, decimals: np.ndarray) -> np.ndarray:
    """Each amount rounded to its own number of decimals, in one pass."""
    factor = 10.0 ** np.asarray(decimals, dtype=np.float64)
    return np.asarray(np.round(np.asarray(amounts, dtype=np.float64) * factor) / factor)


@functools.cache
def currency_names() -> dict[str, str]:
    """Each ISO 4217 code's English name (vocab/data/currency_names.tsv: USD US Dollar)."""
    out = {}
    for line in (DATA / "currency_names.tsv").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            code, name = line.split("\t")[:2]
            out[code] = name
    return out


@functools.cache
def currency_symbols() -> dict[str, str]:
    """Each ISO 4217 code's sign where it is used (vocab/data/currency_symbols.tsv: EUR €,
    CAD CA$); a code absent there is written as itself."""
    out = {}
    for line in (DATA / "currency_symbols.tsv").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            code, symbol = line.split("\t")[:2]
            out[code] = symbol
    return out
