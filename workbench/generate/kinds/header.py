"""A header and its lines, planned from the schema (rules/header.py generates them): a table H
whose rows a child C names by a key that is not unique, where C's other key names a parent P,
unique alone and NOT NULL (one line per P row), and the two keys agree (kinds/path_agree.py) on
ends H holds itself, each one key of H (one hop), while P reaches them along ways of its own
(its own key, or one through a parent): an invoice's sale and client, its lines' lots' sale and
the client of the paddle each was knocked down to; a consolidated invoice's customer and
delivery run, its items' drops' run and their orders' customer."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from workbench.generate.base.tables import unique_sets
from workbench.generate.kinds.path_agree import agreements, way_of
from workbench.schema import memo

if TYPE_CHECKING:
    from workbench.generate.kinds.meets import Way
    from workbench.schema.model import Schema, Table


@dataclass(frozen=True)
class Header:
    """H (`head`): its keys `columns` (one per end) are the ends its lines' parent reaches along
    `ways`; the lines: `child`, its key `key` to H and `anchor` to the parent `parent`."""

    head: str
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
                column = child.column(anchor)
                if (
                    head in out
                    or head == name
                    or any(len(w) != 1 or w[0][0] != head for w in own)
                    or column is None
                    or column.nullable
                    or _alone(child, key)
                ):
                    continue
                ways = tuple(way_of(end, 3 - side) for end in m.ends)
                cols = tuple(w[0][1] for w in own)
                out[head] = Header(head, name, key, anchor, parent, cols, ways)
    return out


def header_of(schema: Schema, table: Table) -> Header | None:
    """The lines whose header `table` is, else None."""
    return _headers(schema).get(table.qualified)


def lines_of(schema: Schema, table: Table) -> Header | None:
    """The header whose lines `table` holds, else None."""
    return next((h for h in _headers(schema).values() if h.child == table.qualified), None)
