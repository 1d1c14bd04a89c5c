"""The scope a row's parent and one of its links share (kinds/meets.is_scope: a farm, a
system, a site), for the rules that move a row's link after the keys met there
(rules/sequence_links.py): a statement line's stop taken from another line stays one of its
statement's farm's stops, a ride's station one of its system's.

Read from the kept keys alone: the nearest table both parents reach, each by its own key or
one more (site_meet.py's ways, not through a party or what one owns), that groups rows."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.kinds.meets import Way, is_scope, owned_or_party, walk
from workbench.generate.rules.meets import SortedRows, reach_along

if TYPE_CHECKING:
    from workbench.generate.view import TableView
    from workbench.schema.model import ForeignKey

_HOPS = 2

# the scope reached from the first table's rows and the second's: values and NULLs of each
Scopes = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]


def _ways(view: TableView, start: str) -> dict[str, tuple[int, Way]]:
    def takes(table: str, fk: ForeignKey) -> bool:
        return fk.columns[0] in view.keys.tables.get(table, {})

    def enters(ref: str) -> bool:
        return ref in view.keys.tables and ref != view.tp.name and not owned_or_party(ref)

    out: dict[str, tuple[int, Way]] = {}
    for _, ref, way, depth in walk(view.schema, start, _HOPS, takes, enters):
        if ref not in out and is_scope(view.schema, ref):
            out[ref] = (depth, way)
    return out


def shared_scope(view: TableView, first: str, second: str) -> Scopes | None:
    """The scope each row of `first` and of `second` reaches (the nearest both reach), or
    None when they reach none in common."""
    mine, theirs = _ways(view, first), _ways(view, second)
    common = sorted((mine[s][0] + theirs[s][0], s) for s in mine.keys() & theirs.keys())
    if not common:
        return None
    site = common[0][1]
    values, nulls = reach_along(view, mine[site][1])
    other, other_nulls = reach_along(view, theirs[site][1])
    return values, nulls, other, other_nulls


def own_scope(view: TableView, table: str) -> tuple[np.ndarray, np.ndarray] | None:
    """The nearest scope each row of a table lies in (a station its system), or None."""
    ways = _ways(view, table)
    if not ways:
        return None
    _, way = min(ways.values(), key=lambda w: w[0])
    return reach_along(view, way)


def draw_alike(
    view: TableView, table: str, current: np.ndarray, valid: np.ndarray, rng: np.random.Generator
) -> np.ndarray:
    """Another of a table's `valid` rows for each `current` one, drawn at random among those
    in the same scope (a station of the same system: a place drawn again stays where the
    row's other keys met); among all where the table lies in no scope or the row's has no
    other."""
    scope = own_scope(view, table)
    if scope is None:
        return np.asarray(valid[rng.integers(0, valid.size, current.size)])
    values, nulls = scope
    rows = SortedRows.of(values, nulls, valid)
    lo, hi = rows.ranges(values[current])
    out = rows.drawn(lo, hi, rng.random(current.size))
    lost = (hi <= lo) | nulls[current]
    out[lost] = valid[rng.integers(0, valid.size, int(lost.sum()))]
    return out


def same_scope(view: TableView, table: str, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Whether rows `a` and `b` of a table lie in one scope (everywhere, where it has none)."""
    scope = own_scope(view, table)
    if scope is None:
        return np.ones(a.size, bool)
    values, nulls = scope
    return np.asarray((values[a] == values[b]) & ~nulls[a] & ~nulls[b])
