"""A log of a parent's start and end says what its parent's status says: of a child logging
its parent's life (kinds/logged.py: a tenancy's move-in and move-out, a stay's check-in and
check-out), under a NOT NULL key to a parent with a lifecycle status, each parent's first row
is its start (a tenancy begun was moved into), a done parent's next one its end (an ended
tenancy was moved out of), and every further row a start again where the parent is still
under way (no move-out before the end). Which parents have rows at all is rules/happened.py's
(5: only those that began, each one while the rows last).

Per parent, in the order the rows are made (the first rows of the table cover the parents
once), counted across batches. Read from the labels (vocab/outcomes.py: done, under way), no
table named here. Applied before the time rules that place the rows in their parent's window."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.batch import label_codes, typed_label
from workbench.generate.kinds.logged import logged
from workbench.generate.kinds.occurrence import lifecycle_status
from workbench.generate.rules.base import RowRule, Rule, free
from workbench.generate.vocab.outcomes import lifecycle_meanings

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView


@dataclass
class _Seen:
    """Per key: how many rows each parent row has had so far."""

    counts: dict[str, dict[int, int]] = field(default_factory=dict)


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    log = logged(view.schema, view.table)
    if log is None or not free(view, log.column):
        return []
    for column, unit in view.fk_cols.items():
        parent = view.schema.tables.get(unit.parent)
        if unit.nullable or len(unit.fk.columns) != 1 or parent is None:
            continue
        found = lifecycle_status(view.schema, parent)
        if found is None:
            continue
        meanings = lifecycle_meanings(found[1]) or {}
        done = [lb for lb, m in meanings.items() if m == "done"]
        if not done:
            continue
        data = {"fk": column, "parent": unit.parent, "p_status": found[0], "done": done,
                "start": log.start, "end": log.end, "type": log.column}  # fmt: skip
        detail = f"{log.column} {log.start} first, {log.end} next once {unit.parent} is done"
        return [Rule("logged", [log.column], detail, data)]
    return []


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    d = rule.data
    kind = batch.get(d["type"])
    rows, nulls = view.parent_rows(d["fk"])
    held = view.keys.tables.get(d["parent"], {}).get(d["p_status"])
    if kind is None or rows is None or held is None or not idx.size:
        return
    names, pos = label_codes(held)
    done = np.isin(np.asarray([str(n) for n in names], dtype=object), d["done"])[pos[rows]]
    done &= ~held.nulls[rows] & ~nulls
    seen = view.scratch.get(_Seen).counts.setdefault(d["fk"], {})
    # each row's place among its parent's rows: the count before this batch, then within it
    order = np.lexsort((np.arange(rows.size), rows))
    sorted_rows = rows[order]
    first = np.r_[True, sorted_rows[1:] != sorted_rows[:-1]]
    starts = np.flatnonzero(first)
    group = np.cumsum(first) - 1
    heads = sorted_rows[starts].tolist()
    before = np.asarray([seen.get(r, 0) for r in heads], dtype=np.int64)
    place = np.empty(rows.size, np.int64)
    place[order] = np.arange(rows.size) - starts[group] + before[group]
    ends = np.r_[starts[1:], rows.size]
    for r, n in zip(heads, (ends - starts).tolist(), strict=True):
        seen[r] = seen.get(r, 0) + n
    ending = ~nulls & done & (place == 1)
    kind.values[:] = typed_label(kind, d["start"])
    kind.values[ending] = typed_label(kind, d["end"])
    kind.nulls[~nulls] = False


RULE = RowRule(
    "logged",
    "a log of a parent's life: its start first, its end once the parent is done",
    _plan,
    _apply,
    after=("challenged",),
    before=("tree", "status", "recent"),
)
