"""A row uses a parent in force by its status too: a parent with a window of validity (a permit,
a price list, a contract's term) whose status says it never came into force (a `draft`, a
`pending` application, a `cancelled` or `void` one: NEVER_IN_FORCE) was not in force at any
time, whatever its dates say. A parking session charged on a pending permit, a shift under a
draft contract's schedule, a sale at a voided price: the row names another of the parent's
rows of the same owners (every key of the parent the same: the same vehicle and site, so the
keys that meet through it still do) whose window holds the row's time and whose status is in
force; where none is, one of the same owners in force at another time; where none is and the
key may be NULL, none (the session paid without a permit); else it keeps its parent.

Read from the shape: the `within` rule's windows of the row's direct parents (its time used
while they are in force), a parent's lifecycle status (kinds/occurrence.lifecycle_status)
with at least one label of NEVER_IN_FORCE and one other. Only a key drawn freely that no
UNIQUE, CHECK or sandbox.toml holds (valid_then.free_to_repick). Runs last among the rules
that pick a parent valid at the row's time (they pick among windows, not statuses)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.kinds.occurrence import lifecycle_status
from workbench.generate.kinds.windows import in_force
from workbench.generate.rules.base import Phase, RowRule, Rule
from workbench.generate.rules.times import as_us
from workbench.generate.rules.valid_then import bounds, choose, free_to_repick, key_codes

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView
    from workbench.schema.model import Schema, Table

_BIG = np.iinfo(np.int64).max // 4
# a status of a term that never came into force: drafted, applied for, called off before it
NEVER_IN_FORCE = frozenset({"draft", "drafted", "pending", "cancelled", "canceled", "void",
                            "voided", "rejected", "declined", "withdrawn", "proposed",
                            "unsigned", "tentative", "quoted", "quote", "requested",
                            "applied", "awaiting", "unapproved", "refused"})  # fmt: skip


# labels of a thing that takes place rather than stays in force over its window
HAPPENS = frozenset({"in_progress", "under_way", "underway", "running", "started", "completed",
                     "finished", "done", "attended", "delivered"})  # fmt: skip


def never_in_force(schema: Schema, table: Table) -> tuple[str, list[str]] | None:
    """(status column, its labels saying the row never came into force) of a table whose rows
    are in force over a window, where other labels say it did; None otherwise."""
    found = lifecycle_status(schema, table)
    if found is None:
        return None
    column, labels = found
    if {normalise(lb) for lb in labels} & HAPPENS:
        return None  # an event that takes place (a job under way, done), not a term in force
    barred = [lb for lb in labels if _never(lb)]
    if not barred or len(barred) == len(labels):
        return None
    return column, barred


def _never(label: str) -> bool:
    words = normalise(label).split("_")
    return normalise(label) in NEVER_IN_FORCE or words[0] in ("pending", "awaiting", "draft")


def keep_columns(view: TableView) -> set[str]:
    """What a table in force over a window keeps for its children: its status."""
    if not any(w.end for w in in_force(view.schema, view.table, view.config)):
        return set()
    found = never_in_force(view.schema, view.table)
    return {found[0]} if found is not None else set()


def _mirrors(view: TableView, barred: list[str]) -> bool:
    """Whether the row's own status can say what the parent's does (a reservation cancelled
    with its cancelled class): the row follows its parent's failure, it does not leave it."""
    own = lifecycle_status(view.schema, view.table)
    return own is not None and bool({normalise(lb) for lb in own[1]} & set(map(normalise, barred)))


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    within = next((r for r in planned if r.kind == "within"), None)
    if within is None:
        return []
    uses = []
    for fk, parent, start, end, _ in within.data["windows"]:
        model = view.schema.tables.get(parent)
        unit = next((u for u in view.units if ",".join(u.fk.columns) == fk), None)
        if model is None or unit is None or ">" in fk or not end or parent == view.tp.name:
            continue
        found = never_in_force(view.schema, model)
        if found is None or not free_to_repick(view, unit) or _mirrors(view, found[1]):
            continue
        owners = sorted({c for f in model.foreign_keys for c in f.columns})
        uses.append((fk, parent, start, end, found[0], found[1], owners))
    if not uses:
        return []
    names = ", ".join(f"{u[0]} (not {'/'.join(u[5])})" for u in uses)
    detail = f"{names} in force by its status at {within.columns[0]}"
    return [Rule("held_status", [within.columns[0]], detail, {"uses": uses})]


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    used = batch.get(rule.columns[0])
    if used is None or not used.values.size:
        return
    when = np.where(used.nulls, 0, as_us(used).astype(np.int64))
    for fk, parent, start, end, status, barred, owners in rule.data["uses"]:
        unit = next((u for u in view.units if ",".join(u.fk.columns) == fk), None)
        picked, nulls = view.parent_rows(fk)
        stored = view.keys.tables.get(parent, {})
        begins, ends, states = stored.get(start), stored.get(end), stored.get(status)
        codes = key_codes(view, parent, owners)
        if unit is None or picked is None or picked.size != when.size or codes is None:
            continue
        if begins is None or ends is None or states is None:
            continue
        off = np.isin(np.asarray(states.values).astype(str), barred) & ~states.nulls
        wrong = ~nulls & off[picked]
        if not wrong.any():
            continue
        first, last = bounds(begins, ends, used.kind)
        first = np.where(off, _BIG, first)  # never in force: no window holds a time
        source, valid = view.parent_keys(unit)
        valid = valid[first[valid] < _BIG]
        rows = np.flatnonzero(wrong)
        rng = view.rng(f"held-status:{fk}", int(idx[0]) if idx.size else 0)
        chosen = choose(codes, valid, codes[picked[rows]], when[rows], (first, last), rng)
        # none valid then: a key that may be NULL names none, else one of the same owners in
        # force at some time
        rest = (chosen < 0) & (not unit.nullable)
        if rest.any():
            always = (np.where(off, _BIG, -_BIG), np.full(off.size, _BIG, np.int64))
            wanted = codes[picked[rows[rest]]]
            chosen[rest] = choose(codes, valid, wanted, when[rows[rest]], always, rng)
        picked, nulls = picked.copy(), nulls.copy()
        got = chosen >= 0
        picked[rows[got]] = chosen[got]
        for child, parent_col in unit.ref_map.items():
            batch[child].values[rows[got]] = source[parent_col].values[chosen[got]]
        if unit.nullable:  # none in force of its owners: the row used none
            gone = rows[~got]
            for child in unit.ref_map:
                batch[child].nulls[gone] = True
            nulls[gone] = True
        view.repicked(fk, picked, nulls)


RULE = RowRule(
    "held_status",
    "a row's parent in force over a window is one whose status says it came into force (not "
    "a draft, a pending or a cancelled one)",
    _plan,
    _apply,
    phases={"held_status": Phase.FINAL},
    after=("valid_owned", "nested_term"),  # the last pick of a parent valid at its time
    before=("bill_due",),
)
