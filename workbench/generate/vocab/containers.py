"""What one container of a kind holds (data/containers.tsv): a honey super 10-20 kg, a fruit
bin a few hundred kilograms, a barrel two hundred litres; and the units a mass or a volume is
told in. Facts as data: a new kind of container is a line of the file."""

from __future__ import annotations

import functools

from workbench.generate.vocab.lists import DATA

Band = tuple[float, float, float]

# a unit a column's name ends in: (quantity, the unit's size in kg or litres)
UNITS: dict[str, tuple[str, float]] = {
    "kg": ("mass", 1.0), "kgs": ("mass", 1.0), "kilograms": ("mass", 1.0),
    "g": ("mass", 0.001), "grams": ("mass", 0.001), "t": ("mass", 1000.0),
    "tonnes": ("mass", 1000.0), "tons": ("mass", 1000.0), "lb": ("mass", 0.4536),
    "lbs": ("mass", 0.4536), "l": ("volume", 1.0), "litres": ("volume", 1.0),
    "liters": ("volume", 1.0), "ltr": ("volume", 1.0), "ml": ("volume", 0.001),
    "hl": ("volume", 100.0), "gal": ("volume", 3.785), "gallons": ("volume", 3.785),
}  # fmt: skip


# what one thing of a kind no line names takes of a mass (kg) or a volume (litres): its
# lowest, typical and highest (a hole's charge, a bag's feed, a cow's milk, a visit's fuel)
ONE_THING: dict[str, Band] = {"mass": (1.0, 25.0, 500.0), "volume": (0.5, 20.0, 1000.0)}
ONE_THING_SPREAD = 0.9  # its log-normal spread around the typical amount


@functools.cache
def _lines() -> dict[str, tuple[str, Band]]:
    out = {}
    for line in (DATA / "containers.tsv").read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        words, quantity, lo, typical, hi = line.split("\t")
        for word in words.split(","):
            out[word] = (quantity, (float(lo), float(typical), float(hi)))
    return out


def held_by(noun: str) -> tuple[str, Band] | None:
    """(quantity, its lowest, typical and highest content) one container named `noun` holds."""
    return _lines().get(noun)
