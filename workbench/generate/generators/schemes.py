"""Official codes with a public structure, as data (vocab/data/code_schemes.tsv): a waste
load's European Waste Catalogue code (`20 03 01`, `16 06 01*` hazardous), a good's HS tariff
subheading (`847130`), a dangerous good's UN number (`UN1203`) and class, an industry's NACE,
NAICS or SIC code, a diagnosis's ICD-10 code, an airport's ICAO indicator, an airline's IATA
designator, a port's UN/LOCODE, a journal's ISSN, a legal entity's LEI, a security's ISIN,
an animal's ISO 11784 transponder (microchip) number (15 digits opening with a maker's code
900-998 or an ISO 3166 numeric country code), a place's GS1 GLN, a chemical's CAS Registry
Number, a researcher's ORCID iD, a firm's D-U-N-S number, an aircraft's ICAO 24-bit (Mode S)
address, a recording's ISRC.

A scheme is a line of the file: the column names that ask for it (whole-word suffixes, as
any generator's synonyms), the tables whose bare `code` holds one (a table of waste codes),
and its values: real codes from a list (data/NAME.txt, the commonest first, drawn skewed as
real loads are) or a pattern whose values carry the scheme's check digits. A column too
narrow for the written form takes the compact one (`200301`, `1203`); an integer column the
codes' digits. A new scheme is a line and, where its codes are listed, a list: no code."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from workbench.errors import GenerationError
from workbench.generate.base.hashing import affine
from workbench.generate.base.laps import numbered
from workbench.generate.base.regex_gen import generate_matching
from workbench.generate.generators.base import INT, TEXT, Generator
from workbench.generate.generators.text import fit, pick
from workbench.generate.generators.value_spec import ColumnSpec, obj
from workbench.generate.vocab import lists

_SPREAD = 10**7
_SALT = 2_654_435_761


@dataclass(frozen=True)
class Scheme:
    name: str
    synonyms: tuple[str, ...]
    tables: str  # a regex over a table's name whose bare `code` holds one ("" none)
    values: str  # list:NAME, or an anchored pattern
    check: str  # the check digits a pattern's values carry ("" none)
    integer: bool
    drop: str  # the characters the compact form drops
    prefix: str  # the prefix the compact form drops


@functools.cache
def schemes() -> tuple[Scheme, ...]:
    text = (lists.DATA / "code_schemes.tsv").read_text(encoding="utf-8")
    out = []
    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        name, synonyms, tables, values, check, integer, compact = line.split("\t")[:7]
        drop, _, prefix = ("" if compact == "-" else compact).partition("+")
        out.append(
            Scheme(
                name, tuple(s for s in synonyms.split(",") if s), "" if tables == "-" else tables,
                values, "" if check == "-" else check, integer == "yes", drop, prefix,
            )
        )  # fmt: skip
    return tuple(out)


def by_table() -> list[tuple[str, str]]:
    """(regex over a table's name, scheme) for the tables whose bare `code` holds a scheme's
    codes (kinds/recognise.py)."""
    return [(s.tables, s.name) for s in schemes() if s.tables]


def compact(scheme: Scheme, value: str) -> str:
    """The compact form: without the scheme's spaces, dots and prefix (`200301`, `1203`)."""
    out = value.removeprefix(scheme.prefix) if scheme.prefix else value
    return "".join(c for c in out if c not in scheme.drop)


# check digits: each rewrites the last characters of a value from those before them
def _issn(value: str) -> str:
    digits = [int(c) for c in value[:4] + value[5:8]]
    rest = -sum(d * w for d, w in zip(digits, range(8, 1, -1), strict=True)) % 11
    return value[:8] + ("X" if rest == 10 else str(rest))


def _alnum_number(text: str) -> str:
    return "".join(str(int(c, 36)) for c in text)


def _lei(value: str) -> str:
    """ISO 17442: the two digits making the whole, letters as 10-35, 1 modulo 97."""
    return value[:18] + f"{98 - int(_alnum_number(value[:18]) + '00') % 97:02d}"


def _isin(value: str) -> str:
    """ISO 6166: Luhn's digit over the code, its letters as 10-35."""
    digits = [int(c) for c in _alnum_number(value[:11])]
    total = 0
    for at, d in enumerate(reversed(digits)):
        d = d * 2 if at % 2 == 0 else d
        total += d - 9 if d > 9 else d
    return value[:11] + str(-total % 10)


def _gs1(value: str) -> str:
    """GS1's check digit (a GLN, a GTIN): weights 3 and 1 from the right over the others."""
    digits = [int(c) for c in value[:-1]]
    total = sum(d * (3 if at % 2 == 0 else 1) for at, d in enumerate(reversed(digits)))
    return value[:-1] + str(-total % 10)


def _cas(value: str) -> str:
    """A CAS Registry Number's check digit: the other digits times their place from the
    right, summed, modulo 10."""
    digits = [int(c) for c in value[:-1] if c.isdigit()]
    total = sum(d * at for at, d in enumerate(reversed(digits), start=1))
    return value[:-1] + str(total % 10)


def _orcid(value: str) -> str:
    """ISO 7064 MOD 11-2 over an ORCID's fifteen digits (10 written X)."""
    total = 0
    for c in value[:-1]:
        if c.isdigit():
            total = (total + int(c)) * 2
    rest = (12 - total % 11) % 11
    return value[:-1] + ("X" if rest == 10 else str(rest))


_CHECKS: dict[str, Callable[[str], str]] = {
    "issn": _issn, "lei": _lei, "isin": _isin, "gs1": _gs1, "cas": _cas, "orcid": _orcid,
}  # fmt: skip


def _listed(scheme: Scheme) -> np.ndarray:
    return obj(list(lists.words(scheme.values.removeprefix("list:"))))


def _written(scheme: Scheme, values: np.ndarray, spec: ColumnSpec) -> np.ndarray:
    """The written form where it fits the column, else the compact one."""
    if spec.max_len is None:
        return values
    longest = max((len(v) for v in values.tolist()), default=0)
    if longest <= spec.max_len:
        return values
    return obj([compact(scheme, v) for v in values.tolist()])


def _drawn(
    scheme: Scheme, spec: ColumnSpec, rng: np.random.Generator, idx: np.ndarray
) -> np.ndarray:
    """One code per row: from the scheme's list, else its pattern with its check digits."""
    if scheme.values.startswith("list:"):
        values = _written(scheme, _listed(scheme), spec)
        if spec.unique:
            size = max(values.size, 1)
            picks = numbered(values[np.asarray(idx) % size].astype(object), np.asarray(idx) // size)
            return obj(picks.tolist())
        return pick(values, rng, idx.size, skewed=True)
    spread = np.where(idx < _SPREAD, affine(idx, _SPREAD, _SALT), idx)
    try:
        made = generate_matching(
            scheme.values, idx.size, rng, None, spread if spec.unique else None, False, None
        )
    except (ValueError, GenerationError):
        return obj([""] * idx.size)
    check = _CHECKS.get(scheme.check)
    return obj([check(v) for v in made.tolist()]) if check is not None else made


def _text(scheme: Scheme) -> Callable[[ColumnSpec, np.random.Generator, np.ndarray], np.ndarray]:
    def make(spec: ColumnSpec, rng: np.random.Generator, idx: np.ndarray) -> np.ndarray:
        return fit(_drawn(scheme, spec, rng, idx), spec, idx, scheme.name)

    return make


def _integers(
    scheme: Scheme,
) -> Callable[[ColumnSpec, np.random.Generator, np.ndarray], np.ndarray]:
    def make(spec: ColumnSpec, rng: np.random.Generator, idx: np.ndarray) -> np.ndarray:
        codes = [re.sub(r"[^0-9]", "", compact(scheme, v)) for v in _listed(scheme).tolist()]
        values = np.array([int(c) for c in codes if c], dtype=np.int64)
        if spec.unique:
            size = max(values.size, 1)
            lap = np.asarray(idx, dtype=np.int64) // size
            width = 10 ** len(str(int(values.max())))
            return np.asarray(values[np.asarray(idx) % size] + lap * width, dtype=np.int64)
        return np.asarray(pick(values, rng, idx.size, skewed=True), dtype=np.int64)

    return make


def _example(scheme: Scheme) -> str:
    """One value of a pattern's scheme (its length: the shortest column it fits)."""
    made = generate_matching(scheme.values, 1, np.random.default_rng(0), None, None, False, None)
    return str(made[0])


def _generator(scheme: Scheme) -> Generator:
    listed = scheme.values.startswith("list:")
    sample = _listed(scheme).tolist() if listed else [_example(scheme)]
    shortest = min(len(compact(scheme, v)) for v in sample)
    integer = scheme.integer and listed
    return Generator(
        scheme.name,
        TEXT | INT if integer else TEXT,
        synonyms=scheme.synonyms,
        text=_text(scheme),
        integers=_integers(scheme) if integer else None,
        fits_in=max(shortest, 1),
        width=max(shortest, 1) + 2,
        forms=(("compact", functools.partial(compact, scheme)),),
    )


GENERATORS: tuple[Generator, ...] = tuple(_generator(s) for s in schemes())
