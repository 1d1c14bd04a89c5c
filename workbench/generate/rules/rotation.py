"""A vehicle's trips follow one another in place and time: an aircraft's next flight departs
from the airport where its previous one landed, after it landed (and a turnaround); a train's
next run starts at the station the last one reached, a truck's, a rental car's, a bike's, a
ship's likewise.

The shape: a table of trips with a window it takes place in (kinds/windows.py: departure and
arrival, start and end), an index whose leading column is a key to the vehicle and whose next
column is the window's start (`INDEX (aircraft_id, scheduled_departure)`: the vehicle's trips
read in time order; the key may be NULL, a trip not yet given a vehicle), and two places: two
keys of the row's own into one table (`start_station_id`/`end_station_id`), or one key to a
way whose two keys name one table (a flight's route: `origin_airport_code`/
`destination_airport_code`); the first is where it starts unless the words say otherwise.

Two steps, as the keys and the times are made at different stages:

- the places (`KEYS`, last among the keys): per vehicle, in the rows' order (and after the
  last place a vehicle reached in earlier batches), each row starts where the one before
  ended: its own start key takes the previous end's place (its end drawn again should it be
  that same place), or its way is picked again among the ways that start there and agree
  with the row's other keys on what they share (a route of the flight's airline);
- the times (`FINAL`, after the other time rules): per vehicle, the rows take the vehicle's
  time slots in their order: each row keeps its own length (the trip over its way), and
  takes from the slot its start, its status and what goes with it (a reason, the actual times
  as offsets from the plan); slots of trips that did not take place (cancelled) go to the
  vehicle's last rows, so those that did follow one another unbroken. A trip that would
  start before the previous one ended plus a turnaround is pushed later, with its times."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.generate.base import clock
from workbench.generate.base.batch import label_codes
from workbench.generate.base.names import normalise
from workbench.generate.kinds.events import event_of
from workbench.generate.kinds.timetable import RUNNING
from workbench.generate.kinds.windows import TIME_KINDS, window_of
from workbench.generate.rules.base import LinkRule, Phase, RowRule, Rule, Stage, free, row_rng
from workbench.generate.rules.link_scope import draw_alike
from workbench.generate.rules.recent import status_meanings
from workbench.generate.rules.times import as_us, is_time, store
from workbench.generate.vocab.lexicon import DESTINATIONS, ORIGINS
from workbench.generate.vocab.outcomes import called_off
from workbench.schema import memo
from workbench.schema.typeinfo import resolve_type

if TYPE_CHECKING:
    from workbench.config.file import Config
    from workbench.generate.base.batch import Batch
    from workbench.generate.links import Links
    from workbench.generate.view import FKUnit, TableView
    from workbench.schema.model import ForeignKey, Schema, Table

TURNAROUND_US = (25 * 60_000_000, 70 * 60_000_000)  # a vehicle's time between two trips
NONE = np.iinfo(np.int64).min // 4


@dataclass(frozen=True)
class Rotation:
    """A table of trips' vehicle key, window, and places: the row's own two place keys
    (`way` empty), or its key to a way and the way's two place columns."""

    vehicle: str
    start: str
    end: str
    origin: str
    destination: str
    way: str = ""
    way_table: str = ""
    shared: tuple[str, ...] = ()  # columns the way and the row both hold (an airline)


def _single(table: Table) -> list[ForeignKey]:
    return [fk for fk in table.foreign_keys
            if len(fk.columns) == 1 and fk.ref_qualified != table.qualified]  # fmt: skip


def _ends(fks: Sequence[ForeignKey]) -> tuple[str, str] | None:
    """(origin, destination) columns among keys into one table, by their words, else in the
    table's order."""
    by_ref: dict[str, list[str]] = {}
    for fk in fks:
        by_ref.setdefault(fk.ref_qualified, []).append(fk.columns[0] or "")
    for columns in by_ref.values():
        if len(columns) < 2:
            continue
        first, second = columns[0], columns[1]
        words = [set(normalise(c).split("_")) for c in (first, second)]
        if (words[0] & DESTINATIONS or words[1] & ORIGINS) and not words[0] & ORIGINS:
            first, second = second, first
        return first, second
    return None


