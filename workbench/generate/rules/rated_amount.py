"""An amount at a rate of its own name is its base times that rate (kinds/row_sums.Rated):
a line's `vat_amount` is its `net_amount` × its `vat_rate`, an application's
`retention_amount` its `gross_value_to_date` × its project's `retention_pct`, rounded to the
amount's scale. A rate in percents (its type or name says so, else a value above 1) is
divided by 100. A row whose base or rate is NULL keeps its drawn amount. It runs after the
line's own product (rules/lineage.py: net = quantity × price) and before the row's total adds
the amount (rules/arithmetic.py, rules/net_of_gross.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.kinds.row_sums import Rated, rated_amounts
from workbench.generate.rules.base import RowRule, Rule, free
from workbench.generate.rules.paths import Path, source_values
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
        out.append(Rule("rated_amount", columns, rated.shown, {"rated": rated}))
    return out


def _rates(view: TableView, rated: Rated, batch: Batch) -> tuple[np.ndarray, np.ndarray] | None:
    if not rated.parent:
        col = batch[rated.rate]
        return np.asarray(col.values, dtype=float), col.nulls
    got = source_values(view, Path(",".join(rated.fk), rated.parent), rated.rate, batch)
    if got is None:
        return None
    values, missing = got
    missing = np.asarray(missing, dtype=bool)
    return np.where(missing, 0.0, np.asarray(values, dtype=float)), missing


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    rated: Rated = rule.data["rated"]
    got = _rates(view, rated, batch)
    if got is None:
        return
    rate, missing = got
    base = batch[rated.base]
    amount = batch[rated.amount]
    share = rate / 100 if rated.percent else rate if rated.percent is False else None
    if share is None:
        share = np.where(rate > 1, rate / 100, rate)
    rows = ~missing & ~base.nulls
    step = amount.step or 0.01
    value = np.round(np.asarray(base.values, dtype=float) * share / step) * step
    amount.values[rows] = value[rows].astype(amount.values.dtype)
    amount.nulls[rows] = False


RULE = RowRule(
    "rated_amount",
    "an amount at a rate of its own name is its base times the rate",
    _plan,
    _apply,
    after=("unit_number",),
    before=("arithmetic",),
    derives=True,
)
