"""A parent's time moved on by its numbered children: each child (a loan's renewal, a hire's
extension, a policy's endorsement) records the value it found and the one it set
(`previous_due_at`/`new_due_at`, `old_end_date`/`new_end_date`), and the parent holds where the
last one left it (`due_at`, `end_date`). Per parent, in the number's order: the first starts
from the original (the parent's start plus one term), each starts where the one before left it
and moves it on by one term, the last leaves it at the parent's own value; the terms are equal
(the parent's start to its value, cut in as many as the children and the first one). Each
child happened (`renewed_at`) after the one before, before the value it moved on fell due,
before the parent came back (rules/lent.out_and_back) and by the run's clock.

Read from the shape: a child table numbered per parent (rules/sequence.shape_of), two time
columns named the same but for a first word of before (FROM_WORDS) and of after (TO_WORDS),
and a parent time of that name; no table or column is named here. Applied last (FINAL), once
the other rules placed the times; the parent keeps the columns read (keep_columns)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.generate.base import clock
from workbench.generate.base.names import normalise
from workbench.generate.base.tables import referencing
from workbench.generate.kinds.anchors import anchor_of
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.generate.rules.lent import out_and_back
from workbench.generate.rules.sequence import shape_of
from workbench.generate.rules.times import as_us, is_time, store, time_stem
from workbench.schema.typeinfo import resolve_type

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView
    from workbench.schema.model import Schema, Table

FROM_WORDS = frozenset({"previous", "prev", "old", "original", "former", "from", "orig"})
TO_WORDS = frozenset({"new", "next", "extended", "revised", "updated", "to"})
_SECOND = 1_000_000


def _times(schema: Schema, table: Table) -> dict[str, str]:
    """The table's time columns by their stem (`due` for `due_at`)."""
    return {
        time_stem(c.name): c.name
        for c in table.columns
        if resolve_type(schema, c.type).kind in ("timestamp", "timestamptz", "date")
    }


def _pair(view: TableView, parent: Table) -> tuple[str, str, str] | None:
    """(before, after, the parent's column) of the child's pair of times, else None."""
    mine = {c: normalise(c).split("_") for c, s in view.specs.items() if is_time(s.kind)}
    theirs = _times(view.schema, parent)
    for before, words in mine.items():
        if words[0] not in FROM_WORDS or len(words) < 2:
            continue
        rest = words[1:]
        after = next((c for c, w in mine.items() if w[0] in TO_WORDS and w[1:] == rest), None)
        target = theirs.get(time_stem("_".join(rest)))
        if after is not None and target is not None:
            return before, after, target
    return None


def keep_columns(view: TableView) -> set[str]:
    """What a parent keeps for its children's chain: the time they move on, its start and the
    time it came back."""
    mine = _times(view.schema, view.table)
    keep: set[str] = set()
    for child in referencing(view.schema, view.table.qualified):
        if child is view.table:
            continue
        for column in child.columns:
            words = normalise(column.name).split("_")
            moved = mine.get(time_stem("_".join(words[1:])))
            if len(words) > 1 and words[0] in FROM_WORDS and moved is not None:
                keep.add(moved)
    if keep:
        keep |= set(out_and_back(view.schema, view.table) or ())
        opens = anchor_of(view.schema, view.table, view.config)
        keep |= {opens} if opens is not None else set()
    return keep


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    shape = shape_of(view.schema, view.table, view.config)
    if shape is None or shape.number is None:
        return []
    parent = view.schema.tables.get(shape.fk.ref_qualified)
    if parent is None or parent is view.table:
        return []
    found = _pair(view, parent)
    if found is None or not all(free(view, c) for c in found[:2]):
        return []
    before, after, target = found
    back = out_and_back(view.schema, parent)
    start = back[0] if back else anchor_of(view.schema, parent, view.config)
    if start is None or start == target:
        return []
    acts = [c for c, s in view.specs.items() if is_time(s.kind) and not s.nullable
            and c not in (before, after) and c not in view.fk_cols and free(view, c)]  # fmt: skip
    fk = ",".join(shape.fk.columns)
    detail = (
        f"per {parent.qualified} ({fk}) in {shape.number} order: {before} = the {after} "
        f"before (the first {start} plus a term), the last {after} = {target}"
    )
    data = {"fk": fk, "parent": parent.qualified, "number": shape.number, "target": target,
            "start": start, "back": back[1] if back else None,
            "act": acts[0] if acts else None}  # fmt: skip
    columns = [before, after, *acts[:1]]
    return [Rule("extended", columns, detail, data)]


