"""Links in sequence: a parent's numbered rows that have no time of their own but each point
at a row that has one (an itinerary's segments at scheduled runs, a job's stops at visits, a
course's sessions at room bookings) follow one another through what they point at. Per
parent, in the order the line number counts them (the rows' order: the number counts each
parent's rows as they come), each linked row starts once the previous one ended, with a
connection between them (an hour for times, none for dates): segment 2's flight departs after
segment 1's flight arrived.

The shape: a required key to the parent with a line number unique with it
(`UNIQUE (booking_id, segment_number)`, kinds/numbering.py), no time of the row's own (else
rules/sequence.py moves the row's times), and another required key, drawn freely, to a table
with a window (kinds/windows.window_of: `scheduled_departure`/`scheduled_arrival`,
`starts_at`/`ends_at`) or a time it takes place at. First each parent's rows change places whole
(every key but the parent's moves with the row) into their linked rows' start order; a row
whose linked row still starts too early (the same run twice, two that overlap) takes all the
keys of one of the batch's rows whose link starts next after the previous one's end, so what
a row's keys agree on (a fare filed for its flight's route) still holds. The last
end per parent is kept between batches. Re-picked while the keys are filled, before the line
numbers count each parent's rows."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.groups import ranks_within
from workbench.generate.kinds.anchors import takes_place
from workbench.generate.kinds.numbering import is_line_number
from workbench.generate.kinds.windows import TIME_KINDS, window_of
from workbench.generate.rules.base import LinkRule, Stage
from workbench.generate.rules.link_scope import Scopes, shared_scope
from workbench.generate.rules.times import as_us
from workbench.schema.typeinfo import resolve_type

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.links import Links
    from workbench.generate.view import FKUnit, TableView
    from workbench.schema.model import Schema, Table

CONNECTION_US = 60 * 60_000_000  # between two timed links: an hour to change
NEXT_FEW = 6  # a later link picks among this many rows starting next after the connection
LOOK = 64  # how far past them a link in the row's scope is looked for
_NONE = np.iinfo(np.int64).min // 4


@dataclass
class Chain:
    """Per table (scratch): the keys of the chain, once found (None: no chain here), and the
    last end per parent row over the batches so far."""

    found: bool = False
    parent_fk: str = ""
    link_fk: str = ""
    start: str = ""
    end: str = ""
    last: np.ndarray | None = None
    # the scope the parent and the linked rows share (rules/link_scope.py), once
    scopes: Scopes | None = None


def _kind(schema: Schema, table: Table, name: str) -> str:
    column = table.column(name)
    return resolve_type(schema, column.type).kind if column is not None else ""


def _keys(table: Table) -> list[set[str]]:
    keys = [set(c for c in u.columns if c) for u in table.uniques if u.predicate is None]
    if table.primary_key is not None:
        keys.append(set(table.primary_key.columns))
    return keys


def _own_time(view: TableView) -> bool:
    return any(
        _kind(view.schema, view.table, c.name) in TIME_KINDS and c.name not in view.fk_cols
        for c in view.table.columns
    )


def _times_of(view: TableView, unit: FKUnit) -> tuple[str, str] | None:
    """The linked table's start and end (the start twice when it has only a time it takes
    place at), when its rows keep them for their children."""
    table = view.schema.tables.get(unit.parent)
    if table is None:
        return None
    window = window_of(view.schema, table, view.config)
    if window is not None and not window.validity:
        pair = (window.start, window.end)
    else:
        at = takes_place(view.schema, table, view.config)
        if at is None:
            return None
        pair = (at, at)
    stored = view.keys.tables.get(unit.parent, {})
    return pair if all(c in stored for c in pair) else None


def _find(view: TableView, chain: Chain) -> None:
    chain.found = True
    if _own_time(view):
        return
    keys = _keys(view.table)
    numbered: FKUnit | None = None
    for unit in view.units:
        cols = set(unit.fk.columns)
        if unit.nullable or unit.parent == view.tp.name:
            continue
        if any(cols | {c.name} in keys and is_line_number(c.name, view.tp.name)
               and _kind(view.schema, view.table, c.name) == "int"
               for c in view.table.columns if c.name not in cols):  # fmt: skip
            numbered = unit
            break
    if numbered is None:
        return
    for unit in view.units:
        if unit is numbered or unit.nullable or unit.parent in (view.tp.name, numbered.parent):
            continue
        if unit.mode != "normal" or not view.drawn_freely(unit):
            continue
        pair = _times_of(view, unit)
        if pair is not None:
            chain.parent_fk = ",".join(numbered.fk.columns)
            chain.link_fk = ",".join(unit.fk.columns)
            chain.start, chain.end = pair
            chain.scopes = shared_scope(view, numbered.parent, unit.parent)
            return


def _stored_us(view: TableView, table: str, column: str) -> tuple[np.ndarray, bool]:
    """A kept time column of a table in microseconds (NULL: the far past), and whether it is
    a date."""
    col = view.keys.tables[table][column]
    values = as_us(col).astype(np.int64)
    return np.where(col.nulls, _NONE, values), col.kind == "date"


def _in_order(
    view: TableView, links: Links, batch: Batch, chain: Chain, starts: np.ndarray
) -> None:
    """Each parent's rows of the batch take their keys in the order their linked rows start:
    whole rows change places (every key of the row moves with it), so what a row's keys
    agree on (a fare and its flight) still holds."""
    parents, parent_nulls = view.parent_rows(chain.parent_fk)
    picked, nulls = view.parent_rows(chain.link_fk)
    if parents is None or picked is None:
        return
    live = np.flatnonzero(~parent_nulls & ~nulls)
    owner = np.asarray(parents)[live]
    by_row = live[np.lexsort((live, owner))]
    by_start = live[np.lexsort((live, starts[np.asarray(picked)[live]], owner))]
    if np.array_equal(by_row, by_start):
        return
    _move(view, links, batch, chain, (by_row, by_start))


def _move(
    view: TableView,
    links: Links,
    batch: Batch,
    chain: Chain,
    pairs: tuple[np.ndarray, np.ndarray],
) -> None:
    """The rows `targets` take every key but their parent's from the rows `donors` (whole
    rows' keys, so what they agree on still holds)."""
    targets, donors = pairs
    for unit in view.units:
        fk = ",".join(unit.fk.columns)
        if fk == chain.parent_fk or unit.mode != "normal" or not view.drawn_freely(unit):
            continue
        rows, empty = view.parent_rows(fk)
        if rows is None:
            continue
        source, _ = view.parent_keys(unit)
        chosen, gone = np.asarray(rows).copy(), empty.copy()
        chosen[targets], gone[targets] = np.asarray(rows)[donors], empty[donors]
        links.assign(batch, unit, chosen, chosen.size, gone, source)


