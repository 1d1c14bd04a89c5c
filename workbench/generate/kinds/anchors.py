"""The times that frame a table's rows: the column that says when a row came to be (its
anchor: the business time, else a recognised creation time, else the first NOT NULL timestamp
named like an event) and the nullable time that ends a row's life (deleted_at, closed_at…).

The business time of a row is when its thing happened, as opposed to when the database
recorded it: in a table with a record time (created_at), a NOT NULL time named by a past
participle that is no record time, no ending and no plan (`read_at`, `signed_on`,
`received_at`: vocab/lexicon.py) wins over the record time, which is written at or a little
after it. Structural, not a word list of events: any participle reads the same."""

from __future__ import annotations

from workbench.config.file import Config
from workbench.generate.base.names import normalise
from workbench.generate.kinds.meets import personal, placed_contact
from workbench.generate.kinds.orders import declared_start
from workbench.generate.kinds.recognise import rare_end
from workbench.generate.kinds.semantics import decide_column
from workbench.generate.vocab import lexicon
from workbench.schema import memo
from workbench.schema.model import Schema, Table
from workbench.schema.typeinfo import resolve_type

STAMP_SUFFIXES = ("at", "on", "date", "time", "timestamp", "ts", "datetime")
# words naming when a thing begins or is due to: a NOT NULL time so named says when the row
# takes place (`scheduled_start`, `departure`) when no column is named like an event
START_WORDS = frozenset({"start", "starts", "started", "begin", "begins", "departure", "departs",
                         "scheduled", "planned", "opens", "pickup", "commence"})  # fmt: skip

# words naming when a thing was arranged: before the time it takes place (booked, assigned,
# signed): the lexicon's transactions
LEAD_WORDS = lexicon.TRANSACTION


def arranged_before(name: str) -> bool:
    """Whether a time column names when a thing was arranged (`booked_at`, `assigned_on`,
    `checked_in_at`): it comes before the time the thing takes place."""
    return lexicon.transaction(name)


def at_booked_slot(table: Table, columns: list[str], parent: Table) -> bool:
    """Whether a row is the one thing that happened at its parent's booked slot: its key to
    the parent unique alone (one screening, one donation per appointment) and the parent a
    slot arranged in advance (a time of its own naming when it was booked: `booked_at`)."""
    keys: list[list[str | None]] = [list(table.primary_key.columns)] if table.primary_key else []
    keys += [list(u.columns) for u in table.uniques if u.predicate is None]
    if list(columns) not in keys:
        return False
    return any(arranged_before(c.name) for c in parent.columns if c.name not in columns)


@memo.by_identity
def takes_place(schema: Schema, table: Table, config: Config) -> str | None:
    """The time a row takes place at (`scheduled_start`, `departure_time`, `starts_at`), as
    opposed to when it was recorded: the anchor when it is named so, else the first NOT NULL
    time named like a start. Its children (a roster, a check-in, a reading) happen around it,
    not any time after it; what is still planned lies ahead of the clock. A CHECK that puts the
    other end of the same thing first (`departure_date > arrival_date`: a stay, not a trip)
    makes that end the start. A person (a rider's `started_on`) takes place at no time: the
    start of their service is no event their rows gather around."""
    if personal(schema, table.qualified) and not placed_contact(schema, table.qualified):
        return None
    anchor = anchor_of(schema, table, config)
    if anchor is not None and START_WORDS & set(normalise(anchor).split("_")):
        return anchor
    for column in table.columns:
        if column.generated is not None or column.nullable:
            continue
        if resolve_type(schema, column.type).kind not in ("timestamp", "timestamptz", "date"):
            continue
        if START_WORDS & set(normalise(column.name).split("_")):
            return _declared_first(schema, table, column.name)
    return None


def _declared_first(schema: Schema, table: Table, named: str) -> str:
    """The column a CHECK puts before the one the words chose, among the names one word apart
    (`departure_date > arrival_date`: a stay begins at its arrival; kinds/orders.py), where it
    is NOT NULL; else the one the words chose."""
    declared = table.column(declared_start(schema, table, named))
    return declared.name if declared is not None and not declared.nullable else named


