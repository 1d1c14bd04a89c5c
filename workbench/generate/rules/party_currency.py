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

Whose country: a place the row is at (kinds/whereabouts.where_it_is: a store, a resort, a
branch, a region; money.at_place) first, then the other parties in rank. A business with a
currency of its own follows only such a place (a store's home market), never the party it
bills: the currency column's DEFAULT names a currency (`currency char(3) DEFAULT 'EUR'`), or
the row's lines are priced from a catalogue that states its currency (an order whose items
reference products with a `currency` column). A shop selling abroad bills a Polish customer
in its own money; a local business (no such sign) bills its parties in their country's.

Runs with the parents' copies, before the money rule scales the row's amounts to its
currency."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.batch import factorize
from workbench.generate.kinds.whereabouts import directed
from workbench.generate.rules import money
from workbench.generate.rules.base import Phase, RowRule, Rule, free, labels_of
from workbench.generate.rules.locale import FACTS, country_anchor, country_rows
from workbench.generate.rules.paths import Path, paths_of, source_values
from workbench.generate.vocab import countries

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView


_LITERAL = re.compile(r"'([^']*)'")


def _own_currency(view: TableView, names: list[str]) -> str | None:
    """Why the row's money is the business's own (module doc), or None: a currency column's
    DEFAULT naming a currency, or a child of the row (its lines) keyed, by a key naming no
    other side, to a catalogue stating a currency that is not its key (a table of currencies
    is no catalogue)."""
    known = {c.currency for c in countries.countries() if c.currency}
    for name in names:
        column = view.table.column(name)
        found = _LITERAL.findall(column.default.sql) if column and column.default else []
        if any(v.strip().upper() in known for v in found):
            return f"{name} defaults to {found[0]}"
    for child in view.schema.tables.values():
        if not any(fk.ref_qualified == view.tp.name for fk in child.foreign_keys):
            continue
        for fk in child.foreign_keys:
            other = view.schema.tables.get(fk.ref_qualified)
            if other is None or fk.ref_qualified in (view.tp.name, child.qualified):
                continue
            if any(directed(c) for c in fk.columns):
                continue
            key = set(other.primary_key.columns) if other.primary_key else set()
            priced = money.currency_columns(view.schema, other, view.config)
            if [c for c in priced if c not in key and not directed(c)]:
                return f"its lines in {child.name} are priced from {other.name}"
    return None


def _party_country(
    view: TableView, paths: list[Path], places_only: bool
) -> tuple[Path, str] | None:
    """The first parent with a country column, by keys naming no other side: a place the
    row is at first, then (unless `places_only`) the other parents in rank."""
    ranked = money.ranked_paths(view, paths)
    at = {id(p) for p in ranked if money.at_place(view, p)}
    for path in sorted(ranked, key=lambda p: id(p) not in at):
        if places_only and id(path) not in at:
            continue
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
    own = _own_currency(view, names)
    found = _party_country(view, paths, places_only=own is not None)
    if found is None:
        return []
    path, source = found
    how = "" if path.via is None else f" (through {path.parent})"
    where = f"; the place it is at ({own})" if own else ""
    detail = f"{', '.join(names)} of the country in {path.table}.{source}{how}{where}"
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
