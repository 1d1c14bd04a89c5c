"""How long a period a cadence word gives: a label `monthly`, `quarterly`, `annual`,
`bi_weekly`, `every_month` or a bare unit `month`/`year` (as a billing interval is often
stored) names a period of that many calendar months or days. A choice column whose values
are such words decides the period of each row that carries (or reaches) it: a subscription's
plan, a contract's billing frequency, a lease's rent schedule, a maintenance plan.

Read per word of the label (a name is a set of words), never as a whole name."""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Cadence:
    """A period of `months` calendar months (counted inclusively: a month is 28 to 31 days,
    a quarter 89 to 92), else of `days` days."""

    months: int = 0
    days: int = 0


_MONTHS = {
    "monthly": 1, "month": 1, "months": 1, "mensual": 1, "monatlich": 1, "mensuel": 1,
    "bimonthly": 2, "bimonthy": 2, "bi_monthly": 2,
    "quarterly": 3, "quarter": 3, "quarters": 3, "trimestral": 3, "trimestriel": 3,
    "semiannual": 6, "semiannually": 6, "semi_annual": 6, "semi_annually": 6,
    "biannual": 6, "biannually": 6, "half_yearly": 6, "halfyearly": 6, "semester": 6,
    "annual": 12, "annually": 12, "yearly": 12, "year": 12, "years": 12, "anual": 12,
    "jaehrlich": 12, "annuel": 12, "biennial": 24,
}  # fmt: skip
_DAYS = {
    "daily": 1, "day": 1, "days": 1, "nightly": 1,
    "weekly": 7, "week": 7, "weeks": 7,
    "fortnightly": 14, "biweekly": 14, "bi_weekly": 14, "fortnight": 14,
    "four_weekly": 28, "4_weekly": 28, "every_4_weeks": 28,
}  # fmt: skip
# words that say a label is no cadence though it holds a cadence word (`one_time`, `once`)
_NOT = frozenset({"once", "one_time", "onetime", "single", "lifetime", "never", "ad_hoc",
                  "adhoc", "on_demand", "manual"})  # fmt: skip


def _norm(label: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", label.lower()).strip("_")


def cadence_of(label: str) -> Cadence | None:
    """The period a label names, read from its words (`billed_monthly`, `every_quarter`,
    `bi_weekly`, `month`), or None."""
    norm = _norm(label)
    if not norm or norm in _NOT:
        return None
    words = norm.split("_")
    # joined pairs first (`semi_annual`, `bi_weekly`, `half_yearly`), then single words
    pairs = ["_".join(words[i : i + 2]) for i in range(len(words) - 1)]
    for word in [norm, *pairs, *words]:
        if word in _MONTHS:
            return Cadence(months=_MONTHS[word])
        if word in _DAYS:
            return Cadence(days=_DAYS[word])
    return None


def cadences(labels: list[str]) -> dict[str, Cadence] | None:
    """Each label's period when the labels read as cadences (at least half of them, and two
    or more when there are several: `monthly`/`quarterly`, `month`/`year`, `weekly`/
    `monthly`/`one_time`), else None."""
    found = {label: c for label in labels if (c := cadence_of(label)) is not None}
    if not found or 2 * len(found) < len(labels) or (len(labels) > 2 and len(found) < 2):
        return None
    return found
