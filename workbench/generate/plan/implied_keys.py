"""Keys a schema implies but does not declare: many schemas keep their foreign keys in the
application (an ORM, a pg_dump of a framework's tables without constraints), so a column
`<stem>_id` beside a table named `<stem>` (or its plural: `cards`, `boxes`, `categories`), or
named by its last words after a role (`home_team_id`, `friend_user_id` → teams, users), whose
primary key is one column `id` of the same type is read as a key to it. Generation then
treats it as the declared ones: the row references a parent that exists, comes after it on
the clock, and agrees with its other keys.

Only where nothing is declared for the column, never a table's key to itself, and never one
that would close a cycle of keys (the declared ones and those implied before it, in the
tables' order). The loaded database is not changed: no constraint is created.

Read from names and types only; any schema of any domain."""

from __future__ import annotations

import dataclasses

from workbench.generate.base.names import normalise
from workbench.schema import memo
from workbench.schema.model import ForeignKey, Schema, Table
from workbench.schema.typeinfo import resolve_type


def _plurals(stem: str) -> list[str]:
    out = [stem, f"{stem}s", f"{stem}es"]
    if stem.endswith("y"):
        out.append(f"{stem[:-1]}ies")
    return out


def _named_parent(tables: dict[tuple[str, str], Table], schema: str, stem: str) -> Table | None:
    """The table `<stem>` names, or the one its last words name once a role before them is
    dropped (`home_team` → team, `friend_user` → user): the longest name that is a table."""
    words = stem.split("_")
    for start in range(len(words)):
        for name in _plurals("_".join(words[start:])):
            if (schema, name) in tables:
                return tables[(schema, name)]
    return None


def _by_name(schema: Schema) -> dict[tuple[str, str], Table]:
    """The tables by (schema name, normalised table name)."""
    return {(t.schema, normalise(t.name)): t for t in schema.tables.values()}


def _single_id(table: Table) -> str | None:
    pk = table.primary_key
    if pk is None or len(pk.columns) != 1 or normalise(pk.columns[0]) != "id":
        return None
    return pk.columns[0]


def _reaches(edges: dict[str, set[str]], start: str, goal: str) -> bool:
    seen, todo = {start}, [start]
    while todo:
        at = todo.pop()
        if at == goal:
            return True
        for nxt in edges.get(at, ()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return False


def implied_keys(schema: Schema) -> list[tuple[str, ForeignKey]]:
    """(child table, key) for each `<stem>_id` column the schema implies a key of."""
    tables = _by_name(schema)
    edges: dict[str, set[str]] = {}
    for table in schema.tables.values():
        for fk in table.foreign_keys:
            if fk.ref_qualified != table.qualified:
                edges.setdefault(table.qualified, set()).add(fk.ref_qualified)
    found = []
    for name in sorted(schema.tables):
        table = schema.tables[name]
        if table.partition_of:
            continue
        declared = {c for fk in table.foreign_keys for c in fk.columns}
        for column in table.columns:
            norm = normalise(column.name)
            if column.name in declared or column.generated is not None or not norm.endswith("_id"):
                continue
            parent = _named_parent(tables, table.schema, norm.removesuffix("_id"))
            if parent is None or parent.qualified == table.qualified or parent.partition_of:
                continue
            key = _single_id(parent)
            pk_column = parent.column(key) if key is not None else None
            if pk_column is None:
                continue
            kind = resolve_type(schema, column.type).kind
            if kind != resolve_type(schema, pk_column.type).kind:
                continue
            if _reaches(edges, parent.qualified, table.qualified):
                continue  # it would close a cycle of keys
            edges.setdefault(table.qualified, set()).add(parent.qualified)
            fk = ForeignKey(
                name=f"implied_{table.name}_{column.name}",
                columns=[column.name],
                ref_schema=parent.schema,
                ref_table=parent.name,
                ref_columns=[key or "id"],
            )
            found.append((table.qualified, fk))
    return found


@memo.by_identity  # one schema per parsed one: what is memoised per schema stays valid
def with_implied_keys(schema: Schema) -> Schema:
    """The schema with the keys it implies added to its tables (as generation sees it)."""
    found = implied_keys(schema)
    if not found:
        return schema
    tables = dict(schema.tables)
    for name, fk in found:
        tables[name] = dataclasses.replace(
            tables[name], foreign_keys=[*tables[name].foreign_keys, fk]
        )
    merged = dataclasses.replace(schema, tables=tables)
    merged._wb_effective = True  # type: ignore[attr-defined]
    return merged
