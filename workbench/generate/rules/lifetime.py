"""What a row has gathered over its life is at least what it holds now: `lifetime_points` is at
least `points_balance`, `miles_earned` at least `miles_balance`, `lifetime_credits` at least
`credits_available`, and the balance is not negative.

Two number columns of a row pair up when their names say the same thing once the words of a
lifetime (lifetime, cumulative, all_time, earned, accrued) leave one and the words of a
balance (balance, current, available, remaining) leave the other. The balance keeps its value
(at least 0); the lifetime total is the balance and what was spent besides (about as much
again, from none to a few times the balance). Any table, read from the names alone."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

# (not `total`: an invoice's total and its amount remaining are the arithmetic rules')
LIFETIME_WORDS = frozenset({"lifetime", "cumulative", "all", "time", "earned", "accrued",
                            "accumulated", "ever"})  # fmt: skip
BALANCE_WORDS = frozenset({"balance", "current", "available", "remaining", "left", "unspent"})


def _stem(name: str, words: frozenset[str]) -> tuple[str, bool]:
    """The name without the given words, and whether it had any."""
    parts = normalise(name).split("_")
    kept = [w for w in parts if w not in words]
    return "_".join(kept), len(kept) < len(parts) and bool(kept)


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    numbers = [c for c, s in view.specs.items() if s.kind in ("int", "float")]
    written = {r.columns[0] for r in planned}  # a column another rule sets stays its
    balances = {}
    for name in numbers:
        stem, has = _stem(name, BALANCE_WORDS)
        if has:
            balances[stem] = name
    out = []
    for name in numbers:
        stem, has = _stem(name, LIFETIME_WORDS)
        balance = balances.get(stem) if has else None
        if balance is None or balance == name or not free(view, name) or name in written:
            continue
        kind = view.specs[name].kind
        if kind != view.specs[balance].kind:
            continue
        detail = f"{name} ≥ {balance} ≥ 0: gathered over its life, at least what it holds"
        out.append(Rule("lifetime", [name, balance], detail, {"balance_free": free(view, balance)}))
    return out


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    total, balance = batch.get(rule.columns[0]), batch.get(rule.columns[1])
    if total is None or balance is None:
        return
    held = np.asarray(balance.values, dtype=float)
    if rule.data["balance_free"]:
        negative = ~balance.nulls & (held < 0)
        balance.values[negative] = -balance.values[negative]
        held = np.abs(held)
    rng = row_rng(view, rule, idx)
    spent = held * rng.gamma(1.5, 0.7, held.size)
    value = held + spent
    spec = view.specs[rule.columns[0]]
    if total.kind == "int":
        lo, hi = spec.info.int_limits
        value = np.clip(np.ceil(value), lo, hi)
    rows = np.flatnonzero(~balance.nulls & ~total.nulls)
    total.values[rows] = value[rows].astype(total.values.dtype)


RULE = RowRule(
    "lifetime",
    "a lifetime total is at least the current balance, which is not negative",
    _plan,
    _apply,
    phases={"lifetime": Phase.FINAL},
    after=("elapsed",),
)
