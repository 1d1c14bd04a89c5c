"""The read-only query tool's statement check, run BEFORE a statement is sent to the server.

It is the second layer: the first is the role the statement runs as (roles.py), inside a READ
ONLY transaction. The check is conservative on purpose — it refuses what it cannot read as a
single row-returning statement, rather than trying to understand it:

- comments, string literals (standard, E'…', dollar-quoted) and quoted identifiers are read as
  the server reads them, so a keyword inside a string does not count and a keyword outside one
  cannot hide;
- exactly one statement, starting with SELECT, WITH, VALUES, TABLE, SHOW or EXPLAIN;
- no keyword that writes, changes the session or the transaction anywhere in it (INSERT in a
  CTE, SELECT … INTO, FOR UPDATE, COPY, DO, SET, COMMIT, …);
- no call of a function that reaches outside the query: files, programs, other sessions,
  replication slots, configuration, large objects, sequences, the functions that run a
  query given as a string (query_to_xml, ts_stat, dblink), and those that assign a transaction
  id, write WAL or change the server's state although the transaction is READ ONLY
  (txid_current, pg_current_xact_id, brin_summarize_*, pg_restore_*_stats, pg_stat_reset*).
"""

from __future__ import annotations

import re

from workbench.errors import WorkbenchError


class QueryRefused(WorkbenchError):
    """The read-only query tried to write, or broke out of its transaction."""

    exit_code = 3
    title = "refused: read-only query"


_FIRST_WORDS = frozenset({"select", "with", "values", "table", "show", "explain"})
# After "(" (a CTE's or subquery's body) these start a statement that writes.
_DML_WORDS = frozenset({"insert", "update", "delete", "merge"})
# Row locks (FOR UPDATE / NO KEY UPDATE / SHARE / KEY SHARE) need write privileges.
_LOCK_WORDS = frozenset({"update", "share", "no", "key"})
_EXPLAIN_OPTIONS = frozenset(
    {"analyze", "analyse", "verbose", "costs", "buffers", "timing", "summary", "settings",
     "wal", "format", "text", "json", "xml", "yaml", "true", "false", "on", "off",
     "generic_plan"}
)  # fmt: skip
_FUNCTION_PREFIXES = (
    "pg_read_", "pg_ls_", "pg_stat_file", "pg_file_", "lo_", "dblink", "pg_terminate_",
    "pg_cancel_", "pg_signal_", "pg_reload_", "pg_rotate_", "pg_switch_", "pg_promote",
    "pg_backup_", "pg_start_backup", "pg_stop_backup", "pg_create_", "pg_drop_", "pg_copy_",
    "pg_replication_", "pg_logical_", "pg_advisory", "pg_try_advisory", "pg_notify",
    "set_config", "nextval", "setval", "query_to_", "cursor_to_", "database_to_",
    "schema_to_", "ts_stat", "pg_import_", "binary_upgrade_", "pg_wal_replay_",
    "pg_log_backend_memory", "pg_current_logfile", "pg_walfile_",
    "pg_export_snapshot", "pg_create_restore_point", "pg_xact_commit_timestamp",
    # they assign a transaction id, write WAL or change state even in a READ ONLY
    # transaction: burning xids, index summaries, statistics, counters, the buffer cache
    "txid_current", "pg_current_xact_id", "pg_stat_reset", "brin_summarize_",
    "brin_desummarize_", "gin_clean_pending_list", "pg_clear_", "pg_restore_",
    "pg_log_standby_snapshot", "pg_prewarm", "autoprewarm_", "pg_sync_",
)  # fmt: skip

_TOKEN = re.compile(
    r"""
    (?P<space>\s+)
  | (?P<line_comment>--[^\n]*)
  | (?P<block_comment>/\*)
  | (?P<uident>[uU]&")
  | (?P<estring>[eE]'(?:[^'\\]|\\.|'')*')
  | (?P<string>(?:[bBxXnN])?'(?:[^']|'')*')
  | (?P<dollar>\$(?:[A-Za-z_][A-Za-z_0-9]*)?\$)
  | (?P<qident>"(?:[^"]|"")*")
  | (?P<param>\$\d+)
  | (?P<word>[A-Za-z_\x80-\uffff][A-Za-z_0-9$\x80-\uffff]*)
  | (?P<number>\d[\d.eE+_]*)
  | (?P<semi>;)
  | (?P<punct>.)
    """,
    re.VERBOSE | re.DOTALL,
)


