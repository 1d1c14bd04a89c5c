"""What a rehearsal applies: migration files read into statements, and their hash.

The files given on the command line (or as text by an agent) come after the project's
`[sandbox] migrations` that the snapshot does not have yet. Which of those it has is known
from the hash its record keeps: the folder's files in name order, the snapshot's hash
matching the first k of them, so files k+1… are pending (new migrations are added at the
end). A folder changed in any other way (an applied file edited) cannot be told apart and
is refused with what to do.

Each file runs in one transaction, as the project's migrations do; a statement PostgreSQL
refuses inside a transaction block (CREATE INDEX CONCURRENTLY, VACUUM…) ends the open one and
runs on its own, as a migration tool runs it outside its transaction.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from pglast import ast
from pglast.parser import ParseError, parse_sql

from workbench.context import Context
from workbench.errors import UsageError, WorkbenchError
from workbench.lifecycle.migrations import (
    migration_files,
    refuse_undecodable_name,
    runs_outside_transaction,
)
from workbench.lifecycle.snapshots import SnapshotInfo
from workbench.schema.split import split_statements

MAX_FILE_BYTES = 16 * 1024 * 1024


@dataclass
class Statement:
    file: str  # the file's name as reported
    index: int  # 1-based, within its file
    line: int  # first line in the file
    end_line: int
    text: str
    copy_data: str | None = None

    @property
    def outside_transaction(self) -> bool:
        return runs_outside_transaction(self.text)

    def short(self, width: int = 120) -> str:
        return " ".join(self.text.split())[:width]


@dataclass
class Migration:
    """One file: its name, its statements, and whether it was already in the folder
    (pending: a project migration the snapshot lacks) or given to rehearse."""

    name: str
    text: str
    pending: bool = False
    statements: list[Statement] = field(default_factory=list)

    @property
    def sha(self) -> str:
        return hashlib.sha256(self.text.encode()).hexdigest()


def read_migration(name: str, text: str, *, pending: bool = False) -> Migration:
    """A file's text split into statements; psql meta-commands are refused (migrations are
    plain SQL), with file and line."""
    statements, metas = split_statements(text)
    if metas:
        meta = metas[0]
        raise UsageError(
            f"{name}:{meta.line}: psql meta-command {meta.text.split()[0]!r} in a migration; "
            "a migration must be plain SQL."
        )
    for i, st in enumerate(statements, start=1):
        if st.error is not None:
            raise UsageError(f"{name}:{st.line}: {st.error}; the file cannot be rehearsed.")
        if _copies_to_client(st.text):
            raise UsageError(
                f"{name}:{st.line}: statement {i} ({st.text.strip()[:60]!r}…) copies rows out "
                "to the client (COPY … TO STDOUT); a migration has no client to take them, "
                "and a rehearsal returns none. Make it an INSERT … SELECT, or leave it out of "
                "the migration; the file cannot be rehearsed."
            )
    out = Migration(name, text, pending)
    out.statements = [
        Statement(name, i, st.line, st.end_line, st.text, st.copy_data)
        for i, st in enumerate(statements, start=1)
    ]
    return out


def _copies_to_client(statement: str) -> bool:
    """COPY … TO STDOUT, by PostgreSQL's grammar (pglast): `COPY (SELECT …) TO STDOUT` left
    the rehearsal's session in COPY OUT mode ("another command is already in progress")."""
    if "copy" not in statement.lower():
        return False
    try:
        parsed = parse_sql(statement)
    except ParseError:
        return False  # the server says what is wrong with it
    return any(
        isinstance(raw.stmt, ast.CopyStmt)
        and not raw.stmt.is_from
        and not raw.stmt.is_program
        and raw.stmt.filename is None
        for raw in parsed
    )


def read_files(paths: list[Path], check: Callable[[Path], Path]) -> list[Migration]:
    """The files (or the .sql files of folders, in name order) given on the command line.
    `check` (trust.checked_path) passes each folder and each file before it is opened: a
    committed link to `.workbench/pgpass` or out of the checkout is refused, never read."""
    out: list[Migration] = []
    for given in paths:
        path = check(given)
        if path.is_dir():
            files = sorted(p for p in path.iterdir() if p.suffix == ".sql")
            if not files:
                raise UsageError(
                    f"{given} is a folder without .sql files; expected migration files."
                )
        else:
            files = [given]
        for file in files:
            refuse_undecodable_name(file)
            out.append(read_migration(file.name, _read(check(file))))
    return out


def read_migrations(
    paths: Sequence[str | Path], sql: str | None = None, *, check: Callable[[Path], Path]
) -> list[Migration]:
    """The migration files (or folders of them), then an agent's SQL text when given."""
    out = read_files([Path(p) for p in paths], check)
    if sql is not None:
        out.append(read_migration("migration.sql", sql))
    return out


def _read(path: Path) -> str:
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise UsageError(
                f"{path} is {size // (1024 * 1024)} MB; a migration to rehearse may be at "
                f"most {MAX_FILE_BYTES // (1024 * 1024)} MB."
            )
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise UsageError(f"{path}: no such migration file.") from None
    except (OSError, UnicodeDecodeError) as err:
        raise UsageError(f"{path}: cannot be read as UTF-8 text ({err}).") from None


def pending_migrations(ctx: Context, snapshot: SnapshotInfo | None) -> list[Migration]:
    """The project's migrations the snapshot does not have yet (see the module docstring)."""
    return split_migrations(ctx, snapshot)[1]


def split_migrations(
    ctx: Context, snapshot: SnapshotInfo | None
) -> tuple[list[Migration], list[Migration]]:
    """The project's migrations the snapshot has, and those it does not have yet."""
    files = migration_files(ctx)
    if not files:
        return [], []
    applied_hash = snapshot.migrations_hash if snapshot is not None else None
    done = 0
    if applied_hash is not None:
        digest = hashlib.sha256()
        prefixes = {0: digest.hexdigest()[:16]}
        for k, path in enumerate(files, start=1):
            digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
            prefixes[k] = digest.copy().hexdigest()[:16]
        matches = [k for k, h in prefixes.items() if h == applied_hash]
        if not matches:
            raise WorkbenchError(
                f"The migrations folder ({ctx.config.migrations_path}) changed since the "
                "snapshot in a way other than new files at its end (an applied file was "
                "edited, renamed or removed), so which migrations the snapshot has cannot be "
                "told. Run `workbench reset` to apply the folder as it is, then rehearse the "
                "new file by naming it.",
                title="migrations changed",
            )
        done = matches[-1]
    return (
        [read_migration(p.name, _read(p)) for p in files[:done]],
        [read_migration(p.name, _read(p), pending=True) for p in files[done:]],
    )


def migrations_digest(migrations: list[Migration]) -> str:
    """The rehearsed migration's hash: names and contents of the files, in order."""
    digest = hashlib.sha256()
    for m in migrations:
        digest.update(m.name.encode() + b"\0" + m.text.encode() + b"\0")
    return digest.hexdigest()[:16]
