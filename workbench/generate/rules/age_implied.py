"""A measure a person has only from an age on: a lens prescription's reading addition
(`add_power`) corrects presbyopia, which begins in the early forties, so a line of a
prescription for a customer of 30 has none (vocab/data/measure_ages.tsv: the column names and
the youngest age). The measure is a number column so named on a row that reaches a person (a
table with a date of birth) itself or along one or two single-column keys (a prescription's
line, its prescription, its customer); its day is the row's own time (when it takes place or
came to be), else that of the first table along the way that has one (the prescription's
issue date). Planned here, made to hold once every table is loaded (load/age_load.py, after
the dates of birth have moved into their bands and limits): on a row whose person is younger
than the measure's youngest age on its day the measure is NULL, or 0 where it must hold a
value. Any schema: the columns are found by their names' words and the birth date's
generator, no table is named here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from workbench.generate.kinds.anchors import anchor_of, takes_place
from workbench.generate.kinds.semantics import decide_column
from workbench.generate.rules.base import Phase, RowRule, Rule, free
from workbench.generate.vocab.role_ages import measure_age
from workbench.schema.typeinfo import resolve_type

if TYPE_CHECKING:
    import numpy as np

    from workbench.config.file import Config
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView
    from workbench.schema.model import Schema, Table

_NUMBERS = ("int", "decimal", "float")
_TIMES = ("timestamp", "timestamptz", "date")
Hop = tuple[str, str, str, str]  # (table, key column, referenced table, referenced column)


def _birth(schema: Schema, table: Table, config: Config) -> str | None:
    """The table's date of birth: a column the birth date generator fills."""
    return next(
        (
            c.name
            for c in table.columns
            if decide_column(schema, table, c, config).generator == "birth_date"
        ),
        None,
    )


def _day(schema: Schema, table: Table, config: Config) -> str | None:
    """When a row of the table happens: the time it takes place at, else when it came to be."""
    found = takes_place(schema, table, config) or anchor_of(schema, table, config)
    if found is None:
        return None
    column = table.column(found)
    if column is None or resolve_type(schema, column.type).kind not in _TIMES:
        return None
    return found


def _keys(table: Table) -> list[Hop]:
    return [
        (table.qualified, fk.columns[0], fk.ref_qualified, fk.ref_columns[0])
        for fk in table.foreign_keys
        if len(fk.columns) == 1
    ]


def _person(view: TableView) -> tuple[tuple[Hop, ...], str, tuple[str, int]] | None:
    """The way of keys to the person (empty: the row's own), their birth date column and the
    row's day: (column, the hop's index whose referenced table holds it; -1 the row's own)."""
    schema, config = view.schema, view.config
    own_day = _day(schema, view.table, config)
    own_birth = _birth(schema, view.table, config)
    if own_birth is not None and own_day is not None:
        return (), own_birth, (own_day, -1)
    for first in _keys(view.table):
        parent = schema.tables.get(first[2])
        if parent is None or first[2] == view.table.qualified:
            continue
        birth = _birth(schema, parent, config)
        if birth is not None and own_day is not None:
            return (first,), birth, (own_day, -1)
        parent_day = _day(schema, parent, config)
        day = (own_day, -1) if own_day is not None else (parent_day or "", 0)
        if not day[0]:
            continue
        for second in _keys(parent):
            person = schema.tables.get(second[2])
            if person is None or second[2] in (first[2], view.table.qualified):
                continue
            birth = _birth(schema, person, config)
            if birth is not None:
                return (first, second), birth, day
    return None


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    measures = [
        (c, age)
        for c, s in view.specs.items()
        if s.kind in _NUMBERS and (age := measure_age(c)) is not None and free(view, c)
    ]
    if not measures:
        return []
    found = _person(view)
    if found is None:
        return []
    hops, birth, (day, at) = found
    person = hops[-1][2] if hops else view.tp.name
    out = []
    for column, youngest in measures:
        detail = f"{column}: none for a person under {youngest:g} ({person}.{birth}) on {day}"
        data = {"hops": hops, "birth": birth, "day": day, "day_at": at, "youngest": youngest,
                "zero": not view.specs[column].nullable}  # fmt: skip
        out.append(Rule("age_implied", [column], detail, data))
    return out


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    """Nothing per batch: the person's age is final once every table is loaded."""


RULE = RowRule(
    "age_implied",
    "a measure a person has only from an age on (a reading addition) is none below it",
    _plan,
    _apply,
    phases={"age_implied": Phase.FINAL},
    after=("age_limit",),  # nothing per batch: its place only orders the plan
    before=("period",),
)
