"""The tiers of one thing are priced around its level: an event's price tiers from the cheap
seats to the front row span a few times, not a hundredfold; a hotel's room types, a course's
fee bands, a gym's membership levels likewise. Each parent has a level (by its key: a stadium
show dearer than a club night) and each tier's price is that level give or take at most
`SPREAD` times, so the dearest tier of a parent costs at most SPREAD² times its cheapest.

A table of tiers is named as one (its last word TIER_WORDS: `price_tiers`, `ticket_types`,
`room_classes`, `fee_bands`) and references its parent by a key that may not be NULL (the
first such, a price tier's event before its section); its price is its first free money
column drawn as a price that is no fee, tax or charge beside it (a tier's `face_value`, not
its `booking_fee`). Drawn before the money rule scales it to the row's currency, which scales
a parent's tiers alike. Nothing here names a table: the words are the schema's."""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.names import normalise, singular_forms
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.generate.rules.shape import store_measure

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

TIER_WORDS = frozenset({"tier", "level", "band", "class", "category", "zone", "grade", "type",
                        "option", "variant"})  # fmt: skip
_EXTRA = frozenset({"fee", "fees", "tax", "vat", "charge", "charges", "deposit", "surcharge",
                    "commission", "discount"})  # fmt: skip
SPREAD = 4.0  # a tier's price lies within the level ÷ SPREAD .. × SPREAD
_LEVELS = 3.0  # the parents' levels lie within the typical price ÷ 3 .. × 3


def _tiers(name: str) -> bool:
    last = normalise(name).split("_")[-1]
    return bool(singular_forms(last) & TIER_WORDS) or last in TIER_WORDS


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    if not _tiers(view.table.name):
        return []
    parent = next((u for u in view.units if u.mode == "normal" and not u.nullable
                   and len(u.fk.columns) == 1), None)  # fmt: skip
    if parent is None:
        return []
    for name, spec in view.specs.items():
        if spec.generator != "price" or not free(view, name):
            continue
        if set(normalise(name).split("_")) & _EXTRA:
            continue
        key = parent.fk.columns[0]
        detail = f"{name} within ×{SPREAD:g} of its {parent.parent.rsplit('.', 1)[-1]}'s level"
        return [Rule("tier_spread", [name], detail, {"key": key})]
    return []


def _level(keys: np.ndarray) -> np.ndarray:
    """Each key's place in 0..1, the same in every batch and run."""
    if keys.dtype.kind in "iu":
        mixed = (keys.astype(np.uint64) * np.uint64(0x9E3779B97F4A7C15)) >> np.uint64(11)
        return mixed.astype(np.float64) / float(1 << 53)
    return np.fromiter((zlib.crc32(str(k).encode()) / 2**32 for k in keys.tolist()), float)


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    col, key = batch.get(rule.columns[0]), batch.get(rule.data["key"])
    if col is None or key is None or not idx.size:
        return
    rows = ~col.nulls & ~key.nulls
    drawn = col.values[rows].astype(np.float64)
    drawn = drawn[drawn > 0]
    if not drawn.size:
        return
    typical = float(np.median(drawn))
    level = typical * np.exp((2.0 * _level(np.asarray(key.values)) - 1.0) * np.log(_LEVELS))
    rng = row_rng(view, rule, idx)
    factor = np.clip(np.exp(rng.normal(0.0, 0.5, len(level))), 1.0 / SPREAD, SPREAD)
    rows &= col.values.astype(np.float64) > 0  # a free tier stays free
    store_measure(view, batch, rule.columns[0], level * factor, rows)


RULE = RowRule(
    "tier_spread",
    "the tiers of one thing are priced within a few times of its level (an event's tiers)",
    _plan,
    _apply,
    phases={"tier_spread": Phase.PARENTS},  # before lineage's money scales it to the currency
    after=("party_currency",),
    before=("lineage",),
)
