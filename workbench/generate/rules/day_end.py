"""A thing placed in open hours with a length of its own ends by the end of the day: a row whose
start rules/opening.py places in a site's hours or in working hours, and that says how long it
lasts in a count of minutes or hours rather than an end time (an inspection's
`duration_minutes`, a service slot's `length_hours`: rules/elapsed.length_unit), starts
early enough to end by closing, the site's closing time, or two hours after the last start
of a working day (19:00 for starts until 17:00: the people on it stay to finish). The latest
start of each row is its closing less its length, on the hours' step; a thing longer than
the whole day starts at opening and, where the count is free, lasts until closing. So does a
row with an end time of its own placed in the hours a site states (an appointment's
`scheduled_end` at a store open 09:00-18:00): it starts early enough for its length to end by
closing, and an end that would pass closing is cut to it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.generate.rules import local_time
from workbench.generate.rules.elapsed import length_unit
from workbench.generate.rules.times import as_us

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch, Col
    from workbench.generate.rules.base import Rule
    from workbench.generate.view import TableView

MINUTE_US = 60_000_000
DAY_US = 24 * 60 * MINUTE_US
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


def by_closing(
    lo: np.ndarray, hi: np.ndarray, begin: np.ndarray, end: Col, step: int
) -> np.ndarray:
    """The hours' end (minutes into the day, per row) a start must stay before for the row
    to end (`end`, its own end time) by closing, its length kept; a row longer than the
    hours starts at opening."""
    finish = as_us(end).astype(np.int64)
    length = np.where(end.nulls, 0, -(-(finish - begin) // MINUTE_US))
    latest = hi - np.clip(length, 0, None)
    out: np.ndarray = np.clip(latest + step, lo + step, np.maximum(hi, lo + step))
    return out


def cut_at(closes: np.ndarray, start: np.ndarray, zones: np.ndarray, end: np.ndarray) -> np.ndarray:
    """The ends (microseconds) of rows started at `start` (in `zones`' local time) cut to the
    closing minute of their local day where they would pass it."""
    local = start + local_time.offsets(zones, start.astype("datetime64[us]"))
    room = (closes - (local % DAY_US) // MINUTE_US) * MINUTE_US
    out: np.ndarray = np.where((end - start > room) & (room > 0), start + room, end)
    return out
