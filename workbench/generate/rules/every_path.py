"""Keys that meet along every path (kinds/every_path.py plans them): two keys of a row that
reach one table reach one row of it. A slip names its lorry and its shift (→ lorry); a stay
its hotel, its rate (→ hotel) and its voucher (→ hotel, → car).

Runs after the other rules that pick keys (the meets, the scopes, the keys picked by time),
and repairs only the rows whose keys still disagree, so the rows the other rules shaped keep
their parents and every table keeps its rows and fan-outs. The keys are taken in turn: the
ones this rule may not move first (unique, a unique plan's, a children law), then those that
may not be NULL, the most shared first (where three or more paths meet and a key may not
move, the table they meet at is first chosen once, _choose_end). A later key that disagrees:
  1. picks again among its parent's rows that agree with all of them (at random);
  2. where none does, the row's keys it disagrees with follow it, each picked again among
     its parent's rows that agree with it (a key drawn freely that no key before it reaches
     a shared table with: the slip's lorry becomes its shift's);
  3. else, where it disagrees with a key of the row to the shared table itself (the slip's
     lorry, the stay's hotel), it is NULL where it may be; where it only disagrees with
     tables both reach through parents, it picks among the rows that agree with the most
     of them, the nearest first (no NULL: the rows keep their fan-out), the keys it still
     disagrees with following it where they may; each set of ends some row agrees with is
     tried in turn (a timesheet's subcontract of its worker's subcontractor, its site then
     following, where none of its site's project has a subcontractor with workers); else
     keeps its pick.

Per table: each way's reached values once; per batch one dictionary search per key."""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.kinds.every_path import Shared, shared_ends
from workbench.generate.kinds.meets import Way
from workbench.generate.kinds.membership import memberships_of
from workbench.generate.rules.base import LinkRule, Stage
from workbench.generate.rules.in_service import began_parents, redraw_in_force
from workbench.generate.rules.meets import reach_along

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.links import Links
    from workbench.generate.view import FKUnit, TableView


_TRIES = 32  # picks agreeing with the most ends tried for one whose other keys may follow


@dataclass
class EveryPath:
    """Per table (scratch): the keys in turn, each with its shared ends (its way, the
    earlier key and that key's way), planned once; the values each way reaches; the parent
    rows by the values they reach, per key and set of ends."""

    planned: list[tuple[str, list[tuple[Way, str, Way]]]] | None = None
    ends: list[tuple[tuple[str, str], list[tuple[str, Way]]]] = field(default_factory=list)
    shared: list[Shared] = field(default_factory=list)  # every pair of keys and their end
    paired: set[str] | None = None  # keys naming a pair a link table holds
    reached: dict[tuple[str, Way], tuple[np.ndarray, np.ndarray]] = field(default_factory=dict)
    index: dict[tuple[str, tuple[Way, ...]], dict[tuple[object, ...], np.ndarray]] = field(
        default_factory=dict
    )


def _unit(view: TableView, column: str) -> FKUnit | None:
    """The row's key by its columns joined by commas (one column, or many: an order line's)."""
    unit = view.fk_cols.get(column.split(",")[0])
    if unit is None or ",".join(unit.fk.columns) != column:
        unit = next((u for u in view.units if ",".join(u.fk.columns) == column), None)
    if unit is None or unit.mode == "self":
        return None
    return unit


def _unique(view: TableView, column: str) -> bool:
    return any(view.specs[c].unique for c in column.split(","))


def _nullable(view: TableView, column: str) -> bool:
    return all(view.specs[c].nullable for c in column.split(","))


def _movable(view: TableView, column: str) -> bool:
    """A key drawn freely, not unique, and not one of a pair a link table holds (a register
    row's student and class name an enrolment: rules/membership.py picked them)."""
    unit = _unit(view, column)
    if unit is None or not view.drawn_freely(unit) or _unique(view, column):
        return False
    state = view.scratch.get(EveryPath)
    if state.paired is None:
        found = memberships_of(view.schema, view.table)
        state.paired = {c for m in found for c in (m.member, m.group)}
    return column not in state.paired


