"""A slot booked at a sitting lies in the sitting's hours: a row under a required key to a
parent held on a day between two times of day (a donation session's `session_date` with its
`starts_at` and `ends_at` of type time, a clinic's `clinic_day` from `opens_at` to
`closes_at`) takes place on that day in those hours: its one time of its own every row keeps
(an appointment's `slot_start`; not when it was written or booked) moves onto the parent's
day, between the start and a quarter hour before the end, on a five-minute mark. The row's
other times move with it by as much (when it was booked, when it was cancelled), their order
and leads kept, where that keeps the slot on its side of the run's clock and the row's times
after its other parents came to be (a donor registered before the day); a row that cannot
stays where it was. A time with a time zone is read in the local time of the row's place
(rules/local_time.py); a wall-clock time (`timestamp without time zone`) is already local.

Read from the types and the words of the columns (a date, two times of day named as a start
and an end), any schema: nothing here names a table."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.base.names import normalise
from workbench.generate.kinds.anchors import arranged_before
from workbench.generate.kinds.hours import day_minutes
from workbench.generate.rules import local_time, pull_back
from workbench.generate.rules.base import Phase, RowRule, Rule, movable_time, row_rng
from workbench.generate.rules.paths import Path, source_values
from workbench.generate.rules.times import as_us, store
from workbench.generate.rules.within import parent_time
from workbench.generate.vocab import lexicon
from workbench.schema.typeinfo import resolve_type

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView
    from workbench.schema.model import Schema, Table

MINUTE_US = 60_000_000
STEP, LAST = 5, 15  # slots on five-minute marks, the last a quarter hour before the end
_STARTS = frozenset({"start", "starts", "begin", "begins", "from", "open", "opens", "opening"})
_ENDS = frozenset({"end", "ends", "finish", "finishes", "until", "to", "close", "closes",
                   "closing"})  # fmt: skip


def _kind(schema: Schema, table: Table, column: str) -> str:
    found = next((c for c in table.columns if c.name == column), None)
    return resolve_type(schema, found.type).kind if found is not None else ""


def sitting_of(schema: Schema, table: Table) -> tuple[str, str, str] | None:
    """A table's day and the times of day it is held between: (the date, the start, the
    end), each NOT NULL; None where it has not one of each. A date something happened on (a
    branch's `opened_on` beside its opening hours) is no day the row is held on."""
    days, starts, ends = [], [], []
    for column in table.columns:
        if column.nullable or column.generated is not None:
            continue
        kind = resolve_type(schema, column.type).kind
        words = set(normalise(column.name).split("_"))
        if kind == "date" and not lexicon.happened(column.name):  # not a branch's `opened_on`
            days.append(column.name)
        elif kind == "time" and words & _STARTS and not words & _ENDS:
            starts.append(column.name)
        elif kind == "time" and words & _ENDS and not words & _STARTS:
            ends.append(column.name)
    if len(days) == 1 and len(starts) == 1 and len(ends) == 1:
        return days[0], starts[0], ends[0]
    return None


def keep_columns(view: TableView) -> set[str]:
    """A sitting keeps its day and hours for the slots booked at it."""
    return set(sitting_of(view.schema, view.table) or ())


def _slot(view: TableView) -> str | None:
    """The row's one time of its own every row keeps (not written, not arranged)."""
    found = [
        c
        for c, s in view.specs.items()
        if s.kind == "timestamp"
        and not s.nullable
        and not lexicon.record_time(c, s.generator)
        and not arranged_before(c)
    ]
    return found[0] if len(found) == 1 and movable_time(view, found[0]) else None


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    slot = _slot(view)
    if slot is None:
        return []
    for unit in view.units:
        parent = view.schema.tables.get(unit.parent)
        if unit.mode == "self" or unit.nullable or parent is None or len(unit.fk.columns) != 1:
            continue
        held = sitting_of(view.schema, parent)
        if held is None:
            continue
        fk = unit.fk.columns[0]
        along = [c for c, s in view.specs.items()
                 if c != slot and s.kind == "timestamp" and movable_time(view, c)
                 and not lexicon.record_time(c, s.generator)]  # fmt: skip
        zoned = local_time.zoned(view.schema, view.tp.name, slot)
        place = local_time.place_of(view) if zoned else None
        detail = f"{slot} on {parent.name}.{held[0]} between {held[1]} and {held[2]} ({fk})"
        if along:
            detail += f", {', '.join(along)} moving with it"
        floors = [f for f in pull_back.floors(view, planned) if f[0] != fk]
        data = {"fk": fk, "parent": unit.parent, "held": list(held), "place": place,
                "floors": floors}  # fmt: skip
        return [Rule("sitting", [slot, *along], detail, data)]
    return []


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    col = batch.get(rule.columns[0])
    if col is None:
        return
    path = Path(rule.data["fk"], rule.data["parent"])
    day_of, opens, closes = (source_values(view, path, c, batch) for c in rule.data["held"])
    if day_of is None or opens is None or closes is None:
        return
    n = col.values.size
    day = np.asarray(day_of[0]).astype("datetime64[D]").astype("datetime64[us]")
    lo_ = np.asarray([day_minutes(v) for v in np.asarray(opens[0], dtype=object).tolist()])
    hi_ = np.asarray([day_minutes(v) for v in np.asarray(closes[0], dtype=object).tolist()])
    hi_ = hi_ - LAST
    known = ~day_of[1] & ~opens[1] & ~closes[1] & (lo_ >= 0) & (hi_ >= lo_) & ~col.nulls
    if not known.any():
        return
    rng = row_rng(view, rule, idx)
    slots = np.maximum((hi_ - lo_) // STEP, 0) + 1
    minute = lo_ + STEP * (rng.random(n) * slots).astype(np.int64)
    local = day + (minute * MINUTE_US).astype("timedelta64[us]")
    zones = local_time.zones_of(view, rule.data.get("place"), batch, n)
    at = local - local_time.offsets(zones, local).astype("timedelta64[us]")
    shift = at - as_us(col)
    # the slot keeps its side of the run's clock (an attended visit stays by now), and the
    # row's times stay after its other parents came to be (a donor registered before)
    now = clock.run_now(view.config)
    known &= (at <= now) == (as_us(col) <= now)
    earliest = at.copy()
    others = [o for o in (batch.get(c) for c in rule.columns[1:]) if o is not None]
    for other in others:
        moved = as_us(other) + shift
        earliest = np.where(~other.nulls & (moved < earliest), moved, earliest)
    for fk, parent, column in rule.data.get("floors") or ():
        born = parent_time(view, fk, parent, column)
        if born is not None:
            known &= np.isnat(born) | (earliest >= born)
    rows = np.flatnonzero(known)
    store(col, at, rows)
    for other in others:
        store(other, as_us(other) + shift, np.flatnonzero(known & ~other.nulls))


RULE = RowRule(
    "sitting",
    "a slot booked at a sitting lies on its day in its hours, the row's times moving with it",
    _plan,
    _apply,
    phases={"sitting": Phase.FINAL},
    after=("doors",),
    before=("outlived",),
)
