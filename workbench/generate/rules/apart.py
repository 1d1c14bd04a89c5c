"""Things attended in a chain stay in their number's order once placed in open hours; so do
the rows of any numbered chain with a start and an end that rules/opening.py places in hours
(a job's lines, one after another within a day: each moved to a slot of its day alone).

A parent's numbered rows that people attend at a site in its hours (rules/sequence.py lays
them days to weeks apart: the lessons of a course, the sittings of a tattoo) each take a slot
of their own local day (rules/opening.py). Where the parent's window is too short for days
between them (a parent made this morning), two of them share a day and the slots can undo
their order, or overlap. Then, last number first, a row that does not end before the next
one starts moves back to end a quarter hour before it, its length kept, though not before
its parents came to be (rules/pull_back.floors: the piece a sitting works on, the course a
lesson is of); where that stops it, the rows after it move on, first number first, to start
a quarter hour after the one before ends, where their end stays on its side of the run's
clock. The row's other times after its start move by as much (its booking before it stays).
A row still under way (no end yet) is ordered by its start: the ones before it ended before."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.rules import pull_back, span
from workbench.generate.rules.base import Phase, RowRule, Rule
from workbench.generate.rules.times import DAY_US, as_us, store
from workbench.generate.rules.within import as_ints, parent_time

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

GAP_US = 15 * 60_000_000  # between the end of one and the start of the next


# things attended in a day's hours, one after another (rules/sequence.py): at least this many
# days apart (a weekend's start moved back to the Friday stays after the one before), more by
# this mean
APART_DAYS, APART_MEAN_DAYS = 3, 14


def attended(view: TableView) -> bool:
    """Rows people attend at a site in its hours, minutes to hours long (rules/span.scale_for:
    an appointment, a lesson, a session at a site): the next of a parent's is another day,
    days to weeks later (the next lesson, a sitting once the last one healed), not minutes."""
    scale = span.scale_for(view)
    return scale is not None and bool(scale[3]) and scale[1] <= span.DAY_MINUTES


def gaps(rng: np.random.Generator, n: int) -> np.ndarray:
    """The time between one attended row and the next of its parent's, in microseconds."""
    return (APART_DAYS + rng.exponential(APART_MEAN_DAYS, n)) * DAY_US


def fitted(
    dur: np.ndarray, gaps: np.ndarray, gid: np.ndarray, budget: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Lengths and gaps fitted to each parent's window (`budget`): a short window takes in the
    days between first, the lengths last."""
    lengths, between = np.bincount(gid, dur)[gid], np.bincount(gid, gaps)[gid]
    dur = dur * np.where(lengths > budget, budget / np.maximum(lengths, 1), 1.0)
    return dur, gaps * np.clip((budget - lengths) / np.maximum(between, 1), 0.0, 1.0)


def _in_hours(planned: Sequence[Rule], start: str, end: str) -> bool:
    """Whether an opening rule (rules/opening.py) moves the chain's times into open hours,
    each row to a slot of its own day: a chain laid out within a day (a job's lines one
    after another) has its order undone there as well as one of rows days apart."""
    return any(r.kind == "opening" and {start, end} & set(r.columns) for r in planned)


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    for rule in planned:
        d = rule.data
        if rule.kind != "sequence" or not d.get("number") or not d["end"]:
            continue
        if not (d.get("apart") or _in_hours(planned, d["start"], d["end"])):
            continue
        others = [c for c in d.get("others") or () if view.specs[c].kind == "timestamp"]
        detail = (f"{d['start']}..{d['end']} of one {d['parent']} in {d['number']} order, "
                  "each ending before the next starts")  # fmt: skip
        data = {"fk": d["fk"], "number": d["number"], "start": d["start"], "end": d["end"],
                "floors": pull_back.floors(view)}  # fmt: skip
        return [Rule("apart", [d["start"], d["end"], *others], detail, data)]
    return []


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    d = rule.data
    start, end, number = (batch.get(d[k]) for k in ("start", "end", "number"))
    rows_p, nulls = view.parent_rows(d["fk"])
    if start is None or end is None or number is None or rows_p is None:
        return
    live = np.flatnonzero(~nulls & ~start.nulls & ~number.nulls)
    if live.size < 2:
        return
    s = as_us(start).astype(np.int64)
    e = np.where(end.nulls, s, as_us(end).astype(np.int64))  # one under way: from its start
    order = live[np.lexsort((number.values[live].astype(np.int64), rows_p[live]))]
    same = rows_p[order[1:]] == rows_p[order[:-1]]
    undone = same & (e[order[:-1]] > s[order[1:]] - GAP_US)
    if not undone.any():
        return
    order = order[np.isin(rows_p[order], rows_p[order[:-1][undone]])]  # only those parents'
    floor = np.full(s.size, np.iinfo(np.int64).min, np.int64)
    for fk, parent, column in d["floors"]:  # not before its parents came to be
        times = parent_time(view, fk, parent, column)
        if times is not None:
            floor = np.maximum(floor, as_ints(times, np.iinfo(np.int64).min))
    now = int(clock.run_now(view.config).astype("datetime64[us]").astype(np.int64))
    shift = np.zeros(s.size, np.int64)
    for pos in range(order.size - 2, -1, -1):  # last number first: each ends before the next
        row, nxt = order[pos], order[pos + 1]
        if rows_p[row] != rows_p[nxt]:
            continue
        late = e[row] - (s[nxt] - GAP_US)
        if late > 0:
            late = min(late, max(s[row] - floor[row], 0))
            s[row] -= late
            e[row] -= late
            shift[row] += late
    for pos in range(1, order.size):  # where a parent's creation stopped that: on after it
        row, before = order[pos], order[pos - 1]
        if rows_p[row] != rows_p[before]:
            continue
        early = e[before] + GAP_US - s[row]
        if early > 0 and (e[row] <= now) == (e[row] + early <= now):
            s[row] += early
            e[row] += early
            shift[row] -= early
    moved = np.flatnonzero(shift)
    old = s + shift
    store(start, s.astype("datetime64[us]"), moved)
    store(end, e.astype("datetime64[us]"), moved[~end.nulls[moved]])
    for column in rule.columns[2:]:  # the row's times after its start move with it
        col = batch.get(column)
        if col is None:
            continue
        at = as_us(col).astype(np.int64)
        after = moved[~col.nulls[moved] & (at[moved] > np.minimum(s, old)[moved])]
        store(col, (at - shift).astype("datetime64[us]"), after)


RULE = RowRule(
    "apart",
    "a parent's attended rows keep their number's order once placed in open hours",
    _plan,
    _apply,
    phases={"apart": Phase.FINAL},
    after=("opening", "sequence"),
    before=("counter",),
)
