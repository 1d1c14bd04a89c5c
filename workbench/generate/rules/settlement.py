"""Settlement through a shared parent: a parent with a lifecycle status and no money of its
own (a folio, a bar tab, an order without a total column) has two kinds of children, lines
that charge (a charge's `amount`, a line's total) and payments (a table named as paying:
payments, receipts, settlements, remittances). Its total is implicit: once the parent's status
means it is done (closed, settled, paid), what its payments add up to is what its lines add up
to; while it is open, its payments are partial (at most the charges).

The shape triggers it, never a table's name: the payment row's NOT NULL single-column foreign
key to a parent whose status column holds a done label and that has no money column, and one
other child of that parent with a money amount that is not paying. The payments' amounts need
every line of a parent: they are set in SQL once every table is loaded (load/settle_load.py):
a settled parent's charges are split over its payments in the proportion the payments were
drawn in, to the cent, the remainder on the last one; an open parent's payments that exceed its
charges are scaled down below them."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.rules import money
from workbench.generate.rules.base import Phase, RowRule, Rule, free
from workbench.generate.vocab.outcomes import STATUS_WORDS

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView
    from workbench.schema.model import Schema, Table

_PAYING = re.compile(r"pay(?!roll)|receipt|settle|remit|tender")
_AMOUNTS = frozenset({"amount", "total", "value", "sum"})
# a line's per-unit money and its parts: not what the line charges in all
_PARTS = frozenset({"unit", "rate", "price", "tax", "vat", "discount", "fee", "per", "each",
                    "tip", "net", "base"})  # fmt: skip


def _money_amount(schema: Schema, table: Table) -> str | None:
    """A table's money amount: `amount`, else a money column named as an amount or total
    that is no per-unit price nor a part of one."""
    found = []
    for column in table.columns:
        words = set(normalise(column.name).split("_"))
        if column.generated is not None or not words & _AMOUNTS or words & _PARTS:
            continue
        if money.is_money_column(schema, table, column.name, ""):
            found.append(column.name)
    return min(found, key=lambda n: normalise(n) != "amount") if found else None


def _status(table: Table) -> str | None:
    return next(
        (c.name for c in table.columns if normalise(c.name).split("_")[-1] in STATUS_WORDS),
        None,
    )


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    if _PAYING.search(normalise(view.table.name)) is None:
        return []
    schema = view.schema
    amount = _money_amount(schema, view.table)
    if amount is None or not free(view, amount):
        return []
    for fk in view.table.foreign_keys:
        column = view.table.column(fk.columns[0])
        parent = schema.tables.get(fk.ref_qualified)
        if len(fk.columns) != 1 or column is None or column.nullable or parent is None:
            continue
        status = _status(parent)
        if status is None or _money_amount(schema, parent) is not None:
            continue
        if any(money.is_money_column(schema, parent, c.name, "") for c in parent.columns):
            continue  # a parent that states money of its own (a total, a balance)
        lines = []
        for other in schema.tables.values():
            if other is view.table or _PAYING.search(normalise(other.name)):
                continue
            for ofk in other.foreign_keys:
                if ofk.ref_qualified == fk.ref_qualified and len(ofk.columns) == 1:
                    line_amount = _money_amount(schema, other)
                    if line_amount is not None:
                        lines.append((other.qualified, ofk.columns[0], line_amount))
        if len(lines) != 1:
            continue
        line, line_key, line_amount = lines[0]
        data: dict[str, Any] = {
            "amount": amount, "key": fk.columns[0], "parent": fk.ref_qualified,
            "ref": fk.ref_columns[0], "status": status, "line": line, "line_key": line_key,
            "line_amount": line_amount,
            "order": list(view.table.primary_key.columns) if view.table.primary_key else [],
        }  # fmt: skip
        detail = (
            f"a done {fk.ref_qualified}'s {amount}s add up to its {line}.{line_amount}s; an "
            "open one's stay below them (after every table is loaded)"
        )
        return [Rule("settlement", [amount, fk.columns[0]], detail, data)]
    return []


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    return  # load/settle_load.py, once every table is in


RULE = RowRule(
    "settlement",
    "a settled parent's payments add up to its lines' charges, an open one's stay below them",
    _plan,
    _apply,
    phases={"settlement": Phase.FINAL},
    after=("running_balance",),
    before=("after_parent",),
)
