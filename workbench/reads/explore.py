"""Read-only looks into the sandbox (sample, query) and the column policy (classify, check).

These back `Engine.rows` (sample, query) and `Engine.classify/check`, which the CLI and the MCP
server call. Results are summaries: row-capped, long values cut, every value JSON-safe.
"""

from __future__ import annotations

import datetime as dt
import decimal
import json
import uuid
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import psycopg
from psycopg import sql

from workbench.access.sqlcheck import QueryRefused, check_read_only
from workbench.errors import DatabaseError, UsageError, WorkbenchError
from workbench.waits import LOCK_TIMEOUT_MS, SandboxLocked, blockers_named, lock_message

if TYPE_CHECKING:
    from workbench.config.file import Config
    from workbench.context import Context

MAX_SAMPLE_ROWS = 100
MAX_QUERY_ROWS = 1000
MAX_VALUE_CHARS = 200
DEFAULT_TIMEOUT_MS = 5000


# What one query may bring back: the values as received (a huge value still arrives whole,
# one row at a time) and the rendered result an agent reads.
MAX_RESULT_BYTES = 4_000_000
MAX_OUTPUT_BYTES = 256_000
# A value longer than this (as text) is cut by the server, before it is sent: a single row
# holding a huge value never reaches the workbench whole.
MAX_VALUE_BYTES = 64 * 1024


def json_value(value: Any) -> Any:
    """A JSON-safe, size-capped rendering of one database value."""
    if value is None or isinstance(value, (bool, int)):
        return value
    if isinstance(value, float):
        return value if value == value and abs(value) != float("inf") else str(value)
    if isinstance(value, decimal.Decimal):
        return str(value)
    if isinstance(value, (dt.datetime, dt.date, dt.time)):
        return value.isoformat()
    if isinstance(value, (dt.timedelta, uuid.UUID)):
        return str(value)
    if isinstance(value, (bytes, bytearray, memoryview)):
        raw = bytes(value)
        return f"\\x{raw[:32].hex()}" + ("…" if len(raw) > 32 else "")
    if isinstance(value, (list, tuple)):
        return [json_value(v) for v in value[:50]]
    if isinstance(value, dict):
        text = str(value)
        if len(text) <= MAX_VALUE_CHARS:
            return {str(k): json_value(v) for k, v in value.items()}
        return text[:MAX_VALUE_CHARS] + "…"
    text = str(value)
    return text if len(text) <= MAX_VALUE_CHARS else text[:MAX_VALUE_CHARS] + "…"


@dataclass
class Rows:
    columns: list[str]
    rows: list[list[Any]]
    truncated: bool = False
    extra: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            **self.extra,
            "columns": self.columns,
            "rows": self.rows,
            "row_count": len(self.rows),
            "truncated": self.truncated,
        }


def _read_only(ctx: Context, timeout_ms: int, *, reader: bool = False) -> psycopg.Connection:
    """A connection as the role sandbox.toml's capabilities allow (ctx.db.agent(): the
    application or the read-only role, never a superuser; `reader`: the read-only role, as
    the TUI's row browser and SQL prompt read) whose transaction is READ ONLY, with a
    statement timeout; a snapshot is taken at once so that `SET TRANSACTION READ WRITE` in
    the caller's SQL is rejected."""
    ctx.require("read", "reading the sandbox")
    conn = ctx.db.reader(autocommit=False) if reader else ctx.db.agent(autocommit=False)
    conn.rollback()  # the guard's checks ran in a transaction; end it to set the mode
    conn.read_only = True
    conn.execute(sql.SQL("SET LOCAL statement_timeout = {}").format(sql.Literal(int(timeout_ms))))
    # a lock someone holds is named (waits.py) before the statement's own time runs out
    lock_ms = min(LOCK_TIMEOUT_MS, max(int(timeout_ms) - 500, 100))
    conn.execute(sql.SQL("SET LOCAL lock_timeout = {}").format(sql.Literal(lock_ms)))
    conn.execute("SELECT 1")
    return conn


