"""A total named for its siblings is their sum: `total_cost` = `labour_cost` + `parts_cost`
(kinds/row_sums.sibling_totals), to the column's step; a row whose parts are all NULL keeps
its drawn total. A total its lines roll up (kinds/totals.py) is theirs, not set here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.errors import ConfigError
from workbench.generate.kinds.row_sums import sibling_totals
from workbench.generate.kinds.totals import table_rollups
from workbench.generate.rules.base import RowRule, Rule, free

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView


def rolled_up(view: TableView) -> set[str]:
    """The columns of the table its lines roll up (kinds/totals.py): theirs, not a row rule's."""
    try:
        return {r.column for r in table_rollups(view.schema, view.table, view.config)}
    except ConfigError:  # reported with its file and key where the run plans the table
        return set()


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    found = sibling_totals(view.schema, view.table)
    if not found:
        return []
    rolled = rolled_up(view)
    out = []
    for each in found:
        if each.total in rolled or not free(view, each.total):
            continue
        if any(p not in view.specs for p in each.parts):
            continue
        out.append(Rule("sibling_total", [each.total, *each.parts], each.shown))
    return out


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    total = batch[rule.columns[0]]
    n = total.values.size
    acc = np.zeros(n)
    some = np.zeros(n, bool)
    for name in rule.columns[1:]:
        part = batch[name]
        acc += np.where(part.nulls, 0.0, np.asarray(part.values, dtype=float))
        some |= ~part.nulls
    step = total.step or 0.01
    value = np.round(acc / step) * step
    total.values[some] = value[some].astype(total.values.dtype)
    total.nulls[some] = False


RULE = RowRule("sibling_total", "a total named for its siblings is their sum", _plan, _apply,
               after=("net_of_gross",), before=("recent",))  # fmt: skip
