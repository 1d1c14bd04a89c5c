"""A site's hours, from the schema alone.

Stated hours: a table with an opening and a closing time of day (`opens_at`/`closes_at`,
`opening_time`/`closing_time`, `open_from`/`open_until`: `time` columns) keeps hours.

A week's hours: such a table with a day of the week (`iso_weekday`, `day_of_week`, `dow`,
`weekday`, `iso_day`, a `day` a CHECK bounds to 1..7 or 0..6: an integer) and one required
key to another table, the place (a restaurant's `opening_hours`, a practice's `surgery_hours`,
a branch's `branch_hours`), holds that place's hours day by day: one row per day it opens (or
per day, a `closed` flag saying which it does not). Its days are numbered as ISO does (Monday
1 … Sunday 7) where a CHECK allows 7 or the name says `iso`, else as PostgreSQL's `dow`
(Sunday 0 … Saturday 6).

The table is planned one row per weekday for each place (plan/lines.py), loaded before the
rows that happen at the place (kinds/holdings.load_before), and keeps its key, day and hours
for them (rows/assembler.py reads `week_columns`); rules/week_hours.py draws them and places
those rows in them. No table is named here: the words are of days and hours."""

from __future__ import annotations

from datetime import time
from typing import Any, NamedTuple

import numpy as np

from workbench.generate.base.names import normalise, singular_forms
from workbench.generate.checks.hints import column_hints
from workbench.generate.kinds.events import event_of
from workbench.schema import memo
from workbench.schema.model import Schema, Table

OPENS = frozenset({"open", "opens", "opening"})
CLOSES = frozenset({"close", "closes", "closing"})
FROM, UNTIL = frozenset({"from", "start", "starts"}), frozenset({"until", "till", "to", "end"})
# a day of the week by its words (`iso_weekday`, `day_of_week`, `dow`, `weekDay`)
WEEKDAY_WORDS = frozenset({"weekday", "dow", "isodow", "wday", "weekdays"})
CLOSED_WORDS = frozenset({"closed", "shut"})
INTEGERS = ("smallint", "integer", "bigint", "int", "int2", "int4", "int8", "numeric")


class WeekHours(NamedTuple):
    """A table of a place's hours by day of the week."""

    table: str
    key: str  # the key to the place
    place: str
    ref: str  # the place's column the key holds
    day: str
    opens: str
    closes: str
    closed: str | None  # a flag saying the place does not open that day
    iso: bool  # Monday 1 … Sunday 7; else Sunday 0 … Saturday 6


def stated_hours(table: Table) -> tuple[str, str] | None:
    """A site's opening and closing time of day (`opens_at`/`closes_at`)."""
    opening = closing = None
    for column in table.columns:
        if column.generated is not None or not column.type.name.startswith("time without"):
            continue
        words = set(normalise(column.name).split("_"))
        if opening is None and (words & OPENS or ("open" in words and words & FROM)):
            opening = column.name
        elif closing is None and (words & CLOSES or ("open" in words and words & UNTIL)):
            closing = column.name
    return (opening, closing) if opening and closing else None


def day_minutes(value: Any) -> int:
    """Minutes into the day of a time of day as a batch or a store holds it (a `time`,
    'HH:MM[:SS]', a timedelta64), -1 where it is none."""
    if isinstance(value, time):
        return value.hour * 60 + value.minute
    if isinstance(value, np.timedelta64):
        return int(value.astype("timedelta64[m]").astype(np.int64))
    try:
        hours, minutes = str(value).split(":")[:2]
        return int(hours) * 60 + int(minutes)
    except ValueError:
        return -1


