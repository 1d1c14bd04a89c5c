"""Durations scaled by what the row is, and business hours for what people attend.

A row with a start and an end (starts_at/ends_at, started_at/ended_at, departed_at/arrived_at,
check_in/check_out, start_time/end_time) lasts what its table's thing lasts: a call minutes; an
appointment, meeting, lesson or class up to hours; a trip or a ride, a trip's leg, a shift or a
flight hours; a stay, a booking or a rental days; a subscription, contract or membership
months; any other thing that happened between a start and an end (`ended_at`, `finished_at`: a
job, a build, a session) minutes to hours, not days. A table no word of whose name says what it
is, shaped as a session at a site (kinds/session.py: it names a worker and a site and is booked
and attended: a tattoo's sitting, a tuition slot), lasts a session's minutes to hours and is
attended in business hours. A session a site holds that people book into
(kinds/session.hosts_bookings: a donation session) lasts hours, from 07:00, over by 21:00. A
row whose kind column names a thing of its own (an encounter's 'telehealth', 'emergency',
'inpatient') lasts what that thing lasts. Things people attend (appointments, meetings,
lessons, classes, visits, calls) and jobs a technician is sent to (a work order, a repair: work
at the customer's place, booked in a working day) start on a weekday between 08:00 and 17:00 on
a five-minute mark and end the same day; a weekday number beside them (`weekday`,
`day_of_week`) is Monday to Friday. Times of day (`time` columns) follow the same hours. The
start keeps its day (a weekend's moves to the Monday after); the end follows it, and an end
that happened (`ended_at`, `arrived_at`: not a scheduled `ends_at`) of a row started by the
run's clock is not after it, and a row without it yet is under way: it began within its thing's
duration before the clock (a start moved back so stays after the row's times before it, its
creation). A booking's planned window (booked_from/booked_until) is spanned too; its end is a
plan's, which may lie after the clock, not an event that happened. Applied last (with the dates
in order): the duration is the rule's, whatever order the other time rules left."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock, scratch
from workbench.generate.base.names import normalise, singular_forms
from workbench.generate.kinds import rate_unit
from workbench.generate.kinds.context import nouns_around
from workbench.generate.kinds.orders import declared_orders, one_word_apart, reversed_by_check
from workbench.generate.kinds.session import hosts_bookings, session_at_site
from workbench.generate.kinds.shows import is_show
from workbench.generate.kinds.terms import is_term
from workbench.generate.kinds.windows import window_of
from workbench.generate.rules import work_day
from workbench.generate.rules.base import (
    Phase,
    RowRule,
    Rule,
    free,
    labels_of,
    movable_time,
    row_rng,
)
from workbench.generate.rules.times import as_us, store, time_stem
from workbench.generate.vocab import lexicon, processes
from workbench.generate.vocab.durations import (
    END_WORDS,
    EVENT,
    HOSTED,
    SCALES,
    SHOW,
    scale_of_word,
    window_scale,
)
from workbench.generate.vocab.magnitudes import lacks, magnitude_of

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

MINUTE_US = 60_000_000
SECOND_US = 1_000_000
DAY_MINUTES = 24 * 60
# a thing that happened between a start and an end (ended_at, finished_at) whose table names
# nothing above: a job, a build, a session of some kind; minutes to hours, not days
HAPPENED = (2, 12 * 60, 40, False)
# a course of something done a few times a day (a number per day beside start and end dates):
# days to weeks, rarely a year
COURSE = (60 * 24, 60 * 24 * 365, 60 * 24 * 10, False)
WEEKDAY_NAMES = frozenset({"weekday", "day_of_week", "dow", "week_day", "iso_weekday"})
OPEN_HOUR, LAST_START_HOUR = 8, 17


def scale_of(table: str) -> tuple[float, float, float, bool] | None:
    """The duration scale of a table's thing, by the table name's last word, else its last
    two (`work_orders`: an order of work, not a sale); a session of a thing (`game_sessions`)
    lasts what the thing lasts."""
    words = normalise(table).split("_")
    found = scale_of_word(words[-2]) if len(words) > 1 and words[-1] in SITTINGS else None
    found = found or scale_of_word(words[-1]) or scale_of_word("_".join(words[-2:]))
    for form in sorted(singular_forms(words[-1])) if found is None else ():
        found = found or scale_of_word(form)  # `policies`: a policy, `tenancies`
    return found


# a session at a site read from the table's shape (kinds/session.py: a worker, a site, booked
# and attended), whatever its name: a sitting, a treatment slot, a tuition; minutes to hours
SESSION = (30, 4 * 60, 60, True)


# a session of a thing held over a period of its own (a sale's, a conference's, a trial's
# sessions: the table named after a required parent that has a start and an end): a block of
# that programme, an hour to a working day, not a customer's appointment
PROGRAMME = (60, 8 * 60, 180, True)
SITTINGS = frozenset({"session", "sessions", "sitting", "sittings"})


def _programme_block(view: TableView) -> bool:
    """Whether the rows are sessions of a parent held over a period (`sale_sessions` under a
    `sales` row with its own starts_at/ends_at)."""
    words = normalise(view.table.name).split("_")
    if len(words) < 2 or words[-1] not in SITTINGS:
        return False
    of = "_".join(words[:-1])
    for unit in view.units:
        parent = view.schema.tables.get(unit.parent)
        if parent is None or unit.nullable or unit.parent == view.tp.name:
            continue
        noun = normalise(parent.name).split("_")
        if of not in {"_".join([*noun[:-1], w]) for w in singular_forms(noun[-1])}:
            continue
        window = window_of(view.schema, parent, view.config)
        if window is not None and not window.validity:
            return True
    return False


# a call booked ahead in a calendar (a scheduled time, a 'scheduled' status: a demo, an
# onboarding, a consultation by phone): a meeting held over the line, a quarter hour to two
CALL = SCALES[0][1:]
BOOKED_CALL = (15, 120, 30, True)


def _booked(view: TableView) -> bool:
    """Whether the rows are booked ahead: a time of a plan (`scheduled_at`, `planned_start`)
    or a label saying so (a status `scheduled`, `booked`)."""
    words = lexicon.ARRANGED | {"booked"}
    for name, spec in view.specs.items():
        if spec.kind == "timestamp" and (lexicon.arranged(name) or lexicon.planned(name)):
            return True
        if set(labels_of(spec)) & words:
            return True
    return False


# a booking of a thing hired by the hour (kinds/rate_unit.py: a meeting room's `hourly_rate`):
# a quarter hour to three hours, in business hours, on quarter hours
BY_THE_HOUR = (15, 180, 60, True)
# out and back (departs_at, returns_at): a boat's trip, a day's excursion, a vehicle's round
ROUND_TRIP = (60, 12 * 60, 4 * 60, False)
_RETURNS = frozenset({"return", "returns", "returned"})
_DEPARTS = frozenset({"depart", "departs", "departed", "departure"})
QUARTER = 15


def scale_for(view: TableView) -> tuple[float, float, float, bool] | None:
    """The duration scale of the row's thing: a block of its parent's programme (a sale's
    session), else by its table's name (scale_of), else a session at a site by the table's
    shape, where the row has a start and an end time to span."""
    if _programme_block(view):
        return PROGRAMME
    if any(normalise(b).split("_")[0] in _RETURNS and normalise(a).split("_")[0] in _DEPARTS
           for a, b in pairs(view)):  # fmt: skip
        return ROUND_TRIP  # it departs and comes back: an outing of hours
    words = normalise(view.table.name).split("_")
    if hosts_bookings(view.schema, view.table) and not (
        len(words) > 1 and scale_of_word(words[-2])
    ):
        return HOSTED  # a session a site holds, people booked into it: hours
    named = scale_of(view.table.name)
    if named is None and pairs(view) and is_show(view.schema, view.table):
        return SHOW  # a concert, a performance: hours, in the evening (rules/fixture_hours.py)
    if named is None and _held_event(view):
        return EVENT  # an event people come to (a talk, a storytime): minutes to hours
    if named is None and is_term(view.schema, view.table):
        named = scale_of("term")  # its status says it runs out (kinds/terms.py): months
    if named == CALL and _booked(view):
        return BOOKED_CALL
    if named == scale_of_word("booking") and rate_unit.hired_by(view.schema, view.table) == "hour":
        return BY_THE_HOUR  # a room, a court, a studio booked by the hour
    if named is not None or not session_at_site(view.schema, view.table):
        return named
    timed = any(view.specs[a].kind == "timestamp" == view.specs[b].kind for a, b in pairs(view))
    return SESSION if timed else None


# a column whose labels say what kind of thing each row is (an encounter's kind)
KIND_WORDS = frozenset({"kind", "type", "category", "class", "mode", "channel", "setting"})
# a column whose labels say how each row was done, its length with it (a treatment's method)
_HOW_WORDS = KIND_WORDS | {"method", "technique"}
_EVENT_WORDS = frozenset({"event", "events"})


def _held_event(view: TableView) -> bool:
    """Rows of events held over a planned window: the table named after events (`events`,
    `library_events`) or a kind column of events (`event_type`), a start and an end of a plan
    (`starts_at`/`ends_at`; not `started_at`/`finished_at`: a log of happenings, a repair)."""
    words = normalise(view.table.name).split("_")
    named = bool(singular_forms(words[-1]) & _EVENT_WORDS)
    columns = [set(normalise(c).split("_")) for c in view.specs]
    kinds = any("event" in w and bool(KIND_WORDS & w) for w in columns)
    timed = [(a, b) for a, b in pairs(view) if view.specs[a].kind == view.specs[b].kind]
    planned = [view.specs[a].kind == "timestamp" and not happened(b) for a, b in timed]
    return (named or kinds) and any(planned)


def label_scales(view: TableView) -> tuple[str, dict[str, list[float | bool]]] | None:
    """A kind column whose labels name things of their own duration (an encounter's
    'telehealth', 'inpatient'; a treatment's `method` 'in_feed'), or any column whose every
    label a length's data knows (a donation's `procedure` 'whole_blood': `lasts_min`, first):
    the column and each label's scale. A label is read whole, then word by word; a call among
    rows booked ahead is a booked call's, a 'viewing' among rites a visitation of the dead."""
    around = nouns_around(view.schema, view.table)  # a work order's 'preventive': a service
    for name, spec in view.specs.items():
        labels = labels_of(spec)
        lasting = {lb: b for lb in labels if (b := _lasting(lb, around)) is not None}
        if not set(normalise(name).split("_")) & _HOW_WORDS and (
            len(lasting) < 2 or len(lasting) < len(labels)
        ):
            continue  # not a kind column, nor one whose every label lasts its own time
        found: dict[str, list[float | bool]] = {lb: [*b, False] for lb, b in lasting.items()}
        for label in labels:
            whole = normalise(label)
            for word in (whole, *whole.split("_")) if label not in found else ():
                scale = scale_of_word(word)
                steps = processes.step_duration(word) if scale is None else None
                scale = (*steps, False) if steps is not None else scale  # a fermentation
                if scale is not None:
                    found[label] = list(scale)
                    break
        if found:
            return name, _in_company(view, found)
    return None


