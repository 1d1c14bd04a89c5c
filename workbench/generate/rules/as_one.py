"""A row's timeline moves as one: its start, the ends and stamps that follow it.

Whatever rule moves a row's start (opening hours, a weekday, a parent's window), the times
the row recorded after that start (its end, its completion, its delivery) move with it by as
much, unless the rule placed them itself: a grooming appointment moved to 09:00 still ends
after it begins. This is held once, for every rule, by registry.apply_phase (`watch` before
a rule, `follow` after it), beside rules/owner.py, which holds the NULLs a status decided:
the owner keeps which stamps are present, this keeps where the present ones lie. A follower
that would so cross the run's clock (a finished row's completion pushed into the future)
lands between its moved start and the clock instead, and a start moved past the clock takes
its whole timeline back by whole weeks (same weekday, same hour).

`back_by_clock`: a finished row whose stamps a status placed after the clock moves its whole
timeline (its anchor, its occurrence, its stamps) back by whole days, keeping the spans
between them, instead of each late stamp being clamped to the clock (a delivery started
and delivered at the same instant)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.kinds.anchors import arranged_before
from workbench.generate.rules.times import DAY_US, TIME_KINDS, as_us, latest, store
from workbench.generate.vocab import lexicon

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.rules.base import Rule
    from workbench.generate.view import TableView

WEEK_US = 7 * DAY_US
MINUTE_US = 60_000_000


@dataclass
class Watched:
    """The row's event times (not when the row was written) before a rule ran."""

    values: dict[str, np.ndarray]  # microseconds, int64
    nulls: dict[str, np.ndarray]


def events(view: TableView, batch: Batch) -> list[str]:
    """The columns of the row's timeline: its times that say when its thing happened or is
    to happen, not when the row was written (created_at) or arranged (booked_at)."""
    out = []
    for name, spec in view.specs.items():
        if spec.kind not in TIME_KINDS or name not in batch:
            continue
        if batch[name].kind not in TIME_KINDS:
            continue
        if lexicon.record_time(name, spec.generator) or arranged_before(name):
            continue
        out.append(name)
    return out


def watch(view: TableView, batch: Batch) -> Watched | None:
    names = events(view, batch)
    if len(names) < 2:
        return None
    values = {c: as_us(batch[c]).astype(np.int64) for c in names}
    return Watched(values, {c: batch[c].nulls.copy() for c in names})


def follow(view: TableView, rule: Rule, batch: Batch, was: Watched) -> dict[str, int]:
    """After `rule`: each time that lay at or after a start the rule moved, and that the rule
    left where it was and does not name (a rule that names it placed the start against it: a
    birth date before a hiring), moves by as much as that start (the nearest such start
    before it); returns how many rows each column followed on."""
    names = list(was.values)
    now = clock.run_now(view.config).astype("datetime64[us]").astype(np.int64)
    present = {c: ~was.nulls[c] & ~batch[c].nulls for c in names}
    new = {c: as_us(batch[c]).astype(np.int64) for c in names}
    moved = {c: present[c] & (new[c] != was.values[c]) for c in names}
    left = {c: present[c] & (new[c] == was.values[c]) for c in names}
    if not any(m.any() for m in moved.values()):
        return {}
    n = batch[names[0]].values.size
    out: dict[str, int] = {}
    starts = [c for c in names if moved[c].any()]
    for column in names:
        if not left[column].any() or column in rule.columns:
            continue  # a rule that names a time places the row's others against it itself
        old = was.values[column]
        delta = np.zeros(n, np.int64)
        start_new = np.zeros(n, np.int64)
        best = np.full(n, np.iinfo(np.int64).min, np.int64)
        for start in starts:
            if start == column:
                continue
            s_old = was.values[start]
            nearer = moved[start] & left[column] & (s_old <= old) & (s_old > best)
            best = np.where(nearer, s_old, best)
            delta = np.where(nearer, new[start] - s_old, delta)
            start_new = np.where(nearer, new[start], start_new)
        rows = delta != 0
        if not rows.any():
            continue
        at = old + delta
        crossed = rows & (old <= now) & (at > now)
        # a finished time stays by the clock: between its moved start and now
        room = now - start_new
        fits = crossed & (room > MINUTE_US)
        share = 0.3 + 0.7 * ((np.abs(old) // 1_000_000) % 997) / 997.0
        at = np.where(fits, start_new + (room * share).astype(np.int64), at)
        at = np.where(crossed & ~fits, old, at)  # its start moved past the clock: stays
        store(batch[column], at.astype("datetime64[us]"), np.flatnonzero(rows))
        out[column] = int(rows.sum())
    return out


def back_by_clock(now: np.datetime64, rule: Rule, batch: Batch) -> None:
    """A status's stamps past the run's clock: the row's whole timeline (its anchor, its
    occurrence, its stamps) back by whole days until the latest is by the clock; a stamp that
    still cannot be (its anchor is by the clock's day) is clamped to the clock as before."""
    data = rule.data
    stamps = [c for c in data["plan"] if c in batch]
    if not stamps:
        return
    n = batch[stamps[0]].values.size
    over = np.zeros(n, np.int64)
    for column in stamps:
        col = batch[column]
        last = latest(col, now).astype(np.int64)
        late = ~col.nulls & (as_us(col).astype(np.int64) > last)
        over = np.where(late, np.maximum(over, as_us(col).astype(np.int64) - last), over)
    rows = over > 0
    if rows.any():
        days = -(-over // DAY_US) * DAY_US
        line = [data.get("anchor"), *(data.get("occurrence") or ()), *stamps]
        for column in dict.fromkeys(c for c in line if c is not None and c in batch):
            col = batch[column]
            if col.kind not in TIME_KINDS:
                continue
            at = as_us(col).astype(np.int64) - days
            store(col, at.astype("datetime64[us]"), np.flatnonzero(rows & ~col.nulls))
    for column in stamps:  # what is still past it (nothing to move back to)
        col = batch[column]
        last = latest(col, now)
        late = np.flatnonzero(~col.nulls & (as_us(col) > last))
        if late.size:
            store(col, np.full(col.values.size, last, dtype="datetime64[us]"), late)
