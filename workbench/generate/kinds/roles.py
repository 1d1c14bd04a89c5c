"""Which of a row's keys to one table meets its parent's key to that table: the one of the same
name; else the row's only key there, unless the two name two roles of that table. Two roles:
the parent has more than one key to the table (a rate's source and target language, a
match's home and away team), or the two names qualify one noun by different words
(`source_language` beside `target_language`, `origin_port` beside `destination_port`): a
job's target language is no project's source language. An unqualified name meets a qualified
one (`currency_code` and `payout_currency`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from workbench.generate.base.names import normalise

if TYPE_CHECKING:
    from workbench.schema.model import ForeignKey, Table

_KEY_WORDS = frozenset({"id", "code", "key", "no", "ref", "fk"})


def _words(name: str) -> set[str]:
    return set(normalise(name).split("_")) - _KEY_WORDS


def _table_words(table: str) -> set[str]:
    words = set(normalise(table.rsplit(".", 1)[-1]).split("_"))
    return words | {w[:-1] for w in words if w.endswith("s")}


def two_roles(a: str, b: str, a_table: str = "", b_table: str = "") -> bool:
    """Whether two key names qualify one noun by different words (source_ vs target_); a
    word of the column's own table's name is no role (an invoice's `invoice_currency` and its
    contract's `contract_currency` are each their row's currency)."""
    wa, wb = _words(a), _words(b)
    common = wa & wb
    wa, wb = wa - common - _table_words(a_table), wb - common - _table_words(b_table)
    return bool(common) and bool(wa) and bool(wb)


def meeting_key(directs: list[str], table: str, parent: Table, pfk: ForeignKey) -> str | None:
    """The row's key among `directs` (its keys to the table `pfk` references; the row's
    table `table`) that meets the parent's key `pfk`, or None."""
    via = pfk.columns[0]
    if via in directs:
        return via
    if len(directs) != 1 or two_roles(directs[0], via, table, parent.name):
        return None
    rivals = [
        q
        for q in parent.foreign_keys
        if q.ref_qualified == pfk.ref_qualified and list(q.ref_columns) == list(pfk.ref_columns)
    ]
    return directs[0] if len(rivals) == 1 else None
