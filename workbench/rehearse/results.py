"""What a rehearsal measured, as plain data: one `StatementResult` per statement run, the
failure if one failed, and the findings drawn from them (findings.py)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import psycopg
from psycopg import errors

from workbench.rehearse.measure import LockSeen, lock_summary

WITHHELD = (
    "the server's message is withheld: it can quote the clone's rows (a RAISE of a query's "
    "result, a value that failed a cast), and this sandbox does not grant `read`"
)


ROUNDED = (
    "rows and WAL bytes are rounded down to a power of ten (106 rows: 100): a statement's "
    "exact count can spell out a value of the clone's rows (`UPDATE t … WHERE id <= "
    "ascii(…)`), and this sandbox does not grant the agent `read`"
)


def magnitude(value: float) -> int:
    """`value` rounded down to a power of ten (0 stays 0): what an agent without `read` is
    told of a count, its order of magnitude, never the exact number (attack22e E2)."""
    count = int(value)
    return 0 if count <= 0 else 10 ** (len(str(count)) - 1)


def condition_name(sqlstate: str | None) -> str:
    """PostgreSQL's name for an SQLSTATE (`P0001` → `raise_exception`), or "error"."""
    try:
        found = errors.lookup(sqlstate or "")
    except KeyError:
        return "error"
    return re.sub(r"(?<!^)(?=[A-Z])", "_", found.__name__).lower()


def error_text(err: psycopg.Error, *, withhold: bool) -> tuple[str, str | None]:
    """The text a rehearsal keeps of a server error on the migration's or a query's SQL, and
    its SQLSTATE. `withhold` (an agent without `read`): only the condition, the SQLSTATE and
    the position in the statement, never the message, detail, hint or context, which the
    SQL itself can fill with rows (`RAISE EXCEPTION '%', (SELECT string_agg(email, ','))`)."""
    diag = getattr(err, "diag", None)
    sqlstate = diag.sqlstate if diag else None
    if not withhold:
        return (diag.message_primary if diag else None) or str(err).strip(), sqlstate
    position = diag.statement_position if diag else None
    where = f" at character {position}" if position else ""
    return f"{condition_name(sqlstate)} (SQLSTATE {sqlstate or '?'}){where}; {WITHHELD}", sqlstate


@dataclass
class IndexBuilt:
    name: str
    table: str
    lock: str  # the strongest mode taken on the table while building ("" when not seen)

    def to_dict(self) -> dict[str, Any]:
        return {"index": self.name, "table": self.table, "lock": self.lock}


@dataclass
class ConstraintAdded:
    name: str
    table: str
    kind: str  # c, f, n, u, p, x, t
    validated: bool  # added valid (every row checked now) or NOT VALID
    definition: str

    @property
    def kind_name(self) -> str:
        return {
            "c": "CHECK",
            "f": "FOREIGN KEY",
            "n": "NOT NULL",
            "u": "UNIQUE",
            "p": "PRIMARY KEY",
            "x": "EXCLUDE",
            "t": "TRIGGER",
        }.get(self.kind, self.kind)

    def to_dict(self) -> dict[str, Any]:
        return {
            "constraint": self.name,
            "table": self.table,
            "type": self.kind_name,
            "validated": self.validated,
            "definition": self.definition,
        }


@dataclass
class ColumnAdded:
    table: str
    column: str
    default: str | None
    volatile: bool  # its default was computed for every row (volatile), not stored once
    generated: bool  # GENERATED … STORED

    def to_dict(self) -> dict[str, Any]:
        return {
            "table": self.table,
            "column": self.column,
            "default": self.default,
            "volatile_default": self.volatile,
            "generated": self.generated,
        }


@dataclass
class Rows:
    """Rows per table the statement read (scans and index fetches), inserted, updated,
    deleted; the command's own row count (UPDATE 99) when it has one."""

    read: dict[str, int] = field(default_factory=dict)
    written: dict[str, int] = field(default_factory=dict)
    rewritten: dict[str, int] = field(default_factory=dict)  # rows of a table rewritten
    # rows of each table it read, as the table holds them: `read` counts every scan, and an
    # ALTER TABLE that rebuilds indexes scans the table once more for each
    of_table: dict[str, int] = field(default_factory=dict)
    command: int | None = None

    @property
    def total(self) -> int:
        return sum(self.read.values()) + sum(self.written.values())

    def round_down(self) -> None:
        """Every count to its order of magnitude (results.magnitude)."""
        for counts in (self.read, self.written, self.rewritten, self.of_table):
            for table, count in counts.items():
                counts[table] = magnitude(count)
        if self.command is not None:
            self.command = magnitude(self.command)

    def to_dict(self) -> dict[str, Any]:
        return {
            "read": self.read,
            "written": self.written,
            "rewritten": self.rewritten,
            "of_table": self.of_table,
            "command": self.command,
        }


@dataclass
class StatementResult:
    file: str
    index: int
    line: int
    sql: str  # its first 200 characters, whitespace folded
    outside_transaction: bool
    pending: bool  # a project migration the snapshot lacked (not one given to rehearse)
    transaction: int = 0  # statements of one transaction share it
    seconds: float = 0.0
    locks: list[LockSeen] = field(default_factory=list)
    rewritten: list[str] = field(default_factory=list)
    indexes: list[IndexBuilt] = field(default_factory=list)
    constraints: list[ConstraintAdded] = field(default_factory=list)
    columns: list[ColumnAdded] = field(default_factory=list)
    not_null: list[str] = field(default_factory=list)  # table.column set NOT NULL
    rows: Rows = field(default_factory=Rows)
    wal_bytes: int = 0
    lock_timeout: str = "0"
    error: str | None = None
    sqlstate: str | None = None

    @property
    def where(self) -> str:
        return f"{self.file}:{self.line}"

    def round_down(self) -> None:
        """Its rows and WAL bytes to their order of magnitude, for an agent without `read`:
        the findings, projections and reports drawn from it then carry no exact count."""
        self.rows.round_down()
        self.wal_bytes = magnitude(self.wal_bytes)

    def to_dict(self) -> dict[str, Any]:
        return {
            "file": self.file,
            "statement": self.index,
            "line": self.line,
            "sql": self.sql,
            "pending": self.pending,
            "outside_transaction": self.outside_transaction,
            "transaction": self.transaction,
            "seconds": round(self.seconds, 5),
            "locks": [lock.to_dict() for lock in self.locks],
            "lock_summary": lock_summary(self.locks),
            "rewritten": self.rewritten,
            "indexes_built": [i.to_dict() for i in self.indexes],
            "constraints_added": [c.to_dict() for c in self.constraints],
            "columns_added": [c.to_dict() for c in self.columns],
            "set_not_null": self.not_null,
            "rows": self.rows.to_dict(),
            "wal_bytes": self.wal_bytes,
            "lock_timeout": self.lock_timeout,
            "error": self.error,
            "sqlstate": self.sqlstate,
        }


@dataclass
class Failure:
    """Where the rehearsed migration failed: the stage, the file, the statement, the error.
    Nothing after it ran, and the clone was thrown away."""

    stage: str  # "pending migrations" or "migrations"
    file: str
    statement: int
    line: int
    sql: str
    error: str
    sqlstate: str | None

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)
