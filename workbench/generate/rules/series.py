"""Readings of a thing run up to now while it is in service and stop when it leaves service:
a vehicle in service was read lately (its odometer, its telematics), one decommissioned was
last read before it was, none before it was commissioned or after the run's clock.

A series is a table of readings (a register column, rules/counter.py, or a table named after
readings, measurements, observations or samples) whose rows have a time (the time they use
their parent at, kinds/windows.used_at) and a required parent with a window of service
(`commissioned_on`/`decommissioned_on`, `installed_at`/`removed_at`: kinds/windows.py).

The parent of every row is drawn once for the whole table (the same fan-out as any key: a few
parents read often, most a few times), so each row knows its place among its parent's
readings. The readings of one parent are spread over its time in service, in order, the last
one within the last days of it: before now for a parent still in service, before its end for
one that left service. Applied with the dates in order, after the rows were moved into their
parents' windows and before the registers are read off the times (rules/counter.py). A row
that is the one record of a parent's booking (a rental of its reservation) is no reading: its
times are its booking's."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.base.groups import ranks_within
from workbench.generate.base.hashing import skewed_index, stable_hash
from workbench.generate.base.names import normalise
from workbench.generate.base.tables import unique_sets
from workbench.generate.kinds.windows import used_at, window_of
from workbench.generate.rules.base import LinkRule, Phase, RowRule, Rule, Stage, free, row_rng
from workbench.generate.rules.counter import is_register
from workbench.generate.rules.times import DAY_US, as_us, is_time, store
from workbench.generate.rules.within import undo_rejected

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.links import Links
    from workbench.generate.view import FKUnit, TableView

# a table of readings by its name's words
SERIES_TABLES = re.compile(r"(reading|measurement|observation|sample|telemetry|heartbeat|metering)")
LAST_DAYS = 14.0  # the last reading of a parent lies at most this many days before its end


@dataclass
class Places:
    """Per table (scratch): each row's parent (a row of the parent's valid keys), its place
    among the parent's rows and their number; None once found impossible."""

    parents: np.ndarray | None = None
    rank: np.ndarray | None = None
    count: np.ndarray | None = None
    done: bool = False


def _series(view: TableView) -> bool:
    if SERIES_TABLES.search(normalise(view.tp.name)):
        return True
    return any(view.specs[c].kind in ("int", "decimal", "float") and is_register(view, c)
               for c in view.specs)  # fmt: skip


def _records_a_booking(view: TableView) -> bool:
    """Whether the row is the one record of a parent with a window (a rental of its
    reservation: UNIQUE (reservation_id)): its times are its parent's plan's, not readings
    spread over a service (an odometer read at each rental is not what dates it)."""
    wholes = {tuple(sorted(u)) for u in unique_sets(view.table)}
    for unit in view.units:
        parent = view.schema.tables.get(unit.parent)
        if parent is None or unit.parent == view.tp.name:
            continue
        if tuple(sorted(unit.fk.columns)) not in wholes:
            continue
        window = window_of(view.schema, parent, view.config)
        if window is not None and not window.validity:
            return True
    return False


def _unit(view: TableView, rule: Rule) -> FKUnit | None:
    return next((u for u in view.units if ",".join(u.fk.columns) == rule.data["fk"]), None)


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    when = used_at(view.schema, view.table, view.config)
    if when is None or when not in view.specs or not is_time(view.specs[when].kind):
        return []
    if not free(view, when) or window_of(view.schema, view.table, view.config) is not None:
        return []
    if not _series(view) or _records_a_booking(view):
        return []
    for unit in view.units:
        parent = view.schema.tables.get(unit.parent)
        if parent is None or unit.nullable or unit.mode != "normal" or unit.parent == view.tp.name:
            continue
        window = window_of(view.schema, parent, view.config)
        if window is None or not window.validity:
            continue
        fk = ",".join(unit.fk.columns)
        others = [c for c, s in view.specs.items()
                  if c != when and is_time(s.kind) and free(view, c)
                  and s.generator != "birth_date"]  # fmt: skip
        data = {"fk": fk, "parent": unit.parent, "start": window.start, "end": window.end,
                "others": others}  # fmt: skip
        detail = (f"{when} spread over {unit.parent}.{window.start}..{window.end}, "
                  f"the last reading within {LAST_DAYS:g} days of its end or of now")  # fmt: skip
        return [Rule("series", [when, *others], detail, data)]
    return []


def _places(view: TableView, rule: Rule, valid: np.ndarray) -> Places:
    """Every row's parent for the whole table, drawn once; their ranks and counts."""
    memo = view.scratch.get(Places)
    if memo.done:
        return memo
    memo.done = True
    rows = view.tp.rows
    if not valid.size or rows <= 0:
        return memo
    rng = view.rng(f"series:{rule.data['fk']}", 0)
    picked = skewed_index(rng, valid.size, rows, salt=stable_hash(rule.data["parent"]))
    rank, count = ranks_within(picked)
    memo.parents, memo.rank, memo.count = valid[picked], rank, count
    return memo


