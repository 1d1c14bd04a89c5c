"""A row's amounts add up as their names say (kinds/arithmetic.py): the discount a share of
the subtotal (none on most rows), the tax the row's rate (or a real VAT or sales-tax rate) of
the subtotal less the discount, shipping and fees a small share, and the total exactly
subtotal + tax + shipping - discount, to the column's step. Only the columns the rules may
rewrite change; one they may not (a key, a declared copy) is read as it is. A subtotal its
lines roll up is summed first (load/totals_memory.py), then `rederive` runs on the sums."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.errors import ConfigError
from workbench.generate.kinds.arithmetic import Formula, formula, read_as_percent
from workbench.generate.kinds.tax_rates import reached_rate
from workbench.generate.kinds.totals import table_rollups
from workbench.generate.rules.base import RowRule, Rule, free, row_rng
from workbench.generate.rules.money import currency_facts

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch, Col
    from workbench.generate.view import TableView

# VAT and sales-tax rates that real systems charge (0 for exempt rows), roughly by how often
TAX_RATES = np.array([0.0, 0.05, 0.07, 0.08, 0.1, 0.19, 0.2, 0.21, 0.25])
TAX_WEIGHTS = np.array([0.12, 0.08, 0.1, 0.1, 0.1, 0.15, 0.2, 0.1, 0.05])
DISCOUNTED = 0.3  # the share of rows with a discount, of 5-20 % of the subtotal
CHARGED = 0.6  # the share of rows with shipping or a fee, of up to 8 % of the subtotal


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    found = formula(view.schema, view.table)
    if found is None or not free(view, found.total):
        return []
    if any(c not in view.specs for c in found.columns):
        return []
    try:  # a tax its lines roll up (Σ amount × the line's rate) is theirs, not drawn here
        rolled = {r.column for r in table_rollups(view.schema, view.table, view.config)}
    except ConfigError:  # reported with its file and key where the run plans the table
        rolled = set()
    amounts = (*found.taxes, *found.adds, *found.takes, *found.included)
    rated = {r.columns[0] for r in planned if r.kind == "rated_amount"}  # at a rate: theirs
    written = [c for c in amounts if free(view, c) and c not in rolled and c not in rated]
    column = view.table.column(found.rate) if found.rate else None
    percent = read_as_percent(view.schema, column) if column is not None else None
    # the row's currency, where the money rule found one: amounts drawn here keep its minor unit
    money = next((r.data["currency"] for r in planned if r.kind == "money"), None)
    data = {"formula": found, "writes": written, "reached": None, "percent": percent,
            "currency": money}  # fmt: skip
    shown = found.shown
    own = found.rate is None or free(view, found.rate)
    if own and found.taxes and found.taxes[0] in written:
        # the rate of a row it reaches (its branch's country): the totals post-pass applies it,
        # and writes it into the row's own rate where it keeps one (a session's vat_rate is
        # its site's country's standard rate)
        data["reached"] = reached = reached_rate(view.schema, view.table, view.config)
        shown += f"; {found.taxes[0]} at {reached.shown}" if reached is not None else ""
    return [Rule("arithmetic", found.columns, shown, data)]


def _floor(values: np.ndarray, col: Col, grain: np.ndarray | None = None) -> np.ndarray:
    step = col.step or 0.01
    if grain is not None:  # the currency's minor unit, where coarser (no cents on a yen)
        stepped = np.maximum(step, grain)
        return np.asarray(np.round(np.floor(values / stepped + 1e-9) * stepped, 6))
    return np.floor(values / step + 1e-9) * step


def _amounts(col: Col) -> np.ndarray:
    return np.where(col.nulls, 0.0, np.asarray(col.values, dtype=float))


def _set(col: Col, values: np.ndarray, rows: np.ndarray) -> None:
    col.values[rows] = values[rows].astype(col.values.dtype)
    col.nulls[rows] = False


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    f: Formula = rule.data["formula"]
    writes = set(rule.data["writes"])
    sub = batch[f.subtotal]
    n = sub.values.size
    rows = ~sub.nulls
    base = np.clip(_amounts(sub), 0, None)
    rng = row_rng(view, rule, idx)
    off = np.where(rng.random(n) < DISCOUNTED, rng.choice([0.05, 0.1, 0.15, 0.2], n), 0.0)
    shares = np.where(rng.random(n) < CHARGED, rng.random(n) * 0.08, 0.0)
    drawn_rate = rng.choice(TAX_RATES, n, p=TAX_WEIGHTS / TAX_WEIGHTS.sum())
    where = rule.data.get("currency")
    facts = currency_facts(view, where, batch) if where is not None else None
    grain = 10.0 ** -facts[1].astype(float) if facts is not None else None
    taken = np.zeros(n)
    for i, name in enumerate(f.takes):
        col = batch[name]
        if name in writes:  # the first the discount; each other one a rarer one of its own
            also = np.where(rng.random(n) < DISCOUNTED / 2, 0.05, 0.0) if i else off
            _set(col, _floor(base * also, col, grain), rows)
        taken += _amounts(col)
    rate = drawn_rate
    if f.rate is not None:
        given = _amounts(batch[f.rate])
        # the column's unit where its name or type says it (a vat_pct of 0.5 is half a per
        # cent), else each value's own (19 or 0.19)
        percent = rule.data.get("percent")
        share = given / 100 if percent else given if percent is False else None
        if share is None:
            share = np.where(given > 1, given / 100, given)
        rate = np.where(batch[f.rate].nulls, drawn_rate, share)
    added = np.zeros(n)
    for i, name in enumerate(f.taxes):
        col = batch[name]
        if name in writes:
            _set(col, _floor(np.clip(base - taken, 0, None) * rate * (i == 0), col, grain), rows)
        added += _amounts(col)
    for i, name in enumerate(f.adds):
        col = batch[name]
        if name in writes:  # each charge a small share of its own (shipping, a fee, a tip)
            own = np.where(rng.random(n) < CHARGED, rng.random(n) * 0.08, 0.0) if i else shares
            _set(col, _floor(base * own, col, grain), rows)
        added += _amounts(col)
    total = batch[f.total]
    step = total.step or 0.01
    _set(total, np.round((_amounts(sub) + added - taken) / step) * step, rows)
    for i, name in enumerate(f.included):  # the tax the total holds: total × rate / (1 + rate)
        col = batch[name]
        if name in writes:
            within = np.clip(_amounts(total), 0, None) * rate / (1 + rate) * (i == 0)
            _set(col, _floor(within, col, grain), rows)


def moved_total(rules: Sequence[Rule], column: str) -> Formula | None:
    """The formula of the arithmetic rule whose total `column` is a part of (a subtotal, a
    tax, a fee or a discount): a sum written into the part moves the total with it, so that
    a CHECK stating the total holds until the rule figures it again."""
    for rule in rules:
        f: Formula | None = rule.data.get("formula") if rule.kind == "arithmetic" else None
        if f is not None and column in (f.subtotal, *f.taxes, *f.adds, *f.takes):
            return f
    return None


def rederive(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    """The formula again on a batch whose subtotal changed (its lines' sums)."""
    _apply(view, rule, batch, idx)


RULE = RowRule("arithmetic", "a row's total is its subtotal plus tax and fees less discount",
               _plan, _apply, after=("price_pair",))  # fmt: skip