@memo.by_identity
def rotation_of(schema: Schema, table: Table, config: Config) -> Rotation | None:
    """The table's rotation, when its rows are trips of a vehicle between two places."""
    window = window_of(schema, table, config)
    if window is None or window.validity:
        return None
    for name in (window.start, window.end):
        column = table.column(name)
        if column is None or resolve_type(schema, column.type).kind not in TIME_KINDS:
            return None
    singles = _single(table)
    # the vehicle: a key an index reads the trips by in time order; of two such keys (a
    # ship's sailings indexed by route and by vessel) the one the places are not read through
    vehicles = [fk for index in table.indexes for fk in singles
                if index.predicate is None and len(index.columns) >= 2
                and index.columns[1] == window.start
                and fk.columns[0] == index.columns[0]]  # fmt: skip
    for vehicle in vehicles:
        found = _places(schema, table, singles, vehicle)
        if found is not None:
            return Rotation(vehicle.columns[0] or "", window.start, window.end, *found[:2],
                            way=found[2], way_table=found[3], shared=found[4])  # fmt: skip
    return None


def _places(schema: Schema, table: Table, singles: list[ForeignKey], vehicle: ForeignKey
            ) -> tuple[str, str, str, str, tuple[str, ...]] | None:  # fmt: skip
    """(origin, destination, way key, way table, shared columns) of the trips of `vehicle`:
    two keys of the row's own into one table (no way), or a key to a way whose two keys do."""
    others = [
        fk for fk in singles if fk is not vehicle and fk.ref_qualified != vehicle.ref_qualified
    ]
    own = _ends(others)
    if own is not None:
        return own[0], own[1], "", "", ()
    mine = {fk.columns[0]: fk.ref_qualified for fk in others}
    for fk in others:
        parent = schema.tables.get(fk.ref_qualified)
        if parent is None:
            continue
        ways = _ends([p for p in _single(parent) if p.ref_qualified != table.qualified])
        if ways is None:
            continue
        shared = tuple(sorted(p.columns[0] or "" for p in _single(parent)
                              if mine.get(p.columns[0]) == p.ref_qualified
                              and p.columns[0] != fk.columns[0]))  # fmt: skip
        return ways[0], ways[1], fk.columns[0] or "", parent.qualified, shared
    return None


@dataclass
class _Places:
    """Per table (scratch): the rotation, once looked for, and the place each vehicle row
    reached last over the batches so far (as text; '' none)."""

    found: bool = False
    rotation: Rotation | None = None
    last: dict[int, str] = field(default_factory=dict)


def as_text(values: np.ndarray, nulls: np.ndarray) -> np.ndarray:
    out = np.asarray(values).astype(str).astype(object)
    out[np.asarray(nulls)] = ""
    return out


def unit_of(view: TableView, column: str) -> FKUnit | None:
    return next((u for u in view.units if u.fk.columns == [column]), None)


def _chain_places(view: TableView, links: Links, batch: Batch, idx: np.ndarray) -> None:
    state = view.scratch.get(_Places)
    if not state.found:
        state.found = True
        state.rotation = rotation_of(view.schema, view.table, view.config)
    rot = state.rotation
    if rot is None or not idx.size:
        return
    vehicles, vnulls = view.parent_rows(rot.vehicle)
    if vehicles is None:
        return
    live = np.flatnonzero(~vnulls)
    order = live[np.lexsort((live, np.asarray(vehicles)[live]))]
    if not order.size:
        return
    owner = np.asarray(vehicles)[order]
    first = np.r_[True, owner[1:] != owner[:-1]]
    rng = view.rng("rotation-places:" + rot.vehicle, int(idx[0]))
    if rot.way:
        _chain_ways(view, links, batch, (order, owner, first), state, rng)
    else:
        _chain_own(view, links, batch, (order, owner, first), state, rng)


