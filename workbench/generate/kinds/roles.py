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


def two_roles(a: str, b: str) -> bool:
    """Whether two key names qualify one noun by different words (source_ vs target_)."""
    wa, wb = _words(a), _words(b)
    common = wa & wb
    return bool(common) and bool(wa - common) and bool(wb - common)


def meeting_key(directs: list[str], parent: Table, pfk: ForeignKey) -> str | None:
    """The row's key among `directs` (its keys to the table `pfk` references) that meets the
    parent's key `pfk`, or None."""
    via = pfk.columns[0]
    if via in directs:
        return via
    if len(directs) != 1 or two_roles(directs[0], via):
        return None
    rivals = [
        q
        for q in parent.foreign_keys
        if q.ref_qualified == pfk.ref_qualified and list(q.ref_columns) == list(pfk.ref_columns)
    ]
    return directs[0] if len(rivals) == 1 else None
