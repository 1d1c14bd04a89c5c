"""The record of a booking happens as booked: a row that is the one record of a parent with a
start and an end it plans (a rental of its reservation: UNIQUE (reservation_id), the
reservation's `pickup_at`..`return_due_at`) starts close to the planned start (most within a
quarter of an hour, a fifth up to two hours late) and ends close to the planned end (within a
few hours either way, a tenth a day or two early or late), at least as long after it
started as the shortest such thing lasts (rules/span.SCALES: a rental a day; else an hour);
a row whose length is its own (an encounter's, by its kind: rules/span.py) keeps it. A row
whose other parents' windows of validity (the licence a car is driven on) do not
hold at the booked time stays where it was.

The row's start and end are the times named after the planned ones' events (`picked_up_at`
for `pickup_at`, `returned_at` for `return_due_at`), else its first start/end pair
(rules/span.py), else its window (kinds/windows.py); the parent's are its window (not one
of validity: a licence's issued/expires is no plan). A start the move would put past the
run's clock where it was by it stays; an end that would pass it stops at it. Applied after
the rows were moved into their parents' windows and before the local hours
(rules/opening.py) and the counters that read their order."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.base.names import normalise
from workbench.generate.base.tables import unique_sets
from workbench.generate.kinds.events import event_of
from workbench.generate.kinds.windows import window_of
from workbench.generate.rules import span
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.generate.rules.paths import Path, source_values
from workbench.generate.rules.times import as_us, store
from workbench.generate.vocab import lexicon

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

MINUTE_US = 60_000_000
HOUR_US = 60 * MINUTE_US


def _event(name: str) -> str:
    """A time column's event without its plan's words (`return_due_at`, `returned_at`:
    return)."""
    found = event_of(name)
    words = (found[1] if found else normalise(name)).split("_")
    return "_".join(w for w in words if w not in lexicon.PLANNED)


def _own(view: TableView, planned: tuple[str, str] | None = None) -> tuple[str, str] | None:
    if planned is not None:  # the row's times named after the planned ones' events
        times = {_event(c): c for c, s in view.specs.items() if s.kind == "timestamp"}
        found = tuple(times.get(_event(c)) for c in planned)
        if found[0] is not None and found[1] is not None and found[0] != found[1]:
            return found[0], found[1]
    for start, end in span.pairs(view):
        if view.specs[start].kind == "timestamp" and view.specs[end].kind == "timestamp":
            return start, end
    window = window_of(view.schema, view.table, view.config)
    if window is None or window.validity:
        return None
    if {view.specs[c].kind for c in (window.start, window.end) if c in view.specs} == {"timestamp"}:
        return window.start, window.end
    return None


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    wholes = {tuple(sorted(u)) for u in unique_sets(view.table)}
    for unit in view.units:
        parent = view.schema.tables.get(unit.parent)
        if parent is None or unit.parent == view.tp.name or len(unit.fk.columns) != 1:
            continue
        if tuple(sorted(unit.fk.columns)) not in wholes:
            continue  # not the one record of its parent
        window = window_of(view.schema, parent, view.config)
        if window is None or window.validity:
            continue
        own = _own(view, (window.start, window.end))
        if own is None or not all(free(view, c) for c in own):
            continue
        fk = unit.fk.columns[0]
        detail = (f"{own[0]}..{own[1]} as booked: close to {unit.parent}."
                  f"{window.start}..{window.end}")  # fmt: skip
        # a duration of the row's own (an encounter's by its kind: rules/span.py) is kept
        lasting = any(r.kind == "span" and set(r.columns) == set(own) for r in planned)
        scale = span.scale_for(view)  # a rental lasts a day at least, not an hour
        data = {"fk": fk, "parent": unit.parent, "planned": [window.start, window.end],
                "lasting": lasting, "valid": _validity(view, fk),
                "least": scale[0] if scale else 60}  # fmt: skip
        return [Rule("booked", list(own), detail, data)]
    return []


def _validity(view: TableView, booking: str) -> list[list[str]]:
    """The row's other parents' windows of validity (the licence a rental is driven on):
    [fk, parent, start, end] each; a booked time outside one keeps where the row was."""
    out = []
    for unit in view.units:
        parent = view.schema.tables.get(unit.parent)
        if parent is None or len(unit.fk.columns) != 1 or unit.fk.columns[0] == booking:
            continue
        window = window_of(view.schema, parent, view.config)
        if window is not None and window.validity:
            out.append([unit.fk.columns[0], unit.parent, window.start, window.end])
    return out


def _valid_at(view: TableView, rule: Rule, batch: Batch, at: np.ndarray) -> np.ndarray:
    """Where each row's parents with a window of validity hold at `at` (microseconds)."""
    ok = np.ones(at.size, bool)
    for fk, parent, start, end in rule.data["valid"]:
        path = Path(fk, parent)
        for column, after in ((start, True), (end, False)):
            got = source_values(view, path, column, batch)
            if got is None:
                continue
            bound = np.asarray(got[0]).astype("datetime64[us]").astype(np.int64)
            if after:
                ok &= got[1] | (at >= bound)
            else:  # an end date holds all its day
                ok &= got[1] | (at < bound + 86_400_000_000)
    return ok


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    start, end = (batch.get(c) for c in rule.columns)
    if start is None or end is None:
        return
    path = Path(rule.data["fk"], rule.data["parent"])
    got = [source_values(view, path, c, batch) for c in rule.data["planned"]]
    if got[0] is None or got[1] is None:
        return
    n = start.values.size
    rng = row_rng(view, rule, idx)
    plan_start = np.asarray(got[0][0]).astype("datetime64[us]").astype(np.int64)
    plan_end = np.asarray(got[1][0]).astype("datetime64[us]").astype(np.int64)
    known = ~got[0][1] & ~start.nulls
    share = rng.random(n)
    late = np.where(share < 0.8, rng.integers(-10, 16, n), rng.integers(15, 121, n))
    begin = plan_start + late * MINUTE_US
    off = np.where(rng.random(n) < 0.1, rng.integers(-48, 49, n), rng.integers(-4, 5, n))
    least = int(rule.data.get("least", 60)) * MINUTE_US  # the shortest such thing
    finish = np.maximum(plan_end + off * HOUR_US + rng.integers(0, 60, n) * MINUTE_US,
                        begin + least)  # fmt: skip
    now = int(clock.run_now(view.config).astype("datetime64[us]").astype(np.int64))
    was, was_end = as_us(start).astype(np.int64), as_us(end).astype(np.int64)
    keep = known & (was <= now) & (begin > now)  # by the clock as it was: stays as it was
    keep |= ~_valid_at(view, rule, batch, begin)  # a licence not valid then: as it was
    if rule.data.get("lasting"):  # the row's own duration: its end moves with its start
        finish = was_end + (begin - was)
        keep |= ~end.nulls & (was_end <= now) & (finish > now)  # and would not end by now
    moved = known & ~keep
    rows = np.flatnonzero(moved)
    store(start, begin.astype("datetime64[us]"), rows)
    ended = moved & ~end.nulls & ~got[1][1]
    finish = np.where((was_end <= now) & (finish > now), np.maximum(now, begin), finish)
    store(end, finish.astype("datetime64[us]"), np.flatnonzero(ended))


RULE = RowRule(
    "booked",
    "the record of a booking happens as booked: its start and end close to the planned ones",
    _plan,
    _apply,
    phases={"booked": Phase.FINAL},
    after=("cover",),  # over the windows the row was moved into (within, series, cover) …
    before=("opening",),  # … and before the local hours and the counters
)