def _tokens(text: str) -> list[tuple[str, str]]:
    """(kind, value) pairs: kind is "word" (lower-cased), "ident" (a quoted identifier's
    name), ";", "(", or "other". Raises QueryRefused on what it cannot read safely."""
    out: list[tuple[str, str]] = []
    pos = 0
    while pos < len(text):
        match = _TOKEN.match(text, pos)
        if match is None:  # pragma: no cover - the last branch matches any character
            raise QueryRefused("the statement could not be read.")
        kind = match.lastgroup
        value = match.group()
        pos = match.end()
        if kind == "block_comment":
            depth, i = 1, pos
            while depth and i < len(text):
                if text.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif text.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    i += 1
            if depth:
                raise QueryRefused("the statement has an unterminated /* comment.")
            pos = i
        elif kind == "dollar":
            end = text.find(value, pos)
            if end < 0:
                raise QueryRefused(f"the statement has an unterminated {value} string.")
            pos = end + len(value)
            out.append(("other", "string"))
        elif kind == "uident":
            raise QueryRefused('U&"…" identifiers are not accepted by the read-only query tool.')
        elif kind in ("estring", "string", "number", "param"):
            if kind in ("estring", "string") and not value.endswith("'"):
                raise QueryRefused("the statement has an unterminated string.")
            out.append(("other", kind))
        elif kind == "qident":
            out.append(("ident", value[1:-1].replace('""', '"')))
        elif kind == "word":
            out.append(("word", value.lower()))
        elif kind == "semi":
            out.append((";", ";"))
        elif kind == "punct":
            if value == "'" or value == '"':
                raise QueryRefused("the statement has an unterminated string or identifier.")
            out.append(("(" if value == "(" else "other", value))
    return out


def check_read_only(text: str) -> None:
    """Raise QueryRefused unless `text` is one statement the read-only tool may run."""
    tokens = _tokens(text)
    while tokens and tokens[-1][0] == ";":
        tokens.pop()
    if not tokens:
        raise QueryRefused("the query is empty.")
    if any(kind == ";" for kind, _ in tokens):
        raise QueryRefused("one statement at a time, please.")
    first = next((v for k, v in tokens if k != "("), "")
    if first not in _FIRST_WORDS:
        raise QueryRefused(
            "only statements that return rows (SELECT, WITH, VALUES, TABLE, SHOW, EXPLAIN) "
            f"are allowed; this one starts with {_shown(first.upper()) or 'something else'!r}."
        )
    if first == "explain":
        # EXPLAIN ANALYZE runs its statement: that statement must be a query too.
        depth, inner = 0, ""
        for kind, value in tokens[1:]:
            if kind == "(":
                depth += 1
            elif value == ")":
                depth -= 1
            elif depth == 0 and not (kind == "word" and value in _EXPLAIN_OPTIONS):
                inner = value
                break
        if inner not in {"select", "with", "values", "table"}:
            raise QueryRefused(
                f"EXPLAIN is allowed for queries only, not for {_shown(inner.upper())!r}."
            )
    previous = ""
    for index, (kind, value) in enumerate(tokens):
        following = tokens[index + 1] if index + 1 < len(tokens) else ("", "")
        if kind == "word" and value in _DML_WORDS and previous in ("(", ""):
            raise QueryRefused(
                f"the read-only query tool refuses {value.upper()} (a statement that writes)."
            )
        if kind == "word" and value == "into":
            raise QueryRefused("the read-only query tool refuses SELECT … INTO (it writes).")
        if kind == "word" and value == "for" and following[1] in _LOCK_WORDS:
            raise QueryRefused("the read-only query tool refuses row locks (FOR UPDATE/SHARE).")
        calls = kind in ("word", "ident") and following[0] == "("
        if calls and value.lower().startswith(_FUNCTION_PREFIXES):
            raise QueryRefused(
                f"the read-only query tool refuses {_shown(value)}(): it reaches outside the query "
                "(files, programs, sessions, settings, sequences, a query given as text) or "
                "changes the server's state (a transaction id, WAL, statistics)."
            )
        previous = "(" if kind == "(" else value


def _shown(word: str, limit: int = 40) -> str:
    """A word of the caller's statement as an error message quotes it: at most `limit`
    characters (a one-megabyte word is not echoed back)."""
    return word if len(word) <= limit else word[:limit] + "…"


def statement_body(text: str) -> tuple[str, str]:
    """The statement without its trailing semicolons, and its first word (lower case)."""
    end = 0
    first = ""
    pos = 0
    while pos < len(text):
        match = _TOKEN.match(text, pos)
        if match is None:  # pragma: no cover
            break
        kind = match.lastgroup
        pos = match.end()
        if kind == "block_comment":
            depth = 1
            while depth and pos < len(text):
                if text.startswith("/*", pos):
                    depth, pos = depth + 1, pos + 2
                elif text.startswith("*/", pos):
                    depth, pos = depth - 1, pos + 2
                else:
                    pos += 1
            continue
        if kind == "dollar":
            close = text.find(match.group(), pos)
            pos = len(text) if close < 0 else close + len(match.group())
        if kind in ("space", "line_comment", "semi"):
            continue
        if kind == "word" and not first:
            first = match.group().lower()
        elif kind == "punct" and match.group() == "(" and not first:
            pass
        end = pos
    return text[:end], first
