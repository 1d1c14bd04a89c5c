"""A count of a unit of time between two times of the row is their difference: a stay's
`nights` (or `nights_count`, `number_of_nights`, `num_days`, `duration_days`,
`length_of_stay_days`) is its check-out day less its check-in day, a rental's `duration_hours`
its return less its pickup, a call's `duration_minutes` its end less its start, a session's
`booked_mins` (`planned_minutes`, `scheduled_hours`: a length booked, of a thing lasting
minutes to hours) its span in whole five minutes; time worked
on it (`labour_minutes`, `billable_hours`) that difference times the hands on it and the share
of it they were busy: one pair of hands where the row names the one person who did the work (a
visit's technician: a key to a table of people), one to three where it names none (a work order
sent to a contractor) or its name says a crew's time (`man_hours`, `crew_minutes`). On a span
longer than the table's thing lasts (rules/span.SCALES: an order of work open for weeks while
it waits for parts) the hands work what such a thing takes, within the span's working hours,
not the whole span. Integer, decimal and float counts alike, within what the type holds.

The column is a number whose name is a unit of time (night, day, week, hour, minute) and
otherwise only words of a count or a duration (num, count, total, duration, length, stay...):
not `min_nights`, `days_overdue` or `notice_days`, which are limits or other spans. The two
times are the table's window (kinds/windows.py) else its first start/end pair (rules/span.py),
read once every time rule has placed them. A count with no end to count to in a table whose
thing has a duration (rules/span.SCALES: a viewing's `duration_minutes`) lasts as long as
that thing. Where either time is NULL the count is NULL if it may be, else it is as long as
the table's thing lasts (a lesson with no end yet), or, for a thing of no known length, it
keeps its drawn value."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.kinds.semantics import inferred_generator
from workbench.generate.kinds.windows import window_of
from workbench.generate.rules import span
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.generate.rules.span import draw_minutes, happened, pairs
from workbench.generate.rules.times import as_us, is_time, time_stem

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch, Col
    from workbench.generate.view import TableView

# a unit word and the microseconds it counts (nights and days: calendar days)
UNITS = {"night": 86_400_000_000, "nights": 86_400_000_000, "day": 86_400_000_000,
         "days": 86_400_000_000, "week": 604_800_000_000, "weeks": 604_800_000_000,
         "hour": 3_600_000_000, "hours": 3_600_000_000, "hrs": 3_600_000_000,
         "minute": 60_000_000, "minutes": 60_000_000, "mins": 60_000_000}  # fmt: skip
# the other words such a count's name may have
COUNT_WORDS = frozenset({"num", "number", "n", "no", "nb", "count", "cnt", "total", "duration",
                         "length", "stay", "of", "in", "elapsed", "actual", "los"})  # fmt: skip
MINUTE_US = 60_000_000
_CALENDAR = frozenset({"night", "nights"})  # counted by calendar date, whatever the hour
# words of time worked on the row's thing (`labour_minutes`, `billable_hours`, `man_hours`):
# the hands on it (one mostly, now and then two or three) times the share of the elapsed time
# they were busy, not the elapsed time itself
WORKED = frozenset({"labour", "labor", "work", "worked", "working", "billable", "billed",
                    "effort", "man", "person", "crew"})  # fmt: skip
HANDS, HANDS_P = (1, 2, 3), (0.7, 0.25, 0.05)
# words of a crew's time: several hands whoever the row names (`man_hours`, `crew_minutes`)
CREW = frozenset({"man", "person", "crew"})
# the generators of a person's own name and birth: a table holding one is a table of people
PERSON = frozenset({"first_name", "last_name", "full_name", "birth_date"})


# words of a length booked ahead (`booked_mins`, `planned_minutes`, `scheduled_hours`): the
# length of a thing lasting minutes to hours as booked, which its span keeps
PLANNED = frozenset({"booked", "planned", "scheduled", "reserved"})
DAY_MINUTES = 24 * 60


def _unit(name: str) -> str | None:
    words = normalise(name).split("_")
    units = [w for w in words if w in UNITS]
    known = UNITS.keys() | COUNT_WORDS | WORKED | PLANNED
    if len(units) != 1 or not all(w in known for w in words):
        return None
    return units[0]


# a phase's length (`bottom_time_minutes`, `boil_duration_hours`, `idle_time_mins`): words
# before "time"/"duration" and a unit last name a part of the row's own span, at most all of it
PART = frozenset({"time", "duration"})
SHARE = (0.5, 0.95)
# a phase may be told in seconds too (`escape_time_seconds`: the part of a game a team took)
_US = {**UNITS, "second": 1_000_000, "seconds": 1_000_000, "secs": 1_000_000}


def _part(name: str) -> str | None:
    words = normalise(name).split("_")
    if len(words) < 3 or words[-2] not in PART or words[-1] not in _US:
        return None
    if _US[words[-1]] > UNITS["hours"] or _worked(name) or _planned(name):
        return None
    return words[-1]


def length_unit(view: TableView, name: str) -> int | None:
    """The microseconds one unit of a free count of minutes or hours of the row counts (a
    visit's `duration_minutes`, `length_hours`: how long the row's thing lasts, no limit, no
    time worked nor booked), else None."""
    spec = view.specs.get(name)
    if spec is None or spec.kind not in ("int", "decimal", "float") or not free(view, name):
        return None
    unit = _unit(name)
    if unit is None or _bound(view, name) or _worked(name) or _planned(name):
        return None
    return UNITS[unit] if UNITS[unit] <= UNITS["hours"] else None


def _bound(view: TableView, name: str) -> bool:
    """A lower bound beside its upper one (`duration_min` and `duration_max`): a limit."""
    words = name.lower().split("_")
    return words[-1] == "min" and "_".join([*words[:-1], "max"]) in view.specs


def _planned(name: str) -> bool:
    return bool(PLANNED & set(normalise(name).split("_")))


def _worked(name: str) -> bool:
    return bool(WORKED & set(normalise(name).split("_")))


WORKDAY_US = 8 * 3_600_000_000  # the hours a pair of hands works in a day


def _working(span: np.ndarray) -> np.ndarray:
    """The working time in a span: all of it up to a working day, then a working day's
    hours for each weekday of it."""
    days = span / (24 * 3_600_000_000)
    return np.where(span <= WORKDAY_US, span, np.maximum(WORKDAY_US, days * 5 / 7 * WORKDAY_US))


def _one_worker(view: TableView, name: str) -> bool:
    """Whether one person did the row's work: it has a key to a table of people (a visit's
    `tech_id`, a timesheet's `employee_id`) and its name says no crew's time."""
    if CREW & set(normalise(name).split("_")):
        return False
    for fk in view.table.foreign_keys:
        parent = view.schema.tables.get(fk.ref_qualified)
        if parent is None or parent is view.table:
            continue
        if any(inferred_generator(view.schema, parent, c) in PERSON for c in parent.columns):
            return True
    return False


def _pair(view: TableView, worked: bool = False) -> tuple[str, str] | None:
    if worked:  # time worked: between the times the work started and ended, not those booked
        done = [(a, b) for a, b in pairs(view) if is_time(view.specs[a].kind) and happened(b)]
        if done:
            return done[0]
    window = window_of(view.schema, view.table, view.config)
    if window is not None:
        return window.start, window.end
    found = [(a, b) for a, b in pairs(view) if is_time(view.specs[a].kind)]
    # else a start and an end of the day (a lesson's `starts`/`ends` of type time): how long
    # the thing lasts, not time worked (rules/net_worked.py's, less its breaks)
    if not worked:
        found = found or [(a, b) for a, b in pairs(view) if _of_day(view, a) and _of_day(view, b)]
    return found[0] if found else None


def _of_day(view: TableView, name: str) -> bool:
    return view.specs[name].info.kind == "time"


def _day_us(col: Col) -> np.ndarray:
    """A time of day's microseconds since midnight ('14:30:00', a datetime.time)."""
    out = np.zeros(col.values.size, np.int64)
    for i, value in enumerate(col.values.tolist()):
        parts = str(value).split(":")
        if len(parts) >= 2 and not col.nulls[i]:
            seconds = (
                int(parts[0]) * 3600 + int(parts[1]) * 60 + float(parts[2] if len(parts) > 2 else 0)
            )
            out[i] = int(seconds * 1_000_000)
    return out


