"""Codes and identifiers in the shape their column declares: a column named like a code, a
number, a reference or a plate (`site_code`, `job_number`, `booking_ref`, `trailer_plate`)
holds values shaped by that word and by its declared length (`char(n)`,
`varchar(n)`), not words or sentences cut to fit:

- a code: capital letters, as wide as a `char(n)` (3 for a short `varchar`: `KXT`); a wider
  one letters then digits (`KXT042`), one of one or two characters letters or digits; a
  `varchar` of IDENTIFIER_LENGTH or more is an identifier, not a short code: two letters
  and digits, half its declared width (`KX1029384756103`);
- a number: digits, after a two-letter prefix of a few the column shares when there is room
  (`JB48213`, `QF4821`);
- a reference: capital letters and digits without the look-alikes 0/O and 1/I (`K7QXPM`);
- a plate or call sign: letters, a hyphen and letters or digits (`GB-7QK`) (a bare
  `registration` is a plate in a table of vehicles only: kinds/recognise.py).

A unique column gets distinct values from the row number (a permutation of the row numbers
within the shape's space, so neighbouring rows do not look numbered); rows past the shape's
space take their base-36 row number in lower case."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.generators.text import base36, fit

if TYPE_CHECKING:
    from workbench.generate.generators.value_spec import ColumnSpec

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
DIGITS = "0123456789"
REF_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I
# the last word of a column's name and the shape it asks for
SHAPES = {
    "code": "code",
    "number": "number",
    "no": "number",
    "num": "number",
    "nr": "number",
    "ref": "reference",
    "reference": "reference",
    "locator": "reference",
    "pnr": "reference",
    "confirmation": "reference",
    "plate": "registration",
    "callsign": "registration",
}
PREFIXES = 6  # the prefixes a number column shares


def shape_of(name: str) -> str:
    words = normalise(name).split("_")
    return SHAPES.get(words[-1], "code")


# per shape: (the length without a declared one, the longest a varchar's values take)
_WIDTHS = {"code": (6, 3), "number": (8, 8), "reference": (6, 6), "registration": (6, 7)}


# a code declared this wide or wider is an identifier (a metering point's, an account's, a
# register's), not a short code: about half its declared width, within these bounds
IDENTIFIER_LENGTH = 12
IDENTIFIER_WIDTHS = (8, 18)


def width_of(shape: str, length: int | None, fixed: bool) -> int:
    """The length a value takes: a char(n)'s n, a varchar(n)'s n up to the shape's longest
    (an identifier's, half its declared width, for a code as wide as IDENTIFIER_LENGTH),
    else the shape's own."""
    default, short = _WIDTHS[shape]
    if length is None:
        return default
    if fixed:
        return max(length, 1)
    if shape == "code" and length >= IDENTIFIER_LENGTH:
        low, high = IDENTIFIER_WIDTHS
        return min(max(length // 2, low), high)
    return max(min(length, short), 1)


def alphabets(name: str, length: int | None, fixed: bool) -> list[str]:
    """The alphabet of each character of the column's shape (a key's finite domain)."""
    shape = shape_of(name)
    width = width_of(shape, length, fixed)
    out = [LETTERS, LETTERS] if shape == "number" and width > 4 else []
    for at, (alphabet, count) in enumerate(_parts(shape, width)):
        if shape == "registration" and at:
            out.append("-")
        out += [alphabet] * count
    return out


def _encode(numbers: np.ndarray, alphabet: str, width: int) -> list[str]:
    chars = np.array(list(alphabet), dtype=object)
    base = len(alphabet)
    out = np.full(numbers.size, "", dtype=object)
    rest = numbers.astype(np.int64).copy()
    for _ in range(width):
        out = chars[rest % base] + out
        rest //= base
    return out.tolist()


def _step(space: int) -> int:
    """A multiplier coprime to `space` near its golden section: row numbers map one to one
    onto the space, neighbours far apart."""
    step = max(int(space * 0.6180339887), 1) | 1
    while math.gcd(step, space) != 1:
        step += 2
    return step % space or 1


def _numbers(spec: ColumnSpec, rng: np.random.Generator, idx: np.ndarray, space: int) -> np.ndarray:
    """One number per row in [0, space): distinct by row when the column is unique."""
    if spec.unique:
        offset = (spec.seed * 2_654_435_761 + 12_345) % space
        return (idx.astype(np.int64) * _step(space) + offset) % space
    return rng.integers(0, space, idx.size)


def _parts(shape: str, width: int) -> list[tuple[str, int]]:
    """(alphabet, characters) of each part of a value of the shape and width."""
    if shape == "reference":
        return [(REF_ALPHABET, width)]
    if shape == "number":
        if width <= 4:
            return [(DIGITS, width)]
        return [(DIGITS, width - 2)]  # after its prefix
    if shape == "registration":
        if width <= 4:
            return [(LETTERS, width)]
        return [(LETTERS, 2), (REF_ALPHABET, width - 3)]  # joined by a hyphen
    if width <= 2:  # a one- or two-character code: letters or digits
        return [(LETTERS + DIGITS, width)]
    if width <= 4:
        return [(LETTERS, width)]
    if width >= IDENTIFIER_WIDTHS[0]:  # an identifier: two letters, then digits
        return [(LETTERS, 2), (DIGITS, width - 2)]
    return [(LETTERS, 3), (DIGITS, width - 3)]


def shaped_code(spec: ColumnSpec, rng: np.random.Generator, idx: np.ndarray) -> np.ndarray:
    """A code-like column's values in the shape its name and declared length give."""
    shape = shape_of(spec.name)
    width = width_of(shape, spec.max_len, spec.info.fixed_char)
    parts = _parts(shape, width)
    space = 1
    for alphabet, count in parts:
        space *= len(alphabet) ** count
    numbers = _numbers(spec, rng, idx, space)
    pieces: list[list[str]] = []
    for alphabet, count in reversed(parts):
        size = len(alphabet) ** count
        pieces.insert(0, _encode(numbers % size, alphabet, count))
        numbers = numbers // size
    joiner = "-" if shape == "registration" and len(parts) > 1 else ""
    values = [joiner.join(p) for p in zip(*pieces, strict=True)]
    if shape == "number" and width > 4:
        # a few two-letter prefixes the column shares (a carrier's, a series')
        seeded = np.random.default_rng(spec.seed)
        prefixes = _encode(seeded.integers(0, 26 * 26, PREFIXES), LETTERS, 2)
        chosen = rng.integers(0, PREFIXES, idx.size) if not spec.unique else idx % PREFIXES
        values = [prefixes[c] + v for c, v in zip(chosen.tolist(), values, strict=True)]
    out = np.array(values, dtype=object)
    if spec.unique and idx.size and int(idx.max()) >= space:
        # more rows than the shape has values: the rest numbered in base 36, lower case
        over = idx >= space
        out[over] = base36(idx[over], 1)
    return fit(out, spec, idx, "x")
