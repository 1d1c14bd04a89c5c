"""An owner's latest window of validity runs on: of a hotel's rate plans, a shop's price lists,
a supplier's tariffs (a table whose rows are valid for a while, that other rows point to and
use while valid), the one that came into force last for each owner is still in force, so
whatever the owner sells today and since is sold under one of them. Windows drawn one by one
lapse at random: a hotel open for years would otherwise have nothing on sale now, and the
stays the clock places this week could name no plan valid that week (rules/valid_then.py
picks among the owner's rows valid then).

The owner is what the row's own keys name (the hotel, the supplier and country); the latest
is per batch, so a large table keeps several running. A nullable end becomes NULL, a
required one a time ahead. Not where another rule tells the window's story (a status that
closed it, the clock's stages, a sequence of one at a time, a document covering service), nor
where the row lies within a parent's window that itself ends (a card stops with its account),
nor past a parent that has ended (a pass of a subscription that ended), nor for a site or
a scope (a bank's branches: a business closes some for good)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.kinds.meets import is_scope
from workbench.generate.kinds.windows import window_of, windows_of
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.generate.rules.times import DAY_US, as_us, is_time, store
from workbench.generate.rules.within import undo_rejected

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

# rules whose story of the window this one would contradict
TOLD_ELSEWHERE = frozenset({"status", "flag", "recent", "standing", "stale", "stage_clock",
                            "by_clock", "sequence", "cover", "one_at_a_time", "period_status",
                            "series", "declared"})  # fmt: skip
AHEAD_DAYS = (60, 900)  # a required end of a window still running: this far ahead of now


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    window = window_of(view.schema, view.table, view.config)
    if window is None or not window.validity:
        return []
    start, end = view.specs.get(window.start), view.specs.get(window.end)
    if start is None or end is None or not (is_time(start.kind) and is_time(end.kind)):
        return []
    if not free(view, window.end) or not used(view):
        return []
    if is_scope(view.schema, view.tp.name):
        return []  # a site's opening and closing is its own history (a bank shuts branches)
    within = next((r for r in planned if r.kind == "within"), None)
    if within is not None and any(w[3] for w in within.data["windows"]):
        return []  # in force only while a parent is (a card while its account is open)
    owners = owner_keys(view)
    by = f" of each {', '.join(owners)}" if owners else ""
    detail = f"the latest {window.start}{by} still in force ({window.end} open or ahead)"
    return [Rule("runs_on", [window.end, window.start], detail, {"owners": owners})]


def used(view: TableView) -> bool:
    """Whether other tables point to this one (rows that use it while it is valid)."""
    name = view.table.qualified
    return any(
        fk.ref_qualified == name
        for table in view.schema.tables.values()
        if table.qualified != name
        for fk in table.foreign_keys
    )


def owner_keys(view: TableView) -> list[str]:
    """The table's single-column foreign keys: the owners whose series of windows it holds."""
    owners = sorted({fk.columns[0] for fk in view.table.foreign_keys if len(fk.columns) == 1})
    return [c for c in owners if c in view.specs]


def _told_elsewhere(view: TableView, rule: Rule) -> bool:
    """Whether another planned rule of the table tells the window's story (found once)."""
    if "told" not in rule.data:
        mine = set(rule.columns)
        rule.data["told"] = any(
            r.kind in TOLD_ELSEWHERE and mine & set(r.columns) for r in view.rules
        )
    return bool(rule.data["told"])


def _parent_ended(view: TableView, n: int, now: int) -> np.ndarray:
    """Rows a parent of which has ended by now (a pass whose subscription ended): nothing of
    it runs on past its parent."""
    out = np.zeros(n, bool)
    for unit in view.units:
        model = view.schema.tables.get(unit.parent)
        if model is None or unit.mode == "self" or unit.parent == view.tp.name:
            continue
        rows, nulls = view.parent_rows(",".join(unit.fk.columns))
        stored = view.keys.tables.get(unit.parent, {})
        found = windows_of(view.schema, model, view.config)
        first = window_of(view.schema, model, view.config)
        ends = {w.end for w in [*found, *([first] if first is not None else [])]}
        for column in sorted(ends):
            held = stored.get(column)
            if rows is None or rows.size != n or held is None:
                continue
            at = np.where(held.nulls, now, as_us(held).astype(np.int64))[rows]
            out |= ~nulls & (at < now)
    return out


def owner_groups(batch: Batch, owners: Sequence[str], n: int) -> np.ndarray | None:
    """One number per distinct combination of the owner keys' values (a NULL its own value);
    None where an owner column is not in the batch."""
    group = np.zeros(n, np.int64)
    for column in owners:
        col = batch.get(column)
        if col is None:
            return None
        _, inverse = np.unique(np.asarray(col.values).astype(str), return_inverse=True)
        code = np.where(col.nulls, -1, inverse.reshape(-1)) + 1
        group = group * (int(code.max(initial=0)) + 1) + code
    return group


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    end, start = batch.get(rule.columns[0]), batch.get(rule.columns[1])
    if end is None or start is None or not idx.size or _told_elsewhere(view, rule):
        return
    n = idx.size
    group = owner_groups(batch, rule.data["owners"], n)
    if group is None:
        return
    began = np.where(start.nulls, np.iinfo(np.int64).min, as_us(start).astype(np.int64))
    order = np.lexsort((began, group))
    last = np.r_[group[order][1:] != group[order][:-1], True]
    latest = np.zeros(n, bool)
    latest[order[last]] = True
    now = int(clock.run_now(view.config).astype(np.int64))
    lapsed = latest & ~start.nulls & ~end.nulls & (as_us(end).astype(np.int64) < now)
    lapsed &= ~_parent_ended(view, n, now)
    if not lapsed.any():
        return
    if end.nullable:  # a CHECK reads a NULL end as no end (NULL is not false)
        end.nulls[lapsed] = True
        return
    saved = {rule.columns[0]: end.values.copy()}
    days = row_rng(view, rule, idx).integers(AHEAD_DAYS[0], AHEAD_DAYS[1], n)
    ahead = np.maximum(now + days * DAY_US, began).astype("datetime64[us]")
    store(end, ahead, np.flatnonzero(lapsed))
    undo_rejected(view, batch, saved, lapsed)


RULE = RowRule(
    "runs_on",
    "an owner's latest window of validity is still in force (a hotel has a rate plan on sale)",
    _plan,
    _apply,
    phases={"runs_on": Phase.FINAL},
    after=("within",),  # once the windows sit where they stay
    before=("pace",),
)
