"""An item's price is what an item of its kind sells for: a restaurant's main costs several
times its side, a dessert about what a starter does, a soft drink or a coffee a few units of
money and never what a main does; a vending machine's chocolate bar sells for a little, its
sandwich for more. What the item is comes from a kind column (an enum's labels, a CHECK's
list: a menu item's `course`, a product's `category`) whose labels mostly name kinds of items
sold by the piece (vocab/data/item_prices.tsv: starter, main, side_dish, soft_drink,
hot_beverage, crisps…), of the row that holds the price or of the item a price list's row
prices (a key or two away), and that item is a thing sold (a table of items, products,
dishes, drinks: not a machine model whose kind says what it sells). Each price is drawn around
its kind's typical price, between its lowest and highest, in US dollars; the money rule then
scales it to the row's currency. A label of no known kind keeps the price drawn. Nothing here
names a table: the kinds are data, the items' nouns words."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.generate.base.names import normalise, singular_forms
from workbench.generate.checks.hints import column_hints
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.generate.rules.paths import Path, paths_of, source_values
from workbench.generate.vocab.item_prices import item_price
from workbench.schema.typeinfo import resolve_type

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView
    from workbench.schema.model import Column, Schema, Table

# the nouns of a table of things sold by the piece
SOLD = frozenset(
    {"item", "product", "dish", "drink", "beverage", "meal", "article", "sku", "offering",
     "plate", "food", "snack", "menu", "treat", "good", "merchandise", "listing"}
)  # fmt: skip
_KNOWN = 0.6  # the share of a kind column's labels the file must know
_SIGMA = 6.0  # the band's width (lowest to highest, in logs) over the prices' spread


def _sold(table: Table) -> bool:
    words = normalise(table.name).split("_")
    return any(set(singular_forms(w)) & SOLD for w in words)


def _kinds(schema: Schema, table: Table, column: Column) -> dict[str, list[float]] | None:
    """Each label's (lowest, typical, highest) price, where most labels name kinds of item."""
    info = resolve_type(schema, column.type)
    if info.kind == "enum":
        labels = [str(v) for v in info.labels]
    elif info.kind == "text":
        allowed = column_hints(schema, table, column).allowed
        labels = [str(v) for v in allowed] if allowed else []
    else:
        return None
    found = {lb: list(p) for lb in labels if (p := item_price(lb)) is not None}
    if len(found) < 2 or len(found) < _KNOWN * len(labels):
        return None
    return found


def _kind_of(schema: Schema, table: Table) -> tuple[str, dict[str, list[float]]] | None:
    if not _sold(table):
        return None
    for column in table.columns:
        found = _kinds(schema, table, column)
        if found is not None:
            return column.name, found
    return None


def keep_columns(view: TableView) -> set[str]:
    """This table's item kind, which a price list's row reads."""
    found = _kind_of(view.schema, view.table)
    return {found[0]} if found is not None else set()


def _price(name: str, generator: str) -> bool:
    return generator == "price" and "price" in normalise(name).split("_")


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    prices = [c for c, s in view.specs.items() if _price(c, s.generator) and free(view, c)]
    if not prices:
        return []
    data: dict[str, Any] | None = None
    where = "its"
    own = _kind_of(view.schema, view.table)
    if own is not None:
        data = {"source": own[0], "kinds": own[1]}
    else:
        for hops in (False, True):
            for path in paths_of(view):
                table = view.schema.tables.get(path.table)
                if (path.via is not None) != hops or table is None:
                    continue
                found = _kind_of(view.schema, table)
                if found is not None and data is None:
                    data = {"source": found[0], "kinds": found[1],
                            "path": [path.fk, path.parent, path.via, path.target,
                                     path.target_key]}  # fmt: skip
                    where = f"its {path.table.rsplit('.', 1)[-1]}'s"
    if data is None:
        return []
    return [
        Rule(
            "item_price",
            [name],
            f"{name} by {where} {data['source']}: what such an item sells for",
            dict(data),
        )
        for name in prices
    ]


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    col = batch.get(rule.columns[0])
    if col is None or not idx.size:
        return
    if "path" in rule.data:
        got = source_values(view, Path(*rule.data["path"]), rule.data["source"], batch)
        if got is None:
            return
        labels, missing = got
    else:
        own = batch.get(rule.data["source"])
        if own is None:
            return
        labels, missing = own.values, own.nulls
    labels = np.asarray(labels).astype(str)
    missing = np.asarray(missing, dtype=bool)
    rng = row_rng(view, rule, idx)
    spec = view.specs[rule.columns[0]]
    step = spec.step or 0.01
    bounds = spec.info.bounds()
    for label, (lo, typical, hi) in rule.data["kinds"].items():
        rows = (labels == label) & ~missing & ~col.nulls
        k = int(rows.sum())
        if not k:
            continue
        sigma = np.log(hi / lo) / _SIGMA
        made = np.clip(typical * np.exp(rng.normal(0.0, sigma, k)), lo, hi)
        if bounds is not None:
            made = np.clip(made, bounds[0], bounds[1])
        made = np.maximum(np.round(made / step) * step, step)
        col.values[rows] = made.astype(col.values.dtype)


RULE = RowRule(
    "item_price",
    "an item's price is what an item of its kind sells for (a main, a side, a soft drink)",
    _plan,
    _apply,
    phases={"item_price": Phase.PARENTS},  # before lineage's money scales it to the currency
    after=("ladder",),
    before=("lineage",),
)