def _parent(view: TableView, rows: np.ndarray, nulls: np.ndarray, d: dict[str, Any],
            name: str | None, missing: int) -> np.ndarray | None:  # fmt: skip
    stored = view.keys.tables.get(d["parent"], {}).get(name or "")
    if stored is None:
        return None
    values = as_us(stored).astype(np.int64)[rows]
    return np.where(nulls | stored.nulls[rows], missing, values)


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    d = rule.data
    before, after = batch.get(rule.columns[0]), batch.get(rule.columns[1])
    number = batch.get(d["number"])
    rows_p, nulls = view.parent_rows(d["fk"])
    if before is None or after is None or number is None or rows_p is None or not idx.size:
        return
    rows_p, nulls = np.asarray(rows_p, np.int64), np.asarray(nulls, bool)
    now = int(clock.run_now(view.config).astype(np.int64))
    top = np.iinfo(np.int64).max // 4
    s = _parent(view, rows_p, nulls, d, d["start"], -top)
    e = _parent(view, rows_p, nulls, d, d["target"], -top)
    b = _parent(view, rows_p, nulls, d, d["back"], top)
    if s is None or e is None:
        return
    b = np.full(idx.size, top) if b is None else b
    live = np.flatnonzero(~nulls & ~number.nulls & (s > -top) & (e > s))
    if not live.size:
        return
    order = live[np.lexsort((live, number.values[live].astype(np.int64), rows_p[live]))]
    p = rows_p[order]
    new = np.r_[True, p[1:] != p[:-1]]
    first = np.maximum.accumulate(np.where(new, np.arange(order.size), 0))
    rank = np.arange(order.size) - first
    size = np.bincount(np.cumsum(new) - 1)[np.cumsum(new) - 1]
    so, eo = s[order], e[order]
    term = (eo - so) // (size + 1)
    was = so + (rank + 1) * term
    now_on = np.where(rank == size - 1, eo, so + (rank + 2) * term)
    values = np.zeros(idx.size, dtype="datetime64[us]")
    values[order] = was.astype("datetime64[us]")
    store(before, values, order)
    values[order] = now_on.astype("datetime64[us]")
    store(after, values, order)
    before.nulls[order] = False
    after.nulls[order] = False
    act = batch.get(d["act"] or "")
    if act is None:
        return
    # each one happened after the one before, before the value it moved on and the parent's
    # return, by now
    frac = row_rng(view, rule, idx).uniform(0.3, 0.9, order.size)
    at = np.zeros(order.size, np.int64)
    prev = so.copy()
    for level in range(int(rank.max()) + 1):
        here = np.flatnonzero(rank == level)
        lo = prev[here]
        hi = np.minimum(np.minimum(was[here], b[order][here]), now)
        room = np.maximum(hi - lo - 2 * _SECOND, 0)
        at[here] = lo + _SECOND + (frac[here] * room).astype(np.int64)
        nxt = here + 1
        nxt = nxt[nxt < order.size]
        nxt = nxt[rank[nxt] == level + 1]
        prev[nxt] = at[nxt - 1]
    values[order] = at.astype("datetime64[us]")
    store(act, values, order)
    act.nulls[order] = False


RULE = RowRule(
    "extended",
    "a parent's time moved on by its numbered children, link by link, to its own value",
    _plan,
    _apply,
    phases={"extended": Phase.FINAL},
    after=("due_back",),
    before=("own_day",),
)