@memo.by_identity
def business_time(schema: Schema, table: Table, config: Config) -> str | None:
    """When the thing a row records happened, in a table that also records when the row was
    written: the first NOT NULL time that is no record time (by its generator or its words),
    no birth, no ending, no plan and no latest of many (`last_seen_at` moves on after the row
    was written), and is named by a past participle (`read_at`, `signed_on`, `received_at`);
    in a person's record (a birth date beside it) failing that, the first NOT NULL calendar
    day of their life (`date_of_death`: life_day), whatever its words. None where the table
    has no record time or no such column."""

    found = day = None
    recorded = born = False
    for column in table.columns:
        if column.generated is not None:
            continue
        kind = resolve_type(schema, column.type).kind
        if kind not in ("timestamp", "timestamptz", "date"):
            continue
        generator = decide_column(schema, table, column, config).generator
        if lexicon.record_time(column.name, generator):
            recorded |= generator == "created_at"
            continue
        born |= generator == "birth_date"
        if found is not None or column.nullable or generator == "birth_date":
            continue
        if (
            lexicon.happened(column.name)
            and not lexicon.ending(column.name)
            and not (lexicon.LATEST & set(lexicon.words_of(column.name)))
        ):
            found = column.name
        elif day is None and kind == "date" and life_day(column.name):
            day = column.name
    if found is None and born:
        found = day
    return found if recorded else None


def life_day(name: str) -> bool:
    """Whether a NOT NULL calendar day beside a person's birth date names a day of their life
    that the record is about (`date_of_death`, `naturalisation_date`, `diagnosis_date`), by
    what it is not: no plan, no end or start of a window set ahead, no latest of many. A
    person's record is written on or after the day that defines it, as after their birth."""
    words = set(lexicon.words_of(name))
    return not (
        lexicon.planned(name)
        or lexicon.ending(name)
        or words & (lexicon.SCHEDULED_ENDS | lexicon.WINDOW_STARTS | lexicon.LATEST)
    )


@memo.by_identity
def anchor_of(schema: Schema, table: Table, config: Config) -> str | None:
    """The column that says when a row came to be: its business time (`read_at` beside a
    `created_at`), else a recognised creation time, else the first NOT NULL timestamp named
    like an event (`placed_at`, `rental_date`), else the first NOT NULL one named like a start
    (`scheduled_start`, `departure`)."""

    business = business_time(schema, table, config)
    if business is not None:
        return business
    fallback = start = None
    for column in table.columns:
        if column.generated is not None:
            continue
        kind = resolve_type(schema, column.type).kind
        if kind not in ("timestamp", "timestamptz", "date"):
            continue
        decision = decide_column(schema, table, column, config)
        if decision.generator == "created_at":
            return column.name
        stem = normalise(column.name).split("_")
        if (
            fallback is None
            and not column.nullable
            and decision.generator in ("timestamp", "date")
            and stem[-1] in STAMP_SUFFIXES
            and not ({"birth", "dob", "expires", "expiry", "due", "end", "until"} & set(stem))
        ):
            fallback = column.name
        if (
            start is None
            and not column.nullable
            and decision.generator in ("timestamp", "date")
            and START_WORDS & set(stem)
        ):
            start = column.name
    found = fallback or start
    return None if found is None else _declared_first(schema, table, found)


@memo.by_identity
def ending_of(schema: Schema, table: Table, config: Config) -> str | None:
    """The nullable time that ends a row's life (deleted_at, closed_at, deactivated_at…):
    nothing of its children happens after it."""

    for column in table.columns:
        kind = resolve_type(schema, column.type).kind
        if not column.nullable or column.generated is not None:
            continue
        if kind in ("timestamp", "timestamptz", "date") and rare_end(
            decide_column(schema, table, column, config).generator, column.name, kind
        ):
            return column.name
    return None
