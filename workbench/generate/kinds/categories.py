"""A category a row repeats from the row it references: a booked segment's cabin is its fare's
cabin, a ticket's zone its price band's zone, an order line's tax class its product's, a
claim's cover type its policy's.

Planned from the schema: a text or enum column of the row bearing the very name of a column of
one parent it references by a single-column key, where the parent's column is a category (an
enum, or a CHECK listing its labels) and the row's own column takes every one of those labels
(no labels of its own, or a list holding them all, and long enough). Never a status or another
stage of the row's own life (an order line's status is not its order's), nor a bare generic
name (`type`, `kind`, `code`) that a row and its parent use for different things, and only
where exactly one parent has such a column. rules/lineage.py copies it from the parent."""

from __future__ import annotations

from dataclasses import dataclass

from workbench.generate.base.names import normalise
from workbench.generate.base.tables import children_of, partition_root
from workbench.generate.checks.hints import column_hints
from workbench.schema import memo
from workbench.schema.model import Column, Schema, Table
from workbench.schema.typeinfo import resolve_type

# words of a row's own life or of a name too plain to say the two rows mean one thing
OWN_LIFE = frozenset({"status", "state", "stage", "phase", "outcome", "result", "step",
                       "progress", "resolution"})  # fmt: skip
PLAIN = frozenset({"type", "kind", "category", "class", "code", "name", "level", "mode",
                    "source", "channel", "label", "tag", "group", "flag", "method"})  # fmt: skip


@dataclass(frozen=True)
class CategoryCopy:
    """The row's `column` is the `source` column of the parent its key `fk` references."""

    column: str
    fk: str
    parent: str
    source: str


def labels(schema: Schema, table: Table, column: Column) -> list[str] | None:
    """A column's category labels: its enum's, or the values a CHECK lists (None: none)."""
    info = resolve_type(schema, column.type)
    if info.kind == "enum":
        return list(info.labels)
    if info.kind != "text":
        return None
    allowed = column_hints(schema, table, column).allowed
    if not allowed or not all(isinstance(v, str) for v in allowed):
        return None
    return [str(v) for v in allowed]


def _takes(schema: Schema, table: Table, column: Column, wanted: list[str], enum: str) -> bool:
    """Whether the row's column can hold every label of the parent's (`enum`: the parent's
    enum type, "" for labels a CHECK lists)."""
    info = resolve_type(schema, column.type)
    if info.kind == "enum":
        return info.name == enum
    if info.kind != "text":
        return False
    own = labels(schema, table, column)
    if own is not None and not set(wanted) <= set(own):
        return False
    return _long_enough(info.length, wanted)


def _long_enough(length: int | None, wanted: list[str]) -> bool:
    return length is None or all(len(v) <= length for v in wanted)


def _repeatable(name: str) -> bool:
    words = normalise(name).split("_")
    if set(words) & OWN_LIFE:
        return False
    return not (len(words) == 1 and words[0] in PLAIN)


@memo.by_identity_copied(list)
def category_copies(schema: Schema, table: Table) -> list[CategoryCopy]:
    """The categories a table's rows repeat from their parents (see the module)."""
    out = []
    keyed = {c for fk in table.foreign_keys for c in fk.columns}
    for column in table.columns:
        if column.generated is not None or column.name in keyed or not _repeatable(column.name):
            continue
        found = []
        for fk in table.foreign_keys:
            parent = schema.tables.get(partition_root(schema, fk.ref_qualified))
            if len(fk.columns) != 1 or parent is None or parent.qualified == table.qualified:
                continue
            source = parent.column(column.name)
            if source is None:
                continue
            wanted = labels(schema, parent, source)
            info = resolve_type(schema, source.type)
            enum = info.name if info.kind == "enum" else ""
            if wanted and _takes(schema, table, column, wanted, enum):
                found.append(
                    CategoryCopy(column.name, fk.columns[0], parent.qualified, source.name)
                )
        if len(found) == 1:
            out.append(found[0])
    return out


def copied_by_children(schema: Schema, table: Table) -> set[str]:
    """The columns of `table` that a child's rows repeat (kept with its keys)."""
    out = set()
    for child in children_of(schema, table.qualified):
        out |= {c.source for c in category_copies(schema, child) if c.parent == table.qualified}
    return out