def _chain_own(view: TableView, links: Links, batch: Batch,
               groups: tuple[np.ndarray, np.ndarray, np.ndarray], state: _Places,
               rng: np.random.Generator) -> None:  # fmt: skip
    """The row's own start key takes the place the vehicle's previous row ended at."""
    rot = state.rotation
    assert rot is not None
    order, owner, first = groups
    a, b = unit_of(view, rot.origin), unit_of(view, rot.destination)
    if a is None or b is None or not (links.drawn_freely(a) and links.drawn_freely(b)):
        return
    a_rows, a_nulls = view.parent_rows(rot.origin)
    b_rows, b_nulls = view.parent_rows(rot.destination)
    if a_rows is None or b_rows is None:
        return
    source, valid = view.parent_keys(b)
    if valid.size < 2:
        return
    ends, end_nulls = np.asarray(b_rows).copy(), b_nulls.copy()
    starts = np.asarray(a_rows).copy()
    key = next(iter(b.ref_map.values()))
    texts = as_text(source[key].values, source[key].nulls)
    where = {t: int(r) for r, t in zip(valid.tolist(), texts[valid].tolist(), strict=True)}
    carried = np.asarray([where.get(state.last.get(int(v), ""), -1) for v in owner[first]])
    for _ in range(8):  # an end drawn again where it is the place the trip starts from
        prev = np.r_[-1, ends[order][:-1]]
        prev[first] = carried
        same = (prev >= 0) & (ends[order] == prev)
        if not same.any():
            break
        ends[order[same]] = draw_alike(view, b.parent, ends[order[same]], valid, rng)
    prev = np.r_[-1, ends[order][:-1]]
    prev[first] = carried
    unknown = np.r_[True, end_nulls[order][:-1]]  # a trip that ended nowhere known
    unknown[first] = False
    has = (prev >= 0) & ~unknown
    starts[order[has]] = prev[has]
    links.assign(batch, a, starts, starts.size, a_nulls, view.parent_keys(a)[0])
    links.assign(batch, b, ends, ends.size, end_nulls, source)
    last = np.flatnonzero(np.r_[owner[1:] != owner[:-1], True])
    for v, r in zip(owner[last].tolist(), ends[order[last]].tolist(), strict=True):
        state.last[int(v)] = str(texts[r])


class _Codes:
    """Texts as integer codes, one code per distinct text of the columns given (-1: a text
    none of them holds)."""

    def __init__(self, *columns: np.ndarray) -> None:
        self.kinds = np.unique(np.concatenate([np.asarray(c).astype(str) for c in columns]))

    def of(self, texts: np.ndarray) -> np.ndarray:
        texts = np.asarray(texts).astype(str)
        if not self.kinds.size:
            return np.full(texts.size, -1, np.int64)
        at = np.minimum(np.searchsorted(self.kinds, texts), self.kinds.size - 1)
        return np.where(self.kinds[at] == texts, at, -1).astype(np.int64)

    def combine(self, first: np.ndarray, rest: Sequence[np.ndarray]) -> np.ndarray:
        radix = self.kinds.size + 1
        out = first.astype(np.int64)
        for part in rest:
            out = out * radix + part
        return out


