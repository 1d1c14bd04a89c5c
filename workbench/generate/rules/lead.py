"""A thing is arranged before it takes place: in a row with a time it takes place at
(`starts_at`, `scheduled_departure`: kinds/anchors.takes_place), the times that name when it was
arranged (`booked_at`, `reserved_on`, `assigned_at`: kinds/anchors.arranged_before) come hours
to weeks before it, and never after the run's clock (an appointment booked for next week was
booked by now)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.kinds.anchors import arranged_before, takes_place
from workbench.generate.rules.base import RowRule, Rule, row_rng
from workbench.generate.rules.times import DAY_US, as_us, gap, latest, store, time_columns

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

LEAD_DAYS = 10.0  # the mean time between arranging a thing and its taking place


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    found = time_columns(view)
    occurs = takes_place(view.schema, view.table, view.config)
    if found is None or occurs is None:
        return []
    early = [c for c in found.movable if c != occurs and arranged_before(c)]
    return [Rule("lead", [c, occurs], f"{c} hours to weeks before {occurs}") for c in early]


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    col, anchor = batch.get(rule.columns[0]), batch.get(rule.columns[1])
    if col is None or anchor is None:
        return
    rng = row_rng(view, rule, idx)
    n = col.values.size
    moved = as_us(anchor) - gap(rng, n, LEAD_DAYS)
    now = latest(col, clock.run_now(view.config))
    recent = now - (rng.random(n) * np.minimum(LEAD_DAYS, 1) * DAY_US).astype("timedelta64[us]")
    moved = np.where(moved > now, np.minimum(recent, as_us(anchor)), moved)
    store(col, moved, np.flatnonzero(~col.nulls & ~anchor.nulls))


RULE = RowRule(
    "lead",
    "a thing is booked before it takes place",
    _plan,
    _apply,
    after=("pair",),  # after the pairs in order: a start it keeps, then what was booked for it
    before=("chain",),
)
