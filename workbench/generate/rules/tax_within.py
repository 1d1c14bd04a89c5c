"""A tax beside a total with no net to add it to is the tax the total holds: an order's
`vat_amount` beside its `total_amount` (no subtotal, no net amount: kinds/arithmetic.formula
finds none) is total × rate / (1 + rate) at a VAT or sales-tax rate real systems charge, the
row's own rate where it keeps one, to the column's step, and never more than the total. Once
the total is its lines' sum (load/totals_memory.py, load/totals_load.py) the tax moves with it
at the share it held (`held_tax`). Names only, whatever the tables are called."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.kinds.arithmetic import RATE_WORDS, TAX_WORDS, TOTALS, formula
from workbench.generate.rules.arithmetic import TAX_RATES, TAX_WEIGHTS
from workbench.generate.rules.base import RowRule, Rule, free, row_rng

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

_NUMBERS = ("int", "decimal", "float")
# words that make an amount no part of what the row charges, or a net the tax is added to
_NOT = frozenset({"net", "subtotal", "base", "refund", "refunded", "paid", "due", "discount"})


def _within(view: TableView) -> tuple[str, str, str | None] | None:
    """(tax, total, the row's own rate of that tax or None), one of each, of one kind."""
    if formula(view.schema, view.table) is not None:
        return None
    totals, taxes, rates = [], [], []
    for name, spec in view.specs.items():
        if spec.kind not in _NUMBERS:
            continue
        norm = normalise(name)
        words = set(norm.split("_"))
        if words & TAX_WORDS and words & RATE_WORDS:
            rates.append(name)
        elif words & TAX_WORDS and not words & _NOT:
            taxes.append(name)
        elif norm in TOTALS and not words & TAX_WORDS:
            totals.append(name)
        elif words & _NOT and spec.kind != "int":
            return None  # a net beside them: the tax is added to it, not held (arithmetic.py)
    if len(totals) != 1 or len(taxes) != 1 or len(rates) > 1:
        return None
    if (view.specs[totals[0]].kind == "int") != (view.specs[taxes[0]].kind == "int"):
        return None
    return taxes[0], totals[0], rates[0] if rates else None


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    found = _within(view)
    if found is None or not free(view, found[0]):
        return []
    tax, total, rate = found
    shown = f"{tax} = the tax {total} holds" + (f" at {rate}" if rate else "")
    return [Rule("tax_within", [tax, total, *([rate] if rate else [])], shown, {})]


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    tax, total = batch[rule.columns[0]], batch[rule.columns[1]]
    n = tax.values.size
    rng = row_rng(view, rule, idx)
    rate = rng.choice(TAX_RATES, n, p=TAX_WEIGHTS / TAX_WEIGHTS.sum())
    if len(rule.columns) > 2:  # the row's own rate: 19 or 0.19
        own = batch[rule.columns[2]]
        given = np.where(own.nulls, np.nan, np.asarray(own.values, dtype=float))
        share = np.where(given > 1, given / 100, given)
        rate = np.where(np.isnan(share), rate, share)
    rows = ~total.nulls
    gross = np.clip(np.where(total.nulls, 0.0, np.asarray(total.values, dtype=float)), 0, None)
    step = view.specs[rule.columns[0]].step or 0.01
    value = np.minimum(np.floor(gross * rate / (1 + rate) / step + 1e-9) * step, gross)
    tax.values[rows] = value[rows].astype(tax.values.dtype)
    tax.nulls[rows] = False


def held_tax(rules: Sequence[Rule], column: str) -> str | None:
    """The tax a total holds (a tax_within rule's), where `column` is that total."""
    for rule in rules:
        if rule.kind == "tax_within" and rule.columns[1] == column:
            return rule.columns[0]
    return None


RULE = RowRule(
    "tax_within",
    "a tax beside a total with no net is the tax the total holds",
    _plan,
    _apply,
    after=("sibling_total",),
    before=("recent",),
    derives=True,
)
