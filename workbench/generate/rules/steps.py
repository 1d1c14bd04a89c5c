"""A parent's numbered events go through its lifecycle's steps in order: a child table whose
rows are points of a history (numbered per parent, one time each and no end:
rules/sequence.shape_of), with a label column of a lifecycle (an enum or declared choices that
vocab/outcomes.lifecycle_meanings reads as one) that is not the row's own status (`step`,
`event_type`, `milestone`: not `status`, `state`, `outcome`; a column so named needs no
lifecycle words in its labels), records which step each event was: a parcel's scans, a
garment's processing steps, a ticket's transitions. Per parent, event 1 is the lifecycle's
first label and each later one the next label declared (failures left out: a cancelled step
is no step of the way); a parent with more events than steps stays at its last. The
numbers already follow the events' times (rules/numbered.py, rules/sequence.py), so later
numbers are later times and later labels.

A history of the parent's own status (kinds/history.py: the label holds every label of the
parent's lifecycle, whatever its name, `status` too) is whole per parent: event n is the n-th
label of the parent's way to its current status, and its last event, as many as that way is
long (rules/sequence_parents.py gave each parent that many), is the parent's status.

Read from the schema (the key, the number, the labels' declared order), no table named here.
Applied last among the time rules, once the numbers are where they stay."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.batch import label_codes, typed_label
from workbench.generate.base.names import normalise
from workbench.generate.kinds.history import History, history_of, way_to
from workbench.generate.rules.base import Phase, RowRule, Rule, free, labels_of
from workbench.generate.rules.sequence import shape_of
from workbench.generate.vocab import outcomes

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

# a label column that is the row's own state, not the step an event records
_OWN = frozenset({"status", "state", "outcome"})
# a label column named as the step an event records, whatever its labels
_STEP_WORDS = frozenset({"step", "stage", "phase", "milestone", "event", "action", "transition"})
_MIN_STEPS = 3  # fewer labels make no path worth following


def path_of(labels: list[str], named: bool = False) -> list[str]:
    """The steps of the way in declared order: a lifecycle's labels but its failures; every
    label of a column named as steps (`named`) that reads as no lifecycle."""
    meanings = outcomes.lifecycle_meanings(labels)
    if meanings is None:
        return list(labels) if named else []
    return [label for label in labels if meanings.get(label) != "failed"]


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    history = history_of(view.schema, view.table)
    if history is not None and free(view, history.label) and history.number in view.specs:
        detail = (f"{history.label} through {history.parent}.{history.p_status}'s way to its "
                  f"status, in {history.number} order")  # fmt: skip
        columns = [history.label, history.number]
        if history.prior is not None and free(view, history.prior):
            columns.append(history.prior)
            detail += f"; {history.prior} the event's before"
        return [Rule("history", columns, detail, {"history": history})]
    shape = shape_of(view.schema, view.table, view.config)
    if shape is None or shape.number is None or shape.end is not None or shape.covered:
        return []
    if shape.number not in view.specs:
        return []
    for name, spec in view.specs.items():
        if name in view.fk_cols or not free(view, name):
            continue
        words = normalise(name).split("_")
        if words[-1] in _OWN:
            continue
        path = path_of(labels_of(spec), named=bool(_STEP_WORDS & set(words)))
        if len(path) < _MIN_STEPS:
            continue
        detail = f"{name} steps through {path[0]}..{path[-1]} in {shape.number} order"
        data = {"label": name, "number": shape.number, "path": path}
        return [Rule("steps", [name, shape.number], detail, data)]
    return []


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    d = rule.data
    label, number = batch.get(d["label"]), batch.get(d["number"])
    if label is None or number is None:
        return
    path: list[str] = d["path"]
    rows = np.flatnonzero(~np.asarray(number.nulls, bool))
    if not rows.size:
        return
    step = np.clip(np.asarray(number.values)[rows].astype(np.int64) - 1, 0, len(path) - 1)
    values = np.asarray([typed_label(label, lb) for lb in path], dtype=label.values.dtype)
    label.values[rows] = values[step]
    label.nulls[rows] = False


def _apply_history(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    history: History = rule.data["history"]
    label, number = batch.get(history.label), batch.get(history.number)
    rows, nulls = view.parent_rows(history.fk)
    held = view.keys.tables.get(history.parent, {}).get(history.p_status)
    if label is None or number is None or rows is None or held is None or not rows.size:
        return
    names, pos = label_codes(held)
    ways = [way_to(history, name) for name in names]
    at = np.flatnonzero(~nulls & ~np.asarray(number.nulls, bool) & ~held.nulls[rows])
    if not at.size:
        return
    # per parent label, its way's labels (the last repeated past its end): event n the n-th
    longest = max(len(w) for w in ways)
    grid = np.asarray([[typed_label(label, w[min(n, len(w) - 1)]) for n in range(longest)]
                       for w in ways], dtype=label.values.dtype)  # fmt: skip
    step = np.clip(np.asarray(number.values)[at].astype(np.int64) - 1, 0, longest - 1)
    label.values[at] = grid[pos[rows[at]], step]
    label.nulls[at] = False
    before = history.prior
    prior = batch.get(before) if before is not None and before in rule.columns else None
    if before is not None and prior is not None:  # the label it moved from: none at the first
        prior.values[at] = grid[pos[rows[at]], np.maximum(step - 1, 0)].astype(prior.values.dtype)
        prior.nulls[at] = (step == 0) & bool(view.specs[before].nullable)


def _apply_any(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    (_apply_history if rule.kind == "history" else _apply)(view, rule, batch, idx)


RULE = RowRule(
    "steps",
    "a parent's numbered events go through the steps of a lifecycle in order",
    _plan,
    _apply_any,
    phases={"steps": Phase.FINAL, "history": Phase.FINAL},
    after=("numbered",),
    before=("link_times",),
)
