"""Labels dealt by their shares, not drawn one row at a time: a lifecycle's shares
(vocab/outcomes.py) say what a business's rows look like as a whole (some 2 % of lots spoiled,
4 % of trips cancelled). Drawn row by row, a table of a thousand rows lands a share anywhere
within a few points of its aim (2 % of 1,000 rows is 20 ± 4.4), so whether the table as a whole
keeps a rare share by a bound (at most 3 %) was left to chance once per table and seed. Dealt,
each label takes its share of the rows to the row: floor(share × n) each, the rows left over
to labels drawn by their fractional parts, then the rows shuffled."""

from __future__ import annotations

import numpy as np


def dealt(rng: np.random.Generator, p: np.ndarray, n: int) -> np.ndarray:
    """n label positions (indices into p), each label on its share of them to the row."""
    p = np.asarray(p, dtype=float)
    p = p / p.sum()
    exact = p * n
    counts = np.floor(exact).astype(np.int64)
    left = int(n - counts.sum())
    if left > 0:
        frac = exact - counts
        weights = frac / frac.sum() if frac.sum() > 0 else p
        live = int(np.count_nonzero(weights))
        extra = rng.choice(p.size, min(left, live), replace=False, p=weights)
        counts[extra] += 1
        short = left - extra.size
        if short > 0:  # cannot happen while fractions sum to `left`; kept for safety
            counts += np.bincount(rng.choice(p.size, short, p=p), minlength=p.size)
    picks = np.repeat(np.arange(p.size, dtype=np.int64), counts)
    rng.shuffle(picks)
    return picks
