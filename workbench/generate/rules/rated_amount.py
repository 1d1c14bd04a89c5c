"""An amount at a rate of its own name is its base times that rate (kinds/row_sums.Rated):
a line's `vat_amount` is its `net_amount` × its `vat_rate`, an application's
`retention_amount` its `gross_value_to_date` × its project's `retention_pct`, rounded to the
amount's scale. A rate in percents (its type or name says so, else a value above 1) is
divided by 100. A row whose base or rate is NULL keeps its drawn amount; one whose key to the
rate's row may be and is NULL (a booking without a voucher) takes nothing: 0. It runs after the
line's own product (rules/lineage.py: net = quantity × price) and before the row's total adds
the amount (rules/arithmetic.py, rules/net_of_gross.py)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.runs import lookup
from workbench.generate.kinds.row_sums import Rated, rated_amounts
from workbench.generate.rules.base import RowRule, Rule, free
from workbench.generate.rules.sibling_total import rolled_up

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    out = []
    rolled = rolled_up(view)  # an amount its lines sum is theirs
    for rated in rated_amounts(view.schema, view.table):
        if not free(view, rated.amount) or rated.base not in view.specs or rated.amount in rolled:
            continue
        if not rated.parent and rated.rate not in view.specs:
            continue
        columns = [rated.amount, rated.base, *([] if rated.parent else [rated.rate])]
        if rated.source and not free(view, rated.rate):
            rated = replace(rated, source="", source_fk=())  # the row's rate is not ours
        shown = rated.shown
        if rated.source:
            shown += f"; {rated.rate} as its {rated.source.rsplit('.', 1)[-1]} row states it"
        out.append(Rule("rated_amount", columns, shown, {"rated": rated}))
    return out


def _parent_values(
    view: TableView, fk: tuple[str, ...], parent_name: str, column: str, batch: Batch
) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """The values of `column` of the row each row's key `fk` reaches (values, missing, the
    key NULL); None when the parent's rows are not kept."""
    unit = next((u for u in view.units if tuple(u.fk.columns) == tuple(fk)), None)
    parent = view.keys.tables.get(parent_name, {})
    if unit is None or len(unit.fk.columns) != 1 or unit.fk.columns[0] not in batch:
        return None
    key = batch[unit.fk.columns[0]]
    ref, rate = parent.get(unit.fk.ref_columns[0]), parent.get(column)
    if ref is None or rate is None:
        return None
    rows, found = lookup(ref, key.values)
    missing = key.nulls | ~found | np.asarray(rate.nulls, bool)[rows]
    values = np.where(missing, 0.0, np.asarray(rate.values, dtype=float)[rows])
    return values, missing, np.asarray(key.nulls, bool)


def _copy_rate(view: TableView, rated: Rated, batch: Batch) -> None:
    """The row's rate as the row it references states it (its contract's commission_pct)."""
    got = _parent_values(view, rated.source_fk, rated.source, rated.rate, batch)
    if got is None or rated.rate not in batch:
        return
    values, missing, _ = got
    col = batch[rated.rate]
    rows = ~missing
    col.values[rows] = values[rows].astype(col.values.dtype)
    col.nulls[rows] = False


def _rates(
    view: TableView, rated: Rated, batch: Batch
) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """The rate of each row, where it is missing, and where the row names no rate's row
    (its key NULL); the parent's row found by the key's value, so that a batch held back
    until its lines are summed (load/totals_memory.py) reads its own parents."""
    if not rated.parent:
        col = batch[rated.rate]
        none = np.zeros(col.values.size, bool)
        return np.asarray(col.values, dtype=float), col.nulls, none
    return _parent_values(view, rated.fk, rated.parent, rated.rate, batch)


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    rated: Rated = rule.data["rated"]
    if rated.source:
        _copy_rate(view, rated, batch)
    got = _rates(view, rated, batch)
    if got is None:
        return
    rate, missing, absent = got
    base = batch[rated.base]
    amount = batch[rated.amount]
    share = rate / 100 if rated.percent else rate if rated.percent is False else None
    if share is None:
        share = np.where(rate > 1, rate / 100, rate)
    rows = ~missing & ~base.nulls
    step = amount.step or 0.01
    value = np.round(np.asarray(base.values, dtype=float) * share / step) * step
    if rated.optional:  # no row to take a rate from (no voucher): nothing taken
        value = np.where(absent, 0.0, value)
        rows |= absent
    amount.values[rows] = value[rows].astype(amount.values.dtype)
    amount.nulls[rows] = False


def rerate(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    """The amount again on its base as its lines summed it (load/totals_memory.py)."""
    _apply(view, rule, batch, idx)


RULE = RowRule(
    "rated_amount",
    "an amount at a rate of its own name is its base times the rate",
    _plan,
    _apply,
    after=("unit_number",),
    before=("arithmetic",),
    derives=True,
)
