"""Open rows are recent: a row whose status is still on its way (booked, in transit,
authorised, scheduled: vocab/outcomes.py) came to be in the last days before the run's clock,
not years ago. Its creation time (the table's anchor) is moved into the RECENT days before
now; the stage timestamps the status rule sets after it follow. Rows that are done or failed
keep their place in the history."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.base.batch import label_codes
from workbench.generate.base.names import normalise
from workbench.generate.kinds.anchors import anchor_of
from workbench.generate.plan.stats_specs import SHAPE_PARAM
from workbench.generate.rules.base import RowRule, Rule, free, labels_of, row_rng
from workbench.generate.rules.times import DAY_US, is_time, latest, store
from workbench.generate.vocab import outcomes

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

RECENT_DAYS = 4.0  # an open row came to be at most this many days before now
# one under way right now (in progress, checked in) started within the last hours
ACTIVE_DAYS = 0.5
ACTIVE = frozenset({"in_progress", "checked_in", "started", "running", "processing"})
STATUS_WORDS = ("status", "state", "stage", "outcome")


def status_meanings(view: TableView) -> tuple[str, dict[str, str]] | None:
    """The table's lifecycle status column and what each of its labels means."""
    for name, spec in view.specs.items():
        if normalise(name).split("_")[-1] not in STATUS_WORDS:
            continue
        meanings = outcomes.lifecycle_meanings(labels_of(spec))
        if meanings is not None:
            return name, meanings
    return None


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    anchor = anchor_of(view.schema, view.table, view.config)
    found = status_meanings(view)
    if anchor is None or found is None or not free(view, anchor):
        return []
    if not is_time(view.specs[anchor].kind):
        return []
    if SHAPE_PARAM in view.specs[anchor].params:
        return []  # production's statistics say where the times are: they win over inference
    status, meanings = found
    waiting = sorted(label for label, m in meanings.items() if m in ("open", "ahead"))
    if not waiting:
        return []
    detail = f"{anchor} of rows still {', '.join(waiting)} within {RECENT_DAYS} days of now"
    return [Rule("recent", [anchor, status], detail, {"waiting": waiting})]


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    anchor, status = batch.get(rule.columns[0]), batch.get(rule.columns[1])
    if anchor is None or status is None:
        return
    labels, pos = label_codes(status)
    waiting = set(rule.data["waiting"])
    rows = np.flatnonzero(np.array([lb in waiting for lb in labels], bool)[pos] & ~status.nulls)
    if not rows.size:
        return
    rng = row_rng(view, rule, idx)
    active = np.array([normalise(lb) in ACTIVE for lb in labels], bool)[pos]
    days = np.where(active, ACTIVE_DAYS, RECENT_DAYS)
    back = (rng.random(anchor.values.size) * days * DAY_US).astype(np.int64)
    now = latest(anchor, clock.run_now(view.config))
    store(anchor, now - back.astype("timedelta64[us]"), rows)
    anchor.nulls[rows] = False


RULE = RowRule(
    "recent",
    "rows still on their way came to be shortly before now",
    _plan,
    _apply,
    after=("arithmetic",),  # before the times that follow the anchor: open rows came to be lately
)
