"""Labels dealt by their shares, not drawn one row at a time: a lifecycle's shares
(vocab/outcomes.py) say what a business's rows look like as a whole (some 2 % of lots spoiled,
4 % of trips cancelled). Drawn row by row, a table of a thousand rows lands a share anywhere
within a few points of its aim (2 % of 1,000 rows is 20 ± 4.4), so whether the table as a whole
keeps a rare share by a bound (at most 3 %) was left to chance once per table and seed. Dealt,
each label takes its share of the rows to the row: floor(share × n) each, the rows left over
to labels by their fractional parts. The rows are drawn as before and only as many as the
draw put over a label's share move to a label it left short (`corrected`): the rest of the
table, and what other rules read of it, stays as drawn."""

from __future__ import annotations

import numpy as np


def corrected(rng: np.random.Generator, picks: np.ndarray, p: np.ndarray) -> np.ndarray:
    """`picks` (indices into p, drawn row by row) with the fewest rows moved so that each
    label holds its share to the row: floor(share x n), the rows left over to the labels the
    draw put above their floor (the largest fractional parts first)."""
    p = np.asarray(p, dtype=float)
    p = p / p.sum()
    n = picks.size
    if n == 0:
        return picks
    counts = np.bincount(picks, minlength=p.size)
    exact = p * n
    target = np.floor(exact).astype(np.int64)
    left = int(n - target.sum())
    if left > 0:
        # the remainders to labels the draw already put above their floor, largest part first
        order = np.lexsort((-(exact - target), -(counts > target).astype(np.int64)))
        target[order[:left]] += 1
    surplus = counts - target
    if not surplus.any():
        return picks
    out = picks.copy()
    moved = [rng.choice(np.flatnonzero(picks == k), int(surplus[k]), replace=False)
             for k in range(p.size) if surplus[k] > 0]  # fmt: skip
    rows = np.concatenate(moved)
    short = np.repeat(np.arange(p.size, dtype=np.int64), np.maximum(-surplus, 0))
    out[rows] = rng.permutation(short)
    return out