def lasting_labels(
    planned: Sequence[Rule], end: str, start: str, least: float
) -> tuple[str, dict[str, float]] | None:
    """The kind column and its labels whose rows span gave a length of `least` minutes or more
    as a rule (a course of medicated feed: days), each with its longest minutes: a later rule
    keeps their length."""
    rule = next((r for r in planned if r.kind == "span" and r.columns == [end, start]), None)
    by_label = rule.data.get("by_label") if rule is not None else None
    if not by_label:
        return None
    long = {label: float(s[1]) for label, s in by_label[1].items() if s[2] >= least}
    return (by_label[0], long) if long else None


def _in_company(
    view: TableView, found: dict[str, list[float | bool]]
) -> dict[str, list[float | bool]]:
    """Labels' scales read beside each other and the row: a call booked ahead lasts a booked
    call's quarter hour to two; a viewing beside a funeral's rites is the dead's visitation."""
    viewing, rite = scale_of_word("viewing"), scale_of_word("memorial")
    rites = any(tuple(v) == rite for v in found.values())
    booked = _booked(view)
    out = {}
    for label, scale in found.items():
        if tuple(scale) == CALL and booked:
            scale = list(BOOKED_CALL)
        elif tuple(scale) == viewing and rites:
            scale = list(scale_of_word("visitation") or scale)
        out[label] = scale
    return out


