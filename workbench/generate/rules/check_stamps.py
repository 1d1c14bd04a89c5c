"""Times a CHECK asks of some labels of a status: `(status = 'completed' AND performed_at IS
NOT NULL AND result IS NOT NULL) OR (status <> 'completed' AND result IS NULL)` says a
completed inspection has the time it was performed, whatever the time is called. A time no
label's name matches (rules/status.plan_stamps) but that every way the CHECK holds for some
labels asks to be set is those labels' stamp: the status rule sets it on their rows, so the
time rules place it (after the plan, in the row's order) instead of the CHECK's repair
drawing one at random after they ran (an inspection performed years before its permit).

Read from the CHECK's disjunctive form: the labels each way (disjunct) admits, by evaluating
its atoms over the status alone on every label, and whether it holds an `IS NOT NULL` of the
time. Only where some labels are admitted by no way without it and others are; no table or
label named here."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
from sqlglot import exp

from workbench.generate.base.batch import Col
from workbench.generate.base.sqltree import Unsupported, column_name, columns_of, unparen
from workbench.generate.checks import dnf, evaluate

if TYPE_CHECKING:  # pragma: no cover
    from workbench.generate.view import TableView


def _asks_set(atom: Any, negated: bool, column: str) -> bool:
    """Whether the atom is `column IS NOT NULL`."""
    atom = unparen(atom)
    return (
        negated
        and isinstance(atom, exp.Is)
        and isinstance(atom.expression, exp.Null)
        and isinstance(unparen(atom.this), exp.Column)
        and column_name(unparen(atom.this)) == column
    )


def _admits(
    view: TableView, disjunct: list[tuple[Any, bool]], status: str, labels: list[str]
) -> np.ndarray | None:
    """Which labels the way's atoms over the status alone admit (all, where it has none);
    None where an atom cannot be read."""
    spec = view.specs[status]
    values = np.asarray(labels, dtype=object)
    batch = {status: Col(values, np.zeros(len(labels), bool), spec.kind, nullable=False)}
    out = np.ones(len(labels), bool)
    for atom, negated in disjunct:
        if columns_of(atom) != {status}:
            continue
        try:
            verdict = evaluate(atom, batch, len(labels), view.env)
        except Unsupported:
            return None
        got = np.broadcast_to(np.asarray(verdict.values, dtype=bool), (len(labels),))
        nulls = np.broadcast_to(np.asarray(verdict.nulls, dtype=bool), (len(labels),))
        out &= ~nulls & (~got if negated else got)
    return out


def checked_labels(view: TableView, status: str, labels: list[str], column: str) -> list[str]:
    """The labels whose rows a CHECK asks to have the time set (module doc); [] where none,
    or where every label is asked (a time always set is no label's stamp)."""
    asked = np.zeros(len(labels), bool)
    for _, tree in view.checks:
        if not {status, column} <= columns_of(tree):
            continue
        free = np.zeros(len(labels), bool)  # labels some way admits without the time
        for disjunct in dnf(tree):
            admits = _admits(view, disjunct, status, labels)
            if admits is None:
                free[:] = True
                break
            if not any(_asks_set(a, neg, column) for a, neg in disjunct):
                free |= admits
        asked |= ~free
    if asked.all() or not asked.any():
        return []
    return [lb for lb, yes in zip(labels, asked.tolist(), strict=True) if yes]


def checked_stamps(
    view: TableView, status: str, labels: list[str], columns: list[str]
) -> dict[str, tuple[str, list[str]]]:
    """The plan entries of the columns a CHECK makes some labels' stamp: ("exact", labels)."""
    out = {}
    for column in columns if labels else []:
        if asked := checked_labels(view, status, labels, column):
            out[column] = ("exact", asked)
    return out
