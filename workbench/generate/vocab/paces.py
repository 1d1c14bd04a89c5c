"""How fast quantities accrue, by the unit a column's name gives (data/paces.tsv): a distance
per hour of travel (a trip's kilometres from its duration), a register per hour of use (an
odometer over a trip, an engine's hour meter) and per calendar day (a meter read now and
then). Facts as data, not code per column: a new unit is a line of the file."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from workbench.generate.vocab.lists import DATA


@dataclass(frozen=True)
class Pace:
    """One unit family: its words, what it gains per hour of use (lowest, typical, highest;
    None when no pace is known) and per calendar day."""

    family: str
    words: frozenset[str]
    per_hour: tuple[float, float, float] | None
    per_day: float


@functools.cache
def paces() -> tuple[Pace, ...]:
    out = []
    for line in (DATA / "paces.tsv").read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        family, words, lo, typical, hi, day = (line.split("\t") + [""] * 6)[:6]
        hourly = (float(lo), float(typical), float(hi)) if lo and typical and hi else None
        out.append(Pace(family, frozenset(words.split(",")), hourly, float(day or 1.0)))
    return tuple(out)


def pace_of(words: set[str]) -> Pace | None:
    """The unit family one of a column name's words names, or None."""
    for pace in paces():
        if words & pace.words:
            return pace
    return None
