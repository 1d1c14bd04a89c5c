"""A header follows its lines: a document whose lines each name another record (an invoice's
lines their lots, a consolidated bill's lines their charges) and whose own keys are what that
record reaches along its other ways (the lot's sale, the client its buyer's paddle is) exists
once per group of those keys, and only where it has lines.

The header: a table H whose rows a child C names by a key that is not unique (C's key to H),
where C's other key names a parent P, unique alone and NOT NULL (one line per P row), and the
two keys agree (kinds/path_agree.py): every shared end is a key H holds itself (one hop), and P
reaches it along a way of its own (its own key, or one through a parent: a lot's buyer paddle
to its client). H is generated after P and the tables on P's ways (the totals its lines give
put it there, plan/tables.py), so the keys P's rows reach are known.

The groups: the distinct tuples of ends over P's rows that reach every end (a lot not knocked
down reaches no client) and, where C is the one record of P's outcome (outcome_child.py), whose
outcome happened; drawn in a random order once. Row i of H takes group i: its keys to the ends
are the group's; rows past the groups are left out (`kept`, counted as left out in the table's
account), unless sandbox.toml sizes H itself. A header whose ends' tables are not held, or
whose keys a rule may not move (a children law, a unique plan), is left as it was.

C's lines then take P's rows reaching every end first (outcome_child.fit_first) and their key to
H moves to the header of their group (path_agree.py).

Read from the schema; no table is named here."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.runs import lookup
from workbench.generate.base.tables import unique_sets
from workbench.generate.kinds.path_agree import agreements, way_of
from workbench.generate.rules import outcome_child
from workbench.generate.rules.base import LinkRule, Stage
from workbench.generate.rules.meets import reach_along
from workbench.schema import memo

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.kinds.meets import Way
    from workbench.generate.links import Links
    from workbench.generate.view import TableView
    from workbench.schema.model import Schema, Table


@dataclass(frozen=True)
class Header:
    """H's keys `columns` (one per end) are the ends its lines' parent reaches along `ways`;
    the lines: `child`, its key `key` to H and `anchor` to the parent `parent`."""

    child: str
    key: str
    anchor: str
    parent: str
    columns: tuple[str, ...]
    ways: tuple[Way, ...]


def _alone(table: Table, column: str) -> bool:
    return [column] in unique_sets(table)


@memo.by_identity
def _headers(schema: Schema) -> dict[str, Header]:
    """Per header table, its lines (the first found in name order)."""
    out: dict[str, Header] = {}
    for name in sorted(schema.tables):
        child = schema.tables[name]
        for m in agreements(schema, child):
            sides = ((1, m.a, m.parent_a, m.b, m.parent_b), (2, m.b, m.parent_b, m.a, m.parent_a))
            for side, key, head, anchor, parent in sides:
                own = [way_of(end, side) for end in m.ends]
                other = tuple(way_of(end, 3 - side) for end in m.ends)
                column = child.column(anchor)
                if (
                    head in out
                    or head == name
                    or any(len(w) != 1 or w[0][0] != head for w in own)
                    or column is None
                    or column.nullable
                    or not _alone(child, anchor)
                    or _alone(child, key)
                ):
                    continue
                cols = tuple(w[0][1] for w in own)
                out[head] = Header(name, key, anchor, parent, cols, other)
    return out


def header_of(schema: Schema, table: Table) -> Header | None:
    return _headers(schema).get(table.qualified)


def lines_of(schema: Schema, table: Table) -> Header | None:
    """The header whose lines `table` holds, else None."""
    return next((h for h in _headers(schema).values() if h.child == table.qualified), None)


def reaches_every_end(view: TableView, header: Header) -> np.ndarray | None:
    """Per row of the lines' parent: whether it reaches every end (None: a way's keys are not
    held here)."""
    ends = _ends(view, header)
    if ends is None:
        return None
    ok = np.ones(ends[0][0].size, bool)
    for _, missing in ends:
        ok &= ~missing
    return ok


def _ends(view: TableView, header: Header) -> list[tuple[np.ndarray, np.ndarray]] | None:
    held = view.keys.tables
    if any(col not in held.get(at, {}) for way in header.ways for at, col in way):
        return None
    return [reach_along(view, way) for way in header.ways]


@dataclass
class HeaderCache:
    """Per header table (scratch): the groups' end values in the order rows take them (None:
    the rule does not apply) and how many."""

    planned: bool = False
    header: Header | None = None
    groups: list[np.ndarray] = field(default_factory=list)
    count: int | None = None


def _plan(view: TableView) -> HeaderCache:
    cache = view.scratch.get(HeaderCache)
    if cache.planned:
        return cache
    cache.planned = True
    header = header_of(view.schema, view.table)
    if header is None:
        return cache
    units = [view.fk_cols.get(c) for c in header.columns]
    if any(u is None or u.mode != "normal" or not view.drawn_freely(u) for u in units):
        return cache
    ends = _ends(view, header)
    if ends is None or not ends[0][0].size:
        return cache
    fit = np.ones(ends[0][0].size, bool)
    for _, missing in ends:
        fit &= ~missing
    child = view.schema.tables.get(header.child)
    record = None if child is None else outcome_child.outcome_key(view.schema, child)
    if record is not None and record[0] == header.anchor:
        marked = outcome_child.fit_mask(view, record[1], record[2])
        if marked is not None and marked.size == fit.size:
            fit &= marked
    rows = np.flatnonzero(fit)
    if not rows.size:
        return cache
    code = np.zeros(rows.size, np.int64)
    for values, _ in ends:
        _, inverse = np.unique(values[rows], return_inverse=True)
        code = code * (int(inverse.max()) + 1) + inverse
    _, first = np.unique(code, return_index=True)
    order = rows[first[view.rng("header-groups", 0).permutation(first.size)]]
    cache.header = header
    cache.groups = [values[order] for values, _ in ends]
    cache.count = int(order.size)
    return cache


def by_group(view: TableView, links: Links, batch: Batch, idx: np.ndarray) -> None:
    """Row i of the header takes group i's keys."""
    cache = _plan(view)
    if cache.header is None or cache.count is None or not idx.size:
        return
    inside = idx < cache.count
    at = np.minimum(idx, cache.count - 1)
    for column, values in zip(cache.header.columns, cache.groups, strict=True):
        unit = view.fk_cols[column]
        source, _ = view.parent_keys(unit)
        picked, nulls = view.parent_rows(column)
        if picked is None:
            continue
        rows, found = lookup(source[unit.ref_map[column]], values[at])
        take = inside & found
        links.assign(batch, unit, np.where(take, rows, picked), idx.size, nulls & ~take, source)


def kept(view: TableView, idx: np.ndarray, keep: np.ndarray | None) -> np.ndarray | None:
    """The mask of rows kept, less the header rows past the groups (a table whose rows
    sandbox.toml gives keeps them)."""
    cache = _plan(view)
    section = view.section
    own = section is not None and (section.rows is not None or section.children is not None)
    if cache.count is None or own:
        return keep
    past = idx >= cache.count
    if not past.any():
        return keep
    return ~past if keep is None else keep & ~past


RULE = LinkRule(
    "headers of their lines' groups",
    "a header holds the keys its lines' records reach, once per group of them",
    Stage.KEYS,
    by_group,
    after=("keys that agree along every path",),
    before=("partition parents",),
)
