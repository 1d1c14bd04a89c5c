"""Numbered dues fall a month apart unless the schema says otherwise: a parent's rows numbered
1, 2, 3 (kinds/numbering.is_line_number, unique with the key) whose one time says when
something is owed (`due_on`, `due_date`, `payable_by`, `maturity_date`: the words of a debt
falling due) are an instalment plan, and an instalment plan is monthly by default, in any
domain (a funeral invoice paid in parts, a loan's repayments, a school's fee instalments, a
gym's membership dues): row n falls due (n-1) calendar months after the parent's start, on its
day of the month, the first on the day the parent began (an invoice's issue date); not rows
issued with their own due date (invoices numbered per office: `issued_on`, `due_on`). A cadence
the schema states wins: the parent's label (`payment_frequency` quarterly: rules/cadence.py,
rules/succession.frequency) or its count of units (`term_months`: rules/sequence.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.rules import cadence
from workbench.generate.rules.times import as_us, is_time, store, time_stem
from workbench.generate.vocab.cadences import Cadence

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

# the words of a time at which something is owed
DUE_WORDS = frozenset({"due", "payable", "maturity", "matures", "owed"})
MONTHLY = cadence.Source("", {}, None, Cadence(months=1))
HOUR_US = 3_600_000_000


def owed_at(view: TableView) -> str | None:
    """The row's one time named as when something falls due (`due_on`, `payable_by`)."""
    times = [c for c, s in view.specs.items() if is_time(s.kind) and c not in view.fk_cols]
    owed = [c for c in times if DUE_WORDS & set(time_stem(c).split("_"))]
    return owed[0] if len(owed) == 1 else None


def default_cadence(view: TableView, number: str | None) -> cadence.Source | None:
    """Monthly, for numbered rows whose time is a due date (see the module), else None. Not
    for documents issued with a due date of their own (an invoice's `issued_on` and
    `due_on`, numbered per office): each is issued when its work is billed, many a month."""
    if number is None or owed_at(view) is None or issued_at(view) is not None:
        return None
    return MONTHLY


# the words of the time a document was issued (its due date follows from it)
ISSUE_WORDS = frozenset({"issued", "issue", "invoiced", "billed", "raised", "sent"})


def issued_at(view: TableView) -> str | None:
    """The row's time named as when it was issued (`issued_on`, `invoiced_at`), if any."""
    times = [c for c, s in view.specs.items() if is_time(s.kind) and c not in view.fk_cols]
    return next((c for c in times if ISSUE_WORDS & set(time_stem(c).split("_"))), None)


def paid_after_start(batch: Batch, order: np.ndarray, happened: list[str], due: str,
                     bounds: tuple[np.ndarray, int], rng: np.random.Generator) -> None:  # fmt: skip
    """What happened of a due row (its payment) after the parent began: a time moved with its
    due before the parent's start (an instalment paid before its invoice was issued) is paid
    on its due day in working hours, else (a due still ahead) between the start and now."""
    start, now = bounds
    at = batch.get(due)
    if at is None or not order.size:
        return
    owed = as_us(at).astype(np.int64)[order]
    for name in happened:
        col = batch.get(name)
        if col is None or name == due or not is_time(col.kind):
            continue
        values = as_us(col).astype(np.int64)
        rows = ~np.asarray(col.nulls, bool)[order] & (values[order] < start) & (start < now)
        if not rows.any():
            continue
        hours = ((9 + rng.random(order.size) * 8) * HOUR_US).astype(np.int64)
        spread = start + (rng.random(order.size) * np.maximum(now - start, 0)).astype(np.int64)
        new = np.where(owed + hours <= now, owed + hours, spread)
        values[order[rows]] = new[rows]
        store(col, values.astype("datetime64[us]"), order[rows])
