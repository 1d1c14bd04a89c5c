"""A thing placed in open hours with a length of its own ends by the end of the day: a row whose
start rules/opening.py places in a site's hours or in working hours, and that says how long it
lasts in a count of minutes or hours rather than an end time (an inspection's
`duration_minutes`, a service slot's `length_hours`: rules/elapsed.length_unit), starts
early enough to end by closing, the site's closing time, or two hours after the last start
of a working day (19:00 for starts until 17:00: the people on it stay to finish). The latest
start of each row is its closing less its length, on the hours' step; a thing longer than
the whole day starts at opening and, where the count is free, lasts until closing."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.generate.rules.elapsed import length_unit

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.rules.base import Rule
    from workbench.generate.view import TableView

MINUTE_US = 60_000_000
DAY_ENDS_AFTER = 120  # minutes after the last start of working hours the day's work ends by


def length_of(view: TableView, start: str, end: str | None) -> list[Any] | None:
    """The row's count of how long it lasts ([column, microseconds per unit]) where its start
    has no end time."""
    if end is not None:
        return None
    for name in view.specs:
        if name == start:
            continue
        unit = length_unit(view, name)
        if unit is not None:
            return [name, unit]
    return None


def fit(rule: Rule, batch: Batch, lo: np.ndarray, hi: np.ndarray, step: int) -> np.ndarray:
    """The hours' end (minutes into the day, per row) a start must stay before for the row's
    length to end by closing; a length longer than the day is cut to it where it is free."""
    length = rule.data.get("length")
    col = batch.get(length[0]) if length else None
    if not length or col is None:
        return hi
    closes = hi if rule.data.get("fk") is not None else hi + DAY_ENDS_AFTER
    values = np.asarray(col.values, dtype=np.float64)
    minutes = np.where(col.nulls, 0.0, np.ceil(values * length[1] / MINUTE_US)).astype(np.int64)
    latest = closes - minutes  # the last minute it may start at
    longer = latest < lo
    if longer.any():
        allowed = (closes - lo) * MINUTE_US / length[1]
        cut = np.floor(allowed) if col.kind == "int" else allowed
        values = np.where(longer & ~col.nulls & (cut > 0), cut, values)
        col.values[:] = values.astype(col.values.dtype)
    return np.clip(latest + step, lo + step, np.maximum(hi, lo + step))
