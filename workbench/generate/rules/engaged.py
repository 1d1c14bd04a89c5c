"""A row takes place within a booking of what it shows at where it is: a showing's film is
one its cinema has booked for that day, a match's club one holding the pitch that week
(kinds/engaged.py finds the booking table from the schema: two keys unique together and a
span of days, neither referenced by the row).

The row's key to what is booked is drawn before its times settle and the bookings on their
own, so a row rarely falls inside one. Here, once every rule that moves times has placed
them, a row whose place holds no booking of its own pick in force at its time (a day's
margin either side of a span of dates: the place's local day) takes the booked side of one
of its place's bookings that is, at random; where none is, of the place's booking nearest
in time, the row's times moving into its span by whole days (their hours kept; nothing that
happened moved past the run's clock). A row at a place with no booking, reached through a
parent (a showing's screen's cinema), first takes a parent at a place that has one, where
that key may be picked again too.

Only a key drawn freely that nothing else holds (valid_then.free_to_repick), not one other
keys of the row meet through (rules/meets.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.kinds.engaged import Booking, bookings_of
from workbench.generate.kinds.windows import used_at
from workbench.generate.rules.base import Phase, RowRule, Rule
from workbench.generate.rules.meets import generator_meets
from workbench.generate.rules.times import DAY_US, as_us
from workbench.generate.rules.valid_then import bounds, free_to_repick

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    schema, table = view.schema, view.table
    when = used_at(schema, table, view.config)
    if when is None or when not in view.specs:
        return []
    meets = {id(u) for _, hop, direct in generator_meets(view) for u in (hop, direct)}
    out = []
    for b in bookings_of(schema, table, view.config):
        unit = view.fk_cols.get(b.key)
        if unit is None or id(unit) in meets or not free_to_repick(view, unit):
            continue
        if b.via not in view.fk_cols:
            continue
        detail = f"{b.key} booked at its {b.via} in {b.table} at {when}"
        out.append(Rule("engaged", [when, b.key], detail, {"booking": b}))
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
    picked, nulls = view.parent_rows(b.key)
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
    if b.hop:  # a row at a place with no booking: a parent at one that has (its screen)
        _to_booked_place(view, b, batch, by_place, at, gone, int(idx[0]) if idx.size else 0)
    t = as_us(used).astype(np.int64)
    mine = np.asarray(key.values).astype(str)
    source, valid = view.parent_keys(unit)
    ref = np.asarray(source[b.key_ref].values).astype(str)
    parent_of = {ref[r]: r for r in valid.tolist()}
    rng = view.rng(f"engaged:{b.key}", int(idx[0]) if idx.size else 0)
    now = int(clock.run_now(view.config).astype("datetime64[us]").astype(np.int64))
    moved, shifts = [], []
    for row in np.flatnonzero(~used.nulls & ~gone & ~key.nulls).tolist():
        there = by_place.get(at[row])
        if not there:
            continue
        rows = np.asarray(there)
        live = rows[(first[rows] <= t[row]) & (t[row] <= last[rows])]
        if live.size and (booked[live] == mine[row]).any():
            continue
        if not live.size:  # the place's nearest booking: the row's times move into it
            live = _nearest(rows, first, last, t[row])
            days = _days(first[live[0]], last[live[0]], t[row])
            if days is None or (days > 0 and t[row] <= now < t[row] + days * DAY_US):
                continue  # no whole day fits, or what happened would lie ahead
            shifts.append((row, days))
        choice = booked[live[rng.integers(0, live.size)]]
        parent = parent_of.get(choice)
        if parent is not None:
            moved.append((row, parent))
    for row, days in shifts:  # the times that follow the start move with it (as_one.py)
        used.values[row] = used.values[row] + np.timedelta64(days, "D")
    if not moved:
        return
    rows_moved = np.asarray([r for r, _ in moved])
    parents = np.asarray([p for _, p in moved])
    picked = picked.copy()
    picked[rows_moved] = parents
    for child, parent_col in unit.ref_map.items():
        batch[child].values[rows_moved] = source[parent_col].values[parents]
    view.repicked(b.key, picked, nulls)


def _to_booked_place(
    view: TableView,
    b: Booking,
    batch: Batch,
    by_place: dict[str, list[int]],
    at: np.ndarray,
    gone: np.ndarray,
    start: int,
) -> None:
    """Rows whose place (reached through the parent `via`) has no booking take, where the
    key to that parent may be picked again, a parent at a place that has one, at random;
    `at` follows."""
    unit = view.fk_cols.get(b.via)
    picked, nulls = view.parent_rows(b.via)
    stored = view.keys.tables.get(b.via_parent, {}).get(b.hop)
    if unit is None or picked is None or stored is None or not free_to_repick(view, unit):
        return
    bad = ~gone & ~np.isin(at, list(by_place))
    if not bad.any():
        return
    source, valid = view.parent_keys(unit)
    places = np.asarray(stored.values).astype(str)
    fit = valid[np.isin(places[valid], list(by_place)) & ~np.asarray(stored.nulls, bool)[valid]]
    if not fit.size:
        return
    rows = np.flatnonzero(bad)
    rng = view.rng(f"engaged-place:{b.via}", start)
    chosen = fit[rng.integers(0, fit.size, rows.size)]
    picked = picked.copy()
    picked[rows] = chosen
    for child, parent_col in unit.ref_map.items():
        batch[child].values[rows] = source[parent_col].values[chosen]
    at[rows] = places[chosen]
    view.repicked(b.via, picked, nulls)


def _nearest(rows: np.ndarray, first: np.ndarray, last: np.ndarray, t: int) -> np.ndarray:
    """The booking of the rows given whose span lies nearest the time (one row)."""
    gap = np.where(t < first[rows], first[rows] - t, np.maximum(t - last[rows], 0))
    return rows[[int(np.argmin(gap))]]


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
