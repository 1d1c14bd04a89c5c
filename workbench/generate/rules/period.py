"""A bill accounts for a period and is billed after it: the period (`period_start`/
`period_end`, `billing_from`/`billing_to`: kinds/windows.period_of) lasts a month, two or a
quarter; the bill is issued days after the period ends, falls due two to four weeks after it
is issued and is paid between the two (a few late), all by the run's clock.

Where the row lies in time follows its state, read from which of its times are set and from
its status: a bill not issued yet (a draft) covers a period that ended in the last weeks; an
open one was issued lately and is not due yet; an overdue one fell due days to weeks ago; a
paid one, or one voided, keeps its place in the history (its period starts where the other
time rules put it) and was paid by now. Applied with the dates in order, after the rows were
moved into their parents' windows, so the bill's own dates have the last word."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.base.batch import label_codes
from workbench.generate.base.names import normalise
from workbench.generate.kinds.windows import period_of
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.generate.rules.recent import status_meanings
from workbench.generate.rules.times import DAY_US, as_us, is_time, store, time_stem
from workbench.generate.rules.within import undo_rejected

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

ISSUE_WORDS = frozenset({"issued", "issue", "invoiced", "billed", "sent", "generated", "posted"})
ISSUE_STEMS = frozenset({"invoice", "invoice_date", "bill", "bill_date", "statement"})
DUE_WORDS = frozenset({"due"})
PAID_WORDS = frozenset({"paid", "settled"})
OVERDUE_WORDS = frozenset({"overdue", "past_due", "late", "delinquent", "arrears", "collections",
                           "dunning", "defaulted", "unpaid_overdue"})  # fmt: skip
# period lengths in days (a month, two, a quarter) and their shares
LENGTHS = ((28, 32, 0.75), (59, 62, 0.10), (89, 92, 0.15))
TERMS_DAYS = (14, 21, 30)  # due this many days after issue
DRAFT_DAYS = 20.0  # a draft's period ended at most this many days before now
OVERDUE_DAYS = 60.0  # an overdue bill fell due up to this many days before now


def _find(
    view: TableView, skip: set[str], words: frozenset[str], stems: frozenset[str] = frozenset()
) -> str | None:
    for name, spec in view.specs.items():
        if name in skip or not is_time(spec.kind) or name in view.fk_cols:
            continue
        stem = time_stem(name)
        if set(stem.split("_")) & words or stem in stems:
            return name
    return None


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    period = period_of(view.schema, view.table, view.config)
    if period is None or not all(free(view, c) for c in period):
        return []
    skip = set(period)
    issue = _find(view, skip, ISSUE_WORDS, ISSUE_STEMS)
    if issue is None or not free(view, issue):
        return []
    due = _find(view, skip | {issue}, DUE_WORDS)
    paid = _find(view, skip | {issue, due or ""}, PAID_WORDS)
    created = next((c for c, s in view.specs.items() if s.generator == "created_at"), None)
    status = status_meanings(view)
    overdue = []
    if status is not None:
        overdue = [lb for lb in status[1] if set(normalise(lb).split("_")) & OVERDUE_WORDS]
    failed = [lb for lb, m in (status[1].items() if status else []) if m == "failed"]
    found = {"start": period[0], "end": period[1], "issue": issue, "due": due, "paid": paid,
             "created": created}  # fmt: skip
    cols = {k: v for k, v in found.items() if v is not None and free(view, v)}
    data = {"cols": cols, "status": status[0] if status else None, "overdue": overdue,
            "failed": [lb for lb in failed if lb not in overdue]}  # fmt: skip
    detail = f"{period[0]}..{period[1]} a month or a quarter; {issue} days after {period[1]}"
    if "due" in cols:
        detail += f"; {cols['due']} 2-4 weeks after {issue}"
    return [Rule("period", [period[0], *[c for c in cols.values() if c != period[0]]], detail,
                 data)]  # fmt: skip


def _days(values: np.ndarray) -> np.ndarray:
    return (values * DAY_US).astype(np.int64).astype("timedelta64[us]")


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    cols = {k: batch[c] for k, c in rule.data["cols"].items() if c in batch}
    if not {"start", "end", "issue"} <= set(cols):
        return
    rng = row_rng(view, rule, idx)
    start, issue = cols["start"], cols["issue"]
    n = start.values.size
    now = clock.run_now(view.config)
    pick = rng.choice(len(LENGTHS), n, p=[w for *_, w in LENGTHS])
    lo = np.array([a for a, _, _ in LENGTHS])[pick]
    hi = np.array([b for _, b, _ in LENGTHS])[pick]
    length = _days(lo + rng.integers(0, 1_000_000, n) % (hi - lo + 1)).astype("timedelta64[D]")
    lag = _days(1 + np.minimum(rng.exponential(3.0, n), 12) + rng.random(n) * 0.3)
    terms = _days(np.asarray(TERMS_DAYS)[rng.integers(0, len(TERMS_DAYS), n)])
    paid = cols.get("paid")
    pays = (terms.astype(np.int64) * rng.uniform(0.05, 1.0, n)).astype("timedelta64[us]")
    # where each row lies: from its state
    issued = ~issue.nulls
    is_paid = issued & (~paid.nulls if paid is not None else np.zeros(n, bool))
    overdue = np.zeros(n, bool)
    failed = np.zeros(n, bool)
    status = batch.get(rule.data["status"] or "")
    if status is not None:
        labels, pos = label_codes(status)
        overdue = np.isin(np.asarray(labels), rule.data["overdue"])[pos] & ~status.nulls
        failed = np.isin(np.asarray(labels), rule.data["failed"])[pos] & ~status.nulls
    draft = ~issued & ~failed
    waiting = issued & ~is_paid & ~failed  # open: not due yet, or overdue
    if status is None:  # nothing tells a draft or an overdue one: it keeps its history
        waiting[:] = False
        draft[:] = False
    # history rows: the period from where it starts now, everything after it, all by now
    begin = as_us(start)
    period_end = begin + length
    issue_at = period_end + lag
    last = np.where(is_paid, issue_at + pays, issue_at)
    back = np.where(last > now, (last - now) + _days(rng.random(n) * 30 + 0.1), 0)
    back = back.astype("timedelta64[us]")
    # draft: its period ended lately; open: issued lately, not due yet; overdue: fell due
    draft_end = now - _days(rng.random(n) * DRAFT_DAYS + 0.05)
    open_issue = now - (terms.astype(np.int64) * rng.uniform(0.0, 0.9, n)).astype("timedelta64[us]")
    late_due = now - _days(2 + rng.random(n) * OVERDUE_DAYS)
    late_issue = late_due - terms
    issue_at = np.where(waiting & overdue, late_issue, np.where(waiting, open_issue, issue_at))
    issue_at = np.where(draft, draft_end + lag, issue_at)
    issue_at = np.where(waiting | draft, issue_at, issue_at - back)
    # whole days: a period of 28 days is 28 days between its dates
    period_end = (issue_at - lag).astype("datetime64[D]").astype("datetime64[us]")
    issue_at = np.maximum(issue_at, period_end + _days(np.ones(n)))
    begin = period_end - length
    rows = ~start.nulls
    saved = {rule.data["cols"][k]: c.values.copy() for k, c in cols.items()}
    store(start, begin, np.flatnonzero(rows))
    if "end" in cols:
        store(cols["end"], period_end, np.flatnonzero(rows & ~cols["end"].nulls))
    store(issue, issue_at, np.flatnonzero(rows & issued))
    due = cols.get("due")
    if due is not None:  # an issued bill falls due; one not issued yet has no due date
        if due.nullable:
            due.nulls[:] = np.where(rows, ~issued, due.nulls)
        store(due, issue_at + terms, np.flatnonzero(rows & ~due.nulls))
    if paid is not None:
        store(paid, issue_at + pays, np.flatnonzero(rows & is_paid))
    created = cols.get("created")
    if created is not None:  # made when the period ended, before it was issued
        made = period_end + (lag.astype(np.int64) * rng.uniform(0.0, 0.9, n)).astype(
            "timedelta64[us]"
        )
        made = np.minimum(made, now - _days(np.full(n, 0.01)))
        store(created, made, np.flatnonzero(rows & ~created.nulls))
    undo_rejected(view, batch, saved, rows)


RULE = RowRule(
    "period",
    "a bill's period lasts a month or a quarter, is billed after it ends and paid by now",
    _plan,
    _apply,
    phases={"period": Phase.FINAL},
    after=("within",),
    before=("counter",),
)
