"""How many rows a numbered chain holds per parent: a handful, by what the chain is. A sale
runs over one to four sessions, a trip has one to five legs, a parcel two or three delivery
attempts; a course holds some five to thirty lessons, a loan its instalments; a chain the
names do not tell (`line_no` of an order's lines) a few, up to a dozen. Not dozens for one
parent and none for most, as a skewed fan-out draws them (rules/sequence_parents.py reads
the caps drawn here to re-pick the rows past them)."""

from __future__ import annotations

import numpy as np

from workbench.generate.base.names import normalise, singular_forms

# (typical rows per parent, the most any parent holds)
FEW = (2, 5)
MANY = (10, 30)
DEFAULT = (3, 12)

# chains of a few: the parts of one occasion or one journey, tries at one thing
_FEW = frozenset({"session", "leg", "stage", "phase", "round", "sitting", "attempt", "try",
                  "hop", "segment", "heat", "day", "part", "visit", "fitting", "appointment",
                  "tranche", "milestone", "revision", "version", "iteration", "shift",
                  "transfer", "connection", "flight", "sector"})  # fmt: skip
# chains of many: a course's teaching, a schedule of payments, a series' episodes
_MANY = frozenset({"lesson", "lecture", "class", "module", "unit", "seminar", "tutorial",
                   "workshop", "instalment", "installment", "payment", "repayment", "episode",
                   "chapter", "week", "meeting", "practice", "training", "workout",
                   "exercise", "cycle", "period", "term"})  # fmt: skip


def _words(table: str, number: str | None) -> list[str]:
    """The thing the chain numbers: the number's own head (`session_no`: session), then the
    table's words, last first (`course_lessons`: lessons, course)."""
    out: list[str] = []
    if number:
        out += normalise(number).split("_")[:-1][::-1]
    out += normalise(table.rsplit(".", 1)[-1]).split("_")[::-1]
    return out


def chain_bounds(table: str, number: str | None) -> tuple[int, int]:
    """(typical, most) rows per parent of a numbered chain, by the first word that tells."""
    for word in _words(table, number):
        forms = singular_forms(word)
        if forms & _FEW:
            return FEW
        if forms & _MANY:
            return MANY
    return DEFAULT


def drawn_caps(
    rng: np.random.Generator, size: int, bounds: tuple[int, int], rows: int, serving: int
) -> np.ndarray:
    """Per parent row, the most rows it holds: 1 + a binomial around the typical count, up to
    the most; raised alike for all when the parents that can hold rows (`serving`) would not
    hold the rows planned (`rows`) otherwise, so the table keeps its size."""
    typical, most = bounds
    p = (typical - 1) / max(most - 1, 1)
    caps = 1 + rng.binomial(most - 1, p, size).astype(np.int64)
    room = max(serving, 1) * (1 + (most - 1) * p)
    if rows > room:
        caps = np.ceil(caps * (rows / room) * 1.1).astype(np.int64)
    return caps
