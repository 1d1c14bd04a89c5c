"""A row takes place within a booking of what it shows at where it is: a showing's film is
one its cinema has booked for that day, a match's club one holding the pitch that week
(kinds/engaged.py finds the booking table from the schema: two keys unique together and a
span of days, neither referenced by the row).

The row's key to what is booked is drawn before its times settle and the bookings on their
own, so a row rarely falls inside one. Here, once every rule that moves times has placed
them, a row whose place holds no booking of its own pick in force at its time (a day's
margin either side of a span of dates: the place's local day) takes the booked side of one
of its place's bookings that is, at random; where none is, of the place's booking nearest
in time the row's times can move into by whole days: its window moves as one, start and end
(their hours kept; nothing that happened moved past the run's clock, and a row still to come
moved back past it only where a status by the clock planned on the window, rules/outlived's
`passed`, then holds again on it: it took place). A row whose key moved takes the length its
new parent gives (the `nominal` rule planned on that key holds again on those rows: a showing
of the film now shown lasts its running time and more). A row at a place with no booking in
force at its time, reached through a parent (a showing's screen's cinema), first takes a
parent at a place that has one then (else, at a place with none at all, one with some),
where that key may be picked again too.

Only a key drawn freely that nothing else holds (valid_then.free_to_repick), not one other
keys of the row meet through (rules/meets.py)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.kinds.engaged import Booking, bookings_of
from workbench.generate.kinds.windows import used_at, window_of
from workbench.generate.rules import nominal, outlived
from workbench.generate.rules.base import Phase, RowRule, Rule
from workbench.generate.rules.meets import generator_meets
from workbench.generate.rules.times import DAY_US, as_us
from workbench.generate.rules.valid_then import bounds, free_to_repick

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch, Col
    from workbench.generate.view import TableView


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    schema, table = view.schema, view.table
    when = used_at(schema, table, view.config)
    if when is None or when not in view.specs:
        return []
    meets = {id(u) for _, hop, direct in generator_meets(view) for u in (hop, direct)}
    window = window_of(schema, table, view.config)
    own = [when] + ([] if window is None or window.validity else [window.start, window.end])
    times = [c for c in dict.fromkeys(own) if c in view.specs]
    out = []
    for b in bookings_of(schema, table, view.config):
        unit = view.fk_cols.get(b.key)
        if unit is None or id(unit) in meets or not free_to_repick(view, unit):
            continue
        if b.via not in view.fk_cols:
            continue
        detail = f"{b.key} booked at its {b.via} in {b.table} at {when}"
        # a length the row takes from the parent it re-picks (a film's running time)
        lengths = [r for r in planned if r.kind == "nominal" and r.data.get("fk") == b.key]
        # a status by the clock that reads the window: a row still to come moved back past
        # the clock took place (rules/outlived.py's `passed`)
        passed = [r for r in planned if r.kind == "passed" and set(r.columns[1:]) <= set(times)]
        data = {"booking": b, "times": times, "lengths": lengths, "passed": passed}
        out.append(Rule("engaged", [when, b.key], detail, data))
    return out


def _places(view: TableView, b: Booking, batch: Batch) -> tuple[np.ndarray, np.ndarray] | None:
    """The place each row of the batch is at (as text), and where none."""
    if not b.hop:
        col = batch.get(b.via)
        return None if col is None else (np.asarray(col.values).astype(str), col.nulls.copy())
    rows, nulls = view.parent_rows(b.via)
    stored = view.keys.tables.get(b.via_parent, {}).get(b.hop)
    if rows is None or stored is None:
        return None
    values = np.asarray(stored.values).astype(str)[rows]
    return values, nulls | np.asarray(stored.nulls, bool)[rows]


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    b: Booking = rule.data["booking"]
    used, key = batch.get(rule.columns[0]), batch.get(b.key)
    unit = view.fk_cols.get(b.key)
    picked, _ = view.parent_rows(b.key)
    held = view.keys.tables.get(b.table, {})
    found = _places(view, b, batch)
    columns = [held.get(c) for c in (b.place_key, b.book_key, b.start, b.end)]
    if used is None or key is None or unit is None or picked is None or found is None:
        return
    place_col, book_col, begins, ends = columns
    if place_col is None or book_col is None or begins is None or ends is None:
        return
    first, last = bounds(begins, ends, used.kind)
    places = np.asarray(place_col.values).astype(str)
    booked = np.asarray(book_col.values).astype(str)
    usable = ~np.asarray(place_col.nulls, bool) & ~np.asarray(book_col.nulls, bool)
    by_place: dict[str, list[int]] = {}
    for row in np.flatnonzero(usable).tolist():
        by_place.setdefault(places[row], []).append(row)
    at, gone = found
    t = as_us(used).astype(np.int64)
    if b.hop:  # a row at a place with no booking in force: a parent at one that has
        live = usable[None, :] & (first[None, :] <= t[:, None]) & (t[:, None] <= last[None, :])
        in_force = [set(places[r].tolist()) for r in live]
        start = int(idx[0]) if idx.size else 0
        _to_booked_place(view, b, batch, (by_place, in_force), at, gone, start)
    mine = np.asarray(key.values).astype(str)
    source, valid = view.parent_keys(unit)
    ref = np.asarray(source[b.key_ref].values).astype(str)
    parent_of = {ref[r]: r for r in valid.tolist()}
    rng = view.rng(f"engaged:{b.key}", int(idx[0]) if idx.size else 0)
    now = int(clock.run_now(view.config).astype("datetime64[us]").astype(np.int64))
    window = [batch[c] for c in rule.data.get("times", [rule.columns[0]]) if c in batch]
    back = bool(rule.data.get("passed"))  # a row to come may move back: it then took place
    moved, shifts = [], []
    for row in np.flatnonzero(~used.nulls & ~gone & ~key.nulls).tolist():
        there = by_place.get(at[row])
        if not there:
            continue
        rows = np.asarray(there)
        live = rows[(first[rows] <= t[row]) & (t[row] <= last[rows])]
        if live.size and (booked[live] == mine[row]).any():
            continue
        if not live.size:  # the place's nearest booking the row's times move into
            found_at = _into(
                rows, first, last, t[row], partial(_crosses, window, row, now=now, back=back)
            )
            if found_at is None:
                continue  # no whole day fits but across the clock
            live, days = found_at
            shifts.append((row, days))
        choice = booked[live[rng.integers(0, live.size)]]
        parent = parent_of.get(choice)
        if parent is not None:
            moved.append((row, parent))
    for row, days in shifts:  # the row's window moves as one (its start and its end)
        for col in window:
            if not col.nulls[row]:
                col.values[row] = col.values[row] + np.timedelta64(days, "D")
    if moved:
        _repick(view, rule, batch, idx, moved)
    for passed in rule.data.get("passed", []) if shifts else []:
        outlived.RULE.apply(view, passed, batch, idx)


def _repick(
    view: TableView, rule: Rule, batch: Batch, idx: np.ndarray, moved: list[tuple[int, int]]
) -> None:
    """The rows' key takes the parents given; their lengths follow."""
    b: Booking = rule.data["booking"]
    unit = view.fk_cols[b.key]
    picked, nulls = view.parent_rows(b.key)
    source, _ = view.parent_keys(unit)
    if picked is None:
        return
    rows_moved = np.asarray([r for r, _ in moved])
    parents = np.asarray([p for _, p in moved])
    picked = picked.copy()
    picked[rows_moved] = parents
    for child, parent_col in unit.ref_map.items():
        batch[child].values[rows_moved] = source[parent_col].values[parents]
    view.repicked(b.key, picked, nulls)
    _lengths(view, rule, batch, idx, rows_moved)


