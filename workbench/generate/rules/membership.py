"""A row that names a member and a group names a pair the link table holds
(kinds/membership.py): a register row's participant is a member of its group, a hand-in's
author is enrolled in its assignment's class, a booking's guest belongs to its session's
cohort.

Per batch: the link table's rows sorted by their group key once; each row keeps its group
(its own key to it, or its parent's key to it) where the group has members and takes one of
them, in turn among the rows of one group (so a key unique with the group repeats as little
as it can); a row whose group has no member moves to a group that has: the link row drawn
for it (a direct key), or a parent whose group has members (a key through a parent). The
unique repair runs after, as for every key. An optional member (a visit's contract beside its
lift: kinds/membership.optional_pairs) is one of its group's, else none: its row keeps its
group."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.groups import turns
from workbench.generate.kinds.membership import Membership, memberships_of
from workbench.generate.rules.base import LinkRule, Stage
from workbench.generate.rules.in_service import windows_fit
from workbench.generate.rules.meets import SortedRows

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from workbench.generate.base.batch import Batch, Col
    from workbench.generate.links import Links
    from workbench.generate.view import TableView
    from workbench.schema.model import Schema, Table


_TRIES = 4  # draws of a group with members that the row's windows fit


@dataclass
class MemberCache:
    """Per table (scratch): its membership paths, planned on the first batch."""

    paths: list[Membership] | None = None
    turns: dict[str, dict[int, int]] = field(default_factory=dict)


def rows_of(view: TableView, table: str, column: str, values: np.ndarray) -> np.ndarray:
    """The row of `table` whose kept `column` holds each value (-1 where none does)."""
    col = view.keys.tables[table][column]
    rows = np.flatnonzero(~col.nulls)
    found = SortedRows(view, table, column, rows)
    if found.rows.size == 0:
        return np.full(values.size, -1, np.int64)
    lo, hi = found.ranges(values)
    return np.where(hi > lo, found.rows[np.minimum(lo, found.rows.size - 1)], -1)


def lifted_groups(
    view: TableView, m: Membership, group: Col
) -> tuple[np.ndarray, np.ndarray] | None:
    """The group each link row places its member in: its own group key, or for a placement
    (kinds/membership.placements_of) the group its group's row reaches (an assignment's org
    unit's legal entity); None where that table's keys are not at hand."""
    if m.link_via_table is None or m.link_ref is None or m.link_via is None:
        return np.asarray(group.values), np.asarray(group.nulls, bool)
    held = view.keys.tables.get(m.link_via_table, {})
    if m.link_ref not in held or m.link_via not in held:
        return None
    rows = rows_of(view, m.link_via_table, m.link_ref, np.asarray(group.values))
    at = np.maximum(rows, 0)
    reach = held[m.link_via]
    nulls = np.asarray(group.nulls, bool) | (rows < 0) | np.asarray(reach.nulls, bool)[at]
    if not m.one_group:
        return np.asarray(reach.values)[at], nulls
    # one group per party: the first placement's (an employee is paid by one employer, though
    # their assignments wander), so what runs per party (a year-to-date sum) stays in one
    members = view.keys.tables[m.link][m.link_member]
    live = np.flatnonzero(~nulls & ~np.asarray(members.nulls, bool))
    _, first = np.unique(np.asarray(members.values)[live], return_index=True)
    only = np.ones(nulls.size, bool)
    only[live[first]] = False
    return np.asarray(reach.values)[at], nulls | only


def placed_in(view: TableView, m: Membership) -> np.ndarray | None:
    """For each row of the member's table (an employee), a code of the one group a placement
    puts it in (kinds/membership.placements_of: its first assignment's legal entity), -1
    where none does; None where the keys are not at hand."""
    held = view.keys.tables.get(m.link, {})
    unit = view.fk_cols.get(m.member)
    if m.link_member not in held or m.link_group not in held or unit is None:
        return None
    lifted = lifted_groups(view, m, held[m.link_group])
    stored = view.keys.tables.get(unit.parent, {}).get(unit.fk.ref_columns[0])
    if lifted is None or stored is None:
        return None
    values, nulls = lifted
    members: Col = held[m.link_member]
    live = np.flatnonzero(~nulls & ~np.asarray(members.nulls, bool))
    out = np.full(len(stored.values), -1, np.int64)
    if not live.size:
        return out
    rows = rows_of(view, unit.parent, unit.fk.ref_columns[0], np.asarray(members.values)[live])
    codes = np.unique(np.asarray(values)[live].astype(str), return_inverse=True)[1].reshape(-1)
    found = rows >= 0
    out[rows[found]] = codes[found]
    return out


def _spread(reach: Col, valid: np.ndarray, seats: np.ndarray) -> np.ndarray:
    """Per parent row, where its turns start among its group's members: the k-th of K parents
    reaching one group starts k/K of the way through the group's members."""
    start = np.zeros(seats.size, np.int64)
    live = valid[~np.asarray(reach.nulls, bool)[valid]]
    if not live.size:
        return start
    _, code = np.unique(np.asarray(reach.values)[live].astype(str), return_inverse=True)
    code = code.reshape(-1)
    order = np.lexsort((live, code))
    ordered = code[order]
    first = np.searchsorted(ordered, ordered, "left")
    share = np.bincount(code)[ordered]
    start[live[order]] = (np.arange(live.size) - first) * seats[live[order]] // share
    return start


def _turns(cache: MemberCache, name: str, groups: np.ndarray) -> np.ndarray:
    """How many rows of each row's group came before it (this batch and the ones before)."""
    return turns(cache.turns.setdefault(name, {}), groups)


def keep_found(
    view: TableView,
    links: Links,
    batch: Batch,
    idx: np.ndarray,
    kind: type[MemberCache],
    found: Callable[[Schema, Table], Sequence[Membership]],
) -> None:
    """Each path `found` names whose member and group keys the table fills, kept by
    `keep_one` (memberships here, placements in rules/placement.py), planned on the first
    batch into the table's cache of that kind."""
    cache = view.scratch.get(kind)
    if cache.paths is None:
        cache.paths = [
            m
            for m in found(view.schema, view.table)
            if m.member in view.fk_cols and m.group in view.fk_cols
        ]
    if not cache.paths or not idx.size:
        return
    for m in cache.paths:
        keep_one(view, links, batch, idx, cache, m)


def keep_memberships(view: TableView, links: Links, batch: Batch, idx: np.ndarray) -> None:
    keep_found(view, links, batch, idx, MemberCache, memberships_of)


def keep_one(
    view: TableView, links: Links, batch: Batch, idx: np.ndarray, cache: MemberCache, m: Membership
) -> None:
    held = view.keys.tables.get(m.link, {})
    if m.link_member not in held or m.link_group not in held:
        return
    l_member: Col = held[m.link_member]
    lifted = lifted_groups(view, m, held[m.link_group])
    if lifted is None:
        return
    g_values, g_nulls = lifted
    valid = np.flatnonzero(~l_member.nulls & ~g_nulls)
    member_unit, group_unit = view.fk_cols[m.member], view.fk_cols[m.group]
    group_rows, group_nulls = view.parent_rows(m.group)
    old_rows, old_nulls = view.parent_rows(m.member)
    if valid.size == 0 or group_rows is None or old_rows is None:
        return
    by_group = SortedRows.of(g_values, g_nulls, valid)
    source, p_valid = view.parent_keys(group_unit)
    if m.via_table is None or m.via is None:
        reach = source[group_unit.fk.ref_columns[0]]
    else:
        found = view.keys.tables.get(m.via_table, {}).get(m.via)
        if found is None:
            return
        reach = found
    # members per row of the group's parent (the group itself, or what reaches it)
    p_lo, p_hi = by_group.ranges(reach.values[p_valid])
    seats = np.zeros(reach.values.size, np.int64)
    seats[p_valid] = np.where(reach.nulls[p_valid], 0, p_hi - p_lo)
    rng = view.rng(f"membership:{m.member}", int(idx[0]))
    n = idx.size
    # an optional member (kinds/membership.optional_pairs) never moves its row's group, nor
    # does a thing on its parent's lines (kinds/membership.lined_pairs: rules/on_lines.py)
    moved = (seats[group_rows] == 0) & (not m.optional) & (not m.lined)
    joinable = p_valid[seats[p_valid] > 0]
    if joinable.size == 0:
        return
    group_rows = group_rows.copy()
    group_rows[moved] = joinable[rng.integers(0, joinable.size, int(moved.sum()))]
    for _ in range(_TRIES):  # a group the row can be in by then (a class whose term began)
        unfit = moved & ~windows_fit(view, batch, m.group, group_rows)
        if not unfit.any():
            break
        group_rows[unfit] = joinable[rng.integers(0, joinable.size, int(unfit.sum()))]
    if m.strict:
        # a key unique over the pair: each group's members once, the rest to groups with room
        seen = dict(cache.turns.get(m.member, {}))
        turn = _turns(cache, m.member, group_rows)
        over = turn >= seats[group_rows]
        if over.any():
            used = np.zeros(seats.size, np.int64)
            counted = cache.turns[m.member]
            used[np.fromiter(counted, np.int64)] = np.fromiter(counted.values(), np.int64)
            room = np.clip(seats - used, 0, None)[joinable]
            slots = rng.permutation(np.repeat(joinable, room))[: int(over.sum())]
            at = np.flatnonzero(over)[: slots.size]
            group_rows[at] = slots
            moved[at] = True
        cache.turns[m.member] = seen  # counted again below, with the groups as they end
    if moved.any():
        links.assign(batch, group_unit, group_rows, n, group_nulls & ~moved, source)
    turn = _turns(cache, m.member, group_rows)
    groups = reach.values[group_rows]
    lo, hi = by_group.ranges(groups)
    has = (hi > lo) & ~group_nulls & ~reach.nulls[group_rows]
    count = np.maximum(hi - lo, 1)
    # the group's members in turn among the rows of one parent; for a placement, whose group
    # many parents share (an entity's pay runs, its work sites), each parent starts at its own
    # share of the members, so the parents together name them all, not the first few
    start = 0 if m.link_via_table is None else _spread(reach, p_valid, seats)[group_rows]
    pick = lo + (start + turn) % count
    link_rows = by_group.rows[np.minimum(pick, by_group.rows.size - 1)]
    members = l_member.values[link_rows]
    m_rows = rows_of(view, member_unit.parent, member_unit.fk.ref_columns[0], members)
    take = has & (m_rows >= 0) & ~old_nulls  # a key left NULL (no payer named) stays so
    if m.strict:
        take &= turn < count
    rows = np.where(take, m_rows, old_rows)
    m_source, _ = view.parent_keys(member_unit)
    # an optional member of a group that has none is named not at all
    nulls = old_nulls | (~take if m.optional else np.zeros(n, bool))
    links.assign(batch, member_unit, rows, n, nulls, m_source)


RULE = LinkRule(
    "members of their group",
    "a row naming a member and a group names a pair the link table holds",
    Stage.KEYS,
    keep_memberships,
    after=("keys that meet along two paths",),
    before=("partition parents",),
)
