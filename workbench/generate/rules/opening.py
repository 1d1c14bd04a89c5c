"""What happens at a site happens while it is open, in its local time.

Stated hours: a table with an opening and a closing time of day (`opens_at`/`closes_at`,
`opening_time`/`closing_time`, `open_from`/`open_until`: `time` columns) is a site open those
hours; its own hours are drawn as a business's (opening 06:00-10:00 on a half hour, closing
8 to 12 hours later). A row pointing to such a site (a rental's `pickup_branch_id`) has its
event there (`picked_up_at`: the time whose event word the key's name holds, else the row's
start) in those hours of the site's local day, Monday to Saturday (a Sunday's moves back to
the Saturday): the local time of the site's time zone or country, within two hops of the row
(rules/local_time.py). The end of the row's own span (an appointment's `scheduled_end`) moves
with its start and ends by the site's closing (rules/day_end.py), the same local day.

Implied hours: a thing people attend (a table named like an appointment, a visit, a viewing,
or a job a technician is sent to: rules/span.SCALES; or shaped as a session at a site:
kinds/session.py, rules/span.scale_for) that has a place to read its local time from, or a
lone start a span rule cannot place, starts on a weekday between 09:00 and 17:00 local time
on a quarter hour, its end moving with it (on the clock's side it was on). So does work people
planned at a site the business runs, 08:30-16:30 (a stop of a delivery run, a crew's call, a
hearing listed at a court: a `planned_at`, `scheduled_for` of a row of a thing shorter than a
working day, or of no known thing, whose place is read from a depot, a hub, a branch, a court
through whatever keys): that planned time alone moves.

Where a row keeps both the start it was booked for and the one that happened (`scheduled_
start` and `started_at`, rules/actual.py), the hours are the booking's: a visit is booked
for a weekday slot and starts when the technician gets there. The times that happened (the
actual start and its end) move with the booked one by as much, each on its side of the
run's clock as before; where they cannot (a visit under way past the hours), they stay and
the booking moves alone.

A start keeps its local day, or moves back to the last open day; a time by the run's clock
stays by it (back a day at a time). A start by the clock that no open slot between its own
earlier times (booked moments before it began) and now can hold (the clock reads a night or a
Sunday) is pulled back to its slot on the last open day before it, its booking with it
(rules/pull_back.py). Run after the rules that spread times along their
parents and before the counters that read their order (an odometer along a car's rentals)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np

from workbench.generate.base import clock
from workbench.generate.base.names import normalise
from workbench.generate.kinds.anchors import takes_place
from workbench.generate.kinds.hours import (
    day_minutes,
    event_word,
    site_event,
    stated_hours,
    week_hours_of,
)
from workbench.generate.kinds.meets import business_place
from workbench.generate.kinds.production import crew_run, production_run
from workbench.generate.kinds.windows import window_of
from workbench.generate.rules import actual, day_end, kept_hours, local_time, pull_back, span
from workbench.generate.rules.base import Phase, RowRule, Rule, free, movable_time, row_rng
from workbench.generate.rules.during import during_parent, slot_free
from workbench.generate.rules.life_ends import parents_ended
from workbench.generate.rules.paths import Path, source_values
from workbench.generate.rules.times import as_us, store
from workbench.generate.rules.within import as_ints, parent_time
from workbench.generate.vocab import lexicon

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView
    from workbench.schema.model import Table

MINUTE_US = 60_000_000
HOUR_US = 60 * MINUTE_US
DAY_US = 24 * HOUR_US
# implied hours: a start between 09:00 (a business opening its doors) and 17:00 on a quarter
# hour, Monday to Friday
IMPLIED = (9 * 60, 17 * 60, 15, 5)
# a run of a line or a machine staff operate (kinds/production.py): started on a weekday's
# day shift, 06:30-14:00 local time, on five-minute marks
RUN_HOURS = (6 * 60 + 30, 14 * 60, 5, 5)
# work planned at a site (a crew's call, a run's stop, a hearing): the core of a working day,
# its first start 08:30 and its last 16:30, leaving the day's edges to get there and back
WORK_OPENS, WORK_LAST = 8 * 60 + 30, 16 * 60 + 30
STATED_STEP, STATED_DAYS = 5, 6  # a site's own hours: Monday to Saturday, five-minute marks
WORKDAY_MINUTES = 8 * 60  # work planned for a slot of the day: a thing typically shorter


def _time_of_day(table: Table, column: str) -> bool:
    found = next((c for c in table.columns if c.name == column), None)
    return found is not None and found.type.name.startswith("time without")


def keep_columns(view: TableView) -> set[str]:
    """A site's hours, kept for the rows that happen at it."""
    return set(stated_hours(view.table) or ())


