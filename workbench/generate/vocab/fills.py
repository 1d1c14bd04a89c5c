"""What a container of a kind holds, by what it holds (data/fills.tsv): a powder extinguisher
1 to 12 kg, a water one 3 to 9 litres, a CO2 one 2 or 5 kg in a cylinder three times as heavy,
a propane bottle 5 to 47 kg. Facts as data: a new content is a line of the file."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from workbench.generate.base.names import normalise
from workbench.generate.vocab.lists import DATA

# the words a unit column's labels write each unit in
UNIT_WORDS: dict[str, frozenset[str]] = {
    "kg": frozenset({"kg", "kgs", "kilo", "kilos", "kilogram", "kilograms", "kilogramme"}),
    "l": frozenset({"l", "lt", "ltr", "ltrs", "litre", "litres", "liter", "liters"}),
}


@dataclass(frozen=True)
class Fill:
    unit: str  # kg | l
    sizes: tuple[float, ...]  # the sizes it is sold in, in its unit
    full: tuple[float, float]  # its full weight in kg over its charge: lowest, highest


@functools.cache
def _fills() -> dict[str, Fill]:
    out: dict[str, Fill] = {}
    for line in (DATA / "fills.tsv").read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        words, unit, sizes, full = line.split("\t")[:4]
        lo, hi = full.split("-")
        fill = Fill(unit, tuple(float(s) for s in sizes.split("|")), (float(lo), float(hi)))
        for word in words.split(","):
            out.setdefault(word.strip(), fill)
    return out


def fill_of(label: str) -> Fill | None:
    """What a container of the content a label names holds (None when not on record)."""
    return _fills().get(normalise(label))


def unit_of(label: str) -> str | None:
    """The unit (kg, l) a unit column's label writes, None for another."""
    word = normalise(label)
    return next((unit for unit, words in UNIT_WORDS.items() if word in words), None)
