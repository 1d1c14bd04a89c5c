"""A bill's times, found once for the rules that share them: the period it accounts for
(kinds/windows.period_of), the time it was issued (`issued_on`, `invoice_date`, `billed_at`),
the time it falls due and the time it was paid. rules/period.py places them; rules/status.py
reads that a bill is placed so (a cancelled bill was issued, then voided: the period rule
issues it). A bill over no period of its own (an invoice issued, due and paid) still has a time
it was paid (`paid_time`): its payments are lined up with it (load/bill_load.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from workbench.generate.kinds.windows import period_of
from workbench.generate.rules.base import free
from workbench.generate.rules.times import is_time, time_stem
from workbench.generate.vocab import outcomes

if TYPE_CHECKING:
    from workbench.generate.view import TableView

ISSUE_WORDS = frozenset({"issued", "issue", "invoiced", "billed", "sent", "generated", "posted",
                         "finalized", "finalised", "raised"})  # fmt: skip
ISSUE_STEMS = frozenset({"invoice", "invoice_date", "bill", "bill_date", "statement"})
DUE_WORDS = frozenset({"due"})
PAID_WORDS = outcomes.SETTLED  # `paid_at`, `settled_on`


def find_time(
    view: TableView, skip: set[str], words: frozenset[str], stems: frozenset[str] = frozenset()
) -> str | None:
    """The first time column (not a key, not in `skip`) one of whose words is in `words` or
    whose stem is in `stems`."""
    for name, spec in view.specs.items():
        if name in skip or not is_time(spec.kind) or name in view.fk_cols:
            continue
        stem = time_stem(name)
        if set(stem.split("_")) & words or stem in stems:
            return name
    return None


def bill_times(view: TableView) -> dict[str, str] | None:
    """The bill's times the rules may move, by role (start, end, issue; due and paid where
    the table has them), or None when the row is no bill over a period of its own."""
    period = period_of(view.schema, view.table, view.config)
    if period is None or not all(free(view, c) for c in period):
        return None
    skip = set(period)
    issue = find_time(view, skip, ISSUE_WORDS, ISSUE_STEMS)
    if issue is None or not free(view, issue):
        return None
    due = find_time(view, skip | {issue}, DUE_WORDS)
    paid = find_time(view, skip | {issue, due or ""}, PAID_WORDS)
    found = {"start": period[0], "end": period[1], "issue": issue, "due": due, "paid": paid}
    return {k: v for k, v in found.items() if v is not None and free(view, v)}


def paid_time(view: TableView) -> str | None:
    """The time a bill was paid (`paid_at`, `settled_on`): the one bill_times places, else, on a
    bill over no period of its own, its first time named as settled that is not its issue or
    due time; None when there is none or the user's settings own it."""
    times = bill_times(view)
    if times is not None:
        return times.get("paid")
    issue = find_time(view, set(), ISSUE_WORDS, ISSUE_STEMS)
    due = find_time(view, {issue or ""}, DUE_WORDS)
    paid = find_time(view, {issue or "", due or ""}, PAID_WORDS)
    return paid if paid is not None and free(view, paid) else None


def issue_time(view: TableView) -> str | None:
    """The time a bill was issued: the one bill_times places, else its first time named so
    (`issued_at`, `invoice_date`)."""
    times = bill_times(view)
    if times is not None:
        return times.get("issue")
    return find_time(view, set(), ISSUE_WORDS, ISSUE_STEMS)
