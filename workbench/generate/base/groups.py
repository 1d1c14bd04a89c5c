"""Places within groups, vectorised: each row's rank among the rows of its group (its parent,
its owner), for rules that number or spread a group's rows without a loop over the rows."""

from __future__ import annotations

from typing import Any

import numpy as np


def ranks_within(keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each element's place among the elements of equal key (0, 1, ... in array order) and
    the number of elements of its key."""
    _, inverse, counts = np.unique(keys, return_inverse=True, return_counts=True)
    inverse = inverse.reshape(-1)
    return _ranks(inverse, counts), counts[inverse]


def turns(seen: dict[Any, int], keys: np.ndarray) -> np.ndarray:
    """Each element's place among the elements of equal key across batches: its rank in this
    batch after the ones `seen` counted in earlier batches (`seen` is updated for the next)."""
    kinds, inverse, counts = np.unique(keys, return_inverse=True, return_counts=True)
    inverse = inverse.reshape(-1)
    before = np.asarray([seen.get(k, 0) for k in kinds.tolist()], np.int64)
    for k, c, b in zip(kinds.tolist(), counts.tolist(), before.tolist(), strict=True):
        seen[k] = b + c
    return _ranks(inverse, counts) + before[inverse]


def _ranks(inverse: np.ndarray, counts: np.ndarray) -> np.ndarray:
    order = np.argsort(inverse, kind="stable")
    firsts = np.cumsum(counts) - counts
    rank = np.empty(inverse.size, np.int64)
    rank[order] = np.arange(inverse.size) - firsts[inverse[order]]
    return rank