def _kept(view: TableView, column: str, way: Way) -> bool:
    unit = _unit(view, column)
    if unit is None or unit.parent not in view.keys.tables:
        return False
    if not way:
        return unit.fk.ref_columns[0] in view.keys.tables[unit.parent]
    return all(c in view.keys.tables.get(t, {}) for t, c in way)


def _plan(view: TableView) -> EveryPath:
    state = view.scratch.get(EveryPath)
    if state.planned is not None:
        return state
    state.planned = []
    shared: list[Shared] = [
        s
        for s in shared_ends(view.schema, view.table)
        if _kept(view, s.a, s.way_a) and _kept(view, s.b, s.way_b)
    ]
    if not shared:
        return state
    names = [c.name for c in view.table.columns]
    keys = sorted(
        {c for s in shared for c in (s.a, s.b)}, key=lambda c: names.index(c.split(",")[0])
    )
    count = {c: sum(c in (s.a, s.b) for s in shared) for c in keys}
    keys.sort(key=lambda c: (_movable(view, c), _nullable(view, c), -count[c]))
    reaching: dict[tuple[str, str], dict[str, Way]] = {}
    for s in shared:
        reaching.setdefault(s.end, {}).update({s.a: s.way_a, s.b: s.way_b})
    state.shared = shared
    state.ends = [  # where three or more paths meet, the order of the repair matters
        (end, sorted(r.items(), key=lambda kw: keys.index(kw[0])))
        for end, r in reaching.items()
        if _paths(reaching, end) > 2
    ]
    for at, column in enumerate(keys):
        earlier = set(keys[:at])
        ends = []
        for s in shared:
            if s.a == column and s.b in earlier:
                ends.append((s.way_a, s.b, s.way_b))
            elif s.b == column and s.a in earlier:
                ends.append((s.way_b, s.a, s.way_a))
        if ends and _movable(view, column):
            state.planned.append((column, ends))
    return state


def _paths(reaching: dict[tuple[str, str], dict[str, Way]], end: tuple[str, str]) -> int:
    """How many ways of their own the row's keys reach the end by: keys reaching it through
    another table they meet at are one (the store of an order and of its driver: one city)."""
    ways = reaching[end]
    group = {key: key for key in ways}
    for other, there in reaching.items():
        through = [
            k
            for k, way in ways.items()
            if other != end
            and k in there
            and way[: len(there[k])] == there[k]
            and len(there[k]) < len(way)
        ]
        for key in through[1:]:
            old, new = group[key], group[through[0]]
            group = {k: new if g == old else g for k, g in group.items()}
    return len(set(group.values()))


def _reach(
    view: TableView, state: EveryPath, column: str, way: Way
) -> tuple[np.ndarray, np.ndarray]:
    """The value each row of the key's parent reaches along the way (its own referenced
    value for the empty way), and where none."""
    if (column, way) not in state.reached:
        unit = _unit(view, column)
        assert unit is not None
        if way:
            state.reached[(column, way)] = reach_along(view, way)
        else:
            held = view.keys.tables[unit.parent][unit.fk.ref_columns[0]]
            state.reached[(column, way)] = (held.values, held.nulls)
    return state.reached[(column, way)]


def _index(
    view: TableView, state: EveryPath, column: str, ways: tuple[Way, ...]
) -> dict[tuple[object, ...], np.ndarray]:
    """The key's valid parent rows by the values they reach along the ways given."""
    if (column, ways) not in state.index:
        unit = _unit(view, column)
        assert unit is not None
        valid = began_parents(view, unit)  # no parent that never began (a meter in stock)
        held = [_reach(view, state, column, way) for way in ways]
        ok = valid[~np.any([n[valid] for _, n in held], axis=0)] if held else valid
        groups: dict[tuple[object, ...], list[int]] = {}
        columns = [v[ok].tolist() for v, _ in held]
        for pos, row in enumerate(ok.tolist()):
            groups.setdefault(tuple(c[pos] for c in columns), []).append(row)
        state.index[(column, ways)] = {k: np.asarray(v) for k, v in groups.items()}
    return state.index[(column, ways)]


