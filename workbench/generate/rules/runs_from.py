"""An owner's first window of validity runs from the owner's start: of a facility's price
lists, a hotel's rate plans, a supplier's tariffs (a table whose rows are valid for a while,
that other rows point to and use while valid), the one that came into force first for each
owner is in force from the day its owner came to be (the facility opened, the hotel was
listed), so whatever the owner sold since is sold under one of them. Windows drawn one by one
begin at random inside the owner's life: a facility open for years would otherwise have
nothing priced in its first months, and a rental the clock signs there then could name no
price valid that day (rules/valid_then.py picks among the owner's rows valid then). The
mirror of rules/runs_on.py (the latest runs on to now).

The owner is what the row's own keys name (the facility, the unit type, the currency), its
start the latest start of the parents whose windows the row lies in (rules/within.py); the
first is per batch. Only pulled back, never forward, and not past the row's own earlier
times (a list issued after its owner opened starts when issued); a CHECK that refuses keeps
the drawn start. Not for a term (a voucher, a policy), which begins when it was bought, nor
where another rule tells the window's story (runs_on.TOLD_ELSEWHERE), nor for a site or a
scope, nor where a parent's window ends (a card in force only while its account is)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.generate.kinds.meets import is_scope
from workbench.generate.kinds.terms import is_term
from workbench.generate.kinds.windows import window_of
from workbench.generate.rules.base import Phase, RowRule, Rule, free
from workbench.generate.rules.runs_on import TOLD_ELSEWHERE, owner_groups, owner_keys, used
from workbench.generate.rules.times import DAY_US, as_us, is_time, store
from workbench.generate.rules.within import undo_rejected

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

_NONE = np.iinfo(np.int64).min


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    window = window_of(view.schema, view.table, view.config)
    if window is None or not window.validity:
        return []
    start, end = view.specs.get(window.start), view.specs.get(window.end)
    if start is None or end is None or not (is_time(start.kind) and is_time(end.kind)):
        return []
    if not free(view, window.start) or not used(view) or is_scope(view.schema, view.tp.name):
        return []
    if is_term(view.schema, view.table):
        return []  # a term (a voucher, a policy: `active`, `expired`) begins when it was bought
    within = next((r for r in planned if r.kind == "within"), None)
    if within is None or within.columns[0] != window.start:
        return []  # no parent whose start is the owner's
    if any(w[3] for w in within.data["windows"]):
        return []  # in force only while a parent is
    if any(r.kind in TOLD_ELSEWHERE and {window.start, window.end} & set(r.columns)
           for r in planned):  # fmt: skip
        return []
    owners = owner_keys(view)
    if not owners:
        return []
    times = [c for c, spec in view.specs.items()
             if c not in (window.start, window.end) and is_time(spec.kind)]  # fmt: skip
    shown = ", ".join(f"{w[1]}.{w[2]}" for w in within.data["windows"])
    detail = f"the first {window.start} of each {', '.join(owners)} from {shown}"
    data = {"owners": owners, "windows": within.data["windows"], "times": times}
    return [Rule("runs_from", [window.start], detail, data)]


def _owner_start(view: TableView, windows: Any, n: int, kind: str) -> np.ndarray:
    """Each row's owner's start: the latest start of its parents' windows (_NONE unknown)."""
    out = np.full(n, _NONE, np.int64)
    for fk, parent, start, _end, *_ in windows:
        rows, nulls = view.parent_rows(fk)
        held = view.keys.tables.get(parent, {}).get(start)
        if rows is None or rows.size != n or held is None:
            continue
        at = np.where(held.nulls, _NONE, as_us(held).astype(np.int64))[rows]
        if held.kind != "date" and kind == "date":
            at = np.where(at == _NONE, _NONE, at + DAY_US - 1)  # the day it began, whole
        out = np.maximum(out, np.where(nulls, _NONE, at))
    return out


def _before(batch: Batch, times: list[str], began: np.ndarray) -> np.ndarray:
    """The row's latest other time at or before its start (its issue, its signing): the
    start is not pulled back past what came before it."""
    out = np.full(began.size, _NONE, np.int64)
    for name in times:
        col = batch.get(name)
        if col is None:
            continue
        at = np.where(col.nulls, _NONE, as_us(col).astype(np.int64))
        if col.kind == "date":
            at = np.where(at == _NONE, _NONE, at + DAY_US - 1)
        out = np.maximum(out, np.where(at <= began, at, _NONE))
    return out


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    start = batch.get(rule.columns[0])
    if start is None or not idx.size:
        return
    n = idx.size
    group = owner_groups(batch, rule.data["owners"], n)
    if group is None:
        return
    began = np.where(start.nulls, np.iinfo(np.int64).max, as_us(start).astype(np.int64))
    order = np.lexsort((began, group))
    first = np.r_[True, group[order][1:] != group[order][:-1]]
    earliest = np.zeros(n, bool)
    earliest[order[first]] = True
    owner = np.maximum(_owner_start(view, rule.data["windows"], n, start.kind),
                       _before(batch, rule.data["times"], began))  # fmt: skip
    back = earliest & ~start.nulls & (owner != _NONE) & (owner < began)
    if not back.any():
        return
    saved = {rule.columns[0]: start.values.copy()}
    store(start, owner.astype("datetime64[us]"), np.flatnonzero(back))
    undo_rejected(view, batch, saved, back)


RULE = RowRule(
    "runs_from",
    "an owner's first window of validity runs from the owner's start (a facility's first price)",
    _plan,
    _apply,
    phases={"runs_from": Phase.FINAL},
    after=("within", "runs_on"),  # once the windows sit where they stay
    before=("pace",),
)
