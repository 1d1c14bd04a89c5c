"""Parsing schema.sql into the schema model.

The file is first split into statements by a hand-written scanner (workbench.schema.split) that
knows psql's quoting rules and takes psql meta-commands out; no parser ever sees the whole file.
Each statement is classified by its leading keywords into a kind and an apply phase (the way
pg_restore splits a dump into pre-data, data and post-data; `classify`). Statements the model
needs (tables, constraints, indexes, types, domains, sequences, views, policies, comments) are
read by a small recursive-descent reader over the statement's tokens (`cursor`), one module per
statement family (`columns` and `constraints` for CREATE TABLE, `alter`, `types_domains`,
`sequences`, `indexes`, `objects` for the rest; `reader` walks the file). It covers the
PostgreSQL shapes sqlglot turns into opaque Commands or rejects (ALTER SEQUENCE … OWNED BY,
ATTACH PARTITION, CREATE DOMAIN, ADD GENERATED … AS IDENTITY, CREATE SCHEMA … CREATE TABLE,
CREATE INDEX … ON ONLY, VIRTUAL generated columns, CLUSTER). Expressions — CHECK bodies,
defaults, generated columns, index expressions and predicates, policy clauses — are parsed by
sqlglot into trees (`exprs`).

A statement that cannot be read is recorded in `schema.errors` with file:line and never stops or
alters the reading of the others; every statement the model does not use is recorded in
`schema.skipped` by kind and line.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from workbench.errors import SchemaParseError
from workbench.schema.parse.classify import classify
from workbench.schema.parse.cursor import ParseFailure
from workbench.schema.parse.exprs import NAMEDATALEN, make_expr, make_object_name
from workbench.schema.parse.reader import read
from workbench.schema.parse.state import ReaderState
from workbench.schema.parse.statements import PHASES, SESSION_KINDS, ParsedFile, Statement

__all__ = [
    "NAMEDATALEN",
    "PHASES",
    "SESSION_KINDS",
    "ParseFailure",
    "ParsedFile",
    "Statement",
    "classify",
    "make_expr",
    "make_object_name",
    "parse_schema_file",
    "parse_schema_text",
]


def parse_schema_text(
    text: str, filename: str = "<text>", leave_out: Mapping[tuple[int, str], str] | None = None
) -> ParsedFile:
    """Parse schema.sql text into the model and its classified statements; `leave_out`: the
    statements (by line and text) to keep out, each with the reason (schema/left_out.py)."""
    if text.startswith("\ufeff"):
        text = text[1:]
    return read(ReaderState(filename), text, leave_out)


def parse_schema_file(
    path: str | Path, leave_out: Mapping[tuple[int, str], str] | None = None
) -> ParsedFile:
    """Parse a schema file; unreadable files raise SchemaParseError."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError as e:
        raise SchemaParseError(f"{p}: no such file") from e
    except UnicodeDecodeError as e:
        raise SchemaParseError(f"{p}: not UTF-8 text ({e.reason} at byte {e.start})") from e
    except OSError as e:
        raise SchemaParseError(f"{p}: cannot be read ({e.strerror})") from e
    return parse_schema_text(text, str(path), leave_out)
