"""A label that says when in the day a thing starts decides the local hour of its start: an
early shift begins at 05:00-07:59, a day shift at 07:00-09:59, a late one at 13:00-15:59, a
night one at 21:00-23:59; a morning, afternoon or evening slot, an overnight stay the same
(lexicon.DAYPARTS, read per word of each label).

The labels are a choice or an enum of the row (`shift`, `slot`, `session_kind`) of which at
least two name a part of the day; the start is the table's start time (its first start/end
pair, rules/span.py, else its window's start), a timestamp. The hour is the local one of the
row's place: a time zone column of the row or of the parent it points to (`work_sites.
time_zone`), else a country's (the row's or that parent's country code: its largest city's
zone), else UTC. The start moves within its local day into its label's hours and the end
moves with it (the duration stays the span rule's); a row that would end after the run's
clock moves a day back. A row without its end yet (a shift under way, an open session) is
the latest start by the clock of the labels' hours: its label is the part of the day that
began last, where the label is free to be set.

Any schema with a time-of-day label beside a start: a factory's or a hospital's rota, a call
centre's agent sessions by slot, a school's morning and afternoon sessions, a parking
operator's night tickets."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.base.batch import label_codes, typed_label
from workbench.generate.kinds.windows import window_of
from workbench.generate.rules import local_time
from workbench.generate.rules.base import Phase, RowRule, Rule, free, labels_of, row_rng
from workbench.generate.rules.one_at_a_time import timeline_of
from workbench.generate.rules.span import pairs
from workbench.generate.vocab import lexicon

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch, Col
    from workbench.generate.view import TableView

HOUR_US = 3_600_000_000
DAY_US = 24 * HOUR_US


def keep_columns(view: TableView) -> set[str]:
    """What a parent keeps for its children's local hours: its time zone or country column."""
    return local_time.keep_columns(view)


def _start(view: TableView) -> tuple[str, str | None] | None:
    """The start to place and its end (None: the row has a start only)."""
    for start, end in pairs(view):
        if view.specs[start].kind == "timestamp" and view.specs[end].kind == "timestamp":
            return start, end
    window = window_of(view.schema, view.table, view.config)
    if window is not None and view.specs[window.start].kind == "timestamp":
        return window.start, window.end
    return None


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    found = _start(view)
    if found is None or not free(view, found[0]) or (found[1] and not free(view, found[1])):
        return []
    start, end = found
    for name, spec in view.specs.items():
        bands: dict[str, tuple[int, int]] = {}
        for label in labels_of(spec):
            band = lexicon.daypart(label)
            if band is not None:
                bands[label] = band
        if len(set(bands.values())) < 2 or name == start:
            continue
        place = local_time.zone_column(view, view.tp.name)
        where = ("", place[0], place[1]) if place else None
        if where is None or where[1] == "country":
            for unit in view.units:
                if len(unit.fk.columns) != 1:
                    continue
                other = local_time.zone_column(view, unit.parent)
                if other is not None and (where is None or other[0] == "zone"):
                    where = (unit.fk.columns[0], other[0], other[1])
                    if other[0] == "zone":
                        break
        detail = f"{start} in the local hours its {name} names: " + ", ".join(
            f"{lab} {lo:02d}-{hi:02d}h" for lab, (lo, hi) in bands.items()
        )
        timeline = timeline_of(view.schema, view.table, view.config)
        owner = timeline[0].columns[0] if timeline is not None and timeline[1] == start else ""
        data = {"bands": {lab: list(b) for lab, b in bands.items()}, "where": where,
                "label_free": free(view, name), "owner": owner}  # fmt: skip
        return [Rule("daypart", [start, name] + ([end] if end else []), detail, data)]
    return []


