"""ALTER TABLE: its actions (ADD/DROP/ALTER COLUMN, constraints, partitions, inheritance,
row-level security), RENAME and SET SCHEMA."""

from __future__ import annotations

from workbench.schema.model import (
    CheckConstraint,
    Column,
    ForeignKey,
    Index,
    Table,
    UniqueConstraint,
)
from workbench.schema.parse.columns import column_def, identity, set_default
from workbench.schema.parse.constraints import fold_column_pk, table_constraint
from workbench.schema.parse.cursor import Cursor, ParseFailure
from workbench.schema.parse.exprs import exprs_use, referenced_columns, rename_in_expr
from workbench.schema.parse.state import ReaderState
from workbench.schema.types import read_type


def alter_table(reader: ReaderState, cur: Cursor) -> bool:
    cur.expect("alter")
    cur.accept("foreign")
    cur.expect("table")
    if cur.at("all", "in", "tablespace"):
        return False
    cur.accept("if", "exists")
    cur.accept("only")
    schema, name = cur.qname()
    cur.accept("*")
    key = reader.rel_key(schema, name)
    table = reader.schema.tables.get(key)
    if table is None:
        if (
            key in reader.relnames
            or f"{key}" in reader.schema.sequences
            or key in reader.schema.views
        ):
            return False  # pg_dump uses ALTER TABLE for views and sequences too
        raise ParseFailure(f"table {key} is not declared earlier in the file")
    used = False
    if cur.accept("rename"):
        return _rename(reader, cur, table)
    if cur.accept("set", "schema"):
        _move(reader, table, table.name, cur.ident())
        return True
    for s, e in cur.split_commas(cur.i, cur.end):
        sub = Cursor(cur.t, cur.text, s, e)
        used = _alter_action(reader, sub, table) or used
    return used


def _rename(reader: ReaderState, cur: Cursor, table: Table) -> bool:
    if cur.accept("constraint"):
        old = cur.ident()
        cur.expect("to")
        new = cur.ident()
        for c in [table.primary_key, *table.uniques, *table.foreign_keys, *table.checks]:
            if c is not None and c.name == old:
                c.name = new
        return True
    if cur.accept("to"):
        _move(reader, table, cur.ident(), table.schema)
        return True
    cur.accept("column")
    old = cur.ident()
    cur.expect("to")
    new = cur.ident()
    col = table.column(old)
    if col is None:
        raise ParseFailure(f"column {old} of {table.qualified} is not declared")
    col.name = new
    _rename_column_refs(table, old, new)
    for other in reader.schema.tables.values():
        for fk in other.foreign_keys:
            if fk.ref_qualified == table.qualified:
                fk.ref_columns = [new if c == old else c for c in fk.ref_columns]
    for seq in reader.schema.sequences.values():
        if seq.owned_by == f"{table.qualified}.{old}":
            seq.owned_by = f"{table.qualified}.{new}"
    return True


def _move(reader: ReaderState, table: Table, name: str, schema: str) -> None:
    """RENAME TO / SET SCHEMA: the table and everything that names it (foreign keys of any
    table, partitions, inheritance children, owned sequences, its indexes) follow, as
    PostgreSQL's references by OID do."""
    old = table.qualified
    del reader.schema.tables[old]
    reader.relnames.discard(old)
    table.name, table.schema = name, schema
    new = table.qualified
    reader.schema.tables[new] = table
    reader.relnames.add(new)
    for other in reader.schema.tables.values():
        for fk in other.foreign_keys:
            if fk.ref_qualified == old:
                fk.ref_schema, fk.ref_table = schema, name
        if other.partition_of == old:
            other.partition_of = new
        other.inherits = [new if p == old else p for p in other.inherits]
    for seq in reader.schema.sequences.values():
        if seq.owned_by is not None and seq.owned_by.startswith(old + "."):
            seq.owned_by = new + seq.owned_by[len(old) :]
    for index, owner in list(reader.index_owner.items()):
        if owner == old:
            del reader.index_owner[index]
            reader.index_owner[f"{schema}.{index.split('.', 1)[1]}"] = new