def sample(ctx: Context, table: str, limit: int = 10) -> Rows:
    from workbench.distribution.review import resolve_table

    tbl = resolve_table(ctx.schema(), table)
    limit = max(1, min(int(limit), MAX_SAMPLE_ROWS))
    what = f"sampling {tbl.qualified}"
    with blockers_named(ctx.guard.connect, what, statement_ms=DEFAULT_TIMEOUT_MS):
        return _sample(ctx, tbl, limit)


def _sample(ctx: Context, tbl: Any, limit: int) -> Rows:
    conn = _read_only(ctx, DEFAULT_TIMEOUT_MS)
    text = (
        sql.SQL("SELECT * FROM {} LIMIT {}")
        .format(sql.Identifier(tbl.schema, tbl.name), sql.Literal(limit))
        .as_string(conn)
    )
    try:
        with conn.cursor() as cur:
            # Long values are cut by the server, as for query(): a row is never huge.
            wrapped = _server_cut(conn, text)
            try:
                cur.execute(wrapped.statement if wrapped else text)
            except psycopg.errors.UndefinedTable:
                raise UsageError(
                    f"table {tbl.qualified} is not in the sandbox yet; run `workbench generate`."
                ) from None
            columns = wrapped.names if wrapped else [d.name for d in cur.description or []]
            rows = [
                [json_value(v) for v in (wrapped.unwrap(r)[0] if wrapped else r)]
                for r in cur.fetchall()
            ]
            estimate = conn.execute(
                "SELECT reltuples::bigint FROM pg_class WHERE oid = to_regclass(%s)",
                (sql.Identifier(tbl.schema, tbl.name).as_string(None),),
            ).fetchone()
    finally:
        conn.rollback()
        conn.close()
    extra = {"table": tbl.qualified, "limit": limit}
    if estimate and estimate[0] is not None and estimate[0] >= 0:
        extra["table_rows_estimate"] = int(estimate[0])
    return Rows(columns, rows, truncated=False, extra=extra)


def _raw_size(value: Any) -> int:
    if value is None or isinstance(value, (bool, int, float)):
        return 8
    if isinstance(value, (bytes, bytearray, memoryview)):
        return len(value)
    if isinstance(value, str):
        return len(value.encode("utf-8", "surrogatepass"))
    if isinstance(value, (list, tuple)):
        return sum(_raw_size(v) for v in value)
    return len(str(value))


@dataclass
class _ServerCut:
    """The user's query as a subquery whose long values the server cuts: each column of
    variable size comes with a second one, NULL unless the value was longer than
    MAX_VALUE_BYTES, then holding its first MAX_VALUE_CHARS characters."""

    statement: sql.Composed
    names: list[str]
    shadowed: list[bool]

    def unwrap(self, raw: tuple[Any, ...]) -> tuple[list[Any], int]:
        values: list[Any] = []
        cut = 0
        pos = 0
        for shadow in self.shadowed:
            value = raw[pos]
            pos += 1
            if shadow:
                head = raw[pos]
                pos += 1
                if head is not None:
                    value = f"{head}…"
                    cut += 1
            values.append(value)
        return values, cut


