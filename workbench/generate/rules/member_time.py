"""Members in force at the row's time: where a membership (kinds/membership.py) has a window,
of the link row (a tenant's move in and move out) or of the group it places its member in (a
lease's start and end, not while its status says it is still ahead: a draft), a row that
names a member and a group (a repair request's reporting tenant and unit) names a pair in
force at the row's own time (its anchor: when the request was reported).

The membership rule picks the pairs as the keys are filled, before the row's times settle
(the clock, the stages move them), so this runs last, on the times as they stay: a row whose
pair is not in force then takes another member of its group who is; where none is, and the
group key is drawn freely with nothing else reading the row through it, a pair of another
group in force then (the request moves to a unit leased then). Strict memberships (each
pair once) keep theirs."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.kinds.anchors import anchor_of
from workbench.generate.kinds.membership import (
    Membership,
    ended_by,
    group_table,
    made_at,
    member_table,
    memberships_of,
    sides,
)
from workbench.generate.kinds.occurrence import lifecycle_status
from workbench.generate.kinds.windows import window_of
from workbench.generate.rules.base import Phase, RowRule, Rule
from workbench.generate.rules.meets import SortedRows, generator_meets
from workbench.generate.rules.membership import lifted_groups, rows_of
from workbench.generate.rules.times import DAY_US, as_us
from workbench.generate.rules.valid_then import free_to_repick
from workbench.generate.vocab.outcomes import lifecycle_meanings

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch, Col
    from workbench.generate.view import FKUnit, TableView

_BIG = np.iinfo(np.int64).max // 4
_DRAWS = 96  # random draws of a pair in force, per row that needs one
_SEARCHED = 64  # rows per batch the draws left, searched through every pair


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    anchor = anchor_of(view.schema, view.table, view.config)
    if anchor is None or anchor not in view.specs:
        return []
    out = []
    for m in memberships_of(view.schema, view.table):
        if m.strict or m.via_table is not None:
            continue
        if m.member not in view.fk_cols or m.group not in view.fk_cols:
            continue
        none = np.zeros(0, np.int64)
        link = _window(view, m.link, none, since=m.optional)
        if link is None and all(_window(view, t, none) is None for t in sides(view.schema, m)):
            continue
        detail = f"{m.member} holds a {m.link.rsplit('.', 1)[-1]} row in force at {anchor}"
        out.append(Rule("in_force", [m.member, m.group], detail, {"m": m, "at": anchor}))
    return out


def _window(
    view: TableView, table: str | None, rows: np.ndarray, since: bool = False
) -> np.ndarray | None:
    """(first, last) microsecond each given row of `table` is in force: within its window (a
    NULL end: open; with `since`, a link row without one from when it came into force:
    kinds/membership.made_at) and not at a status of what is still ahead (a draft); None
    where the table has neither (or keeps neither for its children)."""
    model = view.schema.tables.get(table or "")
    if model is None:
        return None
    held = view.keys.tables.get(model.qualified, {})
    window = window_of(view.schema, model, view.config)
    status = lifecycle_status(view.schema, model)
    ahead = []
    if status is not None and status[0] in held:
        meanings = lifecycle_meanings(status[1]) or {}
        ahead = [label for label, what in meanings.items() if what == "ahead"]
    timed = window is not None and window.start in held and window.end in held
    made = made_at(view.schema, model, view.config) if since else None  # in force since
    made = made if made in held and not timed else None
    ended = any(n in held for n in ended_by(view.schema, model))
    if not timed and not ahead and not made and not ended:
        return None
    out = np.stack([np.full(rows.size, -_BIG), np.full(rows.size, _BIG)]).astype(np.int64)
    at = np.maximum(rows, 0)
    if rows.size and window is not None and timed:
        begins, ends = held[window.start], held[window.end]
        first = as_us(begins).astype(np.int64)[at]
        last = as_us(ends).astype(np.int64)[at] + (DAY_US - 1 if ends.kind == "date" else 0)
        out[0] = np.where(np.asarray(begins.nulls, bool)[at], -_BIG, first)
        out[1] = np.where(np.asarray(ends.nulls, bool)[at], _BIG, last)
    if rows.size and made is not None:
        began = held[made]
        out[0] = np.where(
            np.asarray(began.nulls, bool)[at], -_BIG, as_us(began).astype(np.int64)[at]
        )
    for name in ended_by(view.schema, model):  # an end besides the window's: terminated_on
        if rows.size and name in held:
            end = held[name]
            last = as_us(end).astype(np.int64)[at] + (DAY_US - 1 if end.kind == "date" else 0)
            out[1] = np.where(np.asarray(end.nulls, bool)[at], out[1], np.minimum(out[1], last))
    if rows.size and ahead and status is not None:
        labels = np.asarray(held[status[0]].values)[at].astype(str)
        out[0] = np.where(np.isin(labels, ahead), _BIG, out[0])
    if rows.size:
        out[0] = np.where(rows < 0, _BIG, out[0])
    return out


def _bounds(view: TableView, m: Membership) -> tuple[np.ndarray, np.ndarray] | None:
    """Per link row, the first and last microsecond its pair is in force: the link row's and
    its group's windows at once, and for an optional member its own too (a lift covered by a
    contract from the day it was added, while the contract runs)."""
    held = view.keys.tables.get(m.link, {})
    model = view.schema.tables.get(m.link)
    if m.link_group not in held or model is None:
        return None
    size = len(held[m.link_group].values)
    first = np.full(size, -_BIG, np.int64)
    last = np.full(size, _BIG, np.int64)
    own = _window(view, m.link, np.arange(size), since=m.optional)
    windows = [own] if own is not None else []
    theirs = member_table(view.schema, m) if m.optional else None
    for key, target in ((m.link_group, group_table(view.schema, m)), (m.link_member, theirs)):
        fk = next((f for f in model.foreign_keys if list(f.columns) == [key]), None)
        kept = view.keys.tables.get(target or "", {})
        if fk is None or target is None or key not in held or fk.ref_columns[0] not in kept:
            if key == m.link_group:
                return None
            continue
        values = np.asarray(held[key].values)
        found = _window(view, target, rows_of(view, target, fk.ref_columns[0], values))
        windows += [found] if found is not None else []
    for w in windows:
        first, last = np.maximum(first, w[0]), np.minimum(last, w[1])
    return first, last


def _movable(view: TableView, unit: FKUnit) -> bool:
    """A group key this rule may pick again (valid_then.free_to_repick) that no other key of
    the row meets through."""
    meets = generator_meets(view)
    return free_to_repick(view, unit) and not any(unit in (hop, d) for _, hop, d in meets)


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    m: Membership = rule.data["m"]
    when = batch.get(rule.data["at"])
    held = view.keys.tables.get(m.link, {})
    bounds = _bounds(view, m)
    member_unit, group_unit = view.fk_cols[m.member], view.fk_cols[m.group]
    if when is None or bounds is None or m.link_member not in held:
        return
    lifted = lifted_groups(view, m, held[m.link_group])
    m_rows, m_nulls = view.parent_rows(m.member)
    g_rows, g_nulls = view.parent_rows(m.group)
    if lifted is None or m_rows is None or g_rows is None:
        return
    first, last = bounds
    members = np.asarray(held[m.link_member].values)
    values, nulls = lifted
    valid = np.flatnonzero(~nulls & ~np.asarray(held[m.link_member].nulls, bool))
    by_group = SortedRows.of(values, nulls, valid)
    m_source, _ = view.parent_keys(member_unit)
    g_source, _ = view.parent_keys(group_unit)
    m_key = np.asarray(m_source[member_unit.fk.ref_columns[0]].values)
    g_key = np.asarray(g_source[group_unit.fk.ref_columns[0]].values)
    t = as_us(when).astype(np.int64) + (DAY_US // 2 if when.kind == "date" else 0)
    live = ~np.asarray(when.nulls, bool) & ~m_nulls & ~g_nulls
    lo, hi = by_group.ranges(g_key[g_rows])
    # the row's own pair, in force then (a tenant of the unit on that day)
    ok = np.zeros(idx.size, bool)
    for k in range(int(np.max(hi - lo, initial=0))):
        at = np.minimum(lo + k, max(by_group.rows.size - 1, 0))
        cand = by_group.rows[at]
        mine = (lo + k < hi) & (members[cand] == m_key[m_rows])
        ok |= mine & (first[cand] <= t) & (t <= last[cand])
    bad = np.flatnonzero(live & ~ok)
    if not bad.size:
        return
    rng = view.rng(f"in-force:{m.member}", int(idx[0]))
    chosen = np.full(idx.size, -1, np.int64)
    for _ in range(_DRAWS // 4):  # another member of its group in force then
        span = hi[bad] - lo[bad]
        cand = by_group.rows[np.minimum(lo[bad] + rng.integers(0, 1 << 30, bad.size)
                                        % np.maximum(span, 1), by_group.rows.size - 1)]  # fmt: skip
        got = (span > 0) & (first[cand] <= t[bad]) & (t[bad] <= last[cand])
        chosen[bad[got]] = cand[got]
        bad = bad[~got]
        if not bad.size:
            break
    moved = np.zeros(idx.size, bool)
    if bad.size and m.optional:  # an optional member none of whose group's is in force: none
        m_nulls = m_nulls.copy()
        m_nulls[bad] = True
        for child in member_unit.ref_map:
            batch[child].nulls[bad] = True
        view.repicked(",".join(member_unit.fk.columns), m_rows, m_nulls)
        bad = bad[:0]
    if bad.size and _movable(view, group_unit):  # a pair of another group in force then
        begun = valid[np.argsort(first[valid], kind="stable")]
        upto = np.searchsorted(first[begun], t[bad], "right")
        for _ in range(_DRAWS):
            cand = begun[rng.integers(0, 1 << 30, bad.size) % np.maximum(upto, 1)]
            got = (upto > 0) & (first[cand] <= t[bad]) & (t[bad] <= last[cand])
            chosen[bad[got]] = cand[got]
            moved[bad[got]] = True
            bad, upto = bad[~got], upto[~got]
            if not bad.size:
                break
        for row in bad[:_SEARCHED]:  # the few left: every pair in force then, one drawn
            live_then = valid[(first[valid] <= t[row]) & (t[row] <= last[valid])]
            if live_then.size:
                chosen[row] = live_then[rng.integers(0, live_then.size)]
                moved[row] = True
    take = np.flatnonzero(chosen >= 0)
    new_m = rows_of(view, member_unit.parent, member_unit.fk.ref_columns[0], members[chosen[take]])
    take, new_m = take[new_m >= 0], new_m[new_m >= 0]
    _write(view, batch, member_unit, m_rows, m_nulls, take, new_m, m_source)
    shift = take[moved[take]]
    new_g = rows_of(view, group_unit.parent, group_unit.fk.ref_columns[0], values[chosen[shift]])
    shift, new_g = shift[new_g >= 0], new_g[new_g >= 0]
    _write(view, batch, group_unit, g_rows, g_nulls, shift, new_g, g_source)


def _write(
    view: TableView,
    batch: Batch,
    unit: FKUnit,
    rows: np.ndarray,
    nulls: np.ndarray,
    at: np.ndarray,
    parents: np.ndarray,
    source: dict[str, Col],
) -> None:
    """The key's columns at batch rows `at` from parent rows `parents`, recorded for the
    rules reading the parents later (rollups)."""
    if not at.size:
        return
    rows = rows.copy()
    rows[at] = parents
    for child, parent_col in unit.ref_map.items():
        batch[child].values[at] = source[parent_col].values[parents]
    view.repicked(",".join(unit.fk.columns), rows, nulls)


RULE = RowRule(
    "in_force",
    "a row names a member and a group whose membership is in force at the row's time",
    _plan,
    _apply,
    phases={"in_force": Phase.FINAL},
    after=("daypart",),  # on the times as they stay
)
