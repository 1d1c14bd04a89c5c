"""How much of a produce or a product makes each quality grade: a ladder of grades (superior,
ordinary, production; premium, standard, seconds; grade A, B, C) is mostly its top grade,
the middle ones a share, the lowest (rejects, seconds, production grade) few. A salmon
farm grades some 85-95 % of its fish superior; a mill sells most of its output first
quality. Labels with no grade words are no ladder."""

from __future__ import annotations

from workbench.generate.base.names import normalise

# a label naming the best grade a thing is sold at
TOP = frozenset({"superior", "premium", "prime", "extra", "excellent", "first", "firsts",
                 "grade_a", "a_grade", "class_1", "class_i", "first_class", "first_quality",
                 "finest", "grand_cru"})  # fmt: skip
# a label naming the lowest grade, sold off cheap or not at all
LOW = frozenset({"production", "reject", "rejects", "rejected", "downgrade", "downgraded",
                 "cull", "culls", "seconds", "second_quality", "substandard", "inferior",
                 "poor", "waste", "scrap", "grade_c", "c_grade", "class_3", "class_iii",
                 "industrial", "offgrade", "off_grade"})  # fmt: skip
TOP_SHARE = 0.85
LOW_SHARE = 0.04  # each lowest grade; the middle ones share what is left


def ladder_shares(labels: list[str]) -> list[float] | None:
    """Each label's share of rows when the labels read as a quality ladder (one top grade,
    at least one lowest or middle one), else None."""
    words = [normalise(label) for label in labels]
    tops = [i for i, w in enumerate(words) if w in TOP]
    lows = [i for i, w in enumerate(words) if w in LOW]
    if len(tops) != 1 or not lows or len(labels) > 6:
        return None
    middle = [i for i in range(len(labels)) if i not in tops and i not in lows]
    low = LOW_SHARE if middle else (1.0 - TOP_SHARE) / len(lows)
    out = [0.0] * len(labels)
    out[tops[0]] = TOP_SHARE
    for i in lows:
        out[i] = low
    for i in middle:
        out[i] = (1.0 - TOP_SHARE - low * len(lows)) / len(middle)
    return out