def _server_cut(conn: psycopg.Connection, text: str) -> _ServerCut | None:
    """For a SELECT, WITH, VALUES or TABLE statement: the same statement wrapped so that the
    server cuts long values (one planning round trip to learn the columns). None for other
    statements, or when the statement cannot be a subquery (it then runs as written)."""
    from workbench.access.sqlcheck import statement_body

    body, first = statement_body(text)
    if first not in ("select", "with", "values", "table"):
        return None
    inner = sql.SQL("(") + sql.SQL(body) + sql.SQL("\n)")  # a trailing -- comment ends here
    try:
        with conn.transaction(), conn.cursor() as probe:
            probe.execute(sql.SQL("SELECT * FROM {} AS q LIMIT 0").format(inner))
            described = [(d.name, d.type_code) for d in probe.description or []]
            if not described:
                return None
            sizes: dict[int, int] = dict(
                probe.execute(
                    "SELECT oid, typlen FROM pg_catalog.pg_type WHERE oid = ANY(%s)",
                    ([oid for _, oid in described],),
                ).fetchall()
            )
    except psycopg.Error:
        return None
    aliases = [sql.Identifier(f"c{i}") for i in range(len(described))]
    items: list[sql.Composable] = []
    shadowed: list[bool] = []
    for (_, oid), alias in zip(described, aliases, strict=True):
        column = sql.SQL("q.{}").format(alias)
        if sizes.get(oid, -1) > 0:
            items.append(column)
            shadowed.append(False)
            continue
        long = sql.SQL("octet_length({}::text) > {}").format(column, sql.Literal(MAX_VALUE_BYTES))
        items.append(sql.SQL("CASE WHEN {} THEN NULL ELSE {} END").format(long, column))
        items.append(
            sql.SQL("CASE WHEN {} THEN left({}::text, {}) END").format(
                long, column, sql.Literal(MAX_VALUE_CHARS)
            )
        )
        shadowed.append(True)
    statement = sql.SQL("SELECT {} FROM {} AS q({})").format(
        sql.SQL(", ").join(items), inner, sql.SQL(", ").join(aliases)
    )
    return _ServerCut(statement, [name for name, _ in described], shadowed)


def query(
    ctx: Context,
    text: str,
    limit: int = 100,
    timeout_ms: int = DEFAULT_TIMEOUT_MS,
    *,
    max_bytes: int = MAX_RESULT_BYTES,
    max_output_bytes: int = MAX_OUTPUT_BYTES,
    reader: bool = False,
) -> Rows:
    """Run one SQL statement in a READ ONLY transaction that is always rolled back, as the
    role the capabilities allow (`reader`: the read-only role). The statement is checked
    before it is sent (access/sqlcheck.py); rows are fetched one at a time and the result is cut at
    `limit` rows, `max_bytes` bytes received or `max_output_bytes` bytes rendered, whichever
    comes first."""
    if not text.strip():
        raise UsageError("the query is empty.")
    check_read_only(text)
    limit = max(1, min(int(limit), MAX_QUERY_ROWS))
    timeout_ms = max(100, min(int(timeout_ms), 60_000))
    conn = _read_only(ctx, timeout_ms, reader=reader)
    rows: list[list[Any]] = []
    received = rendered = values_cut = 0
    cut_by: str | None = None
    try:
        with conn.cursor() as cur:
            try:
                # stream() uses the extended protocol, which refuses a string of several
                # statements (so no "COMMIT; …" escapes the read-only transaction), and
                # fetches row by row: each row is rendered (long values cut) and dropped,
                # so what is held is one row, never the whole result.
                wrapped = _server_cut(conn, text)
                statement = wrapped.statement if wrapped else text
                for raw in cur.stream(statement):
                    if len(rows) >= limit:
                        cut_by = "rows"
                        break
                    row, cut_here = wrapped.unwrap(raw) if wrapped else (raw, 0)
                    size = sum(_raw_size(v) for v in raw)
                    out = [json_value(v) for v in row]
                    values_cut += cut_here + sum(
                        1
                        for v, o in zip(row, out, strict=True)
                        if isinstance(o, str) and o.endswith("…") and o != v
                    )
                    received += size
                    rendered += len(json.dumps(out, default=str).encode())
                    if rows and rendered > max_output_bytes:
                        cut_by = "bytes"
                        break
                    rows.append(out)
                    if received > max_bytes or rendered > max_output_bytes:
                        cut_by = "bytes"
                        break
            except psycopg.Error as err:
                raise _query_error(ctx, err, timeout_ms) from None
            if cur.description is None:
                return Rows([], [], extra={"status": cur.statusmessage, "limit": limit})
            columns = wrapped.names if wrapped else [d.name for d in cur.description]
    finally:
        if not conn.closed:
            try:
                conn.rollback()
            finally:
                conn.close()
    extra: dict[str, Any] = {"limit": limit, "bytes_received": received}
    if cut_by is not None:
        extra["truncated_by"] = cut_by
    if values_cut:
        extra["values_cut"] = values_cut
    return Rows(columns, rows, truncated=cut_by is not None or values_cut > 0, extra=extra)


