"""A boolean flag and its timestamp, computed per batch with numpy: `published` ↔
`published_at`, `is_verified` ↔ `verified_at`, `is_active` ↔ `deactivated_at` (inverse): true
exactly where the timestamp is set. A NOT NULL timestamp is never NULLed: the flag follows it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.rules.base import RowRule, Rule, free, row_rng
from workbench.generate.rules.status import canon
from workbench.generate.rules.times import as_us, gap, is_time, store, time_columns, time_stem

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

# A flag whose timestamp says the opposite: `is_active` is false once `deactivated_at` is set.
_INVERSE = {
    "active": ("deactivated", "inactivated", "disabled", "suspended", "closed"),
    "enabled": ("disabled",),
    "visible": ("hidden",),
    "available": ("unavailable",),
}
_FLAG_PREFIXES = ("is", "has", "was", "been")


def _flag_word(name: str) -> str:
    words = normalise(name).split("_")
    if len(words) > 1 and words[0] in _FLAG_PREFIXES:
        words = words[1:]
    return "_".join(words)


def plan_flags(view: TableView, anchor: str | None, decided: set[str]) -> list[Rule]:

    stamps = {
        c: canon(time_stem(c))
        for c, s in view.specs.items()
        if is_time(s.kind) and c != anchor and c not in view.fk_cols
    }
    out = []
    for flag, spec in view.specs.items():
        if spec.kind != "bool" or flag in view.fk_cols:
            continue
        word = canon(_flag_word(flag))
        inverse = {canon(w) for w in _INVERSE.get(_flag_word(flag).split("_")[-1], ())}
        # the same words first, then a timestamp that ends with them (`email_verified_at`)
        ranked = sorted(stamps.items(), key=lambda kv: kv[1] != word and kv[1] not in inverse)
        for stamp, stem in ranked:
            direct = stem == word or (
                stem.endswith("_" + word) and not stem.startswith("last_") and not inverse
            )  # `email_verified_at`, not `last_active_at`
            if not (direct or stem in inverse):
                continue
            stamp_free = free(view, stamp) and stamp not in decided
            if not (free(view, flag) or stamp_free):
                continue
            how = "set where true" if direct else "set where false"
            data = {"inverse": not direct, "flag_free": free(view, flag),
                    "stamp_free": stamp_free, "anchor": anchor}  # fmt: skip
            out.append(Rule("flag", [flag, stamp], f"{stamp} {how} in {flag}", data))
            break
    return out


def apply_flag(rule: Rule, batch: Batch, rng: np.random.Generator) -> None:

    flag, stamp = batch[rule.columns[0]], batch[rule.columns[1]]
    inverse, data = rule.data["inverse"], rule.data
    if not stamp.nullable or not data["stamp_free"]:
        if not data["flag_free"]:
            return
        # the flag follows the timestamp: a NOT NULL one is set on every row
        has = ~stamp.nulls
        flag.values[:] = (~has if inverse else has).astype(flag.values.dtype)
        flag.nulls[:] = False
        return
    truthy = np.asarray(flag.values).astype(bool) & ~flag.nulls
    want = (~truthy & ~flag.nulls) if inverse else truthy
    new = want & stamp.nulls
    stamp.nulls[:] = ~want
    anchor = data["anchor"]
    if anchor in batch and new.any():
        base = as_us(batch[anchor])
        ok = new & ~batch[anchor].nulls
        store(stamp, base + gap(rng, base.size, 30), np.flatnonzero(ok))


def _plan_flags(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    found = time_columns(view)
    if found is None:
        return []
    # a timestamp the status decides is not the flag's to move: the flag follows it
    decided = {c for r in planned if r.kind == "status" for c in r.columns}
    return plan_flags(view, found.anchor, decided)


def _apply_flag(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    if all(c in batch for c in rule.columns):
        apply_flag(rule, batch, row_rng(view, rule, idx))


FLAG = RowRule(
    "flag",
    "a boolean flag and its timestamp (is_verified and verified_at)",
    _plan_flags,
    _apply_flag,
    after=("status",),  # after the status: a timestamp it decides is not the flag's to move
)
