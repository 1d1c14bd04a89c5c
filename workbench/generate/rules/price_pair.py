"""A reduced price never above the price it reduces: `sale_price` ≤ `list_price`,
`reducedprice` ≤ `originalprice`, `discounted_amount` ≤ `regular_amount`. The lower of a pair
is the higher less a discount in steps of 5 %, and a discount percentage in the same row (a
`discount_percent`, `discountinpercent`) says the same discount."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.kinds.recognise import split_words
from workbench.generate.rules.base import RowRule, Rule, free_columns, row_rng

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.rules.base import Rule
    from workbench.generate.view import TableView

_LOWER = {"reduced", "sale", "discounted", "special", "offer", "promo", "promotional", "deal"}
_HIGHER = {"original", "list", "regular", "retail", "msrp", "rrp", "full", "was", "old", "base"}
_STEMS = {"price", "cost", "amount", "value"}
_NUMERIC = {"int", "float", "decimal"}
# a price at a cheaper time of use, and the dearer time it is beside
_PRICE_STEMS = {"price", "rate", "charge", "fee", "fare", "tariff", "cost"}
_CHEAP_TIMES = {"night", "off_peak", "offpeak", "weekend", "economy", "overnight", "evening"}
_DEAR_TIMES = ("day", "peak", "daytime", "weekday", "standard")


def qualified(name: str) -> tuple[str, str] | None:
    """(qualifier, stem) of a name like `sale_price`, or None."""
    words = split_words(normalise(name)).split("_")
    if len(words) < 2 or words[-1] not in _STEMS:
        return None
    return words[-2], "_".join(words[:-2] + words[-1:])


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    free = free_columns(view)
    """One rule per (higher, lower) pair of free numeric columns with the same stem."""

    found: dict[str, dict[str, str]] = {}
    for column in free:
        if view.specs[column].kind not in _NUMERIC:
            continue
        named = qualified(column)
        if named is not None and named[0] in _LOWER | _HIGHER:
            side = "lower" if named[0] in _LOWER else "higher"
            found.setdefault(named[1], {}).setdefault(side, column)
    discount = next((c for c in sorted(free) if _holds_percent(view, c)), None)
    rules = _time_of_use(view, free)
    for sides in found.values():
        if "lower" in sides and "higher" in sides:
            cols = [sides["higher"], sides["lower"], *([discount] if discount else [])]
            rules.append(Rule("price_pair", cols, f"{cols[1]} = {cols[0]} less a discount"))
            discount = None  # one discount column tells one pair's discount
    return rules


def _time_of_use(view: TableView, free: Iterable[str]) -> list[Rule]:
    """A price at a cheap time beside the same price (`night_unit_rate` and `unit_rate`,
    `off_peak_rate` and `peak_rate`, `weekend_fare` and `fare`): always below it."""
    numeric = [c for c in free if view.specs[c].kind in _NUMERIC]
    by_words = {tuple(split_words(normalise(c)).split("_")): c for c in numeric}
    rules = []
    for words, column in by_words.items():
        if words[-1] not in _PRICE_STEMS:
            continue
        for size in (1, 2):
            head, stem = "_".join(words[:size]), words[size:]
            if head not in _CHEAP_TIMES or not stem:
                continue
            higher = next(
                (
                    by_words[key]
                    for key in (stem, *((*h.split("_"), *stem) for h in _DEAR_TIMES))
                    if key in by_words and by_words[key] != column
                ),
                None,
            )
            if higher is not None:
                detail = f"{column} below {higher} (a cheaper time of use)"
                rules.append(Rule("price_pair", [higher, column], detail, {"always": True}))
                break
    return rules


def _holds_percent(view: TableView, column: str) -> bool:
    """A discount in percent (not a fraction) whose type holds 50."""
    spec, words = view.specs[column], split_words(normalise(column)).split("_")
    if spec.generator != "discount_percent" or not {"percent", "pct", "percentage"} & set(words):
        return False
    info = spec.info
    if info.kind == "decimal" and info.precision is not None:
        return info.precision - (info.scale or 0) >= 3
    return info.kind in ("int", "float")


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    rng = row_rng(view, rule, idx)
    higher, lower = batch[rule.columns[0]], batch[rule.columns[1]]
    n = len(higher.values)
    # a third of the rows at full price, the rest 5 % … 50 % off; a cheaper time of use
    # always 20 % … 60 % off
    if rule.data.get("always"):
        off = rng.integers(4, 13, n) * 5
    else:
        off = np.where(rng.random(n) < 0.35, 0, rng.integers(1, 11, n)) * 5
    rows = ~higher.nulls
    reduced = np.asarray(higher.values, dtype=float) * (100 - off) / 100
    step = lower.step or 0.01
    reduced = np.floor(reduced / step + 1e-9) * step
    lower.values[rows] = reduced[rows].astype(lower.values.dtype)
    if len(rule.columns) > 2:
        pct = batch[rule.columns[2]]
        both = rows & ~lower.nulls
        pct.values[both] = off[both].astype(pct.values.dtype)


RULE = RowRule(
    "price_pair",
    "a reduced price never above the price it reduces",
    _plan,
    _apply,
    after=("blurb",),
)
