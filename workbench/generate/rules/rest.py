"""Numbered rows that last minutes to hours follow one another with a rest between them.

A parent's numbered rows with a single time of their own (a trip's dives by their entry, a
match's rounds by their start) whose end the row's length gives (rules/span.py: the exit
20-90 minutes after the entry) are laid one after another by that length (rules/sequence.py),
each starting a rest after the one before ended: about as long as the parent's longest row
(a diver's surface interval, a break between rounds), not the minutes between things done
back to back. In a window too short for them all, the rows shorten first, down to the least
the thing lasts (the span's shortest), then the rests shrink. No table named here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.rules.base import Rule, free

if TYPE_CHECKING:
    from workbench.generate.view import TableView

REST = 0.75  # the least rest, a share of the parent's longest row
REST_MEAN = 0.25  # and more by this share on average
MINUTE_US = 60_000_000


def own_end(view: TableView, planned: Sequence[Rule], start: str) -> tuple[str, float] | None:
    """(the end the row's length gives its single time, the shortest that length is in
    microseconds): a span rule from `start` whose end the rules may move; else None."""
    for r in planned:
        if r.kind == "span" and r.columns[1:] == [start] and free(view, r.columns[0]):
            return r.columns[0], float(r.data["scale"][0]) * MINUTE_US
    return None


def gaps(rng: np.random.Generator, dur: np.ndarray, gid: np.ndarray) -> np.ndarray:
    """Each row's rest before it, from its parent's longest row (in the lengths' unit)."""
    longest = np.zeros(int(gid.max()) + 1 if gid.size else 0)
    np.maximum.at(longest, gid, dur)
    rests: np.ndarray = (REST + rng.exponential(REST_MEAN, dur.size)) * longest[gid]
    return rests


def fitted(
    dur: np.ndarray, rests: np.ndarray, gid: np.ndarray, budget: np.ndarray, shortest: float
) -> tuple[np.ndarray, np.ndarray]:
    """Lengths and rests fitted to each parent's window (`budget`): the lengths shrink first,
    down to the shortest the thing lasts, then the rests; the lengths again only where the
    window cannot hold even that."""
    lengths, between = np.bincount(gid, dur)[gid], np.bincount(gid, rests)[gid]
    floor = np.minimum(dur, shortest)
    give = np.bincount(gid, dur - floor)[gid]
    excess = np.maximum(lengths + between - budget, 0.0)
    dur = dur - np.clip(excess / np.maximum(give, 1), 0.0, 1.0) * (dur - floor)
    lengths = np.bincount(gid, dur)[gid]
    rests = rests * np.clip((budget - lengths) / np.maximum(between, 1), 0.0, 1.0)
    return dur * np.clip(budget / np.maximum(lengths, 1), 0.0, 1.0), rests
