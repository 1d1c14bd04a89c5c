"""Durations scaled by what the row is, and business hours for what people attend.

A row with a start and an end (starts_at/ends_at, started_at/ended_at, departed_at/arrived_at,
check_in/check_out, start_time/end_time) lasts what its table's thing lasts: an appointment,
meeting, lesson or class minutes; a trip or a ride, a trip's leg, a shift or a flight hours;
a stay, a booking or a rental days; a subscription, contract or membership months; any other
thing that happened between a start and an end (`ended_at`, `finished_at`: a job, a build, a
session) minutes to hours, not days. Things people attend (appointments, meetings, lessons,
classes, visits, consultations) start on a weekday between 08:00 and 17:00 on a five-minute
mark and end the same day; a weekday number beside them (`weekday`, `day_of_week`) is Monday
to Friday. Times of day (`time` columns) follow the same hours. The start keeps its day (a
weekend's moves to the Monday after); the end follows it, and an end that happened
(`ended_at`, `arrived_at`: not a scheduled `ends_at`) of a row started by the run's clock is
not after it. Applied last (with the dates in order): the duration is the rule's, whatever
order the other time rules left."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.base.names import normalise
from workbench.generate.kinds.windows import window_of
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.generate.rules.times import as_us, store, time_stem

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

MINUTE_US = 60_000_000
# (table noun pattern, shortest and longest duration in minutes, typical (median) minutes,
# attended by people in business hours)
SCALES: tuple[tuple[str, float, float, float, bool], ...] = (
    (r"(appointment|meeting|lesson|class|visit|consultation|session|interview|exam|lecture"
     r"|tutorial|seminar|call|checkup|treatment|therapy)", 30, 120, 45, True),
    (r"(leg|hop|segment|flight|drive|run|shift|job|task|attempt|delivery_attempt|trip|ride"
     r"|outing|excursion|commute|tour)",
     10, 10 * 60, 90, False),
    (r"(stay|admission|booking|reservation|rental|hire|loan_period|journey|voyage)",
     60 * 24, 60 * 24 * 14, 60 * 24 * 3, False),
    (r"(subscription|contract|membership|lease|policy|plan|term|semester|enrol?ment|tenancy)",
     60 * 24 * 28, 60 * 24 * 730, 60 * 24 * 180, False),
)  # fmt: skip
_STARTS = ("start", "starts", "started", "begin", "begins", "departed", "departure",
           "check_in", "checkin", "opens", "from")  # fmt: skip
_ENDS = {"start": ("end", "finish"), "starts": ("ends",),
         "started": ("ended", "finished", "completed", "stopped"), "begin": ("end",),
         "begins": ("ends",), "departed": ("arrived",), "departure": ("arrival",),
         "check_in": ("check_out",), "checkin": ("checkout",), "opens": ("closes",),
         "from": ("to",)}  # fmt: skip
# a thing that happened between a start and an end (ended_at, finished_at) whose table names
# nothing above: a job, a build, a session of some kind; minutes to hours, not days
HAPPENED = (2, 12 * 60, 40, False)
WEEKDAY_NAMES = frozenset({"weekday", "day_of_week", "dow", "week_day", "iso_weekday"})
OPEN_HOUR, LAST_START_HOUR = 8, 17


def scale_of(table: str) -> tuple[float, float, float, bool] | None:
    """The duration scale of a table's thing, by the table name's last word."""
    noun = normalise(table).split("_")[-1]
    for pattern, lo, hi, typical, attended in SCALES:
        if re.search(pattern, noun):
            return lo, hi, typical, attended
    return None


def pairs(view: TableView) -> list[tuple[str, str]]:
    """The (start, end) pairs of a table's columns of one kind (started_at/ended_at …)."""
    norms = {normalise(c): c for c in view.specs}
    out = []
    for norm, column in norms.items():
        words = norm.split("_")
        for at, word in enumerate(words):
            joined = word if word in _ENDS else "_".join(words[at : at + 2])
            if joined not in _ENDS:
                continue
            for end in _ENDS[joined]:
                partner = norms.get(norm.replace(joined, end, 1))
                if partner is not None and view.specs[partner].kind == view.specs[column].kind:
                    out.append((column, partner))
                    break
            break
    return out


