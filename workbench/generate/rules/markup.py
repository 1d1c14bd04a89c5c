"""What a row sells at is what it buys at plus a margin: two money columns of one row that name
the same amount from the two sides of a trade (`pay_rate_hourly` and `charge_rate_hourly`,
`unit_cost` and `unit_price`, `buy_rate` and `sell_rate`, `wholesale_price` and
`retail_price`) keep the ratio of a markup, the selling side 1.15 to 1.9 times the buying side.

A pair is read from the names' structure: the same words but for one, which is a word of the
buying side (cost, pay, wage, buy, purchase, wholesale) in one name and of the selling side
(charge, bill, sell, retail, price) in the other, and no word of an amount that changes
hands (a bill's `bill_amount` and its `paid_amount` are no markup); both columns are money
(rules/money.py), so both are already in the row's currency when this runs. A row whose
buying side is NULL keeps its drawn selling side; a product outside the column's type or
CHECKs keeps the drawn value."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.generators.value_spec import num_bounds
from workbench.generate.kinds.recognise import split_words
from workbench.generate.rules.base import RowRule, Rule, free_columns, row_rng
from workbench.generate.rules.money import is_money_column

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

# the two sides of a trade, as a name says them (a closed vocabulary of the language)
_BUYING = frozenset({"cost", "pay", "wage", "buy", "buying", "purchase", "wholesale"})
_SELLING = frozenset({"charge", "bill", "billing", "sell", "selling", "retail", "price"})
_MARKUP = (1.15, 1.9)
# words of an amount that changes hands (a bill's amount and what was paid of it), not a price
_SETTLED = frozenset({"amount", "total", "subtotal", "balance", "due", "paid", "sum", "owed"})


def _side(name: str) -> tuple[str, tuple[str, ...]] | None:
    """("buy" | "sell", the other words) of a name with exactly one side word, else None."""
    words = split_words(normalise(name)).split("_")
    buying = [w for w in words if w in _BUYING]
    selling = [w for w in words if w in _SELLING]
    if len(buying) + len(selling) != 1:
        return None
    side = "buy" if buying else "sell"
    rest = tuple(w for w in words if w not in _BUYING and w not in _SELLING)
    return None if _SETTLED & set(rest) else (side, rest)


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    """One rule per (buying, selling) pair of money columns with the same other words."""
    free = free_columns(view)
    sides: dict[tuple[str, ...], dict[str, list[str]]] = {}
    for column, spec in view.specs.items():
        if spec.kind not in ("decimal", "float", "money"):
            continue
        if not is_money_column(view.schema, view.table, column, spec.generator):
            continue
        found = _side(column)
        if found is not None:
            sides.setdefault(found[1], {}).setdefault(found[0], []).append(column)
    rules = []
    for got in sides.values():
        buys, sells = got.get("buy", []), got.get("sell", [])
        if len(buys) == 1 and len(sells) == 1 and sells[0] in free:
            detail = f"{sells[0]} = {buys[0]} × {_MARKUP[0]}-{_MARKUP[1]} (a markup)"
            rules.append(Rule("markup", [sells[0], buys[0]], detail))
    return rules


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    sell, buy = batch[rule.columns[0]], batch[rule.columns[1]]
    n = len(sell.values)
    rng = row_rng(view, rule, idx)
    made = np.asarray(buy.values, dtype=np.float64) * rng.uniform(*_MARKUP, n)
    step = sell.step or 0.01
    made = np.round(made / step) * step
    lo, hi = num_bounds(view.specs[rule.columns[0]], 0.0, 1e15)
    rows = ~buy.nulls & (made >= lo) & (made <= hi)
    sell.values[rows] = made[rows].astype(sell.values.dtype)
    sell.nulls[rows] = False


RULE = RowRule(
    "markup",
    "a selling price a markup over its buying price (charge rate over pay rate)",
    _plan,
    _apply,
    after=("blurb",),
    before=("price_pair",),
)
