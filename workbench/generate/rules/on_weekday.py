"""A parent that recurs on a day of the week dates its rows on that day: a subscription's boxes
on its delivery weekday, a standing order's deliveries, a class's sessions on its day. A row
with one date of its own (a date column, NOT NULL) under a required key, not unique alone, to
a parent holding a day of the week (kinds/hours.weekday_column: `delivery_weekday`,
`day_of_week`, a `day` bound to 1..7; ISO Monday 1 where it is numbered so, else Sunday 0;
not a day off, nor the day of a table of opening hours)
falls on the parent's weekday, and one parent's rows of a batch are whole weeks apart, a
week at least: the same box is not delivered twice a day.

A date only moves forward, never before the times it follows (rules/chain.py's order: the
order placed before its delivery), so the chain leaves it where it is; a row that got past the
run's clock that way, though it was not before, goes back by whole weeks as far as it may.
Read from the shape and the weekday's words; no table is named here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.base.names import normalise
from workbench.generate.kinds.hours import CLOSED_WORDS, iso_days, week_hours_of, weekday_column
from workbench.generate.rules.base import RowRule, Rule, free
from workbench.generate.rules.times import as_us

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView
    from workbench.schema.model import Schema, Table

_WEEK = 7
# words of a day the rows do not fall on (a shop's day off, its rest day)
_NOT_ON = frozenset({"off", "rest", "holiday", "free", "no", "not", "except", "excluded"})


def recurring_day(schema: Schema, table: Table) -> str | None:
    """The day of the week the table's rows recur on, not one they are closed or off
    (`day_off`, `closed_dow`), nor the day of a table of opening hours (kinds/hours.py)."""
    day = weekday_column(schema, table)
    if day is None or set(normalise(day).split("_")) & (CLOSED_WORDS | _NOT_ON):
        return None
    return None if week_hours_of(schema, table) is not None else day


def keep_columns(view: TableView) -> set[str]:
    """The table's day of the week, which its rows' rules read."""
    day = recurring_day(view.schema, view.table)
    return {day} if day is not None and day in view.specs else set()


def parent_weekdays(view: TableView, fk: str, parent: str) -> np.ndarray | None:
    """Monday 0 … Sunday 6 of the weekday each row's parent (through the single-column key
    `fk`) recurs on, -1 where it names none; None where the parent holds no weekday."""
    table = view.schema.tables.get(parent)
    day = recurring_day(view.schema, table) if table is not None else None
    rows, nulls = view.parent_rows(fk)
    held = view.keys.tables.get(parent, {}).get(day or "")
    if table is None or day is None or rows is None or held is None:
        return None
    try:
        values = np.asarray(held.values[rows]).astype(np.int64)
    except (TypeError, ValueError):
        return None
    iso = iso_days(view.schema, table, day)
    lo, hi = (1, _WEEK) if iso else (0, _WEEK - 1)
    known = ~nulls & ~held.nulls[rows] & (values >= lo) & (values <= hi)
    return np.where(known, (values - 1 if iso else values + 6) % _WEEK, -1)


def on_day(days: np.ndarray, weekday: np.ndarray) -> np.ndarray:
    """Days since 1970-01-01 moved forward to the weekday (Monday 0), where one is known."""
    ahead = (weekday - (days + 3) % _WEEK) % _WEEK  # 1970-01-01 was a Thursday
    return np.where(weekday >= 0, days + ahead, days)


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    dates = [c for c, s in view.specs.items() if s.kind == "date" and c not in view.fk_cols]
    if len(dates) != 1 or view.specs[dates[0]].nullable or not free(view, dates[0]):
        return []
    for unit, parent in view.many_to_one():
        fk = unit.fk
        day = recurring_day(view.schema, parent)
        if day is None:
            continue
        chain = next((r for r in planned if r.kind == "chain"), None)
        follows: list[str] = list(chain.data["preds"].get(dates[0], [])) if chain else []
        data = {"fk": fk.columns[0], "parent": unit.parent, "day": day, "date": dates[0],
                "after": follows}  # fmt: skip
        detail = f"{dates[0]} on {unit.parent}.{day}, a week apart at least"
        return [Rule("on_weekday", [dates[0]], detail, data)]
    return []


def _floor(batch: Batch, after: list[str], n: int) -> np.ndarray:
    """The first day each row's date may take: the day after the latest time it follows."""
    floor = np.full(n, np.iinfo(np.int64).min // 2)
    for column in after:
        col = batch.get(column)
        if col is None:
            continue
        days = as_us(col).astype("datetime64[D]").astype(np.int64)
        days = days + (0 if col.kind == "date" else 1)
        floor = np.where(col.nulls, floor, np.maximum(floor, days))
    return floor


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    d = rule.data
    col = batch.get(d["date"])
    weekday = parent_weekdays(view, d["fk"], d["parent"])
    rows, _ = view.parent_rows(d["fk"])
    if col is None or weekday is None or rows is None:
        return
    known = (weekday >= 0) & ~col.nulls
    if not known.any():
        return
    was = as_us(col).astype("datetime64[D]").astype(np.int64)
    floor = _floor(batch, d["after"], was.size)
    day = on_day(np.maximum(was, floor), weekday)
    # one parent's rows whole weeks apart, a week at least, in the order of their days
    order = np.lexsort((day, rows))
    at = order[known[order]]
    same = np.r_[False, rows[at][1:] == rows[at][:-1]]
    placed = day[at].copy()
    for i in np.flatnonzero(same):
        placed[i] = max(placed[i], placed[i - 1] + _WEEK)
    day[at] = placed
    today = clock.run_now(view.config).astype("datetime64[D]").astype(np.int64)
    back = np.maximum((day - today + _WEEK - 1) // _WEEK, 0) * _WEEK
    late = (day > today) & (was <= today) & (day - back >= floor)
    day = np.where(late, day - back, day)
    moved = np.flatnonzero(known & (day != was))
    col.values[moved] = day[moved].astype("datetime64[D]")


RULE = RowRule(
    "on_weekday",
    "a row under a parent that recurs on a weekday is dated on that day, a week apart at least",
    _plan,
    _apply,
    after=("document_number",),
    before=("serial_order",),
)
