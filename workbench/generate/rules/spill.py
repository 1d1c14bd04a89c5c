"""The sessions of a thing that began lately lie ahead: a course enrolled in two days ago, a
tattoo consulted on yesterday, a treatment plan opened this week has its first session behind
it at most, the next ones booked days to weeks ahead. rules/sequence.py lays a parent's rows
attended one after another days to weeks apart (rules/apart.gaps) inside the parent's window,
up to now; where that window (the parent's creation to now) is too short for them at their
gaps, they were squeezed into it: several sessions in the last day or two before the run's
clock, at night, and a thing not yet begun with all its sessions done.

Instead, under a parent whose window is open to now (no end of its own), the rows keep their
gaps, laid from the parent's start: what falls past now is still to come. Such a row takes its
table's label waiting for its time (a lesson `scheduled`, a sitting `booked`: the first label
meaning ahead, else open, vocab/outcomes.py) and was booked lately, after its parent came to
be and by now; its happened times are not in the future. Rows left before now keep the status
drawn (rules/worked.py then has the parent follow them: under way while one waits). Only where
the table has such a status column free to set, in no CHECK: without one a row past now could
not say it is still to come, and the chain is fitted into the window as before."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.generate.base import clock
from workbench.generate.base.batch import typed_label
from workbench.generate.base.sqltree import columns_of
from workbench.generate.rules.base import free
from workbench.generate.rules.recent import RECENT_DAYS, status_meanings
from workbench.generate.rules.times import DAY_US, as_us, store

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView


def waiting_label(view: TableView) -> tuple[str, str] | None:
    """The table's status column and its label of a row waiting for its time, else None."""
    found = status_meanings(view)
    if found is None or not free(view, found[0]):
        return None
    status, meanings = found
    if any(status in columns_of(tree) for _, tree in view.checks):
        return None  # a CHECK ties the status to other columns: not set here
    for wanted in ("ahead", "open"):
        label = next((lb for lb, m in meanings.items() if m == wanted), None)
        if label is not None:
            return status, label
    return None


def spills(view: TableView, d: dict[str, Any], open_: np.ndarray) -> np.ndarray:
    """Per row laid out: whether its chain runs on past now (things attended days to weeks
    apart, under a parent whose window is open to now, with a status that can wait)."""
    if not d.get("apart") or waiting_label(view) is None:
        return np.zeros(open_.size, bool)
    return np.asarray(open_, bool)


def lay_ahead(view: TableView, d: dict[str, Any], batch: Batch, order: np.ndarray,
              lo: np.ndarray, rng: np.random.Generator) -> None:  # fmt: skip
    """Rows laid past now wait for their time (see the module): the waiting label, booked
    lately (their other happened times by now, after `lo`, their parent's start)."""
    found = waiting_label(view) if d.get("apart") else None
    start, status = batch.get(d["start"]), batch.get(found[0]) if found else None
    if found is None or start is None or status is None or not order.size:
        return
    now = int(clock.run_now(view.config).astype("datetime64[us]").astype(np.int64))
    later = as_us(start).astype(np.int64)[order] > now
    if not later.any():
        return
    rows = order[later]
    status.values[rows] = typed_label(status, found[1])
    status.nulls[rows] = False
    back = (rng.random(rows.size) * RECENT_DAYS * DAY_US).astype(np.int64)
    booked = np.minimum(np.maximum(lo[later].astype(np.int64), now - back), now)
    for column in d["others"]:
        col = batch.get(column)
        if col is None or column not in d["happened"]:
            continue
        at = as_us(col).astype(np.int64)
        ahead = ~col.nulls[rows] & (at[rows] > now)
        at[rows] = np.where(ahead, booked, at[rows])
        store(col, at.astype("datetime64[us]"), rows[ahead])
