"""How things travel between places (data/modes.tsv): an airliner's 800 km/h and half an
hour on the ground and in the climb, a train's hundred, a ferry's thirty, a road vehicle's
sixty; and how much longer the way is than the great circle (a road's bends, an airway's
straight line). Facts as data: a new mode is a line of the file."""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass

from workbench.generate.vocab.lists import DATA


@dataclass(frozen=True)
class Mode:
    """One way of travelling: the words naming it, its door-to-door speed in km/h (lowest,
    typical, highest), the minutes a trip takes beyond the distance, and the detour over the
    great circle (lowest, highest)."""

    name: str
    words: frozenset[str]
    kmh: tuple[float, float, float]
    overhead: float
    detour: tuple[float, float]


@functools.cache
def modes() -> tuple[Mode, ...]:
    out = []
    for line in (DATA / "modes.tsv").read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        name, words, lo, typical, hi, overhead, d_lo, d_hi = line.split("\t")[:8]
        kmh = (float(lo), float(typical), float(hi))
        out.append(Mode(name, frozenset(words.split(",")), kmh, float(overhead),
                        (float(d_lo), float(d_hi))))  # fmt: skip
    return tuple(out)


def mode_of(names: Iterable[str]) -> Mode:
    """The mode the first of these (normalised) names names by one of its words, singular
    or plural (`flights`, `airports`); the first line's (a road vehicle's) when none does."""
    for name in names:
        for word in name.split("_"):
            for mode in modes():
                if word in mode.words or (word.endswith("s") and word[:-1] in mode.words):
                    return mode
    return modes()[0]