def _alter_action(reader: ReaderState, cur: Cursor, table: Table) -> bool:
    if cur.accept("add"):
        return _add(reader, cur, table)
    if cur.accept("drop"):
        return _drop(reader, cur, table)
    if cur.accept("alter"):
        cur.accept("column")
        cname = cur.ident()
        col = table.column(cname)
        if col is None:
            raise ParseFailure(f"column {cname} of {table.qualified} is not declared")
        return _alter_column(reader, cur, table, col)
    if cur.accept("attach", "partition"):
        child = reader.table(*cur.qname())
        child.partition_of = table.qualified
        a = cur.i
        if not cur.accept("default"):
            cur.expect("for", "values")
        child.partition_bound = cur.src(a, cur.end)
        return True
    if cur.accept("detach", "partition"):
        child = reader.table(*cur.qname())
        child.partition_of = None
        child.partition_bound = None
        return True
    return _alter_table_flags(reader, cur, table)


def _add(reader: ReaderState, cur: Cursor, table: Table) -> bool:
    """ADD [CONSTRAINT] … or ADD [COLUMN] …; the cursor is after ADD."""
    if (
        cur.at("constraint")
        or cur.at("check")
        or cur.at("unique")
        or cur.at("primary")
        or cur.at("foreign")
        or cur.at("exclude")
    ):
        obj = table_constraint(reader, cur, table)
        return obj is not None
    cur.accept("column")
    if cur.accept("if", "not", "exists"):
        name = cur.peek()
        if name is not None and table.column(name.value) is not None:
            return True  # PostgreSQL skips it, with a notice
    column_def(reader, cur, table)
    fold_column_pk(table)
    return True


def _drop(reader: ReaderState, cur: Cursor, table: Table) -> bool:
    """DROP CONSTRAINT … or DROP [COLUMN] …; the cursor is after DROP."""
    if cur.accept("constraint"):
        cur.accept("if", "exists")
        cname = cur.ident()
        _drop_constraint(table, cname)
        return True
    cur.accept("column")
    if_exists = cur.accept("if", "exists")
    cname = cur.ident()
    if table.column(cname) is None:
        if if_exists:
            return True
        raise ParseFailure(f"column {cname} of {table.qualified} is not declared")
    drop_column(reader, table, cname, cascade=cur.accept("cascade"))
    return True


def _alter_table_flags(reader: ReaderState, cur: Cursor, table: Table) -> bool:
    """Row-level security, VALIDATE CONSTRAINT, [NO] INHERIT, SET [UN]LOGGED."""
    if cur.accept("enable", "row", "level", "security") or cur.accept(
        "force", "row", "level", "security"
    ):
        table.rls_enabled = True
        return True
    if cur.accept("disable", "row", "level", "security"):
        table.rls_enabled = False
        return True
    if cur.accept("validate", "constraint"):
        cname = cur.ident()
        validated: list[ForeignKey | CheckConstraint] = [*table.foreign_keys, *table.checks]
        for c in validated:
            if c.name == cname:
                c.not_valid = False
        return True
    if cur.accept("inherit"):
        table.inherits.append(reader.table(*cur.qname()).qualified)
        return True
    if cur.accept("no", "inherit"):
        parent = reader.table(*cur.qname()).qualified
        table.inherits = [p for p in table.inherits if p != parent]
        return True
    if cur.accept("set", "unlogged"):
        table.unlogged = True
        return True
    if cur.accept("set", "logged"):
        table.unlogged = False
        return True
    return False  # OWNER TO, CLUSTER ON, REPLICA IDENTITY, triggers, storage …


