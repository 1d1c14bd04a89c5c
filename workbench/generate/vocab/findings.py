"""Flags of a test's finding on a sample or a subject (`antibiotic_positive`,
`residue_detected`, `tested_positive`, `is_contaminated`): a screening that finds what it
looks for is the exception, not a coin toss. Milk tankers test positive for antibiotic
residues on well under 1 % of loads, food and water samples fail a contamination screen on a
few in a thousand, a workplace drug screen is positive on some 1-5 %: such a flag is true on
FINDING_SHARE of the rows, whatever DEFAULT it declares (rules/finding_flag.py).

A name made only of the finding word (`positive`, `is_positive`: a review's sentiment, a
number's sign) says nothing of a test, and is no finding flag; nor a name of a measurement
that holds a finding word in its middle (`positive_count`)."""

from __future__ import annotations

import re

# the last word of a flag that a test found what it looks for
FINDING_WORDS = frozenset({"positive", "detected", "contaminated", "adulterated", "infected",
                           "reactive", "seropositive"})  # fmt: skip
# words a flag's name may start with that say nothing of what was tested
_FLAG_PREFIXES = frozenset({"is", "has", "was", "been", "flag"})
# the share of rows such a flag is true on
FINDING_SHARE = 0.004


def _words(name: str) -> list[str]:
    split = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name).lower()
    return [w for w in re.split(r"[^a-z0-9]+", split) if w]


def finding_flag(name: str) -> bool:
    """Whether a boolean column's name says a test found what it looks for: its last word is
    a finding (FINDING_WORDS) after a word of what was tested (`antibiotic_positive`,
    `tested_positive`, `is_lead_detected`), not the finding word alone (`is_positive`)."""
    words = _words(name)
    if not words or words[-1] not in FINDING_WORDS:
        return False
    return any(w not in _FLAG_PREFIXES for w in words[:-1])
