"""A window of validity lasts what such a thing lasts: a meter stays installed, a tariff
stays valid, an employee stays employed months to years, not the day the stage timestamps of
a status leave between its start and its end (kinds/windows.py finds the window). A window
shorter than a month gets a length drawn around two years; an end that had happened by the
run's clock still has. Applied with the dates in order, before the rows that use the window
move into it (rules/within.py).

An expiry its holder keeps up with no start of its own (kinds/windows.held_expiry: a
technician's `hired_on`..`gwo_certificate_expires_on`) is the current document's: renewed
while the holder works, it lies ahead of the clock on most rows (up to three years), lapsed
a little on some (LAPSED), never before the holding began, and known on every row (what the
holder did fell within it: rules/within.py and valid_then.py keep the uses in it)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.kinds.windows import held_expiry, life_of, window_of, windows_of
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.generate.rules.times import DAY_US, as_us, is_time, latest, store
from workbench.generate.rules.within import undo_rejected

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

SHORTEST_DAYS = 30  # a window of validity shorter than this is redrawn
TYPICAL_DAYS = 730  # the median length drawn
LONGEST_DAYS = 3650
LAPSED = 0.08  # the share of held expiries already past, by up to LAPSED_DAYS
LAPSED_DAYS = 180
AHEAD_DAYS = 3 * 365  # the latest a held expiry lies ahead of the clock


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    first = window_of(view.schema, view.table, view.config)
    found = [first] if first is not None and first.validity else []
    # every window of validity of the row (a licence's and an employment's)
    found += [w for w in windows_of(view.schema, view.table, view.config) if w != first]
    held = held_expiry(view.schema, view.table, view.config)  # one bounding no child too
    found += [held] if held is not None and held not in found else []
    # a thing's life from its start to the time that ended it (a hive's `died_on`)
    life = life_of(view.schema, view.table, view.config)
    found += [life] if life is not None and life.end else []
    out = []
    for window in found:
        start, end = view.specs.get(window.start), view.specs.get(window.end)
        if start is None or end is None or not (is_time(start.kind) and is_time(end.kind)):
            continue
        if not free(view, window.end) or _declared(view, window.start, window.end):
            continue
        detail = f"{window.end} months to years after {window.start}"
        if window == held_expiry(view.schema, view.table, view.config):
            detail = f"{window.end} the current one's expiry, held since {window.start}"
        out.append(Rule("lasting", [window.end, window.start], detail))
    return out


def _declared(view: TableView, *names: str) -> bool:
    """Whether sandbox.toml orders one of the columns itself (a declared `after` wins)."""
    section = view.section
    if section is None:
        return False
    ordered = {c for c, o in section.columns.items() if o.after is not None}
    ordered |= {o.after for o in section.columns.values() if o.after is not None}
    return bool(ordered & set(names))


def _successors(view: TableView, batch: Batch, rule: Rule, finish: np.ndarray) -> np.ndarray:
    """For each row, the earliest of its other times at or after the window's end (an
    `updated_at`, a later stage): a longer window stops there, so the row's order holds."""
    cap = np.full(finish.size, np.datetime64("NaT"), "datetime64[us]")
    for name, spec in view.specs.items():
        col = batch.get(name)
        if name in rule.columns or col is None or not is_time(spec.kind):
            continue
        at = as_us(col)
        later = ~col.nulls & (at >= finish)
        if batch[rule.columns[0]].kind == "date":
            # a date stores its day; before a timestamp, the day before (in every time zone
            # a timestamp's day may be the one before UTC's)
            day = at.astype("datetime64[D]")
            at = (day if col.kind == "date" else day - np.timedelta64(1, "D")).astype(at.dtype)
        cap = np.where(later & (np.isnat(cap) | (at < cap)), at, cap)
    return cap


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    end, start = batch.get(rule.columns[0]), batch.get(rule.columns[1])
    if end is None or start is None:
        return
    if rule.detail.startswith(f"{rule.columns[0]} the current one's"):
        _held(view, rule, batch, idx)
        return
    begin, finish = as_us(start), as_us(end)
    both = ~start.nulls & ~end.nulls
    short = both & ((finish - begin).astype(np.int64) < SHORTEST_DAYS * DAY_US)
    if not short.any():
        return
    rng = row_rng(view, rule, idx)
    n = begin.size
    days = np.clip(rng.lognormal(np.log(TYPICAL_DAYS), 0.8, n), SHORTEST_DAYS, LONGEST_DAYS)
    later = begin + (days * DAY_US).astype(np.int64).astype("timedelta64[us]")
    now = latest(end, clock.run_now(view.config))  # a date: today's midnight at the latest
    happened = finish <= now  # an end that had happened by the clock still has
    room = (now - begin).astype(np.int64)
    by_now = begin + (room * rng.uniform(0.5, 1.0, n)).astype(np.int64).astype("timedelta64[us]")
    later = np.where(happened & (later > now), np.minimum(np.maximum(by_now, finish), now), later)
    cap = _successors(view, batch, rule, finish)
    later = np.where(~np.isnat(cap) & (later > cap), np.maximum(cap, finish), later)
    saved = {rule.columns[0]: end.values.copy()}
    store(end, later, np.flatnonzero(short))
    undo_rejected(view, batch, saved, short)


def _held(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    """A held expiry (module doc): ahead of the clock, or lately lapsed, after its start."""
    end, start = batch[rule.columns[0]], batch[rule.columns[1]]
    rows = np.flatnonzero(~start.nulls)
    if not rows.size:
        return
    rng = row_rng(view, rule, idx)
    n = end.values.size
    now = latest(end, clock.run_now(view.config)).astype("datetime64[us]")
    lapsed = rng.random(n) < LAPSED
    days = np.where(lapsed, -rng.uniform(1, LAPSED_DAYS, n), rng.uniform(30, AHEAD_DAYS, n))
    at = now + (days * DAY_US).astype(np.int64).astype("timedelta64[us]")
    floor = as_us(start) + np.timedelta64(SHORTEST_DAYS * DAY_US, "us")
    at = np.maximum(at, floor)
    saved = {rule.columns[0]: end.values.copy()}
    nulls = end.nulls.copy()
    store(end, at, rows)
    end.nulls[rows] = False
    undo_rejected(view, batch, saved, np.isin(np.arange(n), rows))
    back = end.values == saved[rule.columns[0]]  # a CHECK refused it: as it was
    end.nulls[:] = np.where(back, nulls, end.nulls)


RULE = RowRule(
    "lasting",
    "a window of validity lasts months to years (a meter installed, a tariff valid)",
    _plan,
    _apply,
    phases={"lasting": Phase.FINAL},
    after=("actual",),
    before=("tree_time", "within"),
)
