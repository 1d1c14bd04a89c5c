"""A free text column that names a category another table lists: a player's `position` beside
an appearance's `position CHECK (position IN ('GK','DF','MF','FW'))`, a pupil's
`licence_category` beside a vehicle's `category CHECK (category IN ('A','B','C'))`. The team
that wrote the CHECK once wrote the values of the thing; the column that carries the same name
without a CHECK holds the same values, not words made up from its name.

Which column lends its labels (an enum's, or a CHECK's IN list of text): one of another table
whose name is the free column's name (`position`, `position`), or the last words of it
(`licence_category` ends with `category`), never a bare plain word (`type`, `code`) a table
uses for anything nor a word of a row's own life (`status`, `stage`). The two tables are near
one another in the schema's keys: one references the other, or both reference one table
(pupils and vehicles of one school), or one table references both (a lesson's pupil and
vehicle). Where lenders disagree, the longest matching name wins; a tie of different lists
lends nothing. The labels must fit the free column's length."""

from __future__ import annotations

from typing import TYPE_CHECKING

from workbench.generate.base.names import normalise
from workbench.generate.base.tables import partition_root
from workbench.generate.checks.hints import column_hints
from workbench.generate.kinds.categories import OWN_LIFE, PLAIN, labels
from workbench.schema import memo
from workbench.schema.typeinfo import resolve_type

if TYPE_CHECKING:
    from workbench.schema.model import Column, Schema, Table


@memo.by_identity
def _neighbours(schema: Schema) -> dict[str, set[str]]:
    """Per table, the tables one key away either way (partitions as their root)."""
    out: dict[str, set[str]] = {name: set() for name in schema.tables}
    for table in schema.tables.values():
        own = partition_root(schema, table.qualified)
        for fk in table.foreign_keys:
            ref = partition_root(schema, fk.ref_qualified)
            if ref != own and ref in out and own in out:
                out[own].add(ref)
                out[ref].add(own)
    return out


@memo.by_identity
def _near(schema: Schema, one: str) -> frozenset[str]:
    """The tables at most two keys apart from `one` (a parent, a child, a shared parent or
    a shared child): its neighbours and theirs (the relation is symmetric)."""
    near = _neighbours(schema)
    first = near.get(one, set())
    return frozenset(first.union(*(near.get(t, set()) for t in first)))


@memo.by_identity  # each column of a table asks it
def _near_tables(schema: Schema, one: str) -> tuple[Table, ...]:
    """The tables `_near` names, in the schema's order."""
    near = _near(schema, one)
    return tuple(t for t in schema.tables.values() if t.qualified in near)


def _free(schema: Schema, table: Table, column: Column) -> bool:
    """A plain text column with no values of its own set (no CHECK list, pattern or key)."""
    info = resolve_type(schema, column.type)
    if info.kind != "text" or info.array_dims or column.generated is not None:
        return False
    if column.identity or any(column.name in fk.columns for fk in table.foreign_keys):
        return False
    hints = column_hints(schema, table, column)
    return hints.allowed is None and hints.regex is None


@memo.by_identity  # each free text column of each table near it reads them
def _column_words(table: Table) -> tuple[tuple[Column, list[str]], ...]:
    """Each column of the table with the words of its name."""
    return tuple((c, normalise(c.name).split("_")) for c in table.columns)


@memo.by_identity
def shared_labels(schema: Schema, table: Table, column: Column) -> tuple[list[str], str] | None:
    """The labels the column takes from a column of another table, and which (`table.col`);
    None where no column lends them (see the module)."""
    if not _free(schema, table, column):
        return None
    words = normalise(column.name).split("_")
    if set(words) & OWN_LIFE:
        return None
    length = resolve_type(schema, column.type).length
    own = partition_root(schema, table.qualified)
    found: dict[int, dict[tuple[str, ...], str]] = {}
    for other in _near_tables(schema, own):
        root = partition_root(schema, other.qualified)
        if root == own or other.qualified != root:
            continue
        for source, theirs in _column_words(other):
            if len(theirs) > len(words) or words[-len(theirs) :] != theirs:
                continue
            if words == theirs and len(words) == 1 and words[0] in PLAIN:
                continue  # a bare `type` of one table is not another's
            wanted = labels(schema, other, source)
            if not wanted or (length is not None and any(len(v) > length for v in wanted)):
                continue
            found.setdefault(len(theirs), {})[tuple(wanted)] = f"{other.qualified}.{source.name}"
    if not found:
        return None
    best = found[max(found)]
    if len(best) != 1:
        return None
    ((values, source_name),) = best.items()
    return list(values), source_name