def _zones(view: TableView, rule: Rule, batch: Batch, n: int) -> np.ndarray:
    """Each row's time zone name ('' where none is known)."""
    where = rule.data["where"]
    if where is None:
        return np.full(n, "", dtype=object)
    fk, how, column = where
    if not fk:
        col: Col | None = batch.get(column)
        if col is None:
            return np.full(n, "", dtype=object)
        values, nulls = np.asarray(col.values, dtype=object), col.nulls
    else:
        unit = next((u for u in view.units if u.fk.columns[0] == fk), None)
        rows, missing = view.parent_rows(fk)
        stored = view.keys.tables.get(unit.parent, {}).get(column) if unit else None
        if rows is None or stored is None:
            return np.full(n, "", dtype=object)
        values = np.asarray(stored.values, dtype=object)[rows]
        nulls = missing | stored.nulls[rows]
    names = np.where(nulls, "", values.astype(str)).astype(object)
    if how == "country":
        codes, back = np.unique(names.astype(str), return_inverse=True)
        zones = [local_time.country_zone(c) if c else "" for c in codes.tolist()]  # per country
        names = np.asarray(zones, dtype=object)[back]
    return names


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    cols = [batch.get(c) for c in rule.columns]
    start, labels = cols[0], cols[1]
    end = cols[2] if len(cols) > 2 else None
    if start is None or labels is None:
        return
    rng = row_rng(view, rule, idx)
    now = int(clock.run_now(view.config).astype("datetime64[us]").astype(np.int64))
    n = start.values.size
    bands = {lab: (int(b[0]), int(b[1])) for lab, b in rule.data["bands"].items()}
    zones = _zones(view, rule, batch, n)
    begin = np.asarray(start.values).astype("datetime64[us]").astype(np.int64)
    known = ~start.nulls
    ends = end is not None
    finish = np.asarray(end.values).astype("datetime64[us]").astype(np.int64) if end else begin
    open_rows = (end.nulls & known) if end is not None else np.zeros(n, bool)
    now_offset = local_time.offsets(zones, np.full(n, now).astype("datetime64[us]"))
    local_hour = ((now + now_offset) % DAY_US) // HOUR_US
    if open_rows.any() and rule.data["label_free"]:
        _label_open(labels, open_rows, bands, local_hour)
    texts, codes = label_codes(labels)
    lo, hi = np.full(n, -1), np.full(n, -1)
    for at, text in enumerate(texts):
        if text in bands:
            lo[codes == at], hi[codes == at] = bands[text]
    placed = known & (lo >= 0) & ~labels.nulls
    offset = local_time.offsets(zones, np.where(placed, begin, now).astype("datetime64[us]"))
    local_day = (begin + offset) // DAY_US * DAY_US
    share = rng.random(n)
    moved = local_day + (lo * HOUR_US + share * (hi - lo + 1) * HOUR_US).astype(np.int64) - offset
    # under way: begun the hours since its part of the day began, by the clock
    gone = (local_hour - lo - 1) % 24 + 1
    hour_start = (now + now_offset) // HOUR_US * HOUR_US
    lately = hour_start - gone * HOUR_US + (share * np.minimum(hi - lo + 1, gone) * HOUR_US)
    lately = np.minimum(lately.astype(np.int64), now + now_offset - 60_000_000) - now_offset
    moved = np.where(open_rows, lately, moved)
    delta = moved - begin
    late = placed & ~open_rows & ((finish if ends else begin) + delta > now)
    delta = np.where(late, delta - DAY_US, delta)
    owner = rule.data.get("owner")
    held = batch.get(owner) if owner else None
    if held is not None:  # one at a time per owner: a move by whole days keeps the hours
        ending = np.where(open_rows, now, finish if ends else begin)
        delta = _apart(np.asarray(held.values), placed, begin + delta, ending + delta, now) - begin
    rows = np.flatnonzero(placed)
    _put(start, begin + delta, rows)
    if end is not None:
        _put(end, finish + delta, np.flatnonzero(placed & ~end.nulls))


def _apart(
    owner: np.ndarray, placed: np.ndarray, begin: np.ndarray, end: np.ndarray, now: int
) -> np.ndarray:
    """The starts, an owner's rows (a worker's shifts) moved by whole days where one would
    begin before the one before it ended: the later a day on, else (by the clock) the
    earlier a day back."""
    begin, end = begin.copy(), end.copy()
    rows = np.flatnonzero(placed)
    for _ in range(8):
        order = rows[np.lexsort((begin[rows], owner[rows]))]
        same = owner[order[1:]] == owner[order[:-1]]
        clash = same & (begin[order[1:]] < end[order[:-1]])
        if not clash.any():
            break
        later, earlier = order[1:][clash], order[:-1][clash]
        days = np.ceil((end[earlier] - begin[later]) / DAY_US).astype(np.int64) * DAY_US
        on = end[later] + days <= now
        begin[later[on]] += days[on]
        end[later[on]] += days[on]
        back = earlier[~on]
        begin[back] -= days[~on]
        end[back] -= days[~on]
    return begin


def _put(col: Col, values: np.ndarray, rows: np.ndarray) -> None:
    at = values[rows].astype("datetime64[us]").astype("datetime64[s]")
    col.values[rows] = at.astype(col.values.dtype)


def _label_open(
    labels: Col, open_rows: np.ndarray, bands: dict[str, tuple[int, int]], local_hour: np.ndarray
) -> None:
    """An open row's label: the part of the day that began last, an hour ago or more."""
    rows = np.flatnonzero(open_rows)
    names = list(bands)
    best = np.full(rows.size, -1)
    since = np.full(rows.size, 99)
    for at, label in enumerate(names):
        gone = (local_hour[rows] - bands[label][0] - 1) % 24 + 1
        better = gone < since
        best = np.where(better, at, best)
        since = np.where(better, gone, since)
    for at, label in enumerate(names):
        chosen = rows[best == at]
        labels.values[chosen] = typed_label(labels, label)
        labels.nulls[chosen] = False


RULE = RowRule(
    "daypart",
    "a label naming a part of the day sets the local hour its row starts at",
    _plan,
    _apply,
    phases={"daypart": Phase.FINAL},
    after=("pause",),  # last: once the clock, the duration and its pause are placed
)
