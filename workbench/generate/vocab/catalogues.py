"""Closed catalogues of codes a generator draws from, with each code's share of a population
and the facts its code spells: the eight ABO/RhD blood groups (O+ on some 38 % of people,
AB- on 1 %; A- is group A, RhD negative), the letter sizes of clothing (M the commonest). A
table keyed by such a code holds the catalogue, one row per code (plan/roles.py,
plan/domains.py), even with no name column (a `blood_groups` table of `code`, `abo`,
`rhd_positive`); the columns beside the code state its facts (rules/catalogue_facts.py); a
row that points at it picks codes by their shares (kinds/catalogued.py). A new catalogue is
an entry of CATALOGUES: its generator, its codes and shares, and for each fact the words of
a column's name that state it and its value per code."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Fact:
    """A fact a code spells: the words of a column's name that state it, and its value per
    code (a boolean fact as "true"/"false")."""

    words: frozenset[str]
    values: dict[str, str]


@dataclass(frozen=True)
class Catalogue:
    generator: str
    shares: dict[str, float]  # the codes, in the order a table of them is filled, each its share
    facts: dict[str, Fact]

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(self.shares)


# the blood groups in the order a generator of them has always drawn them (same rows)
_BLOOD = {"O+": 0.38, "A+": 0.34, "B+": 0.09, "AB+": 0.03, "O-": 0.07, "A-": 0.06,
          "B-": 0.02, "AB-": 0.01}  # fmt: skip
# letter sizes of clothing, smallest first, by how many garments of each are sold
_CLOTHING = {"XS": 0.08, "S": 0.2, "M": 0.28, "L": 0.24, "XL": 0.14, "XXL": 0.06}
CATALOGUES: dict[str, Catalogue] = {
    "blood_type": Catalogue(
        "blood_type",
        _BLOOD,
        {
            "abo": Fact(
                frozenset({"abo", "abo_group", "abo_type", "abo_blood_group"}),
                {code: code.rstrip("+-") for code in _BLOOD},
            ),
            "rhd": Fact(
                frozenset({"rhd", "rh", "rhesus", "rh_factor", "rhd_factor", "rh_d", "rhd_type"}),
                {code: "true" if code.endswith("+") else "false" for code in _BLOOD},
            ),
        },
    ),
    "size_label": Catalogue("size_label", _CLOTHING, {}),
}


def catalogue(generator: str) -> Catalogue | None:
    """The catalogue a generator draws its codes from, or None."""
    return CATALOGUES.get(generator)


def codes(generator: str) -> tuple[str, ...] | None:
    """The codes of a catalogued generator, the commonest first, else None."""
    found = CATALOGUES.get(generator)
    return found.codes if found is not None else None


def shares(generator: str, values: list[str]) -> np.ndarray | None:
    """The weight of each value by its code's share (a value of no code: none), or None when
    the generator has no catalogue or none of the values is one of its codes."""
    found = CATALOGUES.get(generator)
    if found is None:
        return None
    weights = np.array([found.shares.get(str(v).strip(), 0.0) for v in values], float)
    return weights if weights.sum() > 0 else None


def fact_of(cat: Catalogue, column_words: list[str]) -> str | None:
    """The fact a column states by the words of its name (`abo`, `rhd_positive`: rhd), or
    None: the whole name, or one of its words."""
    joined = "_".join(column_words)
    for name, fact in cat.facts.items():
        if joined in fact.words or set(column_words) & fact.words:
            return name
    return None
