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
from typing import TYPE_CHECKING

from workbench.generate.base.names import normalise, singular_forms
from workbench.generate.rules.base import Phase, RowRule, Rule, free
from workbench.generate.rules.label_bands import Bands, draw, known_bands, labelled, listed_labels
from workbench.generate.vocab.money_bands import item_price

if TYPE_CHECKING:
    from workbench.generate.view import TableView
    from workbench.schema.model import Schema, Table

# the nouns of a table of things sold by the piece
SOLD = frozenset(
    {"item", "product", "dish", "drink", "beverage", "meal", "article", "sku", "offering",
     "plate", "food", "snack", "menu", "treat", "good", "merchandise", "listing", "stock",
     "ware", "catalogue", "catalog"}
)  # fmt: skip


def _sold(table: Table) -> bool:
    words = normalise(table.name).split("_")
    return any(set(singular_forms(w)) & SOLD for w in words)


def _kind_of(schema: Schema, table: Table) -> tuple[str, Bands] | None:
    """The column saying what the table's items are, and each kind's price band."""
    if not _sold(table):
        return None
    for column in table.columns:
        found = known_bands(listed_labels(schema, table, column), item_price)
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
    found = labelled(view, _kind_of) if prices else None
    if found is None:
        return []
    data, where = found
    detail = f"by {where} {data['source']}: what such an item sells for"
    return [Rule("item_price", [name], f"{name} {detail}", dict(data)) for name in prices]


RULE = RowRule(
    "item_price",
    "an item's price is what an item of its kind sells for (a main, a side, a soft drink)",
    _plan,
    draw,
    phases={"item_price": Phase.PARENTS},  # before lineage's money scales it to the currency
    after=("ladder",),
    before=("lineage",),
)
