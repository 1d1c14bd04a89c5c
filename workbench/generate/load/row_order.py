"""The order a pass after loading reads a table's rows in: the same on every run, whatever
place each row has on disk. A heap read without ORDER BY (or ordered by ctid) gives the rows
where they lie, and where an UPDATE put a row's new version depends on the free space
autovacuum and page pruning left, which depend on timing and on the machine's load: a pass
that draws its random choices along that order (which holder a credential goes to) would
make other rows from the same seed. The primary key's columns, else the row's text (ctid
last, between rows alike in every column)."""

from __future__ import annotations

from psycopg import sql

from workbench.schema.model import Schema


def stable_order(schema: Schema, table: str, alias: str) -> sql.Composable:
    """ORDER BY terms over `alias`, a row of `table`: its primary key, else its text."""
    at = sql.Identifier(alias)
    model = schema.tables.get(table)
    key = model.primary_key.columns if model is not None and model.primary_key else []
    if key:
        return sql.SQL(", ").join(sql.SQL("{}.{}").format(at, sql.Identifier(c)) for c in key)
    return sql.SQL("{a}::text, {a}.ctid").format(a=at)