def _values(
    view: TableView, state: EveryPath, column: str, way: Way
) -> tuple[np.ndarray, np.ndarray] | None:
    """What each row of the batch reaches through the key along the way, and where none."""
    rows, nulls = view.parent_rows(column)
    if rows is None:
        return None
    values, missing = _reach(view, state, column, way)
    return values[rows], nulls | missing[rows]


def agree_every_path(view: TableView, links: Links, batch: Batch, idx: np.ndarray) -> None:
    """Each planned key of the batch, in turn, repaired where it disagrees (module doc)."""
    state = _plan(view)
    if not state.planned:
        return
    start = int(idx[0]) if idx.size else 0
    for end, reaching in state.ends:
        _choose_end(view, state, links, batch, (end, reaching), start)
    for column, ends in state.planned:
        _repair(view, state, links, batch, column, ends, start)


def _repair(
    view: TableView,
    state: EveryPath,
    links: Links,
    batch: Batch,
    column: str,
    ends: list[tuple[Way, str, Way]],
    start: int,
) -> None:
    unit = _unit(view, column)
    rows, nulls = view.parent_rows(column)
    if unit is None or rows is None:
        return
    got = [_values(view, state, column, way) for way, _, _ in ends]
    asked = [_values(view, state, other, other_way) for _, other, other_way in ends]
    own = [v for v in got if v is not None]
    wanted = [v for v in asked if v is not None]
    if len(own) < len(ends) or len(wanted) < len(ends):
        return
    try:
        apart = [
            ~nulls & ~o[1] & ~w[1] & np.asarray(o[0] != w[0]).astype(bool)
            for o, w in zip(own, wanted, strict=True)
        ]
    except (TypeError, ValueError):  # keys of kinds that do not compare
        return
    bad = np.any(apart, axis=0)
    if not bad.any():
        return
    rows, nulls = rows.copy(), nulls.copy()
    draw = view.rng(f"every-path:{column}", start).random(rows.size)
    followers: dict[str, tuple[np.ndarray, np.ndarray]] = {}
    pools: dict[int, np.ndarray] = {}  # the rows each repaired row picked among
    for at in np.flatnonzero(bad).tolist():
        which = [i for i, w in enumerate(wanted) if not w[1][at]]
        key = tuple(wanted[i][0][at] for i in which)
        found = _index(view, state, column, tuple(ends[i][0] for i in which)).get(key)
        if found is not None and found.size:
            rows[at] = found[min(int(draw[at] * found.size), found.size - 1)]
            pools[at] = found
            continue
        got_at = [(own[i][0][at], bool(own[i][1][at])) for i in range(len(ends))]
        moves = _moves(view, state, column, ends, got_at, [i for i, a in enumerate(apart) if a[at]])
        if moves is None:  # a pick agreeing with the keys that may not follow, the rest following
            stay = [i for i in which if not _follows(view, state, ends[i][1], column)]
            ways = tuple(ends[i][0] for i in stay)
            found = _index(view, state, column, ways).get(tuple(wanted[i][0][at] for i in stay))
            if stay and found is not None and found.size:
                row = found[min(int(draw[at] * found.size), found.size - 1)]
                got_at = [_held(view, state, column, end[0], row) for end in ends]
                off = [i for i in which if not got_at[i][1] and got_at[i][0] != wanted[i][0][at]]
                moves = _moves(view, state, column, ends, got_at, off)
                if moves is not None:
                    rows[at] = row
        if moves is not None:
            _follow(view, followers, moves, at, float(draw[at]))
            continue
        hard = [i for i, a in enumerate(apart) if a[at] and not (ends[i][0] and ends[i][2])]
        if hard and unit.nullable:
            nulls[at] = True
        elif not hard:  # only ends both reach through parents: the most of them that agree
            asked_at = [(i, wanted[i][0][at]) for i in which]
            tried = _most(view, state, column, ends, asked_at)
            if not tried:
                continue
            first = min(int(draw[at] * tried[0].size), tried[0].size - 1)
            rows[at], pools[at] = tried[0][first], tried[0]
            # the keys it still disagrees with follow it where they may (a timesheet's
            # worker one of the subcontractor's of the subcontract picked for its site; else
            # its site one of the project's of the subcontract picked for its worker)
            for found in tried:
                row = _follow_pick(
                    view, state, column, ends, (at, which, wanted), found, float(draw[at])
                )
                if row is not None:
                    rows[at] = row[0]
                    pools.pop(at, None)
                    _follow(view, followers, row[1], at, float(draw[at]))
                    break
    rows = _in_force(view, batch, column, rows, pools, start)
    source, _ = view.parent_keys(unit)
    links.assign(batch, unit, rows, rows.size, nulls, source)
    for other, (held, held_nulls) in followers.items():
        other_unit = _unit(view, other)
        assert other_unit is not None
        other_source, _ = view.parent_keys(other_unit)
        links.assign(batch, other_unit, held, held.size, held_nulls, other_source)


