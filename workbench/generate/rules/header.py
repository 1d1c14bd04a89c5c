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
account), unless sandbox.toml sizes H itself. The groups are distinct, so a unique plan over
H's keys (UNIQUE (customer_id, run_id)) still holds. A header whose ends' tables are not held,
or planned per row of a parent (a children law), is left as it was.

C's lines then take the fit rows of P first, one each (outcome_child.py), and their key to H
moves to the header of their group (path_agree.py).

Read from the schema; no table is named here."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.runs import lookup
from workbench.generate.kinds.header import Header, header_of, lines_of
from workbench.generate.rules import outcome_child
from workbench.generate.rules.base import LinkRule, Stage

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.links import Links
    from workbench.generate.view import TableView


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
    if view.tp.children is not None or any(u is None or u.mode != "normal" for u in units):
        return cache
    child = view.schema.tables.get(header.child)
    found = None if child is None else outcome_child.reaching(view, child, header)
    if found is None or not found[1] or not found[0].any():
        return cache
    groups = outcome_child.header_groups(view, header, *found)
    cache.header = header
    cache.groups = [values[: view.tp.rows] for values in groups.values]
    cache.count = min(groups.values[0].size, view.tp.rows)
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


@dataclass
class LinesCache:
    """Per lines table planned per header row (scratch): the header row each row was planned
    for, and how many header rows hold a group (None: not such lines)."""

    planned: bool = False
    owner: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int64))
    count: int | None = None


def _lines(view: TableView) -> LinesCache:
    """Lines planned per header row (a children law): those of header rows past the groups
    are left out with them, not moved to another header."""
    cache = view.scratch.get(LinesCache)
    if cache.planned:
        return cache
    cache.planned = True
    header = lines_of(view.schema, view.table)
    law, counts = view.tp.children, view.tp.children_counts
    head = None if header is None else view.plan.table(header.head)
    if header is None or law is None or counts is None or head is None:
        return cache
    if law.parent != header.head or head.children is not None:
        return cache
    found = outcome_child.reaching(view, view.table, header)
    if found is None or not found[1] or not found[0].any():
        return cache
    groups = outcome_child.header_groups(view, header, *found)
    cache.owner = np.repeat(np.arange(counts.size), counts)
    cache.count = min(groups.values[0].size, head.rows)
    return cache


def kept(view: TableView, idx: np.ndarray, keep: np.ndarray | None) -> np.ndarray | None:
    """The mask of rows kept, less the header rows past the groups and the lines planned for
    them (a table whose rows sandbox.toml gives keeps them)."""
    cache = _plan(view)
    section = view.section
    own = section is not None and (section.rows is not None or section.children is not None)
    if own:
        return keep
    if cache.count is not None:
        past = idx >= cache.count
    else:
        lines = _lines(view)
        if lines.count is None or not lines.owner.size:
            return keep
        past = lines.owner[np.minimum(idx, lines.owner.size - 1)] >= lines.count
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
