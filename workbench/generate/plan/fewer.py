"""Tables whose planned rows are a bound, not a count: a header holds one row per group of the
keys its lines' records reach and only where it has lines (kinds/header.py); the lines of a
header, and the one record of a parent's outcome (kinds/outcome.py), one row per parent that
reaches every key of the header or where the outcome happened. How many groups or fit parents
there are is known once the parents are made; the rows past them are left out then, and the
run's account says how many (load/report.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from workbench.generate.base.tables import unique_sets
from workbench.generate.kinds.header import header_of, lines_of
from workbench.generate.kinds.outcome import outcome_key

if TYPE_CHECKING:
    from workbench.generate.plan.tables import Plan, TablePlan
    from workbench.schema.model import Schema


def at_most(schema: Schema | None, name: str) -> str | None:
    """Why the table's planned rows are at most what it holds, else None."""
    table = None if schema is None else schema.tables.get(name)
    if schema is None or table is None:
        return None
    header = header_of(schema, table)
    if header is not None:
        keys = ", ".join(header.columns)
        rows = f"{header.child} rows' {header.parent}"
        return f"one row per ({keys}) its {rows} reach, each with lines"
    lines = lines_of(schema, table)
    if lines is not None and [lines.anchor] in unique_sets(table):
        return f"one row per {lines.parent} row reaching every key of its header"
    if lines is not None:
        return f"the lines of the {lines.head} rows that hold a group"
    found = outcome_key(schema, table)
    if found is not None:
        return f"one row per {found[1]} row where its outcome happened"
    return None


def planned(plan: Plan, tp: TablePlan) -> dict[str, Any]:
    """The table's plan as events carry it, with `at_most` where its rows are a bound."""
    why = None if tp.file_rows or not tp.rows else at_most(plan.schema, tp.name)
    return {**tp.to_dict(), **({"at_most": why} if why else {})}
