"""Classification: each statement's kind and apply phase from its leading keywords (the way
pg_restore splits a dump into pre-data, data and post-data). Comments never count: pg_dump's
`-- Name: …; Type: …` headers are left over above hand-edited statements of another kind."""

from __future__ import annotations

import re

from workbench.schema.parse.cursor import Cursor
from workbench.schema.split import Token

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


Kind = tuple[str, str, str]  # (kind, phase, reason)

_TRANSACTION_WORDS = ("begin", "commit", "rollback", "abort", "savepoint", "release", "end")
# Statements that touch rows or the session rather than define the schema.
_ROW_AND_SESSION_WORDS = frozenset({
    "insert", "update", "delete", "merge", "truncate", "do", "call", "with", "values",
    "execute", "prepare", "analyze", "analyse", "vacuum", "table", "refresh", "lock",
    "discard", "deallocate", "fetch", "declare", "close", "move", "explain", "listen",
    "notify", "unlisten", "load", "checkpoint", "reindex", "import", "security", "reassign",
    "cluster",
})  # fmt: skip
_POST_OBJECTS = (
    "INDEX", "UNIQUE INDEX", "TRIGGER", "EVENT TRIGGER", "RULE", "POLICY", "PUBLICATION",
    "DEFAULT PRIVILEGES", "STATISTICS",
)  # fmt: skip
_REMOTE_OBJECTS = (
    "SERVER",
    "USER MAPPING",
    "FOREIGN DATA WRAPPER",
    "FOREIGN TABLE",
    "SUBSCRIPTION",
)
_POST_COMMENTS = (
    "INDEX",
    "CONSTRAINT",
    "TRIGGER",
    "POLICY",
    "RULE",
    "EVENT TRIGGER",
    "PUBLICATION",
)


# Every word a PostgreSQL statement can start with (the commands of its grammar): a statement
# that starts otherwise is not SQL, and the server would refuse it (attack28: a schema.sql of
# random text was read as "0 tables" and the blame fell on sandbox.toml).
_COMMAND_WORDS = frozenset({
    *_TRANSACTION_WORDS, *_ROW_AND_SESSION_WORDS, "start", "prepare", "set", "reset",
    "select", "copy", "grant", "revoke", "comment", "create", "alter", "drop", "show",
})  # fmt: skip


def not_sql(toks: list[Token]) -> str | None:
    """The first word (or character) of a statement no PostgreSQL command starts with; None
    for one that may be SQL (a parenthesised query starts with `(`)."""
    if not toks:
        return None
    first = toks[0]
    if first.kind == "word":
        return None if first.value in _COMMAND_WORDS else first.value
    if first.kind == "punct" and first.value == "(":
        return None
    return first.value[:20]


def classify(toks: list[Token], text: str) -> Kind:
    """(kind, phase, reason) for one statement, from its leading keywords."""
    words = _lead_words(toks)
    if not words:
        return ("unknown", "pre", "does not start with a keyword")
    w0 = words[0]
    w1 = words[1] if len(words) > 1 else ""
    if (
        w0 in _TRANSACTION_WORDS
        or (w0 == "start" and w1 == "transaction")
        or (w0 == "prepare" and w1 == "transaction")
        or (w0 in ("commit", "rollback") and w1 == "prepared")
    ):
        return (w0.upper(), "skip", "transaction control: the workbench runs each statement")
    if w0 in ("set", "reset"):
        return _classify_set(words)
    if _DANGEROUS_CALLS.search(text):
        kind = _classify_ddl(toks, words)[0] if w0 in ("create", "alter") else w0.upper()
        return (kind, "skip", "calls a function that " + _OUTSIDE)
    if w0 == "select":
        return _classify_select(text)
    if w0 in _ROW_AND_SESSION_WORDS:
        return _classify_row_or_session(w0)
    if w0 == "copy":
        return _classify_copy(text)
    if w0 in ("grant", "revoke"):
        # GRANT role TO role (no ON) changes cluster-wide role membership.
        if not any(t.is_word("on") for t in toks):
            return (w0.upper() + " ROLE", "skip", "role membership is cluster-wide: " + _OUTSIDE)
        return (w0.upper(), "post", "")
    if w0 == "comment" and w1 == "on":
        obj = _object_kind(words, 2)
        phase = "post" if obj in _POST_COMMENTS else "pre"
        if obj in ("DATABASE", "ROLE", "TABLESPACE"):
            return ("COMMENT ON " + obj, "skip", _OUTSIDE)
        return ("COMMENT ON " + obj, phase, "")
    if w0 in ("create", "alter", "drop"):
        return _classify_ddl(toks, words)
    return (w0.upper(), "pre", "unrecognised statement; run as written")


