"""`workbench mcp`: the sandbox as a Model Context Protocol server over stdio.

An agent gets the whole loop — introspect, estimate, generate, sample, query, reset — and never
a DSN: the server is bound to the one sandbox.toml it was started with, and no tool takes a
connection string or a host. Write tools are listed only when sandbox.toml's capabilities grant
them. `sample` and `query` connect as the sandbox's read-only role (its application role when
`write` is granted; roles.py), never the workbench's own; the statement is checked before it is
sent (sqlcheck.py). Outputs are summaries (samples and queries capped by rows and bytes), passed
through the guard's redaction, so the password cannot reach the model even inside an error
message.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import Field

from workbench.errors import UsageError, WorkbenchError

if TYPE_CHECKING:
    from mcp.server.mcpserver import MCPServer

    from workbench.engine import Engine

# Whole numbers only: JSON `true` or "12" is not a row count (pydantic would coerce them).
StrictInt = Annotated[int, Field(strict=True)]

MCP_SAMPLE_CAP = 50
MCP_QUERY_CAP = 200

INSTRUCTIONS = """\
This server is one disposable PostgreSQL sandbox filled with synthetic data (no real person's
data). Typical loop: `introspect` to learn the schema, `estimate` before `generate`, `sample` and
`query` (read-only, row-capped) to look at the data, `reset` to return to the known state after
you broke something. You cannot choose the database: it is fixed by sandbox.toml."""


def _scrub(engine: Engine, value: Any) -> Any:
    """A JSON round trip through the guard's redaction: belt and braces for the password."""
    text = json.dumps(value, default=str)
    redacted = engine.redact(text)
    return value if redacted == text else json.loads(redacted)


def _call(engine: Engine, fn: Callable[[], Any]) -> Any:
    from mcp.server.mcpserver.exceptions import ToolError

    try:
        return _scrub(engine, fn())
    except WorkbenchError as err:
        raise ToolError(engine.redact(f"{err.title}: {err}")) from None
    except Exception as err:  # a tool error with the redacted text, never a traceback
        message = engine.redact(f"{type(err).__name__}: {err}")
        raise ToolError(f"unexpected error: {message}") from None


def schema_summary(engine: Engine, table: str | None = None) -> dict[str, Any]:
    """Tables with their keys (and, for one table, its columns): what an agent needs to write
    queries, without the whole DDL."""
    from workbench.distribution import resolve_table

    schema = engine.schema()
    if table is not None:
        t = resolve_table(schema, table)
        return {
            "table": t.qualified,
            "comment": t.comment,
            "columns": [
                {
                    "name": c.name,
                    "type": c.type.sql(),
                    "nullable": c.nullable,
                    **({"default": c.default.sql} if c.default is not None else {}),
                    **({"comment": c.comment} if c.comment else {}),
                }
                for c in t.columns
            ],
            "primary_key": t.primary_key.columns if t.primary_key else None,
            "unique": [[c or "(expression)" for c in u.columns] for u in t.uniques],
            "foreign_keys": [
                {
                    "columns": fk.columns,
                    "references": fk.ref_qualified,
                    "ref_columns": fk.ref_columns,
                }
                for fk in t.foreign_keys
            ],
            "checks": [c.expr.sql for c in t.checks],
        }
    return {
        "schema_file": engine.config.schema_path.name,
        "tables": [
            {
                "name": t.qualified,
                "columns": len(t.columns),
                "primary_key": t.primary_key.columns if t.primary_key else None,
                "references": sorted({fk.ref_qualified for fk in t.foreign_keys}),
            }
            for t in sorted(schema.tables.values(), key=lambda t: t.qualified)
            if not t.partition_of
        ],
        "enums": {e.qualified: e.labels for e in schema.enums.values()},
        "views": sorted(schema.views),
        "hint": "call introspect with table=NAME for that table's columns",
    }


