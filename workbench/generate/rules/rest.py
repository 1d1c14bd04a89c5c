"""Numbered rows that last minutes to hours follow one another with a rest between them.

A parent's numbered rows with a single time of their own (a trip's dives by their entry, a
match's rounds by their start) whose end the row's length gives (rules/span.py: the exit
20-90 minutes after the entry) are laid one after another by that length (rules/sequence.py),
each starting a rest after the one before ended: about as long as the parent's longest row
(a diver's surface interval, a break between rounds), not the minutes between things done
back to back. In a window too short for them all, the rows shorten first, down to the least
the thing lasts (the span's shortest), then the rests shrink. A row whose length is a count
of minutes or hours beside its start, not an end time (a line-up's `set_minutes`, a
programme's `slot_minutes`: `own_count`), follows the one before by that count alike, the
count cut to whole units where the window is short. No table named here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.rules.base import Rule, free
from workbench.generate.rules.elapsed import MINUTE_US, UNITS, length_unit

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

REST = 0.75  # the least rest, a share of the parent's longest row
REST_MEAN = 0.25  # and more by this share on average
# a count of minutes or hours named for the row's thing (`set_minutes`, `talk_mins`) lasts
# as long as it; these words name another span: a limit, a delay, a wait, time left or put in
_NOT_LENGTH = frozenset({"min", "max", "minimum", "maximum", "limit", "late", "delay",
                         "delayed", "overtime", "over", "extra", "wait", "waiting", "break",
                         "rest", "travel", "drive", "driving", "idle", "notice", "grace",
                         "buffer", "remaining", "left", "lead", "setup", "prep", "cooldown",
                         "warmup", "before", "after", "since", "until", "ago", "offset",
                         "early", "downtime", "labour", "labor", "billable", "worked"})  # fmt: skip
_SHORT_UNITS = frozenset({"minutes", "mins", "minute", "hours", "hour", "hrs"})


def own_end(view: TableView, planned: Sequence[Rule], start: str) -> tuple[str, float] | None:
    """(the end the row's length gives its single time, the shortest that length is in
    microseconds): a span rule from `start` whose end the rules may move; else None."""
    for r in planned:
        if r.kind == "span" and r.columns[1:] == [start] and free(view, r.columns[0]):
            return r.columns[0], float(r.data["scale"][0]) * MINUTE_US
    return None


def own_count(view: TableView, start: str) -> tuple[str, int] | None:
    """(a count of minutes or hours saying how long the row lasts from its single time, the
    microseconds one unit counts): a free number named a length of a unit
    (elapsed.length_unit: `duration_minutes`) or the unit after one word naming the thing
    (`set_minutes`), not a limit, a delay or time worked; else None."""
    for name, spec in view.specs.items():
        if name == start or spec.kind not in ("int", "decimal", "float") or not free(view, name):
            continue
        unit = length_unit(view, name)
        if unit is not None:
            return name, unit
        words = normalise(name).split("_")
        if len(words) == 2 and words[1] in _SHORT_UNITS and words[0] not in _NOT_LENGTH:
            return name, UNITS[words[1]]
    return None


def count_us(batch: Batch, length: list[object], order: np.ndarray) -> np.ndarray:
    """The rows' lengths (in `order`) from their count: its value times its unit; a NULL
    count the batch's typical one."""
    col = batch[str(length[0])]
    values = np.asarray(col.values, dtype=np.float64) * float(length[1])  # type: ignore[arg-type]
    known = ~col.nulls & (values > 0)
    typical = float(np.median(values[known])) if known.any() else 30.0 * MINUTE_US
    out: np.ndarray = np.where(known, values, typical)[order]
    return out


def cut_count(batch: Batch, length: list[object], order: np.ndarray, dur: np.ndarray) -> None:
    """The counts of rows whose length was cut to fit (in `order`): whole units, at least one,
    so the next row starts no earlier than this one's start plus its count."""
    col = batch[str(length[0])]
    unit = float(length[1])  # type: ignore[arg-type]
    old = np.asarray(col.values[order], dtype=np.float64)
    cut = np.maximum(np.floor(dur / unit + 1e-9), 1.0)
    shorter = ~col.nulls[order] & (cut < old)
    col.values[order[shorter]] = cut[shorter].astype(col.values.dtype)


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
