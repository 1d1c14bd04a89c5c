"""A row a rule moved into values its CHECK rejects gets drawn values back, as few as make the
CHECK hold: one column where giving back that one is enough (the column the contradicting rule
moved), all of the CHECK's columns only where no single one is. The other columns keep what
the rules before set (a stay's arrival placed after its booking stays placed when a later rule
only broke the departure). A CHECK that fails on nearly every row a rule moved means a rule
contradicts the schema's declared word (a pair ordered by its words the other way round): it
is said in the table's warnings, with the rules that moved its columns."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from workbench.generate.base.batch import Batch
from workbench.generate.base.sqltree import Unsupported
from workbench.generate.checks import Env, failing
from workbench.generate.rules.base import Rule

# the share of a batch's rows a CHECK fails on after the row rules that says a rule contradicts it
CONTRADICTED = 0.9
_LEAST_ROWS = 20


def give_back(
    batch: Batch,
    tree: Any,
    columns: Sequence[str],
    before: dict[str, tuple[np.ndarray, np.ndarray]],
    env: Env,
) -> np.ndarray:
    """The rows that failed `tree` only after the rules get drawn values back, the fewest
    columns per row that make it hold; returns those rows (raises Unsupported as `failing`)."""
    n = next(iter(batch.values())).values.size
    now_bad: np.ndarray = failing(tree, batch, n, env)
    if not now_bad.any():
        return now_bad
    saved = {c: (batch[c].values, batch[c].nulls) for c in columns}
    for c in columns:
        batch[c].values, batch[c].nulls = before[c]
    try:
        was_bad = failing(tree, batch, n, env)
    finally:
        for c in columns:
            batch[c].values, batch[c].nulls = saved[c]
    back: np.ndarray = now_bad & ~was_bad
    left = back.copy()
    if len(columns) > 1:
        fixes = {c: _fixed_alone(batch, tree, c, before[c], left, env) for c in columns}
        for c in sorted(columns, key=lambda c: -int(fixes[c].sum())):
            rows = fixes[c] & left
            _restore(batch, c, before[c], rows)
            left &= ~rows
    for c in columns:
        _restore(batch, c, before[c], left)
    return back


def _fixed_alone(
    batch: Batch,
    tree: Any,
    column: str,
    before: tuple[np.ndarray, np.ndarray],
    rows: np.ndarray,
    env: Env,
) -> np.ndarray:
    """The rows among `rows` that `tree` accepts with only `column` given back."""
    col = batch[column]
    saved = col.values, col.nulls
    col.values, col.nulls = saved[0].copy(), saved[1].copy()
    col.values[rows], col.nulls[rows] = before[0][rows], before[1][rows]
    try:
        fixed: np.ndarray = rows & ~failing(tree, batch, rows.size, env)
    except Unsupported:
        fixed = np.zeros(rows.size, bool)
    finally:
        col.values, col.nulls = saved
    return fixed


def _restore(
    batch: Batch, column: str, before: tuple[np.ndarray, np.ndarray], rows: np.ndarray
) -> None:
    batch[column].values[rows] = before[0][rows]
    batch[column].nulls[rows] = before[1][rows]


def contradicted(name: str, back: np.ndarray, columns: Sequence[str], rules: Sequence[Rule]) -> str:
    """The warning for a CHECK the row rules broke on nearly every row ('' where they did not):
    which rules moved its columns (the last one most likely contradicts it)."""
    if back.size < _LEAST_ROWS or back.sum() < CONTRADICTED * back.size:
        return ""
    movers = [f"{r.kind}({', '.join(r.columns)})" for r in rules if set(r.columns) & set(columns)]
    shown = ", ".join(movers[-3:]) or "none named"
    return (
        f"CHECK {name} failed on {int(back.sum())} of {back.size} rows after the row rules "
        f"(a rule ordered its columns against it; those that moved them: {shown}): the rows "
        "got drawn values back, the fewest columns that make it hold"
    )
