"""Flags of an exception on a row (`rejected`, `is_cancelled`, `payment_failed`, `disputed`,
`damaged`, `lost`, `flagged`, `refunded`, `voided`, `no_show`, `has_dispute`): a boolean named
for a failure is true on the few rows it befell, not on a coin toss's half nor on the 15 % a
plain flag's DEFAULT leaves (kinds/defaults.py). A weighbridge turns away a few loads in a
hundred, a shop refunds a few orders in a hundred, a carrier loses or damages well under one
parcel in a hundred: such a flag is true on EXCEPTION_SHARE of the rows (rules/exception_flag.py).

The words are the failures of a row's life (vocab/outcomes.FAILED), less the states a row lives
in for long or that many rows reach (expired, late, overdue, suspended, ended, absent), and with
the words of a row picked out for attention (flagged, escalated, defective). A negated name
(`not_rejected`, `never_failed`) is no such flag."""

from __future__ import annotations

import re

from workbench.generate.vocab.outcomes import FAILED

# failures many rows reach or live in: no exception (a coupon expired, a bill overdue)
_COMMON = frozenset({"expired", "late", "overdue", "excused", "absent", "lapsed", "terminated",
                     "withdrawn", "deceased", "suspended", "blocked", "returned", "missing",
                     "error", "failure", "diverted", "rerouted", "redirected", "spam",
                     "abandoned", "dropped", "unsold", "bought_in", "passed_in", "no_bid",
                     "no_bids", "not_sold", "no_sale", "nosale"})  # fmt: skip
# words of a row picked out for attention or found at fault
_ATTENTION = frozenset({"flagged", "escalated", "defective", "faulty", "broken", "misread",
                        "errored", "breached", "violated", "quarantined", "recalled",
                        "overweight", "fraud", "fraudulent", "noshow", "no_show",
                        "chargeback", "charged_back"})  # fmt: skip
EXCEPTION_WORDS = (FAILED - _COMMON) | _ATTENTION
# nouns of an exception a flag says the row has (`has_dispute`, `has_damage`)
EXCEPTION_NOUNS = frozenset({"dispute", "disputes", "damage", "damages", "chargeback",
                             "complaint", "complaints", "defect", "defects", "fault",
                             "faults", "incident", "incidents", "claim_rejected"})  # fmt: skip
# nouns of an incident that befell the row, a flag named by one whatever its prefix
# (`adverse_reaction`, `had_complication`, `injury_reported`): a donor faints on a few
# donations in a hundred, a patient falls or a part is found at fault on as few
INCIDENT_NOUNS = frozenset({"reaction", "reactions", "complication", "complications",
                            "injury", "injuries", "injured", "fault", "faults", "defect",
                            "defects", "fraud", "breach", "breaches", "incident", "incidents",
                            "accident", "accidents", "fall", "falls", "mishap", "mishaps",
                            "collision", "spill", "spillage", "leak", "leakage", "outage",
                            "near_miss", "adverse_event", "adverse_events"})  # fmt: skip
# the last word of a flag that an incident named before it was recorded (`injury_reported`)
_RECORDED = frozenset({"reported", "occurred", "recorded", "logged", "noted", "observed",
                       "suffered", "sustained", "flag"})  # fmt: skip
# the word before an incident noun that makes it no incident (`at_fault`: whose fault an
# accident was, on half its rows; `fall_risk` ends in no noun)
_NOT_INCIDENT = frozenset({"at", "no", "without", "free"})
# the share of rows such a flag is true on
EXCEPTION_SHARE = 0.03
_PREFIXES = frozenset({"is", "was", "has", "had", "been", "flag", "got"})
_NEGATED = frozenset({"not", "never", "non", "un", "no_longer"})


def _words(name: str) -> list[str]:
    split = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name).lower()
    return [w for w in re.split(r"[^a-z0-9]+", split) if w]


def flag_word(name: str) -> str | None:
    """The exception a boolean column's name says befell the row (`rejected` of `rejected`,
    `is_rejected`, `load_rejected`; `no_show` of `is_no_show`; `dispute` of `has_dispute`),
    else None: its last word or two (EXCEPTION_WORDS), or a noun after `has`
    (EXCEPTION_NOUNS); never a negated name."""
    words = _words(name)
    if not words or set(words) & _NEGATED - {"no"}:
        return None
    has = words[0] in ("has", "had")
    while len(words) > 1 and words[0] in _PREFIXES:
        words = words[1:]
    if len(words) >= 2 and "_".join(words[-2:]) in EXCEPTION_WORDS:
        return "_".join(words[-2:])
    if words[-1] in EXCEPTION_WORDS and not (len(words) == 2 and words[0] == "no"):
        return words[-1]
    if has and words[-1] in EXCEPTION_NOUNS:
        return words[-1]
    return _incident(words)


