"""A parent's counters over its whole life, named for the events its children record rather
than for lines: a member's `total_visits` is the number of its visits (`gym_visits`,
`club_visits`: a child table whose name ends with the counted word), a customer's
`lifetime_spend` / `total_spent` the sum of the money its children's rows record
(`amount_spent`, `amount`, `total`). Such counters only grow with the children, so they are
theirs: summed once the children are loaded (load/totals_load.py), as the lines' totals are.

Only through a single-column key to the parent, and only where exactly one child table
fits; what the names do not say is left to a declared rule (kinds/totals.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from workbench.generate.base.names import normalise, singular_forms
from workbench.generate.base.tables import partition_root
from workbench.generate.kinds.rollup import Rollup
from workbench.schema.typeinfo import resolve_type

if TYPE_CHECKING:
    from workbench.schema.model import Column, ForeignKey, Schema, Table

# the words of a counter over a whole life, around what it counts (`total_visits`,
# `visit_count`, `number_of_sessions`, `lifetime_orders`)
COUNT_WORDS = frozenset({"total", "count", "number", "num", "of", "lifetime", "all", "time",
                         "cumulative"})  # fmt: skip
# a sum of money over a whole life (`lifetime_spend`, `total_spent`, `lifetime_value`)
LIFE_WORDS = frozenset({"lifetime", "total", "cumulative", "all", "time"})
SPEND_WORDS = frozenset({"spend", "spent", "spending", "paid", "revenue", "value"})
# a child's column recording the money of one event
_MONEY_WORDS = frozenset({"amount", "total", "spent", "spend", "paid", "price", "charge",
                          "fare", "cost", "value"})  # fmt: skip
_NOT_MONEY = frozenset({"unit", "rate", "tax", "vat", "discount", "tip", "deposit", "fee",
                        "balance", "after", "before", "running", "limit"})  # fmt: skip


def _words(name: str) -> set[str]:
    return set(normalise(name).split("_"))


def _key_to(schema: Schema, child: Table, parent: str) -> ForeignKey | None:
    """The child's one single-column key to the parent (None for none or several)."""
    fks = [fk for fk in child.foreign_keys if partition_root(schema, fk.ref_qualified) == parent]
    return fks[0] if len(fks) == 1 and len(fks[0].columns) == 1 else None


def _children(schema: Schema, parent: Table) -> list[tuple[Table, ForeignKey]]:
    out = []
    for child in schema.tables.values():
        if child.partition_of or child.qualified == parent.qualified:
            continue
        fk = _key_to(schema, child, parent.qualified)
        if fk is not None:
            out.append((child, fk))
    return out


def _counted(column: Column) -> set[str]:
    """What an integer counter counts (`visits`), in its singular and plural forms; empty
    for a name that is no counter of events."""
    words = normalise(column.name).split("_")
    if not set(words) & COUNT_WORDS:
        return set()
    if words[-1] == "number" and len(words) > 1:
        return set()  # `line_no`, `visit_number`: which one a row is, never how many
    rest = [w for w in words if w not in COUNT_WORDS]
    if len(rest) != 1:
        return set()
    return singular_forms(rest[0]) | {rest[0] + "s"}


def _names_events(child: Table, counted: set[str]) -> bool:
    """The child table's name ends with the counted word (`gym_visits` for visits)."""
    last = normalise(child.name).split("_")[-1]
    return bool(singular_forms(last) & counted)


def _money_of(schema: Schema, child: Table, column: Column) -> str | None:
    """The child's one column of an event's money, of the counter's type family."""
    own = _words(column.name)
    found = []
    for c in child.columns:
        words = _words(c.name)
        kind = resolve_type(schema, c.type).kind
        if kind not in ("decimal", "float") or words & _NOT_MONEY or not words & _MONEY_WORDS:
            continue
        found.append((not words & own, c.name))
    found.sort()
    if not found or (len(found) > 1 and found[0][0] == found[1][0]):
        return None
    return found[0][1]


def lifetime_rollup(schema: Schema, table: Table, column: Column) -> Rollup | None:
    """The rollup of a counter over the parent's life, if its name says one."""
    if column.generated is not None or column.identity:
        return None
    kind = resolve_type(schema, column.type).kind
    words = _words(column.name)
    found = []
    if kind == "int":
        counted = _counted(column)
        if not counted:
            return None
        for child, fk in _children(schema, table):
            if _names_events(child, counted):
                keys = (tuple(fk.columns), tuple(fk.ref_columns))
                counts = (table.qualified, column.name, "count", child.qualified)
                found.append(Rollup(*counts, *keys, "", "rows"))
    elif kind in ("decimal", "float") and words & LIFE_WORDS and words & SPEND_WORDS:
        if words - LIFE_WORDS - SPEND_WORDS - {"amount", "to", "date"}:
            return None  # a sum of something else (`total_value_of_stock`)
        for child, fk in _children(schema, table):
            money = _money_of(schema, child, column)
            if money is not None:
                expr = f'c."{money}"'
                found.append(Rollup(table.qualified, column.name, "sum", child.qualified,
                                    tuple(fk.columns), tuple(fk.ref_columns), expr, money,
                                    row_expr=f'"{money}"'))  # fmt: skip
    return found[0] if len(found) == 1 else None