def _choose_end(
    view: TableView,
    state: EveryPath,
    links: Links,
    batch: Batch,
    where: tuple[tuple[str, str], list[tuple[str, Way]]],
    start: int,
) -> None:
    """The rows whose three or more keys reach one table along ways that disagree, one of
    them a key this rule may not move (two keys, or keys that may all move and follow one
    another, the repair key by key settles alone): the table's row chosen once for all, then
    each key picked among its parent's rows that reach it. The row is the one the keys this
    rule may not move reach; where some key that may not be NULL has no parent row reaching
    it, those keys are NULL where they may be (an inspection without its booking, whose
    centre has no lane), and the row free. A free row takes the end its keys reach that
    costs it the fewest NULLs, then the fewest keys picked again (_cost), else one every key
    that may not be NULL can reach, at random; a key no row of whose parent reaches it is
    left to the repair key by key, which runs next."""
    table, reaching = where
    held: dict[str, tuple[np.ndarray, np.ndarray]] = {}
    got: dict[str, tuple[np.ndarray, np.ndarray]] = {}
    for column, way in reaching:
        rows, nulls = view.parent_rows(column)
        values = _values(view, state, column, way)
        if rows is None or values is None or _unit(view, column) is None:
            return
        held[column], got[column] = (rows.copy(), nulls.copy()), values
    moving = [(c, w) for c, w in reaching if _movable(view, c)]
    if not moving or len(moving) == len(reaching):
        return  # keys that all may move: the repair key by key lets them follow one another
    try:
        bad = np.any(
            [
                ~got[a][1] & ~got[b][1] & np.asarray(got[a][0] != got[b][0]).astype(bool)
                for (a, _), (b, _) in combinations(reaching, 2)
            ],
            axis=0,
        )
    except (TypeError, ValueError):  # keys of kinds that do not compare
        return
    if not bad.any():
        return
    fixed = {c for c, _ in reaching if not _movable(view, c)}
    needed = [(c, w) for c, w in moving if not _nullable(view, c)] or moving
    indexes = {c: _index(view, state, c, (w,)) for c, w in moving}
    viable = set.intersection(*(set(indexes[c]) for c, _ in needed))
    if not viable:
        return
    pool = sorted(viable, key=repr)
    draw = view.rng(f"every-path-end:{reaching[0][0]}", start).random(bad.size)
    pools: dict[str, dict[int, np.ndarray]] = {}
    value = {c: v.tolist() for c, (v, _) in got.items()}
    for at in np.flatnonzero(bad).tolist():
        seen: list[tuple[str, tuple[object, ...]]] = [
            (c, (value[c][at],)) for c, _ in reaching if not got[c][1][at]
        ]
        firm = {v for c, v in seen if c in fixed}
        if len(firm) > 1:
            continue
        end: tuple[object, ...] | None = next(iter(firm), None)
        if end is not None and end not in viable:
            if not all(_nullable(view, c) for c, _ in seen if c in fixed):
                continue
            for c, _ in seen:
                if c in fixed:  # its end cannot hold the row: dropped where it may be
                    held[c][1][at] = True
                    pools.setdefault(c, {})
            end = None
        if end is None:
            ours = [v for v in dict.fromkeys(v for _, v in seen) if v in viable]
            end = (
                min(ours, key=lambda v: _cost(indexes, held, value, at, v))
                if ours
                else pool[min(int(draw[at] * len(pool)), len(pool) - 1)]
            )
        for column, way in moving:
            if held[column][1][at] or (not got[column][1][at] and (value[column][at],) == end):
                continue  # NULL, or reaching the end already
            found = _also(view, state, held, (column, way, table), end, at)
            found = indexes[column].get(end) if found is None else found
            if found is not None and found.size:  # else the repair key by key decides
                held[column][0][at] = found[min(int(draw[at] * found.size), found.size - 1)]
                pools.setdefault(column, {})[at] = found
    for column, picked in pools.items():
        unit = _unit(view, column)
        assert unit is not None
        rows, nulls = held[column]
        rows = _in_force(view, batch, column, rows, picked, start)
        source, _ = view.parent_keys(unit)
        links.assign(batch, unit, rows, rows.size, nulls, source)


