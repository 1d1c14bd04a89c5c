"""Rows in sequence hand their place on: a move's legs, a voyage's passages, a tour's stages,
a parcel's hops, each numbered per parent, start where the one before ended. Where a row has a
pair of ends that a start word and its end word name (`from_city`/`to_city`,
`origin_port`/`destination_port`, `departure_stop`/`arrival_stop`, `pickup_x`/`dropoff_x`),
per parent and in the rows' order (their number, else their start), each row's start is the
previous row's end; the first row's start is the parent's own start place where the parent
has one of each column (`origin_city` of the move), the last row in the batch ends at the
parent's end place where it has one (`destination_city`); across batches the last end of each
parent is kept. A row's end that would then be its own start (two rows in a row going to one
place) takes another row's end of the batch, whole (city, postcode and country together).

Read from the schema only: a required key to the parent with a number unique with it
(kinds/numbering.is_line_number) or the table's sequence (rules/sequence.shape_of), and the
closed vocabulary of start and end words of a way. Keys are left to rules/rotation.py and the
time columns to the time rules: only free values are relayed. Applied last, after the rows'
times are laid in order (rules/sequence.py)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.base.tables import referencing
from workbench.generate.kinds.numbering import is_line_number
from workbench.generate.kinds.windows import TIME_KINDS
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.generate.rules.sequence import shape_of
from workbench.generate.rules.times import as_us
from workbench.schema.typeinfo import resolve_type

if TYPE_CHECKING:
    from workbench.config.file import Config
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView
    from workbench.schema.model import ForeignKey, Schema, Table

# the words naming where a way starts, each with the word naming where it ends
ENDS = {"from": "to", "origin": "destination", "departure": "arrival", "pickup": "dropoff",
        "start": "end", "source": "target", "src": "dst", "orig": "dest"}  # fmt: skip
_STARTS = frozenset(ENDS)
_FINISHES = frozenset(ENDS.values())
_TRIES = 6  # rounds of redrawing an end equal to its own start


def _kind(schema: Schema, table: Table, name: str) -> str:
    col = next((c for c in table.columns if c.name == name), None)
    return resolve_type(schema, col.type).kind if col is not None else ""


def _keys(table: Table) -> list[set[str]]:
    keys = [set(c for c in u.columns if c) for u in table.uniques]
    if table.primary_key is not None:
        keys.append(set(table.primary_key.columns))
    return keys


def _order_of(schema: Schema, table: Table, config: Config) -> tuple[ForeignKey, str] | None:
    """The key to the parent whose rows follow one another, and what orders them: a number
    unique with the key, else the start of the table's sequence."""
    keys = _keys(table)
    for fk in table.foreign_keys:
        cols = set(fk.columns)
        if fk.ref_qualified == table.qualified or any(
            next((c.nullable for c in table.columns if c.name == f), True) for f in cols
        ):
            continue
        number = next((c.name for c in table.columns if c.name not in cols
                       and _kind(schema, table, c.name) == "int"
                       and is_line_number(c.name, table.qualified)
                       and cols | {c.name} in keys), None)  # fmt: skip
        if number is not None:
            return fk, number
    shape = shape_of(schema, table, config)
    if shape is not None and not shape.single and shape.fk.ref_qualified != table.qualified:
        return shape.fk, shape.number or shape.start
    return None


def _swap(words: list[str], pairs: dict[str, str]) -> tuple[str, str] | None:
    """The name with its one start word put to its end word (and that word), or None."""
    hits = [i for i, w in enumerate(words) if w in pairs]
    if len(hits) != 1:
        return None
    at = hits[0]
    return "_".join([*words[:at], pairs[words[at]], *words[at + 1 :]]), words[at]


def _rest(name: str, vocab: frozenset[str]) -> tuple[str, ...] | None:
    """The name's words without its one start (or end) word: what the column says of a place."""
    words = normalise(name).split("_")
    hits = [i for i, w in enumerate(words) if w in vocab]
    if len(hits) != 1:
        return None
    return tuple(w for i, w in enumerate(words) if i != hits[0])


def pairs_of(schema: Schema, table: Table, names: Sequence[str]) -> list[tuple[str, str]]:
    """(start, end) column pairs of one way: same type, neither a time nor a key."""
    keyed = {c for fk in table.foreign_keys for c in fk.columns}
    by_norm = {normalise(c): c for c in names}
    out = []
    for name in names:
        if name in keyed or _kind(schema, table, name) in TIME_KINDS:
            continue
        swapped = _swap(normalise(name).split("_"), ENDS)
        if swapped is None:
            continue
        end = by_norm.get(swapped[0])
        if end is None or end in keyed or _kind(schema, table, end) != _kind(schema, table, name):
            continue
        out.append((name, end))
    return out


