"""A percentage is the share its kind is of its base: a fee a tenth or so of what it is on (a
recruiter's placement fee a fifth of the salary), a markup a third to all of the cost, a
discount a sixth, a tip an eighth (vocab/data/shares.tsv), not any number from 0 to 100.

A column is such a share by its name's structure: a word of a rate (`percent`, `pct`,
`percentage`, `rate`, `share`) beside a word of what it is (`fee_percent`,
`perm_fee_percent`, `temp_markup_pct`, `commission_rate`), a number the generators drew
freely (not copied from a parent: a settlement's commission of its contract's). It holds
percents or fractions as kinds/arithmetic.read_as_percent reads it (`fee_pct` 20.00,
`commission_rate numeric(5,4)` 0.2000). The sense of a word comes from the words of the
row's columns and of its table's and its ancestors' names (a fee beside an `annual_salary`).
It runs before the amounts at a rate are taken (rules/rated_amount.py: a fee amount at its
fee percent of the salary). A value outside the column's type or CHECKs is clipped into
them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.generators.value_spec import num_bounds
from workbench.generate.kinds.arithmetic import read_as_percent
from workbench.generate.kinds.context import nouns_around
from workbench.generate.rules.base import RowRule, Rule, free, row_rng
from workbench.generate.vocab.shares import share_of

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

_NUMBERS = ("int", "decimal", "float")
# the words that make a number a share of something (a closed vocabulary of the language)
_RATE_WORDS = frozenset({"percent", "pct", "percentage", "rate", "share", "perc"})
# words of a share other rules already read (a tax's rate is its country's)
_ELSEWHERE = frozenset({"tax", "vat", "gst", "hst", "pst", "duty", "exchange", "fx"})
# generators that draw a share freely (a percentage, a plain number); a money generator's
# column only where its name says percent (`fee_rate` may be money a unit: a late fee a day)
_DRAWN = frozenset({"percentage", "decimal", "float", "int"})
_PERCENT = frozenset({"percent", "pct", "percentage", "perc"})


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    set_before = {r.columns[0] for r in planned if r.columns}
    around: frozenset[str] | None = None
    out = []
    for name, spec in view.specs.items():
        words = set(normalise(name).split("_"))
        if not words & _RATE_WORDS or words & _ELSEWHERE or spec.kind not in _NUMBERS:
            continue
        if not free(view, name) or name in set_before:
            continue
        if spec.generator not in _DRAWN and not words & _PERCENT:
            continue
        if around is None:
            columns = {w for c in view.specs for w in normalise(c).split("_")}
            around = nouns_around(view.schema, view.table) | frozenset(columns)
        found = share_of(words, around)
        column = view.table.column(name)
        if found is None or column is None:
            continue
        word, band = found
        percent = read_as_percent(view.schema, column)
        factor = 1.0 if percent or (percent is None and spec.kind == "int") else 0.01
        if percent is None and spec.kind != "int":
            hi = num_bounds(spec, 0.0, 1e15)[1]
            factor = 1.0 if hi > 1.0 else 0.01
        unit = "percent" if factor == 1.0 else "a fraction"
        detail = f"{name} a {word}'s share of its base, {band[0]:g}-{band[2]:g} % ({unit})"
        out.append(Rule("share_band", [name], detail, {"band": [v * factor for v in band]}))
    return out


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    col = batch.get(rule.columns[0])
    if col is None or not col.values.size:
        return
    spec = view.specs[rule.columns[0]]
    lo, typical, hi = rule.data["band"]
    rng = row_rng(view, rule, idx)
    value = rng.triangular(lo, typical, hi, col.values.size)
    low, high = num_bounds(spec, 0.0, 1e15)
    step = 1.0 if col.kind == "int" else spec.step or 0.01
    value = np.clip(np.round(value / step) * step, max(low, step), high)
    col.values[:] = value.astype(col.values.dtype)


RULE = RowRule(
    "share_band",
    "a percentage is the share its kind is of its base (a fee a tenth, a markup a third)",
    _plan,
    _apply,
    after=("unit_number",),
    before=("rated_amount",),
)
