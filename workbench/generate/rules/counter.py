"""Readings of a counter only grow: a meter's readings, a vehicle's odometer, an engine's hours
are one register per parent, read at times, so a later reading is never below an earlier one.

A counter column is a number named like a register (`reading_m3`, `odometer_km`, `mileage`,
`meter_reading`, `counter`, or a bare `value`/`reading` in a table of readings), in a table of
readings a total of what the thing did (`trips_total`, `total_starts`, `lifetime_rides`) or of
its use (`hours_run`), in a table whose rows have a time and a required parent (the meter, the
vehicle, the lift). Several counters of one row (a lift's trips and its running hours) are
registers of their own, each on a curve of its own. A unit of use named after the row's
required parent (`compressor_hours` under `compressor_id`) is that parent's register whatever
amounts sit beside it (rules/own_register.py). Its value is a function of the parent and
the time, the same in every batch: a starting value and a daily rate per parent (by the unit
the name gives: cubic metres, kilometres, kWh, hours), and a monthly wobble too small to ever
turn the curve down.

A register read twice in one row (`start_odometer_km`/`end_odometer_km`, `km_start`/`km_end`,
`meter_before`/`meter_after`, `opening_reading`/`closing_reading`) is a reading interval: a
trip's odometer when it set out and when it came back. Per parent in time order the intervals
chain: each starts at or after the previous one's end (and at or after the parent's register
curve above, which holds the chain together across batches) and ends a plausible increment
later: the row's distance when it has one in the unit (rules/pace.py), else its duration at
the unit's pace of use (data/paces.tsv); an interval whose row has no end time yet (a trip
under way) has no end reading. The parent's own register (a vehicle's
`odometer_km`, read by its trips) is its curve at the run's clock plus half a day's use (the
intervals of its last hours ran above the curve).

A whole-number counter or running number unique with the parent's key (`UNIQUE (autoclave_id,
cycle_counter)`, `UNIQUE (till_id, ticket_no)`; not a line number, rules/sequence.py's) counts
the parent's rows themselves: the unique plan numbers them 1, 2, 3 per parent, and the numbers
go to the rows in their time order, so it strictly grows from each row to the next. Applied
last, once every time rule has placed the row's time."""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.base.hashing import stable_hash
from workbench.generate.base.names import normalise
from workbench.generate.kinds.numbering import is_line_number, is_part_number
from workbench.generate.kinds.windows import events_window, used_at, window_of
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.generate.rules.meter_owner import metered
from workbench.generate.rules.own_register import parents_register
from workbench.generate.rules.pace import distance_unit
from workbench.generate.rules.span import pairs
from workbench.generate.rules.times import DAY_US, as_us, is_time
from workbench.generate.vocab import lexicon
from workbench.generate.vocab.accrual import content_count
from workbench.generate.vocab.paces import pace_of
from workbench.generate.vocab.unit_prices import MONEY_GENERATORS, MONEY_WORDS

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch, Col
    from workbench.generate.view import FKUnit, TableView

REGISTER_WORDS = frozenset({"odometer", "mileage", "counter", "cumulative", "totaliser",
                            "totalizer", "hourmeter", "hoursmeter", "reading",
                            "readings"})  # fmt: skip
READING_TABLES = re.compile(r"(reading|odometer|counter|meter|register)")
# the last word of a running number (`ticket_no`, `run_number`, `cycle_count`)
RUNNING_WORDS = frozenset({"no", "nr", "num", "number", "seq", "count"})
# the last word of a count of things (`cycle_count`: how many cycles)
COUNT_TAILS = frozenset({"count", "cnt", "tally"})
# what changes between readings, not the register itself
NOT_REGISTER = frozenset({"delta", "consumption", "usage", "diff", "difference", "increment",
                          "change", "used", "previous", "prev", "rate"})  # fmt: skip
# a register read at two times of one row (a trip's start and end): not one reading a row
PAIRED = frozenset({"start", "end", "begin", "opening", "closing", "before", "after", "from",
                    "to", "initial", "final"})  # fmt: skip
# the word of a reading interval's start, and its end's
PAIR_ENDS = {"start": "end", "begin": "end", "opening": "closing", "before": "after",
             "initial": "final", "from": "to", "out": "in"}  # fmt: skip
