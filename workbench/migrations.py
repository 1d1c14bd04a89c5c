"""The migrations folder (sandbox.migrations): its files in name order, their hash (part of
what a snapshot must match) and applying them, each file in one transaction."""

from __future__ import annotations

import hashlib
from pathlib import Path

import psycopg

from workbench.context import Context
from workbench.errors import DatabaseError, WorkbenchError
from workbench.events import EventSink, PhaseChanged
from workbench.evidence import EvidenceRun


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
    return sorted(
        (p for p in folder.iterdir() if p.suffix == ".sql" and p.is_file()), key=lambda p: p.name
    )


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
    from workbench.schema.split import split_statements

    applied: list[str] = []
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
            with ctx.guard.connect(autocommit=False) as conn:
                from workbench.schema.apply import FILE_SEARCH_PATH

                conn.execute(FILE_SEARCH_PATH)
                for count, st in enumerate(statements, start=1):
                    phase.detail.update(line=st.line, statement=count)
                    try:
                        with conn.cursor() as cur:
                            if st.copy_data is not None:
                                with cur.copy(st.text) as copy:
                                    copy.write(st.copy_data)
                            else:
                                cur.execute(st.text)
                    except psycopg.Error as err:
                        conn.rollback()
                        first = " ".join(st.text.split())[:120]
                        diag = getattr(err, "diag", None)
                        message = (diag.message_primary if diag else None) or str(err).strip()
                        raise MigrationError(
                            f"migration {path.name}:{st.line} (statement {count} of "
                            f"{len(statements)}) failed: {message}; the file was rolled back, "
                            f"earlier files stay applied.\n  {first}",
                            file=path.name,
                            line=st.line,
                            statement=first,
                        ) from None
                conn.commit()
                phase.counts["statements"] = len(statements)
        applied.append(path.name)
    return applied
