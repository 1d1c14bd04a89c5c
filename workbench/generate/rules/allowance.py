"""A counter bounded by an allowance: a running count of what a parent has used so far
(`days_used_after` of a pack's redemptions, `credits_spent_total`, `hours_used_after`) where
the parent, or the row it is an instance of (the pack's plan), states how much may be used
of the same unit (`days_included`, `credit_allowance`, `hours_quota`, `max_sessions`).

Such a counter is a usage meter, not a bank balance: it starts at zero with the parent
(whose life lies inside the data), its steps only add (no row takes out), and together they
never pass the allowance: each parent's steps are scaled to a share of it (load/
running_load.py, once the rows are in).

Recognition is by structure: the counter's unit word (`days`, `hours`, `credits`: the closed
list lexicon.COUNTED) on an integer or numeric column of the parent or of one of the
parent's NOT NULL parents, named with a word of allowance (a closed list of the English
words for "so much may be used") and no word of use or of a balance."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from workbench.generate.base.names import normalise
from workbench.generate.base.tables import required_parents
from workbench.generate.kinds.anchors import anchor_of
from workbench.generate.vocab import lexicon
from workbench.schema.typeinfo import resolve_type

if TYPE_CHECKING:
    from workbench.generate.view import TableView
    from workbench.schema.model import Table

# the words that say how much may be used (`days_included`, `hours_quota`, `max_credits`)
ALLOWANCE_WORDS = frozenset({"included", "include", "includes", "allowance", "allowed",
                             "allowable", "quota", "limit", "entitlement", "entitled",
                             "granted", "max", "maximum", "cap", "capacity", "purchased",
                             "bought", "contracted", "budget", "budgeted", "prepaid", "total",
                             "pack", "bundle", "package"})  # fmt: skip
# the words of what was used, or of a balance: not an allowance (`days_used`, `days_left`)
_USED_WORDS = frozenset({"used", "redeemed", "consumed", "spent", "taken", "remaining", "left",
                         "balance", "after", "before", "running", "cumulative", "current",
                         "available", "min", "minimum", "per"})  # fmt: skip
_NUMERIC = ("int", "decimal", "float")


def _words(name: str) -> set[str]:
    return set(normalise(name).split("_"))


def _stated(view: TableView, table: Table, units: set[str], integer: bool) -> str | None:
    """The table's allowance of `units`: a number of the counter's kind (whole or not),
    named with one of the units and a word of allowance."""
    keys = {c for fk in table.foreign_keys for c in fk.columns}
    keys |= set(table.primary_key.columns) if table.primary_key else set()
    for column in table.columns:
        kind = resolve_type(view.schema, column.type).kind
        if column.name in keys or column.generated is not None or kind not in _NUMERIC:
            continue
        if integer and kind != "int":
            continue
        words = _words(column.name)
        if words & units and words & ALLOWANCE_WORDS and not words & _USED_WORDS:
            return column.name
    return None


def allowance_of(
    view: TableView, key: str, parent: str, ref: str, counter: str, amount: str
) -> dict[str, Any] | None:
    """The hops from the row to its parent's allowance of the counter's unit (the parent's
    own first, else a NOT NULL parent's of the parent) and the allowance column, or None."""
    units = (_words(counter) | _words(amount)) & lexicon.COUNTED
    table = view.schema.tables.get(parent)
    if not units or table is None:
        return None
    integer = view.specs[counter].kind == "int"
    column = _stated(view, table, units, integer)
    if column is not None:
        return {"hops": [(key, parent, ref)], "column": column}
    for fk, grand in required_parents(view.schema, table):
        if grand is table or grand is view.table:
            continue
        column = _stated(view, grand, units, integer)
        if column is not None:
            hops = [(key, parent, ref), (fk.columns[0], fk.ref_qualified, fk.ref_columns[0])]
            return {"hops": hops, "column": column}
    return None


def starts_with_parent(view: TableView, parent: str, counter: str) -> bool:
    """A count (not money) under a parent that states when it came to be: the parent's
    whole life lies in the data, so its count starts at zero with it."""
    table = view.schema.tables.get(parent)
    if table is None or view.specs[counter].kind != "int":
        return False
    return anchor_of(view.schema, table, view.config) is not None
