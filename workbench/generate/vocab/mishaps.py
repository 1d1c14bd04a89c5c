"""Labels of a row that went wrong in words no list holds whole (vocab/outcomes.py reads them
as failures that end the row before its next stage): an ending that says by whom or why
(`cancelled_by_rider`, `rejected_by_bank`), nobody to take the row (`no_driver_found`,
`no_courier_available`) and a thing done wrongly (`misfire`, `misrouted`, `mislabelled`).
Each takes the label's words (lower case, split on `_`)."""

from __future__ import annotations

# the word after an ending's that says by whom or why (`cancelled_by_rider`, `failed_due_to`)
ENDED_WHY = frozenset({"by", "due", "for", "after", "before", "at", "on", "via"})
# the last word of "no", a party and a looking for them: nobody took the row (no_driver_found)
SOUGHT = frozenset({"found", "available", "assigned", "matched", "accepted", "responded",
                    "claimed", "allocated"})  # fmt: skip
# what a check may find none of: its good verdict, not a failure (no_fault_found)
FINDINGS = frozenset({"fault", "faults", "defect", "defects", "issue", "issues", "problem",
                      "problems", "error", "errors", "damage", "change", "changes", "action",
                      "evidence", "trouble", "anomaly", "leak", "leaks"})  # fmt: skip
# a prefix of a thing done wrongly (misfire, misrouted): a failure; not the words it begins
MIS = "mis"
NOT_MIS = frozenset({"mission", "missions", "missionary", "miscellaneous", "missile",
                     "missiles", "mister", "mistletoe", "missing"})  # fmt: skip


def ended_by(words: list[str], endings: frozenset[str]) -> bool:
    """Whether the words are an ending of `endings` and by whom or why it came
    (`cancelled_by_rider`)."""
    return len(words) > 2 and words[0] in endings and words[1] in ENDED_WHY


def nobody(words: list[str]) -> str | None:
    """The party nobody of whom took the row (`no_driver_found` → driver), else None: "no",
    one word, and a looking for it (SOUGHT), not a finding a check may lack (FINDINGS)."""
    if len(words) != 3 or words[0] != "no" or words[2] not in SOUGHT or words[1] in FINDINGS:
        return None
    return words[1]


def misdone(words: list[str]) -> bool:
    """Whether the label's first word is a thing done wrongly: MIS and a verb of at least
    four letters (`misfire`, `misdelivered`)."""
    head = words[0] if words else ""
    return head.startswith(MIS) and len(head) - len(MIS) >= 4 and head not in NOT_MIS
