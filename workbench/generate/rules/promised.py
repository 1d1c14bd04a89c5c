"""A promise made when a row came to be lies a business's lead after it: a time named as the
row's own outcome promised or quoted (`promised_at`, `promised_ready_at`, `quoted_for`, an
`estimated_ready_at`, an `expected_completion`: a word of promise, or a word of estimate with
one of the outcome being ready, done or collected) follows the time the row came to be (its
anchor, kinds/anchors.anchor_of: an order's `received_at`) by hours to days: two at least,
about two and a half days as a rule, three weeks at most. A row flagged for haste (a boolean
named `is_express`, `rush`, `urgent`, `expedited`, `same_day`) is promised within the day:
two hours to a day. A promise is a plan: it may lie past the run's clock.

The rules before only keep the promise after the anchor (rules/timeline.py), which leaves it
as far off as the row's whole history. A time of delivery (`expected_delivery`) is a carrier's
and a due date a bill's or a deadline's (rules/bill.py, rules/deadline.py): neither is read
here. Any schema: the times and the flag are read by their words, no table is named here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.kinds.anchors import anchor_of
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.generate.rules.times import as_us, is_time, store

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

HOUR_US = 3_600_000_000
DAY_US = 24 * HOUR_US
# the words of a promise of the row's own outcome, and of an estimate of it beside a word of
# the outcome (`estimated_ready_at`, `expected_completion`; not `expected_delivery`)
PROMISE = frozenset({"promised", "promise", "quoted"})
ESTIMATE = frozenset({"estimated", "est", "expected", "target"})
OUTCOME = frozenset({"ready", "completion", "complete", "completed", "done", "finish",
                     "finished", "pickup", "collection", "collect"})  # fmt: skip
# the words of a flag that a row is done in haste
HASTE = frozenset({"express", "rush", "urgent", "expedited", "expedite", "sameday"})
# (median, log spread, floor, cap) of the lead: a plain promise, one made in haste
LEAD = (60 * HOUR_US, 0.7, 2 * HOUR_US, 21 * DAY_US)
HASTY = (8 * HOUR_US, 0.5, 2 * HOUR_US, 23 * HOUR_US)


def _promise(name: str) -> bool:
    words = set(normalise(name).split("_"))
    return bool(words & PROMISE or (words & ESTIMATE and words & OUTCOME))


def _haste(view: TableView) -> str | None:
    for name, spec in view.specs.items():
        words = normalise(name).split("_")
        joined = set(words) | {"".join(words[i : i + 2]) for i in range(len(words) - 1)}
        if spec.kind == "bool" and joined & HASTE:
            return name
    return None


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    anchor = anchor_of(view.schema, view.table, view.config)
    if anchor is None or anchor not in view.specs or not is_time(view.specs[anchor].kind):
        return []
    out = []
    for name, spec in view.specs.items():
        if name == anchor or not is_time(spec.kind) or not _promise(name) or not free(view, name):
            continue
        haste = _haste(view)
        detail = f"{name} 2 hours to 21 days after {anchor} (about 2.5 days)"
        detail += f"; within a day where {haste}" if haste else ""
        out.append(Rule("promised", [name, anchor], detail, {"haste": haste}))
    return out


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    promise, anchor = batch.get(rule.columns[0]), batch.get(rule.columns[1])
    if promise is None or anchor is None:
        return
    rng = row_rng(view, rule, idx)
    n = promise.values.size
    base = as_us(anchor).astype(np.int64)
    hasty = np.zeros(n, bool)
    flag = batch.get(rule.data["haste"]) if rule.data.get("haste") else None
    if flag is not None:
        hasty = ~flag.nulls & np.asarray(flag.values).astype(bool)
    median, spread, floor, cap = (np.where(hasty, a, b) for a, b in zip(HASTY, LEAD, strict=True))
    gap = np.clip(np.exp(rng.normal(np.log(median), spread)), floor, cap).astype(np.int64)
    rows = ~promise.nulls & ~anchor.nulls
    if not rows.any():
        return
    store(promise, (base + gap).astype("datetime64[us]"), rows)


RULE = RowRule(
    "promised",
    "a promise made when a row came to be lies hours to days after it, within a day in haste",
    _plan,
    _apply,
    phases={"promised": Phase.FINAL},
    after=("turnaround",),
    before=("by_clock",),
)
