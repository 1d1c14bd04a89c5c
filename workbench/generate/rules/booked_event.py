"""An event people hold places at is called off rarely: a row that takes place at a time
(kinds/occurrence.occurs: a showtime, a sailing, a class session, a tour departure) with a
lifecycle status that has a label of calling it off (vocab/outcomes.called_off: cancelled),
whose rows other rows hold places at (a table with a required key to it, not unique alone,
and a lifecycle status of its own: tickets, bookings, enrolments), is the business's own
timetable, not a customer's booking: an operator cancels some 1-2 % of what it put on sale
(vocab/outcomes.CANCELLED_PLANNED), where a customer calls off a booking far more often
(CANCELLED_AHEAD, the share the labels alone give). Rows drawn as called off beyond that share
take another label of the lifecycle, drawn by the labels' shares, before the status rule
sets the stage times the label decides and before the waiting rows are made recent.

Read from the schema (keys, times, labels); no table is named here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.batch import label_codes, typed_label
from workbench.generate.base.tables import referencing, unique_sets
from workbench.generate.kinds.occurrence import lifecycle_status, occurs
from workbench.generate.rules.base import RowRule, Rule, free, labels_of, row_rng
from workbench.generate.vocab import outcomes

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView
    from workbench.schema.model import Schema, Table


def held_places(schema: Schema, table: Table) -> bool:
    """Whether another table's rows hold places at the table's rows: a required key to it,
    not unique alone, on a table with a lifecycle status of its own."""
    for child in referencing(schema, table.qualified):
        if child is table or lifecycle_status(schema, child) is None:
            continue
        unique = unique_sets(child)
        for fk in child.foreign_keys:
            if fk.ref_qualified != table.qualified or len(fk.columns) != 1:
                continue
            column = child.column(fk.columns[0])
            if column is not None and not column.nullable and [fk.columns[0]] not in unique:
                return True
    return False


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    found = lifecycle_status(view.schema, view.table)
    if found is None or found[0] not in view.specs or not free(view, found[0]):
        return []
    status = found[0]
    labels = labels_of(view.specs[status])
    weights = outcomes.shares(labels) if labels else None
    off = [lb for lb in labels if outcomes.called_off(lb)]
    if weights is None or not off or len(off) == len(labels):
        return []
    share = dict(zip(labels, weights, strict=True))
    drawn = sum(share[lb] for lb in off)
    if drawn <= outcomes.CANCELLED_PLANNED:
        return []
    if not occurs(view.schema, view.table, view.config):
        return []
    if not held_places(view.schema, view.table):
        return []
    rest = {lb: share[lb] for lb in labels if lb not in off}
    data = {"status": status, "off": off, "keep": outcomes.CANCELLED_PLANNED / drawn,
            "rest": rest}  # fmt: skip
    detail = f"{status}: {', '.join(off)} rarely (an event others hold places at)"
    return [Rule("booked_event", [status], detail, data)]


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    d = rule.data
    status = batch.get(d["status"])
    if status is None:
        return
    names, pos = label_codes(status)
    if not pos.size:
        return
    off = np.isin(np.asarray(names, dtype=object), d["off"])[pos] & ~status.nulls
    rng = row_rng(view, rule, idx)
    moved = np.flatnonzero(off & (rng.random(off.size) >= d["keep"]))
    if not moved.size:
        return
    rest = list(d["rest"])
    p = np.asarray([d["rest"][lb] for lb in rest], dtype=np.float64)
    picks = rng.choice(len(rest), size=moved.size, p=p / p.sum())
    for at, label in enumerate(rest):
        status.values[moved[picks == at]] = typed_label(status, label)


RULE = RowRule(
    "booked_event",
    "an event others hold places at (a showtime with tickets) is rarely called off",
    _plan,
    _apply,
    after=("exam_verdict",),  # beside the other rules that relabel before the stage times
    before=("site_shares", "event_status", "status", "recent"),
)
