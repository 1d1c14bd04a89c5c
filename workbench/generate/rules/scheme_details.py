"""A payment's scheme decides which account details it carries: a SEPA mandate or transfer
names an IBAN (and a BIC), a Bacs direct debit a sort code and an account number, an ACH
debit a routing number and an account number, a BECS one a BSB, a card payment a card
number. A row whose scheme column (its CHECK's or enum's labels naming schemes) says SEPA
has its IBAN, never NULL; the columns only another scheme of the same column uses are NULL
there where they may be (a SEPA row has no sort code), and present in that scheme's rows.

The schemes and the details each names are a closed vocabulary of the world's payment
systems (below), matched against the column's labels and the row's column names; nothing
here names a table. Runs before rules/code_country.py, which then writes each IBAN present
in its row's country."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.batch import label_codes
from workbench.generate.base.names import normalise
from workbench.generate.rules.base import RowRule, Rule, free, labels_of

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

# scheme -> (the words its labels open with, the details (column names) its rows carry)
SCHEMES: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "sepa": (
        frozenset({"sepa", "sdd", "sct", "iban"}),
        frozenset({"iban", "bic", "swift", "swift_code", "bic_code", "bic_swift"}),
    ),
    "bacs": (
        frozenset({"bacs", "fps", "faster_payments", "chaps"}),
        frozenset({"sort_code", "sortcode", "account_number", "account_no", "bank_account"}),
    ),
    "ach": (
        frozenset({"ach", "aba", "fedwire", "eft_us"}),
        frozenset(
            {
                "routing_number",
                "aba_number",
                "routing_no",
                "aba",
                "account_number",
                "account_no",
                "bank_account",
            }
        ),
    ),
    "becs": (
        frozenset({"becs", "bpay"}),
        frozenset({"bsb", "bsb_number", "account_number", "account_no", "bank_account"}),
    ),
    "card": (
        frozenset({"card", "credit_card", "debit_card", "visa", "mastercard", "amex"}),
        frozenset(
            {
                "card_number",
                "pan",
                "card_last4",
                "last4",
                "last_four",
                "card_last_four",
                "card_brand",
                "card_expiry",
                "expiry",
                "card_token",
            }
        ),
    ),
}


def scheme_of(label: str) -> str | None:
    """The scheme a label names (`sepa`, `SEPA_CORE`, `bacs_dd`, `credit_card`), or None."""
    norm = normalise(label)
    first = norm.split("_")[0]
    for scheme, (words, _) in SCHEMES.items():
        if norm in words or first in words:
            return scheme
    return None


def _detail(name: str, details: frozenset[str]) -> bool:
    """Whether a column (`iban`, `payer_iban`, `debtor_sort_code`) is one of the details."""
    norm = normalise(name)
    return norm in details or any(norm.endswith("_" + d) for d in details)


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    for name, spec in view.specs.items():
        labels = labels_of(spec)
        schemes = {label: scheme_of(label) for label in labels}
        named = {s for s in schemes.values() if s is not None}
        if not named:
            continue
        others = [c for c in view.specs if c != name and free(view, c)]
        carried = {s: [c for c in others if _detail(c, SCHEMES[s][1])] for s in named}
        if not any(carried.values()):
            continue
        every = sorted({c for cols in carried.values() for c in cols})
        present = {label: carried[s] for label, s in schemes.items() if s is not None}
        detail = f"{name} decides which of {', '.join(every)} each row carries"
        return [Rule("scheme_details", [name, *every], detail, {"present": present})]
    return []


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    scheme = batch.get(rule.columns[0])
    if scheme is None:
        return
    present: dict[str, list[str]] = rule.data["present"]
    uniq, codes = label_codes(scheme)
    for n, label in enumerate(uniq):
        if label not in present:
            continue
        rows = (codes == n) & ~scheme.nulls
        if not rows.any():
            continue
        keep = present[label]
        for name in rule.columns[1:]:
            col = batch.get(name)
            if col is None:
                continue
            if name in keep:
                col.nulls[rows] = False
            elif col.nullable:
                col.nulls[rows] = True


RULE = RowRule(
    "scheme_details",
    "a payment's scheme decides its account details: an IBAN for SEPA, a sort code for Bacs",
    _plan,
    _apply,
    after=("locale",),  # the row's own country set
    before=("code_country",),  # the IBANs made present are then written in the row's country
)
