"""What share of its base a percentage of a kind is (data/shares.tsv): a fee a tenth or so, a
recruiter's fee on a salary a fifth, a markup a third to all of the cost, a tip an eighth.
Facts as data, not code per column: a new kind of share is a line of the file."""

from __future__ import annotations

import functools

from workbench.generate.vocab.lists import DATA

Band = tuple[float, float, float]


@functools.cache
def _lines() -> tuple[tuple[frozenset[str], Band, frozenset[str]], ...]:
    out = []
    for line in (DATA / "shares.tsv").read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        words, lo, typical, hi, *rest = line.split("\t")
        within = frozenset(w for w in (rest[0] if rest else "").split(",") if w)
        band = (float(lo), float(typical), float(hi))
        out.append((frozenset(words.split(",")), band, within))
    return tuple(out)


def share_of(words: set[str], around: frozenset[str]) -> tuple[str, Band] | None:
    """(the word, its band in percent) of the share a column's name words say, in the sense
    the words `around` the row give it (a line under one of them over the plain one)."""
    found = None
    for names, band, within in _lines():
        hit = words & names
        if not hit or (within and not within & around):
            continue
        if within or found is None:
            found = (sorted(hit)[0], band)
    return found