def _incident(words: list[str]) -> str | None:
    """The incident noun a flag's words end in, or end in before a word of its recording
    (`adverse_reaction`, `injury_reported`), unless the word before it undoes it (`at_fault`)."""
    if len(words) > 1 and words[-1] in _RECORDED:
        words = words[:-1]
    for size in (2, 1):
        if len(words) < size:
            continue
        noun = "_".join(words[-size:])
        if noun in INCIDENT_NOUNS:
            before = words[-size - 1] if len(words) > size else ""
            return None if before in _NOT_INCIDENT else noun
    return None


def exception_flag(name: str) -> bool:
    """Whether a boolean column's name says an exception befell the row (flag_word)."""
    return flag_word(name) is not None


# the words of a reason a row rarely ends for (an eviction, a lien sale, a fraud), beside
# the ordinary ones (a customer's notice, a move): such labels of a reason column are few
RARE_REASON_WORDS = frozenset({"eviction", "evicted", "evict", "lien", "repossession",
                               "repossessed", "foreclosure", "foreclosed", "fraud",
                               "fraudulent", "breach", "misconduct", "banned", "ban",
                               "expelled", "expulsion", "seizure", "seized", "death",
                               "deceased", "died", "bankruptcy", "bankrupt", "insolvency",
                               "insolvent", "write_off", "written_off", "abuse", "theft",
                               "stolen", "violation", "arrears", "nonpayment",
                               "non_payment", "chargeback", "court", "legal",
                               "enforcement", "auction", "disciplinary", "dismissal",
                               "dismissed", "termination_for_cause"})  # fmt: skip
# the share of the rows carrying a reason whose reason is one of those labels
RARE_REASON_SHARE = 0.04


def rare_reason(label: str) -> bool:
    """Whether a reason's label names a rare end (`eviction`, `lien_sale`, `fraud`,
    `non_payment`, `death_of_member`)."""
    words = _words(label)
    pairs = {"_".join(words[i : i + 2]) for i in range(len(words) - 1)}
    return bool((set(words) | pairs | {"_".join(words)}) & RARE_REASON_WORDS)


# a state's label that reads as an exception befalling the thing (`faulty`, `damaged`,
# `stolen`, `failure`, `theft`, `in_dispute`): the words of an exception flag and their nouns
STATE_EXCEPTION_NOUNS = frozenset({"failure", "failures", "fault", "loss", "theft", "damage",
                                   "rejection", "dispute", "fraud", "breakdown", "malfunction",
                                   "malfunctioning", "defect", "stolen", "vandalised",
                                   "vandalized", "broken_down", "out_of_order"})  # fmt: skip
# a state's label saying the thing left service for good (`removed`, `replaced`, `retired`)
OUT_OF_SERVICE = frozenset({"removed", "replaced", "retired", "decommissioned", "uninstalled",
                            "scrapped", "disposed", "written_off", "deinstalled", "dismantled",
                            "withdrawn_from_service", "deleted", "junked", "salvaged"})  # fmt: skip
# of all rows, a state that befell a thing by exception; one that says it left service
STATE_EXCEPTION_SHARE = 0.02
OUT_OF_SERVICE_SHARE = 0.03


def _phrases(label: str) -> set[str]:
    words = _words(label)
    pairs = {"_".join(words[i : i + 2]) for i in range(len(words) - 1)}
    return set(words) | pairs | {"_".join(words)}


def exception_state(label: str) -> bool:
    """Whether a status's label reads as an exception befalling the thing (`faulty`,
    `damaged`, `payment_failure`, `theft`, `in_dispute`); never a negated one
    (`no_fault_found`, `not_damaged`)."""
    words = _words(label)
    if not words or words[0] in _NEGATED | {"no"}:
        return False
    return bool(_phrases(label) & (EXCEPTION_WORDS | EXCEPTION_NOUNS | STATE_EXCEPTION_NOUNS))


def left_service(label: str) -> bool:
    """Whether a status's label says the thing left service for good (`removed`,
    `replaced`, `decommissioned`, `retired_unit`); never a negated one."""
    words = _words(label)
    if not words or words[0] in _NEGATED | {"no"}:
        return False
    return bool(_phrases(label) & OUT_OF_SERVICE)
