"""Parsing schema.sql into the schema model.

The file is first split into statements by a hand-written scanner (workbench.schema.split) that
knows psql's quoting rules and takes psql meta-commands out; no parser ever sees the whole file.
Each statement is classified by its leading keywords into a kind and an apply phase (the way
pg_restore splits a dump into pre-data, data and post-data). Statements the model needs (tables,
constraints, indexes, types, domains, sequences, views, policies, comments) are read by a small
recursive-descent reader over the statement's tokens: it covers the PostgreSQL shapes sqlglot
turns into opaque Commands or rejects (ALTER SEQUENCE … OWNED BY, ATTACH PARTITION, CREATE
DOMAIN, ADD GENERATED … AS IDENTITY, CREATE SCHEMA … CREATE TABLE, CREATE INDEX … ON ONLY,
VIRTUAL generated columns, CLUSTER). Expressions — CHECK bodies, defaults, generated columns,
index expressions and predicates, policy clauses — are parsed by sqlglot into trees.

A statement that cannot be read is recorded in `schema.errors` with file:line and never stops or
alters the reading of the others; every statement the model does not use is recorded in
`schema.skipped` by kind and line.
"""

from __future__ import annotations

import bisect
import copy
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import sqlglot
from sqlglot import exp

from workbench.errors import SchemaParseError
from workbench.schema.model import (
    CheckConstraint,
    Column,
    ColumnType,
    Domain,
    Enum,
    ExclusionConstraint,
    ExclusionElement,
    Expr,
    ForeignKey,
    Index,
    Policy,
    PrimaryKey,
    Schema,
    Sequence,
    SkippedStatement,
    SourceRef,
    Table,
    UniqueConstraint,
)
from workbench.schema.split import Token, split_statements, tokenize
from workbench.schema.types import TypeRef, extension_type, read_type

PHASES = ("pre", "post", "data", "skip")
# Statements that set session state: apply replays them, in file order, in every phase.
SESSION_KINDS = frozenset({"SET", "RESET", "SELECT set_config"})
NAMEDATALEN = 64
_PSEUDO_ROLES = {"public", "current_user", "session_user", "current_role"}


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
    rows: int = 0  # how many rows (INSERT … VALUES tuples, COPY data lines)


@dataclass
class ParsedFile:
    schema: Schema
    statements: list[Statement] = field(default_factory=list)
    filename: str = "<text>"

    def in_phase(self, phase: str) -> list[Statement]:
        return [s for s in self.statements if s.phase == phase]


class ParseFailure(Exception):
    """A statement could not be read; recorded in schema.errors, never raised to callers."""


# --------------------------------------------------------------------------------------------
# Expressions


@lru_cache(maxsize=4096)
def _parse_expr_cached(text: str) -> exp.Expression | None:
    try:
        tree = sqlglot.parse_one(text, dialect="postgres")
        if isinstance(tree, exp.Command):
            # a leading keyword-named column (`lock = 'X'`) reads as a statement: in
            # parentheses it is an expression again
            tree = sqlglot.parse_one(f"({text})", dialect="postgres")
            tree = None if isinstance(tree, exp.Command) else tree
        return tree
    except Exception:  # sqlglot raises several error types; the text is kept either way
        return None


def _without_comments(text: str) -> str:
    toks = tokenize(text)
    out: list[str] = []
    prev_end = None
    for t in toks:
        if prev_end is not None and t.start > prev_end:
            out.append(" ")
        out.append(text[t.start : t.end])
        prev_end = t.end
    return "".join(out)


def make_expr(text: str) -> Expr:
    """An Expr whose tree is sqlglot's parse of `text` (None when sqlglot cannot read it)."""
    if "--" in text or "/*" in text:
        text = _without_comments(text)
    text = " ".join(text.split())
    tree = _parse_expr_cached(text)
    return Expr(text, tree.copy() if tree is not None else None)


def _is_null_default(text: str) -> bool:
    """`DEFAULT NULL` (even with a cast) stores no default in PostgreSQL."""
    t = re.sub(r"\s+", "", text.lower())
    while t.startswith("(") and t.endswith(")"):
        t = t[1:-1]
    return bool(re.fullmatch(r"\(*null\)*(::[a-z_ ]+(\(\d+(,\d+)?\))?(\[\])*)*", t))


def make_object_name(name1: str, name2: str | None, label: str) -> str:
    """PostgreSQL's makeObjectName: name1_name2_label clipped to 63 bytes."""
    n1, n2 = name1, name2 or ""
    overhead = len(label.encode()) + 1 + (1 if name2 else 0)
    avail = NAMEDATALEN - 1 - overhead
    while len(n1.encode()) + len(n2.encode()) > avail:
        if len(n1.encode()) > len(n2.encode()):
            n1 = n1[:-1]
        else:
            n2 = n2[:-1]
    return "_".join(p for p in (n1, n2 if name2 else None, label) if p)


# --------------------------------------------------------------------------------------------
# Classification


_CREATE_MODIFIERS = {
    "or", "replace", "temp", "temporary", "unlogged", "global", "local", "trusted",
    "procedural", "recursive", "constraint", "default", "concurrently",
}  # fmt: skip
_OBJECT_TYPES = sorted(
    (
        tuple(s.split())
        for s in (
            "table",
            "index",
            "unique index",
            "sequence",
            "view",
            "materialized view",
            "function",
            "procedure",
            "aggregate",
            "operator",
            "operator class",
            "operator family",
            "type",
            "domain",
            "schema",
            "extension",
            "trigger",
            "event trigger",
            "rule",
            "policy",
            "cast",
            "collation",
            "conversion",
            "language",
            "text search configuration",
            "text search dictionary",
            "text search parser",
            "text search template",
            "foreign table",
            "foreign data wrapper",
            "server",
            "user mapping",
            "publication",
            "subscription",
            "statistics",
            "access method",
            "transform",
            "database",
            "role",
            "user",
            "group",
            "tablespace",
            "system",
            "default privileges",
            "large object",
            "column",
            "constraint",
            "routine",
        )
    ),
    key=len,
    reverse=True,
)


def _object_kind(words: list[str], start: int) -> str:
    i = start
    while i < len(words) and words[i] in _CREATE_MODIFIERS:
        i += 1
    for ot in _OBJECT_TYPES:
        if tuple(words[i : i + len(ot)]) == ot:
            return " ".join(ot).upper()
    return words[i].upper() if i < len(words) else ""


def _lead_words(toks: list[Token], limit: int = 8) -> list[str]:
    out = []
    for t in toks[:limit]:
        if t.kind != "word":
            break
        out.append(t.value)
    return out


_OUTSIDE = "reaches outside the sandbox database"
_DANGEROUS_CALLS = re.compile(
    r"\b(pg_read_file|pg_read_binary_file|pg_ls_dir|pg_stat_file|lo_import|lo_export|dblink\w*"
    r"|pg_terminate_backend|pg_cancel_backend|pg_reload_conf|pg_rotate_logfile|pg_file_write"
    r"|pg_promote|pg_switch_wal|pg_create_\w+_replication_slot)\s*\(",
    re.IGNORECASE,
)


# pg_dump's own section for each object type it names in its `-- Name: …; Type: …` headers
# (pg_dump.c, the `section` of each dumpable object). Types whose section follows their parent
# object (COMMENT, ACL, DEFAULT ACL, SECURITY LABEL) are absent: the keywords decide those.
_POST_TYPES = frozenset({
    "INDEX", "INDEX ATTACH", "CONSTRAINT", "CHECK CONSTRAINT", "FK CONSTRAINT", "TRIGGER",
    "EVENT TRIGGER", "RULE", "POLICY", "ROW SECURITY", "PUBLICATION", "PUBLICATION TABLE",
    "PUBLICATION TABLES IN SCHEMA", "SUBSCRIPTION", "SUBSCRIPTION TABLE",
    "MATERIALIZED VIEW DATA", "STATISTICS",
})  # fmt: skip
_DATA_TYPES = frozenset({"TABLE DATA", "SEQUENCE SET", "BLOBS", "BLOB DATA", "LARGE OBJECTS"})
_PRE_TYPES = frozenset({
    "SCHEMA", "EXTENSION", "TYPE", "SHELL TYPE", "DOMAIN", "FUNCTION", "PROCEDURE",
    "AGGREGATE", "OPERATOR", "OPERATOR CLASS", "OPERATOR FAMILY", "COLLATION", "CONVERSION",
    "TABLE", "VIEW", "MATERIALIZED VIEW", "SEQUENCE", "SEQUENCE OWNED BY", "DEFAULT",
    "TABLE ATTACH", "FOREIGN TABLE", "CAST", "TRANSFORM", "PROCEDURAL LANGUAGE",
    "TEXT SEARCH CONFIGURATION", "TEXT SEARCH DICTIONARY", "TEXT SEARCH PARSER",
    "TEXT SEARCH TEMPLATE", "ACCESS METHOD", "BLOB", "LARGE OBJECT",
})  # fmt: skip
# A TOC entry's header; pg_dump's closing line ends the last entry (Rails and Phoenix append
# their schema_migrations INSERTs after it).
_HEADER = re.compile(
    r"^--[ \t]+(?:(?:Data for )?Name: [^\n]*?; Type: ([^;\n]+);[^\n]*"
    r"|(PostgreSQL database dump complete)[ \t]*)$",
    re.MULTILINE,
)


def header_section(type_name: str) -> str | None:
    """The section ("pre", "data", "post") pg_dump gives an object type, or None when the
    type follows its parent object or is unknown."""
    t = type_name.strip().upper()
    if t in _POST_TYPES:
        return "post"
    if t in _DATA_TYPES:
        return "data"
    if t in _PRE_TYPES:
        return "pre"
    return None


def dump_headers(text: str, spans: list[tuple[int, int]]) -> list[tuple[int, str]]:
    """(line, type) of pg_dump's TOC headers, leaving out lines inside a statement (a function
    body that happens to hold such a comment)."""
    starts = [a for a, _ in spans]
    out: list[tuple[int, str]] = []
    line = 1
    last = 0
    for m in _HEADER.finditer(text):
        line += text.count("\n", last, m.start())
        last = m.start()
        k = bisect.bisect_right(starts, line) - 1
        if k >= 0 and spans[k][0] <= line <= spans[k][1]:
            continue
        out.append((line, m.group(1) or ""))
    return out


