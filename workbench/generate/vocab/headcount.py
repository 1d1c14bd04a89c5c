"""How many of a workforce hold each role, relative to the others: a restaurant has one general
manager to a dozen servers, a law firm fewer partners than associates. A role the rates file
knows (data/role_rates.tsv) is held in inverse proportion to what an hour of it costs (a partner
at 750 an hour beside a paralegal at 160 is about a fifth as common); another role by the words
it is named with: a head, chief, director or manager of something is rare, a senior or lead
less common than the plain role, an assistant or a junior about as common."""

from __future__ import annotations

from collections.abc import Sequence

from workbench.generate.base.names import normalise
from workbench.generate.vocab.money_bands import role_rate

# a column of people's roles: `role`, `staff_role`, `job_title`, `position`, `rank`
ROLE_WORDS = frozenset({"role", "position", "rank", "job", "occupation", "designation"})
_HEAD = frozenset({"head", "chief", "director", "manager", "principal", "owner", "president",
                   "partner", "captain", "superintendent", "ceo", "cfo", "cto", "coo",
                   "founder"})  # fmt: skip
_LEAD = frozenset({"senior", "lead", "supervisor", "foreman", "master", "sr"})
_HEAD_SHARE, _LEAD_SHARE = 0.12, 0.4
_KNOWN = 0.6  # the share of the labels that must name roles for the column to read as roles


def is_role_column(name: str) -> bool:
    words = normalise(name).split("_")
    return words[-1] in ROLE_WORDS or normalise(name) in {"job_title", "title_of_role"}


def _by_words(label: str) -> float:
    words = set(normalise(label).split("_"))
    if words & _HEAD:
        return _HEAD_SHARE
    if words & _LEAD:
        return _LEAD_SHARE
    return 1.0


def headcount(labels: Sequence[str]) -> list[float] | None:
    """Each label's weight among a workforce's roles, or None when too few read as roles."""
    rates = [role_rate(label) for label in labels]
    known = [r[1] for r in rates if r is not None]
    if len(known) >= 2 and len(known) >= _KNOWN * len(labels):
        cheapest = min(known)
        return [cheapest / r[1] if r is not None else _by_words(lb)
                for lb, r in zip(labels, rates, strict=True)]  # fmt: skip
    weights = [_by_words(label) for label in labels]
    return weights if any(w < 1.0 for w in weights) and any(w == 1.0 for w in weights) else None
