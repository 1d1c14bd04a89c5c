"""A money row in the currency of its party's country: a row whose currency column has no
currency to copy from a parent (rules/money.currency_parent finds none) and no country of its
own (the locale rule's) takes the currency of the country of the party or place it belongs
to: a grower's contract is priced in the grower's country's money, an account of a branch in
the branch's country's, an invoice of a customer in the customer's.

The party is the first parent, in the order the currency copies rank them (one key before
two, the owning parent, then the keys as declared: money.ranked_paths), that states a
country: its own column or its parent's (a grower's region's). A key or a country column
naming a direction or another side (kinds/whereabouts.directed: a shipment's destination
country, a product's origin country, a trade's buyer) is passed over: that country is
somebody else's. A currency the column cannot hold (a list a CHECK or an enum allows, its
length) keeps the drawn value.

Runs with the parents' copies, before the money rule scales the row's amounts to its
currency."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.batch import factorize
from workbench.generate.kinds.whereabouts import directed
from workbench.generate.rules import money
from workbench.generate.rules.base import Phase, RowRule, Rule, free, labels_of
from workbench.generate.rules.locale import FACTS, country_anchor, country_rows
from workbench.generate.rules.paths import Path, paths_of, source_values

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView


def _party_country(view: TableView, paths: list[Path]) -> tuple[Path, str] | None:
    """The first parent in rank with a country column, by keys naming no other side."""
    for path in money.ranked_paths(view, paths):
        table = view.schema.tables.get(path.table)
        if table is None or path.table == view.tp.name:
            continue
        if any(directed(c) for c in path.fk.split(",")):
            continue
        if path.via is not None and directed(path.via):
            continue
        columns = money.country_columns(view.schema, table, view.config)
        own = [c for c in columns if not directed(c)]
        if own:
            return path, own[0]
    return None


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    names = [
        c for c in money.currency_columns(view.schema, view.table, view.config)
        if c in view.specs and free(view, c) and not directed(c)
    ]  # fmt: skip
    if not names or country_anchor(view) is not None:
        return []
    paths = paths_of(view)
    if money.currency_parent(view, paths) is not None:
        return []  # a currency of a parent's is copied (rules/lineage.py)
    found = _party_country(view, paths)
    if found is None:
        return []
    path, source = found
    how = "" if path.via is None else f" (through {path.parent})"
    detail = f"{', '.join(names)} of the country in {path.table}.{source}{how}"
    return [Rule("party_currency", names, detail, {"path": path, "source": source})]


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    got = source_values(view, rule.data["path"], rule.data["source"], batch)
    if got is None:
        return
    values, missing = got
    uniq, codes = factorize(np.asarray(values))
    table = np.empty(max(len(uniq), 1), dtype=object)
    table[: len(uniq)] = [FACTS["currency"](c) if c is not None else "" for c in country_rows(uniq)]
    money_of = table[codes] if codes.size else np.zeros(0, dtype=object)
    for name in rule.columns:
        col = batch.get(name)
        if col is None:
            continue
        spec = view.specs[name]
        fits = ~missing & ~col.nulls & (money_of != "")
        allowed = labels_of(spec)
        if allowed:
            fits &= np.isin(money_of.astype(str), allowed)
        if spec.max_len is not None:
            fits &= np.array([len(v) <= spec.max_len for v in money_of.tolist()], bool)
        col.values[fits] = money_of[fits]


RULE = RowRule(
    "party_currency",
    "a currency with none to copy is that of the country of the party the row belongs to",
    _plan,
    _apply,
    phases={"party_currency": Phase.PARENTS},
    after=("role_rate",),
    before=("lineage",),  # before the money rule scales the amounts to the currency
)
