"""A record's own status follows the parent it records: the one record of a parent that takes
place (rules/happened.py, 3: a rental of a reservation, an encounter of an appointment, a stay
of a booking, a unique key to a parent with a lifecycle status and a time it takes place at),
or the one record of its parent's outcome (kinds/outcome.py: a game played on a completed
booking, the report of a resolved case), is still under way while its parent is (a reservation
picked up: its rental open) and done once its parent is (a completed reservation: its rental
closed, its return time set by the status rule after this one).

Both statuses read through vocab/outcomes.py (done, open, under way), no table named here:
the row takes its own lifecycle's happy end where the parent's label means done, its first
open (or steady) label where the parent's is under way; rows of other parents keep their
drawn label (rules/happened.py keeps them few). Applied before the status rule, which then
sets and clears the stage times the label decides, and before the open rows are made recent."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.batch import typed_label
from workbench.generate.base.names import normalise
from workbench.generate.kinds.outcome import outcome_key
from workbench.generate.rules.base import RowRule, Rule, free, labels_of, parent_labels
from workbench.generate.rules.happened import records_of, status_of
from workbench.generate.rules.recent import status_meanings
from workbench.generate.rules.stage_amount import DECIDED
from workbench.generate.vocab.outcomes import UNDER_WAY, lifecycle_meanings

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView


# a decision on what was asked (a quote accepted, a contract signed, an application approved,
# a tender won): the thing decided on begins there, it is not done yet
DECISIONS = DECIDED | {"signed", "won", "contracted"}


def _ends(label: str, own: list[str]) -> bool:
    """Whether the parent's happy end `label` ends the record too: a decision starts the
    record's own lifecycle (an accepted quote: its installation scheduled, under way, then
    completed), unless the record's own labels hold that outcome."""
    return normalise(label) not in DECISIONS or normalise(label) in {normalise(o) for o in own}


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    own = status_meanings(view)
    if own is None or not free(view, own[0]):
        return []
    status, meanings = own
    labels = labels_of(view.specs[status])
    done = [lb for lb in labels if meanings.get(lb) == "done"]
    going = [lb for lb in labels if meanings.get(lb) in ("open", "steady")]
    if not done or not going:
        return []
    found = [
        (r.fk, r.parent, r.status)
        for r in records_of(view)
        if not r.cover and r.column is None  # named after a stage (happened.py 1, 2): not one
    ]
    outcome = outcome_key(view.schema, view.table)
    if outcome is not None:  # the one record of its parent's outcome (kinds/outcome.py)
        key, parent_name, marks = outcome
        found += [(key, parent_name, m.column) for m in marks if m.how == "label"]
    for fk, parent_name, p_status in found:
        parent = view.schema.tables.get(parent_name)
        p_found = status_of(view.schema, parent) if parent is not None else None
        if p_found is None or p_found.column != p_status:
            continue
        p_meanings = lifecycle_meanings(list(p_found.labels)) or {}
        # the parent's labels that make the row done, and those that keep it under way
        closes = [lb for lb in p_found.labels if p_meanings.get(lb) == "done" and _ends(lb, labels)]
        keeps = [lb for lb in p_found.labels if normalise(lb) in UNDER_WAY]
        if not closes and not keeps:
            continue
        data = {"fk": fk, "parent": parent_name, "p_status": p_status,
                "status": status, "closes": closes, "keeps": keeps, "done": done[-1],
                "going": going[0]}  # fmt: skip
        detail = f"{status} follows {parent_name}.{p_status} (done, under way)"
        return [Rule("record_status", [status], detail, data)]
    return []


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    d = rule.data
    if (found := parent_labels(view, batch, d)) is None:
        return
    status, names, of, known = found
    text = np.asarray([str(n) for n in names], dtype=object)
    for labels, mine in ((d["closes"], d["done"]), (d["keeps"], d["going"])):
        hit = known & np.isin(text, labels)[of]
        if hit.any():
            status.values[hit] = typed_label(status, mine)
            status.nulls[hit] = False


RULE = RowRule(
    "record_status",
    "a record's status follows the parent it records (a rental open while its booking is "
    "picked up, closed once it is completed)",
    _plan,
    _apply,
    after=("lineage",),  # its place where it was found: the order hangs on no module order
    before=("tree", "status", "recent"),
)
