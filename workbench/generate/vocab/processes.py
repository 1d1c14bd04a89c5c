"""How long a step of making something lasts, by the word that names it: in a log of a
production's steps (a cellar's, a brewery's, a dairy's, a bakery's, a tannery's: `step_type`,
`process`, `stage_kind` labels) a fermentation takes days to weeks, an ageing or a maturation
months to years, a curing, a drying or a lagering days to weeks, a proofing hours, while the
steps done at a machine's pace (crushing, pressing, milling, mixing, bottling) last minutes to
hours as any other thing done does (rules/span.HAPPENED).

Durations in minutes: (shortest, longest, typical). Read per word of a label, the word as
written or its stem (`fermenting`, `fermented`, `aged`, `maturing`)."""

from __future__ import annotations

DAY = 24 * 60

# word stem: (shortest, longest, typical) minutes
_STEPS: dict[str, tuple[float, float, float]] = {
    # a yeast's or bacteria's work on a must, a wort, a dough, a milk: days to weeks
    "ferment": (5 * DAY, 30 * DAY, 12 * DAY),
    "fermentation": (5 * DAY, 30 * DAY, 12 * DAY),
    "malolactic": (14 * DAY, 90 * DAY, 35 * DAY),
    "mlf": (14 * DAY, 90 * DAY, 35 * DAY),
    # left to age in a barrel, a cellar, a bottle: months to a few years
    "ageing": (75 * DAY, 900 * DAY, 300 * DAY),
    "aging": (75 * DAY, 900 * DAY, 300 * DAY),
    "maturation": (75 * DAY, 900 * DAY, 300 * DAY),
    "cellaring": (75 * DAY, 900 * DAY, 300 * DAY),
    "lagering": (21 * DAY, 90 * DAY, 35 * DAY),
    "conditioning": (7 * DAY, 42 * DAY, 14 * DAY),
    "curing": (3 * DAY, 60 * DAY, 14 * DAY),
    "drying": (1 * DAY, 30 * DAY, 5 * DAY),
    "seasoning": (30 * DAY, 365 * DAY, 120 * DAY),
    "composting": (30 * DAY, 180 * DAY, 75 * DAY),
    "incubation": (1 * DAY, 21 * DAY, 3 * DAY),
    "germination": (3 * DAY, 10 * DAY, 5 * DAY),
    "steeping": (1 * DAY, 3 * DAY, 2 * DAY),
    "proofing": (45, 16 * 60, 120),
    "proving": (45, 16 * 60, 120),
    "stabilisation": (7 * DAY, 21 * DAY, 10 * DAY),
    "stabilization": (7 * DAY, 21 * DAY, 10 * DAY),
}
_ENDINGS = ("ing", "ed", "es", "s", "ation", "e")


def step_duration(word: str) -> tuple[float, float, float] | None:
    """The (shortest, longest, typical) minutes of a production step named by `word`, as
    written or by its stem (`fermenting`: a fermentation), else None."""
    word = word.lower()
    if word in _STEPS:
        return _STEPS[word]
    for ending in _ENDINGS:
        if word.endswith(ending) and len(word) > len(ending) + 2:
            stem = word[: -len(ending)]
            for form in (stem, stem + "e", stem + "ation", stem + "ing"):
                if form in _STEPS:
                    return _STEPS[form]
    return None
