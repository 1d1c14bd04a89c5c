"""A row valid over a window of its own under a term ends when its term ends: a service schedule
of a cleaning contract is valid no longer than the contract runs, a timetable no longer than
the teaching contract it belongs to, a cover no longer than its policy. rules/within.py places
the row's start inside its parent's window; here its end follows: an end past the term's (or
none, where the term has one) becomes the term's end. So what is used on a date under the row
is used while every ancestor is in force (a shift on a schedule's day falls in its contract's
term too), at any depth: each level ends by the level above it.

Read from the shape: the row's window of validity (kinds/windows.window_of: `valid_from`/
`valid_to`) whose start is the time the `within` rule places in a required parent's window,
and that parent a term (kinds/terms.is_term: its status says active and expired, so its end is
the end of what it holds). Not a row whose window a chain or sequence lays out per that parent
(those keep their order), nor an end a CHECK, a UNIQUE or sandbox.toml holds."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.sqltree import columns_of
from workbench.generate.kinds.terms import is_term
from workbench.generate.kinds.windows import window_of
from workbench.generate.rules.base import Phase, RowRule, Rule
from workbench.generate.rules.times import as_us, store
from workbench.generate.rules.within import as_ints, parent_time

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

_BIG = np.iinfo(np.int64).max // 4


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    within = next((r for r in planned if r.kind == "within"), None)
    own = window_of(view.schema, view.table, view.config)
    if within is None or own is None or not own.validity or within.columns[0] != own.start:
        return []
    end = view.specs.get(own.end)
    # a CHECK of the window alone (its end after its start) the capped end keeps
    pair = {own.start, own.end}
    checked = {c for _, tree in view.checks if not set(columns_of(tree)) <= pair
               for c in columns_of(tree)}  # fmt: skip
    section = view.section
    override = section.columns.get(own.end) if section is not None else None
    if end is None or end.unique or own.end in checked or own.end in view.built:
        return []
    if override is not None and (override.copy_from or override.derive):
        return []
    grouped = {r.data.get("fk") for r in planned if isinstance(r.data, dict)}
    terms = []
    for fk, parent, _, parent_end, _ in within.data["windows"]:
        unit = next((u for u in view.units if ",".join(u.fk.columns) == fk), None)
        model = view.schema.tables.get(parent)
        if unit is None or unit.nullable or model is None or not parent_end or fk in grouped:
            continue
        if parent == view.tp.name or not is_term(view.schema, model):
            continue
        terms.append((fk, parent, parent_end))
    if not terms:
        return []
    shown = ", ".join(f"{p}.{e}" for _, p, e in terms)
    return [Rule("nested_term", [own.end, own.start], f"{own.end} by {shown}", {"terms": terms})]


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    end, start = batch.get(rule.columns[0]), batch.get(rule.columns[1])
    if end is None or start is None or not end.values.size:
        return
    begun = np.where(start.nulls, -_BIG, as_us(start).astype(np.int64))
    own = np.where(end.nulls, _BIG, as_us(end).astype(np.int64))
    cap = np.full(own.size, _BIG, np.int64)
    for fk, parent, parent_end in rule.data["terms"]:
        found = parent_time(view, fk, parent, parent_end)
        if found is not None and found.size == cap.size:
            cap = np.minimum(cap, as_ints(found, _BIG))
    # a term's end is a day: the row's end that day (its start stays before it)
    past = (own > cap) & (cap >= begun) & (cap < _BIG)
    rows = np.flatnonzero(past)
    if not rows.size:
        return
    store(end, cap.astype("datetime64[us]"), rows)
    end.nulls[rows] = False


RULE = RowRule(
    "nested_term",
    "a row valid over a window under a term ends when its term ends (a contract's schedule)",
    _plan,
    _apply,
    phases={"nested_term": Phase.FINAL},
    after=("as_happened",),  # its start placed in the term, its times as they stay
    before=("held_status",),
)
