"""Flags of a suspicion or a ban on a row (`fraud_suspected`, `is_suspicious`, `blacklisted`,
`card_compromised`): a true one is the exception a review catches, on a few rows in a hundred
(card fraud, suspected claims fraud and blocked accounts run at some 1-5 %), and a row so
flagged is not waved through (a claim suspected of fraud is not approved nor paid)."""

from __future__ import annotations

import re

# the words of a flag that a row is suspected of wrongdoing or barred for it
RISK_WORDS = frozenset({"fraud", "fraudulent", "suspicious", "suspect", "blacklisted",
                        "blocklisted", "banned", "compromised", "stolen", "counterfeit",
                        "scam", "spam", "abusive"})  # fmt: skip
# the share of rows such a flag is true on
RISK_SHARE = 0.03


def risky(name: str) -> bool:
    """Whether a column's name says it flags a suspicion or a ban (RISK_WORDS)."""
    words = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name).lower()
    return bool(set(re.split(r"[^a-z0-9]+", words)) & RISK_WORDS)