def _lasting(label: str, around: frozenset[str]) -> tuple[float, float, float] | None:
    """(shortest, longest, typical) minutes of a thing a label names, by the data of things'
    lengths (vocab/data/magnitudes_*.tsv `lasts_min`: a dialysis; a work order's service)."""
    band = magnitude_of("lasts_min", normalise(label), around)
    return None if band is None or lacks(band) else (band[0], band[2], band[1])


@scratch.per_table
def pairs(view: TableView) -> list[tuple[str, str]]:
    """The (start, end) pairs of a table's columns of one kind (started_at/ended_at …)."""
    norms = {normalise(c): c for c in view.specs}
    out = []
    for norm, column in norms.items():
        words = norm.split("_")
        punched = [c for n, c in norms.items() if lexicon.punch_pair(norm, n)]
        if punched and view.specs[punched[0]].kind == view.specs[column].kind:
            out.append((column, punched[0]))  # a time clock's punches: clock_in, clock_out
            continue
        for at, word in enumerate(words):
            joined = word if word in END_WORDS else "_".join(words[at : at + 2])
            if joined not in END_WORDS:
                continue
            for end in END_WORDS[joined]:
                partner = norms.get(norm.replace(joined, end, 1))
                if partner is not None and view.specs[partner].kind == view.specs[column].kind:
                    pair = (column, partner)
                    if reversed_by_check(view.schema, view.table, column, partner):
                        pair = (partner, column)  # a CHECK says which end comes first
                    if pair not in out and pair[::-1] not in out:  # a guest's arrival/
                        out.append(pair)  # departure, a flight's departure/arrival: the first
                    break
            break
    if scale_of(view.table.name) is not None:  # a thing with a duration: the two events
        for order in declared_orders(view.schema, view.table):  # a CHECK orders (admitted,
            pair = (order.before, order.after)  # discharged), not a plan's bounds (booked_until)
            named = pair in out or pair[::-1] in out
            if named or not one_word_apart(*pair) or not set(pair) <= set(view.specs):
                continue
            if not (lexicon.happened(order.before) and lexicon.happened(order.after)):
                continue
            if view.specs[order.after].kind == view.specs[order.before].kind:
                out.append(pair)
    return out