# what a row spent or did in its own interval (a timesheet's `billable_hours`), not a total
PER_ROW = frozenset({"billable", "worked", "spent", "duration", "logged", "flown", "driven",
                     "overtime", "planned", "estimated", "scheduled", "daily", "weekly",
                     "monthly", "average", "avg", "max", "min", "per", "remaining", "left",
                     "limit", "interval", "due", "next", "since_last", "length", "width",
                     "height", "depth", "size", "weight", "price", "cost"})  # fmt: skip
# words of a total counted since the thing began (`trips_total`, `lifetime_landings`)
TOTAL_WORDS = frozenset({"total", "totals", "lifetime", "accumulated", "cumulative"})
_WOBBLE_DAYS = 30.0
# the share of calendar time a thing read now and then runs at most (a machine 17 h a day)
_DUTY = 0.7


def is_register(view: TableView, name: str) -> bool:
    """A number column that holds a register's reading (`odometer_km`, `meter_reading`), or
    the total a thing has accrued in a unit of use (`airframe_hours`, `engine_cycles`,
    `hull_km`) in a snapshot of that thing (rows of one instant each under a parent)."""
    words = _words(name)
    if words & NOT_REGISTER or words & PAIRED:
        return False
    if words & REGISTER_WORDS or content_count(view.tp.name, name):
        return True
    # in a table of readings: a bare value, alone or with its unit (`value`, `value_kwh`,
    # `reading_m3`: the lexicon's word test), a total of what the thing did (`trips_total`)
    # or of its use (`hours_run`)
    if READING_TABLES.search(normalise(view.tp.name)) and (
        lexicon.bare_value(name) or _counted_total(view, name) or _use_total(words)
    ):
        return True
    return _accrued(view, name)


def _use_total(words: set[str]) -> bool:
    """A name of a total in a unit of use, qualified by what accrues it (`airframe_hours`)."""
    pace = pace_of(words)
    if pace is None or pace.per_hour is None or words & PER_ROW:
        return False
    return bool(words - pace.words)


def _counted_total(view: TableView, name: str) -> bool:
    """A total of what a thing did since it began (`trips_total`, `total_starts`,
    `lifetime_rides`): a total word beside what it counts, no change, span, price or size, and
    no money (an order's `total_amount` is its own sum, a balance may fall)."""
    words = _words(name)
    rest = words - TOTAL_WORDS
    if not words & TOTAL_WORDS or not rest or rest & (NOT_REGISTER | PAIRED | PER_ROW):
        return False
    spec = view.specs.get(name)
    return spec is not None and spec.generator not in MONEY_GENERATORS and not rest & MONEY_WORDS


def _accrued(view: TableView, name: str) -> bool:
    """A unit of use (one with an hourly pace: hours, cycles, km) qualified by the thing that
    accrues it (`airframe_hours`, not a bare `hours` nor `billable_hours`), or a total of what
    the thing did (`trips_total`) beside one, in a table whose rows are instants of a required
    parent: no window, no duration, one timestamp. An amount in a unit of use at an instant,
    with no interval it belongs to, is a running total."""
    if not (_use_total(_words(name)) or _counted_total(view, name)):
        return False
    own = not _words(name) & PER_ROW and parents_register(view, name)
    # a snapshot holds totals only: no price, size or other amount beside them (a charging
    # session's `energy_kwh` sits beside its `price_per_kwh`); a register named as one (an
    # `odometer_km` read beside a machine's `operating_hours`) is such a total too, and so is
    # a count of what the thing did (`trips_total`), though alone it says no snapshot (an
    # order's `items_total`) (the number of the part read, `engine_no`, says which series,
    # not how much)
    numbers = [c for c, s in view.specs.items() if s.kind in ("int", "decimal", "float")
               and c not in view.fk_cols and not s.unique and c != _part(view)]  # fmt: skip
    used = {c: _use_total(_words(c)) or _named_register(_words(c)) for c in numbers}
    if not own and not (
        any(used.values()) and all(u or _counted_total(view, c) for c, u in used.items())
    ):
        return False
    # the instant of the snapshot: its one time, the record times (created_at) aside
    times = [c for c, s in view.specs.items()
             if is_time(s.kind) and not lexicon.record_time(c, s.generator)]  # fmt: skip
    if len(times) != 1 or view.specs[times[0]].kind == "date":
        return False
    if window_of(view.schema, view.table, view.config) is not None:
        return False
    return any(not u.nullable and u.parent != view.tp.name for u in view.units)