def weekday_column(schema: Schema, table: Table) -> str | None:
    """The day of the week by its words (`weekday`, `day_of_week`), else a `day` numbered as
    a week's days: `iso_day`, or bound to 1..7 or 0..6 by a CHECK (`day smallint CHECK (day
    BETWEEN 1 AND 7)`), in a table of hours."""
    for column in table.columns:
        if column.type.name.split("(")[0].strip() not in INTEGERS:
            continue
        words = set(normalise(column.name).split("_"))
        if words & WEEKDAY_WORDS or {"day", "week"} <= words or {"day", "iso"} <= words:
            return column.name
        if "day" in words:
            hints = column_hints(schema, table, column)
            if (hints.lo, hints.hi) in ((1, 7), (0, 6)):
                return column.name
    return None


def iso_days(schema: Schema, table: Table, day: str) -> bool:
    column = table.column(day)
    if column is None:
        return True
    hints = column_hints(schema, table, column)
    if (hints.hi is not None and hints.hi >= 7) or (hints.lo is not None and hints.lo >= 1):
        return True
    if hints.lo is not None or hints.hi is not None:
        return False
    return "iso" in normalise(day) or "isodow" in normalise(day).split("_")


@memo.by_identity
def week_hours_of(schema: Schema, table: Table) -> WeekHours | None:
    """The table as a place's hours by day of the week, else None."""
    hours = stated_hours(table)
    day = weekday_column(schema, table)
    if hours is None or day is None:
        return None
    required = {c.name for c in table.columns if not c.nullable}
    keys = [
        fk
        for fk in table.foreign_keys
        if len(fk.columns) == 1
        and fk.columns[0] in required
        and fk.ref_qualified != table.qualified
    ]
    if len(keys) != 1:
        return None
    closed = next(
        (
            c.name
            for c in table.columns
            if c.type.name == "boolean" and CLOSED_WORDS & set(normalise(c.name).split("_"))
        ),
        None,
    )
    fk = keys[0]
    return WeekHours(table.qualified, fk.columns[0], fk.ref_qualified, fk.ref_columns[0], day,
                     *hours, closed, iso_days(schema, table, day))  # fmt: skip


@memo.by_identity
def week_tables(schema: Schema) -> dict[str, WeekHours]:
    """place -> the table of its hours by day of the week (the first by name)."""
    out: dict[str, WeekHours] = {}
    for name in sorted(schema.tables):
        found = week_hours_of(schema, schema.tables[name])
        if found is not None:
            out.setdefault(found.place, found)
    return out


def week_of(schema: Schema, place: str) -> WeekHours | None:
    return week_tables(schema).get(place)


def week_edges(schema: Schema) -> list[tuple[str, str]]:
    """(table, table to load before it): a place's hours before the rows that happen at it
    (a time of their own and a key to the place)."""
    out = []
    places = week_tables(schema)
    for table in schema.tables.values():
        if not any(c.type.name.startswith("timestamp") for c in table.columns):
            continue
        for fk in table.foreign_keys:
            week = places.get(fk.ref_qualified)
            if len(fk.columns) == 1 and week is not None and week.table != table.qualified:
                out.append((table.qualified, week.table))
    return out


def week_columns(schema: Schema) -> dict[str, set[str]]:
    """For each table of hours by day, the columns the rows at its place read."""
    return {
        w.table: {w.key, w.day, w.opens, w.closes} | ({w.closed} if w.closed else set())
        for w in week_tables(schema).values()
    }


def event_word(words: list[str]) -> str | None:
    """The event the words name (`picked`, `up` → pick-up), else None."""
    found = event_of("_".join(words)) if words else None
    return found[1] if found else None


def site_event(times: dict[str | None, str], fk: str, parent: str) -> str | None:
    """The row's time (`times`: by its event word) whose event the key to a site names
    (`pickup_branch_id`: `picked_up_at`), else None."""
    nouns = {"id", "fk", "key", "no"}
    for word in normalise(parent.rsplit(".", 1)[-1]).split("_"):
        nouns |= singular_forms(word)
    words = [w for w in normalise(fk).split("_") if w not in nouns]
    return times.get(event_word(words)) if words else None