def _dosed(view: TableView) -> bool:
    """A row with a number of times a day (`times_per_day`, `doses_per_day`)."""
    return any(
        s.generator == "per_day" or normalise(c).endswith("per_day") for c, s in view.specs.items()
    )


def happened(end: str) -> bool:
    """An end that is an event recorded once it happened (ended_at, arrived_at, finished_at,
    a time clock's clock_out), not a scheduled one (ends_at)."""
    words = time_stem(end).split("_")
    if lexicon.planned(end):  # `scheduled_end`, `planned_end`: a plan's end, not an event
        return False
    return any(w.endswith("ed") or w in lexicon.PUNCHES["in"] for w in words)


# a span of work named by its columns' words (clock_in/clock_out, shift_start/shift_end)
WORKED = (120, 12 * 60, 8 * 60, False)
# a stay on premises named by its columns' words (entered_at/left_at, entry_time/exit_time):
# someone came in and went out again, a visit of minutes to hours, not days
PRESENT = (5, 12 * 60, 60, False)
_ENTERED = frozenset({"entered", "entry"})


def present(start: str, end: str) -> bool:
    """Whether a start/end pair is an entry and an exit (`entered_at`/`left_at`)."""
    return bool(_ENTERED & set(normalise(time_stem(start)).split("_"))) and not (
        _ENTERED & set(normalise(time_stem(end)).split("_"))
    )


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    named = scale_for(view)
    window = window_of(view.schema, view.table, view.config) if named is None else None
    out = []
    found = [
        (a, b)
        for a, b in pairs(view)
        if view.specs[a].kind in ("timestamp", "date") or view.specs[a].info.kind == "time"
    ]  # not a pickup_branch_id/return_branch_id
    planned_window = window_of(view.schema, view.table, view.config) if named else None
    # a booking's planned window (a car reservation's pickup_at..return_due_at): as long as
    # the thing booked lasts
    if (
        not found
        and planned_window is not None
        and not planned_window.validity
        and {planned_window.start, planned_window.end} <= set(view.specs)
    ):
        found = [(planned_window.start, planned_window.end)]
    planned_pairs = set(found) - set(pairs(view))
    for start, end in found:
        kind = view.specs[start].kind
        clock_time = view.specs[start].info.kind == "time"
        if not free(view, end) or not (kind in ("timestamp", "date") or clock_time):
            continue
        scale = window_scale(start, end, named)  # a slot's own words: hours, not days
        if scale is None and (lexicon.work(start) or lexicon.work(end)):
            scale = WORKED  # a time clock's or a shift's columns: a working day's hours
        if scale is None and present(start, end):
            scale = PRESENT  # came in and went out again: a visit's minutes to hours
        if scale is None and lexicon.punch_pair(start, end):
            continue  # punched in and out of something unnamed (a room): its own length
        if kind == "date" and (scale is None or scale[1] < DAY_MINUTES) and _dosed(view):
            scale = COURSE  # done so many times a day from a start date to an end date
        if kind == "date" and (scale is None or scale[1] < DAY_MINUTES):
            continue  # a day is a date's step: only things lasting days are spanned in days
        if scale is None and happened(end) and not (window is not None and window.validity):
            scale = HAPPENED
        by_label = label_scales(view) if kind == "timestamp" else None
        if scale is None and by_label is not None:
            scale = HAPPENED  # for the labels that name nothing of their own
        if scale is None:
            continue
        lo, hi, typical, attended = scale
        detail = f"{end} {lo:g}-{hi:g} minutes after {start}" + (
            ", in business hours" if attended else ""
        )
        if scale is SESSION:  # read from the table's shape, not its name: say so
            detail += " (a session at a site: a worker, a site, booked or a customer)"
        # a planned window's end (booked_until) is when the thing booked ends, not an event
        # recorded once it happened (a hire's returned_at is one): it may lie after the clock
        ended = happened(end) and ((start, end) not in planned_pairs or lexicon.happened(end))
        # a span of work (a shift's, a timesheet's): its times of day a working day's
        work = scale is WORKED or scale == scale_of_word("shift")
        if work and clock_time:
            detail += f", from {work_day.FIRST_START // 60:02d}:00-{work_day.LAST_START // 60}:00"
        data = {"scale": [lo, hi, typical], "attended": attended, "time_of_day": clock_time,
                "work": work, "step": QUARTER if scale is BY_THE_HOUR else None,
                "start_free": free(view, start), "happened": ended,
                "by_label": list(by_label) if by_label else None}  # fmt: skip
        if by_label is not None:
            detail += f"; by {by_label[0]}: " + ", ".join(
                f"{label} {v[0]:g}-{v[1]:g}" for label, v in by_label[1].items()
            )
        out.append(Rule("span", [end, start], detail, data))
    if any(r.data["attended"] for r in out):
        days = [c for c in view.specs if normalise(c) in WEEKDAY_NAMES and free(view, c)]
        out += [Rule("weekday", [c], f"{c} Monday to Friday", {}) for c in days]
    return out + _workdays(view, {c for r in out for c in r.columns})