def _part(view: TableView) -> str:
    """The column saying which of its parent's few like parts a row reads (`engine_no` of a
    vessel's engine log, `channel` of a logger's): a free whole number drawn with no meaning
    of its own. Each (parent, part) is a register of its own."""
    return next((c for c, s in view.specs.items() if s.kind == "int" and s.generator == "int"
                 and free(view, c) and is_part_number(c, view.tp.name)), "")  # fmt: skip


_PARTS = 4  # the most like parts a parent has: a vessel's engines, a station's pumps
_PART_KEY = 8  # (parent, part) as one number: parent * _PART_KEY + part


def _draw_parts(
    view: TableView, rule: Rule, col: Col, rows: np.ndarray, idx: np.ndarray
) -> np.ndarray:
    """Number each row's part 1..k, k the parent's count of parts (1 to 4, the same in every
    batch and table), within the column's bounds; the (parent, part) series key per row."""
    spec = view.specs[rule.data["part"]]
    bounds = spec.info.bounds()
    low = max(1, int(np.ceil(bounds[0]))) if bounds is not None else 1
    room = int(np.floor(bounds[1])) - low + 1 if bounds is not None else _PARTS
    salt = stable_hash(view.seed, rule.data["parent"], "parts")
    count = 1 + np.floor(_uniform(rows, salt) * min(_PARTS, max(room, 1))).astype(np.int64)
    which = np.floor(row_rng(view, rule, idx).random(rows.size) * count).astype(np.int64)
    col.values[:] = (low + which).astype(col.values.dtype)
    col.nulls[:] = False
    key: np.ndarray = rows.astype(np.int64) * _PART_KEY + which
    return key


def _named_register(words: set[str]) -> bool:
    """A name that says it is a register (`odometer_km`, `meter_reading`), not a change."""
    return bool(words & REGISTER_WORDS) and not words & (NOT_REGISTER | PAIRED)


def _rate(name: str) -> float:
    """The median daily growth by the unit the name gives (data/paces.tsv)."""
    pace = pace_of(_words(name))
    return pace.per_day if pace is not None else 1.0


def _family(name: str) -> str:
    """The unit family of a register (its name when it gives none)."""
    pace = pace_of(_words(name))
    return pace.family if pace is not None else normalise(name)


def _interval(view: TableView, name: str) -> str | None:
    """The end reading of a reading interval whose start reading is `name`, or None."""
    words = normalise(name).split("_")
    for at, word in enumerate(words):
        if word not in PAIR_ENDS:
            continue
        rest = set(words[:at] + words[at + 1 :])
        named = bool(rest & (REGISTER_WORDS | {"meter"}))
        if not (named or pace_of(rest) is not None):
            return None
        if word == "from" and not named:
            return None  # a band of a quantity (`loa_from_m`, `weight_from_kg`), no readings
        if rest & NOT_REGISTER or not rest:
            return None
        ends = [c for c in view.specs if c != name and normalise(c).split("_")
                == [*words[:at], PAIR_ENDS[word], *words[at + 1 :]]]  # fmt: skip
        return ends[0] if ends else None
    return None


def _pair_rule(view: TableView, start: str, end: str, when: str, fk: str, owner: str) -> Rule:
    spans = [(s, e) for s, e in pairs(view) if s == when]
    until = spans[0][1] if spans else ""
    pace = pace_of(set(normalise(start).split("_")))
    distance = next((c for c in view.specs if distance_unit(c) is not None and pace is not None
                     and pace_of(set(normalise(c).split("_"))) == pace), "")  # fmt: skip
    detail = f"{start}..{end} chain per {owner} ({fk}) in {when} order"
    column = view.table.column(end)
    data = {"fk": fk, "rate": _rate(start), "parent": owner, "family": _family(start),
            "hourly": list(pace.per_hour or ()) if pace else [],
            "end_nullable": column is not None and column.nullable,
            "closed_by": _closed_by(view, until)}  # fmt: skip
    return Rule("counter_pair", [start, end, when, until, distance], detail, data)


