"""No event inside a window that bars it: a deferral, suspension or leave of a party
(kinds/exclusions.py) runs where none of the party's events of a sibling table falls (nobody
donates while deferred, works while on leave). The events were made first; the window moves.

A window with an event of its party inside it:
  1. one with an end (for a while) ends before its first event inside: the day before that
     event for a date (whether the end is read as the last day barred or the first one free),
     a little before it for a timestamp, where that leaves the window a day or more;
  2. one for good (no end), or one the first event falls on the first day of, moves whole
     (its other times with it: when it was recorded) to begin after the party's last event,
     by the run's clock;
  3. else, a window for good that cannot move ends before its first event inside (it was
     lifted), where its end may be set; else it keeps its times.

Per table: the events sorted by party and time once; per batch one sorted search per row
with an event inside its window. No table named here."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.kinds.exclusions import exclusions_of
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.generate.rules.times import DAY_US, as_us, is_time, store

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch, Col
    from workbench.generate.view import TableView

HOUR_US = 3_600_000_000
_FOREVER = np.iinfo(np.int64).max


@dataclass
class _Events:
    """Per table (scratch): the barred events, sorted by party then time."""

    keys: np.ndarray | None = None
    times: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int64))


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    out = []
    for each in exclusions_of(view.schema, view.table, view.config):
        columns = [each.start, each.end, each.key]
        if not all(c in view.specs for c in columns) or not free(view, each.start):
            continue
        if not free(view, each.end):
            continue
        said = ", ".join(f"{b.table}.{b.time}" for b in each.barred)
        detail = f"{each.start}..{each.end}: no event of its {each.key} inside ({said})"
        barred = [(b.table, b.key, b.time) for b in each.barred]
        out.append(Rule("excluded", columns, detail, {"barred": barred}))
    return out


def _events(view: TableView, rule: Rule) -> _Events:
    state = view.scratch.get(_Events)
    if state.keys is not None:
        return state
    keys, times = [], []
    for table, key, time in rule.data["barred"]:
        stored = view.keys.tables.get(table, {})
        if key not in stored or time not in stored:
            continue
        ok = ~stored[key].nulls & ~stored[time].nulls
        keys.append(np.asarray(stored[key].values)[ok])
        times.append(as_us(stored[time]).astype(np.int64)[ok])
    if not keys:
        state.keys = np.zeros(0, np.int64)
        return state
    all_keys, all_times = np.concatenate(keys), np.concatenate(times)
    try:
        order = np.lexsort((all_times, all_keys))
    except TypeError:  # keys of kinds that do not sort
        state.keys = np.zeros(0, np.int64)
        return state
    state.keys, state.times = all_keys[order], all_times[order]
    return state


def _day(us: int) -> int:
    return us - us % DAY_US


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    start, end, key = (batch.get(c) for c in rule.columns)
    if start is None or end is None or key is None:
        return
    state = _events(view, rule)
    if state.keys is None or not state.keys.size:
        return
    dated = start.kind == "date"
    rows = np.flatnonzero(~key.nulls & ~start.nulls & np.isin(key.values, state.keys))
    if not rows.size:
        return
    now = int(clock.run_now(view.config).astype(np.int64))
    latest = _day(now) if dated else now
    begin = as_us(start).astype(np.int64)
    finish = np.where(end.nulls, _FOREVER, as_us(end).astype(np.int64))
    rng = row_rng(view, rule, idx)
    lag = rng.random(begin.size)
    others = [
        c for c in batch if c not in rule.columns and is_time(view.specs[c].kind) and free(view, c)
    ]
    new_begin, new_finish = begin.copy(), finish.copy()
    shift = np.zeros(begin.size, np.int64)
    lo = np.searchsorted(state.keys, key.values[rows], "left")
    hi = np.searchsorted(state.keys, key.values[rows], "right")
    for at, a, b in zip(rows.tolist(), lo.tolist(), hi.tolist(), strict=True):
        times = state.times[a:b]
        f, u = int(begin[at]), int(finish[at])
        j = int(np.searchsorted(times, f, "left"))
        if j >= times.size or times[j] >= u:
            continue  # no event inside
        first, last = int(times[j]), int(times[-1])
        # the day before the event for a date (an end read as the last day or the first
        # free one alike), a little before it for a timestamp
        cut = _day(first) - DAY_US if dated else first - HOUR_US - int(lag[at] * 11 * HOUR_US)
        after = _day(last) + DAY_US if dated else last + HOUR_US + int(lag[at] * 71 * HOUR_US)
        can_cut = cut - f >= DAY_US
        can_move = after <= latest
        if u != _FOREVER and can_cut:
            new_finish[at] = cut
        elif can_move:
            shift[at] = after - f
            new_begin[at] = after
            if u != _FOREVER:
                new_finish[at] = u + (after - f)
        elif can_cut and end.nulls[at] and view.specs[rule.columns[1]].nullable:
            new_finish[at] = cut
    moved = np.flatnonzero((new_begin != begin) | (new_finish != finish))
    if not moved.size:
        return
    store(start, new_begin.astype("datetime64[us]"), moved)
    done = moved[new_finish[moved] != _FOREVER]
    store(end, new_finish.astype("datetime64[us]"), done)
    end.nulls[done] = False
    _shift_others(batch, others, shift, now)


def _shift_others(batch: Batch, others: list[str], shift: np.ndarray, now: int) -> None:
    """The row's other times (when it was recorded) move with a window moved whole, by now."""
    rows = np.flatnonzero(shift)
    for column in others:
        col: Col = batch[column]
        at = rows[~col.nulls[rows]]
        if not at.size:
            continue
        values = as_us(col).astype(np.int64)
        values[at] = np.minimum(values[at] + shift[at], now)
        store(col, values.astype("datetime64[us]"), at)


RULE = RowRule(
    "excluded",
    "no event of a party inside a window that bars it (a deferral, a suspension, a leave)",
    _plan,
    _apply,
    phases={"excluded": Phase.FINAL},
    after=("term_clock",),
    before=("bounds",),
)