def _own_start(view: TableView) -> tuple[str, str | None] | None:
    """The row's start and its end (a span's, else its window's), else its one event time."""
    for start, end in span.pairs(view):
        if view.specs[start].kind == "timestamp" and view.specs[end].kind == "timestamp":
            return start, end
    window = window_of(view.schema, view.table, view.config)
    if window is not None and view.specs[window.start].kind == "timestamp":
        ends = window.end if view.specs[window.end].kind == "timestamp" else None
        return window.start, ends
    times = [
        c
        for c, s in view.specs.items()
        if s.kind == "timestamp"
        and not lexicon.record_time(c, s.generator)
        and movable_time(view, c)  # a reading's time, unique per meter, moves as well
    ]
    return (times[0], None) if len(times) == 1 else None


def _planned_start(view: TableView) -> str | None:
    """The time the row is booked to take place at (`scheduled_start`, `planned_for`)."""
    found = takes_place(view.schema, view.table, view.config)
    if found is None or found not in view.specs or not lexicon.planned(found):
        return None
    return found if free(view, found) else None


def _start(view: TableView) -> tuple[str, str | None, list[str]] | None:
    """The row's start, its end and the times that move along with them. A start that
    happened as planned (`started_at` beside a `scheduled_start`: rules/actual.py) gives way
    to its plan: the slot booked is what lies in the hours (a technician's visit is booked
    for a weekday morning, and starts when they get there), and the times that happened (the
    actual start, its end) move with it, keeping how late they were. A row whose only start is
    a plan's (`scheduled_start` beside `completed_at`) starts there."""
    own = _own_start(view)
    plans = actual.pairs(view)
    plan_of = {a: p for p, a in plans}
    if own is not None and own[0] in plan_of:
        start: str | None = plan_of[own[0]]
        end = next((b for a, b in span.pairs(view) if a == start), None)
    elif own is not None:
        start, end = own
    else:
        start, end = _planned_start(view), None
    if start is None or view.specs[start].kind != "timestamp":
        return None
    if end is not None and view.specs[end].kind != "timestamp":
        end = None
    ends = dict(span.pairs(view))
    acts = [a for p, a in plans if p in (start, end)]
    along = [*acts, *(ends[a] for a in acts if a in ends)]
    along = [c for c in dict.fromkeys(along) if c not in (start, end) and free(view, c)]
    return start, end, [c for c in along if view.specs[c].kind == "timestamp"]


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:  # then each deed (kept_hours)
    out = _plan_start(view, planned)
    place = local_time.place_of(view)
    if place is None or stated_hours(view.table) or week_hours_of(view.schema, view.table):
        return out
    if any(stated_hours(t) for u in view.units if (t := view.schema.tables.get(u.parent))):
        return out
    placed = {c for r in out for c in [*r.columns, r.data.get("end")]}  # and a sibling order:
    placed |= {c for r in planned if r.kind == "sequence" for c in r.columns}  # no deed moves it
    lo, hi, step, _ = kept_hours.WORKDAY
    for column, days, along in kept_hours.deed_days(view):
        if column in placed or during_parent(view, planned, column):
            continue
        data = {"fk": None, "parent": None, "hours": [lo, hi], "place": place, "end": None,
                "step": step, "days": days, "follow": False, "along": along, "deed": True,
                "floors": pull_back.floors(view, planned), "in_order": False,
                "zoned": local_time.zoned(view.schema, view.tp.name, column),
                "length": day_end.length_of(view, column, None)}  # fmt: skip
        detail = f"{column} {lo // 60:02d}:00-{hi // 60:02d}:00 local time, weekdays (a deed)"
        out.append(Rule("opening", [column], detail, data))
    return out