def _query_error(ctx: Context, err: psycopg.Error, timeout_ms: int) -> WorkbenchError:
    """What the agent is told when the server refused or failed its query (redacted)."""
    if isinstance(err, psycopg.errors.ReadOnlySqlTransaction):
        return QueryRefused(f"the sandbox query tool is read-only: {_first_line(err)}")
    if isinstance(err, psycopg.errors.InsufficientPrivilege):
        return QueryRefused(
            f"the sandbox's role may not do that: {ctx.guard.redact(_first_line(err))}"
        )
    if isinstance(err, psycopg.errors.LockNotAvailable):
        return SandboxLocked(lock_message(ctx.guard.connect, "the query"))
    if isinstance(err, psycopg.errors.QueryCanceled):
        return DatabaseError(
            f"the query ran longer than its {timeout_ms} ms statement timeout.",
            title="query timed out",
        )
    message = ctx.guard.redact(_first_line(err))
    if "read-only" in message or "read only" in message:
        return QueryRefused(message)
    if "multiple commands" in message:
        return QueryRefused("one statement at a time, please.")
    if "didn't produce a result" in message:
        return QueryRefused(
            "only statements that return rows (SELECT, WITH, VALUES, TABLE, SHOW, "
            "EXPLAIN) are allowed."
        )
    return DatabaseError(message, title="query failed")


def _first_line(err: BaseException) -> str:
    return (str(err).strip().splitlines() or [type(err).__name__])[0]


# --- column policy ----------------------------------------------------------------------------

_OVERRIDE_PARAMS = {"values", "weights", "range", "null_fraction", "unique"}


def classify(ctx: Context) -> list[dict[str, Any]]:
    """Every column's generator decision, with whether sandbox.toml records one."""
    from workbench.generate.load.rules_view import row_rules
    from workbench.generate.plan.classify import classify as classify_columns
    from workbench.generate.plan.roles import role_of
    from workbench.generate.plan.tables import loads_from_file

    schema = ctx.schema()
    rules = row_rules(schema, ctx.plan(), ctx.config)
    out = []
    for table, column, decision in classify_columns(schema, ctx.config):
        recorded = column in ctx.config.table(table).columns
        item = {"table": table, "column": column, **decision.to_dict(), "recorded": recorded}
        item["rules"] = rules.get((table, column), [])
        model = schema.tables.get(table)
        if model is not None:  # the table's role: reference (its natural size), entity, event
            role = role_of(schema, model, ctx.config)
            item["role"] = {"kind": role.kind, "natural_rows": role.natural, "why": role.why}
        if model is not None and loads_from_file(model, ctx.config):
            # nothing is generated: the table holds the rows schema.sql carries
            item["from_schema_sql"] = model.file_rows
        out.append(item)
    return out


def override_for(decision: dict[str, Any]) -> dict[str, Any]:
    """The sandbox.toml entry that pins a decision: its generator, the options sandbox.toml
    has keys for, and any other parameter (a CHECK's pattern, a sequence's start) in
    `params`."""
    params = decision.get("params") or {}
    entry: dict[str, Any] = {"generator": decision["generator"]}
    extra = {k: v for k, v in params.items() if k not in _OVERRIDE_PARAMS}
    if extra:
        entry["params"] = extra
    if params.get("values") is not None:
        values = list(params["values"])
        weights = params.get("weights")
        entry["values"] = (
            {str(v): float(w) for v, w in zip(values, weights, strict=True)} if weights else values
        )
    if params.get("range") is not None:
        entry["range"] = list(params["range"])
    if "null_fraction" in params:
        entry["null_fraction"] = float(params["null_fraction"])
    if params.get("unique"):
        entry["unique"] = True
    return entry