def _chain_ways(view: TableView, links: Links, batch: Batch,
                groups: tuple[np.ndarray, np.ndarray, np.ndarray], state: _Places,
                rng: np.random.Generator) -> None:  # fmt: skip
    """Each row's way is picked again among the ways that start where the vehicle's previous
    row's way ended and that agree with the row on what they share; none: it keeps its own."""
    rot = state.rotation
    assert rot is not None
    order, owner, first = groups
    unit = unit_of(view, rot.way)
    picked, nulls = view.parent_rows(rot.way)
    if unit is None or picked is None or not links.drawn_freely(unit):
        return
    source, valid = view.parent_keys(unit)
    if any(c not in source for c in (rot.origin, rot.destination, *rot.shared)):
        return
    if any(c not in batch for c in rot.shared) or not valid.size:
        return
    origin = as_text(source[rot.origin].values, source[rot.origin].nulls)
    dest = as_text(source[rot.destination].values, source[rot.destination].nulls)
    row_shared = [as_text(batch[c].values, batch[c].nulls) for c in rot.shared]
    way_shared = [as_text(source[c].values, source[c].nulls)[valid] for c in rot.shared]
    codes = _Codes(origin[valid], *way_shared, *row_shared)
    # a way's key: where it starts and what it shares; the ways sorted by it
    way_key = codes.combine(codes.of(origin[valid]), [codes.of(w) for w in way_shared])
    by_key = np.argsort(way_key, kind="stable")
    sorted_keys = way_key[by_key]
    row_rest = [codes.of(r) for r in row_shared]
    chosen = np.asarray(picked).copy()
    rank = np.arange(order.size) - np.maximum.accumulate(np.where(first, np.arange(order.size), 0))
    place = np.full(order.size, "", dtype=object)
    place[first] = [state.last.get(int(v), "") for v in owner[first]]
    for step in range(int(rank.max()) + 1 if rank.size else 0):
        at = np.flatnonzero(rank == step)
        if step > 0:  # where the previous row's (final) way ends
            place[at] = dest[chosen[order[at - 1]]]
        rows = order[at]
        start = codes.of(place[at])
        keys = codes.combine(start, [r[rows] for r in row_rest])
        lo = np.searchsorted(sorted_keys, keys, side="left")
        hi = np.searchsorted(sorted_keys, keys, side="right")
        has = (hi > lo) & (start >= 0)
        pick = lo + (rng.random(rows.size) * np.maximum(hi - lo, 1)).astype(np.int64)
        chosen[rows[has]] = valid[by_key[np.minimum(pick[has], valid.size - 1)]]
    last = np.flatnonzero(np.r_[owner[1:] != owner[:-1], True])
    for v, r in zip(owner[last].tolist(), chosen[order[last]].tolist(), strict=True):
        state.last[int(v)] = str(dest[r])
    if not np.array_equal(chosen, picked):
        links.assign(batch, unit, chosen, chosen.size, nulls, source)


PLACES = LinkRule(
    "trips start where the last ended",
    "a vehicle's next trip starts at the place its previous trip ended",
    Stage.KEYS,
    _chain_places,
    after=("links in sequence",),
)


def _event(name: str) -> str:
    """The event a time column's name records (its stem), '' when none."""
    found = event_of(name)
    return found[1] if found is not None else ""


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    rot = rotation_of(view.schema, view.table, view.config)
    if rot is None or not all(free(view, c) for c in (rot.start, rot.end)):
        return []
    others = [c for c, s in view.specs.items()
              if is_time(s.kind) and free(view, c) and c not in (rot.start, rot.end)]  # fmt: skip
    found = status_meanings(view)
    carried = [found[0]] if found is not None and free(view, found[0]) else []
    stamps = next((r for r in planned if r.kind == "status" and r.columns[0] in carried), None)
    if stamps is not None:  # what goes with the label (a cancellation's reason)
        carried += [c for c in stamps.data.get("reasons", {}) if free(view, c)]
    detail = (f"{rot.start}, {rot.end} per {rot.vehicle} in its trips' order, one after "
              f"another, each from where the last ended")  # fmt: skip
    # a time of the start's event (an actual departure) keeps its offset from the start, one
    # of the end's from the end, others from the nearer
    events = {_event(rot.end): "end", _event(rot.start): "start"}
    sides = {c: events.get(_event(c), "") for c in others}
    data = {"vehicle": rot.vehicle, "start": rot.start, "end": rot.end, "others": others,
            "carried": carried, "sides": sides}  # fmt: skip
    return [Rule("rotation", [rot.start, rot.end, *others, *carried], detail, data)]


@dataclass
class _Times:
    """Per table (scratch): the end of each vehicle row's last trip over the batches so far."""

    last: dict[int, int] = field(default_factory=dict)