def _parent_ends(schema: Schema, parent: Table, rests: list[tuple[str, ...]],
                 kinds: list[str]) -> tuple[list[str], list[str]]:  # fmt: skip
    """The parent's start and end place columns, one per relayed column (else empty lists):
    `origin_city`/`destination_city` for `from_city`/`to_city`."""
    starts: list[str] = []
    ends: list[str] = []
    for rest, kind in zip(rests, kinds, strict=True):
        for vocab, found in ((_STARTS, starts), (_FINISHES, ends)):
            got = next((c.name for c in parent.columns if _rest(c.name, vocab) == rest
                        and _kind(schema, parent, c.name) == kind), None)  # fmt: skip
            if got is not None:
                found.append(got)
    return (starts if len(starts) == len(rests) else []), (ends if len(ends) == len(rests) else [])


@dataclass(frozen=True)
class Relay:
    fk: ForeignKey
    order: str
    pairs: list[tuple[str, str]]
    p_starts: list[str] = field(default_factory=list)
    p_ends: list[str] = field(default_factory=list)


def relay_of(schema: Schema, table: Table, config: Config) -> Relay | None:
    found = _order_of(schema, table, config)
    if found is None:
        return None
    pairs = pairs_of(schema, table, [c.name for c in table.columns])
    parent = schema.tables.get(found[0].ref_qualified)
    if not pairs or parent is None:
        return None
    rests = [_rest(a, _STARTS) or () for a, _ in pairs]
    kinds = [_kind(schema, table, a) for a, _ in pairs]
    starts, ends = _parent_ends(schema, parent, rests, kinds)
    return Relay(found[0], found[1], pairs, starts, ends)


def keep_columns(view: TableView) -> set[str]:
    """A parent's start and end places, which its children in sequence start and end at."""
    out: set[str] = set()
    for child in referencing(view.schema, view.tp.name):
        relay = relay_of(view.schema, child, view.config)
        if relay is not None and relay.fk.ref_qualified == view.tp.name:
            out |= {*relay.p_starts, *relay.p_ends}
    return out


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    relay = relay_of(view.schema, view.table, view.config)
    if relay is None or relay.order not in view.specs:
        return []
    pairs = [(a, b) for a, b in relay.pairs if free(view, a) and free(view, b)]
    if not pairs:
        return []
    fk = ",".join(relay.fk.columns)
    parent = relay.fk.ref_qualified
    starts, ends = ", ".join(a for a, _ in pairs), ", ".join(b for _, b in pairs)
    detail = f"{starts} = the previous row's {ends} per {parent} ({fk}) in {relay.order} order"
    whole = len(pairs) == len(relay.pairs)
    if relay.p_starts and whole:
        detail += f"; the first from {', '.join(relay.p_starts)}"
    if relay.p_ends and whole:
        detail += f"; the last to {', '.join(relay.p_ends)}"
    data: dict[str, Any] = {"fk": fk, "parent": parent, "order": relay.order, "pairs": pairs,
                            "p_starts": relay.p_starts if whole else [],
                            "p_ends": relay.p_ends if whole else []}  # fmt: skip
    return [Rule("relay", [c for pair in pairs for c in pair], detail, data)]


class _State:
    """Per parent row, across batches: whether it has rows yet, and its last row's end."""

    def __init__(self) -> None:
        self.seen: np.ndarray = np.zeros(0, bool)
        self.last: dict[str, np.ndarray] = {}
        self.last_null: dict[str, np.ndarray] = {}


def _parent_values(view: TableView, rule: Rule, rows: np.ndarray,
                   columns: list[str]) -> list[tuple[np.ndarray, np.ndarray]] | None:  # fmt: skip
    stored = view.keys.tables.get(rule.data["parent"], {})
    out = []
    for column in columns:
        col = stored.get(column)
        if col is None:
            return None
        out.append((np.asarray(col.values)[rows], col.nulls[rows].copy()))
    return out


