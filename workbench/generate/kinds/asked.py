"""The amount a request asks for, by its name: what its lines add up to.

A claim's `claimed_amount`, a reimbursement request's `requested_total`, an expense report's
`amount_claimed` or `submitted_amount`, a quote's `quoted_total`: a header's amount named for
the asking (a word of ASKING, and otherwise only words of an amount) is the sum of its lines'
amounts when it has a table of lines (kinds/totals.py), as a `subtotal` is. A decision on it
(`approved_amount`, rules/stage_amount.py) is bounded by that sum. Not an amount named for
anything else (`discount_amount`, `deposit_amount`, `paid_amount`: a part of the request or
what settles it, never the sum of its lines)."""

from __future__ import annotations

# the words of asking for an amount (a claim, a request, an expense report, a quote)
ASKING = frozenset({"claim", "claimed", "request", "requested", "submitted", "asked", "billed",
                    "invoiced", "quoted", "estimated", "expensed", "reclaimed"})  # fmt: skip
# the words of an amount beside them (`claimed_amount`, `total_requested`, `amount_claimed`)
AMOUNT_WORDS = frozenset({"amount", "total", "sum", "value", "cost", "gross"})


def asked_total(norm: str) -> bool:
    """Whether a normalised column name says the amount a request asks for (`claimed_amount`,
    `requested_total`, `amount_claimed`, `claimed`), each word once."""
    words = norm.split("_")
    if len(set(words)) != len(words) or not set(words) & ASKING:
        return False
    return set(words) <= ASKING | AMOUNT_WORDS and len(set(words) & ASKING) == 1
