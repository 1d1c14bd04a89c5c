"""A thing offered lasts what its sessions last: a parent's planned length that its children's
windows follow (rules/nominal.py: a room's `duration_minutes`, a course's `planned_hours`, a
service's `typical_duration`) is drawn on the scale of what those children are (rules/span.
scale_of their table's name: a game's sessions three quarters of an hour to two, a lesson's
half an hour to two), in whole quarter hours as such lengths are offered, not any number of
minutes. Only where the parent's own name says nothing of a length (rules/elapsed.py reads a
row's own thing's) and no other rule writes the figure; within what the column's type holds."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.tables import referencing
from workbench.generate.kinds.windows import window_of
from workbench.generate.rules import span
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.generate.rules.nominal import minutes_per_unit, nominal_of

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

QUARTER = 15.0
DAY_MINUTES = 24 * 60


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    name = nominal_of(view.table)
    spec = view.specs.get(name) if name is not None else None
    if name is None or spec is None or spec.kind not in ("int", "decimal", "float"):
        return []
    if not free(view, name) or span.scale_for(view) is not None:
        return []
    if any(name in rule.columns for rule in planned):
        return []
    for child in referencing(view.schema, view.table.qualified):
        if child is view.table or not any(
            fk.ref_qualified == view.table.qualified and len(fk.columns) == 1
            for fk in child.foreign_keys
        ):
            continue
        window = window_of(view.schema, child, view.config)
        scale = span.scale_of(child.name)
        if window is None or window.validity or scale is None or scale[1] > DAY_MINUTES:
            continue
        lo, hi, typical = scale[:3]
        detail = f"{name}: a {child.name} row's length, {lo:g}-{hi:g} min in quarter hours"
        data = {"scale": [lo, hi, typical], "unit": minutes_per_unit(name) or 1.0}
        return [Rule("offered", [name], detail, data)]
    return []


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    col = batch.get(rule.columns[0])
    if col is None:
        return
    lo, hi, typical = rule.data["scale"]
    minutes = span.draw_minutes(row_rng(view, rule, idx), col.values.size, lo, hi, typical)
    first, last = np.ceil(lo / QUARTER) * QUARTER, np.floor(hi / QUARTER) * QUARTER
    minutes = np.clip(np.round(minutes / QUARTER) * QUARTER, first, max(first, last))
    value = minutes / rule.data["unit"]
    if col.kind == "int":
        value = np.maximum(np.round(value), 1)
    bounds = view.specs[rule.columns[0]].info.bounds()
    if bounds is not None:  # within what the type holds
        value = np.clip(value, *bounds)
    col.values[:] = value.astype(col.values.dtype)


RULE = RowRule(
    "offered",
    "a parent's planned length its children follow is what such a child lasts",
    _plan,
    _apply,
    phases={"offered": Phase.ROW},
    after=("call_length",),
    before=("gender",),
)
