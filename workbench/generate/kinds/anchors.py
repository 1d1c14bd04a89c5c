"""The times that frame a table's rows: the column that says when a row came to be (its
anchor: a recognised creation time, else the first NOT NULL timestamp named like an event) and
the nullable time that ends a row's life (deleted_at, closed_at…)."""

from __future__ import annotations

from workbench.config import Config
from workbench.generate.base.names import normalise
from workbench.generate.kinds.recognise import rare_end
from workbench.generate.kinds.semantics import decide_column
from workbench.schema import memo
from workbench.schema.model import Schema, Table
from workbench.schema.typeinfo import resolve_type

STAMP_SUFFIXES = ("at", "on", "date", "time", "timestamp", "ts", "datetime")


@memo.by_identity
def anchor_of(schema: Schema, table: Table, config: Config) -> str | None:
    """The column that says when a row came to be: a recognised creation time, else the first
    NOT NULL timestamp named like an event (`placed_at`, `rental_date`)."""

    fallback = None
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
    return fallback


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