def happened(end: str) -> bool:
    """An end that is an event recorded once it happened (ended_at, arrived_at, finished_at),
    not a scheduled one (ends_at)."""
    return any(w.endswith("ed") for w in time_stem(end).split("_"))


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    named = scale_of(view.table.name)
    window = window_of(view.schema, view.table, view.config) if named is None else None
    out = []
    for start, end in pairs(view):
        kind = view.specs[start].kind
        clock_time = view.specs[start].info.kind == "time"
        if not free(view, end) or not (kind == "timestamp" or clock_time):
            continue
        scale = named
        if scale is None and happened(end) and not (window is not None and window.validity):
            scale = HAPPENED
        if scale is None:
            continue
        lo, hi, typical, attended = scale
        detail = f"{end} {lo:g}-{hi:g} minutes after {start}" + (
            ", in business hours" if attended else ""
        )
        data = {"scale": [lo, hi, typical], "attended": attended, "time_of_day": clock_time,
                "start_free": free(view, start), "happened": happened(end)}  # fmt: skip
        out.append(Rule("span", [end, start], detail, data))
    if any(r.data["attended"] for r in out):
        days = [c for c in view.specs if normalise(c) in WEEKDAY_NAMES and free(view, c)]
        out += [Rule("weekday", [c], f"{c} Monday to Friday", {}) for c in days]
    return out


def _minutes(rng: np.random.Generator, n: int, lo: float, hi: float, typical: float) -> np.ndarray:
    """Durations around the typical one (log-normal), within [lo, hi], whole 5 minutes for
    minute-scale things."""
    values = np.clip(rng.lognormal(np.log(typical), 0.5, n), lo, hi)
    return np.where(values < 240, np.maximum(np.round(values / 5) * 5, lo), values)


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    rng = row_rng(view, rule, idx)
    if rule.kind == "weekday":
        col = batch.get(rule.columns[0])
        if col is not None:
            col.values[:] = rng.integers(1, 6, col.values.size).astype(col.values.dtype)
        return
    end, start = batch.get(rule.columns[0]), batch.get(rule.columns[1])
    if end is None or start is None:
        return
    lo, hi, typical = rule.data["scale"]
    attended = rule.data["attended"]
    n = start.values.size
    minutes = _minutes(rng, n, lo, hi, typical)
    if rule.data["time_of_day"]:
        first = OPEN_HOUR * 60 + 5 * rng.integers(0, (LAST_START_HOUR - OPEN_HOUR) * 12, n)
        last = np.minimum(first + minutes, 18 * 60)
        if rule.data["start_free"]:
            start.values[:] = [f"{m // 60:02d}:{m % 60:02d}:00" for m in first.tolist()]
        end.values[:] = [f"{int(m) // 60:02d}:{int(m) % 60:02d}:00" for m in last.tolist()]
        return
    begin = as_us(start)
    if attended and rule.data["start_free"]:
        day = begin.astype("datetime64[D]")
        weekday = (day.astype(np.int64) + 3) % 7  # 0 Monday … 6 Sunday
        day = day + np.where(weekday >= 5, 7 - weekday, 0).astype("timedelta64[D]")  # Monday
        slot = OPEN_HOUR * 60 + 5 * rng.integers(0, (LAST_START_HOUR - OPEN_HOUR) * 12, n)
        begin = day.astype("datetime64[us]") + (slot * MINUTE_US).astype("timedelta64[us]")
        store(start, begin, np.arange(n))
    finish = begin + (minutes * MINUTE_US).astype(np.int64).astype("timedelta64[us]")
    if attended:  # the same day, by six in the evening
        closing = begin.astype("datetime64[D]").astype("datetime64[us]") + np.timedelta64(
            18 * 60 * MINUTE_US, "us"
        )
        finish = np.minimum(finish, np.maximum(closing, begin + np.timedelta64(lo_us(lo), "us")))
    if rule.data.get("happened"):  # an end that happened (ended_at, arrived_at) is not after now
        now = clock.run_now(view.config)
        late = (begin <= now) & (finish > now)
        finish = np.where(late, now, finish)
        if rule.data["start_free"]:  # and it lasted at least the shortest such thing
            short = np.flatnonzero(late & (finish - begin < np.timedelta64(lo_us(lo), "us")))
            store(start, np.full(n, now - np.timedelta64(lo_us(lo), "us")), short)
    store(end, finish, np.arange(n))


def lo_us(minutes: float) -> int:
    return int(minutes * MINUTE_US)


RULE = RowRule(
    "span",
    "a start and an end as far apart as the table's thing lasts; appointments in office hours",
    _plan,
    _apply,
    phases={"span": Phase.FINAL, "weekday": Phase.ROW},
    after=("chain",),  # after the dates in order: an end as far after its start as the thing lasts
)
