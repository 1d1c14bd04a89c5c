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

The published surface below (`from workbench.schema.parse import parse_schema_file`…) is
resolved on first use, as `workbench.Engine` is: a module that only names `ParsedFile` or
`Statement` (the statement types, statements.py) does not import the reader and sqlglot."""

from __future__ import annotations

from typing import TYPE_CHECKING

from workbench.lazy import exports

if TYPE_CHECKING:
    from workbench.schema.parse.cursor import ParseFailure
    from workbench.schema.parse.entry import parse_schema_file, parse_schema_text
    from workbench.schema.parse.exprs import NAMEDATALEN, make_expr, make_object_name
    from workbench.schema.parse.statements import PHASES, SESSION_KINDS, ParsedFile, Statement

# Each published name and the module that defines it (not `classify`: a name the package's
# submodule classify.py takes once it is imported).
SURFACE = {
    "ParseFailure": "workbench.schema.parse.cursor",
    "parse_schema_file": "workbench.schema.parse.entry",
    "parse_schema_text": "workbench.schema.parse.entry",
    "NAMEDATALEN": "workbench.schema.parse.exprs",
    "make_expr": "workbench.schema.parse.exprs",
    "make_object_name": "workbench.schema.parse.exprs",
    "PHASES": "workbench.schema.parse.statements",
    "SESSION_KINDS": "workbench.schema.parse.statements",
    "ParsedFile": "workbench.schema.parse.statements",
    "Statement": "workbench.schema.parse.statements",
}


__getattr__ = exports(__name__, SURFACE)


__all__ = [
    "NAMEDATALEN",
    "PHASES",
    "SESSION_KINDS",
    "ParseFailure",
    "ParsedFile",
    "Statement",
    "make_expr",
    "make_object_name",
    "parse_schema_file",
    "parse_schema_text",
]
