"""What parsing a file yields: its statements, classified, and the schema model they build."""

from __future__ import annotations

from dataclasses import dataclass, field

from workbench.schema.model import Schema, SourceRef

PHASES = ("pre", "post", "data", "skip")
NOT_SQL = "not an SQL statement"  # a statement no PostgreSQL command starts with (reader.py)
# Statements that set session state: apply replays them, in file order, in every phase.
SESSION_KINDS = frozenset({"SET", "RESET", "SELECT set_config"})


@dataclass
class Statement:
    """One statement of the file: its text, where it is, what it is and when it runs."""

    sql: str
    source: SourceRef
    kind: str
    phase: str  # "pre" | "post" | "data" | "skip"
    reason: str = ""
    copy_data: str | None = None  # the rows of `COPY … FROM stdin`
    table: str | None = None  # INSERT/COPY rows: the qualified table they go to
    rows: int = 0  # how many rows (INSERT … VALUES tuples or SELECT branches, COPY lines)
    writes: tuple[str, ...] = ()  # a data statement: the qualified tables it writes rows into
    needs_major: int = 0  # the oldest PostgreSQL major version whose grammar takes it

    def place(self, position: str | int | None) -> str:
        """`file:line` of a server error's position (1-based characters into the statement,
        as PostgreSQL reports it), with the statement's first line when it differs."""
        at = int(position) if position and str(position).isdigit() else 0
        return place_in(self.source, self.sql, at - 1 if 0 < at <= len(self.sql) else None)


def place_in(source: SourceRef, text: str, offset: int | None) -> str:
    """`file:line` of character `offset` of a statement starting at `source`, naming the
    statement's first line too when the two differ; just `source` without an offset."""
    if offset is None or not 0 <= offset <= len(text):
        return str(source)
    line = source.line + text[:offset].count("\n")
    if line == source.line:
        return str(source)
    return f"{source.file}:{line} (in the statement at line {source.line})"


@dataclass
class ParsedFile:
    schema: Schema
    statements: list[Statement] = field(default_factory=list)
    filename: str = "<text>"

    def in_phase(self, phase: str) -> list[Statement]:
        return [s for s in self.statements if s.phase == phase]
