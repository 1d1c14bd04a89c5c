"""Bids climb: in an ascending auction or a round of offers each bid on a thing tops the one
before it. A table whose rows are bids or offers (the last word of its name: `bids`,
`lot_bids`, `offers`, `tender_offers`), with a time (kinds/anchors.anchor_of: `placed_at`,
`submitted_at`), a money amount (`amount`, `bid_amount`, `price`) and a required key to the
thing bid on, holds per such thing a series that rises with time: ordered by the time (then
by row), the first keeps its drawn amount and each next one tops it by a bid increment (3 to
12 %, in whole units, at least one), within what the type holds.

The thing bid on is the parent of a required key, not unique alone, that is no party (the
bidder: a client, a supplier, a paddle registered to one) and that carries money of its own
(a lot's estimate, a tender's budget), else the first such parent that is no party. Its rows
of one batch (20,000 rows by default) form its series. Read from the names' words and the
keys, no table named here. Applied last, once every time rule has placed the row's time and
the money rules have drawn the amounts (their currency's minor unit: whole units fit any)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.kinds.anchors import anchor_of
from workbench.generate.kinds.meets import owned_or_party, personal
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.generate.rules.times import as_us, is_time
from workbench.generate.vocab.unit_prices import MONEY_GENERATORS, MONEY_WORDS

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import FKUnit, TableView

# the last word of a table of bids (its singular and plural)
BID_WORDS = frozenset({"bid", "bids", "offer", "offers", "counteroffer", "counteroffers"})
# words of the amount bid, in order of preference
AMOUNT_WORDS = ("bid", "offer", "amount", "price", "value")
STEP_LOW, STEP_HIGH = 0.03, 0.12  # a bid increment, as a share of the bid before


def _amount(view: TableView) -> str | None:
    """The money column holding the amount bid (`amount`, `bid_amount`)."""
    found = [c for c, s in view.specs.items() if s.kind in ("int", "decimal", "float")
             and free(view, c) and not s.unique and (s.generator in MONEY_GENERATORS
             or set(normalise(c).split("_")) & MONEY_WORDS)]  # fmt: skip
    for word in AMOUNT_WORDS:
        named = [c for c in found if word in normalise(c).split("_")]
        if named:
            return named[0]
    return found[0] if len(found) == 1 else None


def _moneyed(view: TableView, parent: str) -> bool:
    model = view.schema.tables.get(parent)
    return model is not None and any(
        set(normalise(c.name).split("_")) & MONEY_WORDS for c in model.columns
    )


def _bid_on(view: TableView) -> FKUnit | None:
    """The key to the thing bid on (see the module)."""
    uniques = [set(u.columns) for u in view.table.uniques if u.predicate is None]
    if view.table.primary_key is not None:
        uniques.append(set(view.table.primary_key.columns))
    found = []
    for unit in view.units:
        if unit.nullable or unit.mode != "normal" or unit.parent == view.tp.name:
            continue
        if len(unit.fk.columns) != 1 or {unit.fk.columns[0]} in uniques:
            continue
        if personal(view.schema, unit.parent) or owned_or_party(unit.parent):
            continue
        found.append(unit)
    moneyed = [u for u in found if _moneyed(view, u.parent)]
    chosen = moneyed or found
    return chosen[0] if chosen else None


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    words = normalise(view.table.name).split("_")
    if words[-1] not in BID_WORDS:
        return []
    when = anchor_of(view.schema, view.table, view.config)
    if when is None or when not in view.specs or not is_time(view.specs[when].kind):
        return []
    amount, unit = _amount(view), _bid_on(view)
    if amount is None or unit is None:
        return []
    fk = ",".join(unit.fk.columns)
    detail = f"{amount} rises with {when} per {unit.parent} ({fk}): each bid tops the one before"
    return [Rule("rising", [amount, when], detail, {"fk": fk})]


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    amount, when = batch.get(rule.columns[0]), batch.get(rule.columns[1])
    rows, nulls = view.parent_rows(rule.data["fk"])
    if amount is None or when is None or rows is None or not rows.size:
        return
    ok = np.flatnonzero(~nulls & ~when.nulls & ~amount.nulls)
    if ok.size < 2:
        return
    times = as_us(when).astype(np.int64)
    order = ok[np.lexsort((ok, times[ok], rows[ok]))]
    parent = rows[order]
    new = np.r_[True, parent[1:] != parent[:-1]]
    values = np.asarray(amount.values, dtype=np.float64)[order]
    steps = row_rng(view, rule, idx).uniform(STEP_LOW, STEP_HIGH, order.size)
    spec = view.specs[rule.columns[0]]
    bounds = spec.info.bounds()
    top = bounds[1] if bounds is not None else np.inf
    out = values.copy()
    for at in range(1, order.size):  # a running product, restarted per parent
        if new[at]:
            continue
        before = out[at - 1]
        out[at] = min(max(np.ceil(before * (1 + steps[at])), before + 1), top)
    if amount.kind == "int":
        out = np.round(out)
    amount.values[order] = out.astype(amount.values.dtype)


RULE = RowRule(
    "rising",
    "bids on a thing climb with time: each tops the one before",
    _plan,
    _apply,
    phases={"rising": Phase.FINAL},
    after=("within",),  # once the row's time is where it stays
    before=("runs_on",),
)