def _alter_column(reader: ReaderState, cur: Cursor, table: Table, col: Column) -> bool:
    if cur.accept("set", "data", "type") or cur.accept("type"):
        old = col.type
        ref, cur.i = read_type(cur.t, cur.i)
        col.type = reader.resolve_type(ref)
        if col.default is not None and old.user_defined and old.name != col.type.name:
            # PostgreSQL keeps the default as (default::old)::new: it depends on the old type
            reader.default_types.setdefault(id(col), set()).add(old.name)
        if cur.accept("collate"):
            s, n = cur.qname()
            col.collation = f"{s}.{n}" if s else n
        return True
    if cur.accept("set", "default"):
        set_default(reader, col, cur.src(cur.i, cur.end))
        return True
    if cur.accept("drop", "default"):
        col.default = None
        col.sequence = None if col.identity is None else col.sequence
        return True
    if cur.accept("set", "not", "null"):
        col.nullable = False
        return True
    if cur.accept("drop", "not", "null"):
        col.nullable = True
        return True
    if cur.accept("add", "generated"):
        always = cur.accept("always")
        if not always:
            cur.expect("by", "default")
        cur.expect("as", "identity")
        identity(reader, cur, table, col, always)
        return True
    if cur.accept("drop", "identity"):
        col.identity = None
        return True
    if cur.accept("drop", "expression"):
        col.generated = None
        return True
    if cur.accept("set", "generated"):
        col.identity = "always" if cur.accept("always") else "by default"
        return True
    return False  # SET STATISTICS / STORAGE / COMPRESSION / (options)


def drop_column(reader: ReaderState, table: Table, cname: str, *, cascade: bool) -> None:
    table.columns = [c for c in table.columns if c.name != cname]
    # PostgreSQL drops the indexes and table constraints that involve the column.
    if table.primary_key and cname in table.primary_key.columns:
        table.primary_key = None
    table.uniques = [
        u for u in table.uniques
        if cname not in u.columns and not exprs_use(u.expressions, u.predicate, cname)
    ]  # fmt: skip
    table.indexes = [
        i for i in table.indexes
        if cname not in i.columns and not exprs_use(i.expressions, i.predicate, cname)
    ]  # fmt: skip
    table.foreign_keys = [f for f in table.foreign_keys if cname not in f.columns]
    table.checks = [c for c in table.checks if cname not in referenced_columns(c.expr)]
    if cascade:
        for other in reader.schema.tables.values():
            other.foreign_keys = [
                f for f in other.foreign_keys
                if not (f.ref_qualified == table.qualified and cname in f.ref_columns)
            ]  # fmt: skip


def _drop_constraint(table: Table, cname: str) -> None:
    if table.primary_key is not None and table.primary_key.name == cname:
        table.primary_key = None
    table.uniques = [u for u in table.uniques if u.name != cname or u.is_index]
    table.foreign_keys = [f for f in table.foreign_keys if f.name != cname]
    table.checks = [c for c in table.checks if c.name != cname]


def _rename_column_refs(table: Table, old: str, new: str) -> None:
    """Everything of the table that names the column follows it: keys, indexes, and the
    expressions of CHECKs, indexes, generated columns and policies."""
    for chk in table.checks:
        chk.expr = rename_in_expr(chk.expr, old, new)
    for col in table.columns:
        if col.generated is not None:
            col.generated = rename_in_expr(col.generated, old, new)
    parts: list[UniqueConstraint | Index] = [*table.uniques, *table.indexes]
    for part in parts:
        part.expressions = [
            None if e is None else rename_in_expr(e, old, new) for e in part.expressions
        ]
        if part.predicate is not None:
            part.predicate = rename_in_expr(part.predicate, old, new)
    for pol in table.policies:
        pol.using = None if pol.using is None else rename_in_expr(pol.using, old, new)
        if pol.with_check is not None:
            pol.with_check = rename_in_expr(pol.with_check, old, new)
    for cols in (
        ([table.primary_key.columns] if table.primary_key else [])
        + [u.columns for u in table.uniques]
        + [i.columns for i in table.indexes]
        + [f.columns for f in table.foreign_keys]
    ):
        for k, c in enumerate(cols):
            if c == old:
                cols[k] = new
