"""An expiry given as a month and a year (`expiry_month`/`expiry_year`, `exp_month`/
`exp_year`, `valid_thru_month`/`valid_thru_year`) is one date, the end of that month: a card's,
a document's. What the row holds is the current one, kept up by its holder: like a held
expiry (rules/lasting.py) it lies ahead of the clock on most rows (up to AHEAD_YEARS, a
card's few years), lapsed by up to LAPSED_DAYS on a few (LAPSED), not any year of a range
drawn apart from the month (1990 against a clock in 2026: every card long expired). Two
integer columns whose names differ only in `month` and `year` at their end, the words before
naming an expiry; rows where either is NULL (not a card) keep it. Read from names only."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.generate.rules.lasting import LAPSED, LAPSED_DAYS
from workbench.generate.rules.times import DAY_US
from workbench.generate.rules.within import undo_rejected

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

AHEAD_YEARS = 5
# words of an expiry before `month`/`year` (`exp_month`, `valid_thru_year`)
EXPIRY_WORDS = frozenset({"expiry", "expires", "expiration", "expire", "exp", "expiring",
                          "thru", "through", "until", "valid"})  # fmt: skip


def _pairs(view: TableView) -> list[tuple[str, str]]:
    """(month column, year column) pairs named as an expiry's parts."""
    names = {c.name.lower(): c.name for c in view.table.columns}
    out = []
    for low, month in names.items():
        if not low.endswith("month"):
            continue
        stem = low[: -len("month")]
        year = names.get(f"{stem}year")
        words = set(stem.strip("_").split("_"))
        if year is None or not words & EXPIRY_WORDS:
            continue
        if all(free(view, c) and _integer(view, c) for c in (month, year)):
            out.append((month, year))
    return out


def _integer(view: TableView, name: str) -> bool:
    return view.specs[name].kind == "int"


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    return [
        Rule("expiry_parts", [month, year], f"{month}/{year} an expiry around the clock")
        for month, year in _pairs(view)
    ]


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    month, year = batch.get(rule.columns[0]), batch.get(rule.columns[1])
    if month is None or year is None:
        return
    held = ~month.nulls & ~year.nulls
    if not held.any():
        return
    rng = row_rng(view, rule, idx)
    n = held.size
    lapsed = rng.random(n) < LAPSED
    days = np.where(lapsed, -rng.uniform(1, LAPSED_DAYS, n), rng.uniform(0, AHEAD_YEARS * 365, n))
    now = clock.run_now(view.config).astype("datetime64[us]")
    at = (now + (days * DAY_US).astype(np.int64).astype("timedelta64[us]")).astype("datetime64[M]")
    months = at.astype(np.int64)
    saved = {rule.columns[0]: month.values.copy(), rule.columns[1]: year.values.copy()}
    month.values[held] = (months % 12 + 1)[held].astype(month.values.dtype)
    year.values[held] = (months // 12 + 1970)[held].astype(year.values.dtype)
    undo_rejected(view, batch, saved, held)


RULE = RowRule(
    "expiry_parts",
    "an expiry given as a month and a year lies around the clock (a card's)",
    _plan,
    _apply,
    phases={"expiry_parts": Phase.FINAL},
    after=("early_end",),
    before=("tree_time",),
)
