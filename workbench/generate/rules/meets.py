"""Keys that meet, as one table's generator keeps them (rules/fk_meet.py, partitions.py,
settle.py): the meets it can keep (planned from the schema by kinds/meets.py), its parents'
rows sorted by the key each meet searches, and the per-table cache of both (MeetCache)."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from workbench.generate.base.runs import insertion, lookup, run_starts
from workbench.generate.kinds.meets import Meet, plan_meets
from workbench.generate.view import FKUnit, TableView


def meets_of_generator(view: TableView) -> list[tuple[Meet, FKUnit, FKUnit]]:
    """The meets this generator can keep: both keys filled here by single-column units, the
    key to the parent drawn freely (not a children law, not part of a unique combination)."""
    out = []
    for meet in plan_meets(view.schema, view.table):
        hop, direct = view.fk_cols.get(meet.hop), view.fk_cols.get(meet.direct)
        if hop is None or direct is None or hop is direct:
            continue
        if not view.drawn_freely(hop) or view.specs[meet.hop].unique:
            continue
        if direct.mode not in ("normal", "children"):
            continue
        if not reachable(view, meet):
            continue
        out.append((meet, hop, direct))
    # keys that may not be NULL first: the first of them for a direct key may move it
    out.sort(key=lambda m: m[1].nullable)
    return out


def follows_of_generator(view: TableView) -> list[tuple[Meet, FKUnit]]:
    """The meets whose key to the parent this generator may not re-pick (a unique key, a
    children law) while the row's keys it repeats from that parent are its own to set: those
    follow the parent instead."""
    out = []
    for meet in plan_meets(view.schema, view.table):
        hop = view.fk_cols.get(meet.hop)
        if hop is None or len(hop.fk.columns) != 1 or hop.mode == "self":
            continue
        if view.drawn_freely(hop) and not view.specs[meet.hop].unique:
            continue  # re-picked by fk_meet.py
        kept = view.keys.tables.get(hop.parent, {})
        if reachable(view, meet) or any(v in kept for _, v in meet.copies):
            out.append((meet, hop))
    return out


def reachable(view: TableView, meet: Meet) -> bool:
    """Whether every key on the meet's way from the parent to the grandparent is kept."""
    hop = view.fk_cols.get(meet.hop)
    parent = hop.parent if hop is not None else meet.parent
    way = ((parent, meet.via), *meet.further)
    return all(column in view.keys.tables.get(table, {}) for table, column in way)


def owners(view: TableView, meet: Meet, parent: str) -> tuple[np.ndarray, np.ndarray]:
    """The grandparent key each of the parent's rows reaches (its `via`, or along the meet's
    chain of keys) and where it reaches none; once per generator."""
    cache = view.scratch.get(MeetCache).owners
    if meet.hop not in cache:
        if meet.further:
            cache[meet.hop] = reach_along(view, ((parent, meet.via), *meet.further))
        else:
            held = view.keys.tables[parent][meet.via]
            cache[meet.hop] = (held.values, held.nulls)
    return cache[meet.hop]


def generator_follows(view: TableView) -> list[tuple[Meet, FKUnit]]:
    """follows_of_generator, once per generator."""
    cache = view.scratch.get(MeetCache)
    if cache.follows is None:
        cache.follows = follows_of_generator(view)
    return cache.follows


def generator_meets(view: TableView) -> list[tuple[Meet, FKUnit, FKUnit]]:
    """meets_of_generator, once per generator."""
    cache = view.scratch.get(MeetCache)
    if cache.meets is None:
        cache.meets = meets_of_generator(view)
    return cache.meets


class SortedRows:
    """A table's rows sorted by one of its columns, for sorted searches of values."""

    def __init__(self, view: TableView, table: str, column: str, rows: np.ndarray) -> None:
        col = view.keys.tables[table][column]
        self.sort(col.values, col.nulls, rows)

    @classmethod
    def of(cls, values: np.ndarray, nulls: np.ndarray, rows: np.ndarray) -> SortedRows:
        """Rows sorted by values given for every row of their table (NULL where `nulls`)."""
        out = cls.__new__(cls)
        out.sort(values, nulls, rows)
        return out

    def sort(self, values: np.ndarray, nulls: np.ndarray, rows: np.ndarray) -> None:
        rows = rows[~nulls[rows]]
        order = np.argsort(values[rows], kind="stable")
        self.rows = rows[order]
        self.keys = values[self.rows]
        self.starts = run_starts(self.keys)

    def ranges(self, values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The [left, right) positions of each value among the sorted keys."""
        if self.starts is not None and values.dtype.kind in "iu":
            return insertion(self.starts, values), insertion(self.starts, values, "right")
        return (
            np.searchsorted(self.keys, values, "left"),
            np.searchsorted(self.keys, values, "right"),
        )

    def drawn(self, lo: np.ndarray, hi: np.ndarray, draw: np.ndarray) -> np.ndarray:
        """The row at a drawn position (`draw` in [0, 1)) of each [lo, hi) range of `ranges`;
        where a range is empty, the row at its start (the caller keeps its own there)."""
        pick = lo + np.floor(draw * np.maximum(hi - lo, 1)).astype(np.int64)
        return np.asarray(self.rows[np.minimum(pick, self.rows.size - 1)])


@dataclass
class MeetCache:
    """Per table (scratch): its meets, planned on the first batch; the parents sorted by the
    key each meet searches; the levels each tries first; rows that kept another owner's
    parent, by column."""

    meets: list[tuple[Meet, FKUnit, FKUnit]] | None = None
    follows: list[tuple[Meet, FKUnit]] | None = None
    sorted: dict[tuple[str, str, str], SortedRows] = field(default_factory=dict)
    levels: dict[str, list[tuple[str, np.ndarray]]] = field(default_factory=dict)
    owners: dict[str, tuple[np.ndarray, np.ndarray]] = field(default_factory=dict)
    misses: dict[str, int] = field(default_factory=dict)


def reach_along(
    view: TableView, hops: tuple[tuple[str, str], ...]
) -> tuple[np.ndarray, np.ndarray]:
    """Walk a way of single-column keys over the stored keys: `hops[0]` is the first table's
    column, each next hop the column read in the row its previous key names. Returns, for
    each row of the first table, the value reached and where none is (a NULL or a missing
    row on the way)."""
    table, column = hops[0]
    first = view.keys.tables[table][column]
    values, nulls = first.values, first.nulls.copy()
    for (table, column), (prev, prev_column) in zip(hops[1:], hops, strict=False):
        model = view.schema.tables[prev]
        fk = next(f for f in model.foreign_keys if f.columns == [prev_column])
        stored = view.keys.tables[table]
        rows, found = lookup(stored[fk.ref_columns[0]], values)
        values = stored[column].values[rows]
        nulls = nulls | ~found | stored[column].nulls[rows]
    return values, nulls
