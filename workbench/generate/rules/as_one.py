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

`back_by_clock`: a finished row whose stamps a status placed after the clock moves its
timeline (its occurrence, its stamps) back by whole days, keeping the spans between them, as
far as its anchor leaves room, and what is still late is drawn back between its last time by
the clock and the clock, in order, instead of each late stamp being clamped to the clock (a
delivery started and delivered at the same instant)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.kinds.anchors import arranged_before, takes_place
from workbench.generate.rules import span
from workbench.generate.rules.times import DAY_US, TIME_KINDS, as_us, latest, store
from workbench.generate.vocab import lexicon

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.rules.base import Rule
    from workbench.generate.view import TableView

WEEK_US = 7 * DAY_US
MINUTE_US = 60_000_000
UNDER_WAY = 2.0  # the lifecycle rank of a row in progress (rules/status.lifecycle)


@dataclass
class Lines:
    """A table's timelines, found once: each start and the times that follow it."""

    found: bool = False
    lines: dict[str, tuple[str, ...]] = field(default_factory=dict)


@dataclass
class Watched:
    """The row's timeline times before a rule ran."""

    lines: dict[str, tuple[str, ...]]
    values: dict[str, np.ndarray]  # microseconds, int64


def events(view: TableView) -> list[str]:
    """The times of the row that say when its thing happened or is to happen, not when the
    row was written (created_at) or arranged (booked_at)."""
    out = []
    for name, spec in view.specs.items():
        if spec.kind not in TIME_KINDS:
            continue
        if lexicon.record_time(name, spec.generator) or arranged_before(name):
            continue
        out.append(name)
    return out


def lines_of(view: TableView) -> dict[str, tuple[str, ...]]:
    """Each start of the row and the times that follow it: the time the row takes place at
    (kinds/anchors.takes_place, else the start of its first span, else its one event time)
    leads every other event of the row that lies after it; a span's start (rules/span.py:
    `started_at`/`ended_at`, `check_in`/`check_out`) leads its end."""
    memo = view.scratch.get(Lines)
    if memo.found:
        return memo.lines
    memo.found = True
    times = events(view)
    spans = [(a, b) for a, b in span.pairs(view) if a in times and b in times]
    start = takes_place(view.schema, view.table, view.config)
    if start not in times:
        start = spans[0][0] if spans else (times[0] if len(times) == 1 else None)
    lines: dict[str, tuple[str, ...]] = {}
    if start is not None:
        lines[start] = tuple(c for c in times if c != start)
    for a, b in spans:
        lines.setdefault(a, (b,))
    memo.lines = {a: f for a, f in lines.items() if f}
    return memo.lines


def watch(view: TableView, batch: Batch) -> Watched | None:
    lines = {a: f for a, f in lines_of(view).items() if a in batch}
    if not lines:
        return None
    names = {c for a, f in lines.items() for c in (a, *f) if c in batch}
    if any(batch[c].kind not in TIME_KINDS for c in names):
        return None
    return Watched(lines, {c: as_us(batch[c]).astype(np.int64) for c in names})