def build_server(engine: Engine) -> MCPServer:
    from mcp.server.mcpserver import MCPServer
    from mcp_types import ToolAnnotations

    caps = set(engine.config.sandbox.capabilities)
    server: MCPServer = MCPServer(
        "sandbox-workbench",
        instructions=INSTRUCTIONS,
        log_level="WARNING",
    )
    read_only = ToolAnnotations(read_only_hint=True, open_world_hint=False)
    destructive = ToolAnnotations(
        read_only_hint=False, destructive_hint=True, idempotent_hint=True, open_world_hint=False
    )

    def introspect(table: str | None = None) -> dict[str, Any]:
        """The sandbox's schema (from schema.sql): every table with its key and the tables
        it references; with `table`, that table's columns, keys and checks."""
        return _call(engine, lambda: schema_summary(engine, table))

    def estimate(rows: int | None = None) -> dict[str, Any]:
        """Rows, bytes and seconds per table that `generate` would produce (no database
        needed). `rows` overrides the rows per table."""
        return _call(engine, lambda: engine.estimate(rows=rows).to_dict())

    def doctor() -> dict[str, Any]:
        """Read-only health checks of the sandbox, each pass/warn/fail with a fix."""

        def run() -> dict[str, Any]:
            checks = engine.doctor()
            return {"ok": not any(c["status"] == "fail" for c in checks), "checks": checks}

        return _call(engine, run)

    def lease() -> dict[str, Any]:
        """The sandbox's identity and provenance: sandbox and run id, schema fingerprint,
        seed, snapshot, capabilities, created and expiry times."""
        return _call(engine, lambda: _lease(engine))

    def sample(table: str, limit: int = 10) -> dict[str, Any]:
        """A few rows of one table (at most 50), long values cut."""
        return _call(engine, lambda: engine.sample(table, min(max(limit, 1), MCP_SAMPLE_CAP)))

    def query(sql: str, limit: int = 50) -> dict[str, Any]:
        """Run one read-only SQL statement (SELECT, WITH, VALUES, TABLE, SHOW, EXPLAIN) as
        the sandbox's own unprivileged role, in a READ ONLY transaction with a 5 s statement
        timeout, always rolled back. At most 200 rows and about 256 kB come back (`truncated`
        says when the result was cut); values over 200 characters are shortened. Writes,
        several statements and functions that reach outside the database are refused."""
        return _call(engine, lambda: engine.query(sql, min(max(limit, 1), MCP_QUERY_CAP)))

    def generate(rows: StrictInt | None = None, seed: StrictInt | None = None) -> dict[str, Any]:
        """Rebuild the sandbox from schema.sql and fill it with synthetic rows (replaces its
        contents). `rows` overrides rows per table; `seed` makes a different data set."""
        return _call(engine, lambda: engine.generate(rows=_agent_rows(rows), seed=seed))

    def reset() -> dict[str, Any]:
        """Return the sandbox to its last generated state (fast clone of the snapshot when
        it is still valid, otherwise a full rebuild)."""
        return _call(engine, lambda: _reset(engine))

    server.add_tool(introspect, annotations=read_only)
    server.add_tool(estimate, annotations=read_only)
    server.add_tool(doctor, annotations=read_only)
    server.add_tool(lease, annotations=read_only)
    if "read" in caps:
        server.add_tool(sample, annotations=read_only)
        server.add_tool(query, annotations=read_only)
    # Write tools exist only when sandbox.toml grants them: an agent cannot call what it
    # cannot see, and the engine refuses them anyway.
    if "write" in caps:
        server.add_tool(generate, annotations=destructive)
    if "reset" in caps:
        server.add_tool(reset, annotations=destructive)
    return server


def _agent_rows(rows: Any) -> int | None:
    """An agent's `rows` for generate: at least 1 (0 would empty every table), checked
    before anything is touched; the engine checks the type and the upper bound."""
    from workbench.engine import check_rows

    rows = check_rows(rows)
    if rows == 0:
        raise UsageError("rows must be at least 1 for generate (0 would empty every table).")
    return rows


def _to_dict(value: Any) -> Any:
    if hasattr(value, "to_dict"):
        return value.to_dict()
    return value


def _lease(engine: Engine) -> dict[str, Any]:
    lease_fn = getattr(engine, "lease", None)
    if lease_fn is None:
        raise WorkbenchError("this workbench has no lease support yet.")
    result = _to_dict(lease_fn())
    return result if isinstance(result, dict) else {"lease": result}


def _reset(engine: Engine) -> dict[str, Any]:
    reset_fn = getattr(engine, "reset", None)
    if reset_fn is None:
        raise WorkbenchError("this workbench has no reset support yet.")
    result = _to_dict(reset_fn())
    return result if isinstance(result, dict) else {"result": result}


def serve(engine: Engine) -> None:
    """Serve over stdio until the client closes stdin."""
    build_server(engine).run("stdio")
