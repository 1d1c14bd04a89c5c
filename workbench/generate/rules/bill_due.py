"""A bill's status agrees with its due date: a bill still waiting to be paid (issued, open:
nothing paid and not yet due) whose due date has passed by now is past due (overdue), and one
labelled past due whose due date is still to come is merely waiting. The dates stand (the
chain of billing periods and the time rules placed them: rules/sequence.py, period_chain.py),
the status follows them, as a running window's does (rules/standing.py).

Read from the shape: a status whose labels read as a bill's (vocab/outcomes.bill_meaning: a
settled label and a past-due one) with a label of a bill issued and still waiting (a lifecycle
'open' label that is neither settled, partly paid, past due nor voided), and a due time of the
row's own (`due_date`, `due_at`: rules/bill.find_time); no table named here. Applied last
among the time rules (FINAL), once the dates are final."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.base.batch import label_codes, typed_label
from workbench.generate.rules.base import Phase, RowRule, Rule, free
from workbench.generate.rules.bill import DUE_WORDS, find_time
from workbench.generate.rules.recent import status_meanings
from workbench.generate.rules.settle import is_bill, partial
from workbench.generate.rules.times import DAY_US, as_us
from workbench.generate.vocab.outcomes import bill_meaning

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    found = status_meanings(view)
    if found is None or not free(view, found[0]):
        return []
    status, meanings = found
    if not is_bill(list(meanings)):
        return []
    past = [lb for lb in meanings if bill_meaning(lb) == "past_due"]
    waiting = [lb for lb, m in meanings.items()
               if m == "open" and bill_meaning(lb) is None and not partial(lb)]  # fmt: skip
    due = find_time(view, {status}, DUE_WORDS)
    if not past or not waiting or due is None:
        return []
    detail = f"{status} {past[0]} once {due} has passed, {waiting[0]} while it is to come"
    return [Rule("bill_due", [status, due], detail, {"past": past, "waiting": waiting[0]})]


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    status, due = batch.get(rule.columns[0]), batch.get(rule.columns[1])
    if status is None or due is None or not idx.size:
        return
    now = int(clock.run_now(view.config).astype(np.int64))
    # a due date has passed once its day is over (the day it falls due is not yet late)
    cut = now - now % DAY_US if due.kind == "date" else now
    passed = ~due.nulls & (as_us(due).astype(np.int64) < cut)
    names, codes = label_codes(status)
    labels = np.asarray(names, dtype=object)[codes]
    known = ~status.nulls
    late = known & np.isin(labels, rule.data["past"]) & ~passed
    overdue = known & (labels == rule.data["waiting"]) & passed
    if late.any():
        status.values[late] = typed_label(status, rule.data["waiting"])
    if overdue.any():
        status.values[overdue] = typed_label(status, rule.data["past"][0])


RULE = RowRule(
    "bill_due",
    "a bill's status agrees with its due date (waiting until due, overdue after)",
    _plan,
    _apply,
    phases={"bill_due": Phase.FINAL},
    after=("standing", "in_force"),  # last: once every rule that moves times has placed them
)