def classify(toks: list[Token], text: str) -> tuple[str, str, str]:
    """(kind, phase, reason) for one statement, from its leading keywords."""
    words = _lead_words(toks)
    if not words:
        return ("unknown", "pre", "does not start with a keyword")
    w0 = words[0]
    w1 = words[1] if len(words) > 1 else ""
    if (
        w0 in ("begin", "commit", "rollback", "abort", "savepoint", "release", "end")
        or (w0 == "start" and w1 == "transaction")
        or (w0 == "prepare" and w1 == "transaction")
        or (w0 in ("commit", "rollback") and w1 == "prepared")
    ):
        return (w0.upper(), "skip", "transaction control: the workbench runs each statement")
    if w0 in ("set", "reset"):
        rest = [w for w in words[1:] if w not in ("session", "local")]
        target = rest[0] if rest else ""
        if target in ("role", "session") or (
            target == "session" or " ".join(words[1:4]).startswith("session authorization")
        ):
            return ("SET ROLE", "skip", "would change the privilege the file runs with")
        if target == "client_encoding" or (target == "names"):
            return (
                "SET",
                "skip",
                "the workbench reads the file as text; the connection stays UTF-8",
            )
        if w0 == "set" and w1 == "constraints":
            return ("SET", "skip", "transaction-scoped; the workbench runs each statement")
        if w0 == "set" and w1 == "transaction":
            return ("SET", "skip", "transaction-scoped; the workbench runs each statement")
        return (w0.upper(), "pre", "")
    if _DANGEROUS_CALLS.search(text):
        return (w0.upper(), "skip", "calls a function that " + _OUTSIDE)
    if w0 == "select":
        if re.match(r"\s*select\s+(pg_catalog\s*\.\s*)?set_config\s*\(", text, re.I):
            if re.search(r"set_config\s*\(\s*'(role|session_authorization)'", text, re.I):
                return ("SELECT set_config", "skip", "would change the privilege")
            return ("SELECT set_config", "pre", "")
        if re.match(r"\s*select\s+(pg_catalog\s*\.\s*)?setval\s*\(", text, re.I):
            return ("SELECT setval", "data", "sequence position belongs to the data")
        return ("SELECT", "data", "runs a query after the data is loaded")
    if w0 in (
        "insert",
        "update",
        "delete",
        "merge",
        "truncate",
        "do",
        "call",
        "with",
        "values",
        "execute",
        "prepare",
        "analyze",
        "analyse",
        "vacuum",
        "table",
        "refresh",
        "lock",
        "discard",
        "deallocate",
        "fetch",
        "declare",
        "close",
        "move",
        "explain",
        "listen",
        "notify",
        "unlisten",
        "load",
        "checkpoint",
        "reindex",
        "import",
        "security",
        "reassign",
        "cluster",
    ):
        if w0 == "cluster":
            return ("CLUSTER", "post", "")
        if w0 == "refresh":
            return ("REFRESH MATERIALIZED VIEW", "post", "")
        if w0 in ("load", "checkpoint", "listen", "notify", "unlisten", "import", "reassign"):
            return (w0.upper() if w0 != "import" else "IMPORT FOREIGN SCHEMA", "skip", _OUTSIDE)
        if w0 == "security":
            return ("SECURITY LABEL", "skip", "needs a label provider loaded into the server")
        if w0 in ("discard", "deallocate", "fetch", "declare", "close", "move", "explain"):
            return (w0.upper(), "skip", "session-only; has no effect on the schema")
        if w0 == "reindex":
            return ("REINDEX", "skip", "maintenance; has no effect on the schema")
        return (w0.upper(), "data", "touches rows; the workbench generates the data")
    if w0 == "copy":
        if re.search(r"\bfrom\s+stdin\b", text, re.I):
            return ("COPY FROM stdin", "data", "rows of the dump; the workbench generates data")
        if re.search(r"\bprogram\b", text, re.I):
            return ("COPY PROGRAM", "skip", "runs a program on the server: " + _OUTSIDE)
        if re.search(r"\bto\s+stdout\b", text, re.I):
            return ("COPY TO stdout", "skip", "reads data out; has no effect on the schema")
        return ("COPY file", "skip", "reads or writes a server file: " + _OUTSIDE)
    if w0 in ("grant", "revoke"):
        # GRANT role TO role (no ON) changes cluster-wide role membership.
        if not any(t.is_word("on") for t in toks):
            return (w0.upper() + " ROLE", "skip", "role membership is cluster-wide: " + _OUTSIDE)
        return (w0.upper(), "post", "")
    if w0 == "comment" and w1 == "on":
        obj = _object_kind(words, 2)
        phase = (
            "post"
            if obj
            in ("INDEX", "CONSTRAINT", "TRIGGER", "POLICY", "RULE", "EVENT TRIGGER", "PUBLICATION")
            else "pre"
        )
        if obj in ("DATABASE", "ROLE", "TABLESPACE"):
            return ("COMMENT ON " + obj, "skip", _OUTSIDE)
        return ("COMMENT ON " + obj, phase, "")
    if w0 in ("create", "alter", "drop"):
        obj = _object_kind(words, 1)
        kind = f"{w0.upper()} {obj}".strip()
        if w0 == "create" and "unique" in words[1:3] and obj == "INDEX":
            kind = "CREATE UNIQUE INDEX"
        if obj in ("DATABASE", "SYSTEM", "TABLESPACE"):
            return (kind, "skip", _OUTSIDE)
        if obj in ("ROLE", "USER", "GROUP"):
            return (kind, "skip", "roles are cluster-wide; referenced roles are created NOLOGIN")
        if obj in (
            "SERVER",
            "USER MAPPING",
            "FOREIGN DATA WRAPPER",
            "FOREIGN TABLE",
            "SUBSCRIPTION",
        ):
            return (kind, "skip", "connects to another server: " + _OUTSIDE)
        if w0 == "drop" and obj == "OWNED":
            return (kind, "skip", _OUTSIDE)
        if (
            obj
            in (
                "INDEX",
                "UNIQUE INDEX",
                "TRIGGER",
                "EVENT TRIGGER",
                "RULE",
                "POLICY",
                "PUBLICATION",
                "DEFAULT PRIVILEGES",
            )
            and w0 != "drop"
        ):
            return (kind, "post", "")
        if w0 == "alter" and obj == "TABLE":
            return _alter_table_kind(toks)
        if (
            w0 == "alter"
            and obj == "DOMAIN"
            and any(t.is_word("add", "validate") for t in toks[:8])
        ):
            return (kind, "post", "")
        return (kind, "pre", "")
    return (w0.upper(), "pre", "unrecognised statement; run as written")


_POST_ACTIONS = (
    "ADD CONSTRAINT",
    "ENABLE ROW LEVEL SECURITY",
    "FORCE ROW LEVEL SECURITY",
    "CLUSTER ON",
    "REPLICA IDENTITY",
    "VALIDATE CONSTRAINT",
    "ENABLE TRIGGER",
    "DISABLE TRIGGER",
    "ENABLE ALWAYS TRIGGER",
    "ENABLE REPLICA TRIGGER",
    "ENABLE RULE",
    "DISABLE RULE",
    "ENABLE ALWAYS RULE",
    "ENABLE REPLICA RULE",
)


def _action_kind(toks: list[Token], s: int, e: int) -> str:
    """Name one ALTER TABLE action: "ADD CONSTRAINT FOREIGN KEY", "ALTER COLUMN SET DEFAULT"…"""
    w = [t.value if t.kind == "word" else "?" for t in toks[s:e]]
    if not w:
        return ""
    if w[0] == "add":
        k = 1
        if len(w) > 2 and w[1] == "constraint":
            k = 3
        head = w[k : k + 2]
        for words, name in (
            (["primary", "key"], "PRIMARY KEY"),
            (["foreign", "key"], "FOREIGN KEY"),
        ):
            if head == words:
                return "ADD CONSTRAINT " + name
        if head and head[0] in ("unique", "check", "exclude"):
            return "ADD CONSTRAINT " + head[0].upper()
        return "ADD COLUMN"
    if w[0] == "alter":
        k = 2 if len(w) > 1 and w[1] == "column" else 1
        rest = [x for x in w[k + 1 : k + 4] if x != "?"]
        if rest[:2] == ["add", "generated"]:
            return "ALTER COLUMN ADD GENERATED AS IDENTITY"
        if rest[:1] == ["type"] or rest[:3] == ["set", "data", "type"]:
            return "ALTER COLUMN TYPE"
        return "ALTER COLUMN " + " ".join(rest[:2]).upper()
    if w[0] == "drop":
        return "DROP CONSTRAINT" if len(w) > 1 and w[1] == "constraint" else "DROP COLUMN"
    if w[:2] == ["owner", "to"]:
        return "OWNER TO"
    n = 4 if w[:2] in (["enable", "row"], ["force", "row"], ["disable", "row"]) else 2
    if w[:3] in (["enable", "always", "trigger"], ["enable", "replica", "trigger"]):
        n = 3
    return " ".join(x for x in w[:n] if x != "?").upper()


def _alter_table_kind(toks: list[Token]) -> tuple[str, str, str]:
    i = 2
    if len(toks) > 3 and toks[i].is_word("if") and toks[i + 1].is_word("exists"):
        i += 2
    if i < len(toks) and toks[i].is_word("only"):
        i += 1
    i += 1  # the table's name, possibly qualified
    while i + 1 < len(toks) and toks[i].value == "." and toks[i].kind == "punct":
        i += 2
    if i < len(toks) and toks[i].value == "*":
        i += 1
    kinds = [_action_kind(toks, s, e) for s, e in _Cur(toks, "").split_commas(i, len(toks))]
    kinds = [k for k in kinds if k] or ["?"]
    kind = "ALTER TABLE " + kinds[0]
    phase = "post" if all(k.startswith(_POST_ACTIONS) for k in kinds) else "pre"
    return (kind.strip(), phase, "")


# --------------------------------------------------------------------------------------------
# Token cursor


