"""How much of a metered supply a consumer draws in a day (data/daily_use.tsv: a household's
lowest, typical and highest, by the unit the quantity is counted in) and how many times that a
consumer of a class draws (data/consumer_classes.tsv: a shop several times a home). A new unit
or class is a line of a file."""

from __future__ import annotations

import functools

from workbench.generate.base.names import normalise
from workbench.generate.vocab.lists import DATA

Band = tuple[float, float, float]


@functools.cache
def _rows(file: str) -> dict[str, tuple[float, ...]]:
    out: dict[str, tuple[float, ...]] = {}
    for line in (DATA / file).read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        words, *numbers = line.split("\t")
        for word in words.split(","):
            out.setdefault(word.strip(), tuple(float(n) for n in numbers))
    return out


def daily_use(unit: str) -> Band | None:
    """A household's day of a supply counted in `unit` (a word of a column's name)."""
    got = _rows("daily_use.tsv").get(unit)
    return (got[0], got[1], got[2]) if got is not None and len(got) >= 3 else None


def class_times(label: str) -> float | None:
    """How many times a household's use a consumer of the class a label names draws."""
    got = _rows("consumer_classes.tsv").get(normalise(label))
    return got[0] if got else None