def _closed_by(view: TableView, until: str) -> str:
    """The time that closes the row's interval where no span names it: the end of the two
    events that open and close the row (`returned_at` after `picked_up_at`: a hire's return,
    kinds/windows.events_window). Its reading is taken then (NULL while the hire is out), the
    increments stay the counter's own."""
    if until:
        return ""
    hire = events_window(view.schema, view.table, view.config)
    return hire.end if hire is not None and view.specs[hire.end].nullable else ""


def _owner(view: TableView, when: str = "") -> FKUnit | None:
    """The parent whose register the rows read: a required parent (not the table itself) that
    can have many rows here (a key unique in the table is one reading, not a history), the
    one that keeps a register of its own first (a vehicle's odometer_km), else the thing the
    meter is on (rules/meter_owner.py: a round's truck, not its route nor its driver), else
    the first."""
    uniques = [set(u.columns) for u in view.table.uniques if u.predicate is None]
    if view.table.primary_key is not None:
        uniques.append(set(view.table.primary_key.columns))
    found = [u for u in view.units if u.mode in ("normal", "children") and not u.nullable
             and u.parent != view.tp.name
             and not any(k and k <= set(u.fk.columns) for k in uniques)]  # fmt: skip

    def keeps_register(unit: FKUnit) -> bool:
        parent = view.schema.tables.get(unit.parent)
        names = [normalise(c.name).split("_") for c in parent.columns] if parent else []
        return any(set(words) & REGISTER_WORDS for words in names)

    kept = next((u for u in found if keeps_register(u)), None)
    return kept or metered(view, found, when) or (found[0] if found else None)


def _words(name: str) -> set[str]:
    """The name's words, and the compounds two neighbours or all of them spell written as one
    (`engine_hour_meter` reads an `hourmeter`, `odo_meter` an `odometer`); a count of a thing
    reads as the things counted (`cycle_count` the `cycles`, `start_cnt` the `starts`)."""
    words = normalise(name).split("_")
    counted = {words[-2] + "s"} if len(words) > 1 and words[-1] in COUNT_TAILS else set()
    return {*words, *counted, "".join(words),
            *("".join(pair) for pair in itertools.pairwise(words))}  # fmt: skip


def _read_below(view: TableView, family: str) -> bool:
    """Whether a table referencing this one reads a register of the family (its trips'
    odometer readings, its meter's readings)."""
    for child in view.schema.tables.values():
        if child.qualified == view.tp.name or not any(
            fk.ref_qualified == view.tp.name for fk in child.foreign_keys
        ):
            continue
        for column in child.columns:
            words = _words(column.name)
            if words & (REGISTER_WORDS | {"meter"}) and _family(column.name) == family:
                return True
    return False


def _kept(view: TableView) -> list[Rule]:
    """Registers a table keeps for its own rows (a vehicle's odometer_km) whose readings its
    children take: the register as it stands at the run's clock, on the curve the readings
    follow, so no reading exceeds it."""
    out = []
    for name, spec in view.specs.items():
        if spec.kind not in ("int", "decimal", "float") or not free(view, name):
            continue
        words = _words(name)
        if not words & REGISTER_WORDS or words & (NOT_REGISTER | set(PAIR_ENDS)):
            continue
        family = _family(name)
        if _read_below(view, family):
            pace = pace_of(words)
            # what intervals of the last hours may have added above the curve
            margin = 12 * pace.per_hour[1] if pace and pace.per_hour else 2 * _rate(name)
            data = {"rate": _rate(name), "parent": view.tp.name, "family": family,
                    "margin": margin}  # fmt: skip
            detail = f"{name}: the register at the run's clock, above every reading of it"
            out.append(Rule("register", [name], detail, data))
    return out


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    kept = _kept(view)
    if kept:
        return kept
    when = used_at(view.schema, view.table, view.config)
    if when is None or when not in view.specs or not is_time(view.specs[when].kind):
        return []
    owner = _owner(view, when)
    if owner is None:
        return []
    out = []
    fk = ",".join(owner.fk.columns)
    # a value read against a reference range (rules/reading.py) is a measurement, no register
    measured = {r.data.get("value") for r in planned if r.kind == "reading"}
    paired: set[str] = set()  # an interval's end reading: the chain places it, nothing else
    for name, spec in view.specs.items():
        if _numbered(view, name, owner):
            detail = f"{name} counts {when} order per {owner.parent} ({fk})"
            out.append(Rule("counter_rank", [name, when], detail, {"fk": fk}))
            continue
        if spec.kind not in ("int", "decimal", "float") or not free(view, name):
            continue
        if name in measured or name in paired:
            continue
        end = _interval(view, name)
        if end is not None and view.specs[end].kind == spec.kind and free(view, end):
            out.append(_pair_rule(view, name, end, when, fk, owner.parent))
            paired.add(end)
            continue
        if not is_register(view, name):
            continue
        detail = f"{name} grows with {when} per {owner.parent} ({fk})"
        data = {"fk": fk, "rate": _rate(name), "parent": owner.parent, "family": _family(name),
                "part": _part(view)}  # fmt: skip
        if data["part"]:
            detail += f" and {data['part']}"
        out.append(Rule("counter", [name, when], detail, data))
    return _own_curves(out)


