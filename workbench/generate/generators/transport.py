"""Transport: the identifiers of the registries ships, containers, pallets and air freight are
known by, each with its standard's check digit, as the registries' own validation computes it.

- an IMO ship number: seven digits, the seventh the sum of the first six weighted 7..2, mod 10;
- an ISO 6346 container number: an owner code of three letters, the category U, six digits of
  serial and a check digit (the letters as 10..38 skipping multiples of 11, each character
  weighted 2^position, mod 11, mod 10; an owner code whose number would check as 10 is moved
  on to one that does not, as the registry does);
- an SSCC (GS1 serial shipping container code): an extension digit, a company prefix, a serial
  and the GS1 mod-10 check digit, 18 digits;
- an air waybill number: the airline's three-digit prefix, seven digits of serial and their
  remainder mod 7 (`176-12345675`, without the hyphen where the column has no room);
- a freight wagon's UIC number (its European Vehicle Number): two digits of interoperability
  and gauge (0-4 or 8 first), the keeper's UIC country code (vocab/railways.py), four of type
  and three of serial, then Luhn's check over the eleven (`318066512345`); a row's own
  keeper country moves the country digits and the check with them (`wagons_in_country`,
  rules/code_country.py).

A unique column's values differ by their serial (the row number spread over its space), so
two rows never meet whatever else is drawn."""

from __future__ import annotations

import numpy as np

from workbench.generate.base.hashing import affine
from workbench.generate.generators.base import INT, TEXT, Generator
from workbench.generate.generators.realistic import ean_digit
from workbench.generate.generators.text import fit
from workbench.generate.generators.value_spec import ColumnSpec
from workbench.generate.vocab import railways

_SALT = 2_654_435_761
# the owner codes of the large container lines and lessors (BIC-registered, with their U)
_OWNERS = ("MSC", "MSK", "MAE", "CMA", "HLX", "CSN", "ONE", "EGH", "TRI", "TGH", "SEG", "OOL",
           "HDM", "ZIM", "YML", "BMO", "CAI", "FCI", "TCL", "GES")  # fmt: skip
# ISO 6346's letter values: A = 10 upwards, skipping the multiples of 11
_VALUES = [v for v in range(10, 39) if v % 11]
_LETTER_VALUE = dict(zip("ABCDEFGHIJKLMNOPQRSTUVWXYZ", _VALUES, strict=True))
# airlines' cargo prefixes (IATA accounting codes): Lufthansa, Air France, KLM, British
# Airways, Emirates, Qatar, Cargolux, Singapore, United, American, Delta, Cathay, Turkish
_AIRLINES = ("020", "057", "074", "125", "176", "157", "172", "618", "016", "001", "006", "160",
             "235")  # fmt: skip
# GS1 company prefixes a shipper's pallets share (seven digits, no real company's)
_SHIPPERS = 12


def _serial(rng: np.random.Generator, idx: np.ndarray, unique: bool, space: int) -> np.ndarray:
    """A serial in [0, space) per row: the row number spread over the space when unique."""
    if unique:
        return affine(idx, space, _SALT)
    return rng.integers(0, space, idx.size)


