"""Rows of a tree agree with the row they hang from: a reply is on its parent comment's post,
a sub-task in its parent task's project, an employee's manager at the employee's company, and
a reply is written after its parent.

A self-referencing table's other keys to a container (the post, the project, the company) are
copied from the parent row; keys to an actor (the author, the assignee, the sender) stay free:
replies are written by other people. The row's creation time is at least its parent's.

Per batch: the parent row of each row is known (rows_fks `self_parents`); a parent is always an
earlier row, so copying along it in a few vectorised rounds reaches every depth of the batch,
and parents of earlier batches are read from what this table keeps."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.kinds.anchors import anchor_of
from workbench.generate.rules.base import LinkRule, RowRule, Rule, Stage, free

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.links import Links
    from workbench.generate.rules.base import Rule
    from workbench.generate.view import FKUnit, TableView

# Who does things: a key to one of these (or named like one) is the row's own actor.
ACTORS = frozenset(
    {
        "user", "customer", "member", "person", "people", "author", "employee", "staff",
        "client", "student", "patient", "owner", "creator", "sender", "recipient", "assignee",
        "reviewer", "buyer", "seller", "agent", "account", "profile", "actor", "player",
        "contact", "manager", "reporter", "editor", "approver", "by",
    }
)  # fmt: skip
_MAX_ROUNDS = 64


def _actor(words: str) -> bool:
    parts = set(normalise(words).split("_"))
    singular = {p[:-1] for p in parts if p.endswith("s")}
    return bool((parts | singular) & ACTORS)


def self_unit(view: TableView) -> FKUnit | None:
    return next((u for u in view.units if u.mode == "self"), None)


def containers(view: TableView) -> list[FKUnit]:
    """The table's keys to containers a tree's rows share (not actors, not the tree itself)."""
    if self_unit(view) is None:
        return []
    out = []
    for unit in view.units:
        if not view.drawn_freely(unit):
            continue
        if any(view.specs[c].unique for c in unit.fk.columns):
            continue
        if _actor(unit.parent.rsplit(".", 1)[-1]) or any(_actor(c) for c in unit.fk.columns):
            continue
        if all(view.fk_cols.get(c) is unit for c in unit.fk.columns):
            out.append(unit)
    return out


def _along(
    parent: np.ndarray, inside: np.ndarray, start: int, mine: np.ndarray, earlier: np.ndarray
) -> np.ndarray:
    """Each row takes its parent's value: from the batch (after the parent took its own) or
    from the earlier batches; rounds until nothing changes (a parent is an earlier row)."""
    out = mine.copy()
    take = parent >= 0
    for _ in range(_MAX_ROUNDS):
        new = out.copy()
        new[take & inside] = out[parent[take & inside] - start]
        new[take & ~inside] = earlier[parent[take & ~inside]]
        if np.array_equal(new, out):
            break
        out = new
    return out


@dataclass
class TreeRows:
    """Each container key's parent row for every row made so far, -1 for none (scratch)."""

    by_key: dict[str, np.ndarray] = field(default_factory=dict)


def copy_containers(view: TableView, links: Links, batch: Batch, idx: np.ndarray) -> None:
    """After the keys are filled: every non-root row takes its parent row's containers."""
    unit = self_unit(view)
    key = ",".join(unit.fk.columns) if unit is not None else ""
    if unit is None or key not in view.self_parents or not idx.size:
        return
    parent = view.self_parents[key]
    parent = np.where(parent == idx, -1, parent)  # a root hangs from nothing
    start = int(idx[0])
    inside = parent >= start
    memory = view.scratch.get(TreeRows).by_key
    for box in containers(view):
        box_key = ",".join(box.fk.columns)
        rows, nulls = view.parent_rows(box_key)
        if rows is None:
            continue
        earlier = memory.setdefault(box_key, np.full(view.tp.rows, -1, np.int64))
        coded = np.where(nulls, -1, rows).astype(np.int64)
        coded = _along(parent, inside, start, coded, earlier)
        earlier[idx] = coded
        source, _ = view.parent_keys(box)
        links.assign(batch, box, np.maximum(coded, 0), idx.size, coded < 0, source)


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    """The time rule of a tree whose rows have a creation time that may move."""

    unit = self_unit(view)
    anchor = anchor_of(view.schema, view.table, view.config)
    if unit is None or anchor is None or not free(view, anchor):
        return []
    key = ",".join(unit.fk.columns)
    return [Rule("tree_time", [anchor], f"{anchor} after the {key} row's", {"fk": key})]


def order_times(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    """A row's creation time is at least its parent row's (a reply after what it answers)."""
    anchor, key = rule.columns[0], rule.data["fk"]
    if anchor not in batch or key not in view.self_parents or not idx.size:
        return
    col = batch[anchor]
    parent = view.self_parents[key]
    roots = parent == idx
    start = int(idx[0])
    rng = view.rng(f"tree-time:{anchor}", start)
    kind = "D" if col.kind == "date" else "us"
    gap = (rng.exponential(1.0, idx.size) * (1 if kind == "D" else 86_400_000_000)).astype(np.int64)
    mine = np.asarray(col.values).astype(f"datetime64[{kind}]").astype(np.int64)
    own = view.kept(anchor)
    earlier = (
        np.asarray(own.values).astype(f"datetime64[{kind}]").astype(np.int64)
        if own is not None
        else np.zeros(0, np.int64)
    )
    live = ~roots & ~col.nulls & (parent != idx)
    inside = parent >= start
    if own is None:
        live &= inside
    out = mine.copy()
    for _ in range(_MAX_ROUNDS):
        floor = np.full(idx.size, np.iinfo(np.int64).min)
        floor[live & inside] = out[parent[live & inside] - start]
        floor[live & ~inside] = earlier[parent[live & ~inside]]
        moved = live & (out < floor)
        if not moved.any():
            break
        out[moved] = floor[moved] + gap[moved]
    col.values[:] = out.astype(f"datetime64[{kind}]").astype(col.values.dtype)


CONTAINERS = LinkRule(
    "tree containers",
    "a tree's row takes the containers (post, project, company) of the row it hangs from",
    Stage.KEYS,
    copy_containers,
    after=("keys of the row's locale",),
)
RULE = RowRule(
    "tree_time",
    "a tree's row is made after the row it hangs from",
    _plan,
    order_times,
    after=("span",),  # after the parents' times: it only moves a time later
)
