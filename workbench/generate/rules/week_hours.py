"""A place's hours kept day by day, and what happens at the place happens in them.

The hours (kinds/hours.py: a table of a place's hours with a day of the week, planned one row
per day it opens, plan/lines.py): each place's rows take its days in order, Monday first,
skipping the day it closes (a Monday or a Sunday, for the places that have six rows; a `closed`
flag set on that day where the table has one). It opens between 07:00 and 10:00 on a half hour
and closes 7 to 12 hours later, between 16:00 and 22:00 (a library, a shop, a clinic, a pool
keeps a human day: no opening at noon, no closing at half past eleven); some stay an hour
longer on Friday and Saturday, and close two hours earlier on Sunday.

A row with a key to such a place and a time that takes place there (the time the row is for:
kinds/anchors.takes_place, else its one time that names no record, no happening, no end and no
deadline: a reservation's `reserved_for`, a consultation's `booked_for`; else the first of its own
events every row has: a loan's `checked_out_at`, a sale's `sold_at`, not the loan's `due_at`, a
deadline, nor its `returned_at`) starts on a day the place opens, on a quarter hour from
opening (not before 08:00) until an hour before closing (half an hour on a short day), in the
place's local time (rules/local_time.py: its `timezone`, its country's). It keeps its side of
the run's clock and stays after the row's times before it (booked before it took place) and its
parents' (a loan after its patron registered), on the nearest day that fits (its own, a day
back, a day on). A span's end moves with it, and so do the row's other times after it (a loan's
due date and its return, an order's closing), each on its side of the run's clock as before (a
loan due by now stays overdue). A span of work (a shift: rules/span.py) keeps a working day's
times. Runs after the site hours (rules/opening.py), whose place it takes for these rows. No
table is named here: the words are of days and hours."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.generate.base import clock
from workbench.generate.kinds.anchors import takes_place
from workbench.generate.kinds.hours import day_minutes, week_hours_of, week_of
from workbench.generate.kinds.orders import declared_orders
from workbench.generate.rules import local_time, pull_back, span
from workbench.generate.rules.base import (
    Phase,
    RowRule,
    Rule,
    free,
    movable_time,
    numbered_time,
    row_rng,
)
from workbench.generate.rules.times import as_us, store
from workbench.generate.rules.within import as_ints, parent_time
from workbench.generate.vocab import lexicon

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch, Col
    from workbench.generate.view import TableView

MINUTE_US = 60_000_000
DAY_US = 24 * 60 * MINUTE_US
STEP = 15  # bookings on the quarter hour
LAST, SHORT_LAST = 60, 30  # the last start before closing (on a day shorter than SHORT_DAY)
EARLIEST = 8 * 60  # nothing is booked before 08:00, where a place opens earlier (a breakfast)
SHORT_DAY = 4 * 60
# a place's hours: opening 07:00-10:00 on a half hour, closing 16:00-22:00 (14:00 on a
# short Sunday)
OPENS_FIRST, OPENS_LAST = 7 * 60, 10 * 60
CLOSES_FIRST, CLOSES_LAST, SUNDAY_FIRST = 16 * 60, 22 * 60, 14 * 60
SEARCH = [0, *(k for d in range(1, 8) for k in (-d, d))]  # its own day, then nearest first


def _time_at(view: TableView) -> str | None:
    """The time the row takes place at the place: the time it is for (takes_place), else its
    one time that names no record, no happening, no end and no deadline (a reservation's
    `reserved_for`, a visit's `scheduled_for`; one that may be missing only where no event
    below is there: an order's `ready_at` is a later stage), else the earliest of its own
    events that every row has (a loan's `checked_out_at`: the borrower at the desk; not its
    `due_at`, a deadline, nor its `returned_at`, an end)."""
    found = takes_place(view.schema, view.table, view.config)
    if found is None:
        times = [
            c
            for c, s in view.specs.items()
            if s.kind == "timestamp"
            and not lexicon.record_time(c, s.generator)
            and not lexicon.ending(c)
            and (lexicon.arranged(c) or not lexicon.planned(c))  # no deadline (`due_at`)
        ]
        booked = [c for c in times if not lexicon.happened(c)]
        event = _first_event(view, times)
        # a time that may be missing is a stage the row reaches later (an order's `ready_at`),
        # not the time it is for, where an event every row has took place there
        later = len(booked) == 1 and view.specs[booked[0]].nullable and event is not None
        found = booked[0] if len(booked) == 1 and not later else event
    spec = view.specs.get(found) if found else None
    if found is None or spec is None or spec.kind != "timestamp":
        return None
    # a site's day's quarter hours would repeat a time numbered per parent (many readings a
    # day of one counter): such a time keeps its own
    return found if movable_time(view, found) and not numbered_time(view, found) else None


def _first_event(view: TableView, times: list[str]) -> str | None:
    """The first of a row's events that happened there and that every row has (NOT NULL; not
    an act from afar: a review's `posted_at`), none of the others put before it by a CHECK,
    else by the order of the columns."""
    events = [
        c
        for c in times
        if lexicon.happened(c) and not lexicon.from_afar(c) and not view.specs[c].nullable
    ]
    later = {o.after for o in declared_orders(view.schema, view.table) if o.before in events}
    first = [c for c in events if c not in later]
    return first[0] if first else None


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    out = []
    week = week_hours_of(view.schema, view.table)
    # its day and hours may be a unique key's (a place, a day, an opening): distinct per place
    if week is not None and all(c in view.specs for c in (week.day, week.opens, week.closes)):
        columns = [week.day, week.opens, week.closes, *([week.closed] if week.closed else [])]
        detail = (f"{week.day} one row per day {week.place} opens, {week.opens} 07:00-10:00, "
                  f"{week.closes} 16:00-22:00")  # fmt: skip
        free_hours = all(free(view, c) for c in (week.opens, week.closes))
        data: dict[str, Any] = {"iso": week.iso, "closed": week.closed, "free": free_hours}
        out.append(Rule("week_days", columns, detail, data))
    column = _time_at(view)
    if any(r.kind == "span" and r.data.get("work") and column in r.columns for r in planned):
        column = None  # a span of work (a shift): a working day's times (rules/span.py)
    for unit in view.units if column is not None else ():
        found = week_of(view.schema, unit.parent)
        if unit.mode == "self" or len(unit.fk.columns) != 1 or found is None:
            continue
        fk = unit.fk.columns[0]
        end = next((b for a, b in span.pairs(view) if a == column and free(view, b)), None)
        data = {"fk": fk, "week": found.table, "key": found.key, "day": found.day,
                "hours": [found.opens, found.closes], "closed": found.closed, "iso": found.iso,
                "place": local_time.place_of(view, via=fk), "end": end,
                "zoned": local_time.zoned(view.schema, view.tp.name, str(column)),
                "floors": pull_back.floors(view)}  # fmt: skip
        detail = f"{column} on a day {unit.parent} opens, in its {found.table} hours, local time"
        out.append(Rule("week_open", [str(column), *([end] if end else [])], detail, data))
        break
    return out


def _text(minutes: np.ndarray) -> np.ndarray:
    return np.asarray([f"{m // 60:02d}:{m % 60:02d}:00" for m in minutes.tolist()], dtype=object)


def _days(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    """Each place's rows its days in order, and their hours (where sandbox.toml sizes the
    table instead, its rows keep the days drawn, hours by each row's own draw)."""
    counts = view.tp.children_counts
    ordered = counts is not None and counts.size > 0
    if counts is None or not ordered:
        counts = np.ones(int(idx.max(initial=0)) + 1, np.int64)
    ends = np.cumsum(counts)
    place = np.minimum(np.searchsorted(ends, idx, side="right"), counts.size - 1)
    pos = idx - (ends - counts)[place]
    places = counts.size
    draw = view.rng("week_hours:places", 0)
    opens = OPENS_FIRST + 30 * draw.integers(0, (OPENS_LAST - OPENS_FIRST) // 30 + 1, places)
    closes = np.clip(opens + 60 * draw.integers(7, 13, places), CLOSES_FIRST, CLOSES_LAST)
    late, early = draw.random(places) < 0.5, draw.random(places) < 0.3
    off_day = np.where(draw.random(places) < 0.5, 0, 6)  # Monday or Sunday
    shut = draw.random(places) < 0.5  # a flag's table: half the places close a day
    has_off = (counts < 7) if rule.data["closed"] is None else np.zeros(places, bool)
    skip = has_off[place] & (off_day[place] == 0)  # closed Mondays: Tuesday first
    weekday = (pos + skip) % 7  # 0 Monday … 6 Sunday
    cols = [batch.get(c) for c in rule.columns]
    if not ordered and not rule.data["free"]:
        return  # a unique key's days and hours as drawn (not one row per day per place)
    if not ordered and cols[0] is not None:  # the days as drawn
        number = np.asarray(cols[0].values, dtype=np.int64)
        weekday = (number - 1) % 7 if rule.data["iso"] else (number + 6) % 7
    lo = opens[place]
    hi = closes[place]
    hi = np.where(late[place] & (weekday >= 4) & (weekday <= 5), hi + 60, hi)
    hi = np.where(early[place] & (weekday == 6), np.maximum(hi - 120, lo + 6 * 60), hi)
    hi = np.clip(hi, SUNDAY_FIRST, CLOSES_LAST)
    day, opened, closed = cols[0], cols[1], cols[2]
    if day is not None and ordered:
        number = weekday + 1 if rule.data["iso"] else (weekday + 1) % 7
        day.values[:] = number.astype(np.asarray(day.values).dtype, copy=False)
        day.nulls[:] = False
    if opened is not None and closed is not None:
        opened.values[:] = _text(lo)
        closed.values[:] = _text(hi)
        opened.nulls[:] = closed.nulls[:] = False
    if len(cols) > 3 and cols[3] is not None:
        cols[3].values[:] = shut[place] & (weekday == off_day[place])
        cols[3].nulls[:] = False


@dataclass
class _Weeks:
    """Per table of hours: each place's key -> (opening, closing) minutes per weekday from
    Monday (-1 where it does not open)."""

    by_table: dict[str, dict[Any, np.ndarray]] = field(default_factory=dict)


def _week(view: TableView, rule: Rule) -> dict[Any, np.ndarray]:
    cache = view.scratch.get(_Weeks)
    found = cache.by_table.get(rule.data["week"])
    if found is not None:
        return found
    stored = view.keys.tables.get(rule.data["week"], {})
    names = [rule.data["key"], rule.data["day"], *rule.data["hours"]]
    out: dict[Any, np.ndarray] = {}
    if all(n in stored for n in names):
        key, day, opens, closes = (stored[n] for n in names)
        shut = stored.get(rule.data["closed"]) if rule.data["closed"] else None
        rows = ~(key.nulls | day.nulls | opens.nulls | closes.nulls)
        if shut is not None:
            rows &= shut.nulls | ~np.asarray(shut.values, dtype=bool)
        for r in np.flatnonzero(rows).tolist():
            number = int(day.values[r])
            weekday = number - 1 if rule.data["iso"] else (number + 6) % 7
            lo, hi = day_minutes(opens.values[r]), day_minutes(closes.values[r])
            if not 0 <= weekday < 7 or lo < 0 or hi <= lo:
                continue
            hours = out.setdefault(key.values[r], np.full((7, 2), -1, np.int64))
            if hours[weekday, 0] < 0 or hi - lo > hours[weekday, 1] - hours[weekday, 0]:
                hours[weekday] = (lo, hi)  # a day's longest spell
    cache.by_table[rule.data["week"]] = out
    return out


def _floor(view: TableView, rule: Rule, batch: Batch, begin: np.ndarray) -> np.ndarray:
    """The latest of the row's other times not after the start (booked before it) and of its
    parents' times it stays after (a loan after its patron registered: pull_back.floors)."""
    floor = np.full(begin.size, np.iinfo(np.int64).min, np.int64)
    for fk, parent, column in rule.data.get("floors") or ():
        times = parent_time(view, fk, parent, column)
        if times is not None:
            born = as_ints(times, np.iinfo(np.int64).min)
            floor = np.where(born <= begin, np.maximum(floor, born), floor)
    for name, spec in view.specs.items():
        col = batch.get(name)
        if name in rule.columns or col is None or spec.kind not in ("timestamp", "date"):
            continue
        at = as_us(col).astype(np.int64)
        floor = np.where(~col.nulls & (at <= begin), np.maximum(floor, at), floor)
    return floor


class _Later:
    """The row's own times after the start (a loan's due date and its return, an order's
    closing): they move with it by as much, each on its side of the run's clock as before."""

    def __init__(
        self, view: TableView, rule: Rule, batch: Batch, begin: np.ndarray, now: int
    ) -> None:
        self.now = now
        self.cols: list[tuple[Col, np.ndarray, np.ndarray]] = []
        for name, spec in view.specs.items():
            col = batch.get(name)
            if name in rule.columns or col is None or spec.kind != "timestamp":
                continue
            if not free(view, name):
                continue  # one no rule rewrites (a unique one, one sandbox.toml derives)
            at = as_us(col).astype(np.int64)
            self.cols.append((col, at, ~col.nulls & (at > begin)))

    def crossed(self, delta: np.ndarray) -> np.ndarray:
        """Rows where one of them would pass the clock, either way, moved by `delta`."""
        out = np.zeros(delta.size, bool)
        for _, at, later in self.cols:
            out |= later & ((at <= self.now) != (at + delta <= self.now))
        return out

    def move(self, delta: np.ndarray, rows: np.ndarray) -> None:
        for col, at, later in self.cols:
            store(col, (at + delta).astype("datetime64[us]"), rows[later[rows]])


def _open(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    col, keys = batch.get(rule.columns[0]), batch.get(rule.data["fk"])
    if col is None or keys is None:
        return
    n = col.values.size
    week = _week(view, rule)
    hours = np.full((n, 7, 2), -1, np.int64)
    for r, key in enumerate(np.asarray(keys.values, dtype=object).tolist()):
        found = week.get(key)
        if found is not None and not keys.nulls[r]:
            hours[r] = found
    known = ~col.nulls & (hours[:, :, 0] >= 0).any(axis=1)
    if not known.any():
        return
    begin = as_us(col).astype(np.int64)
    zones = local_time.zones_of(view, rule.data["place"], batch, n)
    if not rule.data["zoned"]:
        zones = np.full(n, "", dtype=object)
    now = int(clock.run_now(view.config).astype("datetime64[us]").astype(np.int64))
    by_now = begin <= now
    u = row_rng(view, rule, idx).random(n)
    day0 = (begin + local_time.offsets(zones, begin.astype("datetime64[us]"))) // DAY_US
    floor = _floor(view, rule, batch, begin)
    later = _Later(view, rule, batch, begin, now)
    moved, done = begin.copy(), ~known
    rows = np.arange(n)
    quarter = STEP * MINUTE_US
    for floored in (True, False):  # after the times before it, else in the hours at least
        for k in SEARCH:
            day = day0 + k
            weekday = (day + 3) % 7
            lo, hi = hours[rows, weekday, 0], hours[rows, weekday, 1]
            last = hi - np.where(hi - lo < SHORT_DAY, SHORT_LAST, LAST)
            noon = day * DAY_US + 12 * 60 * MINUTE_US
            off = local_time.offsets(zones, np.where(done, 0, noon).astype("datetime64[us]"))
            base = day * DAY_US - off  # the local midnight, in UTC
            first = -(-np.maximum(lo, EARLIEST) // STEP)  # quarter hours into the day
            final = last // STEP
            lower = np.where(by_now, first, np.maximum(first, -(-(now + 1 - base) // quarter)))
            upper = np.where(by_now, np.minimum(final, (now - base) // quarter), final)
            if floored:
                lower = np.maximum(lower, -(-(np.maximum(floor, base) - base) // quarter))
            slot = lower + (u * (upper - lower + 1)).astype(np.int64)
            at = base + slot * quarter
            fits = ~done & (lo >= 0) & (lower <= upper) & ~later.crossed(at - begin)
            moved = np.where(fits, at, moved)
            done |= fits
            if done.all():
                break
    moved_rows = np.flatnonzero(known & (moved != begin))
    end = batch.get(rule.data["end"]) if rule.data.get("end") else None
    if end is not None:
        after = as_us(end).astype(np.int64) + (moved - begin)
        store(end, after.astype("datetime64[us]"), moved_rows[~end.nulls[moved_rows]])
    later.move(moved - begin, moved_rows)
    store(col, moved.astype("datetime64[us]"), moved_rows)


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    if rule.kind == "week_days":
        _days(view, rule, batch, idx)
    else:
        _open(view, rule, batch, idx)


RULE = RowRule(
    "week_hours",
    "a place's hours kept day by day, and what happens at it happens in them",
    _plan,
    _apply,
    phases={"week_days": Phase.ROW, "week_open": Phase.FINAL},
    after=("opening",),
    before=("fixture_hours",),
)