def _assign(view: TableView, links: Links, batch: Batch, idx: np.ndarray) -> None:
    """The rows of a series take the parents drawn for the whole table."""
    rule = next((r for r in view.rules if r.kind == "series"), None)
    if rule is None or not idx.size:
        return
    unit = _unit(view, rule)
    if unit is None or not view.drawn_freely(unit):
        return
    source, valid = view.parent_keys(unit)
    starts = view.keys.tables.get(unit.parent, {}).get(rule.data["start"])
    if starts is not None:
        valid = valid[~starts.nulls[valid]]  # never in service: never read
    places = _places(view, rule, valid)
    if places.parents is None or int(idx.max()) >= places.parents.size:
        return
    links.assign(batch, unit, places.parents[idx], idx.size, np.zeros(idx.size, bool), source)


def _parent_time(view: TableView, rule: Rule, column: str, rows: np.ndarray) -> np.ndarray:
    stored = view.keys.tables.get(rule.data["parent"], {}).get(column)
    if stored is None:
        return np.full(rows.size, np.datetime64("NaT"), "datetime64[us]")
    values = np.asarray(stored.values[rows]).astype("datetime64[us]")
    return np.where(stored.nulls[rows], np.datetime64("NaT"), values)


def _inside(view: TableView, rule: Rule, which: str, kind: str) -> np.timedelta64:
    """How far inside the parent's window a reading keeps: a day where a date meets a
    timestamp (their midnight in any time zone), else a minute."""
    stored = view.keys.tables.get(rule.data["parent"], {}).get(rule.data[which])
    dated = kind == "date" or (stored is not None and stored.kind == "date")
    return np.timedelta64(DAY_US if dated else 60_000_000, "us")


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    when = batch.get(rule.columns[0])
    rows, nulls = view.parent_rows(rule.data["fk"])
    places = view.scratch.get(Places)
    if when is None or rows is None or places.parents is None or places.rank is None:
        return
    if places.count is None or int(idx.max()) >= places.parents.size:
        return
    ours = ~nulls & ~when.nulls & (places.parents[idx] == rows)
    begins = _parent_time(view, rule, rule.data["start"], rows)
    ends = _parent_time(view, rule, rule.data["end"], rows)
    now = clock.run_now(view.config)
    if when.kind == "date":
        now = now.astype("datetime64[D]").astype("datetime64[us]")
    # a date in service meets a timestamp at its midnight: a day inside, in every time zone;
    # two timestamps a minute inside (a meter installed this morning is read this afternoon)
    inside = {c: _inside(view, rule, c, when.kind) for c in ("start", "end")}
    first = begins + inside["start"]
    last = np.where(np.isnat(ends), now, np.minimum(ends - inside["end"], now))
    ours &= ~np.isnat(begins) & (first < last)
    if not ours.any():
        return
    rng = row_rng(view, rule, idx)
    n = idx.size
    span = (last - first).astype(np.int64)
    back = np.minimum(rng.random(n) * LAST_DAYS * DAY_US, span * 0.5).astype(np.int64)
    final = last - back.astype("timedelta64[us]")
    rank, count = places.rank[idx], places.count[idx]
    # the readings before the last, in order over the time in service
    share = (rank + rng.random(n)) / np.maximum(count - 1, 1)
    spread = (first.astype(np.int64) + share * (final - first).astype(np.int64)).astype(np.int64)
    new = np.where(rank >= count - 1, final.astype(np.int64), spread).astype("datetime64[us]")
    old = as_us(when)
    saved = {c: batch[c].values.copy() for c in rule.columns if c in batch}
    at = np.flatnonzero(ours)
    store(when, new, at)
    delta = new - old
    for column in rule.data["others"]:  # the row's other times keep their distance to it
        col = batch.get(column)
        if col is not None:
            store(col, np.minimum(as_us(col) + delta, now), np.flatnonzero(ours & ~col.nulls))
    undo_rejected(view, batch, saved, ours)


RULE = RowRule(
    "series",
    "readings of a thing run over its time in service, the last one lately (or at its end)",
    _plan,
    _apply,
    phases={"series": Phase.FINAL},
    after=("within", "period", "sequence"),
    before=("counter",),
)
PLACES = LinkRule(
    "series places",
    "the readings of a series take parents drawn for the whole table (each knows its place)",
    Stage.KEYS,
    _assign,
    after=("parents in sequence",),
    before=("keys that meet at a site",),
)
