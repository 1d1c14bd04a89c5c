"""A price list's latest row is in force: of the rows laid one at a time per parent
(rules/one_at_a_time.py) with a window of validity a thing is priced or offered under
(`valid_from` / `valid_to`, `effective_from` / `effective_to`: a country's tariffs, a
car park's price plans, a region's rate cards) that other rows point to and use while it is
valid (or lines are charged from it without a key: kinds/list_prices.py), the parent's
last row keeps its end open, whatever its end drew: the network charges
today under some tariff of each country, so a session the clock places this week finds one
valid then (rules/valid_then.py picks among the parent's rows valid at its time). And each
earlier row ends as the next one begins (the day before, for a date end that is the window's
last day): a price list is replaced, never lapses for months between two tariffs. Where the
parent has no times of its own (a country), its first row reaches back to the start of the
run's history (base/clock.window): what the run's rows did years ago was priced then too.
A schedule of tax rates (kinds/tax_rates.schedule_of: a country's VAT rates over time) is
such a price list whether or not a key points to it: rows reach it by their country and date.

Only where the end may be NULL and the rules may rewrite it, no status tells the window's
story (an active or expired label decides there: one_at_a_time.settle) and another table
has a key to this one. Windows of service and tenure (installed / removed, hired /
terminated, issued / expires) keep their drawn ends: a meter's last install may be removed,
a person's last job may have ended."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.generate.base import clock
from workbench.generate.base.names import normalise
from workbench.generate.kinds.list_prices import IN_FORCE_STARTS, list_prices
from workbench.generate.kinds.tax_rates import schedule_of
from workbench.generate.kinds.windows import window_of
from workbench.generate.rules.base import free

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView


def latest_in_force(view: TableView, end: str) -> bool:
    """Whether each parent's last row of the table keeps `end` open (the module's words)."""
    model = view.schema.tables.get(view.tp.name)
    if model is None:
        return False
    window = window_of(view.schema, model, view.config)
    if window is None or not window.validity or window.end != end:
        return False
    if normalise(window.start).split("_")[0] not in IN_FORCE_STARTS:
        return False
    column = model.column(end)
    if column is None or not column.nullable or not free(view, end):
        return False
    if schedule_of(view.schema, model, view.config) is not None:
        return True  # rows reach it by their country and their date (kinds/tax_rates.py)
    listed = list_prices(view.schema, view.config).values()
    if any(p.source == model.qualified for found in listed for p in found):
        return True  # lines are charged from it without a key (kinds/list_prices.py)
    return any(
        fk.ref_qualified == model.qualified
        for other in view.schema.tables.values()
        if other.qualified != model.qualified
        for fk in other.foreign_keys
    )


def close_gaps(d: dict[str, Any], batch: Batch, order: np.ndarray, last: np.ndarray) -> None:
    """Each row of `order` (by parent, then start) but a parent's last ends as the next
    begins: the next row's start, a day before it for an inclusive date end."""
    start, end = batch.get(d["start"]), batch.get(d["end"] or "")
    if start is None or end is None or start.kind != end.kind or order.size < 2:
        return
    rows = np.flatnonzero(~last[:-1])
    following = start.values[order[rows + 1]]
    if d.get("inclusive") and end.kind == "date":
        following = following - np.timedelta64(1, "D")
    end.values[order[rows]] = following.astype(end.values.dtype)
    end.nulls[order[rows]] = False


def reach_back(view: TableView, d: dict[str, Any], batch: Batch, order: np.ndarray,
               first: np.ndarray) -> None:  # fmt: skip
    """Each parent's first row of `order` (`first`) starts no later than the start of the
    run's history, where the parent has no times of its own (see the module's words)."""
    start = batch.get(d["start"])
    if start is None or d.get("p_start") or not first.any():
        return
    since = clock.window(view.config)[0].astype(start.values.dtype)
    rows = order[first]
    late = ~start.nulls[rows] & (start.values[rows] > since)
    start.values[rows[late]] = since