def _measures(view: TableView, pair: tuple[str, str], unit: str) -> bool:
    """Whether a count of `unit` can be the length of the span `pair`: a count of hours or
    minutes is not the length of a span of whole days (two dates: a schedule's `duration_
    minutes` beside its `valid_from`/`valid_to` is how long each visit lasts, not the months
    it is in force)."""
    if _US[unit] >= UNITS["day"]:
        return not _of_day(view, pair[0])  # days are never between two times of one day
    return not all(view.specs[c].kind == "date" for c in pair)


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    pair = None
    out = []
    for name, spec in view.specs.items():
        if spec.kind not in ("int", "decimal", "float") or not free(view, name):
            continue
        unit, part = _unit(name), None
        if unit is None and (part := _part(name)) is not None:
            found = pair or _pair(view)
            if found is not None and _measures(view, found, part):
                share = f"{SHARE[0]:.0%}-{SHARE[1]:.0%}"
                detail = f"{name} = a part ({share}) of the {part} from {found[0]} to {found[1]}"
                shared = {"unit": part, "share": list(SHARE), "of_day": _of_day(view, found[0])}
                out.append(Rule("elapsed", [name, *found], detail, shared))
            continue
        if unit is None or _bound(view, name):
            continue
        worked = _worked(name)
        found = _pair(view, worked) if worked else pair or _pair(view)
        scale = span.scale_for(view) or _attended_day(view)
        booked = _planned(name) and not worked
        if booked and (scale is None or scale[1] > DAY_MINUTES):
            continue  # a length booked of a thing of no session's scale: its own number
        if found is not None and not _measures(view, found, unit):
            continue  # minutes of a term in force (valid_from..valid_to): its own number
        if found is None and scale is not None and not worked and unit not in _CALENDAR:
            # no end to count to (a viewing's start and `duration_minutes`): as long as the
            # table's thing lasts
            detail = f"{name} as long as a {view.table.name} lasts: {scale[0]:g}-{scale[1]:g} min"
            by_label = _within(scale, span.label_scales(view))
            lasting: dict[str, object] = {
                "unit": unit, "scale": list(scale[:3]), "by_label": by_label and [*by_label]
            }  # fmt: skip
            if by_label is not None:
                kind, scales = by_label
                detail += f"; by {kind}: " + ", ".join(
                    f"{label} {v[0]:g}-{v[1]:g}" for label, v in scales.items()
                )
            out.append(Rule("lasts", [name, *(by_label or ())[:1]], detail, lasting))
            continue
        if found is None:
            return []
        if not worked:
            pair = found
        start, end = found
        detail = f"{name} = {unit} from {start} to {end}"
        alone = worked and _one_worker(view, name)
        if worked:
            detail += ", one pair of hands" if alone else ", times the hands on it"
            detail += ", busy 60-100 % of it"
        data = {"unit": unit, "worked": worked, "alone": alone, "booked": booked,
                "of_day": _of_day(view, start)}  # fmt: skip
        if booked:
            detail += ", as booked: whole 5 minutes"
        elif not worked and scale is not None and unit not in _CALENDAR:
            data["lone"] = list(scale[:3])  # no end yet: as long as the thing lasts
        if worked and scale is not None:  # the work such a thing takes, within its span
            data["scale"] = list(scale[:3])
            detail += f", {scale[0]:g}-{scale[1]:g} min of work a pair of hands on a longer span"
        out.append(Rule("elapsed", [name, start, end], detail, data))
    return out


