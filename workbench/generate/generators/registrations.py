"""Registrations in their country's format (vocab/data/registrations.tsv): an aircraft
registered in Germany is D-AIBL, in the UK G-EUPT, in Ireland EI-DCL, in the US N123AB, in
Japan JA8089: the country's mark, then letters or digits as the country writes them; a car's
number plate is AB12 CDE in the UK, AB-123-CD in France, 1234 BCD in Spain.

`country_registrations` writes one per row for the row's country (rules/code_country.py reads
it: the row's own country column, else its parent's); `registration_text` is the column's value
before the rule runs, one of a country the file knows. A unique column keeps distinct values:
the part after the mark is the row number spread over its space (a permutation, so neighbours
do not look numbered)."""

from __future__ import annotations

import functools
import math
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.batch import factorize
from workbench.generate.generators.text import fit
from workbench.generate.vocab.lists import DATA

if TYPE_CHECKING:
    from workbench.generate.generators.value_spec import ColumnSpec

AIRCRAFT = "aircraft"
VEHICLE = "vehicle"
# the characters of a template and what each stands for
_ALPHABETS = {"L": "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "D": "0123456789", "P": "123456789"}


@functools.cache
def formats(thing: str) -> dict[str, tuple[str, str]]:
    """Each country's (mark, template of what follows) for registrations of the thing."""
    out: dict[str, tuple[str, str]] = {}
    for line in (DATA / "registrations.tsv").read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        kind, iso2, mark, after = line.split("\t")[:4]
        if kind == thing:
            out[iso2] = (mark, after)
    return out


def _spread(idx: np.ndarray, space: int, seed: int) -> np.ndarray:
    """The row numbers mapped one to one onto [0, space), neighbours far apart."""
    step = max(int(space * 0.6180339887), 1) | 1
    while math.gcd(step, space) != 1:
        step += 2
    return (idx.astype(np.int64) * (step % space or 1) + seed % space) % space


def _render(mark: str, after: str, numbers: np.ndarray) -> np.ndarray:
    """The mark and each number written in the template's characters."""
    out = np.full(numbers.size, mark, dtype=object)
    rest = numbers.copy()
    tail = np.full(numbers.size, "", dtype=object)
    for char in reversed(after):
        if char not in _ALPHABETS:  # a space or a hyphen of the format
            tail = char + tail
            continue
        alphabet = np.array(list(_ALPHABETS[char]), dtype=object)
        tail = alphabet[rest % alphabet.size] + tail
        rest //= alphabet.size
    return np.asarray(out + tail)


def _space(after: str) -> int:
    return math.prod(len(_ALPHABETS[c]) for c in after if c in _ALPHABETS)


def country_registrations(
    thing: str,
    alpha2: np.ndarray,
    idx: np.ndarray,
    rng: np.random.Generator,
    unique: bool,
    seed: int = 0,
) -> np.ndarray:
    """A registration of each row's country ("" where the country has no format here)."""
    known = formats(thing)
    out = np.full(alpha2.size, "", dtype=object)
    uniq, codes = factorize(np.asarray(alpha2, dtype=object))
    for at, country in enumerate(uniq):
        if country not in known:
            continue
        rows = np.flatnonzero(codes == at)
        mark, after = known[country]
        space = _space(after)
        drawn = rng.integers(0, space, rows.size)
        numbers = _spread(idx[rows], space, seed) if unique else drawn
        out[rows] = _render(mark, after, numbers)
    return out


def registration_text(spec: ColumnSpec, rng: np.random.Generator, idx: np.ndarray) -> np.ndarray:
    """Registrations of countries the file knows (the row's own follows: rules/code_country)."""
    known = sorted(formats(AIRCRAFT))
    countries = np.array(known, dtype=object)[rng.integers(0, len(known), idx.size)]
    made = country_registrations(AIRCRAFT, countries, idx, rng, spec.unique, spec.seed)
    return fit(made, spec, idx, "registration")
