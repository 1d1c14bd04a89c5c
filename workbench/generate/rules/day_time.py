"""A day and a time of day of one stem are one start (`appointment_date` + `appointment_time`,
`visit_on` + `visit_at` of type time, `session_day` + `session_hour`): what a rule that reads
starts decides for the day (a weekday: rules/span.py's workday; hours: rules/opening.py), the
time of day keeps too. The time lies in the hours of the start's rule (a site's implied
hours, 09:00-17:00 on a quarter hour), or in those implied hours where the day is a thing
people attend (rules/span.SCALES), and nothing else places it: drawn over the whole day,
a Monday appointment at 03:12 would start in the night.

The pair is recognised by structure alone: a `date` column and a `time without time zone`
column whose names share their stem once the time words (date, day, on, time, at, hour) are
dropped, or the row's only date and a time of day named as its start (`lesson_date` and
`start_time`). Where the day's name says nothing, the table's thing does (rules/span.scale_for:
a driving test's `test_date`, a table of lessons' `held_on`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.rules import span
from workbench.generate.rules.base import RowRule, Rule, free, row_rng
from workbench.generate.rules.opening import IMPLIED

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

DAY_WORDS = frozenset({"date", "day", "on", "dt"})
TIME_WORDS = frozenset({"time", "at", "hour", "tod", "clock"})
# the stem of a time of day that is the row's start, whatever its day is named
START_WORDS = frozenset({"start", "starts", "starting", "begin", "begins", "kickoff", "kick_off",
                         "from", "scheduled", "slot"})  # fmt: skip
# the rules that read a day as the start of the row's thing and decide it
_START_KINDS = ("workday", "weekday", "opening")


def _stem(name: str, words: frozenset[str]) -> str | None:
    parts = normalise(name).split("_")
    if len(parts) < 2 or parts[-1] not in words:
        return None
    return "_".join(parts[:-1])


def pairs(view: TableView) -> list[tuple[str, str]]:
    """The (day, time of day) pairs of one stem among the table's columns."""
    days: dict[str, str] = {}
    clocks: dict[str, str] = {}
    for name, spec in view.specs.items():
        kind = spec.info.kind
        if kind == "date" and (stem := _stem(name, DAY_WORDS)):
            days.setdefault(stem, name)
        elif kind == "time" and (stem := _stem(name, TIME_WORDS)):
            clocks.setdefault(stem, name)
    out = [(days[s], clocks[s]) for s in days if s in clocks]
    # a row's one day and its start's time of day (`lesson_date` + `start_time`, `test_date`
    # + `starts_at` of type time): one start, though their stems differ
    lone_days = [d for s, d in days.items() if s not in clocks]
    starts = [c for s, c in clocks.items() if s not in days and s in START_WORDS]
    if len(lone_days) == 1 and len(starts) == 1 and len(days) == 1:
        out.append((lone_days[0], starts[0]))
    return out


def _hours(view: TableView, day: str, planned: Sequence[Rule]) -> tuple[int, int, int] | None:
    """(first, last start in minutes, step) a start rule planned on the day gives, or the
    implied hours of a thing people attend."""
    for rule in planned:
        if rule.kind not in _START_KINDS or not rule.columns or rule.columns[0] != day:
            continue
        hours = rule.data.get("hours") if rule.kind == "opening" else None
        if hours and isinstance(hours[0], int) and isinstance(hours[1], int):
            return hours[0], hours[1], int(rule.data.get("step") or IMPLIED[2])
        return IMPLIED[0], IMPLIED[1], IMPLIED[2]
    attended = [span.scale_of(w) for w in normalise(day).split("_")] + [span.scale_for(view)]
    if any(scale is not None and scale[3] for scale in attended):
        return IMPLIED[0], IMPLIED[1], IMPLIED[2]
    return None


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    out = []
    for day, at in pairs(view):
        if not free(view, at):
            continue
        hours = _hours(view, day, planned)
        if hours is None:
            continue
        lo, hi, step = hours
        detail = (f"{day} and {at} one start: {at} {lo // 60:02d}:{lo % 60:02d}-"
                  f"{hi // 60:02d}:{hi % 60:02d}, every {step} minutes")  # fmt: skip
        out.append(Rule("day_time", [at, day], detail, {"hours": [lo, hi, step]}))
    return out


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    col = batch.get(rule.columns[0])
    if col is None:
        return
    lo, hi, step = rule.data["hours"]
    rng = row_rng(view, rule, idx)
    slots = max((hi - lo) // step, 0) + 1
    minutes = lo + step * rng.integers(0, slots, col.values.size)
    rows = np.flatnonzero(~col.nulls)
    text = [f"{m // 60:02d}:{m % 60:02d}:00" for m in minutes[rows].tolist()]
    col.values[rows] = np.array(text, dtype=object)


RULE = RowRule(
    "day_time",
    "a day and a time of day of one stem are one start, in its hours",
    _plan,
    _apply,
    after=("span", "opening"),
    before=("apart",),
)
