"""A row done is done a while after it came to be, not years: in a table without a lifecycle
status, the time a row is done at (rules/recent.open_end: a request's `resolved_at`, a
callout's `closed_at`, a complaint's `answered_at`) follows the time the row came to be (its
anchor, kinds/anchors.anchor_of: `requested_at`, `raised_at`) by a turnaround of hours to
days (about a day as a rule, at most nine), and by the run's clock.

The rules before only keep the two in order (rules/chain.py), which leaves a turnaround as
long as the row's whole history; where a row is still open (its time NULL), rules/recent.py
and rules/by_clock.py decide. Rows whose thing lasts longer than a working day by its
table's words (rules/span.SCALES: a stay, a contract) keep their times, and so do rows whose
kind label lasts days (span's `by_label`: a course of medicated feed). Work sent out and
received back (a lab job's `sent_at` → `received_at`, a repair's `shipped_at` →
`received_at`) is made elsewhere: half a day to three weeks, about four days; one sent too
lately to be back by now is still out (its time NULL, where it may be). Any schema: the
times are read by their words and roles, no table is named here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.generate.base import clock
from workbench.generate.base.names import normalise
from workbench.generate.kinds.anchors import anchor_of
from workbench.generate.rules import recent, span
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.generate.rules.times import as_us, is_time, store

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

MINUTE_US = 60_000_000
DAY_US = 24 * 60 * MINUTE_US
MEDIAN_US = DAY_US  # about a day as a rule
SPREAD = 1.1  # log-normal spread around it
FLOOR_US, CAP_US = 10 * MINUTE_US, 9 * DAY_US
# work sent out and received back (a lab job's sent_at → received_at, a repair's shipped_at →
# received_at): made elsewhere, days; half a day at least, three weeks at most, about four
SENT = frozenset({"sent", "dispatched", "shipped", "mailed", "posted", "outsourced"})
BACK = frozenset({"received"})
SENT_OUT = (4 * DAY_US, 0.7, DAY_US // 2, 21 * DAY_US)  # median, spread, floor, cap
_WORKDAY_MINUTES = 8 * 60


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    end = recent.open_end(view)
    anchor = anchor_of(view.schema, view.table, view.config)
    if end is None or anchor is None or anchor == end or anchor not in view.specs:
        return []
    if not is_time(view.specs[anchor].kind) or not free(view, end):
        return []
    scale = span.scale_of(view.table.name)
    if scale is not None and scale[2] >= _WORKDAY_MINUTES:
        return []  # a thing lasting days or more keeps its own length
    detail = f"{end} hours to days after {anchor} (about a day, at most nine), by now"
    # rows of a kind lasting days by its label (a course of medicated feed: rules/span.py's
    # `by_label`) keep the length span gave them
    lasting = span.lasting_labels(planned, end, anchor, _WORKDAY_MINUTES)
    if lasting is not None:
        detail += f"; {lasting[0]} {', '.join(lasting[1])} keep their own length"
    data: dict[str, Any] = {"long": [lasting[0], list(lasting[1])]} if lasting else {}
    if set(normalise(anchor).split("_")) & SENT and set(normalise(end).split("_")) & BACK:
        detail = f"{end} half a day to three weeks after {anchor} (sent out, back: about four)"
        data["sent_out"] = True
    return [Rule("turnaround", [end, anchor], detail, data)]


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    end, anchor = batch.get(rule.columns[0]), batch.get(rule.columns[1])
    if end is None or anchor is None:
        return
    rng = row_rng(view, rule, idx)
    now = int(clock.run_now(view.config).astype("datetime64[us]").astype(np.int64))
    n = end.values.size
    base = as_us(anchor).astype(np.int64)
    done = as_us(end).astype(np.int64)
    rows = ~end.nulls & ~anchor.nulls & (base <= now)
    median, spread, floor, cap = SENT_OUT if rule.data.get("sent_out") else (
        MEDIAN_US, SPREAD, FLOOR_US, CAP_US)  # fmt: skip
    gap = np.exp(rng.normal(np.log(median), spread, n))
    gap = np.clip(gap, floor, cap).astype(np.int64)
    room = np.maximum(now - base, 0)
    # by the clock: a row raised lately is done within the time since
    lately = (room * rng.uniform(0.1, 0.95, n)).astype(np.int64)
    if rule.data.get("sent_out"):  # not back sooner than such work comes back
        lately = np.maximum(lately, np.minimum(floor, room))
    gap = np.where(base + gap > now, lately, gap)
    short = np.ones(n, bool)
    if rule.data.get("long"):  # a kind lasting days keeps its own length (by_clock ends it)
        kinds = batch.get(rule.data["long"][0])
        if kinds is not None:
            labels = np.asarray(kinds.values).astype(str)
            short = kinds.nulls | ~np.isin(labels, rule.data["long"][1])
    moved = rows & ((short & ((done - base > cap) | (done > now))) | (done < base))
    if rule.data.get("sent_out"):  # nor back sooner than work sent out comes back
        moved |= rows & short & (done - base < floor)
        # sent out too lately to be back by now: still out, where it may be
        out = moved & (base + floor > now)
        if view.specs[rule.columns[0]].nullable and out.any():
            end.nulls[out] = True
            moved &= ~out
    new = base + gap
    for name, spec in view.specs.items():  # a time every row has at or after the end stays so
        later = batch.get(name)
        if name in rule.columns or later is None or not is_time(spec.kind):
            continue
        at = as_us(later).astype(np.int64)
        both = ~later.nulls & ~end.nulls
        if both.any() and bool((at[both] >= done[both]).all()):
            new = np.where(later.nulls, new, np.minimum(new, at))
    moved &= new >= base
    if not moved.any():
        return
    store(end, np.where(moved, new, done).astype("datetime64[us]"), moved)


RULE = RowRule(
    "turnaround",
    "a row done without a status is done hours to days after it came to be",
    _plan,
    _apply,
    phases={"turnaround": Phase.FINAL},
    after=("stages_by_now",),
    before=("by_clock",),
)
