"""A document's number is issued as the document is made: an order placed later carries a
higher order number, an invoice issued later a higher invoice number, a donation collected
later a higher donation number, in every scope at once (a store's orders, a customer's,
the whole firm's). The column is one a row holds UNIQUE on its own (`order_number`,
`invoice_no`, `receipt_nr`, `donation_number`: a number word after the noun of a document
or an event, vocab/lexicon.DOCUMENT_NOUNS), of a table whose rows have the time they came to
be (kinds/anchors.anchor_of). The numbers the generator gave the batch (unique by
construction) go to its rows in the order of that time, so the set stays the same and the
key unique: the rule of rules/counter.py's running numbers per parent (`counter_rank`),
for a number unique across the table. Per batch: a table of more rows than a batch keeps
its order within each batch. Applied last, once every time of the row is where it stays."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.kinds.anchors import anchor_of
from workbench.generate.rules.base import Phase, RowRule, Rule
from workbench.generate.rules.times import as_us, is_time
from workbench.generate.vocab.lexicon import DOCUMENT_NOUNS

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

# the last word of a document's number (`order_number`, `invoice_no`, `receipt_nr`)
NUMBER_WORDS = frozenset({"number", "no", "nr", "num", "nbr", "numero"})
_DIGITS = re.compile(r"\D+")


def document_number(view: TableView, name: str) -> bool:
    """Whether the column is a document's number the rows hold unique on its own: a number
    word after a document's noun, text or whole, no key of another table nor one the unique
    plan builds or sandbox.toml copies."""
    spec = view.specs.get(name)
    if spec is None or spec.kind not in ("text", "int") or name in view.fk_cols:
        return False
    if name in view.built or spec.partition is not None:
        return False
    if spec.generator in ("null", "constant", "sequence"):
        return False
    section = view.section
    override = section.columns.get(name) if section is not None else None
    if override is not None and (override.copy_from or override.derive):
        return False
    words = normalise(name).split("_")
    if len(words) < 2 or words[-1] not in NUMBER_WORDS:
        return False
    if not set(words[:-1]) & DOCUMENT_NOUNS:
        return False
    return any(list(u.columns) == [name] for u in view.table.uniques if u.predicate is None)


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    when = anchor_of(view.schema, view.table, view.config)
    if when is None or when not in view.specs or not is_time(view.specs[when].kind):
        return []
    # a number another rule makes of the row's facts (an ISBT 128 DIN) stays with its row
    made = {c for r in planned for c in r.columns[:1]}
    out = []
    for name in view.specs:
        if document_number(view, name) and name not in made:
            out.append(Rule("document_number", [name, when], f"{name} grows with {when}"))
    return out


def _sort_key(values: np.ndarray) -> np.ndarray:
    """The order of a batch's numbers: by the number their digits spell (`ORD-000307`,
    `INV-2024-000012`), then as written."""
    digits = [_DIGITS.sub("", str(v)) for v in values]
    width = max((len(d) for d in digits), default=0)
    return np.array([f"{d.zfill(width)}|{v}" for d, v in zip(digits, values, strict=True)])


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    """The batch's numbers go to its rows in time order (the set kept: the key stays
    unique)."""
    col, when = batch.get(rule.columns[0]), batch.get(rule.columns[1])
    if col is None or when is None:
        return
    live = np.flatnonzero(~np.asarray(when.nulls, bool) & ~np.asarray(col.nulls, bool))
    if live.size < 2:
        return
    order = live[np.lexsort((live, as_us(when).astype(np.int64)[live]))]
    numbers = np.asarray(col.values)[order]
    col.values[order] = numbers[np.argsort(_sort_key(numbers), kind="stable")]


RULE = RowRule(
    "document_number",
    "a document's number grows with the time it was made (an order's, an invoice's)",
    _plan,
    _apply,
    phases={"document_number": Phase.FINAL},
    after=("standard_code",),  # last: once every time of the row is where it stays
)