def follow(view: TableView, rule: Rule, batch: Batch, was: Watched) -> dict[str, int]:
    """After `rule`: each time that lay at or after a start the rule moved past it, and that
    the rule left where it was and does not name (a rule that names it placed the start
    against it: a span's end drawn from its start), moves by as much as that start; returns
    how many rows each column followed on."""
    now = clock.run_now(view.config).astype("datetime64[us]").astype(np.int64)
    out: dict[str, int] = {}
    for start, followers in was.lines.items():
        col = batch[start]
        s_old, s_new = was.values[start], as_us(col).astype(np.int64)
        moved = ~col.nulls & (s_new != s_old) & (s_old != np.iinfo(np.int64).min)
        if not moved.any():
            continue
        ours = [c for c in followers if c in batch and c not in rule.columns]
        elig: dict[str, np.ndarray] = {}
        over = np.zeros(s_old.size, bool)
        for column in ours:
            old = was.values[column]
            kept = ~batch[column].nulls & (as_us(batch[column]).astype(np.int64) == old)
            elig[column] = moved & kept  # an actual start a little early moves too
            over |= elig[column] & (old >= s_old) & (s_new > old)
        # only where the moved start overtook one of them (a rule that moves a plan to what
        # happened, rules/plan_reached.py, has the plan meet its times, not push them); then
        # all of them, as one, keeping their spans
        if not over.any():
            continue
        reach = np.zeros(s_old.size, np.int64)
        crossed = np.zeros(s_old.size, bool)
        for column, rows in elig.items():
            old = was.values[column]
            reach = np.where(rows & over, np.maximum(reach, np.abs(old - s_old)), reach)
            crossed |= rows & over & (old <= now) & (s_new + old - s_old > now)
        # a finished time stays by the clock: the spans shrunk to fit between start and now
        room = (now - s_new).astype(np.float64)
        share = 0.3 + 0.7 * ((np.abs(s_old) // 1_000_000) % 997) / 997.0
        scale = np.where(crossed, np.minimum(1.0, room * share / np.maximum(reach, 1)), 1.0)
        stays = crossed & (room <= MINUTE_US)  # its start moved past the clock
        for column, rows in elig.items():
            rows = rows & over & ~stays
            if not rows.any():
                continue
            at = s_new + ((was.values[column] - s_old) * scale).astype(np.int64)
            store(batch[column], at.astype("datetime64[us]"), np.flatnonzero(rows))
            out[column] = out.get(column, 0) + int(rows.sum())
    return out


def start_of(view: TableView, anchor: str | None, plan: Mapping[str, object]) -> str | None:
    """The time the row takes place at, where a status's stamps are not anchored on it
    already and do not place it themselves (rules/status.py: a stage under way or done
    happened at or after it, whatever the row's creation)."""
    start = takes_place(view.schema, view.table, view.config)
    if start is None or start == anchor or start in plan or start not in events(view):
        return None
    return start


def from_start(
    rule: Rule, batch: Batch, current: np.ndarray, how: tuple[str, object]
) -> np.ndarray:
    """The time a status's next stamp follows: a stage under way or done (rules/status.py
    lifecycle rank 2 and on) follows the row's start where it has one (`start_of`), not only
    the stamp before it (a visit done after it was scheduled for, not after it was booked)."""
    start = rule.data.get("start")
    if start is None or start not in batch or how[0] != "reach":
        return current
    if not isinstance(how[1], int | float) or how[1] < UNDER_WAY - 1e-9:
        return current
    col = batch[start]
    at = np.where(col.nulls, np.datetime64("NaT", "us"), as_us(col))
    later = ~np.isnat(at) & (np.isnat(current) | (at > current))
    return np.where(later, at, current)


def back_by_clock(now: np.datetime64, rule: Rule, batch: Batch) -> None:
    """A status's stamps past the run's clock: the row's timeline from its start on (its
    occurrence, its stamps) back by whole days until the latest is by the clock, as far as
    the row's anchor (its creation, inside its parents' windows, stays) leaves room; what is
    still past the clock is drawn back, in order, between the row's last time by the clock
    and the clock, not clamped to the clock's instant (a delivery started and delivered at
    once)."""
    data = rule.data
    stamps = [c for c in data["plan"] if c in batch and batch[c].kind in TIME_KINDS]
    if not stamps:
        return
    n = batch[stamps[0]].values.size
    at_now = now.astype("datetime64[us]").astype(np.int64)
    bounds = {c: latest(batch[c], now).astype("datetime64[us]").astype(np.int64) for c in stamps}
    over = np.zeros(n, np.int64)
    for column in stamps:
        values, col = as_us(batch[column]).astype(np.int64), batch[column]
        over = np.where(~col.nulls, np.maximum(over, values - bounds[column]), over)
    rows = over > 0
    if not rows.any():
        return
    line = [*(data.get("occurrence") or ()), *stamps]
    line = [c for c in dict.fromkeys(line) if c in batch and batch[c].kind in TIME_KINDS]
    first = np.full(n, np.iinfo(np.int64).max, np.int64)
    for column in line:
        col = batch[column]
        first = np.where(col.nulls, first, np.minimum(first, as_us(col).astype(np.int64)))
    anchor = batch.get(data.get("anchor") or "")
    floor = np.full(n, np.iinfo(np.int64).min // 2, np.int64)
    if anchor is not None and anchor.kind in TIME_KINDS:
        floor = np.where(anchor.nulls, floor, as_us(anchor).astype(np.int64))
    room = np.maximum((first - floor) // DAY_US, 0)
    days = np.minimum(-(-over // DAY_US), room) * DAY_US
    for column in line:
        col = batch[column]
        at = as_us(col).astype(np.int64) - days
        store(col, at.astype("datetime64[us]"), np.flatnonzero(rows & ~col.nulls & (days > 0)))
    _into_the_gap(batch, stamps, bounds, np.maximum(floor, np.iinfo(np.int64).min // 2), at_now)


def _into_the_gap(
    batch: Batch, stamps: list[str], bounds: dict[str, np.ndarray], floor: np.ndarray, now: int
) -> None:
    """The stamps still past the clock, in their order, between the row's latest time by it
    (its anchor at least) and the clock."""
    n = floor.size
    low, high = floor.copy(), np.full(n, np.iinfo(np.int64).min, np.int64)
    for column in stamps:
        col = batch[column]
        at = as_us(col).astype(np.int64)
        late = ~col.nulls & (at > bounds[column])
        low = np.where(~col.nulls & ~late, np.maximum(low, at), low)
        high = np.where(late, np.maximum(high, at), high)
    low = np.minimum(np.where(low <= np.iinfo(np.int64).min // 2, now - DAY_US, low), now)
    for column in stamps:
        col = batch[column]
        at = as_us(col).astype(np.int64)
        late = ~col.nulls & (at > bounds[column])
        if not late.any():
            continue
        share = 0.6 + 0.4 * ((np.abs(high) // 1_000_000) % 991) / 991.0
        span_ = np.maximum(high - low, 1).astype(np.float64)
        room = (bounds[column] - low).astype(np.float64) * share
        placed = low + ((at - low) / span_ * room).astype(np.int64)
        placed = np.minimum(np.maximum(placed, low), bounds[column])
        store(col, placed.astype("datetime64[us]"), np.flatnonzero(late))
