"""A net that remains of a gross: `net_due` = `gross_value_to_date` - `retention_amount` -
`previously_certified` (kinds/row_sums.NetOfGross), to the column's step. What comes off is
kept within the gross: an amount a rule of its own sets (a retention at a rate) first, then
each other one at most what the gross has left after those before, never below zero, so the
net is never negative where the gross is not. A row with a NULL gross keeps its drawn
values."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.kinds.row_sums import NetOfGross, net_of_gross
from workbench.generate.rules.base import RowRule, Rule, free
from workbench.generate.rules.sibling_total import rolled_up

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    found = net_of_gross(view.schema, view.table)
    if found is None or not free(view, found.net) or found.net in rolled_up(view):
        return []  # a net its lines sum (kinds/totals.py) is theirs
    if any(c not in view.specs for c in (found.gross, *found.takes)):
        return []
    # the amounts at a rate (rules/rated_amount.py) are set; the others are kept in the gross
    rated = {r.columns[0] for r in planned if r.kind == "rated_amount"}
    capped = [t for t in found.takes if free(view, t) and t not in rated]
    columns = [found.net, found.gross, *found.takes]
    return [Rule("net_of_gross", columns, found.shown, {"found": found, "capped": capped})]


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    found: NetOfGross = rule.data["found"]
    capped = set(rule.data["capped"])
    gross = batch[found.gross]
    rows = ~gross.nulls
    left = np.where(rows, np.asarray(gross.values, dtype=float), 0.0)
    for name in sorted(found.takes, key=lambda t: t in capped):  # the set ones first
        col = batch[name]
        taken = np.where(col.nulls, 0.0, np.asarray(col.values, dtype=float))
        if name in capped:
            step = col.step or 0.01
            kept = np.floor(np.clip(taken, 0, np.clip(left, 0, None)) / step + 1e-9) * step
            col.values[rows & ~col.nulls] = kept[rows & ~col.nulls].astype(col.values.dtype)
            taken = np.where(col.nulls, 0.0, kept)
        left = left - taken
    net = batch[found.net]
    step = net.step or 0.01
    value = np.round(left / step) * step
    net.values[rows] = value[rows].astype(net.values.dtype)
    net.nulls[rows] = False


RULE = RowRule("net_of_gross", "a net is its gross less what comes off it", _plan, _apply,
               after=("arithmetic",), before=("recent",), derives=True)  # fmt: skip
