"""FK fan-out when production's MCV list is about as long as the sandbox's parent count:
the top parent keeps its share of children (33.4 %, not 91 %), the rest spread over the
remaining parents."""

from __future__ import annotations

import numpy as np

from workbench.generate.generators.shaped import fk_positions
from workbench.stats.calls import ColumnStats
from workbench.stats.shape import fk_shape


def test_top_parent_share_survives_a_small_parent_table() -> None:
    rest = [0.00327] * 99  # 100 MCV entries: the top customer 33.4 %, the others ~0.33 %
    col = ColumnStats("public.orders", "customer_id", "stats.sql:1", null_frac=0.0,
                      n_distinct=2000.0, mcv_freqs=[0.334, *rest])  # fmt: skip
    parents, rows = 100, 10_000
    shape = fk_shape(col, rows, parents, parents / 2000, salt=7)
    assert shape is not None
    picks = fk_positions(shape, np.random.default_rng(1), np.arange(rows), parents)
    counts = np.bincount(picks, minlength=parents)
    top = counts.max() / rows
    assert abs(top - 0.334) <= 0.334 * 0.2, top
    assert (counts > 0).sum() > 50  # the remaining shares spread over the remaining parents