def _plan_start(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    out = []
    own = stated_hours(view.table)
    week = week_hours_of(view.schema, view.table)  # a week's hours: rules/week_hours.py
    if own is not None and week is None and all(free(view, c) for c in own):
        out.append(Rule("site_hours", list(own), f"{own[0]}..{own[1]} a business's hours", {}))
    sites = []
    for unit in view.units:
        site = view.schema.tables.get(unit.parent)
        if unit.mode == "self" or len(unit.fk.columns) != 1 or site is None:
            continue
        hours = stated_hours(site)
        if hours is not None:
            sites.append((unit.fk.columns[0], unit.parent, hours))
    start = _start(view)
    floors = pull_back.floors(view, planned)
    times = {
        event_word(normalise(c).split("_")): c
        for c, s in view.specs.items()
        if s.kind == "timestamp" and free(view, c)
    }
    taken: set[str] = set()
    claimed = {c for c in (site_event(times, fk, parent) for fk, parent, _ in sites) if c}
    for fk, parent, (opens, closes) in sites:
        column = site_event(times, fk, parent)
        if column is None and len(sites) == 1 and start is not None:
            column = start[0]
        if column is None or column in taken or not free(view, column):
            continue
        taken.add(column)
        end = start[1] if start is not None and start[0] == column else None
        along = start[2] if start is not None and start[0] == column else []
        place = local_time.place_of(view, via=fk)
        # the end of the row's own span (`scheduled_end`) moves with its start, by closing; an
        # end another site states hours for (a return at another branch) is an event of its own
        follow = end is not None and end not in claimed and end in dict(span.pairs(view)).values()
        detail = f"{column} in {parent}.{opens}..{closes} ({fk}), local time, Monday to Saturday"
        if follow:
            detail += f", {end} moving with it by closing"
        data: dict[str, Any] = {
                "fk": fk, "parent": parent, "hours": [opens, closes], "place": place,
                "end": end if end and free(view, end) else None, "step": STATED_STEP,
                "days": STATED_DAYS, "follow": follow, "along": along, "floors": floors,
                "zoned": local_time.zoned(view.schema, view.tp.name, column),
                "length": day_end.length_of(view, column, end)}  # fmt: skip
        out.append(Rule("opening", [column, *along], detail + _moved(along), data))
    scale = span.scale_for(view)
    place = local_time.place_of(view)
    worked = None
    # a line's runs, a crew's rounds with a vehicle: on a day shift
    run = production_run(view.schema, view.table) or crew_run(view.schema, view.table)
    kept = None  # a deed of staff, a run on the timetable: hours the business keeps
    if not taken and (scale is None or not scale[3]) and not run:
        itself, start = start, _work_planned(view, scale, place)
        worked = start
        if start is None and itself is not None:
            kept = kept_hours.hours_of(view, itself[0], itself[1] is None, scale, place is not None)
            start = itself if kept is not None else None
        slot = kept_hours.booked_slot(view) if start is None and itself is None else None
        if slot is not None and place is not None:  # a booked slot: the waking day, any day
            start, kept = slot, kept_hours.TIMETABLE
    # a start the unique plan checks with its whole key (UNIQUE (room_id, starts_at): a
    # room's slots) moves as well: the key is verified once the times are placed
    if taken or start is None or not movable_time(view, start[0]):
        return out
    if during_parent(view, planned, start[0]):
        return out  # inside a parent's own time, in the hours the parent took place in
    if place is None and start[1] is not None and not run:
        return out  # span places a start and its end in office hours where no place is read
    lo, hi, step, days = kept or (RUN_HOURS if run else kept_hours.day_work(planned, IMPLIED))
    on_days = "weekdays" if days == 5 else "Monday to Saturday"
    what = f"a day shift's runs, {on_days}" if run else f"quarter hours, {on_days}"
    detail = f"{start[0]} {lo // 60:02d}:{lo % 60:02d}-{hi // 60:02d}:00 local time, {what}"
    if kept is not None and days == 7:
        detail = f"{start[0]} {lo // 60:02d}:{lo % 60:02d}-{hi // 60:02d}:{hi % 60:02d}, any day"
    in_order = worked is not None and start == worked
    if in_order:  # work planned: five-minute marks, a day's rows in the order they were
        planned_day = (WORK_OPENS, WORK_LAST + STATED_STEP, STATED_STEP, 5)  # a long job: a
        lo, hi, step, _ = kept_hours.day_work(planned, planned_day)  # morning's (kept_hours)
        last = f"{(hi - step) // 60:02d}:{(hi - step) % 60:02d}"
        detail = f"{start[0]} {lo // 60:02d}:{lo % 60:02d}-{last} local time, weekdays, in order"
    data = {"fk": None, "parent": None, "hours": [lo, hi], "place": place,  # minutes
            "end": start[1] if start[1] and free(view, start[1]) else None, "step": step,
            "days": days, "follow": True, "along": start[2], "floors": floors,
            "zoned": local_time.zoned(view.schema, view.tp.name, start[0]),
            "in_order": in_order, "length": day_end.length_of(view, *start[:2])}  # fmt: skip
    out.append(Rule("opening", [start[0], *start[2]], detail + _moved(start[2]), data))
    return out


def _work_planned(
    view: TableView, scale: tuple[float, float, float, bool] | None, place: Any
) -> tuple[str, str | None, list[str]] | None:
    """Work people planned at a site of the business (a stop of a delivery run, a crew's call
    at a customer): a row of a thing done within a working day (span.scale_of: a trip, a job,
    a task; not a shift, a stay, a contract) or of no known thing, whose time says when people
    planned to do it (lexicon.arranged: `planned_at`, `scheduled_for`) and whose place is read
    from a site the business runs (kinds/meets.business_place: a depot, a hub, a branch),
    through whatever keys (local_time.place_of): that planned time alone, in working hours."""
    if (scale is not None and scale[2] >= WORKDAY_MINUTES) or place is None or place[0] is None:
        return None
    if not any(business_place(view.schema, t) for t in {place[0].table, place[0].parent}):
        return None
    found = [
        c
        for c, s in view.specs.items()
        if s.kind == "timestamp"
        and lexicon.arranged(c)
        and not lexicon.record_time(c, s.generator)
        and free(view, c)
    ]
    return (found[0], None, []) if found else None


def _moved(along: list[str]) -> str:
    return f", {', '.join(along)} moving with it" if along else ""


def _hours_of_site(rng: np.random.Generator, rule: Rule, batch: Batch) -> None:
    """A business's hours: opening 06:00-10:00 on a half hour, closing 8 to 12 hours later."""
    opens, closes = (batch.get(c) for c in rule.columns)
    if opens is None or closes is None:
        return
    n = opens.values.size
    first = 6 * 60 + 30 * rng.integers(0, 9, n)
    last = np.minimum(first + 60 * rng.integers(8, 13, n), 23 * 60 + 30)
    opens.values[:] = [f"{m // 60:02d}:{m % 60:02d}:00" for m in first.tolist()]
    closes.values[:] = [f"{m // 60:02d}:{m % 60:02d}:00" for m in last.tolist()]


def _site_hours(
    view: TableView, rule: Rule, batch: Batch, n: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(opening minute, closing minute, known) per row."""
    if rule.data["fk"] is None:
        lo, hi = rule.data["hours"]
        return np.full(n, lo), np.full(n, hi), np.ones(n, bool)
    path = Path(rule.data["fk"], rule.data["parent"])
    got = [source_values(view, path, c, batch) for c in rule.data["hours"]]
    if got[0] is None or got[1] is None:
        return np.zeros(n, np.int64), np.zeros(n, np.int64), np.zeros(n, bool)
    lo = np.asarray([day_minutes(v) for v in np.asarray(got[0][0], dtype=object).tolist()])
    hi = np.asarray([day_minutes(v) for v in np.asarray(got[1][0], dtype=object).tolist()])
    return lo, hi, ~got[0][1] & ~got[1][1] & (lo >= 0) & (hi > lo)


def _bounds(
    view: TableView, rule: Rule, batch: Batch, begin: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """The latest of the row's other times that were not after the event (a booking's
    `created_at` before its pickup, a pickup before its return) and the earliest of those
    after it (the return after its pickup): the event stays between them."""
    floor = np.full(begin.size, np.iinfo(np.int64).min, np.int64)
    ceiling = np.full(begin.size, np.iinfo(np.int64).max, np.int64)
    skip = {rule.columns[0], rule.data.get("end") if rule.data.get("follow") else None}
    skip |= set(rule.data.get("along") or ())  # the times that move with it
    for name, spec in view.specs.items():
        col = batch.get(name)
        if name in skip or col is None or spec.kind not in ("timestamp", "date"):
            continue
        at = as_us(col).astype(np.int64)
        before = ~col.nulls & (at <= begin)
        at = at + DAY_US * (spec.kind == "date" and bool(rule.data.get("deed")))  # the day after
        floor = np.where(before, np.maximum(floor, at), floor)
        if not rule.data.get("follow"):  # an event of its own (a pickup before its return)
            ceiling = np.where(~col.nulls & ~before, np.minimum(ceiling, at), ceiling)
    # a thing attended (its end moving with it) nor before its parents were: a Saturday's
    # sitting not back to the Friday before its piece was drawn up
    follow = rule.data.get("follow") or rule.data.get("deed")
    for fk, parent, column in (rule.data.get("floors") or ()) if follow else ():
        times = parent_time(view, fk, parent, column)
        if times is not None:
            born = as_ints(times, np.iinfo(np.int64).min)
            floor = np.where(born <= begin, np.maximum(floor, born), floor)
    # nor after the life of what it is of ended (a patient's death: rules/life_ends.py)
    return floor, np.minimum(ceiling, parents_ended(view, begin))


def _under_way(
    rule: Rule,
    begin: np.ndarray,
    finish: np.ndarray,
    ended: np.ndarray,
    moved: np.ndarray,
    at: tuple[np.ndarray, np.ndarray, np.ndarray, int],
) -> np.ndarray:
    """A thing attended that is under way by the run's clock (it began by now and ends after
    it: a class in progress) stays under way: it starts at the last slot of the hours by now
    on today's local day, where that one still reaches past now on an open day, else where it
    was (the clock wins over the hours)."""
    zones, lo, hi, now = at
    spanning = ended & (begin <= now) & (finish > now)
    if not spanning.any():
        return moved
    step, days = int(rule.data["step"]), int(rule.data["days"])
    now_at = np.full(begin.size, now, np.int64)
    local_now = now_at + local_time.offsets(zones, now_at.astype("datetime64[us]"))
    today, minute = local_now // DAY_US, (local_now % DAY_US) // MINUTE_US
    last = lo + step * (np.maximum((hi - lo) // step, 1) - 1)
    slot = lo + ((np.clip(minute, lo, last) - lo) // step) * step
    local = today * DAY_US + slot * MINUTE_US
    start = local - local_time.offsets(zones, local.astype("datetime64[us]"))
    fits = (minute >= lo) & ((today + 3) % 7 < days) & (start <= now)
    fits &= start + (finish - begin) > now
    return np.where(spanning, np.where(fits, start, begin), moved)


def _squeeze(
    rule: Rule,
    zones: np.ndarray,
    begin: np.ndarray,
    stuck: np.ndarray,
    bounds: tuple[np.ndarray, np.ndarray],
    by_clock: tuple[np.ndarray, int],
    hours: tuple[np.ndarray, np.ndarray],
) -> tuple[np.ndarray, np.ndarray]:
    """A start no random slot could place, between its bounds (booked a minute before it
    happened, an hour ago) and on the right side of the run's clock, takes the open slot
    nearest its own time within those bounds (the one before it, the one after), else the
    first open slot of the bounds within three days: (moved, still kept)."""
    floor, ceiling = bounds
    was_by_now, now = by_clock
    lo, hi = hours
    step, days = int(rule.data["step"]), int(rule.data["days"])
    least = np.maximum(floor, np.where(was_by_now, floor, now + 1))
    most = np.minimum(ceiling, np.where(was_by_now, now, ceiling))
    edge = np.iinfo(np.int64)
    todo = stuck & (least > edge.min) & (most < edge.max) & (least <= most)
    moved, kept = begin.copy(), stuck.copy()
    last_slot = lo + step * (np.maximum((hi - lo) // step, 1) - 1)

    def local_of(at: np.ndarray) -> np.ndarray:
        safe = np.where(todo, at, 0)
        local: np.ndarray = safe + local_time.offsets(zones, safe.astype("datetime64[us]"))
        return local

    def minutes(local: np.ndarray, up: bool) -> np.ndarray:
        into = local - (local // DAY_US) * DAY_US
        out: np.ndarray = -(-into // MINUTE_US) if up else into // MINUTE_US
        return out

    own, first = local_of(begin), local_of(least)
    tries = [  # (local day, minute into it to round to a slot, rounded up)
        (own // DAY_US, minutes(own, False), False),
        (own // DAY_US, minutes(own, True), True),
    ]
    tries += [(first // DAY_US + k, minutes(first, True) if k == 0 else lo, True) for k in range(3)]
    for day, minute, up in tries:
        steps = (minute - lo) // step if not up else -(-(minute - lo) // step)
        slot = lo + step * np.clip(steps, 0, None)
        local = day * DAY_US + slot * MINUTE_US
        at = local - local_time.offsets(zones, np.where(todo, local, 0).astype("datetime64[us]"))
        fits = todo & (slot <= last_slot) & ((day + 3) % 7 < days) & (at >= least) & (at <= most)
        moved = np.where(fits, at, moved)
        kept &= ~fits
        todo &= ~fits
    return moved, kept


class _Along:
    """The times that move with the start by as much as it moves (an actual start and its
    end with the slot booked), each on its side of the run's clock as before."""

    def __init__(
        self, batch: Batch, names: Sequence[str], now: int, watch: Sequence[str] = ()
    ) -> None:
        self.cols = [c for c in (batch.get(n) for n in [*names, *watch]) if c is not None]
        self.at = [as_us(c).astype(np.int64) for c in self.cols]
        self.now = now
        self.moving = len([n for n in names if batch.get(n) is not None])  # the rest: watched

    def crossed(self, delta: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(rows where a time by now would pass the clock, rows where one after it would
        reach it) were the start moved by `delta`."""
        late = np.zeros(delta.size, bool)
        early = np.zeros(delta.size, bool)
        for col, at in zip(self.cols, self.at, strict=True):
            by_now, after = at <= self.now, at + delta <= self.now
            late |= ~col.nulls & by_now & ~after
            early |= ~col.nulls & ~by_now & after
        return late, early

    def move(self, delta: np.ndarray, rows: np.ndarray) -> None:
        for col, at in zip(self.cols[: self.moving], self.at[: self.moving], strict=True):
            store(col, (at + delta).astype("datetime64[us]"), rows[~col.nulls[rows]])


class _Draw(NamedTuple):
    """One batch's starts (and the rows whose start and hours are known) and what they are
    placed by: the local day and slot drawn, the zones, the hours (minutes), the run's clock,
    the bounds of the row's other times, and the end of a thing attended (its times, whether
    it has one)."""

    begin: np.ndarray
    known: np.ndarray
    day: np.ndarray
    slot: np.ndarray
    zones: np.ndarray
    hours: tuple[np.ndarray, np.ndarray]
    now: int
    bounds: tuple[np.ndarray, np.ndarray]
    finish: np.ndarray | None
    ended: np.ndarray


def _placed(rule: Rule, draw: _Draw, along: _Along | None) -> tuple[np.ndarray, np.ndarray]:
    """(the starts moved, the rows kept where they were): the drawn slot of the start's own
    local day, a day back or on where the run's clock, the row's other times or the times
    that move with it (`along`, where given) ask, else the nearest slot that fits."""
    begin, known, day, slot, zones, (lo, hi), now, (floor, ceiling), finish, ended = draw
    days = int(rule.data["days"])
    was_by_now = begin <= now
    moved = begin
    none = np.zeros(begin.size, bool)
    for _ in range(8):  # by the clock (or not) as before, and after what came before it
        local = day * DAY_US + slot * MINUTE_US
        moved = local - local_time.offsets(zones, local.astype("datetime64[us]"))
        late, early = along.crossed(moved - begin) if along is not None else (none, none)
        back = was_by_now & (moved > now)  # back a day, open days only
        back |= (moved > ceiling) | late
        ahead = ~back & (((moved <= now) & ~was_by_now) | (moved < floor) | early)  # on a day
        if not (back.any() or ahead.any()):
            break
        day = day + np.where(back, -1, 0) + np.where(ahead, 1, 0)
        weekday = (day + 3) % 7
        day = np.where(back & (weekday >= days), day - (weekday - days + 1), day)
        day = np.where(ahead & (weekday >= days), day + (7 - weekday), day)
    if finish is not None and rule.data["follow"]:
        moved = _under_way(rule, begin, finish, ended, moved, (zones, lo, hi, now))
    kept = (was_by_now != (moved <= now)) | (moved < floor) | (moved > ceiling)  # as it was
    if along is not None:
        kept |= np.logical_or(*along.crossed(moved - begin))
    if (kept & known).any():
        stuck = kept & known
        squeezed, still = _squeeze(rule, zones, begin, stuck, (floor, ceiling),
                                   (was_by_now, now), (lo, hi))  # fmt: skip
        if along is not None:
            still |= stuck & np.logical_or(*along.crossed(squeezed - begin))
        moved = np.where(stuck & ~still, squeezed, moved)
        kept &= ~(stuck & ~still)
    return np.where(kept, begin, moved), kept


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    rng = row_rng(view, rule, idx)
    if rule.kind == "site_hours":
        _hours_of_site(rng, rule, batch)
        return
    col = batch.get(rule.columns[0])
    if col is None:
        return
    n = col.values.size
    lo, hi, known = _site_hours(view, rule, batch, n)
    begin = as_us(col).astype(np.int64)
    known &= ~col.nulls & slot_free(view, batch, rule.columns[0])
    if not known.any():
        return
    zones = local_time.zones_of(view, rule.data["place"], batch, n)
    if not rule.data["zoned"]:
        zones = np.full(n, "", dtype=object)  # a wall-clock time is already local
    offset = local_time.offsets(zones, begin.astype("datetime64[us]"))
    day = (begin + offset) // DAY_US
    step, days = int(rule.data["step"]), int(rule.data["days"])
    hi = day_end.fit(rule, batch, lo, hi, step)  # a length of its own ends by closing
    end = batch.get(rule.data["end"]) if rule.data.get("end") else None
    closes = hi
    if end is not None and rule.data["follow"] and rule.data["fk"] is not None:
        hi = day_end.by_closing(lo, hi, begin, end, step)  # a site's hours: its end by closing
    weekday = (day + 3) % 7  # 0 Monday … 6 Sunday
    day = np.where(weekday >= days, day - (weekday - days + 1), day)  # back to the last open day
    slots = np.maximum((hi - lo) // step, 1)
    # work planned in order: as far into the hours as it was into its day (a run's stops)
    share = ((begin + offset) % DAY_US) / DAY_US if rule.data.get("in_order") else rng.random(n)
    slot = lo + step * (share * slots).astype(np.int64)
    now = int(clock.run_now(view.config).astype("datetime64[us]").astype(np.int64))
    draw = _Draw(begin, known, day, slot, zones, (lo, hi), now, _bounds(view, rule, batch, begin),
                 None if end is None else as_us(end).astype(np.int64),
                 known if end is None else ~end.nulls & known)  # fmt: skip
    # an end that moves with the start stays by the clock as it was (a session done by now
    # stays done): watched as the times along are, moved below
    watch = [rule.data["end"]] if end is not None and rule.data["follow"] else []
    along = _Along(batch, rule.data.get("along") or (), now, watch)
    moved, kept = _placed(rule, draw, along)
    alone = np.zeros(n, bool)
    if along.moving and (kept & known).any():
        # a slot only the times that happened hold back (a visit under way past the hours,
        # its start by now and its end not): the slot booked moves, they stay
        by_itself, still = _placed(rule, draw, _Along(batch, (), now, watch) if watch else None)
        alone = kept & ~still
        moved = np.where(alone, by_itself, moved)
        kept &= ~alone
    pull = kept & known & (begin <= now)  # begun by now, no open slot between its times and now
    if end is not None and rule.data["follow"]:  # under way by the clock: the clock wins
        pull &= end.nulls | (as_us(end).astype(np.int64) <= now)
    if pull.any():
        last = lo + step * (slots - 1)
        pulled, done = pull_back.pull_back(view, rule, batch, pull, (zones, begin, lo, last, now),
                                           slot)  # fmt: skip
        moved = np.where(done, pulled, moved)
        kept &= ~done
    known &= ~kept
    rows = np.flatnonzero(known)
    delta = moved - begin
    along.move(delta, rows[~alone[rows]])
    if end is not None:
        finish = as_us(end).astype(np.int64)
        if rule.data["follow"]:  # a thing attended: its end moves with its start
            after = finish + delta
            if rule.data["fk"] is not None:  # … and ends by the site's closing
                after = day_end.cut_at(closes, moved, zones, after)
        else:  # an end of its own (a return elsewhere): only never before its start
            after = np.where(finish <= moved, finish + delta, finish)
        ended = rows[~end.nulls[rows]]
        store(end, after.astype("datetime64[us]"), ended)
    store(col, moved.astype("datetime64[us]"), rows)


RULE = RowRule(
    "opening",
    "what happens at a site happens in its opening hours, in its local time",
    _plan,
    _apply,
    phases={"site_hours": Phase.ROW, "opening": Phase.FINAL},
    after=("booked",),  # once the times are spread along their parents and as booked …
    before=("counter",),  # … and before the counters read their order
)
