"""Facts of the schema model that every part of generation reads: the table a partition's rows
belong to, and the column sets a table's keys make unique."""

from __future__ import annotations

from workbench.generate.base.sqltree import columns_of
from workbench.schema import memo
from workbench.schema.model import ForeignKey, Schema, Table


def partition_root(schema: Schema, name: str) -> str:
    """The table rows of `name` land in: a partition's root partitioned table (itself
    otherwise)."""
    seen = 0
    table = schema.tables.get(name)
    while table is not None and table.partition_of and seen < 10:
        name = table.partition_of
        table = schema.tables.get(name)
        seen += 1
    return name


def unique_sets(table: Table) -> list[list[str]]:
    """Column sets that must be unique: PK, UNIQUE constraints and unique indexes (expression
    parts contribute the columns they mention)."""
    sets: list[list[str]] = []
    if table.primary_key:
        sets.append(list(table.primary_key.columns))
    for u in table.uniques:
        cols = [c for c in u.columns if c]
        for e in u.expressions:
            if e is not None:
                cols += sorted(columns_of(e.tree)) if e.tree is not None else []
        if cols:
            sets.append(list(dict.fromkeys(cols)))
    for index in table.indexes:
        if index.unique:
            cols = [c for c in index.columns if c]
            for e in index.expressions:
                if e is not None and e.tree is not None:
                    cols += sorted(columns_of(e.tree))
            if cols and cols not in sets:
                sets.append(list(dict.fromkeys(cols)))
    return sets


def single_keys(schema: Schema, table: Table) -> list[tuple[str, str]]:
    """(column, referenced table) of each single-column key to another table."""
    out = []
    for fk in table.foreign_keys:
        if len(fk.columns) == 1 and len(fk.ref_columns) == 1:
            parent = partition_root(schema, fk.ref_qualified)
            if parent != table.qualified:
                out.append((fk.columns[0], parent))
    return out


def key_refs(schema: Schema, table: Table) -> list[tuple[str, str, str, bool]]:
    """(column, referenced table, referenced column, may be NULL) of each single-column key to
    another table."""
    out = []
    for fk in table.foreign_keys:
        if len(fk.columns) != 1 or len(fk.ref_columns) != 1:
            continue
        ref = partition_root(schema, fk.ref_qualified)
        column = table.column(fk.columns[0])
        if ref != table.qualified and column is not None:
            out.append((fk.columns[0], ref, fk.ref_columns[0], column.nullable))
    return out


def reaches(schema: Schema, start: str, goal: str) -> bool:
    """Whether the table `start` reaches `goal` along single-column keys (itself included)."""
    seen, todo = set(), [start]
    while todo:
        name = todo.pop()
        if name == goal:
            return True
        model = schema.tables.get(name)
        if name in seen or model is None:
            continue
        seen.add(name)
        todo += [ref for _, ref, _, _ in key_refs(schema, model)]
    return False


def required_parents(schema: Schema, table: Table) -> list[tuple[ForeignKey, Table]]:
    """Each single-column key of `table` that every row fills (NOT NULL), with the table it
    references (itself, for a self reference): the steps a row can always take one hop up."""
    out = []
    for fk in table.foreign_keys:
        own = table.column(fk.columns[0]) if len(fk.columns) == 1 else None
        parent = schema.tables.get(fk.ref_qualified)
        if own is not None and not own.nullable and parent is not None:
            out.append((fk, parent))
    return out


def referencing(schema: Schema, name: str) -> list[Table]:
    """The tables with a foreign key to `name` (its children, itself for a self reference)."""
    return list(referencers(schema).get(name, ()))


@memo.by_identity
def referencers(schema: Schema) -> dict[str, list[Table]]:
    """Table name -> the tables with a foreign key to it, in the schema's order (indexed once
    per schema, for readers that ask it of every table)."""
    out: dict[str, list[Table]] = {}
    for table in schema.tables.values():
        for ref in dict.fromkeys(fk.ref_qualified for fk in table.foreign_keys):
            out.setdefault(ref, []).append(table)
    return out


def children_of(schema: Schema, name: str) -> list[Table]:
    """The tables with a foreign key to `name` or to one of its partitions (a key's table read
    as its partition root), in the schema's order: the children a parent keeps columns for."""
    return list(root_referencers(schema).get(name, ()))


@memo.by_identity
def required_children(schema: Schema) -> dict[tuple[str, str], set[str]]:
    """(table, column) -> the tables holding a single-column key to it that may not be NULL
    (indexed once per schema, for readers that ask it of every table)."""
    out: dict[tuple[str, str], set[str]] = {}
    for other in schema.tables.values():
        for fk in other.foreign_keys:
            if len(fk.columns) != 1 or len(fk.ref_columns) != 1:
                continue
            column = other.column(fk.columns[0])
            if column is not None and not column.nullable:
                out.setdefault((fk.ref_qualified, fk.ref_columns[0]), set()).add(other.qualified)
    return out


@memo.by_identity
def required_keys_to(schema: Schema) -> dict[str, list[tuple[Table, ForeignKey]]]:
    """Table -> (child, key) of each single-column key to it (to its partition root) whose
    column every row fills, children in the schema's order (indexed once per schema)."""
    out: dict[str, list[tuple[Table, ForeignKey]]] = {}
    for child in schema.tables.values():
        for fk in child.foreign_keys:
            column = child.column(fk.columns[0]) if len(fk.columns) == 1 else None
            if column is not None and not column.nullable:
                out.setdefault(partition_root(schema, fk.ref_qualified), []).append((child, fk))
    return out


@memo.by_identity
def root_referencers(schema: Schema) -> dict[str, list[Table]]:
    """Table -> the tables with a foreign key to it, a partition's counted for its root table,
    each once, in the schema's order (indexed once per schema)."""
    out: dict[str, list[Table]] = {}
    for table in schema.tables.values():
        for ref in dict.fromkeys(
            partition_root(schema, fk.ref_qualified) for fk in table.foreign_keys
        ):
            out.setdefault(ref, []).append(table)
    return out