def _order_key(batch: Batch, column: str) -> np.ndarray:
    col = batch[column]
    if col.kind in ("int", "decimal", "float"):
        values = np.asarray(col.values).astype(np.float64)
    else:
        values = as_us(col).astype(np.int64).astype(np.float64)
    return np.where(col.nulls, np.inf, values)


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    d = rule.data
    rows_p, nulls = view.parent_rows(d["fk"])
    if rows_p is None or d["order"] not in batch:
        return
    stored = view.keys.tables.get(d["parent"], {})
    if not stored:
        return
    parents = len(next(iter(stored.values())).values)
    live = np.flatnonzero(~nulls)
    if not live.size:
        return
    order = live[np.lexsort((_order_key(batch, d["order"])[live], rows_p[live]))]
    p = rows_p[order]
    first = np.r_[True, p[1:] != p[:-1]]
    last = np.r_[p[1:] != p[:-1], True]
    starts = [batch[a] for a, _ in d["pairs"]]
    ends = [batch[b] for _, b in d["pairs"]]
    state = view.scratch.get(_State)
    if state.seen.size < parents:
        state.seen = np.r_[state.seen, np.zeros(parents - state.seen.size, bool)]
    # where each group's first row starts: the parent's last end so far, else its start place
    origin = [(np.asarray(s.values)[order].copy(), s.nulls[order].copy()) for s in starts]
    from_parent = _parent_values(view, rule, p, d["p_starts"]) if d["p_starts"] else None
    for at, (a, _) in enumerate(d["pairs"]):
        values, nils = origin[at]
        if from_parent is not None:  # a parent without a start place: the row keeps its own
            took = first & ~from_parent[at][1]
            values[took], nils[took] = from_parent[at][0][took], False
        kept = state.last.get(a)
        if kept is not None:
            again = first & state.seen[p]
            values[again], nils[again] = kept[p[again]], state.last_null[a][p[again]]
    # the last row of a group ends at the parent's end place (a later batch goes on from it)
    pinned = np.zeros(order.size, bool)
    to_parent = _parent_values(view, rule, p, d["p_ends"]) if d["p_ends"] else None
    if to_parent is not None:
        pinned = last & ~np.any([n for _, n in to_parent], axis=0)
        # a lone row whose start is already the parent's end (a round trip) keeps its own end
        pinned &= ~(first & np.all([o[0] == t[0] for o, t in zip(origin, to_parent, strict=True)],
                                   axis=0))  # fmt: skip
        for at, col in enumerate(ends):
            col.values[order[pinned]] = to_parent[at][0][pinned]
            col.nulls[order[pinned]] = False
    _distinct_ends(view, rule, idx, ends, order, (first, pinned), origin)
    for at, col in enumerate(starts):  # from = the previous row's to
        values, nils = origin[at]
        prev = np.flatnonzero(~first)
        values[prev] = np.asarray(ends[at].values)[order[prev - 1]]
        nils[prev] = ends[at].nulls[order[prev - 1]]
        col.values[order] = values
        col.nulls[order] = nils & col.nullable
    tail = order[last]
    state.seen[p[last]] = True
    for (a, _), col in zip(d["pairs"], ends, strict=True):
        keep = state.last.setdefault(a, np.empty(parents, dtype=object))
        knull = state.last_null.setdefault(a, np.ones(parents, bool))
        if keep.size < parents:
            keep = state.last[a] = np.r_[keep, np.empty(parents - keep.size, dtype=object)]
            knull = state.last_null[a] = np.r_[knull, np.ones(parents - knull.size, bool)]
        keep[p[last]] = np.asarray(col.values)[tail]
        knull[p[last]] = col.nulls[tail]


def _distinct_ends(view: TableView, rule: Rule, idx: np.ndarray, ends: list[Any],
                   order: np.ndarray, marks: tuple[np.ndarray, np.ndarray],
                   origin: list[tuple[np.ndarray, np.ndarray]]) -> None:  # fmt: skip
    """No row ends where it starts: an end equal to the one before it (the first row's: its
    group's start) takes another row's end of the batch, all its columns together; a pinned
    last end stays and the row before it moves instead."""
    first, pinned = marks
    if order.size < 2:
        return
    rng = row_rng(view, rule, idx)
    for _ in range(_TRIES):
        same = np.ones(order.size, bool)
        for at, col in enumerate(ends):
            mine = np.asarray(col.values)[order]
            before = np.r_[mine[:1], mine[:-1]]
            before = np.where(first, origin[at][0], before)
            same &= (mine == before) & ~col.nulls[order]
        if not same.any():
            return
        move = np.flatnonzero(same & ~pinned)
        shifted = np.flatnonzero(same & pinned & ~first) - 1
        move = np.unique(np.r_[move, shifted[~pinned[shifted]]])
        if not move.size:
            return
        donors = order[rng.integers(0, order.size, move.size)]
        for col in ends:
            col.values[order[move]] = np.asarray(col.values)[donors]
            col.nulls[order[move]] = col.nulls[donors]


RULE = RowRule(
    "relay",
    "rows in sequence start where the one before ended (from = the previous row's to)",
    _plan,
    _apply,
    phases={"relay": Phase.FINAL},
    after=("sequence",),
    before=("series",),
)
