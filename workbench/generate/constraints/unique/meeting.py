"""Pairs of keys a unique key holds that meet along every path: a ticket's showtime and seat
are one screen's (kinds/every_path.py: both keys reach the screen), and UNIQUE (showtime_id,
seat_id) sells a seat once a showing. Enumerating the two keys' parents as a product gives
mostly pairs of two screens, and the every-path rule may not move a key the unique plan
built; moving it after the plan would repeat pairs (a repeat of a live pair then leaves the
index: most tickets refunded). So the pair is one factor of the enumeration: the agreeing
pairs of parent rows, grouped by the row they meet at (the screen's showtimes times its
seats), and the key takes distinct pairs of them by construction.

Only for a key of the live rows (a partial index leaving out the failed labels,
unique/live.py): a whole key of two keys is left to the rules that pick a key again in a
scope (rules/site_meet.py) and among parents that took place (rules/happened.py), which its
enumeration would hold still. Planned where both parents' keys and every key along both
ways are known when the table's plan is made (parents generated first); else the pair stays
two factors. Read from the schema's keys, no table named here."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.kinds.every_path import shared_ends
from workbench.generate.rules.meets import reach_along

if TYPE_CHECKING:  # pragma: no cover
    from workbench.generate.kinds.meets import Way
    from workbench.generate.view import FKUnit, TableView


@dataclass
class Meeting:
    """The parent rows of the pair's two keys that agree, as two aligned arrays, and the
    ways the keys reach the table they meet at."""

    rows_a: np.ndarray
    rows_b: np.ndarray
    ways: tuple[Way, Way]


def _known(view: TableView, unit: FKUnit, way: Way) -> bool:
    if not view.keys.has(unit.parent):
        return False
    held = view.keys.tables[unit.parent]
    if not way:
        return unit.fk.ref_columns[0] in held
    return all(view.keys.has(t) and c in view.keys.tables[t] for t, c in way)


def _reached(view: TableView, unit: FKUnit, way: Way) -> tuple[np.ndarray, np.ndarray]:
    if way:
        return reach_along(view, way)
    held = view.keys.tables[unit.parent][unit.fk.ref_columns[0]]
    return held.values, held.nulls


def meeting_ways(view: TableView, a: FKUnit, b: FKUnit) -> tuple[Way, Way] | None:
    """The ways the two single-column keys reach one table along (the nearest end), where
    they do and both are known now; else None."""
    ca, cb = a.fk.columns[0], b.fk.columns[0]
    found = []
    for s in shared_ends(view.schema, view.table):
        if {s.a, s.b} == {ca, cb}:
            way_a, way_b = (s.way_a, s.way_b) if s.a == ca else (s.way_b, s.way_a)
            found.append((len(way_a) + len(way_b), way_a, way_b))
    if not found:
        return None
    _, way_a, way_b = min(found)
    if not (_known(view, a, way_a) and _known(view, b, way_b)):
        return None
    return way_a, way_b


def agreeing(
    view: TableView,
    a: FKUnit,
    valid_a: np.ndarray,
    b: FKUnit,
    valid_b: np.ndarray,
    ways: tuple[Way, Way],
) -> Meeting:
    """Every pair of the keys' valid parent rows that reach one row of the end, the end's
    rows in the order of their values, each end's pairs interleaved so that the first pairs
    spread over the ends' rows."""
    va, na = _reached(view, a, ways[0])
    vb, nb = _reached(view, b, ways[1])
    ok_a, ok_b = valid_a[~na[valid_a]], valid_b[~nb[valid_b]]
    by_b: dict[object, list[int]] = {}
    for row, value in zip(ok_b.tolist(), vb[ok_b].tolist(), strict=True):
        by_b.setdefault(value, []).append(row)
    pairs_a: list[int] = []
    pairs_b: list[int] = []
    rank: list[int] = []
    seen: dict[object, int] = {}
    for row, value in zip(ok_a.tolist(), va[ok_a].tolist(), strict=True):
        others = by_b.get(value)
        if not others:
            continue
        at = seen.get(value, 0)
        for k, other in enumerate(others):
            pairs_a.append(row)
            pairs_b.append(other)
            rank.append(at * len(others) + k)
        seen[value] = at + 1
    order = np.argsort(np.asarray(rank, np.int64), kind="stable")
    return Meeting(np.asarray(pairs_a, np.int64)[order], np.asarray(pairs_b, np.int64)[order], ways)
