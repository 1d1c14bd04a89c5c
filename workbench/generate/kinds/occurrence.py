"""The one record of what took place, from the schema alone: a table whose NOT NULL key to a
parent is unique alone (`rentals.reservation_id UNIQUE`, an encounter's `appointment_id`) is
the record of that parent taking place, where the parent has a lifecycle status (a status,
state or stage column whose labels read as a lifecycle: vocab/outcomes) and a time it takes
place at (kinds/anchors.takes_place, or a window that is not one of validity). Only a parent
whose status says it took place or is under way (completed, picked up; not cancelled, a
no-show, or still ahead) has one: such a table holds about that share of its parent's rows
(plan/roles.py), and its rows reference those parents (rules/happened.py)."""

from __future__ import annotations

from workbench.config.file import Config
from workbench.generate.base.names import normalise
from workbench.generate.base.tables import unique_sets
from workbench.generate.checks.hints import column_hints
from workbench.generate.kinds.anchors import takes_place
from workbench.generate.kinds.windows import window_of
from workbench.generate.vocab.outcomes import STATUS_WORDS, UNDER_WAY, lifecycle_meanings, shares
from workbench.schema.model import Schema, Table
from workbench.schema.typeinfo import resolve_type

_TOOK_PLACE = ("done", "steady")
_TIMES = ("timestamp", "timestamptz", "date")


def lifecycle_status(schema: Schema, table: Table) -> tuple[str, list[str]] | None:
    """(column, labels in declared order) of the table's first status, state, stage or
    outcome column whose labels read as a lifecycle, else None."""
    for column in table.columns:
        if normalise(column.name).split("_")[-1] not in STATUS_WORDS:
            continue
        info = resolve_type(schema, column.type)
        values = info.labels or column_hints(schema, table, column).allowed or []
        labels = [v for v in values if isinstance(v, str)]
        if labels and lifecycle_meanings(labels) is not None:
            return column.name, labels
    return None


def took_place(labels: list[str]) -> tuple[str, ...]:
    """The labels saying a row took place or is under way (completed, active, picked up)."""
    meanings = lifecycle_meanings(labels) or {}
    return tuple(
        label
        for label in labels
        if meanings.get(label) in _TOOK_PLACE or normalise(label) in UNDER_WAY
    )


def occurs(schema: Schema, parent: Table, config: Config) -> bool:
    """A parent that takes place at a time (a booking's pickup, an appointment's start), not a
    thing in force over a period of validity (a contract, a price)."""
    if takes_place(schema, parent, config) is not None:
        return True
    window = window_of(schema, parent, config)
    return window is not None and not window.validity


def occurrence_of(schema: Schema, table: Table, config: Config) -> tuple[str, str, float] | None:
    """(key column, parent, share of the parent's rows that took place) where the table is
    the one record of its parent taking place (see the module's words), else None."""
    if not any(resolve_type(schema, c.type).kind in _TIMES for c in table.columns):
        return None  # a record of what took place says when
    unique = unique_sets(table)
    for fk in table.foreign_keys:
        if len(fk.columns) != 1 or list(fk.columns) not in unique:
            continue
        column = table.column(fk.columns[0])
        parent = schema.tables.get(fk.ref_qualified)
        if column is None or column.nullable or parent is None or parent is table:
            continue
        status = lifecycle_status(schema, parent)
        if status is None or not occurs(schema, parent, config):
            continue
        labels = status[1]
        fit = took_place(labels)
        weights = shares(labels)
        if not fit or len(fit) == len(labels) or weights is None:
            continue
        share = sum(w for label, w in zip(labels, weights, strict=True) if label in fit)
        return column.name, parent.qualified, share
    return None
