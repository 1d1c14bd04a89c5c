"""A day's work is worked in a working day's hours: a span of work recorded as times of day
(a timesheet's, a rota's or a crew's `start_time`/`end_time`: the table's thing is a shift,
a duty, a timesheet, or its columns' words say work, rules/span.py) starts early, between
05:00 and 10:00 (most around seven) on a quarter hour, and ends later the same day, by 21:00;
its length is the span rule's (a shift's two to twelve hours), cut at that hour. A morning
label beside it (rules/daypart.py) decides the hour where there is one; a night shift is a
daypart's, not this.

The day such a span is worked on (the row's own date: `work_date`, `shift_date`, `day`) is a
working day, Monday to Saturday: a Sunday moves back to the Saturday before (never past the
run's clock). Read from the words of the table's and the columns' names, no table named
here; any schema with a day of work and its hours: a site's, a warehouse's, a kitchen's, a
farm's timesheets."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.rules.base import Phase, RowRule, Rule, movable_time
from workbench.generate.rules.times import as_us, store

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch, Col
    from workbench.generate.view import TableView

FIRST_START = 5 * 60  # minutes into the day: the earliest a day's work starts
LAST_START = 10 * 60  # and the latest
TYPICAL_START = 7 * 60
CLOSE = 21 * 60  # a day's work is over by then
QUARTER = 15
SESSION_FIRST, SESSION_LAST = 7 * 60, 14 * 60  # a session a site holds: its earliest, latest start


def shift_times(rng: np.random.Generator, minutes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each row's start and end, in minutes into its day, for work lasting `minutes`: a
    start on a quarter hour from 05:00 to 10:00 (most around seven), an end on five minutes,
    after the start, by 21:00."""
    n = minutes.size
    drawn = rng.normal(TYPICAL_START, 60, n)
    first = np.clip(np.round(drawn / QUARTER) * QUARTER, FIRST_START, LAST_START).astype(np.int64)
    last = first + np.round(np.asarray(minutes, dtype=np.float64) / 5).astype(np.int64) * 5
    last = np.clip(last, first + 5, CLOSE)
    return first, last


def session_times(rng: np.random.Generator, minutes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each row's start and end, in minutes into its day, for a session a site holds lasting
    `minutes`: a start on a quarter hour from 07:00 (as late as lets it end by 21:00, at the
    latest 14:00), its end on five minutes, by 21:00."""
    length = np.round(np.asarray(minutes, dtype=np.float64) / 5).astype(np.int64) * 5
    latest = np.clip(CLOSE - length, SESSION_FIRST, SESSION_LAST)
    first = SESSION_FIRST + QUARTER * (
        rng.random(length.size) * ((latest - SESSION_FIRST) // QUARTER + 1)
    ).astype(np.int64)
    return first, np.clip(first + length, first + 5, CLOSE)


def minutes_of_day(values: np.ndarray) -> np.ndarray:
    """Minutes into the day of times of day as a batch holds them (`07:30:00`, a `time`)."""
    out = np.zeros(len(values), np.float64)
    for i, value in enumerate(values.tolist()):
        text = str(value)
        parts = text.split(":")
        if len(parts) >= 2 and parts[0].strip().isdigit():
            seconds = float(parts[2]) if len(parts) > 2 and parts[2] else 0.0
            out[i] = int(parts[0]) * 60 + int(parts[1]) + seconds / 60
    return out


def span_minutes(start: Col, end: Col, clock_times: bool) -> np.ndarray:
    """Minutes from each row's start to its end: times of day (`time` columns) within a day,
    one past midnight the next morning; else the times' difference."""
    if clock_times:
        minutes = minutes_of_day(end.values) - minutes_of_day(start.values)
        out: np.ndarray = np.where(minutes < 0, minutes + 24 * 60, minutes)
        return out
    between: np.ndarray = (as_us(end) - as_us(start)).astype(np.int64) / 60_000_000
    return between


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    worked = [
        r for r in planned if r.kind == "span" and r.data.get("work") and r.data["time_of_day"]
    ]
    if not worked:
        return []
    spanned = {c for r in worked for c in r.columns}
    days = [
        c
        for c, s in view.specs.items()
        if c not in spanned and s.info.kind == "date" and movable_time(view, c)
    ]
    if len(days) != 1:
        return []  # the row's own day: one date beside its hours, else none is said
    detail = f"{days[0]} Monday to Saturday (a day of work, its hours in {worked[0].columns[1]})"
    return [Rule("work_week", days, detail, {})]


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    day = batch.get(rule.columns[0])
    if day is None:
        return
    when = as_us(day)
    weekday = (when.astype("datetime64[D]").astype(np.int64) + 3) % 7  # 0 Monday … 6 Sunday
    sunday = np.flatnonzero(~day.nulls & (weekday == 6))
    store(day, when - np.timedelta64(1, "D").astype("timedelta64[us]"), sunday)


RULE = RowRule(
    "work_day",
    "a day's work in a working day's hours: from 05:00-10:00 to 21:00, Monday to Saturday",
    _plan,
    _apply,
    phases={"work_week": Phase.FINAL},
    after=("span",),  # the spans of work placed: their day
    before=("reach",),
)
