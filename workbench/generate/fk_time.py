"""A row without a time of its own takes its time from the parent it belongs to, and its
other parents existed by then: an order line's product was created before the order was
placed (a line cannot sell a product that did not exist yet).

Rows with a creation time of their own already come after all their parents (timeline.py);
this covers the rest: the row's time is its owner's (the parent of a children law, else of a
key the row's primary key contains), and each freely drawn key to a parent with a creation
time, where it picked a parent created later, picks again among the parents created by then.

Per batch: the parents sorted by creation time once, one sorted search per row."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from workbench.generate.checks import Batch
    from workbench.generate.rows import TableGenerator
    from workbench.generate.rows_fks import FKUnit


def _times(gen: TableGenerator, table: str) -> tuple[str, np.ndarray, np.ndarray] | None:
    """A parent's creation time column, as microseconds, and where it is NULL."""
    from workbench.generate.timeline import anchor_of

    model = gen.schema.tables.get(table)
    anchor = anchor_of(gen.schema, model, gen.config) if model is not None else None
    col = gen.keys.tables.get(table, {}).get(anchor or "")
    if col is None:
        return None
    values = np.asarray(col.values).astype("datetime64[us]").astype(np.int64)
    return str(anchor), values, col.nulls


def _unit_times(gen: TableGenerator, table: str) -> tuple[np.ndarray, np.ndarray] | None:
    """Creation time of each row of a parent, its own, else one key away (a stock row's
    product: the line sells the product); cached per generator."""
    from workbench.generate.lineage import _lookup

    cache = gen.__dict__.setdefault("_parent_times", {})
    if table in cache:
        return cache[table]  # type: ignore[no-any-return]
    got = _times(gen, table)
    out = (got[1], got[2]) if got is not None else None
    model = gen.schema.tables.get(table)
    stored = gen.keys.tables.get(table, {})
    for pfk in model.foreign_keys if out is None and model is not None else []:
        grand = _times(gen, pfk.ref_qualified)
        key = gen.keys.tables.get(pfk.ref_qualified, {}).get(pfk.ref_columns[0])
        mine = stored.get(pfk.columns[0])
        if len(pfk.columns) != 1 or grand is None or key is None or mine is None:
            continue
        rows, found = _lookup(key, mine.values)
        out = (grand[1][rows], mine.nulls | ~found | grand[2][rows])
        break
    cache[table] = out
    return out


def _owner(gen: TableGenerator) -> FKUnit | None:
    """The parent whose time the row has: a children law's, else a key inside the primary key."""
    pk = set(gen.table.primary_key.columns) if gen.table.primary_key else set()
    for unit in gen.units:
        if unit.mode == "children":
            return unit
    return next((u for u in gen.units if u.mode == "normal" and set(u.fk.columns) <= pk), None)


def plan_after_owner(gen: TableGenerator) -> tuple[FKUnit, list[FKUnit]] | None:
    from workbench.generate.timeline import anchor_of

    if anchor_of(gen.schema, gen.table, gen.config) is not None:
        return None  # a time of its own: timeline.py puts it after every parent
    owner = _owner(gen)
    if owner is None:
        return None
    others = [
        u
        for u in gen.units
        if u is not owner
        and u.mode == "normal"
        and id(u) not in gen.uniq.fk_units
        and all(gen.fk_cols.get(c) is u for c in u.fk.columns)
        and not any(gen.specs[c].unique for c in u.fk.columns)
    ]
    return (owner, others) if others else None


def parents_exist_by_then(gen: TableGenerator, batch: Batch, idx: np.ndarray, start: int) -> None:
    planned = gen.__dict__.get("_after_owner", False)
    if planned is False:
        planned = gen.__dict__["_after_owner"] = plan_after_owner(gen)
    if planned is None or not idx.size:
        return
    owner, others = planned
    owner_key = ",".join(owner.fk.columns)
    owner_times = _unit_times(gen, owner.parent)
    if owner_times is None or owner_key not in gen._parent_rows:
        return
    rows, nulls = gen._parent_rows[owner_key]
    when = np.where(nulls | owner_times[1][rows], np.iinfo(np.int64).max, owner_times[0][rows])
    for unit in others:
        key = ",".join(unit.fk.columns)
        times = _unit_times(gen, unit.parent)
        if times is None or key not in gen._parent_rows:
            continue
        picked, picked_nulls = gen._parent_rows[key]
        late = ~picked_nulls & (times[0][picked] > when) & ~times[1][picked]
        if not late.any():
            continue
        source, valid = gen._parent_keys(unit)
        cache = gen.__dict__.setdefault("_by_time", {})
        if key not in cache:
            ok = valid[~times[1][valid]]
            order = np.argsort(times[0][ok], kind="stable")
            cache[key] = (ok[order], times[0][ok][order])
        sorted_rows, sorted_times = cache[key]
        count = np.searchsorted(sorted_times, when[late], "right")
        rng = gen.rng(f"exist-by:{key}", start)
        pick = np.floor(rng.random(int(late.sum())) * count).astype(np.int64)
        has = count > 0
        chosen = picked.copy()
        where = np.flatnonzero(late)[has]
        chosen[where] = sorted_rows[pick[has]]
        gen._assign(batch, unit, chosen, idx.size, picked_nulls, source)