def _lengths(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray, rows: np.ndarray) -> None:
    """The rows whose key moved take the length their new parent gives (a showing of the
    film now shown lasts its running time and more): the length rules planned on that key
    hold again on those rows, the others keep their times."""
    for length in rule.data.get("lengths", []):
        end = batch.get(length.columns[0])
        if end is None:
            continue
        was_values, was_nulls = end.values.copy(), end.nulls.copy()
        nominal.RULE.apply(view, length, batch, idx)
        kept = np.ones(end.values.size, bool)
        kept[rows] = False
        end.values[kept], end.nulls[kept] = was_values[kept], was_nulls[kept]


def _crosses(window: list[Col], row: int, days: int, now: int, back: bool = False) -> bool:
    """Whether moving the row's times by whole days takes one across the run's clock (what
    happened would lie ahead; what is to come behind, unless `back`: its status then
    follows)."""
    for col in window:
        if col.nulls[row]:
            continue
        t = int(np.datetime64(col.values[row], "us").astype(np.int64))
        if (t <= now) != (t + days * DAY_US <= now) and not (back and days < 0):
            return True
    return False


def _to_booked_place(
    view: TableView,
    b: Booking,
    batch: Batch,
    booked: tuple[dict[str, list[int]], list[set[str]]],
    at: np.ndarray,
    gone: np.ndarray,
    start: int,
) -> None:
    """Rows whose place (reached through the parent `via`) has no booking in force at their
    time take, where the key to that parent may be picked again, a parent at a place that
    has one then (a showing's screen at a cinema showing a film that day), else, where their
    place has no booking at all, at one that has some, at random; `at` follows."""
    by_place, in_force = booked
    unit = view.fk_cols.get(b.via)
    picked, nulls = view.parent_rows(b.via)
    stored = view.keys.tables.get(b.via_parent, {}).get(b.hop)
    if unit is None or picked is None or stored is None or not free_to_repick(view, unit):
        return
    none = ~np.isin(at, list(by_place))
    bad = ~gone & (none | np.asarray([a not in f for a, f in zip(at, in_force, strict=True)]))
    if not bad.any():
        return
    source, valid = view.parent_keys(unit)
    places = np.asarray(stored.values).astype(str)
    fit = valid[np.isin(places[valid], list(by_place)) & ~np.asarray(stored.nulls, bool)[valid]]
    if not fit.size:
        return
    rng = view.rng(f"engaged-place:{b.via}", start)
    moves: list[tuple[int, int]] = []
    for row in np.flatnonzero(bad).tolist():
        there = fit[np.isin(places[fit], list(in_force[row]))]
        there = there if there.size or not none[row] else fit
        if there.size:
            moves.append((row, int(there[rng.integers(0, there.size)])))
    if not moves:
        return
    rows = np.asarray([r for r, _ in moves])
    chosen = np.asarray([p for _, p in moves])
    picked = picked.copy()
    picked[rows] = chosen
    for child, parent_col in unit.ref_map.items():
        batch[child].values[rows] = source[parent_col].values[chosen]
    at[rows] = places[chosen]
    view.repicked(b.via, picked, nulls)


def _into(
    rows: np.ndarray, first: np.ndarray, last: np.ndarray, t: int, crosses: Callable[[int], bool]
) -> tuple[np.ndarray, int] | None:
    """The booking of the rows given nearest the time that whole days move the row's times
    into without taking one across the run's clock (one row), and those days."""
    gap = np.where(t < first[rows], first[rows] - t, np.maximum(t - last[rows], 0))
    for row in rows[np.argsort(gap, kind="stable")].tolist():
        days = _days(int(first[row]), int(last[row]), t)
        if days is not None and not crosses(days):
            return np.asarray([row]), days
    return None


def _days(first: int, last: int, t: int) -> int | None:
    """Whole days that move the time into the span (the time of day kept), None where the
    span holds no such day."""
    if t < first:
        days = -(-(first - t) // DAY_US)
    else:
        days = -(-(t - last) // DAY_US)
        days = -days
    return days if first <= t + days * DAY_US <= last else None


RULE = RowRule(
    "engaged",
    "a row takes place within its place's booking of what it shows (a cinema's of a film)",
    _plan,
    _apply,
    phases={"engaged": Phase.FINAL},
    after=("held",),  # on the times as they stay
    before=("as_happened",),  # the status then reads the times moved into a booking
)
