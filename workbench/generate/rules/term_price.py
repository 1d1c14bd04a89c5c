"""A row priced from a term it names charges the term's price (kinds/term_prices.py): a job's
`rate_per_word` is its linguist rate's, a rental's `daily_rate` its tariff's; so is what it
copies from the term by its category (a job's service is its rate's). Run last, on the
term as the validity rules (valid_then, valid_owned, owned_pair) picked it again at the row's
time; a row without a term keeps its drawn value. The rule's data names the key as text, not as
a path: the key stays free to be picked again."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.kinds.term_prices import charged_from
from workbench.generate.kinds.windows import window_of
from workbench.generate.rules.base import Phase, RowRule, Rule, free
from workbench.generate.rules.paths import Path

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView
    from workbench.schema.model import Table


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    taken = {c for r in planned for c in r.columns[:1] if r.kind == "copy"}
    rules = []
    for each in charged_from(view.schema, view.table, view.config):
        if each.column not in view.specs or each.column in taken or not free(view, each.column):
            continue
        detail = f"{each.column} is its {each.parent}.{each.source} (the term it is priced from)"
        data = {"fk": each.fk, "parent": each.parent, "source": each.source}
        rules.append(Rule("term_price", [each.column], detail, data))
    for rule in planned:  # what the row copies from the term (its service), again
        path = rule.data.get("path") if isinstance(rule.data, dict) else None
        if rule.kind != "copy" or not isinstance(path, Path) or path.via is not None:
            continue
        parent = view.schema.tables.get(path.parent)
        if parent is None or not _term(view, parent):
            continue
        detail = f"{rule.columns[0]} is its {path.parent}.{rule.data['source']} again"
        data = {"fk": path.fk, "parent": path.parent, "source": rule.data["source"]}
        rules.append(Rule("term_price", rule.columns[:1], detail, data))
    return rules


def _term(view: TableView, parent: Table) -> bool:
    window = window_of(view.schema, parent, view.config)
    return window is not None and window.validity


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    target = batch.get(rule.columns[0])
    rows, nulls = view.parent_rows(rule.data["fk"])
    held = view.keys.tables.get(rule.data["parent"], {}).get(rule.data["source"])
    if target is None or rows is None or held is None or rows.size != target.values.size:
        return
    safe = np.where(nulls, 0, rows)
    known = ~nulls & ~np.asarray(held.nulls, bool)[safe]
    values = np.asarray(held.values)[safe]
    if target.values.dtype != object and values.dtype == object:
        return
    target.values[known] = values[known].astype(target.values.dtype)
    target.nulls[known] = False


RULE = RowRule(
    "term_price",
    "a row priced from a term it names charges the term's price (a job's rate per word)",
    _plan,
    _apply,
    phases={"term_price": Phase.FINAL},
    after=("valid_any",),  # on the term as picked again at the row's time (owned_pair, valid_any)
    before=("held",),
)
