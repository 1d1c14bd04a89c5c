"""A row without a time of its own takes its time from the parent it belongs to, and its
other parents existed by then: an order line's product was created before the order was
placed (a line cannot sell a product that did not exist yet).

Rows with a creation time of their own already come after all their parents (timeline.py);
this covers the rest: the row's time is its owner's (the parent of a children law, else of a
key the row's primary key contains), and each freely drawn key to a parent with a creation
time, where it picked a parent created later, picks again among the parents created by then.

Per batch: the parents sorted by creation time once, one sorted search per row."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.runs import lookup
from workbench.generate.kinds.anchors import anchor_of
from workbench.generate.rules.base import LinkRule, Stage

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.links import Links
    from workbench.generate.view import FKUnit, TableView


@dataclass
class ParentTimes:
    """Per table (scratch): the parents' creation times, the owner and keys planned on the
    first batch, and each key's parent rows sorted by time."""

    by_table: dict[str, tuple[np.ndarray, np.ndarray] | None] = field(default_factory=dict)
    planned: bool = False
    after_owner: tuple[FKUnit, list[FKUnit]] | None = None
    by_time: dict[str, tuple[np.ndarray, np.ndarray]] = field(default_factory=dict)


def _times(view: TableView, table: str) -> tuple[str, np.ndarray, np.ndarray] | None:
    """A parent's creation time column, as microseconds, and where it is NULL."""

    model = view.schema.tables.get(table)
    anchor = anchor_of(view.schema, model, view.config) if model is not None else None
    col = view.keys.tables.get(table, {}).get(anchor or "")
    if col is None:
        return None
    values = np.asarray(col.values).astype("datetime64[us]").astype(np.int64)
    return str(anchor), values, col.nulls


def _unit_times(view: TableView, table: str) -> tuple[np.ndarray, np.ndarray] | None:
    """Creation time of each row of a parent, its own, else one key away (a stock row's
    product: the line sells the product); cached per generator."""

    cache = view.scratch.get(ParentTimes).by_table
    if table in cache:
        return cache[table]
    got = _times(view, table)
    out = (got[1], got[2]) if got is not None else None
    model = view.schema.tables.get(table)
    stored = view.keys.tables.get(table, {})
    for pfk in model.foreign_keys if out is None and model is not None else []:
        grand = _times(view, pfk.ref_qualified)
        key = view.keys.tables.get(pfk.ref_qualified, {}).get(pfk.ref_columns[0])
        mine = stored.get(pfk.columns[0])
        if len(pfk.columns) != 1 or grand is None or key is None or mine is None:
            continue
        rows, found = lookup(key, mine.values)
        out = (grand[1][rows], mine.nulls | ~found | grand[2][rows])
        break
    cache[table] = out
    return out


def _owner(view: TableView) -> FKUnit | None:
    """The parent whose time the row has: a children law's, else a key inside the primary key."""
    pk = set(view.table.primary_key.columns) if view.table.primary_key else set()
    for unit in view.units:
        if unit.mode == "children":
            return unit
    return next((u for u in view.units if u.mode == "normal" and set(u.fk.columns) <= pk), None)


def plan_after_owner(view: TableView) -> tuple[FKUnit, list[FKUnit]] | None:

    if anchor_of(view.schema, view.table, view.config) is not None:
        return None  # a time of its own: timeline.py puts it after every parent
    owner = _owner(view)
    if owner is None:
        return None
    others = [
        u
        for u in view.units
        if u is not owner
        and view.drawn_freely(u)
        and all(view.fk_cols.get(c) is u for c in u.fk.columns)
        and not any(view.specs[c].unique for c in u.fk.columns)
    ]
    return (owner, others) if others else None


def parents_exist_by_then(view: TableView, links: Links, batch: Batch, idx: np.ndarray) -> None:
    start = int(idx[0]) if idx.size else 0
    memo = view.scratch.get(ParentTimes)
    if not memo.planned:
        memo.after_owner, memo.planned = plan_after_owner(view), True
    planned = memo.after_owner
    if planned is None or not idx.size:
        return
    owner, others = planned
    owner_key = ",".join(owner.fk.columns)
    owner_times = _unit_times(view, owner.parent)
    rows, nulls = view.parent_rows(owner_key)
    if owner_times is None or rows is None:
        return
    when = np.where(nulls | owner_times[1][rows], np.iinfo(np.int64).max, owner_times[0][rows])
    for unit in others:
        key = ",".join(unit.fk.columns)
        times = _unit_times(view, unit.parent)
        picked, picked_nulls = view.parent_rows(key)
        if times is None or picked is None:
            continue
        late = ~picked_nulls & (times[0][picked] > when) & ~times[1][picked]
        if not late.any():
            continue
        source, valid = view.parent_keys(unit)
        cache = memo.by_time
        if key not in cache:
            ok = valid[~times[1][valid]]
            order = np.argsort(times[0][ok], kind="stable")
            cache[key] = (ok[order], times[0][ok][order])
        sorted_rows, sorted_times = cache[key]
        count = np.searchsorted(sorted_times, when[late], "right")
        rng = view.rng(f"exist-by:{key}", start)
        pick = np.floor(rng.random(int(late.sum())) * count).astype(np.int64)
        has = count > 0
        chosen = picked.copy()
        where = np.flatnonzero(late)[has]
        chosen[where] = sorted_rows[pick[has]]
        links.assign(batch, unit, chosen, idx.size, picked_nulls, source)


RULE = LinkRule(
    "parents by then",
    "a row without a time of its own references only parents that existed at its owner's time",
    Stage.KEYS,
    parents_exist_by_then,
    after=("tree containers",),
)