def _numbered(view: TableView, name: str, owner: FKUnit) -> bool:
    """A whole number unique with the parent's key and named as a counter or a running number
    (`UNIQUE (machine_id, cycle_counter)`, `UNIQUE (store_id, ticket_no)`): the unique plan
    numbers each parent's rows 1, 2, 3 (its ordinal), so the rows it counts are the parent's
    rows themselves, and the numbers go to them in time order (a counter of cycles steps by
    one each cycle, a shop's tickets are numbered as they are issued). A line number
    (`line_no`, `sitting_no` of sittings) is rules/sequence.py's, which lays the rows out by
    it."""
    spec = view.specs.get(name)
    if spec is None or spec.kind != "int" or name not in view.built or name in view.fk_cols:
        return False
    words = normalise(name).split("_")
    running = words[-1] in RUNNING_WORDS and not is_line_number(name, view.tp.name)
    if not (_named_register(set(words)) or running):
        return False
    key = {*owner.fk.columns, name}
    return any(set(u.columns) == key for u in view.table.uniques if u.predicate is None)


def _own_curves(rules: list[Rule]) -> list[Rule]:
    """Two counters of one row in one unit (a machine's `engine_hours` and `pump_hours`) are
    two registers: each a curve of its own, not one value twice."""
    families = [r.data["family"] for r in rules if r.kind == "counter"]
    for rule in rules:
        if rule.kind == "counter" and families.count(rule.data["family"]) > 1:
            rule.data["family"] = f"{rule.data['family']}:{normalise(rule.columns[0])}"
    return rules


def _uniform(rows: np.ndarray, salt: int) -> np.ndarray:
    """A uniform number in [0, 1) per parent row, the same in every batch."""
    x = rows.astype(np.uint64) + np.uint64(salt & 0xFFFFFFFF) * np.uint64(0x9E3779B1)
    x = (x ^ (x >> np.uint64(33))) * np.uint64(0xFF51AFD7ED558CCD)
    x = (x ^ (x >> np.uint64(33))) * np.uint64(0xC4CEB9FE1A85EC53)
    x = x ^ (x >> np.uint64(33))
    return (x >> np.uint64(11)).astype(np.float64) / float(1 << 53)


def _curve(
    view: TableView, rule: Rule, rows: np.ndarray, when: np.ndarray, top: float | None = None
) -> np.ndarray:
    """The parent's register at each time: the same for every table that reads one register
    of that parent in that unit (a trip's odometer and a service's agree), in every batch.
    Under a column's `top` (numeric(6,1)'s 99999.9) the rate is slowed so the whole history
    stays in the lower half of what the type holds: a chain of readings never reaches the
    bound, where the CHECK's `end > start` could only be met past it."""
    salt = stable_hash(view.seed, rule.data["parent"], rule.data["family"])
    u_rate, u_base, u_phase = (_uniform(rows, salt + k) for k in range(3))
    rate = rule.data["rate"] * np.exp((u_rate - 0.5) * 2.4)  # a tenth to three times it
    # never faster than the unit's highest pace for most of the day (an hour meter: 17 a day)
    hourly = pace_of(set(normalise(rule.columns[0]).split("_")))
    if hourly is not None and hourly.per_hour is not None:
        rate = np.minimum(rate, _DUTY * 24.0 * hourly.per_hour[2] / 1.8)
    start, now = clock.window(view.config)
    days = np.maximum((when - start).astype(np.int64) / DAY_US, 0.0)
    if top is not None and top > 0:
        history = (now - start).astype(np.int64) / DAY_US + 365.0 * 3.0 + 2 * _WOBBLE_DAYS
        rate = np.minimum(rate, 0.5 * top / max(history, 1.0))
    base = rate * 365.0 * 3.0 * u_base  # what it had counted before the history begins
    # a monthly wobble whose slope never exceeds most of the rate: the curve never turns down
    amplitude = 0.8 * rate * _WOBBLE_DAYS / (2 * np.pi)
    wobble = amplitude * np.sin(2 * np.pi * (days / _WOBBLE_DAYS + u_phase))
    return np.asarray(base + amplitude + rate * days + wobble, dtype=np.float64)