class _Cur:
    def __init__(self, toks: list[Token], text: str, i: int = 0, end: int | None = None):
        self.t = toks
        self.text = text
        self.i = i
        self.end = len(toks) if end is None else end

    def done(self) -> bool:
        return self.i >= self.end

    def peek(self, k: int = 0) -> Token | None:
        j = self.i + k
        return self.t[j] if j < self.end else None

    def at(self, *words: str) -> bool:
        for k, w in enumerate(words):
            t = self.peek(k)
            if t is None:
                return False
            if w in "(),;.[]=":
                if t.value != w or t.kind not in ("punct", "op"):
                    return False
            elif not (t.kind == "word" and t.value == w):
                return False
        return True

    def accept(self, *words: str) -> bool:
        if self.at(*words):
            self.i += len(words)
            return True
        return False

    def expect(self, *words: str) -> None:
        if not self.accept(*words):
            got = self.peek()
            raise ParseFailure(
                f"expected {' '.join(words).upper()} but found "
                f"{got.value if got else 'end of statement'!r}"
            )

    def ident(self) -> str:
        t = self.peek()
        if t is None or t.kind not in ("word", "qid"):
            raise ParseFailure(f"expected a name but found {t.value if t else 'end'!r}")
        self.i += 1
        return t.value

    def qname(self) -> tuple[str | None, str]:
        parts = [self.ident()]
        while self.at(".") and self.peek(1) is not None:
            self.i += 1
            parts.append(self.ident())
        if len(parts) == 1:
            return None, parts[0]
        return parts[-2], parts[-1]

    def match_paren(self, i: int) -> int:
        """Index of the `)` matching the `(` at token i."""
        depth = 0
        for j in range(i, self.end):
            v = self.t[j]
            if v.kind == "punct":
                if v.value in "([":
                    depth += 1
                elif v.value in ")]":
                    depth -= 1
                    if depth == 0:
                        return j
        raise ParseFailure("unbalanced parentheses")

    def paren(self) -> tuple[int, int]:
        """Consume `( … )`; return the token range inside."""
        if not self.at("("):
            t = self.peek()
            raise ParseFailure(f"expected '(' but found {t.value if t else 'end'!r}")
        close = self.match_paren(self.i)
        inner = (self.i + 1, close)
        self.i = close + 1
        return inner

    def src(self, i: int, j: int) -> str:
        """Source text of tokens i..j-1."""
        if i >= j:
            return ""
        return self.text[self.t[i].start : self.t[j - 1].end]

    def split_commas(self, i: int, j: int) -> list[tuple[int, int]]:
        """Split tokens i..j-1 at top-level commas."""
        out = []
        depth = 0
        s = i
        for k in range(i, j):
            v = self.t[k]
            if v.kind == "punct":
                if v.value in "([":
                    depth += 1
                elif v.value in ")]":
                    depth -= 1
                elif v.value == "," and depth == 0:
                    out.append((s, k))
                    s = k + 1
        if s < j:
            out.append((s, j))
        return out

    def name_list(self) -> list[str]:
        """`( a, b, c )` of plain names."""
        a, b = self.paren()
        names = []
        for s, _e in self.split_commas(a, b):
            t = self.t[s]
            if t.kind not in ("word", "qid"):
                raise ParseFailure(f"expected a column name, found {t.value!r}")
            names.append(t.value)
        return names

    def skip_to(self, stops: set[str]) -> tuple[int, int]:
        """Advance over an expression until a top-level stop word; return its token range."""
        s = self.i
        depth = 0
        while self.i < self.end:
            t = self.t[self.i]
            if t.kind == "punct":
                if t.value in "([":
                    depth += 1
                elif t.value in ")]":
                    depth -= 1
            elif depth == 0 and self.i > s and t.kind == "word" and t.value in stops:
                break
            self.i += 1
        return s, self.i


_COLUMN_STOPS = {
    "constraint", "not", "null", "check", "default", "generated", "unique", "primary",
    "references", "collate", "deferrable", "initially", "compression", "storage",
}  # fmt: skip
_ACTIONS = {
    ("no", "action"): "NO ACTION",
    ("restrict",): "RESTRICT",
    ("cascade",): "CASCADE",
    ("set", "null"): "SET NULL",
    ("set", "default"): "SET DEFAULT",
}


# --------------------------------------------------------------------------------------------
# The reader