def _attended_day(view: TableView) -> tuple[float, float, float, bool] | None:
    """The scale of a thing people attend that a day or a time of the row is named after
    (a survey's `appointment_date`, a check's `visit_time`), where the table's name says none:
    a lone length beside it is that thing's."""
    for name, spec in view.specs.items():
        if is_time(spec.kind) or spec.info.kind == "time":
            scale = span.scale_of(time_stem(name))
            if scale is not None and scale[3] and scale[1] <= DAY_MINUTES:
                return scale
    return None


def _within(
    scale: tuple[float, float, float, bool],
    by_label: tuple[str, dict[str, list[float | bool]]] | None,
) -> tuple[str, dict[str, list[float | bool]]] | None:
    """The kinds of a thing people attend that are shorter than it, each within the thing's
    range where the two meet: a survey by 'video' is a booked call's length, still a survey's;
    a technician's visit of kind 'installation' is a visit, as long as one (no kind
    lengthens a thing a working day's hours bound)."""
    if by_label is None or not scale[3]:
        return by_label
    lo, hi = scale[0], scale[1]
    out = {}
    for label, (l_lo, l_hi, l_typical, attended) in by_label[1].items():
        if l_typical >= scale[2] or not (l_lo <= hi and lo <= l_hi):
            continue  # as long as the thing, or of another scale altogether
        low, high = max(lo, l_lo), min(hi, l_hi)
        out[label] = [low, high, min(max(l_typical, low), high), attended]
    return (by_label[0], out) if out else None


