"""A payment method and its instrument columns: card columns only for card payments, bank
columns for transfers…; after the CHECKs, a method follows an instrument a CHECK insisted on."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.batch import Batch, label_codes, typed_label
from workbench.generate.base.names import normalise
from workbench.generate.rules.base import (
    RowRule,
    Rule,
    free,
    labels_of,
)

if TYPE_CHECKING:
    from workbench.generate.view import TableView


PAYMENT_FAMILIES: dict[str, tuple[str, ...]] = {
    "card": ("card", "credit", "debit", "cc", "visa", "mastercard", "amex", "credit_card"),
    "bank": ("bank", "bank_transfer", "transfer", "wire", "sepa", "ach", "direct_debit", "iban"),
    "voucher": ("voucher", "gift_card", "giftcard", "coupon", "store_credit", "promo"),
    "paypal": ("paypal",),
}


_INSTRUMENT_WORDS: dict[str, tuple[str, ...]] = {
    "card": ("card", "cc", "pan", "last4", "expiry", "cvv", "cvc"),
    "bank": ("iban", "bic", "swift", "account_number", "routing_number", "sort_code", "bank"),
    "voucher": ("voucher", "coupon", "gift_card", "promo_code"),
    "paypal": ("paypal",),
}


def _family(label: str) -> str | None:
    norm = normalise(label)
    for family, words in PAYMENT_FAMILIES.items():
        if norm in words or any(norm.startswith(w + "_") for w in words):
            return family
    return None


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    table = normalise(view.table.name)
    for name, spec in view.specs.items():
        norm = normalise(name)
        paying = "pay" in norm or any(w in table for w in ("pay", "transaction", "charge"))
        if not paying or norm.split("_")[-1] not in ("method", "type", "kind", "channel", "mode"):
            continue
        labels = labels_of(spec)
        families = {label: _family(label) for label in labels}
        if not any(families.values()) or name in view.fk_cols:
            continue
        instruments: dict[str, list[str]] = {}
        for other in view.specs:
            words = normalise(other)
            for family, keys in _INSTRUMENT_WORDS.items():
                if other != name and any(words == k or words.startswith(k + "_") for k in keys):
                    if free(view, other) and view.specs[other].nullable:
                        instruments.setdefault(family, []).append(other)
                    break
        if instruments:
            cols = [name, *sorted(c for cs in instruments.values() for c in cs)]
            data = {"method": name, "families": families, "instruments": instruments}
            return [Rule("payment", cols, f"{name} decides its instrument columns", data)]
    return []


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    method = batch.get(rule.data["method"])
    if method is None:
        return
    labels, codes = label_codes(method)
    fams = np.array([rule.data["families"].get(v) or "" for v in labels])
    row_family = fams[codes]
    for family, columns in rule.data["instruments"].items():
        for column in columns:
            col = batch.get(column)
            if col is not None:
                col.nulls[:] = row_family != family


def _reconcile(rule: Rule, batch: Batch) -> bool:
    """After the CHECKs: where they forced an instrument column on a row of another method,
    the method follows the instrument (a label of that family, if the column has one)."""
    method = batch.get(rule.data["method"])
    if method is None:
        return False
    labels, codes = label_codes(method)
    by_family = {f: lab for lab, f in rule.data["families"].items() if f}
    changed = False
    for family, columns in rule.data["instruments"].items():
        label = by_family.get(family)
        if label is None or label not in labels:
            continue
        fams = np.array([rule.data["families"].get(str(v)) or "" for v in labels])
        for column in columns:
            col = batch.get(column)
            if col is None:
                continue
            wrong = ~col.nulls & (fams[codes] != family) & ~method.nulls
            if wrong.any():
                method.values[wrong] = typed_label(method, label)
                changed = True
    return changed


RULE = RowRule(
    "payment",
    "a payment method decides its instrument columns",
    _plan,
    _apply,
    reconcile=_reconcile,
    after=("review",),
)