def _unrecordable(item: dict[str, Any]) -> bool:
    # Generated columns get no values of their own; "error" needs a human decision first.
    return item["generator"] in ("server", "error") or bool(item.get("from_schema_sql"))


def write_decisions(ctx: Context) -> tuple[list[dict[str, Any]], Config | None]:
    """Record every unrecorded column's decision in sandbox.toml, in one validated atomic
    write that keeps the rest of the file as written (config_edit, as the TUI's edits).
    Returns the entries written and the config as saved (None when nothing was written)."""
    from workbench.edit.toml import Edit, save_edit

    items = classify(ctx)
    todo = [i for i in items if not i["recorded"] and not _unrecordable(i)]
    if not todo:
        return [], None
    edits = [Edit(i["table"], column=i["column"], changes=override_for(i)) for i in todo]
    return todo, save_edit(ctx.config, edits, ctx.schema())


def check(ctx: Context) -> dict[str, Any]:
    """The CI gate: columns of schema.sql with no decision recorded in sandbox.toml."""
    items = classify(ctx)
    problems = []
    for item in items:
        if item["generator"] == "server" or item.get("from_schema_sql"):
            continue
        if item["generator"] == "error":
            problems.append({**_ref(item), "problem": "no generator", "message": item["reason"]})
        elif not item["recorded"]:
            problems.append(
                {
                    **_ref(item),
                    "problem": "unrecorded",
                    "suggested": override_for(item),
                    "reason": item["reason"],
                }
            )
    from workbench.generate.plan.personal import exposures
    from workbench.stats.load import load_statistics

    exposed = [
        e.to_dict() for e in exposures(load_statistics(ctx.config), ctx.schema(), ctx.config)
    ]
    report: dict[str, Any] = {
        "ok": not problems and not exposed,
        "columns": len(items),
        "problems": problems,
    }
    if exposed:  # personal columns whose statistics carry values (workbench stats scrub)
        report["personal_statistics"] = exposed
    return report


def _ref(item: dict[str, Any]) -> dict[str, Any]:
    return {"table": item["table"], "column": item["column"]}


# --- what the TUI shows beside the schema tree ------------------------------------------------


@dataclass
class ErrorDecision:
    """Stands in for a column's decision when inference fails (the column is still shown)."""

    reason: str
    generator: str = "error"
    declared: bool = False
    params: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {**self.__dict__}


def column_decisions(ctx: Context, describe: Any = str) -> dict[tuple[str, str], Any]:
    """Every column's generator decision, keyed by (table, column); a column whose inference
    fails gets an `ErrorDecision` saying why (`describe(err)`), so one odd column never hides
    the others."""
    from workbench.generate.kinds.semantics import decide_column

    schema = ctx.schema()
    decisions: dict[tuple[str, str], Any] = {}
    for table in schema.tables.values():
        for column in table.columns:
            try:
                decisions[(table.qualified, column.name)] = decide_column(
                    schema, table, column, ctx.config
                )
            except Exception as err:
                decisions[(table.qualified, column.name)] = ErrorDecision(describe(err))
    return decisions


def row_counts(ctx: Context) -> dict[str, int | None]:
    """Exact row counts of the schema's tables in the sandbox (None: the table is absent or
    the read-only role may not read it), read as the read-only role: a table may have become
    a view over a function an agent planted, and the TUI counts whenever it opens."""
    counts: dict[str, int | None] = {}
    with ctx.db.reading("counting the sandbox's rows") as conn:
        for table in ctx.schema().tables.values():
            ident = sql.Identifier(table.schema, table.name)
            exists = conn.execute(
                "SELECT pg_catalog.to_regclass(%s) IS NOT NULL", (ident.as_string(None),)
            ).fetchone()
            if not (exists and exists[0]):
                counts[table.qualified] = None
                continue
            try:
                row = conn.execute(
                    sql.SQL("SELECT pg_catalog.count(*) FROM {}").format(ident)
                ).fetchone()
            except psycopg.errors.InsufficientPrivilege:
                counts[table.qualified] = None
                continue
            counts[table.qualified] = int(row[0]) if row else None
    return counts
