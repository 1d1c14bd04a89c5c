"""A place's operating status, read from its labels: whether a site (a club, a store, a
branch, a venue) is open for business, not where a case stands in its workflow.

`open`, `operating`, `trading` say the place runs (the state it lives in, as an account is
active), `temporarily_closed` or `under_renovation` that it is paused, `pre_opening` or
`coming_soon` that it has not opened yet, `closed` or `permanently_closed` that it shut for
good. Most places of a chain run: the paused, the unopened and the shut are the few.

A label set reads so only when every label is one of these words and one of them is no
workflow word too (a pause, an opening to come, `operating`, a closing for good): `open` /
`closed` alone is as likely a ticket's, `active` / `closed` an account's. Other label sets are
no operating status (vocab/outcomes.py reads them)."""

from __future__ import annotations

import re

RUNS = frozenset({"open", "opened", "operating", "operational", "trading", "active",
                  "in_operation", "in_service", "running", "live"})  # fmt: skip
PAUSED = frozenset(
    {"temporarily_closed", "closed_temporarily", "temp_closed", "temporary_closure",
     "under_renovation", "renovating", "renovation", "in_renovation", "refurbishing",
     "refurbishment", "under_refurbishment", "seasonal", "seasonally_closed",
     "seasonal_closure", "closed_for_season", "off_season", "paused", "suspended"}
)  # fmt: skip
UNOPENED = frozenset(
    {"pre_opening", "preopening", "opening_soon", "coming_soon", "not_yet_open",
     "under_construction", "in_construction", "pre_launch", "prelaunch", "to_open"}
)  # fmt: skip
SHUT = frozenset({"closed", "permanently_closed", "closed_permanently", "closed_down",
                  "shut", "shut_down", "shutdown", "defunct", "decommissioned"})  # fmt: skip
# words a case's workflow uses too: a set of only these is no sign of a place
_AMBIGUOUS = frozenset({"open", "opened", "active", "running", "live", "closed", "suspended"})

# each label's share of places: a shut, a paused and an unopened place are the few
SHUT_SHARE = 0.04
PAUSED_SHARE = 0.03
UNOPENED_SHARE = 0.03


def _norm(label: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", label.lower()).strip("_")


def _state(label: str) -> str | None:
    norm = _norm(label)
    for state, words in (("runs", RUNS), ("paused", PAUSED), ("unopened", UNOPENED),
                         ("shut", SHUT)):  # fmt: skip
        if norm in words:
            return state
    return None


def operating_states(labels: list[str]) -> dict[str, str] | None:
    """Each label's state (runs, paused, unopened or shut) when the labels read as a place's
    operating status (see the module), else None."""
    states = {label: _state(label) for label in labels}
    if any(s is None for s in states.values()) or "runs" not in states.values():
        return None
    if not {"paused", "shut"} & set(states.values()):
        return None  # nothing that stops running: no operating status
    if all(_norm(label) in _AMBIGUOUS for label in labels):
        return None
    return {label: str(s) for label, s in states.items()}


def operating_shares(labels: list[str]) -> list[float] | None:
    """Each label's share of places by its state; None when the labels read otherwise."""
    states = operating_states(labels)
    if states is None:
        return None
    few = {"paused": PAUSED_SHARE, "unopened": UNOPENED_SHARE, "shut": SHUT_SHARE}
    running = [label for label in labels if states[label] == "runs"]
    rest = 1.0 - sum(few.get(states[label], 0.0) for label in labels)
    return [few.get(states[label], rest / len(running)) for label in labels]
