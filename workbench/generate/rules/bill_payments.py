"""A bill's payments agree with its status: a bill (a row with a status whose labels read as
a bill's, vocab/outcomes.bill_meaning, and a total of its own) and a paying table under it
(payments, receipts: rules/settle.paying) by a required key. A paid bill's payments add up to
its total, split in the proportion they were drawn in (to the cent, the remainder on the last);
a partly paid one's to part of it (30-90 %, by the bill's key); and the last payment was
received at the bill's paid time (the payment that settled it), the earlier ones moved with it.
Which bills have payments at all is the link rule's (settle.py: an unpaid, open, overdue, void
or draft bill none, each paid bill one first). Set in SQL once every table is loaded
(load/bill_load.py): the totals are final then."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.generate.kinds.anchors import anchor_of
from workbench.generate.kinds.arithmetic import formula
from workbench.generate.rules import money
from workbench.generate.rules.base import Phase, RowRule, Rule, free, labels_of
from workbench.generate.rules.settle import order_like, paid_on_leaving, paying, status_column
from workbench.generate.vocab.outcomes import is_bill, lifecycle_meanings

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView
    from workbench.schema.model import Schema, Table

_AMOUNTS = ("amount", "paid_amount", "amount_paid", "payment_amount", "value")


def bill_total(schema: Schema, table: Table) -> str | None:
    """A bill's total: its formula's (kinds/arithmetic.formula), else a column named as one."""
    found = formula(schema, table)
    if found is not None:
        return found.total
    names = [c.name for c in table.columns if c.name.lower() in ("total", "total_amount",
             "amount_due", "total_due", "grand_total")]  # fmt: skip
    return names[0] if names else None


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    if not paying(view.table):
        return []
    schema = view.schema
    amount = next((c.name for c in view.table.columns if c.name.lower() in _AMOUNTS), None)
    if amount is None or not free(view, amount):
        return []
    for fk in view.table.foreign_keys:
        column = view.table.column(fk.columns[0])
        parent = schema.tables.get(fk.ref_qualified)
        if len(fk.columns) != 1 or column is None or column.nullable or parent is None:
            continue
        status = status_column(schema, parent) if order_like(parent) else None
        total = bill_total(schema, parent)
        if status is None or total is None or not money.is_money_column(schema, parent, total, ""):
            continue
        data: dict[str, Any] = {
            "amount": amount, "key": fk.columns[0], "parent": fk.ref_qualified,
            "ref": fk.ref_columns[0], "status": status, "total": total,
            "time": anchor_of(schema, view.table, view.config),
            "order": list(view.table.primary_key.columns) if view.table.primary_key else [],
        }  # fmt: skip
        data.update(own_outcome(view))
        detail = (
            f"a paid {fk.ref_qualified}'s {amount}s add up to its {total}, a partly paid one's "
            "to part of it, the last shortly before it was paid (after every table is loaded)"
        )
        return [Rule("bill_payments", [amount, fk.columns[0]], detail, data)]
    return []


def own_outcome(view: TableView) -> dict[str, Any]:
    """A payment's own outcome (a status of its own: succeeded, failed, refunded): only the
    payments that went through count towards what the bill says was paid, the others being
    attempts beside them; its labels that read as done, and the last of them, the one a paid
    bill's last payment takes where none of its payments went through."""
    own = status_column(view.schema, view.table)
    spec = view.specs.get(own) if own is not None else None
    labels = [str(label) for label in labels_of(spec)] if spec is not None else []
    meanings = lifecycle_meanings(labels) if labels else None
    done = [lb for lb, m in (meanings or {}).items() if m == "done"]
    if own is None or not done:
        return {}
    return {"own_status": own, "went_through": done, "flip": free(view, own)}


def bill_labels(view: TableView, status: str) -> list[str] | None:
    """The parent's status labels when they are a bill's (is_bill) or an order's paid once it
    leaves its unpaid labels (settle.paid_on_leaving: a booking pending, then confirmed),
    else None."""
    spec = view.specs.get(status)
    labels = [str(label) for label in labels_of(spec)] if spec is not None else []
    return labels if labels and (is_bill(labels) or paid_on_leaving(labels)) else None


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    return  # load/bill_load.py, once every table is in


RULE = RowRule(
    "bill_payments",
    "a bill's payments add up to what its status says was paid, the last before it was paid",
    _plan,
    _apply,
    phases={"bill_payments": Phase.FINAL},
    after=("settlement",),
    before=("after_parent",),
)
