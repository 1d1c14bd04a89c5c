"""A parent's ending reaches its children: a row with a lifecycle status under a required key
(not unique alone) to a parent with a lifecycle status of its own takes the parent's ending
where its own lifecycle has the same one. An order refunded has its tickets refunded, a
booking cancelled its legs cancelled, a shipment returned its parcels returned, an
application withdrawn its reviews withdrawn: what ended the whole ended each of its parts.

The ending: a parent label that means a failure (vocab/outcomes.lifecycle_meanings), not a
state a row may leave again (vocab/outcomes.PASSING: suspended, overdue), whose word
(rules/status.canon: cancelled = canceled, void = voided) is a label of the child's
lifecycle that means a failure too. A child of a parent at another label keeps its own
(a ticket refunded from an order still paid: a part refunded). Not under a parent that lives
in a steady state while its term runs (a contract active, then cancelled): the bills and
visits of its term were what they were before it ended. Applied before the child's
status rule, which then sets the stage times its label decides, and before its waiting rows
are made recent. Read from the labels' words; no table is named here."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.batch import typed_label
from workbench.generate.base.names import normalise
from workbench.generate.kinds.occurrence import lifecycle_status
from workbench.generate.rules.base import RowRule, Rule, free, parent_labels
from workbench.generate.rules.recent import status_meanings
from workbench.generate.rules.status import canon
from workbench.generate.vocab import outcomes

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView


def shared_endings(parent: list[str], child: dict[str, str]) -> dict[str, str]:
    """Each failure label of the parent's lifecycle that ends it (not PASSING) → the child's
    label of the same word that means a failure too."""
    p_meanings = outcomes.lifecycle_meanings(parent) or {}
    if "steady" in p_meanings.values():
        return {}  # a term lived in (a contract active, then cancelled): what it held stands
    mine = {canon(lb): lb for lb, kind in child.items() if kind == "failed"}
    out = {}
    for label, kind in p_meanings.items():
        if kind != "failed" or normalise(label) in outcomes.PASSING:
            continue
        if (own := mine.get(canon(label))) is not None:
            out[label] = own
    return out


@dataclass(frozen=True)
class EndingLink:
    """A required key to a parent whose endings its rows share: the key, the parent, its
    status, the child's status and parent label → child label."""

    fk: str
    parent: str
    p_status: str
    status: str
    endings: dict[str, str]


def ending_links(view: TableView) -> list[EndingLink]:
    """The table's keys to parents whose endings its rows take (empty where its status is
    not free or no parent ends the way it does)."""
    own = status_meanings(view)
    if own is None or not free(view, own[0]):
        return []
    status, meanings = own
    out = []
    for unit, parent in view.many_to_one():
        found = lifecycle_status(view.schema, parent)
        if found is None:
            continue
        endings = shared_endings(found[1], meanings)
        if endings:
            out.append(EndingLink(unit.fk.columns[0], unit.parent, found[0], status, endings))
    return out


def keep_columns(view: TableView) -> set[str]:
    """A parent's status where it has endings a child may share (kept with its keys)."""
    found = lifecycle_status(view.schema, view.table)
    if found is None:
        return set()
    meanings = outcomes.lifecycle_meanings(found[1]) or {}
    if "steady" in meanings.values():
        return set()
    ends = [lb for lb, kind in meanings.items() if kind == "failed"]
    return {found[0]} if any(normalise(lb) not in outcomes.PASSING for lb in ends) else set()


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    rules = []
    for link in ending_links(view):
        data = {"fk": link.fk, "parent": link.parent, "p_status": link.p_status,
                "status": link.status, "endings": link.endings}  # fmt: skip
        shown = ", ".join(sorted(link.endings))
        detail = f"{link.status} follows {link.parent}.{link.p_status} where it ended ({shown})"
        rules.append(Rule("parent_ending", [link.status], detail, data))
    return rules


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    d = rule.data
    if (found := parent_labels(view, batch, d)) is None:
        return
    status, names, at, known = found
    of = np.asarray(names, dtype=object)[at]
    for p_label, label in d["endings"].items():
        hit = np.flatnonzero(known & (of == p_label))
        if hit.size:
            status.values[hit] = typed_label(status, label)
            status.nulls[hit] = False


RULE = RowRule(
    "parent_ending",
    "a child's status takes its parent's ending where its lifecycle has the same one (an "
    "order refunded: its tickets refunded)",
    _plan,
    _apply,
    after=("parent_reach",),  # beside the other rules that relabel from a parent
    before=("tried", "status", "recent"),
)
