"""Many bookings of one event follow the event's status: a row with a lifecycle status that
holds a NOT NULL key, not unique alone, to a parent that takes place at a time and has a
lifecycle status of its own (a booking of a sailing, a ticket of a concert, an enrolment of a
class session: its lifecycle has a label of an event attended, vocab/outcomes.ATTENDED, or
of one missed, a no-show beside a done label: NOT_ATTENDED; and the parent's none of a state
lived in, as a contract's active) is one of the parent's many bookings. While the event is
still to come, its bookings wait (provisional, confirmed, booked) or were cancelled; once it
has begun or ended (under way or done: departed, arrived, completed), they are done
(travelled, used, attended), failed (a no-show) or cancelled; an event called off has only
cancelled bookings.

Both statuses read through vocab/outcomes.py (ahead and open before, under way, done, failed,
called off), no table named here. A row whose label does not fit its event's takes one that
does, drawn by the labels' shares; the one record of a parent (a unique key) is
rules/record_status.py's. Applied before the status rule, which then sets and clears the stage
times the label decides, and before the waiting rows are made recent."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.batch import label_codes, typed_label
from workbench.generate.base.names import normalise
from workbench.generate.kinds.occurrence import lifecycle_status, occurs
from workbench.generate.rules.base import RowRule, Rule, free, labels_of, parent_labels, row_rng
from workbench.generate.rules.recent import status_meanings
from workbench.generate.vocab.outcomes import (
    ATTENDED,
    NOT_ATTENDED,
    UNDER_WAY,
    called_off,
    lifecycle_meanings,
    shares,
)

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

_BEFORE = ("ahead", "open")
_AFTER = ("done", "steady")


def event_stages(labels: list[str]) -> tuple[list[str], list[str], list[str]] | None:
    """An event's labels (before it began, since it began, called off): before are the
    waiting labels declared before its first label under way or done (scheduled, boarding),
    since are those under way and the done ones (departed, arrived); None where either is
    missing."""
    meanings = lifecycle_meanings(labels) or {}
    if "steady" in meanings.values():
        return None  # a state a row lives in (an active contract): no event that takes place
    began = [lb for lb in labels if normalise(lb) in UNDER_WAY or meanings.get(lb) in _AFTER]
    if not began:
        return None
    first = labels.index(began[0])
    before = [lb for lb in labels[:first] if meanings.get(lb) in _BEFORE]
    off = [lb for lb in labels if called_off(lb)]
    return (before, began, off) if before else None


def booking_stages(meanings: dict[str, str]) -> dict[str, list[str]] | None:
    """A booking's labels by what its event must have done: before (waiting), after (done,
    under way or attended), failed (a no-show: failed, not called off), off (cancelled);
    None unless some are waiting and one after says the event was attended (travelled, used:
    vocab/outcomes.ATTENDED) or one failed says someone expected did not come (a no-show:
    NOT_ATTENDED), so that a bill or an order under a contract is none."""
    out: dict[str, list[str]] = {"before": [], "after": [], "failed": [], "off": []}
    for label, m in meanings.items():
        norm = normalise(label)
        if called_off(label):
            out["off"].append(label)
        elif m == "failed":
            out["failed"].append(label)
        elif m in _AFTER or norm in UNDER_WAY or norm in ATTENDED:
            out["after"].append(label)
        elif m in _BEFORE:
            out["before"].append(label)
    attended = any(normalise(label) in ATTENDED for label in out["after"])
    # one that failed by not coming (a no-show) was expected at an event all the same
    expected = any(normalise(label) in NOT_ATTENDED for label in out["failed"])
    return out if out["before"] and out["after"] and (attended or expected) else None


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    own = status_meanings(view)
    if own is None or not free(view, own[0]):
        return []
    status, meanings = own
    mine = booking_stages(meanings)
    if mine is None:
        return []
    for unit, parent in view.many_to_one():
        fk = unit.fk
        found = lifecycle_status(view.schema, parent)
        if found is None or not occurs(view.schema, parent, view.config):
            continue
        stages = event_stages(found[1])
        if stages is None:
            continue
        labels = labels_of(view.specs[status])
        weights = dict(zip(labels, shares(labels) or [1.0] * len(labels), strict=True))
        before, began, off = stages
        data = {"fk": fk.columns[0], "parent": unit.parent, "p_status": found[0],
                "status": status, "before": before, "began": began, "off": off,
                "mine": mine, "weights": weights}  # fmt: skip
        detail = f"{status} follows {unit.parent}.{found[0]} (to come, begun, called off)"
        return [Rule("event_status", [status], detail, data)]
    return []


def _draw(rng: np.random.Generator, labels: list[str], weights: dict[str, float],
          n: int) -> np.ndarray:  # fmt: skip
    w = np.array([max(weights.get(lb, 0.0), 1e-6) for lb in labels], np.float64)
    return np.asarray(labels, dtype=object)[rng.choice(len(labels), size=n, p=w / w.sum())]


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    d = rule.data
    if (found := parent_labels(view, batch, d)) is None:
        return
    status, names, of, known = found
    text = np.asarray(names, dtype=object)
    own_names, own_pos = label_codes(status)
    own = np.asarray(own_names, dtype=object)[own_pos] if own_pos.size else own_pos
    mine = d["mine"]
    here = known & ~status.nulls
    rng = row_rng(view, rule, idx)
    # an event to come: its bookings wait (or were cancelled); one begun: none waits
    to_come = here & np.isin(text, d["before"])[of] & np.isin(own, mine["after"] + mine["failed"])
    begun = here & np.isin(text, d["began"])[of] & np.isin(own, mine["before"])
    moves = [(to_come, mine["before"]), (begun, mine["after"])]
    if mine["off"]:
        off = here & np.isin(text, d["off"])[of] & ~np.isin(own, mine["off"])
        moves.append((off, mine["off"][:1]))
    for hit, labels in moves:
        at = np.flatnonzero(hit)
        if not at.size:
            continue
        drawn = _draw(rng, labels, d["weights"], at.size)
        for label in labels:
            status.values[at[drawn == label]] = typed_label(status, label)


RULE = RowRule(
    "event_status",
    "a booking's status follows its event's (waiting while the event is to come; done, a "
    "no-show or cancelled once it began; cancelled where it was called off)",
    _plan,
    _apply,
    after=("lineage", "record_status"),  # the one record's first, though neither reads the other
    before=("tree", "status", "recent"),
)
