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
charges are scaled down below them. The two children's fan-outs are drawn apart, so a parent
may have payments and no lines while a done one has lines and no payment: where the payment's
only foreign key is to the parent, the first's payments move to the second (a done parent's
first, then those of parents in other states: a payment for nothing), their times kept at
the same place within the parent's life; a done parent with lines still unpaid then takes one
spare payment (a payment not its parent's first), so no settled parent with lines goes
unpaid while another was paid more than once.

What is due need not be the lines' `amount`: a line that states only what it costs (a
visit's service at its `price`, a `fee`) charges that, times its quantity where it has one;
a parent that states a total of its own (`total_amount`, a formula's total) owes that, where
it is no bill the bill rule settles (rules/bill_payments.py reads a bill's or an order's paid
labels); a parent's discount (`discount`, `discount_amount`) comes off its lines. Which
parents are paid is read from the status's meaning (vocab/outcomes.lifecycle_meanings): a
done one (completed, closed, fulfilled, settled) in full; one under way in part; one called
off, failed or still to come (cancelled, no_show, booked for later) none, its payments moved
to a done parent owing something (load/settle_load.py); a done parent's payments were made
at the end of its service (`ends_at`, `finished_at`), up to the run's clock, unless that end
is its account's closing (`closed_at`: paid by then) (load/paid_times_load.py)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.kinds.anchors import anchor_of, ending_of
from workbench.generate.kinds.total_names import QTY
from workbench.generate.kinds.windows import window_of
from workbench.generate.rules import money
from workbench.generate.rules.base import Phase, RowRule, Rule, free
from workbench.generate.rules.bill_payments import bill_total, own_outcome
from workbench.generate.rules.chain import moment_of
from workbench.generate.rules.settle import order_like
from workbench.generate.rules.times import time_stem
from workbench.generate.vocab.outcomes import STATUS_WORDS, lifecycle_meanings
from workbench.schema.typeinfo import resolve_type

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView
    from workbench.schema.model import Schema, Table

_PAYING = re.compile(r"payment|receipt|settlement|remittance|tender")
_AMOUNTS = frozenset({"amount", "total", "value", "sum"})
# a line's per-unit money and its parts: not what the line charges in all
_PARTS = frozenset({"unit", "rate", "price", "tax", "vat", "discount", "fee", "per", "each",
                    "tip", "net", "base"})  # fmt: skip
# what a line that states no amount charges: its price (times its quantity)
_CHARGES = ("price", "fee", "charge", "cost", "rate")
# a parent's money that comes off what its lines charge
_OFF = frozenset({"discount", "rebate", "reduction", "markdown"})
# an end of a parent that closes its account (paid by then), not the end of its service
_CLOSING = frozenset({"closed", "close", "closing", "settled", "paid", "checkout", "checked",
                      "check"})  # fmt: skip


def _money_amount(schema: Schema, table: Table, paid: bool = False) -> str | None:
    """A table's money amount: `amount`, else a money column named as an amount or total
    that is no per-unit price nor a part of one; a payment's amount is no total of anything
    (`total_deductions`)."""
    found = []
    for column in table.columns:
        words = set(normalise(column.name).split("_"))
        if column.generated is not None or not words & _AMOUNTS or words & _PARTS:
            continue
        if paid and "total" in words:
            continue
        if money.is_money_column(schema, table, column.name, ""):
            found.append(column.name)
    return min(found, key=lambda n: normalise(n) != "amount") if found else None


def _status(table: Table) -> str | None:
    return next(
        (c.name for c in table.columns if normalise(c.name).split("_")[-1] in STATUS_WORDS),
        None,
    )


def _done(schema: Schema, table: Table, status: str) -> bool:
    """Whether a status may say the parent is done: an enum with a done label, or labels
    the schema does not list here (a CHECK, a text column: the post-pass reads them)."""
    column = table.column(status)
    labels = resolve_type(schema, column.type).labels if column is not None else []
    meanings = lifecycle_meanings(labels) if labels else None
    return not labels or (meanings is not None and "done" in meanings.values())


def _moves(view: TableView, parent: Table) -> dict[str, Any] | None:
    """Whether a done parent's payments may move to a done parent that has lines but no
    payment (the children's fan-outs are drawn apart): only a payment whose one foreign key
    is to the parent (nothing else of it meets another table); its times move with it, kept
    in the same place between the parent's start and end."""
    if len(view.table.foreign_keys) != 1:
        return None
    times = [
        n for n, spec in view.specs.items()
        if spec.kind in ("timestamp", "date") and free(view, n)
    ]  # fmt: skip
    return {
        "times": times,
        "anchor": anchor_of(view.schema, parent, view.config),
        "end": ending_of(view.schema, parent, view.config),
    }


def _line_charge(schema: Schema, table: Table) -> tuple[str, str | None] | None:
    """What a line charges: its money amount (`amount`, `line_total`), else the one money
    column naming what it costs (`price`, `fee`) and its quantity where it has one (None: the
    price alone)."""
    amount = _money_amount(schema, table)
    if amount is not None:
        return amount, None
    prices = []
    for column in table.columns:
        words = set(normalise(column.name).split("_"))
        if column.generated is not None or not words & set(_CHARGES):
            continue
        if words & (_OFF | {"tax", "vat", "tip", "list", "base", "original", "regular"}):
            continue
        if money.is_money_column(schema, table, column.name, ""):
            prices.append(column.name)
    if len(prices) != 1:
        return None
    qty = next((c.name for c in table.columns if normalise(c.name) in QTY), None)
    return prices[0], qty


def _off(schema: Schema, table: Table) -> str | None:
    """A parent's money that comes off its lines (`discount`, `discount_amount`), not a rate."""
    for column in table.columns:
        words = set(normalise(column.name).split("_"))
        if not words & _OFF or words & {"pct", "percent", "percentage", "rate", "code"}:
            continue
        if money.is_money_column(schema, table, column.name, ""):
            return column.name
    return None


def _service_end(view: TableView, parent: Table) -> dict[str, Any]:
    """The time a parent's service ended (`ends_at`, `finished_at`) and whether that end
    closes its account (`closed_at`, `checked_out_at`: paid by then)."""
    schema = view.schema
    window = window_of(schema, parent, view.config)
    end = window.end if window is not None and not window.validity else None
    if end is None:
        end = next(
            (c.name for c in parent.columns
             if resolve_type(schema, c.type).kind in ("timestamp", "timestamptz", "date")
             and c.generated is None
             and moment_of(c.name) in ("ended", "stopped", "delivered")),
            None,
        )  # fmt: skip
    closes = end is not None and bool(set(time_stem(end).split("_")) & _CLOSING)
    return {"end": end, "closes": closes}


def _its_lines(table: Table, key: str, parent: str) -> bool:
    """Whether a table is the lines of its parent (what a line priced alone charges is its
    parent's only where it is): named after the parent (`visit_services` under `visits`) or
    keyed by it (its key to the parent is part of its primary key)."""
    stem = normalise(parent.rsplit(".", 1)[-1])
    nouns = {stem, stem.rstrip("s"), stem.split("_")[-1].rstrip("s")}
    named = any(normalise(table.name).startswith(n) for n in nouns if len(n) > 2)
    keyed = table.primary_key is not None and key in table.primary_key.columns
    return named or keyed


def _charges(view: TableView, fk_parent: str) -> list[tuple[str, str, str, str | None]]:
    """The parent's children that charge (line table, key, charge, quantity): not paying."""
    lines = []
    for other in view.schema.tables.values():
        if other is view.table or _PAYING.search(normalise(other.name)):
            continue
        for ofk in other.foreign_keys:
            if ofk.ref_qualified == fk_parent and len(ofk.columns) == 1:
                charge = _line_charge(view.schema, other)
                if (
                    charge is not None
                    and (charge[0] != _money_amount(view.schema, other))
                    and (not _its_lines(other, ofk.columns[0], fk_parent))
                ):
                    continue
                if charge is not None:
                    lines.append((other.qualified, ofk.columns[0], charge[0], charge[1]))
    return lines


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    if _PAYING.search(normalise(view.table.name)) is None:
        return []
    schema = view.schema
    amount = _money_amount(schema, view.table, paid=True)
    if amount is None or not free(view, amount):
        return []
    for fk in view.table.foreign_keys:
        column = view.table.column(fk.columns[0])
        parent = schema.tables.get(fk.ref_qualified)
        if len(fk.columns) != 1 or column is None or column.nullable or parent is None:
            continue
        status = _status(parent)
        if status is None or not _done(schema, parent, status):
            continue
        total = bill_total(schema, parent)
        if total is not None and not money.is_money_column(schema, parent, total, ""):
            total = None
        if total is not None and order_like(parent):
            continue  # a bill's or an order's total: the bill rule's (rules/bill_payments.py)
        off = _off(schema, parent) if total is None else None
        own = [c.name for c in parent.columns if c.name != off
               and money.is_money_column(schema, parent, c.name, "")]  # fmt: skip
        if total is None and own:
            continue  # a parent that states money of its own (a balance) and no total
        lines = _charges(view, fk.ref_qualified) if total is None else [("", "", "", None)]
        if len(lines) != 1:
            continue
        line, line_key, line_amount, line_qty = lines[0]
        data: dict[str, Any] = {
            "amount": amount, "key": fk.columns[0], "parent": fk.ref_qualified,
            "ref": fk.ref_columns[0], "status": status, "line": line, "line_key": line_key,
            "line_amount": line_amount, "line_qty": line_qty, "total": total, "off": off,
            "order": list(view.table.primary_key.columns) if view.table.primary_key else [],
            "moves": _moves(view, parent), "time": _paid_time(view),
            "since": anchor_of(schema, parent, view.config), **_service_end(view, parent),
        }  # fmt: skip
        data.update(own_outcome(view))  # only the payments that went through count
        owed = f"its {total}" if total else f"its {line}.{line_amount}s"
        detail = (
            f"a done {fk.ref_qualified}'s {amount}s add up to {owed}; an open one's stay "
            "below, one called off or to come has none (after every table is loaded)"
        )
        return [Rule("settlement", [amount, fk.columns[0]], detail, data)]
    return []


def _paid_time(view: TableView) -> str | None:
    """The payment's own time (its anchor, `paid_at`), where the rules may move it."""
    at = anchor_of(view.schema, view.table, view.config)
    if at is None:
        return None
    spec = view.specs.get(at)
    return (
        at if spec is not None and spec.kind in ("timestamp", "date") and free(view, at) else None
    )


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
