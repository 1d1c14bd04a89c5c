"""A decided request and what pays it: a claim, a reimbursement or a refund request whose
status decides it (approved, granted, awarded… then settled or paid) and whose amount named
after that decision (`approved_amount`, rules/stage_amount.py) says what it grants, and the
rows of a paying table under it (payouts, payments, disbursements, reimbursements) that pay it:

- only a row that got as far as the decision (approved or settled, not rejected) has payouts
  that went through (the payout's own status: paid, not pending, failed or reversed);
- a row past the decision (settled) is paid in full: its payouts that went through add up to
  its decided amount (split in the proportion they were drawn in, the remainder on the last).

Read from the schema (the parent's status labels and the names of its amounts, the child's
name and own status), set by load/payouts_load.py once every table is loaded; no table is
named here. A bill (a total, not a decision) is rules/bill_payments.py's."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.kinds.occurrence import lifecycle_status
from workbench.generate.rules.base import Phase, RowRule, Rule, free, labels_of
from workbench.generate.rules.settle import status_column
from workbench.generate.rules.stage_amount import DECIDED
from workbench.generate.rules.status import canon, lifecycle
from workbench.generate.vocab.outcomes import lifecycle_meanings, meaning
from workbench.schema.typeinfo import resolve_type

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView
    from workbench.schema.model import Schema, Table

_PAYING = re.compile(r"payout|pay(?!roll)|disburse|reimburse|remittance|transfer")
_AMOUNTS = ("amount", "paid_amount", "amount_paid", "payment_amount", "payout_amount", "value")
_NUMBERS = frozenset({"int", "float", "decimal", "money"})


def decided(schema: Schema, table: Table) -> dict[str, Any] | None:
    """The row's status, its decided amount, the labels that have it (`holding`) and those past
    the decision (`settled`), when its status decides a request; else None."""
    found = lifecycle_status(schema, table)
    if found is None:
        return None
    status, labels = found
    reach = lifecycle(labels)
    meanings = lifecycle_meanings(labels) or {}
    for column in table.columns:
        if not column.nullable or resolve_type(schema, column.type).kind not in _NUMBERS:
            continue
        words = {canon(w) for w in normalise(column.name).split("_")[:-1]}
        stage = next((lb for lb in labels if "_" not in normalise(lb) and canon(lb) in words
                      and normalise(lb) in DECIDED), None)  # fmt: skip
        if stage is None:
            continue
        holding = [lb for lb in labels if reach[lb] >= reach[stage] - 1e-9
                   and meanings.get(lb) != "failed" and meaning(lb) != "failed"]  # fmt: skip
        settled = [lb for lb in holding if reach[lb] > reach[stage] + 1e-9]
        if settled:
            return {"status": status, "decided": column.name, "holding": holding,
                    "settled": settled}  # fmt: skip
    return None


def _own(view: TableView) -> dict[str, Any]:
    """The payout's own status: its labels that went through, the one it takes when it did
    not, and its times named for going through (`paid_at`), cleared then."""
    own = status_column(view.schema, view.table)
    spec = view.specs.get(own) if own is not None else None
    labels = [str(label) for label in labels_of(spec)] if spec is not None else []
    meanings = lifecycle_meanings(labels) if labels else None
    done = [lb for lb, m in (meanings or {}).items() if m == "done"]
    if own is None or not done or not free(view, own):
        return {}
    waiting = [lb for lb in labels if lb not in done and (meanings or {}).get(lb) != "failed"]
    failed = [lb for lb in labels if lb not in done and lb not in waiting]
    words = {canon(w) for lb in done for w in normalise(lb).split("_")}
    times = [
        name for name, s in view.specs.items()
        if s.nullable and s.kind in ("timestamp", "date")
        and {canon(w) for w in normalise(name).split("_")} & words
    ]  # fmt: skip
    return {"own_status": own, "went_through": done, "instead": (waiting or failed)[0],
            "times": times}  # fmt: skip


def _movable(table: Table, key: str) -> bool:
    """A key no unique constraint holds: a payout may pay another row."""
    held = set(table.primary_key.columns) if table.primary_key else set()
    for unique in table.uniques:
        held |= {c for c in unique.columns if c}
    held |= {c for i in table.indexes if i.unique for c in i.columns if c}
    return key not in held


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    if _PAYING.search(normalise(view.table.name)) is None:
        return []
    if any(r.kind == "bill_payments" for r in planned):
        return []
    amount = next((c.name for c in view.table.columns if normalise(c.name) in _AMOUNTS), None)
    if amount is None or not free(view, amount):
        return []
    for fk in view.table.foreign_keys:
        column = view.table.column(fk.columns[0])
        parent = view.schema.tables.get(fk.ref_qualified)
        if len(fk.columns) != 1 or column is None or column.nullable or parent is None:
            continue
        found = decided(view.schema, parent)
        if found is None:
            continue
        data = {"amount": amount, "key": fk.columns[0], "parent": fk.ref_qualified,
                "ref": fk.ref_columns[0], "movable": _movable(view.table, fk.columns[0]),
                **found, **_own(view)}  # fmt: skip
        detail = (
            f"only a {fk.ref_qualified} {found['status']} {', '.join(found['holding'])} has "
            f"{amount}s that went through; a {', '.join(found['settled'])} one's add up to its "
            f"{found['decided']} (after every table is loaded)"
        )
        return [Rule("payouts", [amount, fk.columns[0]], detail, data)]
    return []


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    return  # load/payouts_load.py, once every table is in


RULE = RowRule(
    "payouts",
    "a decided request's payouts only once decided, a settled one's adding up to its decision",
    _plan,
    _apply,
    phases={"payouts": Phase.FINAL},
    after=("credentials",),  # after bill_payments (the bills' payouts are its, not these)
    before=("after_parent",),
)