def _step_and_top(view: TableView, column: str, kind: str) -> tuple[float, float]:
    """The column's step (1 for an integer) and the largest value it holds."""
    spec = view.specs[column]
    if kind == "int":
        return 1.0, float(min(spec.info.int_limits[1], 2**31 - 1))
    bounds = spec.info.bounds()
    return spec.step or 0.001, (bounds[1] if bounds is not None else 1e15)


def _rank(view: TableView, rule: Rule, batch: Batch) -> None:
    """Per parent, the numbers the unique plan gave its rows go to them in time order (the
    set of numbers kept: the key stays unique)."""
    col, when = batch.get(rule.columns[0]), batch.get(rule.columns[1])
    rows, nulls = view.parent_rows(rule.data["fk"])
    if col is None or when is None or rows is None or not rows.size:
        return
    live = np.flatnonzero(~nulls & ~np.asarray(when.nulls, bool) & ~np.asarray(col.nulls, bool))
    if live.size < 2:
        return
    parents = np.asarray(rows, np.int64)[live]
    order = live[np.lexsort((live, as_us(when).astype(np.int64)[live], parents))]
    numbers = np.asarray(col.values)[order]
    col.values[order] = numbers[np.lexsort((numbers, np.asarray(rows, np.int64)[order]))]


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    if rule.kind == "counter_rank":
        _rank(view, rule, batch)
        return
    if rule.kind == "counter_pair":
        _apply_pair(view, rule, batch, idx)
        return
    if rule.kind == "register":
        col = batch.get(rule.columns[0])
        if col is None:
            return
        step, top = _step_and_top(view, rule.columns[0], col.kind)
        now = np.full(idx.size, clock.run_now(view.config).astype("datetime64[us]"))
        value = _curve(view, rule, idx, now, top) + rule.data["margin"]
        value = np.ceil(np.minimum(value, top) / step) * step
        col.values[:] = value.astype(col.values.dtype)
        return
    col, when = batch.get(rule.columns[0]), batch.get(rule.columns[1])
    rows, nulls = view.parent_rows(rule.data["fk"])
    if col is None or when is None or rows is None or not rows.size:
        return
    part = batch.get(rule.data.get("part") or "")
    if part is not None:  # each of the parent's parts (its engines) a register of its own
        rows = _draw_parts(view, rule, part, rows, idx)
    step, top = _step_and_top(view, rule.columns[0], col.kind)
    times = as_us(when)
    steps = np.floor(np.minimum(_curve(view, rule, rows, times, top), top) / step).astype(np.int64)
    ok = ~nulls & ~when.nulls
    pace = pace_of(_words(rule.columns[0]))
    if pace is not None and pace.per_hour is not None:
        steps = _paced(steps, rows, times, ok, _DUTY * pace.per_hour[2] / step)
    col.values[ok] = (steps[ok] * step).astype(col.values.dtype)


