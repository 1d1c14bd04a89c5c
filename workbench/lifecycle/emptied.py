"""Tables whose rows from schema.sql are gone by the file's end: a migration history that
inserts an admin user and a default community, then deletes the admin (and, by ON DELETE
CASCADE, the community). The plan counted the file's INSERTs; PostgreSQL, after the pre-data
phase, holds what is left. A table the file filled and emptied again is generated instead,
so that the rows pointing at it have parents."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from psycopg import sql

from workbench.context import Context
from workbench.events import Info
from workbench.generate.load.detach import qualified_ident


def emptied_tables(conn: Any, names: Collection[str]) -> list[str]:
    """Of the tables that keep the file's rows, those holding none after pre-data."""
    out = []
    for name in sorted(names):
        query = sql.SQL("SELECT NOT EXISTS (SELECT FROM {})").format(qualified_ident(name))
        row = conn.execute(query).fetchone()
        if row is not None and row[0]:
            out.append(name)
    return out


def replan(ctx: Context, plan: Any, rows: int | None, seed: int, preload: Any = None) -> Any:
    """The plan with the tables that keep the file's rows but hold none now generated (said
    once); `plan` itself when there is none. Read from the database, so a resumed run finds
    the same tables (once generated, their rows are read as the file's would be)."""
    kept = [t.name for t in plan.tables if t.file_rows and not t.rows]
    preloaded = preload.rows if preload is not None else None
    if not kept:
        return plan
    with ctx.db.owner() as conn:
        emptied = emptied_tables(conn, [n for n in kept if n not in (preloaded or {})])
    if not emptied:
        return plan
    ctx.events(
        Info(
            f"{len(emptied)} table(s) whose rows from schema.sql the file deletes again by its "
            f"end are generated instead: {', '.join(emptied)}",
            {"tables": list(emptied)},
        )
    )
    return ctx.plan(rows=rows, seed=seed, preloaded=preloaded, emptied=emptied)
