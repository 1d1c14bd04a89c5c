"""A start held to open hours and by the run's clock, pulled back into the hours gone by with
the times booked before it (rules/opening.py calls it).

A thing attended in open hours that began by now and was booked moments before (booked at
18:10 for 18:15, the clock at Sunday 20:00) finds no open slot between its booking and now
when the clock reads a night or a weekend: opening's own moves keep the booking before the
start and leave such a row at its unrounded time. Here it takes its drawn slot on the last
open day before it (else the last open slot before it), and the row's earlier times in its
way move back by the same shift: those after the new start, and on down while a moved one
would pass one that stays. Their order and their gaps to the start are kept (a booking
moments before stays moments before), and a time that may not move (a date, a key, a
declared time) stays before every moved one. The move is made only where nothing passes a
parent's creation or the start of a window a parent is in force within (a booking before its
client signed up), and where no time that moves with the start (an actual start, its end)
would reach the clock from after it; else the row stays where it was."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.kinds.anchors import anchor_of
from workbench.generate.kinds.windows import in_force
from workbench.generate.rules import local_time, span
from workbench.generate.rules.base import free
from workbench.generate.rules.times import as_us, store
from workbench.generate.rules.within import as_ints, parent_time

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch, Col
    from workbench.generate.rules.base import Rule
    from workbench.generate.view import TableView

MINUTE_US = 60_000_000
DAY_US = 24 * 60 * MINUTE_US
_LEAST = np.iinfo(np.int64).min


def floors(view: TableView, planned: Sequence[Rule] = ()) -> list[list[str]]:
    """[fk, parent, column] of each time of a parent the row's times stay after: its
    creation (kinds/anchors.anchor_of), the start of each window it is in force within, and
    the parent's stages a record of a later stage was placed after (rules/happened.py's
    `record_time` among `planned`: a report after its sample was taken)."""
    out = [[r.data["fk"], r.data["parent"], column]
           for r in planned if r.kind == "record_time"
           for column in r.data.get("before", ())]  # fmt: skip
    for unit in view.units:
        parent = view.schema.tables.get(unit.parent)
        if parent is None or unit.mode == "self" or unit.parent == view.tp.name:
            continue
        fk = ",".join(unit.fk.columns)
        starts = [w.start for w in in_force(view.schema, parent, view.config)]
        for column in dict.fromkeys([anchor_of(view.schema, parent, view.config), *starts]):
            if column:
                out.append([fk, unit.parent, column])
    return out


def _times(view: TableView, rule: Rule, batch: Batch) -> tuple[list[Col], list[Col]]:
    """The row's other times the pull carries (its free timestamps: a booking's creation)
    and those it may not move (a date, a key, a declared time), besides the start, its end
    and the times that move with it."""
    skip = {rule.columns[0], rule.data.get("end") if rule.data.get("follow") else None}
    skip |= set(rule.data.get("along") or ())
    carried: list[Col] = []
    fixed: list[Col] = []
    for name, spec in view.specs.items():
        col = batch.get(name)
        if name in skip or col is None or spec.kind not in ("timestamp", "date"):
            continue
        (carried if spec.kind == "timestamp" and free(view, name) else fixed).append(col)
    return carried, fixed


def _least(view: TableView, rule: Rule, fixed: list[Col], begin: np.ndarray) -> np.ndarray:
    """Per row, the latest time nothing moved may pass: its parents' creation and window
    starts, and its own times that stay, at or before the start."""
    least = np.full(begin.size, _LEAST, np.int64)
    for fk, parent, column in rule.data.get("floors", ()):
        times = parent_time(view, fk, parent, column)
        if times is not None:
            least = np.maximum(least, as_ints(times, _LEAST))
    for col in fixed:
        values = as_us(col).astype(np.int64)
        least = np.where(~col.nulls & (values <= begin), np.maximum(least, values), least)
    return least


def _line(
    todo: np.ndarray,
    begin: np.ndarray,
    start: np.ndarray,
    times: list[tuple[np.ndarray, np.ndarray]],
    along: list[tuple[np.ndarray, np.ndarray]],
) -> np.ndarray:
    """Per row, the time above which the carried times (at or before the start) move back
    by the shift: the new start, lowered while a moved time (a carried one, one that moves
    with the start) would land at or below one that stays."""
    delta = begin - start
    line = start.copy()
    for values, nulls in along:
        line = np.where(todo & ~nulls, np.minimum(line, values - delta - 1), line)
    for _ in range(len(times) + 1):
        was = line.copy()
        for values, nulls in times:
            moving = todo & ~nulls & (values > line) & (values <= begin)
            line = np.where(moving, np.minimum(line, values - delta - 1), line)
        if (line == was).all():
            break
    return line


def pull_back(
    view: TableView,
    rule: Rule,
    batch: Batch,
    todo: np.ndarray,
    at: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, int],
    slot: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """(the starts pulled back, the rows pulled) of the rows `todo` (begun by now, kept where
    they were): `at` is (zones, starts, opening minute, last slot's minute, now), `slot` the
    minute drawn for each row. The carried times are written here; the start, its end and
    the times that move with it are the caller's to move by as much."""
    zones, begin, lo, last, now = at
    step, days = int(rule.data["step"]), int(rule.data["days"])
    local = begin + local_time.offsets(zones, np.where(todo, begin, 0).astype("datetime64[us]"))
    minute = (local % DAY_US) // MINUTE_US
    latest = np.where(minute < lo, last, np.minimum(lo + step * ((minute - lo) // step), last))
    carried, fixed = _times(view, rule, batch)
    times = [(as_us(c).astype(np.int64), c.nulls) for c in carried]
    along = [c for c in (batch.get(n) for n in rule.data.get("along") or ()) if c is not None]
    along_at = [(as_us(c).astype(np.int64), c.nulls) for c in along]
    least = _least(view, rule, fixed, begin)
    starts, pulled = begin.copy(), np.zeros(begin.size, bool)
    for pick in (slot, latest):  # the slot drawn, else the last one before the start
        day = np.where(pick > minute, local // DAY_US - 1, local // DAY_US)  # by the start
        for _ in range(7 - days):
            day = np.where((day + 3) % 7 >= days, day - 1, day)  # back to an open day
        moved = day * DAY_US + pick * MINUTE_US
        start = moved - local_time.offsets(zones, np.where(todo, moved, 0).astype("datetime64[us]"))
        delta = begin - start
        fits = todo & (start <= begin) & (_line(todo, begin, start, times, along_at) >= least)
        for values, nulls in along_at:  # a time after the clock stays after it
            fits &= nulls | (values <= now) | (values - delta > now)
        line = _line(fits, begin, start, times, along_at)
        rows = np.flatnonzero(fits)
        moved_rows = []
        for col, (values, nulls) in zip(carried, times, strict=True):
            moving = ~nulls[rows] & (values[rows] > line[rows]) & (values[rows] <= begin[rows])
            store(col, (values - delta).astype("datetime64[us]"), rows[moving])
            moved_rows.append(rows[moving])
        _windows_kept(view, batch, carried, moved_rows, delta)
        starts = np.where(fits, start, starts)
        pulled |= fits
        todo = todo & ~fits
    return starts, pulled


def _windows_kept(
    view: TableView, batch: Batch, carried: list[Col], moved: list[np.ndarray], delta: np.ndarray
) -> None:
    """A window's end that stayed where its start moved back (a delivery slot's `slot_end`,
    after the pulled time) moves by as much: the window keeps its length."""
    of = {id(col): name for name in view.specs if (col := batch.get(name)) is not None}
    at = {of.get(id(col)): rows for col, rows in zip(carried, moved, strict=True)}
    for start, end in span.pairs(view):
        col = batch.get(end)
        rows = at.get(start)
        if col is None or rows is None or not rows.size or not free(view, end):
            continue
        rows = np.setdiff1d(rows, at.get(end, rows[:0]))  # not where it moved itself
        rows = rows[~col.nulls[rows]]
        store(col, (as_us(col).astype(np.int64) - delta).astype("datetime64[us]"), rows)