def _paced(
    steps: np.ndarray, rows: np.ndarray, times: np.ndarray, ok: np.ndarray, per_hour: float
) -> np.ndarray:
    """The readings, in whole steps, never further apart than the unit's highest pace allows
    in the time between them (an hour meter gains at most 0.7 an hour): rounded down to
    its step, the curve would gain a whole step between two readings minutes apart. Per
    parent in time order, reading_k = min(curve_k, reading_k-1 + allowed_k), which stays at
    or above the reading before (the curve never turns down)."""
    at = np.flatnonzero(ok)
    if at.size < 2:
        return steps
    order = at[np.lexsort((at, times[at].astype(np.int64), rows[at]))]
    parent, t = rows[order], times[order].astype(np.int64)
    new = np.r_[True, parent[1:] != parent[:-1]]
    hours = np.r_[0, np.diff(t)] / 3.6e9
    allowed = np.where(new, 0, np.floor(np.maximum(hours, 0.0) * per_hour)).astype(np.int64)
    total = np.cumsum(allowed)  # reading_k = total_k + min over j <= k of (curve_j - total_j)
    lift = steps[order] - total
    span = int(np.abs(lift).max()) * 2 + 2
    group = np.cumsum(new) - 1
    low = -np.maximum.accumulate(-(lift - group * span)) + group * span
    out = steps.copy()
    out[order] = total + low
    return out


def _increments(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> np.ndarray:
    """What each reading interval adds: the row's distance in the unit, else its duration at
    the unit's pace of use, else a share of a day's growth."""
    n = idx.size
    rng = row_rng(view, rule, idx)
    until, distance = rule.columns[3], rule.columns[4]
    begin, end = batch.get(rule.columns[2]), batch.get(until) if until else None
    hourly = rule.data["hourly"]
    if end is not None and begin is not None and hourly:
        lo, typical, hi = hourly
        pace = np.clip(rng.lognormal(np.log(typical), 0.35, n), lo, hi)
        hours = np.maximum((as_us(end) - as_us(begin)).astype(np.int64) / 3.6e9, 0.0)
        inc = np.where(end.nulls, 0.0, pace * hours)
    else:
        inc = rng.exponential(rule.data["rate"] * 0.25, n)
    got = batch.get(distance) if distance else None
    if got is not None:
        inc = np.where(got.nulls, inc, np.asarray(got.values, dtype=np.float64))
    return np.maximum(inc, 0.0)


def _apply_pair(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    """Chain the reading intervals per parent in time order: start = max(the parent's curve
    at the row's time, the previous interval's end); end = start + the row's increment."""
    first, last, when = (batch.get(c) for c in rule.columns[:3])
    rows, nulls = view.parent_rows(rule.data["fk"])
    if first is None or last is None or when is None or rows is None or not rows.size:
        return
    step, top = _step_and_top(view, rule.columns[0], first.kind)
    ok = np.flatnonzero(~nulls & ~when.nulls)
    if not ok.size:
        return
    until = batch.get(rule.columns[3] or rule.data.get("closed_by") or "")
    if until is not None and rule.data.get("end_nullable"):
        # an interval still open (no end time: a trip under way) has no end reading yet
        last.nulls[:] = until.nulls
    times = as_us(when)
    order = ok[np.lexsort((ok, times[ok].astype(np.int64), rows[ok]))]
    parent = rows[order]
    # in whole steps, so the chain stays exact after rounding
    floor = np.floor(_curve(view, rule, parent, times[order], top) / step).astype(np.int64)
    inc = np.round(_increments(view, rule, batch, idx)[order] / step).astype(np.int64)
    inc = np.where(last.nulls[order], 0, inc)  # an interval not closed adds nothing yet
    new = np.r_[True, parent[1:] != parent[:-1]]
    before = np.cumsum(inc) - inc  # the increments before each row, over the whole batch
    group_start = np.maximum.accumulate(np.where(new, np.arange(order.size), 0))
    before = before - before[group_start]  # … within its parent
    # start_k = before_k + max over j <= k in the group of (floor_j - before_j)
    lift = floor - before
    span = int(np.abs(lift).max()) * 2 + 2
    group = np.cumsum(new) - 1
    lifted = np.maximum.accumulate(lift + group * span) - group * span
    start = before + lifted
    end = start + inc
    start_v = np.minimum(start * step, top)
    end_v = np.minimum(end * step, top)
    first.values[order] = start_v.astype(first.values.dtype)
    closed = ~last.nulls[order]
    last.values[order[closed]] = end_v[closed].astype(last.values.dtype)


RULE = RowRule(
    "counter",
    "readings of a counter only grow with time, per parent (a meter, an odometer)",
    _plan,
    _apply,
    phases={
        "counter": Phase.FINAL,
        "counter_pair": Phase.FINAL,
        "register": Phase.FINAL,
        "counter_rank": Phase.FINAL,
    },
    after=("within",),  # once the row's time is where it stays
)
