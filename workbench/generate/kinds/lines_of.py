"""A table of lines of a parent: named so (`order_items`, `invoice_lines`, `entries`), or
numbered within its parent whatever it is called: a booking's participants, a policy's insured
persons, a manifest's passengers, each with a number unique within its parent (`UNIQUE
(booking_id, line_no)`). Such a row is one of the parent's lines and its price adds to the
parent's sum as a line's does."""

from __future__ import annotations

from typing import TYPE_CHECKING

from workbench.generate.base.names import normalise

if TYPE_CHECKING:
    from workbench.schema.model import Table

LINE_WORDS = frozenset({"item", "items", "line", "lines", "detail", "details", "entry",
                        "entries", "position", "positions", "lineitem", "lineitems"})  # fmt: skip
# the last word of a number a row holds within its parent (line_no, seq, position, item_number)
_NUMBER_WORDS = frozenset({"no", "nr", "num", "number", "seq", "sequence", "position", "pos",
                           "ordinal", "idx", "index"})  # fmt: skip


def numbered_within(table: Table) -> bool:
    """Whether a unique key of the table is one foreign key and a number within its parent."""
    keyed = {fk.columns[0] for fk in table.foreign_keys if len(fk.columns) == 1}
    keys = [list(u.columns) for u in table.uniques if u.predicate is None]
    keys += [list(i.columns) for i in table.indexes if i.unique and i.predicate is None]
    for columns in keys:
        cols = [c for c in columns if c]
        if len(cols) != 2:
            continue
        rest = [c for c in cols if c not in keyed]
        if len(rest) == 1 and normalise(rest[0]).split("_")[-1] in _NUMBER_WORDS:
            return True
    return False


def line_like(table: Table) -> bool:
    """Whether the table holds lines of a parent (by its name, or numbered within it)."""
    return bool(set(normalise(table.name).split("_")) & LINE_WORDS) or numbered_within(table)