def _workdays(view: TableView, spanned: set[str]) -> list[Rule]:
    """A lone day named after a thing people attend (`session_date`, `lesson_on`, a class's
    `meeting_date`): a weekday, as the starts of spans of such things are. The row's later
    times move with it (a register written soon after its session)."""
    out = []
    times = [c for c, s in view.specs.items() if s.kind in ("timestamp", "date")]
    for column in times:
        if column in spanned or not movable_time(view, column):
            continue
        scales = [scale_of_word(w) for w in time_stem(column).split("_")]
        if not any(scale is not None and scale[3] for scale in scales):
            continue
        later = [c for c in times if c != column and c not in spanned and free(view, c)]
        out.append(Rule("workday", [column, *later], f"{column} Monday to Friday", {}))
    return out


def draw_minutes(
    rng: np.random.Generator, n: int, lo: float, hi: float, typical: float
) -> np.ndarray:
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
    if rule.kind == "workday":
        _workday(rng, rule, batch)
        return
    end, start = batch.get(rule.columns[0]), batch.get(rule.columns[1])
    if end is None or start is None:
        return
    lo, hi, typical = rule.data["scale"]
    attended = rule.data["attended"]
    n = start.values.size
    minutes = draw_minutes(rng, n, lo, hi, typical)
    if rule.data.get("step"):  # booked on quarter hours: lasting whole quarters
        step = rule.data["step"]
        minutes = np.clip(np.round(minutes / step) * step, step * np.ceil(lo / step), hi)
    shortest = np.full(n, float(lo))
    rows_attended = np.full(n, bool(attended))
    if rule.data.get("by_label") and not rule.data["time_of_day"]:
        column, scales = rule.data["by_label"]
        kinds = batch.get(column)
        if kinds is not None:
            labels = np.asarray(kinds.values).astype(str)
            for label, (l_lo, l_hi, l_typical, l_attended) in scales.items():
                at = np.flatnonzero((labels == label) & ~kinds.nulls)
                minutes[at] = draw_minutes(rng, at.size, l_lo, l_hi, l_typical)
                shortest[at] = l_lo
                rows_attended[at] = l_attended
    attended = bool(rows_attended.any())
    if rule.data["time_of_day"]:
        first = OPEN_HOUR * 60 + 5 * rng.integers(0, (LAST_START_HOUR - OPEN_HOUR) * 12, n)
        last = np.minimum(first + minutes, 18 * 60)
        if rule.data.get("work"):  # a day's work: early in the day, over by the evening
            first, last = work_day.shift_times(rng, minutes)
        if rule.data["scale"] == list(HOSTED[:3]):  # a site's session: from 07:00, by 21:00
            first, last = work_day.session_times(rng, minutes)
        if rule.data["start_free"]:
            start.values[:] = [f"{m // 60:02d}:{m % 60:02d}:00" for m in first.tolist()]
        end.values[:] = [f"{int(m) // 60:02d}:{int(m) % 60:02d}:00" for m in last.tolist()]
        return
    begin = as_us(start)
    if start.kind == "date":  # whole days, at least one (a stay's nights)
        days = np.maximum(np.round(minutes / DAY_MINUTES), max(1.0, np.ceil(lo / DAY_MINUTES)))
        finish = begin + (days * DAY_MINUTES * MINUTE_US).astype(np.int64).astype("timedelta64[us]")
        store(end, finish, np.flatnonzero(~start.nulls))
        return
    least = (shortest * MINUTE_US).astype(np.int64).astype("timedelta64[us]")
    if attended and rule.data["start_free"]:
        day = begin.astype("datetime64[D]")
        weekday = (day.astype(np.int64) + 3) % 7  # 0 Monday … 6 Sunday
        day = day + np.where(weekday >= 5, 7 - weekday, 0).astype("timedelta64[D]")  # Monday
        slot = OPEN_HOUR * 60 + 5 * rng.integers(0, (LAST_START_HOUR - OPEN_HOUR) * 12, n)
        moved = _by_clock(day, slot, begin, clock.run_now(view.config))
        begin = np.where(rows_attended, moved, begin)
        store(start, begin, np.flatnonzero(rows_attended))
    finish = begin + (minutes * MINUTE_US).astype(np.int64).astype("timedelta64[us]")
    if attended:  # the same day, by six in the evening
        closing = begin.astype("datetime64[D]").astype("datetime64[us]") + np.timedelta64(
            18 * 60 * MINUTE_US, "us"
        )
        capped = np.minimum(finish, np.maximum(closing, begin + least))
        finish = np.where(rows_attended, capped, finish)
    if rule.data.get("step"):  # still whole quarters once cut at the day's end
        quarter = rule.data["step"] * MINUTE_US
        took = np.maximum((finish - begin).astype(np.int64) // quarter, 1) * quarter
        finish = begin + took.astype("timedelta64[us]")
    if rule.data.get("happened"):  # an end that happened (ended_at, arrived_at) is not after now
        now = clock.run_now(view.config)
        # a start moved back stays after the row's times before it (its creation)
        floor = _earlier(view, batch, begin, rule.columns)
        if rule.data["start_free"]:  # one not happened yet: the row is under way, begun lately
            under_way = np.flatnonzero(end.nulls & ~start.nulls & (begin <= now))
            elapsed = minutes[under_way] * rng.random(under_way.size) * MINUTE_US
            since = now - elapsed.astype(np.int64).astype("timedelta64[us]")
            begin[under_way] = np.maximum(since, floor[under_way])
            store(start, begin, under_way)
        late = (begin <= now) & (finish > now)
        finish = np.where(late, now, finish)
        if rule.data["start_free"]:  # and it lasted at least the shortest such thing
            short = np.flatnonzero(late & (finish - begin < least))
            store(start, np.maximum(now - least, floor), short)
    store(end, finish, np.arange(n))


def _earlier(view: TableView, batch: Batch, begin: np.ndarray, skip: list[str]) -> np.ndarray:
    """Per row, the latest of its other times at or before `begin` (a booking's creation
    before its start), rounded up to the second a timestamp keeps; the earliest time where
    none is."""
    floor = np.full(begin.size, np.iinfo(np.int64).min + 1, np.int64)
    at_begin = begin.astype(np.int64)
    for name, spec in view.specs.items():
        col = batch.get(name)
        if name in skip or col is None or spec.kind not in ("timestamp", "date"):
            continue
        at = as_us(col).astype(np.int64)
        before = ~col.nulls & (at <= at_begin)
        floor = np.where(before, np.maximum(floor, -(-at // SECOND_US) * SECOND_US), floor)
    return floor.astype("datetime64[us]")


def _workday(rng: np.random.Generator, rule: Rule, batch: Batch) -> None:
    """A weekend day back to a day of its own week, Monday to Friday alike (so never past the
    run's clock), and the row's times from it on back by as many days."""
    day = batch.get(rule.columns[0])
    if day is None:
        return
    when = as_us(day)
    weekday = (when.astype("datetime64[D]").astype(np.int64) + 3) % 7  # 0 Monday … 6 Sunday
    weekend = ~day.nulls & (weekday >= 5)
    if not weekend.any():
        return
    back = weekday - rng.integers(0, 5, when.size)  # to Monday + 0..4 of the same week
    delta = np.where(weekend, back, 0).astype("timedelta64[D]").astype("timedelta64[us]")
    for column in rule.columns:
        col = batch.get(column)
        if col is None:
            continue
        at = as_us(col)
        moved = weekend & ~col.nulls & (at >= when)
        store(col, at - delta, np.flatnonzero(moved))


def _by_clock(
    day: np.ndarray, slot: np.ndarray, begin: np.ndarray, now: np.datetime64
) -> np.ndarray:
    """The start at `slot` minutes into `day`, where a start that was by the run's clock stays
    by it (a row under way or done does not begin later today): on a day whose hours had begun,
    the slot is scaled into the hours gone by; on one whose hours had not, it is the working day
    before's."""
    moved = day.astype("datetime64[us]") + (slot * MINUTE_US).astype("timedelta64[us]")
    ahead = (begin <= now) & (moved > now)
    if not ahead.any():
        return np.asarray(moved)
    opening = day.astype("datetime64[us]") + np.timedelta64(OPEN_HOUR * 60 * MINUTE_US, "us")
    steps = (LAST_START_HOUR - OPEN_HOUR) * 12
    gone = np.clip((now - opening).astype(np.int64) // (5 * MINUTE_US), -1, steps - 1)
    within = OPEN_HOUR * 60 + 5 * (((slot - OPEN_HOUR * 60) // 5) * (gone + 1) // steps)
    weekday = (day.astype(np.int64) + 3) % 7  # 0 Monday … 6 Sunday
    before = day - np.where(weekday == 0, 3, 1).astype("timedelta64[D]")
    earlier = np.where(gone >= 0, day, before).astype("datetime64[us]") + (
        np.where(gone >= 0, within, slot) * MINUTE_US
    ).astype("timedelta64[us]")
    return np.asarray(np.where(ahead, earlier, moved))


def lo_us(minutes: float) -> int:
    return int(minutes * MINUTE_US)


RULE = RowRule(
    "span",
    "a start and an end as far apart as the table's thing lasts; appointments in office hours",
    _plan,
    _apply,
    phases={"span": Phase.FINAL, "weekday": Phase.ROW, "workday": Phase.ROW},
    after=("chain",),  # after the dates in order: an end as far after its start as the thing lasts
)