class _Reader:
    def __init__(self, filename: str) -> None:
        self.file = filename
        self.schema = Schema()
        self.search_path: list[str] = ["$user", "public"]
        self.types: set[str] = set()  # qualified user-defined types (any kind)
        self.ext_schemas: list[str] = []
        self.relnames: set[str] = set()  # qualified relation names (uniqueness of made names)
        self.index_owner: dict[str, str] = {}  # qualified index name → table key
        self.roles: dict[str, None] = {}
        self.extensions: dict[str, None] = {}
        self.schemas: dict[str, None] = {"public": None}
        self.attached: set[str] = set()  # index names attached to a parent index
        self.redefined_view = False  # the statement just read replaced an earlier view
        self.src = SourceRef(filename, 0)

    # -- names -------------------------------------------------------------------------------

    def path(self) -> list[str]:
        return [s for s in self.search_path if s != "$user"]

    def creation_schema(self) -> str:
        p = self.path()
        return p[0] if p else "public"

    def rel_key(self, schema: str | None, name: str, *, create: bool = False) -> str:
        if schema is not None:
            return f"{schema}.{name}"
        if create:
            return f"{self.creation_schema()}.{name}"
        for s in self.path():
            key = f"{s}.{name}"
            if key in self.schema.tables or key in self.relnames:
                return key
        return f"{self.creation_schema()}.{name}"

    def table(self, schema: str | None, name: str) -> Table:
        key = self.rel_key(schema, name)
        t = self.schema.tables.get(key)
        if t is None:
            raise ParseFailure(f"table {key} is not declared earlier in the file")
        return t

    def unique_relname(self, schema: str, name1: str, name2: str | None, label: str) -> str:
        """ChooseRelationName: add a number to the label until the name is free."""
        n = 0
        while True:
            lab = label if n == 0 else f"{label}{n}"
            cand = make_object_name(name1, name2, lab)
            if f"{schema}.{cand}" not in self.relnames:
                return cand
            n += 1

    def resolve_type(self, ref: TypeRef) -> ColumnType:
        if ref.builtin is not None:
            ct = copy.copy(ref.builtin)
            ct.array_dims = ref.array_dims
            return ct
        if ref.schema is not None:
            qual = f"{ref.schema}.{ref.name}"
        else:
            qual = ""
            for s in self.path():
                if f"{s}.{ref.name}" in self.types:
                    qual = f"{s}.{ref.name}"
                    break
            if not qual:
                # An extension's type (citext, cube, geometry…): in the extension's schema.
                schema = self.ext_schemas[0] if self.ext_schemas else self.creation_schema()
                qual = f"{schema}.{ref.name}"
        ct = extension_type(qual, ref.mods)  # vector(3), geometry(Point,4326)
        ct.array_dims = ref.array_dims
        return ct

    def note_role(self, name: str) -> None:
        if name.lower() not in _PSEUDO_ROLES and not name.startswith("pg_"):
            self.roles.setdefault(name, None)

    # -- entry -------------------------------------------------------------------------------

    def read(self, text: str) -> ParsedFile:
        raws, metas = split_statements(text)
        stmts: list[Statement] = []
        for m in metas:
            src = SourceRef(self.file, m.line)
            word = m.text.split()[0] if m.text.split() else "\\"
            stmts.append(Statement(m.text, src, f"psql {word}", "skip", "psql meta-command"))
            self.schema.skipped.append(SkippedStatement(f"psql {word}", src, "psql meta-command"))
        headers = dump_headers(text, [(r.line, r.end_line) for r in raws])
        header_lines = [h[0] for h in headers]
        seen_post = False
        for raw in raws:
            src = SourceRef(self.file, raw.line)
            self.src = src
            toks = tokenize(raw.text)
            kind, phase, reason = classify(toks, raw.text)
            k = bisect.bisect_left(header_lines, raw.line) - 1
            section = header_section(headers[k][1]) if k >= 0 else None
            if section is not None and phase not in ("skip", "data") and kind not in SESSION_KINDS:
                # pg_dump said which section the object belongs to: that is the order
                # pg_restore would follow (a view's CREATE OR REPLACE under `Type: RULE`).
                phase = section
            st = Statement(raw.text, src, kind, phase, reason, raw.copy_data)
            stmts.append(st)
            self.redefined_view = False
            post_before, seen_post = seen_post, seen_post or phase == "post"
            if raw.error:
                self.schema.errors.append(SkippedStatement(kind, src, f"{src}: {raw.error}"))
                st.phase = "skip"
                st.reason = raw.error
                continue
            if kind in ("INSERT", "COPY FROM stdin") and st.phase == "data":
                self.note_rows(st, toks)
            try:
                used = self.dispatch(kind, toks, raw.text)
            except ParseFailure as e:
                self.schema.errors.append(SkippedStatement(kind, src, f"{src}: {kind}: {e}"))
                continue
            except Exception as e:  # a reader bug must not lose the rest of the file
                self.schema.errors.append(
                    SkippedStatement(kind, src, f"{src}: {kind}: {type(e).__name__}: {e}")
                )
                continue
            if not used:
                why = reason or "not used by the schema model"
                self.schema.skipped.append(SkippedStatement(kind, src, why))
            if self.redefined_view and post_before and section is None and st.phase == "pre":
                # Without headers, the statement's own place decides: a view created earlier
                # and replaced after constraints relies on them (GROUP BY on a primary key),
                # so it stays after them; the earlier definition holds its place meanwhile.
                st.phase = "post"
                st.reason = "redefines a view after constraints it may rely on"
        stmts.sort(key=lambda s: s.source.line)
        self.finish()
        return ParsedFile(self.schema, stmts, self.file)

    def note_rows(self, st: Statement, toks: list[Token]) -> None:
        """Rows the file carries: the target table and the number of rows of an INSERT …
        VALUES or a COPY … FROM stdin block (other INSERTs stay statements of the data)."""
        cur = _Cur(toks, st.sql)
        try:
            if st.kind == "INSERT":
                cur.expect("insert", "into")
            else:
                cur.expect("copy")
            cur.accept("only")
            schema, name = cur.qname()
            table = self.schema.tables.get(self.rel_key(schema, name))
            if table is None:
                return
            if st.kind == "COPY FROM stdin":
                rows = sum(1 for line in (st.copy_data or "").split("\n") if line)
            else:
                rows = _values_rows(cur)
        except ParseFailure:
            return
        if rows:
            st.table = table.qualified
            st.rows = rows
            table.file_rows += rows

    def dispatch(self, kind: str, toks: list[Token], text: str) -> bool:
        """Apply one statement to the model; False when the model does not use it."""
        cur = _Cur(toks, text)
        self.note_roles_in(cur, kind)
        handler = _handler_for(kind)
        if handler is None:
            return False
        return handler(self, cur)

    def note_roles_in(self, cur: _Cur, kind: str) -> None:
        t = cur.t
        for k in range(len(t) - 2):
            if t[k].is_word("owner") and t[k + 1].is_word("to"):
                self.note_role(t[k + 2].value)
            elif t[k].is_word("authorization") and t[k + 1].kind in ("word", "qid"):
                self.note_role(t[k + 1].value)
        if kind.startswith(
            (
                "GRANT",
                "REVOKE",
                "ALTER DEFAULT PRIVILEGES",
                "CREATE POLICY",
                "ALTER POLICY",
                "CREATE ROLE",
                "CREATE USER",
                "CREATE GROUP",
                "SET ROLE",
            )
        ):
            names: list[str] = []
            if kind.startswith(("CREATE ROLE", "CREATE USER", "CREATE GROUP")):
                cur2 = _Cur(t, cur.text, 2)
                cur2.accept("if", "not", "exists")
                if not cur2.done():
                    names.append(cur2.peek().value)  # type: ignore[union-attr]
            for k, tok in enumerate(t):
                if (
                    tok.is_word("to", "from")
                    or (tok.is_word("role", "user") and k > 0 and t[k - 1].is_word("for", "set"))
                    or (tok.is_word("grant") and kind.startswith("GRANT ROLE") and k == 0)
                ):
                    j = k + 1
                    while j < len(t) and t[j].kind in ("word", "qid"):
                        if t[j].kind == "word" and t[j].value in (
                            "with",
                            "granted",
                            "in",
                            "grant",
                            "revoke",
                            "using",
                            "cascade",
                            "restrict",
                        ):
                            break
                        names.append(t[j].value)
                        j += 1
                        if j < len(t) and t[j].value == ",":
                            j += 1
                        else:
                            break
            for n in names:
                self.note_role(n)

    # -- statement handlers -------------------------------------------------------------------

    def h_set(self, cur: _Cur) -> bool:
        cur.expect("set")
        cur.accept("session") or cur.accept("local")
        if not cur.accept("search_path"):
            return False
        if not (cur.accept("to") or cur.accept("=")):
            return False
        vals: list[str] = []
        while not cur.done():
            t = cur.peek()
            assert t is not None
            if t.kind in ("word", "qid", "str"):
                vals.extend(v.strip() for v in t.value.split(",") if t.kind == "str")
                if t.kind != "str":
                    vals.append(t.value)
            cur.i += 1
        self.search_path = [v for v in vals if v and v != "default"] or ["$user", "public"]
        return True

    def h_set_config(self, cur: _Cur) -> bool:
        toks = [t for t in cur.t if t.kind == "str"]
        if len(toks) >= 2 and toks[0].value.lower() == "search_path":
            self.search_path = [s.strip().strip('"') for s in toks[1].value.split(",") if s.strip()]
            return True
        return False

    def h_create_schema(self, cur: _Cur) -> bool:
        cur.expect("create", "schema")
        cur.accept("if", "not", "exists")
        if cur.accept("authorization"):
            name = cur.ident()
        else:
            name = cur.ident()
            if cur.accept("authorization"):
                cur.ident()
        self.schemas.setdefault(name, None)
        if cur.done():
            return True
        # Schema elements: CREATE TABLE/VIEW/INDEX/SEQUENCE/TRIGGER and GRANT, one after
        # another with no separator; each runs as if the new schema led the search path.
        starts = [
            k for k in range(cur.i, cur.end)
            if cur.t[k].is_word("create", "grant") and self._depth_at(cur, k) == 0
        ]  # fmt: skip
        saved = self.search_path
        self.search_path = [name, *self.path()]
        try:
            for n, s in enumerate(starts):
                e = starts[n + 1] if n + 1 < len(starts) else cur.end
                sub_toks = cur.t[s:e]
                sub_text = cur.text
                sub = _Cur(sub_toks, sub_text)
                kind, _, _ = classify(sub_toks, cur.src(s, e))
                handler = _handler_for(kind)
                if handler is not None:
                    handler(self, sub)
                self.note_roles_in(sub, kind)
        finally:
            self.search_path = saved
        return True

    @staticmethod
    def _depth_at(cur: _Cur, k: int) -> int:
        depth = 0
        for j in range(cur.i, k):
            v = cur.t[j]
            if v.kind == "punct":
                if v.value in "([":
                    depth += 1
                elif v.value in ")]":
                    depth -= 1
        return depth

    def h_create_extension(self, cur: _Cur) -> bool:
        cur.expect("create", "extension")
        cur.accept("if", "not", "exists")
        name = cur.ident()
        self.extensions.setdefault(name, None)
        cur.accept("with")
        schema = self.creation_schema()
        while not cur.done():
            if cur.accept("schema"):
                schema = cur.ident()
            else:
                cur.i += 1
        if schema not in self.ext_schemas:
            self.ext_schemas.append(schema)
        return True

    def h_create_type(self, cur: _Cur) -> bool:
        cur.expect("create", "type")
        schema, name = cur.qname()
        key = f"{schema or self.creation_schema()}.{name}"
        self.types.add(key)
        if cur.accept("as", "enum"):
            a, b = cur.paren()
            labels = [cur.t[k].value for k in range(a, b) if cur.t[k].kind in ("str", "estr")]
            s, n = key.split(".", 1)
            self.schema.enums[key] = Enum(s, n, labels)
        elif cur.at("as", "("):
            self.relnames.add(key)  # a composite type occupies a relation name
        return True

    def h_alter_type(self, cur: _Cur) -> bool:
        cur.expect("alter", "type")
        schema, name = cur.qname()
        key = self._type_key(schema, name)
        en = self.schema.enums.get(key)
        if en is None or not (cur.at("add", "value") or cur.at("rename", "value")):
            return False
        if cur.accept("add", "value"):
            cur.accept("if", "not", "exists")
            label = cur.peek().value  # type: ignore[union-attr]
            cur.i += 1
            if label in en.labels:
                return True
            if cur.accept("before"):
                en.labels.insert(en.labels.index(cur.peek().value), label)  # type: ignore[union-attr]
            elif cur.accept("after"):
                en.labels.insert(en.labels.index(cur.peek().value) + 1, label)  # type: ignore[union-attr]
            else:
                en.labels.append(label)
        else:
            cur.expect("rename", "value")
            old = cur.peek().value  # type: ignore[union-attr]
            cur.i += 1
            cur.expect("to")
            en.labels[en.labels.index(old)] = cur.peek().value  # type: ignore[union-attr]
        return True

    def _type_key(self, schema: str | None, name: str) -> str:
        if schema:
            return f"{schema}.{name}"
        for s in self.path():
            if f"{s}.{name}" in self.types:
                return f"{s}.{name}"
        return f"{self.creation_schema()}.{name}"

    def h_create_domain(self, cur: _Cur) -> bool:
        cur.expect("create", "domain")
        schema, name = cur.qname()
        key = f"{schema or self.creation_schema()}.{name}"
        cur.accept("as")
        ref, cur.i = read_type(cur.t, cur.i)
        dom = Domain(key.split(".", 1)[0], name, self.resolve_type(ref))
        while not cur.done():
            cname = None
            if cur.accept("constraint"):
                cname = cur.ident()
            if cur.accept("not", "null"):
                dom.nullable = False
            elif cur.accept("null"):
                dom.nullable = True
            elif cur.accept("default"):
                a, b = cur.skip_to({"constraint", "not", "null", "check", "collate"})
                dom.default = make_expr(cur.src(a, b))
            elif cur.accept("collate"):
                cur.qname()
            elif cur.accept("check"):
                a, b = cur.paren()
                chk = CheckConstraint(
                    cname or make_object_name(name, None, "check"), make_expr(cur.src(a, b))
                )
                if cur.accept("not", "valid"):
                    chk.not_valid = True
                dom.checks.append(chk)
            else:
                raise ParseFailure(f"unexpected {cur.peek().value!r} in CREATE DOMAIN")  # type: ignore[union-attr]
        self.types.add(key)
        self.schema.domains[key] = dom
        return True

    def h_alter_domain(self, cur: _Cur) -> bool:
        cur.expect("alter", "domain")
        schema, name = cur.qname()
        dom = self.schema.domains.get(self._type_key(schema, name))
        if dom is None:
            raise ParseFailure(f"domain {name} is not declared earlier in the file")
        if cur.accept("add"):
            cname = cur.ident() if cur.accept("constraint") else None
            if cur.accept("not", "null"):
                dom.nullable = False
                return True
            cur.expect("check")
            a, b = cur.paren()
            chk = CheckConstraint(cname, make_expr(cur.src(a, b)))
            chk.not_valid = cur.accept("not", "valid")
            dom.checks.append(chk)
            return True
        if cur.accept("set", "not", "null"):
            dom.nullable = False
        elif cur.accept("drop", "not", "null"):
            dom.nullable = True
        elif cur.accept("set", "default"):
            dom.default = make_expr(cur.src(cur.i, cur.end))
        elif cur.accept("drop", "default"):
            dom.default = None
        elif cur.accept("drop", "constraint"):
            cur.accept("if", "exists")
            cname = cur.ident()
            dom.checks = [c for c in dom.checks if c.name != cname]
        elif cur.accept("validate", "constraint"):
            cname = cur.ident()
            for c in dom.checks:
                if c.name == cname:
                    c.not_valid = False
        else:
            return False
        return True

    def h_create_sequence(self, cur: _Cur) -> bool:
        cur.expect("create")
        cur.accept("temp") or cur.accept("temporary") or cur.accept("unlogged")
        cur.expect("sequence")
        cur.accept("if", "not", "exists")
        schema, name = cur.qname()
        key = self.rel_key(schema, name, create=True)
        seq = Sequence(key.split(".", 1)[0], name)
        self._sequence_options(cur, seq)
        self.schema.sequences[key] = seq
        self.relnames.add(key)
        return True

    def _sequence_options(self, cur: _Cur, seq: Sequence) -> None:
        def num() -> int:
            sign = -1 if cur.accept("-") else 1
            t = cur.peek()
            if t is None or t.kind != "num":
                raise ParseFailure("expected a number in sequence options")
            cur.i += 1
            return sign * int(t.value)

        while not cur.done():
            if cur.accept("as"):
                _, cur.i = read_type(cur.t, cur.i)
            elif cur.accept("increment"):
                cur.accept("by")
                seq.increment = num()
            elif cur.accept("minvalue"):
                seq.min_value = num()
            elif cur.accept("maxvalue"):
                seq.max_value = num()
            elif cur.accept("no", "minvalue"):
                seq.min_value = None
            elif cur.accept("no", "maxvalue"):
                seq.max_value = None
            elif cur.accept("start"):
                cur.accept("with")
                seq.start = num()
            elif cur.accept("restart"):
                if cur.accept("with") or (cur.peek() is not None and cur.peek().kind == "num"):  # type: ignore[union-attr]
                    num()
            elif cur.accept("cache"):
                num()
            elif cur.accept("no", "cycle") or cur.accept("cycle"):
                pass
            elif cur.accept("owned", "by"):
                if cur.accept("none"):
                    seq.owned_by = None
                else:
                    parts = [cur.ident()]
                    while cur.accept("."):
                        parts.append(cur.ident())
                    col = parts[-1]
                    tkey = self.rel_key(parts[-3] if len(parts) > 2 else None, parts[-2])
                    seq.owned_by = f"{tkey}.{col}"
            elif cur.accept("sequence", "name"):
                cur.qname()
            elif cur.accept("logged") or cur.accept("unlogged"):
                pass
            else:
                cur.i += 1  # unknown option word: keep going, the server is the judge

    def h_alter_sequence(self, cur: _Cur) -> bool:
        cur.expect("alter", "sequence")
        cur.accept("if", "exists")
        schema, name = cur.qname()
        key = self.rel_key(schema, name)
        seq = self.schema.sequences.get(key)
        if seq is None:
            raise ParseFailure(f"sequence {key} is not declared earlier in the file")
        if cur.at("owner", "to") or cur.at("rename") or cur.at("set", "schema"):
            return False
        self._sequence_options(cur, seq)
        return True

    # -- tables ---------------------------------------------------------------------------

    def h_create_table(self, cur: _Cur) -> bool:
        cur.expect("create")
        unlogged = False
        while cur.peek() is not None and cur.peek().is_word(  # type: ignore[union-attr]
            "global", "local", "temp", "temporary", "unlogged"
        ):
            unlogged = unlogged or cur.peek().value == "unlogged"  # type: ignore[union-attr]
            cur.i += 1
        cur.expect("table")
        cur.accept("if", "not", "exists")
        schema, name = cur.qname()
        key = self.rel_key(schema, name, create=True)
        sch = key.split(".", 1)[0]
        table = Table(sch, name, unlogged=unlogged, source=self.src)
        if cur.at("as") or cur.at("of"):
            raise ParseFailure(
                "CREATE TABLE … AS / OF type: the columns come from elsewhere; not modelled"
            )
        parent: Table | None = None
        if cur.accept("partition", "of"):
            ps, pn = cur.qname()
            parent = self.table(ps, pn)
            table.partition_of = parent.qualified
        self.relnames.add(key)  # before the elements: serial sequences must not take the name
        try:
            if cur.at("("):
                a, b = cur.paren()
                self._table_elements(cur, table, a, b)
            if parent is not None:
                a = cur.i
                if cur.accept("default"):
                    table.partition_bound = "DEFAULT"
                else:
                    cur.expect("for", "values")
                    s, e = cur.skip_to({"partition", "using", "with", "tablespace", "without"})
                    table.partition_bound = cur.src(a, e)
            while not cur.done():
                if cur.accept("inherits"):
                    a, b = cur.paren()
                    for s, e in cur.split_commas(a, b):
                        sub = _Cur(cur.t, cur.text, s, e)
                        table.inherits.append(self.table(*sub.qname()).qualified)
                elif cur.accept("partition", "by"):
                    a = cur.i
                    cur.i += 1
                    cur.paren()
                    table.partition_by = cur.src(a, a + 1).upper() + " " + cur.src(a + 1, cur.i)
                elif cur.at("("):
                    cur.paren()
                else:
                    cur.i += 1  # WITH (…), TABLESPACE x, USING heap, ON COMMIT …
        except Exception:
            self.relnames.discard(key)
            raise
        self.schema.tables[key] = table
        self._fold_column_pk(table)
        return True

    def _table_elements(self, cur: _Cur, table: Table, a: int, b: int) -> None:
        for s, e in cur.split_commas(a, b):
            sub = _Cur(cur.t, cur.text, s, e)
            first = cur.t[s]
            if first.kind == "word" and first.value in (
                "constraint",
                "check",
                "unique",
                "primary",
                "foreign",
                "exclude",
            ):
                self._table_constraint(sub, table)
            elif first.is_word("like"):
                self._like(sub, table)
            else:
                self._column_def(sub, table)

    def _like(self, cur: _Cur, table: Table) -> None:
        cur.expect("like")
        src = self.table(*cur.qname())
        opts: set[str] = set()
        while not cur.done():
            if cur.accept("including"):
                opts.add(cur.ident())
            else:
                cur.i += 1
        every = "all" in opts
        for col in src.columns:
            c = copy.deepcopy(col)
            if not (every or "defaults" in opts):
                c.default = None
            if not (every or "identity" in opts):
                c.identity = None
            if not (every or "generated" in opts):
                c.generated = None
            table.columns.append(c)
        if every or "constraints" in opts:
            table.checks.extend(copy.deepcopy(src.checks))

    def _column_def(self, cur: _Cur, table: Table) -> None:
        name = cur.ident()
        existing = table.column(name)
        if cur.accept("with", "options"):
            if existing is None:
                raise ParseFailure(f"column {name} WITH OPTIONS: no such inherited column")
            col = existing
        else:
            if existing is not None:
                raise ParseFailure(f"column {name} specified more than once")
            ref, cur.i = read_type(cur.t, cur.i)
            col = Column(name, self.resolve_type(ref))
            if ref.serial:
                self._serial(table, col)
            table.columns.append(col)
        self._column_constraints(cur, table, col)

    def _serial(self, table: Table, col: Column) -> None:
        seqname = self.unique_relname(table.schema, table.name, col.name, "seq")
        key = f"{table.schema}.{seqname}"
        self.schema.sequences[key] = Sequence(
            table.schema, seqname, owned_by=f"{table.qualified}.{col.name}"
        )
        self.relnames.add(key)
        col.nullable = False
        col.default = make_expr(f"nextval('{_quote_qual(table.schema, seqname)}'::regclass)")
        col.sequence = key

    def _identity(self, cur: _Cur, table: Table, col: Column, always: bool) -> None:
        col.identity = "always" if always else "by default"
        col.nullable = False
        seq = Sequence(table.schema, "")
        seqname = None
        if cur.at("("):
            a, b = cur.paren()
            sub = _Cur(cur.t, cur.text, a, b)
            k = a
            while k < b:
                if cur.t[k].is_word("sequence") and k + 1 < b and cur.t[k + 1].is_word("name"):
                    sub.i = k + 2
                    s, n = sub.qname()
                    seqname = (s or table.schema, n)
                    k = sub.i
                    continue
                k += 1
            sub.i = a
            self._sequence_options(sub, seq)
        if seqname is None:
            seqname = (table.schema, self.unique_relname(table.schema, table.name, col.name, "seq"))
        seq.schema, seq.name = seqname
        seq.owned_by = f"{table.qualified}.{col.name}"
        key = seq.qualified
        self.schema.sequences[key] = seq
        self.relnames.add(key)
        col.sequence = key
        col.default = None

    def _set_default(self, col: Column, text: str) -> None:
        # PostgreSQL drops a NULL default unless coercing it to the column's type leaves a
        # node around it: a length/precision coercion, a domain, an array of such.
        t = col.type
        if _is_null_default(text) and not (
            t.user_defined or t.length is not None or t.precision is not None
        ):
            col.default = None
            return
        col.default = make_expr(text)
        m = re.match(r"\s*nextval\s*\(\s*'((?:[^']|'')+)'", text, re.I)
        if m:
            seq_toks = tokenize(m.group(1).replace("''", "'"))
            sub = _Cur(seq_toks, m.group(1))
            s, n = sub.qname()
            col.sequence = self.rel_key(s, n)

    def _column_constraints(self, cur: _Cur, table: Table, col: Column) -> None:
        last: Any = None
        while not cur.done():
            cname = None
            if cur.accept("constraint"):
                cname = cur.ident()
            if cur.accept("not", "null"):
                col.nullable = False
            elif cur.accept("null"):
                col.nullable = True
            elif cur.accept("default"):
                a, b = cur.skip_to(_COLUMN_STOPS)
                self._set_default(col, cur.src(a, b))
            elif cur.accept("check"):
                a, b = cur.paren()
                chk = CheckConstraint(
                    cname or self._check_name(table, col.name), make_expr(cur.src(a, b))
                )
                cur.accept("no", "inherit")
                table.checks.append(chk)
                last = chk
            elif cur.accept("generated"):
                if cur.accept("always"):
                    always = True
                else:
                    cur.expect("by", "default")
                    always = False
                cur.expect("as")
                if cur.accept("identity"):
                    self._identity(cur, table, col, always)
                else:
                    a, b = cur.paren()
                    col.generated = make_expr(cur.src(a, b))
                    col.default = None
                    cur.accept("stored") or cur.accept("virtual")
            elif cur.accept("unique"):
                u = UniqueConstraint(cname, [col.name])
                u.nulls_not_distinct = self._nulls_distinct(cur)
                self._index_params(cur)
                table.uniques.append(u)
                last = u
            elif cur.accept("primary", "key"):
                self._index_params(cur)
                if table.primary_key is not None:
                    raise ParseFailure(f"multiple primary keys for table {table.qualified}")
                table.primary_key = PrimaryKey(cname, [col.name])
                last = table.primary_key
            elif cur.accept("references"):
                fk = self._references(cur, table, cname, [col.name])
                table.foreign_keys.append(fk)
                last = fk
            elif cur.at("deferrable") or cur.at("not", "deferrable") or cur.at("initially"):
                self._deferrable(cur, last)
            elif cur.accept("collate"):
                s, n = cur.qname()
                col.collation = f"{s}.{n}" if s else n
            elif cur.accept("compression") or cur.accept("storage"):
                cur.ident()
            else:
                raise ParseFailure(
                    f"unexpected {cur.peek().value!r} in the definition of column {col.name}"  # type: ignore[union-attr]
                )

    def _check_name(self, table: Table, colname: str | None) -> str:
        taken = {c.name for c in table.checks}
        n = 0
        while True:
            lab = "check" if n == 0 else f"check{n}"
            cand = make_object_name(table.name, colname, lab)
            if cand not in taken:
                return cand
            n += 1

    @staticmethod
    def _nulls_distinct(cur: _Cur) -> bool:
        if cur.accept("nulls", "not", "distinct"):
            return True
        cur.accept("nulls", "distinct")
        return False

    @staticmethod
    def _index_params(cur: _Cur) -> None:
        while True:
            if cur.accept("include") or cur.accept("with"):
                cur.paren()
            elif cur.accept("using", "index", "tablespace"):
                cur.ident()
            else:
                return

    def _deferrable(self, cur: _Cur, target: Any) -> None:
        while True:
            if cur.accept("deferrable"):
                if isinstance(target, ForeignKey):
                    target.deferrable = True
            elif cur.accept("not", "deferrable"):
                if isinstance(target, ForeignKey):
                    target.deferrable = False
            elif cur.accept("initially", "deferred"):
                if isinstance(target, ForeignKey):
                    target.initially_deferred = True
                    target.deferrable = True
            elif cur.accept("initially", "immediate"):
                pass
            elif cur.accept("not", "valid"):
                if isinstance(target, (ForeignKey, CheckConstraint)):
                    target.not_valid = True
            elif cur.accept("no", "inherit"):
                pass
            else:
                return

    def _references(
        self, cur: _Cur, table: Table, cname: str | None, cols: list[str]
    ) -> ForeignKey:
        rs, rn = cur.qname()
        if rs is None and rn == table.name and self.rel_key(None, rn) not in self.schema.tables:
            rkey = table.qualified  # self-reference inside the table's own CREATE TABLE
        else:
            rkey = self.rel_key(rs, rn)
        ref_cols = cur.name_list() if cur.at("(") else []
        rsch, rname = rkey.split(".", 1)
        fk = ForeignKey(cname, cols, rsch, rname, ref_cols)
        while not cur.done():
            if cur.accept("match"):
                fk.match_full = cur.ident() == "full"
            elif cur.accept("on", "delete"):
                fk.on_delete = self._action(cur)
            elif cur.accept("on", "update"):
                fk.on_update = self._action(cur)
            else:
                break
        if fk.name is None:
            fk.name = self._fk_name(table, cols)
        return fk

    @staticmethod
    def _fk_name(table: Table, cols: list[str]) -> str:
        taken = {f.name for f in table.foreign_keys}
        n = 0
        while True:
            lab = "fkey" if n == 0 else f"fkey{n}"
            cand = make_object_name(table.name, "_".join(cols), lab)
            if cand not in taken:
                return cand
            n += 1

    @staticmethod
    def _action(cur: _Cur) -> str:
        for words, name in _ACTIONS.items():
            if cur.accept(*words):
                if cur.at("("):
                    cur.paren()  # SET NULL (cols) — PostgreSQL 15
                return name
        raise ParseFailure(f"unknown referential action {cur.peek().value if cur.peek() else ''!r}")  # type: ignore[union-attr]

    def _table_constraint(self, cur: _Cur, table: Table) -> Any:
        """Read a table constraint and add it to `table`; return it."""
        cname = cur.ident() if cur.accept("constraint") else None
        obj: Any
        if cur.accept("check"):
            a, b = cur.paren()
            expr = make_expr(cur.src(a, b))
            if cname is None:
                cols = _referenced_columns(expr)
                cname = self._check_name(table, cols[0] if len(cols) == 1 else None)
            obj = CheckConstraint(cname, expr)
            table.checks.append(obj)
        elif cur.accept("unique"):
            nnd = self._nulls_distinct(cur)
            if cur.accept("using", "index"):
                obj = self._constraint_from_index(table, cur.ident(), cname, primary=False)
            else:
                cols = cur.name_list()
                self._index_params(cur)
                obj = UniqueConstraint(
                    cname or make_object_name(table.name, "_".join(cols), "key"), list(cols)
                )
                obj.nulls_not_distinct = nnd
                table.uniques.append(obj)
            self.index_owner[f"{table.schema}.{obj.name}"] = table.qualified
        elif cur.accept("primary", "key"):
            if table.primary_key is not None:
                raise ParseFailure(f"multiple primary keys for table {table.qualified}")
            if cur.accept("using", "index"):
                obj = self._constraint_from_index(table, cur.ident(), cname, primary=True)
            else:
                cols = cur.name_list()
                self._index_params(cur)
                obj = PrimaryKey(cname or make_object_name(table.name, None, "pkey"), cols)
                table.primary_key = obj
            self.index_owner[f"{table.schema}.{obj.name}"] = table.qualified
            self._fold_column_pk(table)
        elif cur.accept("foreign", "key"):
            cols = cur.name_list()
            cur.expect("references")
            obj = self._references(cur, table, cname, cols)
            table.foreign_keys.append(obj)
        elif cur.accept("exclude"):
            obj = self._exclusion(cur, table, cname)
            table.exclusions.append(obj)
            self.index_owner[f"{table.schema}.{obj.name}"] = table.qualified
        else:
            raise ParseFailure(f"unknown table constraint at {cur.peek().value!r}")  # type: ignore[union-attr]
        self._deferrable(cur, obj)
        if not cur.done():
            raise ParseFailure(f"unexpected {cur.peek().value!r} after constraint")  # type: ignore[union-attr]
        return obj

    def _exclusion(self, cur: _Cur, table: Table, cname: str | None) -> ExclusionConstraint:
        """EXCLUDE [USING method] (element WITH operator, …) [INCLUDE …] [WITH (…)]
        [USING INDEX TABLESPACE t] [WHERE (predicate)]; the cursor is after EXCLUDE."""
        method = cur.ident().lower() if cur.accept("using") else "btree"
        a, b = cur.paren()
        elements: list[ExclusionElement] = []
        for s, e in cur.split_commas(a, b):
            depth, w = 0, None
            for k in range(s, e):
                t = cur.t[k]
                if t.kind == "punct" and t.value in "([":
                    depth += 1
                elif t.kind == "punct" and t.value in ")]":
                    depth -= 1
                elif depth == 0 and t.kind == "word" and t.value == "with":
                    w = k
            if w is None or w == s:
                raise ParseFailure("expected `element WITH operator` in EXCLUDE")
            op = cur.src(w + 1, e).strip()
            m = re.fullmatch(r"(?is)operator\s*\((?:[^)]*\.)?\s*([^)\s]+)\s*\)", op)
            if m:
                op = m.group(1)
            t0 = cur.t[s]
            if t0.kind == "punct" and t0.value == "(":
                close = cur.match_paren(s)
                elements.append(ExclusionElement(None, make_expr(cur.src(s + 1, close)), op))
            elif s + 1 < w and cur.t[s + 1].kind == "punct" and cur.t[s + 1].value in "(.":
                end = s + 1
                while end + 1 < w and cur.t[end].value == "." and cur.t[end + 1].kind != "punct":
                    end += 2
                close = cur.match_paren(end) if cur.t[end].value == "(" else w - 1
                elements.append(ExclusionElement(None, make_expr(cur.src(s, close + 1)), op))
            else:
                elements.append(ExclusionElement(t0.value, None, op))
        predicate: Expr | None = None
        while not cur.done():
            if cur.accept("include") or cur.accept("with"):
                cur.paren()
            elif cur.accept("using", "index", "tablespace"):
                cur.ident()
            elif cur.accept("where"):
                pa, pb = cur.paren()
                predicate = make_expr(cur.src(pa, pb))
            else:
                break
        name = cname or make_object_name(
            table.name, "_".join(el.column or "expr" for el in elements), "excl"
        )
        return ExclusionConstraint(name, elements, method, predicate)

    def _constraint_from_index(
        self, table: Table, index: str, cname: str | None, *, primary: bool
    ) -> Any:
        idx = next((u for u in table.uniques if u.is_index and u.name == index), None)
        cols: list[str | None]
        if idx is not None:
            table.uniques.remove(idx)
            table.indexes = [i for i in table.indexes if i.name != index]
            cols = idx.columns
        else:
            plain = next((i for i in table.indexes if i.name == index), None)
            if plain is None:
                raise ParseFailure(f"index {index} is not declared earlier in the file")
            table.indexes.remove(plain)
            cols = plain.columns
        name = cname or index
        if primary:
            pk = PrimaryKey(name, [c for c in cols if c])
            table.primary_key = pk
            return pk
        u = UniqueConstraint(name, list(cols))
        table.uniques.append(u)
        return u

    @staticmethod
    def _fold_column_pk(table: Table) -> None:
        if table.primary_key is not None:
            for cname in table.primary_key.columns:
                col = table.column(cname)
                if col is not None:
                    col.nullable = False

    def h_alter_table(self, cur: _Cur) -> bool:
        cur.expect("alter")
        cur.accept("foreign")
        cur.expect("table")
        if cur.at("all", "in", "tablespace"):
            return False
        cur.accept("if", "exists")
        cur.accept("only")
        schema, name = cur.qname()
        cur.accept("*")
        key = self.rel_key(schema, name)
        table = self.schema.tables.get(key)
        if table is None:
            if (
                key in self.relnames
                or f"{key}" in self.schema.sequences
                or key in self.schema.views
            ):
                return False  # pg_dump uses ALTER TABLE for views and sequences too
            raise ParseFailure(f"table {key} is not declared earlier in the file")
        used = False
        if cur.accept("rename"):
            return self._rename(cur, table)
        if cur.accept("set", "schema"):
            new = cur.ident()
            del self.schema.tables[key]
            table.schema = new
            self.schema.tables[table.qualified] = table
            return True
        for s, e in cur.split_commas(cur.i, cur.end):
            sub = _Cur(cur.t, cur.text, s, e)
            used = self._alter_action(sub, table) or used
        return used

    def _rename(self, cur: _Cur, table: Table) -> bool:
        if cur.accept("constraint"):
            old = cur.ident()
            cur.expect("to")
            new = cur.ident()
            for c in [table.primary_key, *table.uniques, *table.foreign_keys, *table.checks]:
                if c is not None and c.name == old:
                    c.name = new
            return True
        if cur.accept("to"):
            new = cur.ident()
            del self.schema.tables[table.qualified]
            table.name = new
            self.schema.tables[table.qualified] = table
            self.relnames.add(table.qualified)
            return True
        cur.accept("column")
        old = cur.ident()
        cur.expect("to")
        new = cur.ident()
        col = table.column(old)
        if col is None:
            raise ParseFailure(f"column {old} of {table.qualified} is not declared")
        col.name = new
        _rename_column_refs(table, old, new)
        return True

    def _alter_action(self, cur: _Cur, table: Table) -> bool:
        if cur.accept("add"):
            if (
                cur.at("constraint")
                or cur.at("check")
                or cur.at("unique")
                or cur.at("primary")
                or cur.at("foreign")
                or cur.at("exclude")
            ):
                obj = self._table_constraint(cur, table)
                return obj is not None
            cur.accept("column")
            cur.accept("if", "not", "exists")
            self._column_def(cur, table)
            self._fold_column_pk(table)
            return True
        if cur.accept("drop"):
            if cur.accept("constraint"):
                cur.accept("if", "exists")
                cname = cur.ident()
                _drop_constraint(table, cname)
                return True
            cur.accept("column")
            if_exists = cur.accept("if", "exists")
            cname = cur.ident()
            if table.column(cname) is None:
                if if_exists:
                    return True
                raise ParseFailure(f"column {cname} of {table.qualified} is not declared")
            self._drop_column(table, cname, cascade=cur.accept("cascade"))
            return True
        if cur.accept("alter"):
            cur.accept("column")
            cname = cur.ident()
            col = table.column(cname)
            if col is None:
                raise ParseFailure(f"column {cname} of {table.qualified} is not declared")
            return self._alter_column(cur, table, col)
        if cur.accept("attach", "partition"):
            child = self.table(*cur.qname())
            child.partition_of = table.qualified
            a = cur.i
            if not cur.accept("default"):
                cur.expect("for", "values")
            child.partition_bound = cur.src(a, cur.end)
            return True
        if cur.accept("detach", "partition"):
            child = self.table(*cur.qname())
            child.partition_of = None
            child.partition_bound = None
            return True
        if cur.accept("enable", "row", "level", "security") or cur.accept(
            "force", "row", "level", "security"
        ):
            table.rls_enabled = True
            return True
        if cur.accept("disable", "row", "level", "security"):
            table.rls_enabled = False
            return True
        if cur.accept("validate", "constraint"):
            cname = cur.ident()
            for c in [*table.foreign_keys, *table.checks]:
                if c.name == cname:
                    c.not_valid = False
            return True
        if cur.accept("inherit"):
            table.inherits.append(self.table(*cur.qname()).qualified)
            return True
        if cur.accept("no", "inherit"):
            parent = self.table(*cur.qname()).qualified
            table.inherits = [p for p in table.inherits if p != parent]
            return True
        if cur.accept("set", "unlogged"):
            table.unlogged = True
            return True
        if cur.accept("set", "logged"):
            table.unlogged = False
            return True
        return False  # OWNER TO, CLUSTER ON, REPLICA IDENTITY, triggers, storage …

    def _alter_column(self, cur: _Cur, table: Table, col: Column) -> bool:
        if cur.accept("set", "data", "type") or cur.accept("type"):
            ref, cur.i = read_type(cur.t, cur.i)
            col.type = self.resolve_type(ref)
            if cur.accept("collate"):
                s, n = cur.qname()
                col.collation = f"{s}.{n}" if s else n
            return True
        if cur.accept("set", "default"):
            self._set_default(col, cur.src(cur.i, cur.end))
            return True
        if cur.accept("drop", "default"):
            col.default = None
            col.sequence = None if col.identity is None else col.sequence
            return True
        if cur.accept("set", "not", "null"):
            col.nullable = False
            return True
        if cur.accept("drop", "not", "null"):
            col.nullable = True
            return True
        if cur.accept("add", "generated"):
            always = cur.accept("always")
            if not always:
                cur.expect("by", "default")
            cur.expect("as", "identity")
            self._identity(cur, table, col, always)
            return True
        if cur.accept("drop", "identity"):
            col.identity = None
            return True
        if cur.accept("drop", "expression"):
            col.generated = None
            return True
        if cur.accept("set", "generated"):
            col.identity = "always" if cur.accept("always") else "by default"
            return True
        return False  # SET STATISTICS / STORAGE / COMPRESSION / (options)

    def _drop_column(self, table: Table, cname: str, *, cascade: bool) -> None:
        table.columns = [c for c in table.columns if c.name != cname]
        # PostgreSQL drops the indexes and table constraints that involve the column.
        if table.primary_key and cname in table.primary_key.columns:
            table.primary_key = None
        table.uniques = [
            u for u in table.uniques
            if cname not in u.columns and not _exprs_use(u.expressions, u.predicate, cname)
        ]  # fmt: skip
        table.indexes = [
            i for i in table.indexes
            if cname not in i.columns and not _exprs_use(i.expressions, i.predicate, cname)
        ]  # fmt: skip
        table.foreign_keys = [f for f in table.foreign_keys if cname not in f.columns]
        table.checks = [c for c in table.checks if cname not in _referenced_columns(c.expr)]
        if cascade:
            for other in self.schema.tables.values():
                other.foreign_keys = [
                    f for f in other.foreign_keys
                    if not (f.ref_qualified == table.qualified and cname in f.ref_columns)
                ]  # fmt: skip

    # -- indexes ---------------------------------------------------------------------------

    def h_create_index(self, cur: _Cur) -> bool:
        cur.expect("create")
        unique = cur.accept("unique")
        cur.expect("index")
        cur.accept("concurrently")
        cur.accept("if", "not", "exists")
        iname: str | None = None
        if not cur.at("on"):
            iname = cur.ident()
        cur.expect("on")
        cur.accept("only")
        ts, tn = cur.qname()
        key = self.rel_key(ts, tn)
        table = self.schema.tables.get(key)
        if table is None:
            if key in self.relnames or key in self.schema.views:
                return False  # an index on a materialized view
            raise ParseFailure(f"table {key} is not declared earlier in the file")
        method = "btree"
        if cur.accept("using"):
            method = cur.ident()
        a, b = cur.paren()
        cols: list[str | None] = []
        exprs: list[Expr | None] = []
        for s, e in cur.split_commas(a, b):
            t0 = cur.t[s]
            if t0.kind == "punct" and t0.value == "(":
                close = cur.match_paren(s)
                cols.append(None)
                exprs.append(make_expr(cur.src(s + 1, close)))
                continue
            # A function call (lower(email), public.f(x)) is an expression; a name is a column.
            k = s + 1
            while k + 1 < e and cur.t[k].value == "." and cur.t[k + 1].kind in ("word", "qid"):
                k += 2
            if k < e and cur.t[k].kind == "punct" and cur.t[k].value == "(":
                close = cur.match_paren(k)
                cols.append(None)
                exprs.append(make_expr(cur.src(s, close + 1)))
            else:
                cols.append(t0.value)
                exprs.append(None)
        nnd = False
        predicate: Expr | None = None
        while not cur.done():
            if cur.accept("include") or cur.accept("with"):
                cur.paren()
            elif cur.accept("nulls", "not", "distinct"):
                nnd = True
            elif cur.accept("nulls", "distinct"):
                pass
            elif cur.accept("tablespace"):
                cur.ident()
            elif cur.accept("where"):
                predicate = make_expr(cur.src(cur.i, cur.end))
                cur.i = cur.end
            else:
                raise ParseFailure(f"unexpected {cur.peek().value!r} in CREATE INDEX")  # type: ignore[union-attr]
        if iname is None:
            parts = [c if c else "expr" for c in cols]
            iname = self.unique_relname(table.schema, table.name, "_".join(parts), "idx")
        has_expr = any(x is not None for x in exprs)
        table.indexes.append(
            Index(iname, cols, exprs if has_expr else [], method, predicate, unique)
        )
        if unique:
            u = UniqueConstraint(iname, cols, exprs if has_expr else [], predicate, nnd, True)
            table.uniques.append(u)
        qual = f"{table.schema}.{iname}"
        self.relnames.add(qual)
        self.index_owner[qual] = table.qualified
        return True

    def h_alter_index(self, cur: _Cur) -> bool:
        cur.expect("alter", "index")
        cur.accept("if", "exists")
        cur.qname()
        if not cur.accept("attach", "partition"):
            return False
        cs, cn = cur.qname()
        # The partition's index becomes a copy of the parent's (PostgreSQL marks the
        # constraint as inherited): the model keeps indexes and constraints as declared.
        qual = None
        if cs is not None:
            qual = f"{cs}.{cn}"
        else:
            for s in self.path():
                if f"{s}.{cn}" in self.index_owner:
                    qual = f"{s}.{cn}"
                    break
        if qual is None or qual not in self.index_owner:
            raise ParseFailure(f"index {cn} is not declared earlier in the file")
        owner = self.schema.tables.get(self.index_owner[qual])
        if owner is None:
            return True
        if owner.primary_key is not None and owner.primary_key.name == cn:
            owner.primary_key = None
        owner.uniques = [u for u in owner.uniques if u.name != cn]
        owner.indexes = [i for i in owner.indexes if i.name != cn]
        self.attached.add(qual)
        return True

    # -- the rest -------------------------------------------------------------------------

    def h_create_view(self, cur: _Cur) -> bool:
        cur.expect("create")
        while not cur.at("view") and not cur.done():
            cur.i += 1
        cur.expect("view")
        cur.accept("if", "not", "exists")
        schema, name = cur.qname()
        key = self.rel_key(schema, name, create=True)
        self.redefined_view = key in self.schema.views
        if key not in self.schema.views:
            self.schema.views.append(key)
        self.relnames.add(key)
        return True

    def h_create_policy(self, cur: _Cur) -> bool:
        cur.expect("create", "policy")
        pname = cur.ident()
        cur.expect("on")
        table = self.table(*cur.qname())
        pol = Policy(pname)
        while not cur.done():
            if cur.accept("as"):
                cur.ident()
            elif cur.accept("for"):
                pol.command = cur.ident().upper()
            elif cur.accept("to"):
                while True:
                    pol.roles.append(cur.ident())
                    if not cur.accept(","):
                        break
            elif cur.accept("using"):
                a, b = cur.paren()
                pol.using = make_expr(cur.src(a, b))
            elif cur.accept("with", "check"):
                a, b = cur.paren()
                pol.with_check = make_expr(cur.src(a, b))
            else:
                raise ParseFailure(f"unexpected {cur.peek().value!r} in CREATE POLICY")  # type: ignore[union-attr]
        table.policies.append(pol)
        return True

    def h_comment(self, cur: _Cur) -> bool:
        cur.expect("comment", "on")
        what = cur.ident()
        parts = [cur.ident()]
        while cur.accept("."):
            parts.append(cur.ident())
        cur.expect("is")
        t = cur.peek()
        text = None if t is None or t.is_word("null") else t.value
        if what == "table":
            self.table(parts[-2] if len(parts) > 1 else None, parts[-1]).comment = text
            return True
        if what == "column":
            if len(parts) < 2:
                raise ParseFailure("COMMENT ON COLUMN needs table.column")
            table = self.table(parts[-3] if len(parts) > 2 else None, parts[-2])
            col = table.column(parts[-1])
            if col is None:
                raise ParseFailure(f"column {parts[-1]} of {table.qualified} is not declared")
            col.comment = text
            return True
        return False

    def h_drop(self, cur: _Cur) -> bool:
        cur.expect("drop")
        obj = cur.ident()
        if obj == "materialized":
            cur.expect("view")
            obj = "view"
        if obj not in ("table", "view", "type", "domain", "sequence", "index"):
            return False
        cur.accept("concurrently")
        cur.accept("if", "exists")
        while not cur.done():
            s, n = cur.qname()
            if obj == "table":
                key = self.rel_key(s, n)
                self.schema.tables.pop(key, None)
                self.relnames.discard(key)
            elif obj == "view":
                key = self.rel_key(s, n)
                if key in self.schema.views:
                    self.schema.views.remove(key)
                self.relnames.discard(key)
            elif obj in ("type", "domain"):
                key = self._type_key(s, n)
                self.schema.enums.pop(key, None)
                self.schema.domains.pop(key, None)
                self.types.discard(key)
            elif obj == "sequence":
                key = self.rel_key(s, n)
                self.schema.sequences.pop(key, None)
                self.relnames.discard(key)
            else:
                for qual, owner in list(self.index_owner.items()):
                    if qual.split(".", 1)[1] == n and (s is None or qual.startswith(s + ".")):
                        t = self.schema.tables.get(owner)
                        if t is not None:
                            t.indexes = [i for i in t.indexes if i.name != n]
                            t.uniques = [u for u in t.uniques if not (u.is_index and u.name == n)]
                        del self.index_owner[qual]
            if not cur.accept(","):
                break
        return True

    # -- after the last statement ----------------------------------------------------------

    def finish(self) -> None:
        sch = self.schema
        # REFERENCES t without columns means t's primary key.
        for t in sch.tables.values():
            for fk in t.foreign_keys:
                if not fk.ref_columns:
                    ref = sch.tables.get(fk.ref_qualified)
                    if ref is not None and ref.primary_key is not None:
                        fk.ref_columns = list(ref.primary_key.columns)
        # Partitions and inheritance children take their parents' columns and NOT NULLs.
        done: set[str] = set()

        def settle(t: Table) -> None:
            if t.qualified in done:
                return
            done.add(t.qualified)
            parents = ([t.partition_of] if t.partition_of else []) + t.inherits
            for pq in parents:
                p = sch.tables.get(pq)
                if p is None:
                    continue
                settle(p)
                merged: list[Column] = []
                for pc in p.columns:
                    own = t.column(pc.name)
                    if own is None:
                        c = copy.deepcopy(pc)
                        c.identity = None
                        if t.partition_of is None:
                            c.sequence = pc.sequence
                        merged.append(c)
                    else:
                        if not pc.nullable:
                            own.nullable = False
                        merged.append(own)
                merged += [c for c in t.columns if all(c.name != m.name for m in merged)]
                t.columns = merged
            self._fold_column_pk(t)

        for t in list(sch.tables.values()):
            settle(t)
        schemas: dict[str, None] = dict(self.schemas)
        for t in sch.tables.values():
            schemas.setdefault(t.schema, None)
        sch.schemas = sorted(schemas)
        sch.roles = sorted(self.roles)
        sch.extensions = sorted(self.extensions)


