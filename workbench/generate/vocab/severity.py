"""How grave a finding is, and how often a judged verdict fails.

A scale of severity (a defect minor, major or dangerous; an issue low, medium, high or
critical) ranks its labels by their words, the mildest 0 (RANKS). A verdict someone judges
(an inspection's, an exam's: a pass word beside a fail, no run broken off) fails as an
ordinary minority, not as rarely as a machine's attempt (vocab/outcomes.VERDICT_FAILED): its
failures share JUDGED_FAILED together, and a label of such a verdict that names a grade of
severity (`dangerous` beside `pass` and `fail`) is one of its failures, the gravest."""

from __future__ import annotations

from workbench.generate.base.names import normalise

_MILD = ("minor", "low", "trivial", "cosmetic", "advisory", "slight", "negligible", "mild",
         "informational", "info", "observation")  # fmt: skip
_MIDDLE = ("moderate", "medium", "intermediate")
_GRAVE = ("major", "high", "serious", "severe", "significant", "substantial")
_WORST = ("critical", "dangerous", "grave", "catastrophic", "fatal", "blocker", "unsafe",
          "extreme", "emergency")  # fmt: skip
RANKS = {w: rank for rank, words in enumerate((_MILD, _MIDDLE, _GRAVE, _WORST)) for w in words}
# the happy end of a judged verdict
JUDGED = frozenset({"pass", "passed", "satisfactory", "compliant", "conforming", "roadworthy"})
# a label of a run broken off: the verdict is a machine's run's, not a judgement
BROKEN_OFF = frozenset({"aborted", "abort", "interrupted", "error", "errored", "timeout",
                        "timed_out"})  # fmt: skip
JUDGED_FAILED = 0.09  # a judged verdict's failures together (site caps thin them a little)


def rank(label: str) -> int | None:
    """A label's grade of severity (`minor` 0, `major` 2, `dangerous` 3), by the whole label
    or its last word; None for a label of no severity word."""
    norm = normalise(label)
    found = RANKS.get(norm)
    return found if found is not None else RANKS.get(norm.split("_")[-1])


def scale(labels: list[str]) -> dict[str, int] | None:
    """Each label's grade where every label names one and they are at least two grades;
    None otherwise (labels of no scale of severity)."""
    ranks = {label: rank(label) for label in labels}
    if any(r is None for r in ranks.values()) or len(set(ranks.values())) < 2:
        return None
    return {label: r for label, r in ranks.items() if r is not None}


def judged(labels: list[str]) -> bool:
    """Whether a verdict's labels hold a pass word someone judges by (JUDGED) and none of a
    run broken off (BROKEN_OFF: an autoclave's cycle passed, failed or aborted is a machine's
    run, which fails rarely)."""
    words = {normalise(label) for label in labels}
    return bool(words & JUDGED) and not words & BROKEN_OFF


def _negated(norm: str) -> bool:
    """A pass word denied (`unsatisfactory`, `non_compliant`, `not_passed`)."""
    for head in ("un", "non_", "non", "not_", "in"):
        if norm.startswith(head) and norm[len(head) :] in JUDGED:
            return True
    return False


def failures(labels: list[str], read: dict[str, str | None]) -> list[str]:
    """A judged verdict's failures: its labels read as failed (`read`, vocab/outcomes.
    meaning), named as a grade of severity (`dangerous`) or a pass word denied."""
    return [
        label
        for label in labels
        if normalise(label) not in JUDGED
        and (read.get(label) == "failed" or rank(label) is not None or _negated(normalise(label)))
    ]
