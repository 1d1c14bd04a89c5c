"""A row of a table whose history is short names parents that were still there during it: in a
timetable of operations (kinds/events.plans_and_actuals, kinds/timetable.scheduled: its
history is the last year, base/clock.OPERATIONS) a flight's aircraft, a delivery round's van,
a surgery's theatre, a class's club that ended its life years ago (kinds/anchors.ending_of:
`retired_on`, `closed_at`, `decommissioned_at`) flies, drives, hosts nothing now: the time
rules would otherwise move the row back before that end, out of the history. Over each freely
drawn key to a parent with such an end, a row whose parent ended before the history began
picks again among the parents that had not (partitions.repick: Zipf-like, within a meeting
key's grandparent). Any table of that shape, read from the schema."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.kinds.anchors import ending_of
from workbench.generate.kinds.events import plans_and_actuals
from workbench.generate.kinds.timetable import scheduled
from workbench.generate.rules.base import LinkRule, Stage
from workbench.generate.rules.partitions import repick
from workbench.generate.rules.times import as_us

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.links import Links
    from workbench.generate.view import TableView


def _apply(view: TableView, links: Links, batch: Batch, idx: np.ndarray) -> None:
    if not idx.size:
        return
    if not (
        plans_and_actuals(view.schema, view.table)
        or scheduled(view.schema, view.table, view.config)
    ):
        return
    began = clock.window(view.config, clock.OPERATIONS)[0]
    for unit in view.units:
        if unit.mode != "normal" or not view.drawn_freely(unit) or view.numbered(unit):
            continue
        parent = view.schema.tables.get(unit.parent)
        if parent is None or unit.parent == view.tp.name:
            continue
        end = ending_of(view.schema, parent, view.config)
        held = view.keys.tables.get(unit.parent, {}).get(end or "")
        if held is None:
            continue
        unfit = ~held.nulls & (as_us(held) < began)
        if unfit.any() and not unfit.all():
            repick(view, links, batch, unit, unfit, "alive:")


RULE = LinkRule(
    "parents alive in a short history",
    "a row of a short history (a timetable) names parents that had not ended before it began",
    Stage.KEYS,
    _apply,
    after=("keys that meet",),
    before=("parents in sequence",),
)
