"""One owner per fact: the rule that decides a row's label also decides which of the row's
stamps are present (rules/status.py: a visit still planned has not arrived, a cancelled trip
never came back), and no later rule undoes that by the way.

A `RowRule` says what it owns (`owns(rule)`: the label column and the columns whose NULLs the
label decides). Once such a rule has applied to a batch, every later rule of the table (the
declared ones of sandbox.toml excepted: they have the final word) may move a present time,
but on a row whose label it left alone it may neither erase a stamp the owner set nor set
one the owner left NULL: registry.apply_phase takes those NULLs back after each rule, and
keeps the rule's value where it gave one (a completed visit laid out again in its chain has
left, at the chain's time). A rule that relabels a row takes the row over: its stamps stay as
that rule left them (rules/standing.py restamps a stale row it cancels).

`WORKBENCH_TRACE_RULES=table[,table…]` (or `*`) prints, per batch, which rule moved which
column's values or NULLs and what the owner took back: how a fight between two rules shows."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.rules.base import Rule


def status_owns(rule: Rule) -> tuple[str, tuple[str, ...]]:
    """A status rule's facts: its label column, and the stamps and reasons the label
    decides (`plan`, `reasons` of its data)."""
    data = rule.data
    decided = [*(data.get("plan") or {}), *(data.get("reasons") or {})]
    return str(data["status"]), tuple(dict.fromkeys(c for c in decided if c != data["status"]))


@dataclass
class Held:
    """What the owners decided before a later rule ran: each label's values, each owned
    column's NULLs."""

    labels: dict[str, np.ndarray]
    nulls: dict[str, np.ndarray]


def hold(batch: Batch, owners: Sequence[tuple[Rule, tuple[str, tuple[str, ...]]]]) -> Held:
    labels: dict[str, np.ndarray] = {}
    nulls: dict[str, np.ndarray] = {}
    for _, (label, columns) in owners:
        if label not in batch:
            continue
        labels[label] = np.asarray(batch[label].values).copy()
        for column in columns:
            if column in batch and batch[column].nullable:
                nulls[column] = batch[column].nulls.copy()
    return Held(labels, nulls)


def undone(batch: Batch, held: Held, owners_of: dict[str, str]) -> dict[str, np.ndarray]:
    """The owned cells a rule made NULL or present on a row whose label it kept, by column.
    `owners_of`: each owned column's label column."""
    out: dict[str, np.ndarray] = {}
    for column, nulls in held.nulls.items():
        label = owners_of[column]
        wrong = _same(np.asarray(batch[label].values), held.labels[label])
        wrong &= batch[column].nulls != nulls
        if wrong.any():
            out[column] = wrong
    return out


def restore(batch: Batch, held: Held, wrong: dict[str, np.ndarray]) -> None:
    """Those NULLs back, exactly: the value the rule gave stays where the cell is present."""
    for column, rows in wrong.items():
        batch[column].nulls[rows] = held.nulls[column][rows]


def _same(now: np.ndarray, was: np.ndarray) -> np.ndarray:
    if now.dtype == object or was.dtype == object:
        return np.fromiter((a == b for a, b in zip(now.tolist(), was.tolist(), strict=True)),
                           dtype=bool, count=now.size)  # fmt: skip
    return np.asarray(now == was, dtype=bool)


Moves = dict[str, tuple[np.ndarray, np.ndarray]]


def traced(table: str) -> bool:
    """Whether `WORKBENCH_TRACE_RULES` names the table (or is `*`)."""
    wanted = os.environ.get("WORKBENCH_TRACE_RULES", "")
    names = {w.strip() for w in wanted.split(",") if w.strip()}
    return "*" in names or table in names


def snapshot(batch: Batch, columns: Iterable[str]) -> Moves:
    return {c: (np.asarray(batch[c].values).copy(), batch[c].nulls.copy()) for c in columns}


def report(
    table: str, rule: Rule, idx: np.ndarray, batch: Batch, was: Moves, back: dict[str, np.ndarray]
) -> None:
    """One line per rule: each column it moved (values moved on rows set before and after,
    NULLs it set and cleared) and the NULLs the owner then took back (`back`)."""
    first = int(idx[0]) if idx.size else 0
    parts = []
    for column, (values, nulls) in was.items():
        col = batch[column]
        both = ~nulls & ~col.nulls
        moved = int((~_same(np.asarray(col.values), values) & both).sum())
        erased, filled = int((col.nulls & ~nulls).sum()), int((~col.nulls & nulls).sum())
        if moved or erased or filled:
            parts.append(f"{column}: moved {moved} +null {erased} -null {filled}")
    parts += [f"{column}: owner took back {int(n.sum())} NULLs" for column, n in back.items()]
    if parts:
        head = f"[trace {table} @{first} n={idx.size}] {rule.kind}({','.join(rule.columns[:3])})"
        print(f"{head}: " + "; ".join(parts), file=sys.stderr)
