"""A parent's numbered history, from the schema alone: a child table whose rows are numbered per
parent (a line number unique with a NOT NULL key to the parent: `seq_no`, `step_no`,
`event_no`) and carry a label of the parent's own lifecycle (a column whose labels hold every
label of the parent's lifecycle status: the same enum, or the same CHECK list) records the
statuses the parent went through: a trip's status events, an order's status changes, a
claim's transitions. Such a label is not the row's own state, whatever its name (`status`,
`new_status`): the row is a step of its parent's way. A second such label named as the one
the event moved from (`from_status`, `old_state`) is the label of the event before.

A parent's history is whole: as many events as its status is deep in its lifecycle, the
first at the first label, each later one at the next label of the way, the last at the
parent's current status (`depths`, `way_to`). The way is the lifecycle's labels in declared
order up to its last done label, failures left out; a label off the way (a failure, or one
declared past the done end: cancelled, no driver found) ends a history of two, after the
first label. rules/sequence_parents.py gives parents their whole histories, rules/steps.py
labels the events, and the rules of a row's own status leave the label alone."""

from __future__ import annotations

from dataclasses import dataclass

from workbench.generate.base.names import normalise
from workbench.generate.base.tables import unique_sets
from workbench.generate.checks.hints import column_hints
from workbench.generate.kinds.numbering import is_line_number
from workbench.generate.kinds.occurrence import lifecycle_status
from workbench.generate.vocab.outcomes import called_off, lifecycle_meanings
from workbench.schema import memo
from workbench.schema.model import Column, Schema, Table
from workbench.schema.typeinfo import resolve_type

_MIN_LABELS = 3  # fewer labels make no way worth following
# words of a label the event moved from, not the one it moved to
_PRIOR = frozenset({"from", "old", "previous", "prev", "prior", "before"})


@dataclass(frozen=True)
class History:
    """A child table's history of its parent's status: the key `fk` to `parent` (status
    `p_status`), the events' `number` and `label`, and the parent's lifecycle: the `way` (its
    steps in order) and the labels off it."""

    fk: str
    parent: str
    p_status: str
    number: str
    label: str
    way: tuple[str, ...]
    off: tuple[str, ...]
    prior: str | None = None  # the label the event moved from (`from_status`, `old_state`)


def way_of(labels: list[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(the way, the labels off it) of a lifecycle: its labels in declared order up to the last
    done one, failures and called-off labels left out; those and the labels past the done end
    are off the way."""
    meanings = lifecycle_meanings(labels) or {}
    done = [at for at, lb in enumerate(labels) if meanings.get(lb) == "done"]
    end = done[-1] if done else len(labels) - 1
    way = tuple(
        lb
        for at, lb in enumerate(labels)
        if at <= end and meanings.get(lb) != "failed" and not called_off(lb)
    )
    return way, tuple(lb for lb in labels if lb not in way)


def way_to(history: History, label: str) -> tuple[str, ...]:
    """The labels a parent at `label` went through, in order, ending at `label`."""
    if label in history.way:
        return history.way[: history.way.index(label) + 1]
    if history.way and label != history.way[0]:
        return (history.way[0], label)
    return (label,)


def _labels(schema: Schema, table: Table, column: Column) -> list[str]:
    values = resolve_type(schema, column.type).labels or column_hints(schema, table, column).allowed
    return [v for v in values or [] if isinstance(v, str)]


@memo.by_identity
def history_of(schema: Schema, table: Table) -> History | None:
    """The table's history of its parent's status, else None."""
    unique = [set(u) for u in unique_sets(table)]
    columns = {c.name: c for c in table.columns}
    for fk in table.foreign_keys:
        if len(fk.columns) != 1 or fk.ref_qualified == table.qualified:
            continue
        key = fk.columns[0]
        if key not in columns or columns[key].nullable or {key} in unique:
            continue
        parent = schema.tables.get(fk.ref_qualified)
        found = lifecycle_status(schema, parent) if parent is not None else None
        if found is None or len(found[1]) < _MIN_LABELS:
            continue
        number = next((c for c in columns if c != key and {key, c} in unique
                       and is_line_number(c, table.name)), None)  # fmt: skip
        if number is None:
            continue
        fks = {c for f in table.foreign_keys for c in f.columns}
        labelled = [c.name for c in table.columns if c.name not in fks and c.name != number
                    and set(found[1]) <= set(_labels(schema, table, c))]  # fmt: skip
        prior = [c for c in labelled if _PRIOR & set(normalise(c).split("_"))]
        to = [c for c in labelled if c not in prior]
        way, off = way_of(found[1])
        if not to or len(way) < 2:
            continue
        before = prior[0] if prior else None
        return History(key, fk.ref_qualified, found[0], number, to[0], way, off, before)
    return None


def is_history_label(schema: Schema, table: Table, column: str) -> bool:
    """Whether `column` labels the steps of a parent's history (not the row's own state)."""
    found = history_of(schema, table)
    return found is not None and column in (found.label, found.prior)


def depth(history: History, label: str) -> int:
    """How many events a parent at `label` has in a whole history."""
    return len(way_to(history, label))
