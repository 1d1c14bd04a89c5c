"""The youngest age a person holds a role at (data/role_ages.tsv: a law firm's partner at 32, a
trainee at 21, an airliner's captain at 28), from lines `roles<TAB>youngest` (roles
comma-separated, any spelling). A new role is a line of the file. Likewise the youngest age a
person has a measure at (data/measure_ages.tsv: a lens prescription's reading addition)."""

from __future__ import annotations

import functools

from workbench.generate.base.names import normalise
from workbench.generate.vocab.lists import DATA


@functools.cache
def _youngest(file: str) -> dict[str, float]:
    """Each spelling's youngest age, from lines `words<TAB>youngest` of a data file."""
    out: dict[str, float] = {}
    for line in (DATA / file).read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        words, youngest = line.split("\t")[:2]
        for word in words.split(","):
            out.setdefault(word.strip(), float(youngest))
    return out


def role_age(label: str) -> float | None:
    """The youngest a person in the role a name or label names is."""
    return _youngest("role_ages.tsv").get(normalise(label))


def measure_age(name: str) -> float | None:
    """The youngest a person has a measure a column's name names at (data/measure_ages.tsv:
    a reading addition of a lens prescription from 40), else None."""
    return _youngest("measure_ages.tsv").get(normalise(name))
