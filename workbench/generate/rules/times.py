"""Times of a row, shared by the time rules: the column that says when a row came to be (its
anchor) and the one that ends its life, the stage words status labels and timestamps share,
a declared range the rules must stay inside, and the small numpy helpers that move times
(as microseconds, a store that keeps the column's unit, gaps drawn minutes to days long)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from workbench.generate.kinds.anchors import STAMP_SUFFIXES, anchor_of, arranged_before, takes_place

if TYPE_CHECKING:
    from workbench.generate.generators.value_spec import ColumnSpec
    from workbench.generate.view import TableView

from dataclasses import dataclass

import numpy as np

from workbench.generate.base.batch import Batch, Col
from workbench.generate.base.names import normalise
from workbench.generate.generators.values import time_bounds
from workbench.generate.rules.base import free

TIME_KINDS = ("timestamp", "date")


DAY_US = 86_400_000_000


# Lifecycle stages (0 placed … 3 done) and the words labels and timestamp names use for them.
STAGES: list[tuple[str, ...]] = [
    ("pending", "new", "created", "draft", "open", "placed", "submitted", "requested", "ordered",
     "awaiting_payment", "pending_payment", "payment_pending", "unpaid", "on_hold", "planned",
     "scheduled", "queued"),
    ("paid", "confirmed", "processing", "processed", "approved", "accepted", "authorized",
     "authorised", "packed", "ready", "invoiced"),
    ("shipped", "dispatched", "sent", "in_transit", "fulfilled", "out_for_delivery",
     "started", "in_progress", "running", "underway"),
    ("delivered", "completed", "complete", "done", "closed", "received", "resolved", "finished",
     "ended"),
]  # fmt: skip


# Terminal labels outside the happy path: how far such a row got before it ended there.
ENDINGS = {
    "cancelled": 0,
    "canceled": 0,
    "rejected": 0,
    "declined": 0,
    "failed": 0,
    "voided": 0,
    "expired": 0,
    "abandoned": 0,
    "lost": 2,
    "refunded": 1,
    "charged_back": 1,
    "returned": 3,
}


def time_stem(name: str) -> str:
    words = normalise(name).split("_")
    if len(words) > 1 and words[-1] in STAMP_SUFFIXES:
        words = words[:-1]
    return "_".join(words)


def is_time(kind: str) -> bool:
    return kind in TIME_KINDS


def stage_of_word(word: str) -> int | None:
    norm = normalise(word)
    for rank, words in enumerate(STAGES):
        if norm in words:
            return rank
    return None


def as_us(col: Col) -> np.ndarray:
    return np.asarray(col.values).astype("datetime64[us]")


def store(col: Col, values: np.ndarray, rows: np.ndarray) -> None:
    """Write microsecond times into a date or timestamp column (a date rounds up, so it is
    never before the time it follows)."""
    if col.kind == "date":
        day = np.timedelta64(DAY_US - 1, "us")
        col.values[rows] = (values[rows] + day).astype("datetime64[D]")
    else:
        col.values[rows] = values[rows].astype("datetime64[s]").astype(col.values.dtype)


def latest(col: Col, now: np.datetime64) -> np.datetime64:
    """The latest time a column may store by `now` (a date rounds up: today's midnight)."""
    return now.astype("datetime64[D]").astype("datetime64[us]") if col.kind == "date" else now


def gap(rng: np.random.Generator, n: int, days: float) -> np.ndarray:
    us = rng.exponential(days * DAY_US, n) + 60_000_000
    return us.astype(np.int64).astype("timedelta64[us]")


def declared_window(spec: ColumnSpec) -> tuple[np.datetime64, np.datetime64] | None:
    """A time column's declared `range` (with its CHECK bounds): the rules move rows within it."""

    if not spec.params.get("range") or not is_time(spec.kind):
        return None
    lo, hi = time_bounds(spec, *spec.window)
    return lo, hi


def keep_declared(spec: ColumnSpec | None, col: Col, before: tuple[np.ndarray, np.ndarray]) -> None:
    """After every rule: a row a rule moved outside its column's declared range gets its
    drawn value back (drawn inside the range): the declared rule wins over an inferred one."""
    window = declared_window(spec) if spec is not None else None
    if window is None:
        return
    now = as_us(col)
    out = ~col.nulls & ((now < window[0]) | (now > window[1]))
    col.values[out] = before[0][out]
    col.nulls[out] = before[1][out]


def reached(label: str) -> int:
    norm = normalise(label)
    if norm in ENDINGS:
        return ENDINGS[norm]
    rank = stage_of_word(norm)
    return -1 if rank is None else rank


@dataclass(frozen=True)
class TimeColumns:
    """A table's time columns (not dates of birth), its anchor and the times rules may move."""

    times: list[str]
    anchor: str | None
    movable: list[str]


def time_columns(view: TableView) -> TimeColumns | None:
    """The table's times, or None when it has none (no time rule applies then)."""
    times = [c for c, s in view.specs.items() if is_time(s.kind) and s.generator != "birth_date"]
    if not times:
        return None
    anchor = anchor_of(view.schema, view.table, view.config)
    return TimeColumns(times, anchor, [c for c in times if free(view, c)])


def _weekday(at: np.ndarray) -> np.ndarray:
    """Monday 0 to Sunday 6 of microseconds since 1970-01-01 (a Thursday)."""
    return np.asarray((at // DAY_US + 3) % 7)


def weekday_kept(
    when: np.ndarray, shift: np.ndarray, first: np.ndarray, last: np.ndarray
) -> np.ndarray:
    """A shift of whole days that takes a weekday time to a weekend moves on to the Monday,
    else back to the Friday, where the window allows (a weekday appointment stays one)."""
    was, now = _weekday(when), _weekday(when + shift)
    weekend = (was < 5) & (now >= 5)
    ahead = shift + (7 - now) * DAY_US
    back = shift - (now - 4) * DAY_US
    out = np.where(weekend & (ahead <= last), ahead, shift)
    return np.where(weekend & (ahead > last) & (back >= first), back, out)


class HeldTimes:
    """Per batch, the earliest and latest time (microseconds) each row's time may take where a
    rule placed it in a period (rules/within.py: its parents' period, by the clock if it had
    happened): a later move of it (a unique key's repair) stays inside. One table's entry
    (`view.scratch.get(HeldTimes)`), for the batch starting at `start` only."""

    def __init__(self) -> None:
        self.start = -1
        self.bounds: dict[str, tuple[np.ndarray, np.ndarray]] = {}

    def put(self, start: int, column: str, lo: np.ndarray, hi: np.ndarray) -> None:
        if start != self.start:
            self.start, self.bounds = start, {}
        self.bounds[column] = (lo, hi)

    def get(self, start: int, column: str, n: int) -> tuple[np.ndarray, np.ndarray] | None:
        """(earliest, latest) per row of the batch at `start` of `n` rows, if a rule held it."""
        found = self.bounds.get(column) if start == self.start else None
        return found if found is not None and found[0].size == n else None


def booked_for(view: TableView, moved: list[str], used: str) -> list[str]:
    """The times a row was booked at for the time it takes place at (rules/lead.py), where
    that is the time it is `used` at: a shift of the row keeps their lead."""
    if takes_place(view.schema, view.table, view.config) != used:
        return []
    return [c for c in moved if c != used and arranged_before(c)]


def lead_cut(booked: Sequence[str], batch: Batch, when: np.ndarray) -> np.ndarray:
    """Per row, the earliest of `when` and the times booked for it: a shift moves every time
    from there on (the booking and what followed it, a cancellation, keep their order)."""
    for column in booked:
        col = batch.get(column)
        if col is not None:
            when = np.where(col.nulls, when, np.minimum(when, as_us(col)))
    return when
