"""A row agreed before its own service (a contract's `signed_at` before its `start_date`: a
transaction time beside its own window, kinds/windows.used_at) takes its parents at that
moment: where the moment lies outside a parent's window of validity (signed after the tariff
was withdrawn), the moment alone moves into the window, a lead before the service's start
(at most LEAD_MAX_DAYS), after the row's other parents came to be and by the run's clock. The
service keeps its dates, so a contract under way stays under way; only a row the window and
the lead leave no room for is shifted whole (rules/within.py).

Read from the schema alone (a transaction word, kinds/anchors.business_time, beside a window:
a telecom plan signed under a tariff, a rental agreed under a price plan, a policy issued under
a product on sale)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.rules.base import Rule, row_rng
from workbench.generate.rules.times import DAY_US, as_us, store

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

LEAD_MAX_DAYS = 300  # the longest a thing is agreed before its service starts


def agree_alone(
    view: TableView,
    rule: Rule,
    batch: Batch,
    rows: np.ndarray,
    window: tuple[np.ndarray, np.ndarray],
    floor: np.ndarray,
) -> tuple[np.ndarray, dict[str, np.ndarray]]:
    """Of the rows `rows` outside their parents' `window` (lo, hi) and after `floor` (their
    other parents' creation), those that can: their transaction time moved inside the window,
    within the lead before their own start, by now, and their record time (created_at) at or
    after it. (The rows moved, the columns' values before.)"""
    own = batch.get(rule.data.get("own_start") or "")
    used = batch[rule.columns[0]]
    if own is None:
        return np.zeros(rows.size, bool), {}
    start = as_us(own).astype(np.int64)
    if own.kind == "date":  # a day's service starts at its midnight: agreed the day before
        start = start - DAY_US
    now = int(clock.run_now(view.config).astype(np.int64))
    lo, hi = window
    first = np.maximum(np.maximum(lo, floor), start - LEAD_MAX_DAYS * DAY_US)
    last = np.minimum(np.minimum(hi, start), now)
    can = rows & ~own.nulls & (first <= last)
    rng = row_rng(view, rule, view.current_rows())
    span = np.maximum(last - first, 0).astype(np.float64)
    new = first + (rng.random(rows.size) * span).astype(np.int64)
    records = [c for c in batch if c != rule.columns[0] and view.specs[c].generator == "created_at"]
    saved = {c: batch[c].values.copy() for c in [rule.columns[0], *records]}
    at = np.flatnonzero(can)
    store(used, new.astype("datetime64[us]"), at)
    for column in records:  # written after the agreement, by the clock
        col = batch[column]
        lag = (rng.random(rows.size) * 0.2 * DAY_US).astype(np.int64)
        late = np.minimum(np.maximum(as_us(col).astype(np.int64), new + lag), max(now, 0))
        store(col, late.astype("datetime64[us]"), np.flatnonzero(can & ~col.nulls))
    return can, saved