def _in_scope(
    scopes: Scopes, owners: np.ndarray, links: np.ndarray, at: np.ndarray, lift: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """For each row (its parent among `owners`), the first place from `at` + `lift` (else
    from `at`) among the candidate `links` (in start order) whose linked row lies in the
    parent's scope, looking LOOK places on; and where one was found. A late row keeps its
    link rather than take one of another scope (a statement line a stop of another farm)."""
    if not links.size:
        return np.zeros(at.size, np.int64), np.zeros(at.size, bool)
    mine, mine_nulls, theirs, theirs_nulls = scopes
    want, unknown = mine[owners], mine_nulls[owners]
    here, gone = theirs[links], theirs_nulls[links]
    spot = np.zeros(at.size, np.int64)
    found = np.zeros(at.size, bool)
    for begin in (at + lift, at):
        for step in range(LOOK):
            place = begin + step
            inside = place < links.size
            place = np.minimum(place, max(links.size - 1, 0))
            hit = ~found & inside & ~unknown & ~gone[place] & (here[place] == want)
            spot[hit], found[hit] = place[hit], True
    return spot, found


def _in_sequence(view: TableView, links: Links, batch: Batch, idx: np.ndarray) -> None:
    chain = view.scratch.get(Chain)
    if not chain.found:
        _find(view, chain)
    if not chain.link_fk or not idx.size:
        return
    unit = next((u for u in view.units if ",".join(u.fk.columns) == chain.link_fk), None)
    if unit is None:
        return
    starts, dated = _stored_us(view, unit.parent, chain.start)
    ends, _ = _stored_us(view, unit.parent, chain.end)
    ends = np.maximum(ends, starts)
    _in_order(view, links, batch, chain, starts)
    parents, parent_nulls = view.parent_rows(chain.parent_fk)
    picked, nulls = view.parent_rows(chain.link_fk)
    if parents is None or picked is None:
        return
    source, valid = view.parent_keys(unit)
    valid = valid[starts[valid] > _NONE]
    live = np.flatnonzero(~parent_nulls & ~nulls)
    if not valid.size or not live.size:
        return
    by_start = valid[np.argsort(starts[valid], kind="stable")]
    sorted_starts = starts[by_start]
    # the batch's own rows by their link's start: a late row takes a whole row's keys
    before = np.asarray(picked).copy()
    donors = live[np.argsort(starts[before[live]], kind="stable")]
    donor_starts = starts[before[donors]]
    size = int(np.max(parents)) + 1
    if chain.last is None:
        chain.last = np.full(0, _NONE, np.int64)
    if chain.last.size < size:
        chain.last = np.r_[chain.last, np.full(size - chain.last.size, _NONE, np.int64)]
    gap = 0 if dated else CONNECTION_US
    rank, _ = ranks_within(np.asarray(parents)[live])
    chosen = before.copy()
    taken = np.full(chosen.size, -1, np.int64)  # the row whose keys a late row takes
    rng = view.rng("links-in-sequence:" + chain.link_fk, int(idx[0]))
    last = chain.last
    for step in range(int(rank.max()) + 1):
        rows = live[rank == step]
        owner = np.asarray(parents)[rows]
        floor = np.where(last[owner] > _NONE, last[owner] + gap, _NONE)
        late = np.flatnonzero(starts[chosen[rows]] < floor)
        if late.size:
            lift = (rng.random(late.size) * NEXT_FEW).astype(np.int64)
            at = np.searchsorted(donor_starts, floor[late], side="left")
            has = at < donors.size
            donor = donors[np.minimum(at + np.minimum(lift, donors.size - 1 - at), donors.size - 1)]
            if chain.scopes is not None:
                spot, has = _in_scope(chain.scopes, owner[late], before[donors], at, lift)
                donor = donors[spot]
            taken[rows[late[has]]] = donor[has]
            chosen[rows[late[has]]] = before[donor[has]]
            # none of the batch starts late enough: one of the next linked rows to start
            alone = late[~has]
            at = np.searchsorted(sorted_starts, floor[alone], side="left")
            fits = at < sorted_starts.size
            if chain.scopes is not None:
                at, fits = _in_scope(chain.scopes, owner[alone], by_start, at, 0 * at)
            chosen[rows[alone[fits]]] = by_start[at[fits]]
        last[owner] = np.maximum(last[owner], ends[chosen[rows]])
    moved = np.flatnonzero(taken >= 0)
    if moved.size:
        _move(view, links, batch, chain, (moved, taken[moved]))
    picked, nulls = view.parent_rows(chain.link_fk)
    if picked is not None and not np.array_equal(chosen, picked):
        links.assign(batch, unit, chosen, idx.size, nulls, source)


RULE = LinkRule(
    "links in sequence",
    "a parent's numbered rows point at rows that follow one another in time",
    Stage.KEYS,
    _in_sequence,
    after=("places apart",),  # last among the keys: the others' picks move with the row
)