def _also(
    view: TableView,
    state: EveryPath,
    held: dict[str, tuple[np.ndarray, np.ndarray]],
    key: tuple[str, Way, tuple[str, str]],
    end: tuple[object, ...],
    at: int,
) -> np.ndarray | None:
    """The key's parent rows that reach the end and agree with the row's other keys, as they
    stand, at every other table they meet at (a driver of the order's store whose depot is in
    the delivery's city); None where it meets none or no row agrees with them all."""
    column, way, table = key
    ways, values = [way], [*end]
    for s in state.shared:
        if s.end == table or column not in (s.a, s.b):
            continue
        mine, other, theirs = (s.way_a, s.b, s.way_b) if s.a == column else (s.way_b, s.a, s.way_a)
        rows, nulls = held[other] if other in held else view.parent_rows(other)
        if rows is None or nulls[at]:
            continue
        reached, missing = _reach(view, state, other, theirs)
        if missing[rows[at]]:
            continue
        ways.append(mine)
        values.append(np.asarray(reached[rows[at]]).tolist())
    if len(ways) == 1:
        return None
    found = _index(view, state, column, tuple(ways)).get(tuple(values))
    return found if found is not None and found.size else None


def _cost(
    indexes: dict[str, dict[tuple[object, ...], np.ndarray]],
    held: dict[str, tuple[np.ndarray, np.ndarray]],
    value: dict[str, list[object]],
    at: int,
    end: tuple[object, ...],
) -> tuple[int, int]:
    """What choosing the end costs the row: its keys that become NULL (no parent row reaches
    it), then its keys picked again (a reading keeps its run, the instrument following it)."""
    moved = [c for c in indexes if not held[c][1][at] and (value[c][at],) != end]
    return sum(end not in indexes[c] for c in moved), len(moved)


def _follow(
    view: TableView,
    followers: dict[str, tuple[np.ndarray, np.ndarray]],
    moves: dict[str, np.ndarray],
    at: int,
    draw: float,
) -> None:
    """The row's keys that follow its pick: each takes one of the parent rows given."""
    for other, candidates in moves.items():
        if other not in followers:
            held, held_nulls = view.parent_rows(other)
            assert held is not None
            followers[other] = (held.copy(), held_nulls.copy())
        pick = candidates[min(int(draw * candidates.size), candidates.size - 1)]
        followers[other][0][at], followers[other][1][at] = pick, False


def _in_force(
    view: TableView,
    batch: Batch,
    column: str,
    rows: np.ndarray,
    pools: dict[int, np.ndarray],
    start: int,
) -> np.ndarray:
    """Repaired rows whose new parent was not in force when the row can be draw again among
    the rows they picked from, a few times (in_service.redraw_in_force)."""
    if not pools:
        return rows
    at = np.fromiter(pools, np.int64, len(pools))
    sizes = np.fromiter((pools[a].size for a in at.tolist()), np.int64, at.size)
    ends = np.cumsum(sizes)
    lo, hi = np.zeros(rows.size, np.int64), np.zeros(rows.size, np.int64)
    lo[at], hi[at] = ends - sizes, ends
    repaired = np.zeros(rows.size, bool)
    repaired[at] = True
    pool = np.concatenate([pools[a] for a in at.tolist()])
    stream = (f"every-path-in-force:{column}", start)
    return redraw_in_force(view, batch, column, pool, (lo, hi), repaired, rows, stream)