def _lasts(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    count = batch.get(rule.columns[0])
    if count is None:
        return
    lo, hi, typical = rule.data["scale"]
    rng = row_rng(view, rule, idx)
    minutes = span.draw_minutes(rng, count.values.size, lo, hi, typical)
    kinds = batch.get(rule.data["by_label"][0]) if rule.data.get("by_label") else None
    if kinds is not None:  # a kind of its own length (a survey's 'video': a booked call's)
        labels = np.asarray(kinds.values).astype(str)
        for label, (l_lo, l_hi, l_typical, _) in rule.data["by_label"][1].items():
            at = np.flatnonzero((labels == label) & ~kinds.nulls)
            minutes[at] = span.draw_minutes(rng, at.size, l_lo, l_hi, l_typical)
    value = minutes * MINUTE_US / UNITS[rule.data["unit"]]
    if count.kind == "int":
        value = np.maximum(np.round(value), 1)
    count.values[:] = value.astype(count.values.dtype)


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    if rule.kind == "lasts":
        _lasts(view, rule, batch, idx)
        return
    count, start, end = (batch.get(c) for c in rule.columns)
    if count is None or start is None or end is None:
        return
    unit = rule.data["unit"]
    if rule.data.get("of_day"):  # two times of one day: the end's less the start's
        span = (_day_us(end) - _day_us(start)) % (24 * 3_600_000_000)
    else:
        begin, finish = as_us(start), as_us(end)
        if unit in _CALENDAR or start.kind == "date" or end.kind == "date":
            begin, finish = (
                t.astype("datetime64[D]").astype("datetime64[us]") for t in (begin, finish)
            )
        span = (finish - begin).astype(np.int64)
    if rule.data.get("worked"):
        rng = row_rng(view, rule, idx)
        hands = rng.choice(HANDS, span.size, p=HANDS_P)
        if rule.data.get("alone"):
            hands = np.ones(span.size, dtype=hands.dtype)
        busy = span * rng.uniform(0.6, 1.0, span.size)
        if span.size and rule.data.get("scale"):
            # a span longer than such a thing lasts (an order waiting weeks for parts) is not
            # worked through: the hands work what such a thing takes, within the span's
            # working hours
            lo, hi, typical = rule.data["scale"]
            work = draw_minutes(rng, span.size, lo, hi, typical) * MINUTE_US
            long = span > hi * MINUTE_US
            busy = np.where(long, np.minimum(np.minimum(busy, _working(span)), work), busy)
        span = (busy * hands).astype(np.int64)
    if rule.data.get("share"):  # a phase of the span: a part of it, never more
        low, high = (float(x) for x in rule.data["share"])
        span = (span * row_rng(view, rule, idx).uniform(low, high, span.size)).astype(np.int64)
    if rule.data.get("booked"):  # a length booked: whole 5 minutes, the span close to it
        five = 5 * MINUTE_US
        span = np.maximum((span + five // 2) // five, 1) * five
    known = ~start.nulls & ~end.nulls
    value = span // _US[unit] if count.kind == "int" else span / _US[unit]
    spec = view.specs[rule.columns[0]]
    bounds = spec.info.bounds()
    if bounds is not None:  # within what the type holds (numeric(5,2): 999.99)
        value = np.clip(value, *bounds)
    rows = np.flatnonzero(known)
    count.values[rows] = value[rows].astype(count.values.dtype)
    count.nulls[rows] = False
    if count.nullable:
        count.nulls[~known] = True
    elif rule.data.get("lone"):  # a length that may not be NULL beside no end yet: the thing's
        lone = np.flatnonzero(~known)
        minutes = draw_minutes(row_rng(view, rule, idx), lone.size, *rule.data["lone"])
        drawn = minutes * MINUTE_US / _US[unit]
        count.values[lone] = np.maximum(np.round(drawn), 1) if count.kind == "int" else drawn


RULE = RowRule(
    "elapsed",
    "a count of nights, days or hours between two times of the row is their difference",
    _plan,
    _apply,
    phases={"elapsed": Phase.FINAL, "lasts": Phase.ROW},
    after=("counter",),  # last: once every time rule has placed the row's times
)
