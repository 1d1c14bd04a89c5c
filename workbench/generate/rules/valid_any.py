"""A row whose parent was not in force at its time, where no parent of the same owners was
either, names one of any owners that was: a lift on a round of three years ago of a container
installed last year names a container in place that day. rules/valid_then.py and
valid_last.py pick again among the parent's rows of the same owners (the same premises, the
same type), so keys that meet through the parent still do; where the row reaches none of the
parent's owners itself (no way of keys from the row, not through this key, leads to a table
the parent's keys name), no meet hangs on them, and a parent of other owners valid then is
the row's. Only a key valid_then may pick again (drawn freely, nothing read through it), and
only a parent in place or valid over a while (its start `installed_on`, `valid_from`:
holdings.TERM_STARTS, within.ACTIVATED), not a place opened (a ferry route, a shop: the row's
other values, a crossing's minutes, rest on which it is).
Per batch, one draw per row among the parents valid at its time (valid_then.choose)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.tables import partition_root
from workbench.generate.kinds.holdings import TERM_STARTS
from workbench.generate.rules.base import Phase, RowRule, Rule
from workbench.generate.rules.times import as_us
from workbench.generate.rules.valid_then import bounds, choose, repickable
from workbench.generate.rules.within import ACTIVATED
from workbench.generate.vocab import lexicon

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView
    from workbench.schema.model import Schema, Table

_BIG = np.iinfo(np.int64).max // 4
HOPS = 4  # the longest way of keys looked along for the row reaching an owner


def _refs(schema: Schema, table: Table) -> list[tuple[str, str]]:
    return [(",".join(fk.columns), partition_root(schema, fk.ref_qualified))
            for fk in table.foreign_keys]  # fmt: skip


def reaches_owner(schema: Schema, table: Table, key: str, parent: Table) -> bool:
    """Whether a way of keys from the row, not through `key`, leads to a table the parent's
    keys name (at most HOPS keys long)."""
    owners = {ref for _, ref in _refs(schema, parent)} - {parent.qualified}
    todo = [(table, 0, frozenset({table.qualified}))]
    while todo:
        at, depth, seen = todo.pop()
        for column, ref in _refs(schema, at):
            if (at is table and column == key) or ref in seen:
                continue
            if ref in owners:
                return True
            model = schema.tables.get(ref)
            if model is not None and depth + 1 < HOPS:
                todo.append((model, depth + 1, seen | {ref}))
    return False


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    within = next((r for r in planned if r.kind == "within"), None)
    if within is None:
        return []
    # a register read per parent (rules/counter.py, run before: its readings lie on that
    # parent's curve) keeps its parent
    counted = {r.data["fk"] for r in planned if r.kind.startswith("counter")}
    uses = []
    for fk, parent, start, end, _ in within.data["windows"]:
        model = view.schema.tables.get(parent)
        if model is None or ">" in fk or not end or not repickable(view, fk, parent):
            continue
        if fk in counted:
            continue
        if not model.foreign_keys or reaches_owner(view.schema, view.table, fk, model):
            continue
        if not set(lexicon.stem_words(start)) & (TERM_STARTS | ACTIVATED):
            continue  # a place opened (a route, a shop), whose values the row's rest on
        uses.append((fk, parent, start, end))
    if not uses:
        return []
    shown = ", ".join(u[0] for u in uses)
    detail = f"{shown} of any owner valid then"
    return [Rule("valid_any", [within.columns[0]], detail, {"uses": uses})]


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    used = batch.get(rule.columns[0])
    if used is None or not used.values.size:
        return
    when = np.where(used.nulls, 0, as_us(used).astype(np.int64))
    for fk, parent, start, end in rule.data["uses"]:
        unit = next((u for u in view.units if ",".join(u.fk.columns) == fk), None)
        picked, nulls = view.parent_rows(fk)
        stored = view.keys.tables.get(parent, {})
        begins, ends = stored.get(start), stored.get(end)
        if unit is None or picked is None or picked.size != when.size:
            continue
        if begins is None or ends is None:
            continue
        first, last = bounds(begins, ends, used.kind)
        lapsed = ~used.nulls & ~nulls & (first[picked] < _BIG)
        lapsed &= (when < first[picked]) | (when > last[picked])
        if not lapsed.any():
            continue
        source, valid = view.parent_keys(unit)
        valid = valid[first[valid] < _BIG]
        rows = np.flatnonzero(lapsed)
        rng = view.rng(f"valid-any:{fk}", int(idx[0]) if idx.size else 0)
        anyone, wanted = np.zeros(first.size, np.int64), np.zeros(rows.size, np.int64)
        chosen = choose(anyone, valid, wanted, when[rows], (first, last), rng)
        got = chosen >= 0
        if not got.any():
            continue
        picked = picked.copy()
        picked[rows[got]] = chosen[got]
        for child, parent_col in unit.ref_map.items():
            batch[child].values[rows[got]] = source[parent_col].values[chosen[got]]
        view.repicked(fk, picked, nulls)


RULE = RowRule(
    "valid_any",
    "a row's parent valid at its time, of any owner where none of its owners' was and the "
    "row reaches none of them itself",
    _plan,
    _apply,
    phases={"valid_any": Phase.FINAL},
    after=("owned_pair",),  # where the picks among the same owners found none
    before=("held",),
)
