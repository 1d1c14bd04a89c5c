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
  remainder mod 7 (`176-12345675`, without the hyphen where the column has no room).

A unique column's values differ by their serial (the row number spread over its space), so
two rows never meet whatever else is drawn."""

from __future__ import annotations

import numpy as np

from workbench.generate.base.hashing import affine
from workbench.generate.generators.base import INT, TEXT, Generator
from workbench.generate.generators.realistic import ean_digit
from workbench.generate.generators.text import fit
from workbench.generate.generators.value_spec import ColumnSpec

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
)
