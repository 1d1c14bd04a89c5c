"""A part of a document's total that sums a table of its own (kinds/arithmetic.py,
amount_names.table_parts): an invoice's `disbursements_total` over its `disbursements` rows'
amount, its `fees_total` over its one other table holding an amount (its time entries), when
no name of a line's amount says what to sum. kinds/totals.py asks which table a part sums
(`own_table`) and, when its own search finds no amount there, sums the table's one amount of
money (`own_rollup`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from workbench.generate.base.tables import partition_root
from workbench.generate.kinds.amount_names import money_column, table_parts
from workbench.generate.kinds.arithmetic import summed_stem
from workbench.generate.kinds.rollup import Rollup
from workbench.schema.model import sql_name
from workbench.schema.typeinfo import resolve_type

if TYPE_CHECKING:
    from workbench.schema.model import Column, Schema, Table


def own_table(schema: Schema, table: Table, column: Column) -> str | None:
    """The table (qualified) the row's `<what>_total` column sums as a part of its total."""
    stems = {c.name: summed_stem(c.name) for c in table.columns if summed_stem(c.name)}
    return table_parts(schema, table, stems).get(column.name) if column.name in stems else None


def own_rollup(schema: Schema, table: Table, column: Column, child: str) -> Rollup | None:
    """The rollup summing the child's one amount of money into the column, when both are
    integers or both not; else None."""
    lines = schema.tables.get(child)
    money = money_column(schema, lines) if lines is not None else None
    held = lines.column(money) if lines is not None and money is not None else None
    if lines is None or money is None or held is None:
        return None
    kinds = {resolve_type(schema, c.type).kind == "int" for c in (held, column)}
    fks = [
        f for f in lines.foreign_keys if partition_root(schema, f.ref_qualified) == table.qualified
    ]
    if len(kinds) != 1 or len(fks) != 1:
        return None
    quoted = sql_name(money)
    return Rollup(table.qualified, column.name, "sum", child, tuple(fks[0].columns),
                  tuple(fks[0].ref_columns), f"c.{quoted}", money, row_expr=quoted)  # fmt: skip
