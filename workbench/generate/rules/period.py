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
from workbench.generate.rules import cadence
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.generate.rules.bill import bill_times
from workbench.generate.rules.recent import status_meanings
from workbench.generate.rules.times import DAY_US, as_us, latest, store
from workbench.generate.rules.within import undo_rejected
from workbench.generate.vocab import outcomes

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

TERMS_DAYS = (14, 21, 30)  # due this many days after issue
DRAFT_DAYS = 20.0  # a draft's period ended at most this many days before now
# an overdue bill fell due up to this many days before now (dunning runs for months)
OVERDUE_DAYS = 120.0


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    times = bill_times(view)
    if times is None:
        return []
    created = next((c for c, s in view.specs.items() if s.generator == "created_at"), None)
    status = status_meanings(view)
    labels = list(status[1]) if status is not None else []
    overdue = [lb for lb in labels if outcomes.bill_meaning(lb) == "past_due"]
    failed = [lb for lb in labels if status is not None and status[1][lb] == "failed"]
    cols = dict(times)
    if created is not None and free(view, created):
        cols["created"] = created
    source = cadence.source_of(view)
    data = {"cols": cols, "status": status[0] if status else None, "overdue": overdue,
            "failed": [lb for lb in failed if lb not in overdue], "cadence": source}  # fmt: skip
    start, end, issue = cols["start"], cols["end"], cols["issue"]
    how = f"as {source.describe()} says" if source is not None else "a month or a quarter"
    detail = f"{start}..{end} {how}; {issue} days after {end}"
    if "due" in cols:
        detail += f"; {cols['due']} 2-4 weeks after {issue}"
    return [Rule("period", [start, *[c for c in cols.values() if c != start]], detail, data)]


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
    months, span = cadence.row_cadences(view, rule.data.get("cadence"), batch, n, rng)
    length = _days(cadence.typical_days(months, span))
    lag = _days(1 + np.minimum(rng.exponential(3.0, n), 12) + rng.random(n) * 0.3)
    terms = _days(np.asarray(TERMS_DAYS)[rng.integers(0, len(TERMS_DAYS), n)])
    paid = cols.get("paid")
    # paid a day or more after issue (a date's issue rounds up to the next midnight)
    pays = (terms.astype(np.int64) * rng.uniform(0.05, 1.0, n)).astype("timedelta64[us]")
    pays = np.maximum(pays, _days(np.full(n, 1.05)))
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
    # whole days, both ends counted: a month ending on the 30th of April began on the 31st
    # of March, a quarter lasts 89 to 92 days
    last_day = (issue_at - lag).astype("datetime64[D]")
    period_end = last_day.astype("datetime64[us]")
    issue_at = np.maximum(issue_at, period_end + _days(np.ones(n)))
    issue_at = np.minimum(issue_at, latest(issue, now))  # a date issued by today, not tomorrow
    begin = cadence.period_starts(last_day, months, span).astype("datetime64[us]")
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
