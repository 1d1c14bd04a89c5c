"""A status that names a child says the child is open: a move `in_storage` beside its storage
stays (`checked_in_at`, a `checked_out_at` that may be NULL), a vehicle `in_repair` beside its
repairs, a patient `on_ward` beside ward stays. The label's words, less the prepositions that
place a thing (in, on, at, under), are words of the child table's name, and the child has a
window (kinds/windows.py: a start and an end that may be NULL): a parent with that label has
a child row begun by now and not ended, the first rows of the child table (while they last)
taking those parents once each. Read from the names and labels; no table is named here."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.base.names import normalise, singular_forms
from workbench.generate.kinds.occurrence import lifecycle_status
from workbench.generate.kinds.windows import events_window, window_of
from workbench.generate.rules.base import LinkRule, Phase, RowRule, Rule, Stage, row_rng
from workbench.generate.rules.times import DAY_US, as_us, store

if TYPE_CHECKING:
    from workbench.config.file import Config
    from workbench.generate.base.batch import Batch
    from workbench.generate.links import Links
    from workbench.generate.view import TableView
    from workbench.schema.model import Schema, Table

PLACING = frozenset({"in", "on", "at", "under", "into", "inside", "within"})


@dataclass(frozen=True)
class OpenChild:
    """The child's key to its parent, the parent's status and the label naming the child,
    and the child's window (start, end)."""

    key: str
    parent: str
    status: str
    label: str
    start: str
    end: str


def open_child(schema: Schema, table: Table, config: Config) -> OpenChild | None:
    """The table as the child a parent's label names (see the module's text), else None."""
    window = window_of(schema, table, config) or events_window(schema, table, config)
    end = table.column(window.end) if window is not None else None
    if window is None or end is None or not end.nullable:
        return None
    words = {f for w in normalise(table.name).split("_") for f in singular_forms(w)}
    for fk in table.foreign_keys:
        column = table.column(fk.columns[0]) if len(fk.columns) == 1 else None
        parent = schema.tables.get(fk.ref_qualified)
        if column is None or column.nullable or parent is None or parent is table:
            continue
        found = lifecycle_status(schema, parent)
        for label in found[1] if found is not None else ():
            named = [w for w in normalise(label).split("_") if w not in PLACING]
            if len(named) < len(normalise(label).split("_")) and named and set(named) <= words:
                status = found[0] if found is not None else ""
                return OpenChild(fk.columns[0], parent.qualified, status, label, window.start,
                                 window.end)  # fmt: skip
    return None


def _labelled(view: TableView, found: OpenChild) -> np.ndarray | None:
    status = view.keys.tables.get(found.parent, {}).get(found.status)
    if status is None:
        return None
    named: np.ndarray = np.asarray(status.values, dtype=object) == found.label
    named &= ~np.asarray(status.nulls, bool)
    return named


def _cover(view: TableView, links: Links, batch: Batch, idx: np.ndarray) -> None:
    """The table's first rows take the parents with the label, once each."""
    found = open_child(view.schema, view.table, view.config)
    unit = view.fk_cols.get(found.key) if found is not None else None
    if found is None or unit is None or not idx.size or not view.drawn_freely(unit):
        return
    named = _labelled(view, found)
    rows, nulls = view.parent_rows(found.key)
    if named is None or rows is None:
        return
    source, valid = view.parent_keys(unit)
    order = view.rng(f"open-child:{found.key}", 0).permutation(valid[named[valid]])
    inside = idx < order.size
    if not inside.any():
        return
    chosen = np.where(inside, order[np.minimum(idx, max(order.size - 1, 0))], rows)
    links.assign(batch, unit, chosen, idx.size, nulls, source)


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    found = open_child(view.schema, view.table, view.config)
    if found is None or found.start not in view.specs or found.end not in view.specs:
        return []
    detail = f"{found.end} NULL, {found.start} by now under {found.parent} rows {found.label}"
    return [Rule("open_child", [found.end, found.start], detail, {"found": found})]


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    found: OpenChild = rule.data["found"]
    end, start = batch.get(found.end), batch.get(found.start)
    named = _labelled(view, found)
    rows, nulls = view.parent_rows(found.key)
    if end is None or start is None or named is None or rows is None or not idx.size:
        return
    open_now = ~nulls & named[rows]
    if not open_now.any():
        return
    now = clock.run_now(view.config).astype("datetime64[us]").astype(np.int64)
    began = as_us(start).astype(np.int64)
    ahead = open_now & ~start.nulls & (began > now)
    back = (row_rng(view, rule, idx).random(idx.size) * 30 * DAY_US).astype(np.int64)
    store(start, (now - back - DAY_US // 24).astype("datetime64[us]"), np.flatnonzero(ahead))
    end.nulls[open_now] = True


RULE = LinkRule(
    "children a status names",
    "a parent whose label names a child table (in storage) has an open child row",
    Stage.KEYS,
    _cover,
    after=("mishaps befall what was done",),
    before=("outcomes happened",),
)

TIMES = RowRule(
    "open_child",
    "the child a parent's label names is open: begun by now, not ended",
    _plan,
    _apply,
    phases={"open_child": Phase.FINAL},
    after=("mishap_after",),
    before=("rising",),
)
