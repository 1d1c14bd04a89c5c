"""The days of the week a row is for: a rate, a fare, a timetable's row labelled by the kind
of day it applies on (`day_type` IN ('weekday', 'weekend', 'any'), an enum of `mon`..`sun`).
What is used at a time takes a row whose label holds that time's day (rules/valid_for.py: a
player's green fee is the weekend rate on a Saturday). A column is read so only when every
one of its labels names days and not all of them name every day."""

from __future__ import annotations

from workbench.generate.base.names import normalise
from workbench.generate.kinds.categories import labels
from workbench.schema import memo
from workbench.schema.model import Schema, Table

WEEK = frozenset(range(7))  # 0 Monday … 6 Sunday
WORKDAYS = frozenset(range(5))
WEEKEND = frozenset({5, 6})
_NAMES = (("mon", "monday"), ("tue", "tuesday"), ("wed", "wednesday"), ("thu", "thursday"),
          ("fri", "friday"), ("sat", "saturday"), ("sun", "sunday"))  # fmt: skip
DAYS: dict[str, frozenset[int]] = {
    **dict.fromkeys(("weekday", "weekdays", "midweek", "workday", "workdays", "working_day",
                     "working_days", "business_day", "business_days", "mon_fri"), WORKDAYS),
    **dict.fromkeys(("weekend", "weekends", "sat_sun", "weekend_day", "weekend_days"), WEEKEND),
    **dict.fromkeys(("any", "all", "all_days", "daily", "every_day", "everyday", "all_week",
                     "any_day", "anyday", "standard"), WEEK),
    **{name: frozenset({i}) for i, names in enumerate(_NAMES) for name in names},
}  # fmt: skip


@memo.by_identity
def day_labels(schema: Schema, table: Table) -> tuple[str, dict[str, frozenset[int]]] | None:
    """(column, the days each of its labels holds) for the table's column of kinds of day
    (see the module), None without one."""
    for column in table.columns:
        found = labels(schema, table, column)
        if not found:
            continue
        days = {label: DAYS.get(normalise(label)) for label in found}
        held = [d for d in days.values() if d is not None]
        if len(held) != len(days) or all(d == WEEK for d in held):
            continue
        return column.name, {label: d for label, d in days.items() if d is not None}
    return None


def day_masks(
    values: list[object], nulls: list[bool], days: dict[str, frozenset[int]]
) -> list[int]:
    """Each value's days as a bit mask (bit 0 Monday); every day for a NULL or an unknown one."""
    every = sum(1 << d for d in WEEK)
    masks = {label: sum(1 << d for d in held) for label, held in days.items()}
    pairs = zip(values, nulls, strict=True)
    return [every if null else masks.get(str(v), every) for v, null in pairs]