def _values_rows(cur: _Cur) -> int:
    """The number of rows an INSERT's VALUES list holds (cursor after the table's name);
    0 for INSERT … SELECT, DEFAULT VALUES and anything else."""
    if cur.accept("as"):
        cur.ident()
    if not cur.done() and cur.peek().value == "(":  # type: ignore[union-attr]
        cur.paren()
    if cur.accept("overriding"):
        cur.ident()
        cur.expect("value")
    if not cur.accept("values"):
        return 0
    rows = depth = 0
    for tok in cur.t[cur.i :]:
        if tok.kind != "punct":
            if depth == 0 and tok.is_word("on", "returning"):
                break
            continue
        if tok.value == "(":
            rows += depth == 0
            depth += 1
        elif tok.value == ")":
            depth -= 1
    return rows


def _quote_ident(name: str) -> str:
    if re.fullmatch(r"[a-z_][a-z0-9_$]*", name):
        return name
    return '"' + name.replace('"', '""') + '"'


def _quote_qual(schema: str, name: str) -> str:
    return f"{_quote_ident(schema)}.{_quote_ident(name)}"


def _referenced_columns(expr: Expr | None) -> list[str]:
    """Column names an expression mentions (unquoted names folded), in order of appearance."""
    if expr is None:
        return []
    if expr.tree is None:
        return []
    out: list[str] = []
    for col in expr.tree.find_all(exp.Column):
        ident = col.this
        name = ident.this if isinstance(ident, exp.Identifier) else str(ident)
        if isinstance(ident, exp.Identifier) and not ident.quoted:
            name = name.lower()
        if name not in out:
            out.append(name)
    return out


