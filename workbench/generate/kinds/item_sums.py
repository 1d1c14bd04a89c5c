"""A document's total over every table of what it sells, not only its table of lines.

An order may sell its tickets and its snacks, a booking its seats and its extras, a trip
invoice its passages and its fees: the total found over one table of lines (kinds/totals.py)
also takes in each other table whose rows are items the document sells. Such a table
references the document by one key that may not be NULL, belongs to it (the key cascades on
delete, is part of its primary key, or the table reads as lines: kinds/lines_of.py) and holds
a line's amount of the total's kind: a line total, quantity × unit price, or, for a row that is
one item (a ticket, a seat, a passage), its price alone. A table that settles or adjusts the
document (payments, refunds, credits) is no part of it, and neither is a bare `amount`, which a
payment holds too. The sums are added by the SQL post-pass (Rollup.also). Nothing here names a
table: the names of amounts are kinds/total_names.py's."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from workbench.generate.base.names import normalise, singular_forms
from workbench.generate.base.tables import partition_root
from workbench.generate.kinds.amount_names import quantity_named
from workbench.generate.kinds.lines_of import line_like
from workbench.generate.kinds.rollup import Rollup
from workbench.generate.kinds.total_names import BARE, LINE_TOTALS, QTY, SUM_NAMES, UNIT_PRICES
from workbench.schema.typeinfo import resolve_type

if TYPE_CHECKING:
    from workbench.schema.model import Column, ForeignKey, Schema, Table

# a whole total: what every table the document sells adds to (not `lines_total`, one table's)
WHOLE = SUM_NAMES - {"items_total", "lines_total"}
# a row that is one item sold: its price alone is its amount (never a rate: a tax's, an hour's)
ITEM_PRICES = (
    *(p for p in UNIT_PRICES if "rate" not in p.split("_")),
    *("fare", "price_paid", "paid_price", "charged_price", "ticket_price", "seat_price"),
)
# words of a table that settles, adjusts or records a document rather than sells under it
SETTLES = frozenset(
    {"payment", "refund", "receipt", "transaction", "adjustment", "credit", "allocation",
     "settlement", "instalment", "installment", "reversal", "chargeback", "dispute", "history",
     "log", "event", "audit", "note", "status", "discount", "voucher", "coupon", "tax", "split"}
)  # fmt: skip
_NUMERIC = ("int", "decimal", "float")


def _kind(schema: Schema, column: Column) -> str:
    return resolve_type(schema, column.type).kind


def _same_kind(a: str, b: str) -> bool:
    if a == "int" or b == "int":
        return a == b
    return a in _NUMERIC and b in _NUMERIC


def _ident(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _owned(child: Table, fk: ForeignKey) -> bool:
    """Whether the child's rows belong to the parent its key reaches."""
    pk = set(child.primary_key.columns) if child.primary_key else set()
    return fk.on_delete == "CASCADE" or set(fk.columns) <= pk or line_like(child)


def _settles(child: Table) -> bool:
    words = normalise(child.name).split("_")
    return any(set(singular_forms(w)) & SETTLES for w in words)


def item_amount(schema: Schema, child: Table, kind: str) -> tuple[str, str] | None:
    """The child row's amount of the total's kind as (SQL over the row, as shown): its line
    total, else quantity × unit price, else its price as one item; None for none."""
    keyed = {c for fk in child.foreign_keys for c in fk.columns}
    same = {normalise(c.name): c.name for c in child.columns
            if c.name not in keyed and _same_kind(_kind(schema, c), kind)}  # fmt: skip
    counts = {normalise(c.name): c.name for c in child.columns
              if c.name not in keyed and _kind(schema, c) in _NUMERIC}  # fmt: skip
    total = next((same[n] for n in LINE_TOTALS if n in same and n not in BARE), None)
    if total is not None:
        return _ident(total), total
    price = next((same[n] for n in UNIT_PRICES if n in same), None)
    qty = quantity_named(counts, QTY) if price is not None else None
    if price is not None and qty is not None:
        return f"{_ident(qty)} * {_ident(price)}", f"{qty} × {price}"
    item = next((same[n] for n in ITEM_PRICES if n in same), None)
    return (_ident(item), item) if item is not None else None


def more_items(schema: Schema, table: Table, rollup: Rollup | None) -> Rollup | None:
    """The rollup with every other table of what the document sells added (see the module);
    the rollup as it was when it is no whole total over one table of lines, or none fits."""
    if rollup is None or rollup.kind != "sum" or rollup.declared or rollup.via:
        return rollup
    if rollup.also or rollup.joined is not None or rollup.split is not None:
        return rollup
    column = table.column(rollup.column)
    if column is None or normalise(column.name) not in WHOLE:
        return rollup
    kind = _kind(schema, column)
    found = []
    for child in schema.tables.values():
        if child.partition_of or child.qualified in (table.qualified, rollup.child):
            continue
        fks = [fk for fk in child.foreign_keys
               if partition_root(schema, fk.ref_qualified) == table.qualified]  # fmt: skip
        if len(fks) != 1 or _settles(child) or not _owned(child, fks[0]):
            continue
        if any((c := child.column(name)) is None or c.nullable for name in fks[0].columns):
            continue
        amount = item_amount(schema, child, kind)
        if amount is None:
            continue
        found.append(Rollup(table.qualified, rollup.column, "sum", child.qualified,
                            tuple(fks[0].columns), tuple(fks[0].ref_columns),
                            "c." + amount[0].replace(" * ", " * c."), amount[1],
                            row_expr=amount[0]))  # fmt: skip
    return replace(rollup, also=tuple(found)) if found else rollup