def _digits(values: np.ndarray, width: int) -> np.ndarray:
    powers = 10 ** np.arange(width - 1, -1, -1, dtype=np.int64)
    return (np.asarray(values, dtype=np.int64)[:, None] // powers) % 10


def imo_numbers(rng: np.random.Generator, idx: np.ndarray, unique: bool) -> np.ndarray:
    """Seven-digit IMO numbers as integers, of ships built since the 1970s (7xxxxxx to
    9xxxxxx); a unique column's 300,001st row on takes the older ones (1xxxxxx to 6xxxxxx)."""
    idx = np.asarray(idx, dtype=np.int64)
    if unique:
        late = idx >= 300_000
        body = np.where(
            late,
            100_000 + affine(np.where(late, idx - 300_000, 0), 600_000, _SALT),
            700_000 + affine(np.where(late, 0, idx), 300_000, _SALT),
        )
    else:
        body = rng.integers(700_000, 1_000_000, idx.size)
    check = (_digits(body, 6) * np.arange(7, 1, -1)).sum(axis=1) % 10
    return np.asarray(body * 10 + check, dtype=np.int64)


def imo_text(spec: ColumnSpec, rng: np.random.Generator, idx: np.ndarray) -> np.ndarray:
    made = imo_numbers(rng, idx, spec.unique).astype(str).astype(object)
    return fit(made, spec, idx, "imo_number")


def imo_integers(spec: ColumnSpec, rng: np.random.Generator, idx: np.ndarray) -> np.ndarray:
    return imo_numbers(rng, idx, spec.unique)


def container_numbers(rng: np.random.Generator, idx: np.ndarray, unique: bool) -> np.ndarray:
    """ISO 6346 numbers: owner code, U, six digits and the check digit."""
    n = idx.size
    owners = np.array([[_LETTER_VALUE[c] for c in o] for o in _OWNERS])[
        rng.integers(0, len(_OWNERS), n)
    ]
    serial = _digits(_serial(rng, idx, unique, 1_000_000), 6)
    weights = 2 ** np.arange(10)
    letters = sorted(_LETTER_VALUE, key=_LETTER_VALUE.__getitem__)
    values = np.array([_LETTER_VALUE[c] for c in letters])
    for _ in range(26):  # an owner code checking as 10 moves its last letter on
        codes = np.concatenate([owners, np.full((n, 1), _LETTER_VALUE["U"]), serial], axis=1)
        rest = (codes * weights).sum(axis=1) % 11
        bad = rest == 10
        if not bad.any():
            break
        at = np.searchsorted(values, owners[bad, 2])
        owners[bad, 2] = values[(at + 1) % len(values)]
    check = rest % 10
    by_value = {v: c for c, v in _LETTER_VALUE.items()}
    return np.array(
        [
            "".join(by_value[v] for v in o) + "U" + "".join(map(str, s)) + str(c)
            for o, s, c in zip(owners.tolist(), serial.tolist(), check.tolist(), strict=True)
        ],
        dtype=object,
    )


def container_text(spec: ColumnSpec, rng: np.random.Generator, idx: np.ndarray) -> np.ndarray:
    return fit(container_numbers(rng, idx, spec.unique), spec, idx, "container_number")


def ssccs(rng: np.random.Generator, idx: np.ndarray, unique: bool) -> np.ndarray:
    """18 digits: extension digit, a shipper's seven-digit prefix, nine of serial, check."""
    n = idx.size
    extension = rng.integers(0, 10, n)
    shipper = 9_000_000 + affine(rng.integers(0, _SHIPPERS, n), 1_000_000, _SALT)
    body = np.concatenate(
        [
            extension[:, None],
            _digits(shipper, 7),
            _digits(_serial(rng, idx, unique, 1_000_000_000), 9),
        ],
        axis=1,
    )
    full = np.concatenate([body, ean_digit(body)[:, None]], axis=1)
    return np.array(["".join(map(str, row)) for row in full.tolist()], dtype=object)


def sscc_text(spec: ColumnSpec, rng: np.random.Generator, idx: np.ndarray) -> np.ndarray:
    return fit(ssccs(rng, idx, spec.unique), spec, idx, "sscc")


def air_waybills(
    rng: np.random.Generator, idx: np.ndarray, unique: bool, hyphen: bool
) -> np.ndarray:
    """An airline's prefix, seven digits of serial and their remainder mod 7."""
    prefix = np.array(_AIRLINES, dtype=object)[rng.integers(0, len(_AIRLINES), idx.size)]
    serial = _serial(rng, idx, unique, 10_000_000)
    number = serial * 10 + serial % 7
    sep = "-" if hyphen else ""
    return np.array(
        [f"{p}{sep}{s:08d}" for p, s in zip(prefix.tolist(), number.tolist(), strict=True)],
        dtype=object,
    )


def air_waybill_text(spec: ColumnSpec, rng: np.random.Generator, idx: np.ndarray) -> np.ndarray:
    hyphen = spec.max_len is None or spec.max_len >= 12
    return fit(air_waybills(rng, idx, spec.unique, hyphen), spec, idx, "air_waybill")


# a freight wagon's first two digits: interoperable (RIV/TEN) wagons of fixed or variable
# gauge (31, 33, 37, 21, 23, 01, 03), national ones (40, 41, 81, 84)
_WAGON_LEADS = (31, 33, 37, 21, 23, 1, 3, 40, 41, 81, 84)
# the keepers' countries a wagon drawn for no country in particular is registered in
_WAGON_KEEPERS = (80, 81, 85, 87, 83, 84, 88, 51, 54, 70, 71, 74, 76, 86)


def _luhn_digit(body: np.ndarray, width: int) -> np.ndarray:
    """Luhn's check digit of `width`-digit numbers: from the right, every second doubled."""
    digits = _digits(body, width)
    weights = np.where(np.arange(width)[::-1] % 2 == 0, 2, 1)
    doubled = digits * weights
    return np.asarray((10 - (doubled // 10 + doubled % 10).sum(axis=1) % 10) % 10)


def wagon_numbers(rng: np.random.Generator, idx: np.ndarray, unique: bool) -> np.ndarray:
    """Twelve-digit UIC freight wagon numbers as text (module docstring)."""
    lead = np.array(_WAGON_LEADS)[rng.integers(0, len(_WAGON_LEADS), idx.size)]
    keeper = np.array(_WAGON_KEEPERS)[rng.integers(0, len(_WAGON_KEEPERS), idx.size)]
    body = (lead * 100 + keeper) * 10_000_000 + _serial(rng, idx, unique, 10_000_000)
    number = body * 10 + _luhn_digit(body, 11)
    return np.array([f"{v:012d}" for v in number.tolist()], dtype=object)


def wagon_text(spec: ColumnSpec, rng: np.random.Generator, idx: np.ndarray) -> np.ndarray:
    return fit(wagon_numbers(rng, idx, spec.unique), spec, idx, "wagon_number")


def wagons_in_country(values: np.ndarray, alpha2: np.ndarray) -> np.ndarray:
    """Each twelve-digit wagon number with its keeper country's UIC code in digits 3-4 and the
    check digit recomputed; "" where the value is not twelve digits or the country has no
    UIC code."""
    out = np.full(len(values), "", dtype=object)
    codes = [railways.railway_country_code(str(a)) for a in alpha2.tolist()]
    rows = [
        i
        for i, (v, c) in enumerate(zip(values.tolist(), codes, strict=True))
        if c and isinstance(v, str) and len(v) == 12 and v.isdigit()
    ]
    if not rows:
        return out
    body = np.array([int(values[i][:2] + codes[i] + values[i][4:11]) for i in rows], np.int64)
    number = body * 10 + _luhn_digit(body, 11)
    out[rows] = [f"{v:012d}" for v in number.tolist()]
    return out


GENERATORS: tuple[Generator, ...] = (
    Generator(
        "imo_number",
        TEXT | INT,
        synonyms=(
            "imo",
            "imo_no",
            "imo_number",
            "imo_num",
            "imo_nr",
            "imo_code",
            "imo_id",
            "imo_ship_number",
            "ship_imo",
            "vessel_imo",
        ),
        text=imo_text,
        integers=imo_integers,
        fits_in=7,
        width=7,
        forms=(("prefixed", lambda v: "IMO" + v), ("spaced", lambda v: "IMO " + v)),
    ),
    Generator(
        "container_number",
        TEXT,
        synonyms=(
            "container_number",
            "container_no",
            "container_num",
            "container_nr",
            "cntr_no",
            "cntr_number",
            "container_code",
            "iso6346",
        ),
        text=container_text,
        fits_in=11,
        width=11,
    ),
    Generator(
        "sscc",
        TEXT,
        synonyms=("sscc", "sscc_code", "sscc_number", "sscc18", "sscc_18"),
        text=sscc_text,
        fits_in=18,
        width=18,
    ),
    Generator(
        "air_waybill",
        TEXT,
        synonyms=(
            "awb",
            "awb_no",
            "awb_number",
            "awb_num",
            "air_waybill",
            "air_waybill_no",
            "air_waybill_number",
            "airway_bill",
            "airway_bill_number",
            "mawb",
            "mawb_no",
            "mawb_number",
        ),
        text=air_waybill_text,
        fits_in=11,
        width=12,
    ),
    Generator(
        "wagon_number",
        TEXT,
        synonyms=(
            "wagon_number",
            "wagon_no",
            "wagon_num",
            "wagon_nr",
            "wagon_code",
            "uic_wagon_number",
            "evn",
            "evn_number",
            "european_vehicle_number",
            "railcar_number",
        ),
        text=wagon_text,
        fits_in=12,
        width=12,
    ),
)
