"""A serial key is handed out as the row comes to be: an order placed later has a higher id, a
reading taken later a higher reading id, in any table whose rows are stamped with the moment
they came to be (kinds/anchors.anchor_of, a timestamp: created_at, placed_at, ordered_at, the
row's own event time; a record dated by the day, a person's `hired_on`, is keyed whenever it
was entered, and keeps its drawn order). The
key is the table's one-column primary key filled by the serial generator (1, 2, 3…); the ids
the batch holds go to its rows in the order of that time, so the set stays the same and
every key stays unique, and the children, made after the table, reference the ids as they
end up. A key of the row's own table to another row of the batch follows its row's new id.

Left alone: a key that is the table's partition key, one sandbox.toml copies, derives or
another column is copied or derived from, and a key numbered within a parent. The rule of
rules/document_number.py for a document's number, for the serial itself. Per batch (a table
of more rows than a batch keeps its order within each batch); applied last, once every time
of the row is where it stays."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.kinds.anchors import anchor_of
from workbench.generate.rules.base import Phase, RowRule, Rule
from workbench.generate.rules.times import as_us

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

_STAMPS = frozenset({"timestamp"})  # spec kinds: timestamptz too


def _serial(view: TableView) -> str | None:
    """The table's one-column serial primary key the rule may reorder, else None."""
    pk = view.table.primary_key
    if pk is None or len(pk.columns) != 1:
        return None
    name = pk.columns[0]
    spec = view.specs.get(name)
    if spec is None or spec.kind != "int" or spec.generator != "sequence":
        return None
    if spec.partition is not None or name in view.fk_cols or "ordinal_ends" in spec.params:
        return None
    section = view.section
    if section is not None:
        for column, override in section.columns.items():
            said = " ".join(str(x) for x in (override.copy_from, override.derive) if x)
            if said and (column == name or re.search(rf"\b{re.escape(name)}\b", said)):
                return None
    return name


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    when = anchor_of(view.schema, view.table, view.config)
    # a row written as it happens is stamped with its moment; a record dated by the day
    # (`hired_on` of a person on file) is keyed when it is entered, which its day does not tell
    if when is None or when not in view.specs or view.specs[when].kind not in _STAMPS:
        return []
    name = _serial(view)
    if name is None:
        return []
    own = [c for c, u in view.fk_cols.items()
           if u.parent == view.tp.name and list(u.fk.ref_columns) == [name]]  # fmt: skip
    return [Rule("serial_order", [name, when, *own], f"{name} grows with {when}")]


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    """The batch's ids go to its rows in time order; its own keys to them follow."""
    col, when = batch.get(rule.columns[0]), batch.get(rule.columns[1])
    if col is None or when is None or idx.size < 2:
        return
    at = as_us(when).astype(np.int64)
    nulls = np.asarray(when.nulls, bool)
    big = np.iinfo(np.int64).max
    order = np.lexsort((np.arange(at.size), np.where(nulls, big, at)))  # untimed rows last
    old = np.asarray(col.values).copy()
    ids = np.sort(old)
    if np.array_equal(old[order], ids):
        return
    new = np.empty_like(old)
    new[order] = ids
    col.values[:] = new
    by_old = np.argsort(old, kind="stable")  # old[by_old] is `ids`
    for name in rule.columns[2:]:  # keys to rows of the batch follow their new ids
        ref = batch.get(name)
        if ref is None:
            continue
        values = np.asarray(ref.values)
        pos = np.clip(np.searchsorted(ids, values), 0, old.size - 1)
        hit = ~np.asarray(ref.nulls, bool) & (ids[pos] == values)
        ref.values[hit] = new[by_old][pos[hit]].astype(values.dtype)


RULE = RowRule(
    "serial_order",
    "a serial key grows with the time its row came to be (an order's id with its placing)",
    _plan,
    _apply,
    phases={"serial_order": Phase.FINAL},
    after=("document_number",),  # last: once every time of the row is where it stays
)