def _offsets(col_us: np.ndarray, s: np.ndarray, e: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each time as an offset from the nearer of the trip's start and end (an actual
    departure from the planned one, an actual arrival from the planned arrival)."""
    near_start = np.abs(col_us - s) <= np.abs(col_us - e)
    return np.where(near_start, col_us - s, col_us - e), near_start


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    d = rule.data
    start, end = batch.get(d["start"]), batch.get(d["end"])
    vehicles, vnulls = view.parent_rows(d["vehicle"])
    if start is None or end is None or vehicles is None or not idx.size:
        return
    s = as_us(start).astype(np.int64)
    e = np.maximum(as_us(end).astype(np.int64), s)
    rows = np.flatnonzero(~vnulls & ~start.nulls & ~end.nulls)
    if not rows.size:
        return
    veh = np.asarray(vehicles).astype(np.int64)
    off = _called_off(batch, d["carried"][0] if d["carried"] else "", s.size)
    targets = rows[np.lexsort((rows, veh[rows]))]
    donors = rows[np.lexsort((rows, s[rows], off[rows], veh[rows]))]
    new_s = s.copy()
    new_s[targets] = s[donors]
    new_e = new_s + (e - s)
    moved: dict[str, tuple[np.ndarray, np.ndarray]] = {}
    now = int(clock.run_now(view.config).astype("datetime64[us]").astype(np.int64))
    began: np.ndarray | None = None  # the offsets of the start's actual time, once read
    for column in sorted(d["others"], key=lambda c: d.get("sides", {}).get(c, "") != "start"):
        col = batch.get(column)
        if col is None:
            continue
        at, near = _offsets(as_us(col).astype(np.int64), s, e)
        side = d.get("sides", {}).get(column, "")
        if side:  # the offset from its own event's planned time, however far
            near = np.full(s.size, side == "start")
            at = as_us(col).astype(np.int64) - np.where(near, s, e)
        if side == "start":
            began = at
        elif side == "end" and began is not None:
            # the donor's delay on its length, shrunk to a shorter trip's (a few minutes late
            # on a two-hour journey is not on a five-minute hop)
            ratio = np.clip((e - s)[targets] / np.maximum((e - s)[donors], 1), 0.0, 1.0)
            at = at.copy()
            at[donors] = began[donors] + ((at - began)[donors] * ratio).astype(np.int64)
        values = np.where(near[donors], new_s[targets], new_e[targets]) + at[donors]
        full = as_us(col).astype(np.int64)
        # what had happened by now (an actual arrival) still has, whatever the row's length
        values = np.where(full[donors] <= now, np.minimum(values, now), values)
        full[targets] = values
        nulls = col.nulls.copy()
        nulls[targets] = col.nulls[donors]
        moved[column] = (full, nulls)
    for column in d["carried"]:
        col = batch.get(column)
        if col is not None:
            values, nulls = col.values.copy(), col.nulls.copy()
            col.values[targets], col.nulls[targets] = values[donors], nulls[donors]
    off[targets] = off[donors].copy()
    dated = start.kind == "date"
    state = view.scratch.get(_Times)
    rng = row_rng(view, rule, idx)
    turn = np.zeros(s.size, np.int64) if dated else rng.integers(*TURNAROUND_US, s.size)
    # a status ties a trip to the clock (arrived, scheduled): one that began by now stays so
    held = now if d["carried"] else np.iinfo(np.int64).max
    # the trips whose slot was over by now (its status says so: arrived)
    over = np.zeros(s.size, bool)
    over[targets] = e[donors] <= held
    label = batch.get(d["carried"][0]) if d["carried"] else None
    if label is not None:  # a trip under way by its label is not over, its plan ended or not
        names, pos = label_codes(label)
        over &= ~np.asarray([normalise(n) in RUNNING for n in names], dtype=bool)[pos]
    _one_under_way(batch, d, targets, veh, (off, over), (new_s, new_e, held), moved)
    # the latest of each row's times that had happened by now (a late actual departure of a
    # trip under way): a push must not carry it past now
    done = np.where(new_s <= held, new_s, NONE)
    for values in [new_e, *(np.where(nulls, NONE, full) for full, nulls in moved.values())]:
        done = np.maximum(done, np.where(values <= held, values, NONE))
    # how long after its planned end each trip's last time falls (an actual arrival, late)
    tail = np.zeros(s.size, np.int64)
    for full, nulls in moved.values():
        tail = np.maximum(tail, np.where(nulls, 0, full - new_e))
    shift = _turnarounds(targets, veh, off, (new_s, new_e, held, done, over, tail), turn, state)
    new_s, new_e = new_s + shift, new_e + shift
    store(start, new_s.astype("datetime64[us]"), targets)
    store(end, new_e.astype("datetime64[us]"), targets)
    for column, (full, nulls) in moved.items():
        col = batch[column]
        col.nulls[targets] = nulls[targets]
        keep = targets[~nulls[targets]]
        store(col, (full + shift).astype("datetime64[us]"), keep)


def _one_under_way(batch: Batch, d: dict[str, Any], targets: np.ndarray, veh: np.ndarray,
                   flags: tuple[np.ndarray, np.ndarray],
                   times: tuple[np.ndarray, np.ndarray, int],
                   moved: dict[str, tuple[np.ndarray, np.ndarray]]) -> None:  # fmt: skip
    """A vehicle is on one trip at a time: of its trips whose slot is under way by its status
    (a label of the vehicle running, begun by now, not over: departed), only the latest is;
    each one before it took the fate of the vehicle's nearest trip before it that is over
    (else the batch's nearest: its status, what goes with it, its actual times as offsets
    from its plan), so it ends before the next one (`over` marks it, in place)."""
    off, over = flags
    new_s, new_e, now = times
    label = batch.get(d["carried"][0]) if d["carried"] else None
    if label is None:
        return
    names, pos = label_codes(label)
    fate = pos[targets]
    # a label that says the vehicle itself runs (departed, in flight: kinds/timetable.RUNNING)
    running = np.asarray([normalise(n) in RUNNING for n in names], dtype=bool)[fate]
    under = running & ~off[targets] & ~over[targets] & (new_s[targets] <= now)
    at = np.flatnonzero(under)
    owner = veh[targets]
    stale = at[:-1][owner[at[:-1]] == owner[at[1:]]]
    # a trip over with a label of its own (a slot the clock left under way is no fate)
    fit = ~off[targets] & over[targets]
    sides = d.get("sides", {})
    for i in stale.tolist():
        j = i - 1
        mine = fit & (fate != fate[i])
        while j >= 0 and owner[j] == owner[i] and not mine[j]:
            j -= 1
        if j < 0 or owner[j] != owner[i]:  # none of its own: the batch's nearest one over
            found = np.flatnonzero(mine)
            if not found.size:
                continue
            j = int(found[np.argmin(np.abs(found - i))])
        fit[i], fate[i] = True, fate[j]
        t, p = int(targets[i]), int(targets[j])
        for column in d["carried"]:
            col = batch.get(column)
            if col is not None:
                col.values[t], col.nulls[t] = col.values[p], col.nulls[p]
        for column, (full, nulls) in moved.items():
            side = sides.get(column, "")
            if not side:
                side = "start" if abs(full[p] - new_s[p]) <= abs(full[p] - new_e[p]) else "end"
            base = new_s if side == "start" else new_e
            full[t], nulls[t] = base[t] + (full[p] - base[p]), nulls[p]
        over[t] = True


def _called_off(batch: Batch, status: str, n: int) -> np.ndarray:
    """The rows whose label says they did not take place."""
    col = batch.get(status) if status else None
    if col is None:
        return np.zeros(n, bool)
    labels, pos = label_codes(col)
    out: np.ndarray = np.asarray([called_off(lb) for lb in labels], dtype=bool)[pos]
    out &= ~np.asarray(col.nulls, bool)
    return out


def _turnarounds(targets: np.ndarray, veh: np.ndarray, off: np.ndarray,
                 times: tuple[np.ndarray, np.ndarray, int, np.ndarray, np.ndarray, np.ndarray],
                 turn: np.ndarray, state: _Times) -> np.ndarray:  # fmt: skip
    """How much later each row starts so it leaves a turnaround after the vehicle's previous
    trip that took place (in the rows' order, after earlier batches' last trip), unless
    that would carry a trip that began by now, or any of its times that had happened (`done`:
    an actual departure), past it."""
    new_s, new_e, now, done, over, tail = times
    shift = np.zeros(new_s.size, np.int64)
    owner = veh[targets]
    first = np.r_[True, owner[1:] != owner[:-1]]
    rank = np.arange(targets.size) - np.maximum.accumulate(
        np.where(first, np.arange(targets.size), 0)
    )
    last = np.asarray([state.last.get(int(v), NONE) for v in owner], np.int64)
    prev_end = np.where(first, last, NONE)
    ends = np.full(targets.size, NONE, np.int64)
    for step in range(int(rank.max()) + 1 if rank.size else 0):
        at = np.flatnonzero(rank == step)
        if step > 0:
            before = at - 1
            prev_end[at] = np.where(off[targets[before]], prev_end[before], ends[before])
        t = targets[at]
        floor = np.where(prev_end[at] > NONE, prev_end[at] + turn[t], NONE)
        # a trip that took place by now stays by now (its status says so): not pushed past it
        late = ~off[t] & (new_s[t] < floor)
        late &= ~((done[t] > NONE) & (floor - new_s[t] > now - done[t]))
        shift[t[late]] = floor[late] - new_s[t[late]]
        ends[at] = new_e[t] + shift[t]
    _pull_back(targets, off, (new_s, new_e, now, over, tail), turn, rank, shift)
    tail = np.flatnonzero(np.r_[owner[1:] != owner[:-1], True])
    for end_at in tail.tolist():
        best = int(ends[end_at] if not off[targets[end_at]] else prev_end[end_at])
        if best > NONE:
            state.last[int(owner[end_at])] = best
    return shift


def _pull_back(targets: np.ndarray, off: np.ndarray,
               times: tuple[np.ndarray, np.ndarray, int, np.ndarray, np.ndarray],
               turn: np.ndarray, rank: np.ndarray, shift: np.ndarray) -> None:  # fmt: skip
    """A trip over by now that the push left overlapping the vehicle's next trip (pushed, it
    would have ended after now, against its status) moves earlier instead, to end a turnaround
    before the next one starts, and so on back along the vehicle's trips; one whose slot's
    status says it is over (`over`: arrived) but which, longer than the slot's trip, would
    end after now, ends by now, and its last time too (`tail` after its end: an actual
    arrival). What happened stays before now, and the trip under way and those to come keep
    their places (`shift` in place)."""
    new_s, new_e, now, over, tail = times
    starts = np.full(targets.size, NONE, np.int64)  # the start of the next trip that took place
    gap = np.zeros(targets.size, np.int64)
    top = int(rank.max()) if rank.size else -1
    for step in range(top, -1, -1):
        at = np.flatnonzero(rank == step)
        t = targets[at]
        after = at + 1
        has = after < targets.size
        has[has] = rank[after[has]] == step + 1
        nxt = np.where(has, np.minimum(after, targets.size - 1), 0)
        tn = targets[nxt]
        passed = has & off[tn]  # a cancelled next trip: the one after it
        next_start = np.where(passed, starts[nxt], np.where(has, new_s[tn] + shift[tn], NONE))
        next_gap = np.where(passed, gap[nxt], turn[tn])
        end = new_e[t] + shift[t]
        limit = np.where(next_start > NONE, next_start - next_gap, -NONE)
        limit = np.where(over[t], np.minimum(limit, now - tail[t]), limit)
        pull = ~off[t] & over[t] & (end > limit)
        shift[t[pull]] += (limit - end)[pull]
        starts[at] = np.where(off[t], next_start, new_s[t] + shift[t])
        gap[at] = np.where(off[t], next_gap, turn[t])


RULE = RowRule(
    "rotation",
    "a vehicle's trips follow one another: each after the previous one ended, and a turnaround",
    _plan,
    _apply,
    phases={"rotation": Phase.FINAL},
    after=("standing", "sequence", "actual", "reach", "stage_clock"),
    before=("calendar_owner",),  # the calendar rules, measured last, stay last
)
