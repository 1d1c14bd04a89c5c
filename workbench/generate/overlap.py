"""Composite foreign keys of one row that share a column: an agent event's conversation is
(conversation_id, project_id) and its run is (run_id, project_id); both name the row's one
project_id. The key that claims a shared column (links.py: the longest, the first among equals)
fills it; every other key sharing it then picks among its parent's rows that hold the value
already there, so both keys hold. Before that, the claiming key is drawn only among its
parent's rows whose shared values some row of each other key's parent holds (where that
leaves any), so that a key that may not be NULL always finds one; a row whose value no such
parent row holds gets NULL in the key's own columns where they may be NULL (a key with a
NULL column holds, MATCH SIMPLE), else keeps its free pick.

Per batch: each later key's parent rows sorted once by their shared values, one sorted
search."""

from __future__ import annotations

import numpy as np

from workbench.generate.base.batch import Batch, Col
from workbench.generate.view import FKUnit


def shared_columns(unit: FKUnit, claims: dict[str, FKUnit]) -> list[str]:
    """The unit's columns another key claims (and fills)."""
    return [c for c in unit.fk.columns if claims.get(c) not in (None, unit)]


def _texts(cols: list[Col], rows: np.ndarray) -> np.ndarray:
    """One comparable text per row of the columns' values (NULL: None)."""
    out = np.empty(rows.size, dtype=object)
    parts = [np.asarray(c.values, dtype=object)[rows] for c in cols]
    nulls = np.zeros(rows.size, bool)
    for c in cols:
        nulls |= np.asarray(c.nulls)[rows]
    for i in range(rows.size):
        out[i] = None if nulls[i] else "\x1f".join(str(p[i]) for p in parts)
    return out


def held_values(
    unit: FKUnit, shared: list[str], source: dict[str, Col], valid: np.ndarray
) -> set[str]:
    """The shared columns' values (as one text) the unit's parent rows hold."""
    cols = [source[unit.ref_map[c]] for c in shared]
    return {v for v in _texts(cols, valid).tolist() if v is not None}


def restrict(
    unit: FKUnit,
    source: dict[str, Col],
    valid: np.ndarray,
    needs: list[tuple[list[str], set[str]]],
) -> np.ndarray:
    """The claiming unit's parent rows whose values in each other key's shared columns some
    row of that key's parent holds; all of them where none does."""
    keep = np.ones(valid.size, bool)
    for shared, held in needs:
        cols = [source[unit.ref_map[c]] for c in shared if c in unit.ref_map]
        if len(cols) != len(shared):
            continue
        texts = _texts(cols, valid)
        keep &= np.fromiter((t in held for t in texts.tolist()), bool, valid.size)
    return valid[keep] if keep.any() else valid


def pick_matching(
    batch: Batch,
    unit: FKUnit,
    shared: list[str],
    source: dict[str, Col],
    valid: np.ndarray,
    rng: np.random.Generator,
    nulls: np.ndarray,
) -> np.ndarray | None:
    """For each batch row, one of the unit's parent rows holding the row's values in the
    shared columns (at random among them); rows with no such parent are marked in `nulls`
    where the unit may be NULL. None when the batch lacks a shared column."""
    if not shared or any(c not in batch for c in shared):
        return None
    n = len(batch[shared[0]].values)
    mine = _texts([batch[c] for c in shared], np.arange(n))
    theirs = _texts([source[unit.ref_map[c]] for c in shared], valid)
    has = np.array([t is not None for t in theirs.tolist()], bool)
    order = np.argsort(np.where(has, theirs, ""), kind="stable")
    order = order[has[order]]
    keys = theirs[order].astype(str)
    wanted = np.array(["" if m is None else m for m in mine.tolist()], dtype=str)
    lo = np.searchsorted(keys, wanted, side="left")
    hi = np.searchsorted(keys, wanted, side="right")
    found = (hi > lo) & np.array([m is not None for m in mine.tolist()], bool)
    free = rng.integers(0, max(valid.size, 1), n)
    at = lo + (rng.random(n) * np.maximum(hi - lo, 1)).astype(np.int64)
    rows = np.where(found, order[np.minimum(at, max(order.size - 1, 0))] if order.size else 0, free)
    if unit.nullable:
        nulls |= ~found
    return valid[rows]
