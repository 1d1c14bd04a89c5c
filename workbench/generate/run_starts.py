"""Where each value's run starts among sorted integer keys, as a table indexed by the value:
a batch's lookups of parent keys become gathers instead of binary searches (keys are mostly
row numbers or serials, so the table is about as long as the keys)."""

from __future__ import annotations

import numpy as np


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