def _classify_set(words: list[str]) -> Kind:
    w0 = words[0]
    w1 = words[1] if len(words) > 1 else ""
    rest = [w for w in words[1:] if w not in ("session", "local")]
    target = rest[0] if rest else ""
    if target in ("role", "session") or (
        target == "session" or " ".join(words[1:4]).startswith("session authorization")
    ):
        return ("SET ROLE", "skip", "would change the privilege the file runs with")
    if target == "client_encoding" or (target == "names"):
        return ("SET", "skip", "the workbench reads the file as text; the connection stays UTF-8")
    if w0 == "set" and w1 == "constraints":
        return ("SET", "skip", "transaction-scoped; the workbench runs each statement")
    if w0 == "set" and w1 == "transaction":
        return ("SET", "skip", "transaction-scoped; the workbench runs each statement")
    return (w0.upper(), "pre", "")


# pg_dump --statistics output: input to the plan (workbench.stats), never run on the sandbox.
_STATISTICS_CALL = re.compile(
    r"\s*select\s+(?:\*\s+from\s+)?(?:pg_catalog\s*\.\s*)?"
    r"pg_(?:restore|clear)_(?:relation|attribute)_stats\s*\(",
    re.IGNORECASE,
)


def _classify_select(text: str) -> Kind:
    if _STATISTICS_CALL.match(text):
        reason = "optimizer statistics: read by the plan, never run on the sandbox"
        return ("SELECT pg_restore_stats", "skip", reason)
    if re.match(r"\s*select\s+(pg_catalog\s*\.\s*)?set_config\s*\(", text, re.I):
        if re.search(r"set_config\s*\(\s*'(role|session_authorization)'", text, re.I):
            return ("SELECT set_config", "skip", "would change the privilege")
        return ("SELECT set_config", "pre", "")
    if re.match(r"\s*select\s+(pg_catalog\s*\.\s*)?setval\s*\(", text, re.I):
        return ("SELECT setval", "data", "sequence position belongs to the data")
    return ("SELECT", "data", "runs a query after the data is loaded")


def _classify_row_or_session(w0: str) -> Kind:
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
    if w0 in ("do", "call"):
        return (w0.upper(), "data", "runs at its place in the file, on the owner role's login")
    if w0 in ("reindex", "vacuum", "analyze", "analyse"):
        return (w0.upper(), "skip", "maintenance; has no effect on the schema")
    if w0 == "lock":
        return ("LOCK", "skip", "transaction-scoped; the workbench runs each statement")
    return (w0.upper(), "data", "touches rows: runs at its place where the file's rows are kept")


def _classify_copy(text: str) -> Kind:
    if re.search(r"\bfrom\s+stdin\b", text, re.I):
        return ("COPY FROM stdin", "data", "rows of the dump; the workbench generates data")
    if re.search(r"\bprogram\b", text, re.I):
        return ("COPY PROGRAM", "skip", "runs a program on the server: " + _OUTSIDE)
    if re.search(r"\bto\s+stdout\b", text, re.I):
        return ("COPY TO stdout", "skip", "reads data out; has no effect on the schema")
    return ("COPY file", "skip", "reads or writes a server file: " + _OUTSIDE)


def _classify_ddl(toks: list[Token], words: list[str]) -> Kind:
    """CREATE / ALTER / DROP of any object type."""
    w0 = words[0]
    obj = _object_kind(words, 1)
    kind = f"{w0.upper()} {obj}".strip()
    if w0 == "create" and "unique" in words[1:3] and obj == "INDEX":
        kind = "CREATE UNIQUE INDEX"
    if obj in ("DATABASE", "SYSTEM", "TABLESPACE"):
        return (kind, "skip", _OUTSIDE)
    if obj in ("ROLE", "USER", "GROUP"):
        return (kind, "skip", "roles are cluster-wide; referenced roles are created NOLOGIN")
    if obj in _REMOTE_OBJECTS:
        return (kind, "skip", "connects to another server: " + _OUTSIDE)
    if w0 == "drop" and obj == "OWNED":
        return (kind, "skip", _OUTSIDE)
    if obj in _POST_OBJECTS and w0 != "drop":
        return (kind, "post", "")
    if w0 == "alter" and obj == "TABLE":
        return _alter_table_kind(toks)
    if w0 == "alter" and obj == "DOMAIN" and any(t.is_word("add", "validate") for t in toks[:8]):
        return (kind, "post", "")
    return (kind, "pre", "")


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


def _alter_table_kind(toks: list[Token]) -> Kind:
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
    kinds = [_action_kind(toks, s, e) for s, e in Cursor(toks, "").split_commas(i, len(toks))]
    kinds = [k for k in kinds if k] or ["?"]
    kind = "ALTER TABLE " + kinds[0]
    phase = "post" if all(k.startswith(_POST_ACTIONS) for k in kinds) else "pre"
    return (kind.strip(), phase, "")
