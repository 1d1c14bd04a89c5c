"""The migrations folder (sandbox.migrations): its files in name order, their hash (part of
what a snapshot must match) and applying them, each file in one transaction, on the sandbox
owner role's own login (as schema.sql)."""

from __future__ import annotations

import hashlib
import os
import re
from pathlib import Path
from typing import Any

import psycopg

from workbench.context import Context
from workbench.errors import DatabaseError, UsageError, WorkbenchError
from workbench.events import EventSink, PhaseChanged
from workbench.files.kinds import not_a_file
from workbench.records.evidence import EvidenceRun
from workbench.schema.apply import timeout_hint
from workbench.schema.split import split_statements

# Statements that cannot run inside a transaction block (PostgreSQL says so at run time).
OUTSIDE_TRANSACTION = re.compile(
    r"^(?:CREATE\s+(?:UNIQUE\s+)?INDEX\s+CONCURRENTLY\b|DROP\s+INDEX\s+CONCURRENTLY\b"
    r"|REINDEX\b.*\bCONCURRENTLY\b|VACUUM\b|CREATE\s+DATABASE\b|DROP\s+DATABASE\b"
    r"|ALTER\s+SYSTEM\b|CREATE\s+TABLESPACE\b|DROP\s+TABLESPACE\b"
    r"|ALTER\s+TABLE\b.*\bDETACH\s+PARTITION\b.*\bCONCURRENTLY\b)",
    re.IGNORECASE | re.DOTALL,
)
_COMMENTS = re.compile(r"--[^\n]*|/\*.*?\*/", re.DOTALL)


def runs_outside_transaction(text: str) -> bool:
    """Whether PostgreSQL refuses `text` inside a transaction block: a migration tool runs it
    on its own, after committing what came before it in the file."""
    return bool(OUTSIDE_TRANSACTION.match(_COMMENTS.sub(" ", text).strip()))


class MigrationError(DatabaseError):
    """A migration file failed; the message names the file and line."""

    title = "migration failed"

    def __init__(self, message: str, *, file: str, line: int, statement: str) -> None:
        super().__init__(message)
        self.file = file
        self.line = line
        self.statement = statement


def migration_files(ctx: Context) -> list[Path]:
    folder = ctx.config.migrations_path
    if folder is None:
        return []
    if not folder.is_dir():
        raise WorkbenchError(
            f"{ctx.config.path}: key sandbox.migrations names {folder}, which is not a "
            "folder of .sql files.",
            title="configuration error",
        )
    files = sorted((p for p in folder.iterdir() if p.suffix == ".sql"), key=lambda p: p.name)
    for path in files:
        refuse_undecodable_name(path, f"{ctx.config.path}: key sandbox.migrations: ")
        refuse_unreadable(path, f"{ctx.config.path}: key sandbox.migrations: ")
    return files


def refuse_unreadable(path: Path, where: str = "") -> None:
    """A `.sql` entry of the migrations folder that is not a file to read (a FIFO, a folder,
    a link to nothing) is refused before anything runs, as an undecodable name is: skipped,
    the sandbox would silently lack a migration the team runs."""
    what = not_a_file(path)
    if what is not None:
        raise UsageError(
            f"{where}the migration {shown_name(path)} {what}, so it cannot be run; nothing "
            "was run. Make it the migration file itself (or remove it), then run the command "
            "again.",
            title="migration file",
        )


def shown_name(path: Path) -> str:
    """`path` as text to print: bytes that are not UTF-8 as \\xNN escapes."""
    return os.fsencode(path).decode("utf-8", "backslashreplace")


def refuse_undecodable_name(path: Path, where: str = "") -> None:
    """A migration whose file name is not UTF-8 (git stores any bytes) is refused before
    anything runs: skipped, the sandbox would silently lack a migration the team runs; its
    name could be neither recorded in the evidence and lease nor hashed."""
    try:
        path.name.encode("utf-8")
    except UnicodeEncodeError:
        raise UsageError(
            f"{where}the migration file {shown_name(path)} has a name that is not UTF-8 text, "
            "so the workbench can neither record nor report it; nothing was run. Rename it "
            "to a UTF-8 name (git mv), then run the command again.",
            title="migration file name",
        ) from None


def migrations_hash(ctx: Context) -> str | None:
    """A hash of the migrations' names and contents (None when none are configured)."""
    if ctx.config.migrations_path is None:
        return None
    digest = hashlib.sha256()
    for path in migration_files(ctx):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def apply_migrations(ctx: Context, run: EvidenceRun, on_event: EventSink) -> list[str]:
    """Apply the migrations folder's .sql files in name order, each file in one transaction
    (a failing file leaves no half of itself behind); a failure names file and line."""
    applied: list[str] = []
    timeout_s = ctx.config.schema.statement_timeout_seconds
    for path in migration_files(ctx):
        on_event(PhaseChanged("migrate", path.name))
        with run.phase("migrate", file=path.name) as phase:
            text = path.read_text(encoding="utf-8")
            statements, metas = split_statements(text)
            if metas:
                meta = metas[0]
                raise MigrationError(
                    f"{path.name}:{meta.line}: psql meta-command {meta.text.split()[0]!r} in a "
                    "migration; migrations must be plain SQL.",
                    file=path.name,
                    line=meta.line,
                    statement=meta.text,
                )
            # The owner role's own login, like schema.sql: a migration never runs in a
            # session that could become a superuser. Each statement runs under
            # [schema] statement_timeout, which the file's own SET does not lift.
            with ctx.db.owner(autocommit=False) as conn:
                _bound(conn, timeout_s)
                kept_through = 0  # the line of the last statement that ran on its own
                for count, st in enumerate(statements, start=1):
                    phase.detail.update(line=st.line, statement=count)
                    alone = runs_outside_transaction(st.text)
                    try:
                        if alone:  # as a migration tool runs it (rehearse does the same)
                            conn.commit()
                            conn.autocommit = True
                        with conn.cursor() as cur:
                            if st.copy_data is not None:
                                with cur.copy(st.text) as copy:
                                    copy.write(st.copy_data)
                            else:
                                cur.execute(st.text)
                        if _RESETS_TIMEOUT.search(st.text):
                            _bound(conn, timeout_s)
                    except psycopg.Error as err:
                        conn.rollback()
                        first = " ".join(st.text.split())[:120]
                        diag = getattr(err, "diag", None)
                        message = (diag.message_primary if diag else None) or str(err).strip()
                        if isinstance(err, psycopg.errors.QueryCanceled) and "timeout" in message:
                            message += f" ({timeout_hint(timeout_s)})"
                        undone = (
                            "the file was rolled back"
                            if not kept_through
                            else f"the file was rolled back to its line {kept_through} (what "
                            "ran outside a transaction up to there stays)"
                        )
                        raise MigrationError(
                            f"migration {path.name}:{st.line} (statement {count} of "
                            f"{len(statements)}) failed: {message}; {undone}, "
                            f"earlier files stay applied.\n  {first}",
                            file=path.name,
                            line=st.line,
                            statement=first,
                        ) from None
                    if alone:
                        conn.autocommit = False
                        kept_through = st.line
                conn.commit()
                phase.counts["statements"] = len(statements)
        applied.append(path.name)
    return applied


# A statement that may change the session's statement timeout: it is bounded again after it.
_RESETS_TIMEOUT = re.compile(r"statement_timeout|\breset\s+all\b", re.IGNORECASE)


def _bound(conn: psycopg.Connection[Any], timeout_s: int) -> None:
    conn.execute("SELECT pg_catalog.set_config('statement_timeout', %s, false)", [f"{timeout_s}s"])
