"""Ways both ways: where a vehicle's trips go over a table of ways (a flight's route), a way
back follows each way out, so the rotation (rules/rotation.py) finds a way home; the ways made
repeat none of the table's unique places."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.rules.base import LinkRule, Stage
from workbench.generate.rules.rotation import Rotation, as_text, rotation_of, unit_of
from workbench.schema import memo

if TYPE_CHECKING:
    from workbench.config.file import Config
    from workbench.generate.base.batch import Batch
    from workbench.generate.links import Links
    from workbench.generate.view import TableView
    from workbench.schema.model import Schema, Table


def ways_of(schema: Schema, table: Table, config: Config) -> Rotation | None:
    """The rotation whose trips go over this table's ways (a flight's routes), if any."""
    for other, rot in _rotations(schema, config).get(table.qualified, ()):
        if other is not table:
            return rot
    return None


@memo.by_identity  # once per schema, not once per table
def _rotations(schema: Schema, config: Config) -> dict[str, list[tuple[Table, Rotation]]]:
    """way table -> (table, its rotation) of the tables whose trips go over its ways, in the
    schema's order."""
    out: dict[str, list[tuple[Table, Rotation]]] = {}
    for other in schema.tables.values():
        rot = rotation_of(schema, other, config)
        if rot is not None:
            out.setdefault(rot.way_table, []).append((other, rot))
    return out


@dataclass
class _Ways:
    """Per table (scratch): the rotation over its ways, and the ways made so far (their
    places and shared keys as parent rows), so a way back repeats none (a unique key on
    them: an airline's route between two airports is one row)."""

    found: bool = False
    rotation: Rotation | None = None
    seen: set[tuple[str, ...]] = field(default_factory=set)


def _new_ways(state: _Ways, keys: np.ndarray, pairs: np.ndarray) -> np.ndarray:
    """The pairs (first, second) whose way back (the first's places swapped, its shared
    keys as they are) is no way made already, nor made twice here."""
    out = []
    mine = {tuple(k) for k in np.delete(keys, pairs[:, 1], axis=0).tolist()}
    for first, second in pairs.tolist():
        turned = list(keys[first])
        turned[0], turned[1] = turned[1], turned[0]
        tup = tuple(turned)
        if tup not in mine and tup not in state.seen and turned[0] != turned[1]:
            mine.add(tup)
            out.append((first, second))
    kept = np.asarray(out, np.int64).reshape(-1, 2)
    final = keys.copy()
    final[kept[:, 1]] = keys[kept[:, 0]]  # the first's shared keys, its places swapped
    final[kept[:, 1], 0], final[kept[:, 1], 1] = keys[kept[:, 0], 1], keys[kept[:, 0], 0]
    state.seen |= {tuple(k) for k in final.tolist()}
    return kept


def _both_ways(view: TableView, links: Links, batch: Batch, idx: np.ndarray) -> None:
    """A network's ways are served both ways: of the ways that share their other keys (an
    airline's routes), every second one is the way back of the one before (its two places
    swapped), so a vehicle that went out has a way to come back."""
    state = view.scratch.get(_Ways)
    if not state.found:
        state.found = True
        state.rotation = ways_of(view.schema, view.table, view.config)
    rot = state.rotation
    if rot is None or idx.size < 2:
        return
    columns = (rot.origin, rot.destination, *rot.shared)
    units = [unit_of(view, c) for c in columns]
    if any(
        u is None or u.mode != "normal" or c not in batch
        for u, c in zip(units, columns, strict=True)
    ):
        return
    texts = np.stack([as_text(batch[c].values, batch[c].nulls) for c in columns], axis=1).astype(
        str
    )
    whole = ~np.any(np.stack([batch[c].nulls for c in columns]), axis=0)
    rows = np.flatnonzero(whole)
    group = (
        np.unique(texts[rows][:, 2:], axis=0, return_inverse=True)[1].reshape(-1)
        if rot.shared
        else np.zeros(rows.size, np.int64)
    )
    order = rows[np.lexsort((rows, group))]
    grouped = np.sort(group)
    start = np.r_[True, grouped[1:] != grouped[:-1]] if grouped.size else grouped.astype(bool)
    rank = np.arange(order.size) - np.maximum.accumulate(np.where(start, np.arange(order.size), 0))
    second = np.flatnonzero(rank % 2 == 1)
    pairs = np.stack([order[second - 1], order[second]], axis=1)
    # the odd one out of each group pairs with the next group's, sharing its keys (an
    # airline with a single route gets its way back, another's routes one fewer)
    gid = np.cumsum(start) - 1
    size = np.bincount(gid)[gid] if order.size else rank
    alone = np.sort(order[(rank == size - 1) & (size % 2 == 1)])
    lone = np.stack([alone[0 : alone.size - 1 : 2], alone[1::2]], axis=1)
    pairs = _new_ways(state, texts, np.concatenate([pairs, lone]))
    if not pairs.size:
        return
    first, back = pairs[:, 0], pairs[:, 1]
    swap = {0: 1, 1: 0}
    for at, column in enumerate(columns):
        other = columns[swap.get(at, at)]
        col, source = batch[column], batch[other]
        col.values[back] = source.values[first]
        rows_now, gone = view.parent_rows(column)
        other_rows, other_gone = view.parent_rows(other)
        if rows_now is not None and other_rows is not None:  # the parent rows follow
            chosen, empty = np.asarray(rows_now).copy(), gone.copy()
            chosen[back], empty[back] = np.asarray(other_rows)[first], other_gone[first]
            links.repicked(column, chosen, empty)


BOTH_WAYS = LinkRule(
    "ways both ways",
    "a network's ways come in pairs, out and back",
    Stage.KEYS,
    _both_ways,
    after=("links in sequence",),
    before=("trips start where the last ended",),
)