def _exprs_use(exprs: list[Expr | None], pred: Expr | None, cname: str) -> bool:
    return any(cname in _referenced_columns(e) for e in [*exprs, pred] if e is not None)


def _drop_constraint(table: Table, cname: str) -> None:
    if table.primary_key is not None and table.primary_key.name == cname:
        table.primary_key = None
    table.uniques = [u for u in table.uniques if u.name != cname or u.is_index]
    table.foreign_keys = [f for f in table.foreign_keys if f.name != cname]
    table.checks = [c for c in table.checks if c.name != cname]


def _rename_column_refs(table: Table, old: str, new: str) -> None:
    for cols in (
        ([table.primary_key.columns] if table.primary_key else [])
        + [u.columns for u in table.uniques]
        + [i.columns for i in table.indexes]
        + [f.columns for f in table.foreign_keys]
    ):
        for k, c in enumerate(cols):
            if c == old:
                cols[k] = new


_HANDLERS: dict[str, Any] = {
    "SET": _Reader.h_set,
    "SELECT set_config": _Reader.h_set_config,
    "CREATE SCHEMA": _Reader.h_create_schema,
    "CREATE EXTENSION": _Reader.h_create_extension,
    "CREATE TYPE": _Reader.h_create_type,
    "ALTER TYPE": _Reader.h_alter_type,
    "CREATE DOMAIN": _Reader.h_create_domain,
    "ALTER DOMAIN": _Reader.h_alter_domain,
    "CREATE SEQUENCE": _Reader.h_create_sequence,
    "ALTER SEQUENCE": _Reader.h_alter_sequence,
    "CREATE TABLE": _Reader.h_create_table,
    "ALTER TABLE": _Reader.h_alter_table,
    "CREATE INDEX": _Reader.h_create_index,
    "CREATE UNIQUE INDEX": _Reader.h_create_index,
    "ALTER INDEX": _Reader.h_alter_index,
    "CREATE VIEW": _Reader.h_create_view,
    "CREATE MATERIALIZED VIEW": _Reader.h_create_view,
    "CREATE POLICY": _Reader.h_create_policy,
    "COMMENT ON TABLE": _Reader.h_comment,
    "COMMENT ON COLUMN": _Reader.h_comment,
    "DROP TABLE": _Reader.h_drop,
    "DROP VIEW": _Reader.h_drop,
    "DROP MATERIALIZED VIEW": _Reader.h_drop,
    "DROP TYPE": _Reader.h_drop,
    "DROP DOMAIN": _Reader.h_drop,
    "DROP SEQUENCE": _Reader.h_drop,
    "DROP INDEX": _Reader.h_drop,
}


def _handler_for(kind: str) -> Any:
    if kind.startswith("ALTER TABLE "):
        return _Reader.h_alter_table
    return _HANDLERS.get(kind)


def parse_schema_text(text: str, filename: str = "<text>") -> ParsedFile:
    """Parse schema.sql text into the model and its classified statements."""
    if text.startswith("\ufeff"):
        text = text[1:]
    return _Reader(filename).read(text)


def parse_schema_file(path: str | Path) -> ParsedFile:
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
    return parse_schema_text(text, str(path))
