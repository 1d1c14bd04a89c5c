""".workbench/progress.json: what a generation has made durable, and the checks that decide
whether a later run may trust it.

A record is written only after the database work it claims is durable: `wal_barrier()` commits
a transaction with `synchronous_commit = on`, whose WAL flush covers every commit before it
(the embedded cluster runs with `fsync = on`, so the flush reaches the disk). A resumed run
does not take the record's word for it: `verify_completed()` compares the catalog digest and
each completed table's row count with what the record says, checks that every row of it was
written by one of the load's own transactions (their ids are recorded with each table), and
keeps only the tables that match (and that nothing reloaded would cascade into); the rest is
generated again.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import psycopg
from psycopg import sql

from workbench.config.file import Config, config_hash
from workbench.files.state import read_json
from workbench.records.lease import file_hash
from workbench.together import run_together

if TYPE_CHECKING:
    from workbench.generate.plan.tables import Plan
    from workbench.schema.model import Schema

PROGRESS_FILE = "progress.json"


def generation_key(schema: Schema, config: Config, rows: int | None, seed: int) -> dict[str, Any]:
    """What identifies a generation's result: a resumed run must match all of it."""
    from workbench.schema.fingerprint import fingerprint

    return {
        "fingerprint": fingerprint(schema),
        # the file as written: a function body's edit never resumes on the old pre-data
        "file_sha256": file_hash(config.schema_path),
        "config_hash": config_hash(config),
        "seed": seed,
        "rows": rows,
    }


def progress_path(state_dir: Path) -> Path:
    return state_dir / PROGRESS_FILE


def unfinished(state_dir: Path) -> bool:
    """Whether the sandbox database holds a generation that did not finish (failed, killed
    or cancelled): its record is there and does not say done."""
    record = read_json(progress_path(state_dir))
    return isinstance(record, dict) and record.get("phase") != "done"


def clear(state_dir: Path) -> None:
    """Forget any generation in progress (the database it describes is being replaced)."""
    progress_path(state_dir).unlink(missing_ok=True)


def wal_barrier(conn: psycopg.Connection) -> None:
    """Return only once every transaction committed before it is durable: a commit with
    synchronous_commit on flushes the WAL up to its own record, earlier records included.

    Only a transaction that wrote WAL of its own commits synchronously (PostgreSQL commits
    one that merely took a transaction id asynchronously, whatever the setting): it writes
    a transactional logical message, which needs no privilege beyond the default."""
    run_together(  # one round trip: one transaction, SET LOCAL holding at its commit
        conn,
        [
            sql.SQL("SET LOCAL synchronous_commit = on"),
            sql.SQL("SELECT pg_catalog.pg_logical_emit_message(true, 'workbench', 'barrier')"),
        ],
    )


def _ident(name: str) -> sql.Composable:
    schema, _, table = name.rpartition(".")
    return sql.Identifier(schema or "public", table)


def table_count(conn: psycopg.Connection, schema: Schema, name: str) -> int | None:
    """Rows in a table itself (not its inheritance children); None when it does not exist."""
    table = schema.tables.get(name)
    only = sql.SQL("") if table is not None and table.partition_by else sql.SQL("ONLY ")
    try:
        with conn.transaction():
            row = conn.execute(
                sql.SQL("SELECT count(*) FROM {}{}").format(only, _ident(name))
            ).fetchone()
    except psycopg.errors.UndefinedTable:
        return None
    return int(row[0]) if row else None


def foreign_rows(conn: psycopg.Connection, name: str, xids: list[int]) -> int:
    """Rows of a table that none of the transactions `xids` (32-bit) wrote, read from each
    row's own xmin (kept as written, frozen or not)."""
    with conn.transaction():
        row = conn.execute(
            sql.SQL(
                "SELECT count(*) FROM {} WHERE NOT (xmin::text::bigint = ANY(%s::bigint[]))"
            ).format(_ident(name)),
            (xids,),
        ).fetchone()
    return int(row[0]) if row else 0


@dataclass
class Verified:
    completed: list[str]
    trusted: bool  # False: the database is not the one the record describes; start over
    notes: list[str] = field(default_factory=list)


def verify_completed(
    conn: psycopg.Connection,
    schema: Schema,
    plan: Plan,
    progress: dict[str, Any],
    digest: str | None,
) -> Verified:
    """Which of the tables progress.json records as complete really are, in this database."""
    recorded_digest = progress.get("catalog_digest")
    if recorded_digest and digest is not None and recorded_digest != digest:
        return Verified([], False, ["the database's catalog is not the one the record made"])
    claimed = set(progress.get("completed") or [])
    counts: dict[str, int] = progress.get("rows") or {}
    planned = {t.name: t.rows for t in plan.tables}
    from_file = {t.name: t.file_rows for t in plan.tables if t.file_rows and not t.rows}
    order = [t.name for t in plan.tables if t.name not in from_file]
    kept: list[str] = []
    notes: list[str] = []
    for name, rows in from_file.items():  # schema.sql's own rows, loaded with pre-data
        actual = table_count(conn, schema, name)
        if actual != rows:
            note = f"{name} holds {actual or 0:,} rows, schema.sql has {rows:,}"
            return Verified([], False, [note])
    # Every row of a kept table must have been written by one of the load's own
    # transactions: a row changed, added or replaced by anyone else (same count or not)
    # makes the table, and the ones after it, load again.
    xids = [int(x) % 2**32 for x in progress.get("xids") or []]
    for name in order:  # tables load in plan order: the complete ones are a prefix
        if name not in claimed:
            break
        expected = counts.get(name, planned.get(name))
        actual = table_count(conn, schema, name)
        if actual is None:
            return Verified([], False, [f"{name} is missing from the database"])
        if actual != expected:
            notes.append(f"{name} holds {actual:,} rows, the record says {expected:,}")
            break
        foreign = foreign_rows(conn, name, xids) if actual else 0
        if foreign:
            notes.append(f"{name} holds {foreign:,} row(s) the load did not write")
            break
        kept.append(name)
    # A table to be reloaded is emptied with TRUNCATE … CASCADE: a kept table holding a foreign
    # key into it (a deferred or cyclic key) would be emptied too, so it is reloaded as well.
    reload = set(order) - set(kept)
    changed = True
    while changed:
        changed = False
        for name in list(kept):
            table = schema.tables.get(name)
            refs = {fk.ref_qualified for fk in table.foreign_keys} if table else set()
            if refs & reload:
                cut = kept.index(name)
                reload |= set(kept[cut:])
                del kept[cut:]
                changed = True
                break
    if len(kept) < len(claimed & set(order)):
        notes.append(
            f"{len(kept)} of {len(claimed)} recorded table(s) verified; the rest is generated again"
        )
    return Verified(kept, True, notes)