def _held(
    view: TableView, state: EveryPath, column: str, way: Way, row: int
) -> tuple[object, bool]:
    """What one parent row of the key reaches along the way, and whether nothing."""
    values, nulls = _reach(view, state, column, way)
    return values[row], bool(nulls[row])


def _most(
    view: TableView,
    state: EveryPath,
    column: str,
    ends: list[tuple[Way, str, Way]],
    asked: list[tuple[int, object]],
) -> list[np.ndarray]:
    """The key's parent rows that agree with the most of the row's ends where none agrees with
    all, per set of ends that any agree with: the most ends first, the nearest first among
    sets of one size (shorter ways on both sides); empty where none agrees with one."""
    asked = sorted(asked, key=lambda e: len(ends[e[0]][0]) + len(ends[e[0]][2]))
    out = []
    for size in range(len(asked) - 1, 0, -1):
        for subset in combinations(asked, size):
            ways = tuple(ends[i][0] for i, _ in subset)
            found = _index(view, state, column, ways).get(tuple(v for _, v in subset))
            if found is not None and found.size:
                out.append(found)
    return out


def _follow_pick(
    view: TableView,
    state: EveryPath,
    column: str,
    ends: list[tuple[Way, str, Way]],
    row_at: tuple[int, list[int], list[tuple[np.ndarray, np.ndarray]]],
    found: np.ndarray,
    draw: float,
) -> tuple[int, dict[str, np.ndarray]] | None:
    """The first of a few of the rows found (from the row's own draw on) whose disagreeing
    keys may follow it, with the rows each may take (_moves); None where none lets them."""
    at, which, wanted = row_at
    first = min(int(draw * found.size), found.size - 1)
    for row in found[(first + np.arange(min(_TRIES, found.size))) % found.size].tolist():
        held_at = [_held(view, state, column, end[0], row) for end in ends]
        off = [i for i in which if held_at[i][1] or held_at[i][0] != wanted[i][0][at]]
        moves = _moves(view, state, column, ends, held_at, off) if off else None
        if moves is not None:
            return row, moves
    return None


def _moves(
    view: TableView,
    state: EveryPath,
    column: str,
    ends: list[tuple[Way, str, Way]],
    held: list[tuple[object, bool]],
    apart: list[int],
) -> dict[str, np.ndarray] | None:
    """The parent rows each of the row's keys the pick disagrees with (on the ends `apart`)
    may take to agree with it (`held`: what the pick reaches at each end, and whether
    nothing), or None where one of them may not move or has no such row."""
    out = {}
    for other in dict.fromkeys(ends[i][1] for i in apart):
        if not _follows(view, state, other, column):
            return None
        mine = [i for i, (_, o, _) in enumerate(ends) if o == other]
        # all its ends with `column`, else its own parent alone (a car whose holder is
        # unknown still follows the permit that names it)
        found = None
        for ask in (mine, [i for i in mine if not ends[i][2]]):
            if not ask or any(held[i][1] for i in ask):
                continue
            key = tuple(held[i][0] for i in ask)
            found = _index(view, state, other, tuple(ends[i][2] for i in ask)).get(key)
            if found is not None and found.size:
                break
        if found is None or not found.size:
            return None
        out[other] = found
    return out


def _follows(view: TableView, state: EveryPath, other: str, column: str) -> bool:
    """Whether the row's key `other` may follow `column`: drawn freely, and neither picked
    again by this rule nor reached by a key picked before `column`."""
    if not _movable(view, other):
        return False
    assert state.planned is not None
    for key, ends in state.planned:
        if key == column:
            return True
        if key == other or any(o == other for _, o, _ in ends):
            return False
    return True


def agreeing_keys(view: TableView) -> set[str]:
    """The keys this rule picks again where they disagree (valid_for.py keeps a pick of
    theirs that agrees rather than one valid then of another owner)."""
    return {c for column, _ in _plan(view).planned or [] for c in column.split(",")}


RULE = LinkRule(
    "keys that meet along every path",
    "two keys of a row that reach one table reach one row of it",
    Stage.KEYS,
    agree_every_path,
    after=("keys that meet at a site, again", "trips start where the last ended"),
    before=("valid when used",),
    repicks=agreeing_keys,
)
