"""A whole that its parts add up to: a building's gross floor area over its rooms' floor
areas, a facility's over its units', a tank farm's total capacity over its tanks' (a parent's
area or volume named as a whole, `gross_floor_area_m2`, `total_area_sqft`,
`total_capacity_litres`, over the one child table whose rows hold the same measure in the same
unit). kinds/totals.py sums it like a document's lines once they are loaded, so the parts never
add up to more than the whole; the parts are no document's lines (plan/lines.py: each parent
need not have some). Names only: the roles and units of vocab/shapes.role_of."""

from __future__ import annotations

from typing import TYPE_CHECKING

from workbench.generate.base.names import normalise
from workbench.generate.base.tables import partition_root
from workbench.generate.kinds.rollup import Rollup
from workbench.generate.vocab.shapes import role_of
from workbench.schema.model import sql_name
from workbench.schema.typeinfo import resolve_type

if TYPE_CHECKING:
    from workbench.schema.model import Column, Schema, Table

# the words that name a whole beside its measure
WHOLE_WORDS = frozenset({"gross", "total", "overall", "whole", "entire", "combined"})
_MEASURES = ("area", "volume")
_NUMERIC = ("int", "decimal", "float")


def _measure(schema: Schema, column: Column) -> tuple[str, float] | None:
    found = role_of(normalise(column.name))
    if found is None or found[0] not in _MEASURES:
        return None
    if resolve_type(schema, column.type).kind not in _NUMERIC:
        return None
    return found


def _plain(table: Table, column: Column) -> bool:
    """A column a post-pass may overwrite: no key, no generated or identity column."""
    keyed = set(table.primary_key.columns) if table.primary_key else set()
    for unique in table.uniques:
        keyed |= {c for c in unique.columns if c}
    for fk in table.foreign_keys:
        keyed |= set(fk.columns)
    return column.generated is None and not column.identity and column.name not in keyed


def whole_of_parts(
    schema: Schema, table: Table, column: Column
) -> tuple[Table, tuple[str, ...], tuple[str, ...], str] | None:
    """(the child table, its key's columns, the parent's columns they reference, the child's
    column of the part) of a parent's column that is the whole of its children's parts, else
    None: the column names a whole's area or volume, and exactly one child table, through
    exactly one key, holds one column of the same measure in the same unit that names no
    whole."""
    words = set(normalise(column.name).split("_"))
    mine = _measure(schema, column) if words & WHOLE_WORDS else None
    if mine is None or not _plain(table, column) or table.partition_by:
        return None
    found = []
    for child in schema.tables.values():
        if child.partition_of or child.qualified == table.qualified:
            continue
        fks = [
            f
            for f in child.foreign_keys
            if partition_root(schema, f.ref_qualified) == table.qualified
        ]
        parts = [
            c.name
            for c in child.columns
            if _measure(schema, c) == mine and not set(normalise(c.name).split("_")) & WHOLE_WORDS
        ]
        if len(fks) == 1 and len(parts) == 1:
            found.append((child, tuple(fks[0].columns), tuple(fks[0].ref_columns), parts[0]))
    return found[0] if len(found) == 1 else None


def is_part(schema: Schema, child: str, parent: str) -> bool:
    """Whether a child table's rows are the parts a column of the parent is the whole of."""
    table = schema.tables.get(parent)
    if table is None:
        return False
    for column in table.columns:
        got = whole_of_parts(schema, table, column)
        if got is not None and got[0].qualified == child:
            return True
    return False


def whole_rollup(schema: Schema, table: Table, column: Column) -> Rollup | None:
    """The rollup that sums a whole over its parts, or None."""
    got = whole_of_parts(schema, table, column)
    if got is None:
        return None
    child, fk, ref, part = got
    quoted = sql_name(part)
    return Rollup(table.qualified, column.name, "sum", child.qualified, fk, ref, f"c.{quoted}",
                  part, row_expr=quoted)  # fmt: skip
