"""The unit a measure of a thing is written in and how much it holds, by what the thing is
(data/strengths.tsv): a tablet's strength in mg or mcg, a cream's in %, an injection's in
mg/mL or IU. Facts as data: a new form is a line of the file, a new measure a line of
MEASURES."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from workbench.generate.vocab.lists import DATA
from workbench.generate.vocab.magnitudes import named_by

# the words of a column's name that name each measure
MEASURES: dict[str, frozenset[str]] = {
    "strength": frozenset({"strength", "dose_strength", "drug_strength", "concentration",
                           "potency", "strength_value", "strength_amount"}),
}  # fmt: skip


@dataclass(frozen=True)
class Scale:
    """One unit a thing is written in: its lowest, typical and highest amount, and how often."""

    unit: str
    lowest: float
    typical: float
    highest: float
    weight: float


@functools.cache
def scales() -> dict[str, dict[str, tuple[Scale, ...]]]:
    """For each measure, each thing word's units."""
    out: dict[str, dict[str, list[Scale]]] = {}
    for line in (DATA / "strengths.tsv").read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        measure, things, unit, lo, typical, hi, weight = line.split("\t")[:7]
        scale = Scale(unit, float(lo), float(typical), float(hi), float(weight))
        for thing in things.split(","):
            out.setdefault(measure, {}).setdefault(thing, []).append(scale)
    return {m: {t: tuple(s) for t, s in things.items()} for m, things in out.items()}


def measure_named(name: str) -> str | None:
    """The measure a column's (normalised) name gives: the whole name or one of its words."""
    words = set(name.split("_"))
    for measure, names in MEASURES.items():
        if name in names or words & names:
            return measure
    return None


def units_of(measure: str, label: str) -> tuple[Scale, ...] | None:
    """The units of the thing a label names: the whole label, else its last word that names
    one (`oral_solution`, then `solution`), else None."""
    return named_by(scales().get(measure, {}), label)


def by_unit(measure: str) -> dict[str, Scale]:
    """Each unit of a measure over every thing: the widest range its lines give."""
    out: dict[str, Scale] = {}
    for lines in scales().get(measure, {}).values():
        for s in lines:
            had = out.get(s.unit)
            if had is None:
                out[s.unit] = s
            else:
                out[s.unit] = Scale(s.unit, min(had.lowest, s.lowest), had.typical,
                                    max(had.highest, s.highest), had.weight)  # fmt: skip
    return out
