"""A status that says whether a row's time window is still running or over agrees with the
clock: a course, a plan or a membership labelled with a steady state (active, current,
ongoing: vocab/outcomes.py) is one whose window has begun and not ended by now; one labelled
as done (completed, finished) has ended by now. A row of either whose dates say otherwise takes
the other label: its dates stand (the time rules placed them after its parents and within its
parents' windows), its status follows them. Failed and still-planned rows are left as they are
(rules/stage_clock.py moves those rows' windows).

The window is the table's own (kinds/windows.py: start_date/end_date, starts_at/ends_at), of
a row that takes place, not one of validity; the status has a steady label and a done one. Any
table of that shape: no table is named here. Runs last, after every rule that moves times.

Likewise a row still on its way (its status open: rules/recent.py placed it near now) whose
creation the other time rules had to move back weeks (under a parent that took place long ago
and a person no longer employed) did not stay open that long, where no CHECK ties the status to
other columns: it failed (its table's cancellation label first; never a no-show where it says
someone came: a visit checked in and under way, booked weeks ago). Only a row whose status is a
verdict it gets at a moment (a payment captured or declined: no cancellation, no window its
stage follows, not a bill, which falls past due) got the verdict rows get, each by its share
(vocab/outcomes.py): mostly the happy end, a decline no more often than among all rows (never
an ending that follows a success, a chargeback, nor a state a row lives in)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.base.batch import label_codes, typed_label
from workbench.generate.base.names import normalise
from workbench.generate.base.sqltree import columns_of
from workbench.generate.kinds.windows import window_of
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.generate.rules.recent import status_meanings
from workbench.generate.rules.status import canon, restamp
from workbench.generate.rules.times import DAY_US, as_us, is_time, time_stem
from workbench.generate.vocab.outcomes import (
    ATTENDED,
    ENDED_UNDONE,
    NOT_ATTENDED,
    ended_undone,
    is_bill,
    meaning,
    shares,
)

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView


STALE_DAYS = 7.0  # an open row created longer ago than this did not stay open


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    return _plan_window(view) + _plan_stale(view, planned)


def _plan_stale(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    recent = next((r for r in planned if r.kind == "recent"), None)
    found = status_meanings(view)
    if recent is None or found is None:
        return []
    anchor, status = recent.columns[0], recent.columns[1]
    meanings = found[1]
    if found[0] != status or any(status in columns_of(tree) for _, tree in view.checks):
        return []
    # labels that are themselves words of a row on its way (ordered, collected), not a done
    # stage the lifecycle counts as open (an issued invoice may stay unpaid for months)
    waiting = [
        lb for lb in recent.data["waiting"] if meanings.get(lb) == "open" and meaning(lb) == "open"
    ]
    # an ending without a time of its own (a cancellation with a cancelled_at would need one)
    stamped = {canon(time_stem(c)) for c, spec in view.specs.items() if is_time(spec.kind)}
    failed = [lb for lb, m in meanings.items() if m == "failed" and canon(lb) not in stamped]
    failed.sort(key=lambda lb: "cancel" not in lb.lower())  # a cancellation first
    if failed and normalise(failed[0]) in NOT_ATTENDED:  # one who came (checked in) came
        waiting = [lb for lb in waiting if normalise(lb) not in ATTENDED]
    if not waiting or not failed:
        return []
    ends = {failed[0]: 1.0}
    labels = list(meanings)
    if "cancel" not in failed[0].lower() and _verdicts(view, planned, status, labels):
        weights = shares(labels) or []
        ends = {
            lb: w
            for (lb, m), w in zip(meanings.items(), weights, strict=False)
            if (m == "done" or (lb in failed and _undone(lb))) and w > 0
        } or ends
    told = " or ".join(ends)
    detail = f"{status} {told} where still {', '.join(waiting)} but {anchor} weeks old"
    stamps = next((r for r in planned if r.kind == "status" and r.columns[0] == status), None)
    total = sum(ends.values())
    data = {"waiting": waiting, "ends": {lb: w / total for lb, w in ends.items()}, "stamps": stamps}
    return [Rule("stale", [status, anchor], detail, data)]


# rules that tie a status's stage to the clock through a window (its own, its parent's)
_STAGED = frozenset({"stage_clock", "period_status"})


def _verdicts(view: TableView, planned: Sequence[Rule], status: str, labels: list[str]) -> bool:
    """Whether a stale row's status is a verdict it gets at a moment (a payment captured or
    declined): not a bill's (one left open falls past due), not a row's with a window whose
    stage the clock decides (a booking attended once its time has passed)."""
    if is_bill(labels) or window_of(view.schema, view.table, view.config) is not None:
        return False
    return not any(r.kind in _STAGED and status in r.columns for r in planned)


def _undone(label: str) -> bool:
    """Whether a failure ends a row before its next stage (a decline), not after (a refund)."""
    return ended_undone(label) or normalise(label).split("_")[-1] in ENDED_UNDONE


def _plan_window(view: TableView) -> list[Rule]:
    found = status_meanings(view)
    window = window_of(view.schema, view.table, view.config)
    if found is None or window is None or window.validity:
        return []
    status, meanings = found
    if not free(view, status):
        return []
    start, end = view.specs.get(window.start), view.specs.get(window.end)
    if start is None or end is None or not (is_time(start.kind) and is_time(end.kind)):
        return []
    steady = [label for label, m in meanings.items() if m == "steady"]
    done = [label for label, m in meanings.items() if m == "done"]
    if not steady or not done:
        return []
    detail = (
        f"{status} {steady[0]} while {window.start}..{window.end} holds now, "
        f"{done[-1]} once it ended"
    )
    data = {"steady": steady, "done": done}
    return [Rule("standing", [status, window.start, window.end], detail, data)]


def _apply_stale(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    status, anchor = batch.get(rule.columns[0]), batch.get(rule.columns[1])
    if status is None or anchor is None:
        return
    labels, pos = label_codes(status)
    waiting = np.isin(np.asarray(labels, dtype=object), rule.data["waiting"])[pos]
    now = clock.run_now(view.config).astype("datetime64[us]")
    old = as_us(anchor) < now - np.timedelta64(int(STALE_DAYS * DAY_US), "us")
    stale = waiting & ~status.nulls & ~anchor.nulls & old
    if stale.any():
        rng = row_rng(view, rule, idx)
        ends = list(rule.data["ends"])
        drawn = np.zeros(idx.size, dtype=np.int64)
        if len(ends) > 1:
            drawn = rng.choice(len(ends), idx.size, p=list(rule.data["ends"].values()))
        for at, label in enumerate(ends):
            rows = stale & (drawn == at)
            if rows.any():
                status.values[rows] = typed_label(status, label)
        stamps = rule.data.get("stamps")
        if stamps is not None:  # its stage times and reason follow the new label
            restamp(stamps, batch, rng, stale)


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    if rule.kind == "stale":
        _apply_stale(view, rule, batch, idx)
        return
    status, start, end = (batch.get(c) for c in rule.columns)
    if status is None or start is None or end is None:
        return
    labels, pos = label_codes(status)
    steady, done = rule.data["steady"], rule.data["done"]
    is_steady = np.isin(np.asarray(labels, dtype=object), steady)[pos] & ~status.nulls
    is_done = np.isin(np.asarray(labels, dtype=object), done)[pos] & ~status.nulls
    now = clock.run_now(view.config).astype("datetime64[us]")
    if end.kind == "date":  # a date ends at its midnight: over once today has begun after it
        over = ~end.nulls & (as_us(end) < now.astype("datetime64[D]").astype("datetime64[us]"))
    else:
        over = ~end.nulls & (as_us(end) <= now)
    begun = ~start.nulls & (as_us(start) <= now)
    to_done = is_steady & over
    to_steady = is_done & ~over & begun
    if to_done.any():
        status.values[to_done] = typed_label(status, done[-1])
    if to_steady.any():
        status.values[to_steady] = typed_label(status, steady[0])


RULE = RowRule(
    "standing",
    "a status of a running or finished window agrees with the clock (active runs, completed ended)",
    _plan,
    _apply,
    phases={"standing": Phase.FINAL, "stale": Phase.FINAL},
    after=("lifetime",),  # last: once every rule that moves times has placed them
)
