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
ANY = "*"  # the line of a thing for a country without its own
# the characters of a template and what each stands for
_ALPHABETS = {"L": "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "D": "0123456789", "P": "123456789"}
# one position of a registration: the strings it may hold (a letter, a digit, a district)
Token = tuple[str, ...]


def tokens(mark: str, after: str, letters: str = "") -> tuple[Token, ...]:
    """The positions of a line: its mark (alternatives split by `|`: a German district, a
    Swiss canton), then each character of the template (L a letter, of the line's own
    letters where it names them: Spain's plates have no vowels; D a digit; P a digit but 0;
    `(a|b)` one of the strings listed: Britain's age identifiers; anything else itself)."""
    out: list[Token] = [tuple(mark.split("|"))] if mark else []
    alphabets = {**_ALPHABETS, **({"L": letters} if letters else {})}
    at = 0
    while at < len(after):
        char = after[at]
        if char == "(" and ")" in after[at:]:
            close = after.index(")", at)
            out.append(tuple(after[at + 1 : close].split("|")))
            at = close + 1
            continue
        out.append(tuple(alphabets.get(char, char)))
        at += 1
    return tuple(out)


@functools.cache
def formats(thing: str) -> dict[str, tuple[tuple[Token, ...], ...]]:
    """Each country's lines (their positions, tokens()) for registrations of the thing."""
    out: dict[str, list[tuple[Token, ...]]] = {}
    for line in (DATA / "registrations.tsv").read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        kind, iso2, mark, after, *rest = line.split("\t")
        if kind == thing:
            out.setdefault(iso2, []).append(tokens(mark, after, rest[0] if rest else ""))
    return {iso2: tuple(lines) for iso2, lines in out.items()}


def _spread(idx: np.ndarray, space: int, seed: int) -> np.ndarray:
    """The row numbers mapped one to one onto [0, space), neighbours far apart."""
    step = max(int(space * 0.6180339887), 1) | 1
    while math.gcd(step, space) != 1:
        step += 2
    return (idx.astype(np.int64) * (step % space or 1) + seed % space) % space


def _render(line: tuple[Token, ...], numbers: np.ndarray) -> np.ndarray:
    """Each number written in the line's positions (mixed radix, the last position first)."""
    rest = numbers.astype(np.int64).copy()
    tail = np.full(numbers.size, "", dtype=object)
    for token in reversed(line):
        if len(token) == 1:
            tail = token[0] + tail
            continue
        options = np.array(token, dtype=object)
        tail = options[rest % options.size] + tail
        rest //= options.size
    return np.asarray(tail)


def _space(line: tuple[Token, ...]) -> int:
    return math.prod(len(t) for t in line)


def country_registrations(
    thing: str,
    alpha2: np.ndarray,
    idx: np.ndarray,
    rng: np.random.Generator,
    unique: bool,
    seed: int = 0,
) -> np.ndarray:
    """A registration of each row's country, of one of its lines (a country without one
    takes the thing's line for any country; "" where there is none). The lines share the
    country's space, each as much as it holds: a unique column's rows stay distinct."""
    known = formats(thing)
    out = np.full(alpha2.size, "", dtype=object)
    uniq, codes = factorize(np.asarray(alpha2, dtype=object))
    for at, country in enumerate(uniq):
        lines = known.get(country) or known.get(ANY)
        if not lines:
            continue
        rows = np.flatnonzero(codes == at)
        spaces = [_space(line) for line in lines]
        space = sum(spaces)
        numbers = _spread(idx[rows], space, seed) if unique else rng.integers(0, space, rows.size)
        start = 0
        for line, size in zip(lines, spaces, strict=True):
            mine = (numbers >= start) & (numbers < start + size)
            out[rows[mine]] = _render(line, numbers[mine] - start)
            start += size
    return out


def registration_text(spec: ColumnSpec, rng: np.random.Generator, idx: np.ndarray) -> np.ndarray:
    """Registrations of countries the file knows (the row's own follows: rules/code_country)."""
    known = sorted(c for c in formats(AIRCRAFT) if c != ANY)
    countries = np.array(known, dtype=object)[rng.integers(0, len(known), idx.size)]
    made = country_registrations(AIRCRAFT, countries, idx, rng, spec.unique, spec.seed)
    return fit(made, spec, idx, "registration")
