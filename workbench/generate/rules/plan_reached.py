"""A chain's plans agree with what happened and with the run's clock: a parent's numbered links
(rules/link_times.py: one day planned by the people who do the work, `scheduled_for`
(lexicon.arranged; not a due date others keep to), beside what happened, an arrival
and a departure NULL for the links not reached) that carry a lifecycle status (planned,
completed, skipped: rules/recent.status_meanings).

rules/link_times.py gives the parent's plans to its links in their order, drawn apart from
what happened, and rules/sequence.py lays every link in the past, those the status keeps
without their times too. Here, per parent in the number's order, once link_times ran:

- a link reached (its first actual set) was planned for the day it began (or the day
  before: a visit done a day late); a plan with a time of day is left to the rules that keep
  it in its hours;
- a link still to come (an open or ahead label) that a later link has reached did not wait:
  it never took place, so it takes the label of what failed before it began (skipped,
  cancelled: a failed label whose rows the status left without their times first);
- the links still to come after the last one reached are ahead: planned from yesterday on,
  days to weeks apart, over the next weeks;
- any other link not reached (skipped) was due between the plans around it, by today.

The plans then rise along the links (a date may repeat). Any schema whose links carry a plan,
their actuals and such a status: no table is named here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.base.batch import label_codes, typed_label
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.generate.rules.recent import status_meanings
from workbench.generate.rules.times import DAY_US, as_us, store
from workbench.generate.vocab import lexicon

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

_NONE = -(np.iinfo(np.int64).max // 4)
_TOP = np.iinfo(np.int64).max // 4
AHEAD_MEAN_DAYS = 7.0  # the mean gap between the plans of the links still ahead
AHEAD_MOST_DAYS = 45  # and the furthest the first of them lies ahead


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    links = next((r for r in planned if r.kind == "link_times"), None)
    found = status_meanings(view)
    if links is None or found is None:
        return []
    status, meanings = found
    if not free(view, status):
        return []
    # one plan people make for their own work (a visit scheduled), not a planned window nor a
    # due date others keep to (an instalment's due_on: what happened follows it)
    plans = [c for c in links.data["plans"] if free(view, c) and lexicon.arranged(c)]
    first = links.data["actuals"][0]
    if len(plans) != 1 or len(links.data["plans"]) != 1 or not view.specs[first].nullable:
        return []
    if view.specs[plans[0]].kind != "date":  # a day planned: a time of day keeps its hours
        return []
    to_come = [lb for lb, m in meanings.items() if m in ("open", "ahead")]
    failed = [lb for lb, m in meanings.items() if m == "failed"]
    if not to_come:
        return []
    detail = (
        f"{', '.join(plans)} when {first} happened, ahead of now for {', '.join(to_come)} "
        f"links after the last reached"
    )
    data = {"fk": links.data["fk"], "number": links.data["number"], "plans": plans,
            "first": first, "status": status, "to_come": to_come, "failed": failed}  # fmt: skip
    return [Rule("plan_reached", [*plans, status], detail, data)]


def _fill(values: np.ndarray, has: np.ndarray, gid: np.ndarray, backward: bool) -> np.ndarray:
    """Per group, each position's nearest value where `has` (before it, or after it when
    `backward`), _NONE/_TOP where none."""
    n = values.size
    pos = np.arange(n)
    if backward:
        at = np.where(has, pos, n)
        at = np.minimum.accumulate(at[::-1])[::-1]
        ok = (at < n) & (gid[np.minimum(at, n - 1)] == gid)
        return np.where(ok, values[np.minimum(at, n - 1)], _TOP)
    at = np.maximum.accumulate(np.where(has, pos, -1))
    ok = (at >= 0) & (gid[np.maximum(at, 0)] == gid)
    return np.where(ok, values[np.maximum(at, 0)], _NONE)


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    d = rule.data
    number, status, first = batch.get(d["number"]), batch.get(d["status"]), batch.get(d["first"])
    rows_p, nulls = view.parent_rows(d["fk"])
    if number is None or status is None or first is None or rows_p is None:
        return
    parents = np.asarray(rows_p, np.int64)
    live = np.flatnonzero(~np.asarray(nulls, bool) & ~number.nulls & ~status.nulls)
    if not live.size:
        return
    order = live[np.lexsort((live, number.values[live].astype(np.int64), parents[live]))]
    p = parents[order]
    new = np.r_[True, p[1:] != p[:-1]]
    gid = np.cumsum(new) - 1
    rank = np.arange(order.size) - np.maximum.accumulate(np.where(new, np.arange(order.size), 0))
    labels, pos = label_codes(status)
    names = np.asarray(labels, dtype=object)[pos][order]
    reached = ~first.nulls[order]
    to_come = np.isin(names, d["to_come"]) & ~reached
    pos_ = np.arange(order.size)
    last_reached = np.full(int(gid.max()) + 1, -1)
    np.maximum.at(last_reached, gid, np.where(reached, pos_, -1))
    tail = to_come & (pos_ > last_reached[gid])  # after the last link reached
    skipped = to_come & ~tail
    # a later link was reached: this one never took place, as a failed label says whose rows
    # the status left without their times (skipped, not a no-show that checked in)
    never = [lb for lb in d["failed"] if (names == lb).any() and not reached[names == lb].any()]
    if skipped.any() and (never or d["failed"]):
        status.values[order[skipped]] = typed_label(status, (never or d["failed"])[0])
    rng = row_rng(view, rule, idx)
    now = int(clock.run_now(view.config).astype("datetime64[us]").astype(np.int64))
    actual = as_us(first).astype(np.int64)[order]
    for column in d["plans"]:
        col = batch[column]
        day = DAY_US
        plan = as_us(col).astype(np.int64)[order]
        late = (rng.random(order.size) < 0.15) * DAY_US  # the day it began, or the one before
        at = (actual // DAY_US) * DAY_US - late
        plan = np.where(reached, at, plan)
        before = _fill(plan, reached, gid, backward=False)
        after = _fill(plan, reached, gid, backward=True)
        today = (now // day) * day
        # not reached and not ahead: due between the plans around it, by today
        hi = np.minimum(np.where(after < _TOP, after, today), today)
        lo = np.where(before > _NONE, before, np.minimum(plan, hi))
        between = ~reached & ~tail
        plan = np.where(between, np.clip(plan, lo, np.maximum(lo, hi)), plan)
        # ahead: from yesterday on, days to weeks apart
        gaps = np.minimum(rng.exponential(AHEAD_MEAN_DAYS, order.size), AHEAD_MOST_DAYS)
        step = (gaps * DAY_US).astype(np.int64)
        start = np.maximum(now - DAY_US // 2, np.where(before > _NONE, before, _NONE))
        plan = _ahead(plan, tail, gid, start, step, day)
        # rising along the links
        running = np.full(int(gid.max()) + 1, _NONE)
        for level in range(int(rank.max()) + 1):
            at_level = np.flatnonzero(rank == level)
            g = gid[at_level]
            plan[at_level] = np.maximum(plan[at_level], running[g])
            running[g] = plan[at_level]
        full = as_us(col).astype(np.int64)
        full[order] = plan
        store(col, full.astype("datetime64[us]"), order[~col.nulls[order]])


def _ahead(plan: np.ndarray, tail: np.ndarray, gid: np.ndarray, start: np.ndarray,
           step: np.ndarray, day: int) -> np.ndarray:  # fmt: skip
    """The plans of the links ahead: from `start`, each a step after the one before."""
    if not tail.any():
        return plan
    steps = np.where(tail, step, 0)
    csum = np.cumsum(steps)
    base = _fill(csum - steps, tail & np.r_[True, ~tail[:-1] | (gid[1:] != gid[:-1])], gid, False)
    offset = csum - base
    placed = np.minimum(start + offset, start + AHEAD_MOST_DAYS * DAY_US)
    placed = -((-placed) // day) * day if day > 1 else placed  # whole days, not before
    return np.where(tail, placed, plan)


RULE = RowRule(
    "plan_reached",
    "a chain's plans agree with what happened and what is still ahead",
    _plan,
    _apply,
    phases={"plan_reached": Phase.FINAL},
    after=("link_times",),
    before=("in_force",),
)
