"""How long an animal of a species lives (data/lifespans.tsv): a dog about twelve years and
twenty at most, a cat fourteen and twenty-five, a guinea pig six, a horse nearly thirty. Facts
as data: a new species is a line of the file. A label names an animal as a shape's label does
(vocab/magnitudes.named_by: the label whole, else its last word)."""

from __future__ import annotations

import functools

from workbench.generate.vocab.lists import DATA
from workbench.generate.vocab.magnitudes import named_by


@functools.cache
def lifespans() -> dict[str, tuple[float, float]]:
    """Each animal word's (typical, oldest) life in years."""
    out: dict[str, tuple[float, float]] = {}
    for line in (DATA / "lifespans.tsv").read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        things, typical, oldest = line.split("\t")
        for thing in things.split(","):
            out.setdefault(thing, (float(typical), float(oldest)))
    return out


def lifespan_of(label: str) -> tuple[float, float] | None:
    """The (typical, oldest) life in years of the animal a (normalised) label names, or None."""
    return named_by(lifespans(), label)
