"""A thing with a length of its own keeps it when laid one at a time: rows of a parent held
one at a time (rules/one_at_a_time.py: a volunteer's shifts, a room's bookings, a machine's
runs) end by the time the next begins, which cuts a contract short where the next one starts
(as it should: the old tariff ends as the new one begins) but would leave a shift of minutes
where the next was drawn an hour after it. A row whose table's thing lasts hours (rules/
span.py: a shift two hours and more; not a stay or a rental of days) and that the cut leaves
shorter than such a thing starts earlier instead, by as much as it needs to keep its drawn
length (at least the shortest such thing), its end where the next begins, the rows before it
moving back in turn: never before the parent's window opens nor, for a row still ahead of
the run's clock, before the clock (then the cut stands)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from workbench.generate.rules.base import Rule

MINUTE_US = 60_000_000
DAY_MINUTES = 24 * 60


def shortest_us(rules: Sequence[Rule], start: str, end: str | None) -> int:
    """The shortest length (microseconds) a span rule gives the start/end pair of a thing of
    hours (a shift, a session, a slot: typically under a day), else 0: a stay's, a rental's or
    a contract's rows are cut as they were, not moved back days at a time."""
    for rule in rules:
        if rule.kind == "span" and end is not None and rule.columns[:2] == [end, start]:
            lo, _, typical = rule.data["scale"]
            return int(lo * MINUTE_US) if typical < DAY_MINUTES else 0
    return 0


def kept(
    old: tuple[np.ndarray, np.ndarray],
    cut: tuple[np.ndarray, np.ndarray],
    groups: tuple[np.ndarray, np.ndarray],
    least: int,
    bounds: tuple[np.ndarray, int, int],
) -> tuple[np.ndarray, np.ndarray]:
    """The cut rows (in parent, start order) with their lengths kept where the cut left them
    shorter than `least`: each such row ends where the next begins (less the gap) and starts
    its drawn length (at least `least`) before, the rows before it moved back as needed.
    `bounds`: each row's earliest start (its parent's window), the run's clock, the gap."""
    s_old, e_old = old
    s_new, e_new = cut[0].copy(), cut[1].copy()
    rank, size = groups
    lo, now, gap = bounds
    if least <= 0 or not s_new.size:
        return s_new, e_new
    length = np.maximum(e_old - s_old, least)
    ahead = s_old > now  # still to come: stays after the clock
    for r in range(int(size.max()) - 2, -1, -1):  # from each parent's last but one backwards
        rows = np.flatnonzero((rank == r) & (rank < size - 1))
        if not rows.size:
            continue
        limit = s_new[rows + 1] - gap  # the next row as it now starts
        e_new[rows] = np.maximum(np.minimum(e_new[rows], limit), s_new[rows])
        short = (e_new[rows] - s_new[rows]) < least
        start = limit - length[rows]
        fits = short & (start >= lo[rows]) & (~ahead[rows] | (start > now))
        at = rows[fits]
        s_new[at] = start[fits]
        e_new[at] = limit[fits]
    return s_new, e_new
