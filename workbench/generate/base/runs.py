"""Where each value's run starts among sorted integer keys, as a table indexed by the value:
a batch's lookups of parent keys become gathers instead of binary searches (keys are mostly
row numbers or serials, so the table is about as long as the keys)."""

from __future__ import annotations

from typing import Any

import numpy as np

from workbench.generate.base.batch import Col


def run_starts(ordered: np.ndarray) -> tuple[int, np.ndarray] | None:
    """(lowest key, start of the run of each value from it to the highest + 1) for sorted
    integer keys in a range not much wider than they are many; None otherwise."""
    if ordered.dtype.kind not in "iu" or ordered.size == 0:
        return None
    low, high = int(ordered[0]), int(ordered[-1])
    if high - low > 4 * ordered.size + 1024:
        return None
    return low, np.searchsorted(ordered, np.arange(low, high + 2))


def insertion(starts: tuple[int, np.ndarray], values: np.ndarray, side: str = "left") -> np.ndarray:
    """np.searchsorted(ordered, values, side) for integer values, from run_starts(ordered)."""
    low, bounds = starts
    span = bounds.size - 1
    pos = np.clip(values, low - 1, low + span).astype(np.int64) - low
    if side == "right":
        pos = pos + 1
    return np.asarray(bounds[np.clip(pos, 0, span)])


_SORTED_KEYS: dict[int, tuple[Any, np.ndarray, np.ndarray, tuple[int, np.ndarray] | None]] = {}


def sorted_keys(keys: Col) -> tuple[np.ndarray, np.ndarray, tuple[int, np.ndarray] | None]:
    """A kept key column's sort order, sorted values and run starts (integer keys), computed
    once per column (a parent's kept columns never change once it is finished)."""
    got = _SORTED_KEYS.get(id(keys.values))
    if got is None or got[0] is not keys.values:
        order = np.argsort(keys.values, kind="stable")
        ordered = keys.values[order]
        got = (keys.values, order, ordered, run_starts(ordered))
        if len(_SORTED_KEYS) > 64:
            _SORTED_KEYS.clear()
        _SORTED_KEYS[id(keys.values)] = got
    return got[1], got[2], got[3]


def lookup(keys: Col, wanted: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Rows of a kept key column holding each wanted value, and where one was found."""
    if keys.values.size == 0:
        return np.zeros(wanted.size, np.int64), np.zeros(wanted.size, bool)
    order, ordered, starts = sorted_keys(keys)
    at = (
        insertion(starts, wanted)
        if starts is not None and wanted.dtype.kind in "iu"
        else np.searchsorted(ordered, wanted)
    )
    hit = order[np.clip(at, 0, order.size - 1)]
    return hit, (keys.values[hit] == wanted) & ~keys.nulls[hit]
