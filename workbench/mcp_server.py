"""`workbench mcp`: the sandbox as a Model Context Protocol server over stdio.

An agent gets the whole loop — introspect, estimate, generate, sample, query, reset — and never
a DSN: the server is bound to the one sandbox.toml it was started with, and no tool takes a
connection string or a host. Write tools are listed only when sandbox.toml's capabilities grant
them. `sample` and `query` connect as the sandbox's read-only role (its application role when
`write` is granted; access/roles.py), never the workbench's own; the statement is checked
before it is sent (access/sqlcheck.py). Outputs are summaries (samples and queries capped by
rows and bytes), passed through the guard's redaction, so the password cannot reach the model
even inside an error message.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import Field

from workbench.engine import check_rows
from workbench.errors import UsageError, WorkbenchError, known_os_error, unexpected
from workbench.printable import capped
from workbench.rehearse.withheld import withhold_names

if TYPE_CHECKING:
    from mcp.server.mcpserver import MCPServer

    from workbench.engine import Engine

# Whole numbers only: JSON `true` or "12" is not a row count (pydantic would coerce them).
StrictInt = Annotated[int, Field(strict=True)]

MCP_SAMPLE_CAP = 50
MAX_ERROR_CHARS = 2000  # an error quoting a huge value or name reaches the agent cut
MCP_QUERY_CAP = 200
MCP_STATEMENT_TIMEOUT = 120.0  # seconds a rehearsed statement may run on the clone
# seconds an agent's rehearse or explain may keep its sessions on a clone, held from outside
# them (rehearse/deadline.py): its SQL can lift the statement timeout, not this
MCP_REHEARSE_LIMIT = 300.0

INSTRUCTIONS = """\
This server is one disposable PostgreSQL sandbox filled with synthetic data, or with a masked
seed (real rows whose personal values were masked before they were written); personal columns
come back masked again. Typical loop: `introspect` to learn the schema, `estimate` before
`generate`, `sample` and `query` (read-only, row-capped) to look at the data, `reset` to return
to the known state after you broke something; before proposing a migration, `rehearse` it
(locks, rewrites, timings on a throwaway clone) and `explain` the queries it affects. You
cannot choose the database: it is fixed by sandbox.toml."""


RUN_INSTRUCTIONS = """\
This server is bound to one run: a disposable copy of the sandbox's snapshot (synthetic data,
or a masked seed) of your own, with roles of its own, until its lease expires (`lease` says
when). Nobody else works in it: break it freely, and `reset` brings it back to the snapshot.
`introspect` and `estimate` describe the schema, `sample` and `query` read the run's rows
(read-only, row-capped). You cannot choose the database: it is fixed by the run."""


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
        raise ToolError(capped(engine.redact(f"{err.title}: {err}"), MAX_ERROR_CHARS)) from None
    except Exception as err:  # a tool error with the redacted text, never a traceback
        known = known_os_error(err)
        if known is not None:
            said = capped(engine.redact(f"{known.title}: {known}"), MAX_ERROR_CHARS)
            raise ToolError(said) from None
        message = capped(engine.redact(unexpected(err)), MAX_ERROR_CHARS)
        raise ToolError(f"unexpected error: {message}") from None


def schema_summary(engine: Engine, table: str | None = None) -> dict[str, Any]:
    """Tables with their keys (and, for one table, its columns): what an agent needs to write
    queries, without the whole DDL."""
    from workbench.distribution.review import resolve_table

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


URL_WITHHELD = (
    "a run's URL is direct SQL on the run's database: what it reads is not masked as sample "
    "and query mask personal columns, so an agent is given it only when the run has "
    "`personal` (and `read` or `write`); work in the run with `workbench mcp --run RUN_ID`, "
    "whose tools mask"
)


def agent_run(result: dict[str, Any]) -> dict[str, Any]:
    """A run's record as an agent may see it: its URL and passfile only when the run's own
    capabilities would show what the URL reads (attack22d D24: `runs` handed out a URL that
    read every row unmasked, `read` or not)."""
    caps = set(result.get("capabilities") or [])
    if result.get("database_url") and "personal" not in caps:
        return {**result, "database_url": None, "passfile": None, "url_withheld": URL_WITHHELD}
    return result


def build_server(engine: Engine, started: set[str] | None = None) -> MCPServer:
    """The server's tools, as sandbox.toml's capabilities (or the bound run's) allow; the
    runs its `run_start` makes are added to `started`."""
    from mcp.server.mcpserver import MCPServer
    from mcp_types import ToolAnnotations

    started = set() if started is None else started
    caps = set(engine.config.sandbox.capabilities)
    bound = engine.run_id is not None  # `workbench mcp --run ID`: the run's own tools only
    server: MCPServer = MCPServer(
        "sandbox-workbench",
        instructions=RUN_INSTRUCTIONS if bound else INSTRUCTIONS,
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

    def estimate(rows: StrictInt | None = None) -> dict[str, Any]:
        """Rows, bytes and seconds per table that `generate` would produce (no database
        needed). `rows` overrides the rows per table."""
        return _call(engine, lambda: engine.estimate(rows=check_rows(rows)).to_dict())

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

    def sample(table: str, limit: StrictInt = 10) -> dict[str, Any]:
        """A few rows of one table (at most 50), long values cut; personal columns come back
        masked again (`withheld` says how many values) unless sandbox.toml grants `personal`."""
        capped = min(max(limit, 1), MCP_SAMPLE_CAP)
        return _call(engine, lambda: engine.agent_rows.sample(table, capped))

    def query(sql: str, limit: StrictInt = 50) -> dict[str, Any]:
        """Run one read-only SQL statement (SELECT, WITH, VALUES, TABLE, SHOW, EXPLAIN) as
        the sandbox's own unprivileged role, in a READ ONLY transaction with a 5 s statement
        timeout, always rolled back. At most 200 rows and about 256 kB come back (`truncated`
        says when the result was cut); values over 200 characters are shortened. Columns read
        from a personal column come back masked again (`withheld` says how many values) unless
        sandbox.toml grants `personal`. Writes, several statements and functions that reach
        outside the database are refused."""
        return _call(
            engine, lambda: engine.agent_rows.query(sql, min(max(limit, 1), MCP_QUERY_CAP))
        )

    def generate(rows: StrictInt | None = None, seed: StrictInt | None = None) -> dict[str, Any]:
        """Rebuild the sandbox from schema.sql and fill it with synthetic rows (replaces its
        contents). `rows` overrides rows per table; `seed` makes a different data set."""
        return _call(engine, lambda: _agent_generate(engine, rows, seed))

    def reset() -> dict[str, Any]:
        """Return the sandbox to its last generated state (fast clone of the snapshot when
        it is still valid, otherwise a full rebuild)."""
        return _call(engine, lambda: _reset(engine))

    def rehearse(
        sql: str, scale: str | None = None, lock_threshold_seconds: float = 1.0
    ) -> dict[str, Any]:
        """Rehearse a migration before production runs it: `sql` (one migration file's text)
        is applied, after the project's pending migrations, to a throwaway clone of the
        snapshot (never the sandbox), statement by statement, as an unprivileged role. Each
        statement's duration, locks (mode, table, how long held), table rewrites, index
        builds, rows read and written and WAL are measured; findings (table-rewrite,
        blocking-index-build, validated-under-lock, volatile-default, long-lock,
        lock-queue-risk, and squawk's rules) come with the usual safe rewrite. `scale`:
        "production" to measure at the statistics' row counts (projected from smaller
        sizes when too big). Returns measurements and findings, never rows."""
        return _call(
            engine,
            lambda: _rehearsal(
                engine,
                engine.rehearse(
                    sql=sql,
                    scale=scale,
                    lock_threshold=lock_threshold_seconds,
                    timeout=MCP_STATEMENT_TIMEOUT,
                    agent_limit=MCP_REHEARSE_LIMIT,
                ),
            ),
        )

    def explain(queries: list[str], after_sql: str | None = None) -> dict[str, Any]:
        """Query plans under production's optimizer statistics: each query (SQL text, never a
        file path; SELECT, WITH, VALUES, TABLE, INSERT, UPDATE, DELETE, MERGE; never run) is
        planned on a throwaway
        clone of the snapshot with the project's statistics loaded; with `after_sql` (a
        migration's text) planned again after it, side by side. Returns each plan's shape,
        cost, estimated rows and indexes, and findings (plan-changed, query-broken, and the
        migration's own); never rows."""
        return _call(
            engine,
            lambda: _rehearsal(
                engine,
                engine.explain(
                    queries,
                    after_sql=after_sql,
                    timeout=MCP_STATEMENT_TIMEOUT,
                    agent_limit=MCP_REHEARSE_LIMIT,
                ),
            ),
        )

    def run_lease() -> dict[str, Any]:
        """This run's lease: its id, the snapshot it is a copy of (id, schema fingerprint),
        its capabilities, when it expires, and the URL an application uses for it (a passfile
        holds the password, never the URL)."""
        return _call(engine, lambda: agent_run(engine.run_lease()))

    def run_reset() -> dict[str, Any]:
        """Return this run to the sandbox's snapshot (its database is replaced by a fresh
        clone; sessions on it end). The run keeps its id, roles and URL."""
        return _call(engine, lambda: agent_run(engine.run_reset(str(engine.run_id))))

    server.add_tool(introspect, annotations=read_only)
    server.add_tool(estimate, annotations=read_only)
    if not bound:
        server.add_tool(doctor, annotations=read_only)
    server.add_tool(run_lease if bound else lease, name="lease", annotations=read_only)
    if "read" in caps:
        server.add_tool(sample, annotations=read_only)
        server.add_tool(query, annotations=read_only)
    # Write tools exist only when sandbox.toml (or the run) grants them: an agent cannot call
    # what it cannot see, and the engine refuses them anyway.
    if "write" in caps and not bound:
        server.add_tool(generate, annotations=destructive)
    if "reset" in caps:
        server.add_tool(run_reset if bound else reset, name="reset", annotations=destructive)
    if "runs" in caps and not bound:
        _add_run_tools(server, engine, started, destructive, read_only)
    if "migrate" in caps:
        # a clone of the snapshot is made and thrown away: the sandbox is not changed
        server.add_tool(rehearse, annotations=read_only)
        server.add_tool(explain, annotations=read_only)
    return server


def _add_run_tools(
    server: MCPServer, engine: Engine, started: set[str], destructive: Any, read_only: Any
) -> None:
    """run_start, run_end, run_list: an agent's own runs. `started` holds the runs this server
    started: only these may it end, and it ends them when it stops (their TTL reclaims them if
    it is killed)."""

    def run_start(capabilities: list[str] | None = None, ttl: str | None = None) -> dict[str, Any]:
        """Start a run of your own: a copy of the sandbox's snapshot in a database nobody
        else uses, with roles of its own, ready in about a second; break it freely. Returns
        its `run_id`, `database_url` (for your application: it names a passfile holding the
        password, never the password; only when the run has `personal` and `read` or
        `write`, as the URL reads unmasked), `expires` and the lease. `capabilities`: what the run
        may do, a part of the sandbox's (read, write, reset, migrate, personal); `ttl`: its
        lifetime, e.g. "30m" or "2h" (default: sandbox.toml's [runs] ttl). End it with
        `run_end` when you are done; this server ends its runs when it stops. To work inside
        one with tools, start `workbench mcp --run RUN_ID`."""

        def start() -> dict[str, Any]:
            result = engine.run_start(
                capabilities=capabilities, ttl=ttl, owner_pid=os.getpid(), by="mcp"
            )
            started.add(result["run_id"])
            return agent_run(result)

        return _call(engine, start)

    def run_end(run_id: str) -> dict[str, Any]:
        """End a run this server started: its database and roles are dropped, its lease
        removed. Runs started elsewhere are refused."""

        def end() -> dict[str, Any]:
            if run_id not in started:
                raise UsageError(
                    f"run {run_id[:40]!r} was not started by this server; it ends only its own "
                    "(run_list shows them)."
                )
            result = engine.run_end(run_id)
            started.discard(run_id)
            return result

        return _call(engine, end)

    def run_list() -> dict[str, Any]:
        """The runs this server started and still has: id, state, age, expiry, size."""

        def listed() -> dict[str, Any]:
            return {"runs": [agent_run(r) for r in engine.runs() if r["run_id"] in started]}

        return _call(engine, listed)

    server.add_tool(run_start, annotations=destructive)
    server.add_tool(run_end, annotations=destructive)
    server.add_tool(run_list, annotations=read_only)


def _rehearsal(engine: Engine, result: Any) -> dict[str, Any]:
    """A rehearsal for an agent: the measurements, findings and plan summaries (the server's
    full JSON plans and the report files' paths left out), every text with the emails it
    carries masked as `query` masks them (an error the agent's SQL filled with rows; without
    `read` the error texts were reduced to their condition already: rehearse/results.py)."""
    data: dict[str, Any] = result.to_dict()
    for compared in data.get("plans") or []:
        for side in ("before", "after"):
            if compared.get(side):
                compared[side].pop("plan", None)
    data.pop("reports", None)
    if "read" not in engine.config.sandbox.capabilities:
        # names its migration computed while it ran can carry rows (attack22d D4)
        data = withhold_names(data, _written_texts(engine, result, data))
    places: list[tuple[Any, Any]] = []
    _texts(data, places)
    masked = engine.agent_rows.texts([holder[key] for holder, key in places])
    for (holder, key), text in zip(places, masked, strict=True):
        holder[key] = text
    return data


def _written_texts(engine: Engine, result: Any, data: dict[str, Any]) -> list[str]:
    """What someone wrote, whose names an agent may see: schema.sql, the migrations' texts,
    the agent's queries."""
    texts = [m.text for m in result.migrations]
    texts += [str(p.get("query") or "") for p in data.get("plans") or []]
    with contextlib.suppress(OSError, UnicodeDecodeError):
        texts.append(engine.config.schema_path.read_text(encoding="utf-8"))
    return texts


def _texts(value: Any, places: list[tuple[Any, Any]]) -> None:
    """Where the strings of `value` (dicts and lists of them) are: (holder, key) pairs."""
    items = value.items() if isinstance(value, dict) else enumerate(value)
    for key, item in items:
        if isinstance(item, str):
            places.append((value, key))
        elif isinstance(item, (dict, list)):
            _texts(item, places)


def _agent_generate(engine: Engine, rows: Any, seed: Any) -> dict[str, Any]:
    """An agent's generate: `rows` at least 1 (0 would empty every table), and the whole
    plan within sandbox.toml's budget for agents, checked before anything is touched (the
    engine checks the types and the per-table bound)."""
    rows = check_rows(rows)
    if rows == 0:
        raise UsageError("rows must be at least 1 for generate (0 would empty every table).")
    budget = engine.config.generate.agent_max_rows
    total = engine.plan(rows=rows, seed=seed).total_rows
    if total > budget:
        raise UsageError(
            f"this generate would make {total:,} rows in all, more than the {budget:,} "
            f"{engine.config.path} allows an agent (key generate.agent_max_rows); nothing was "
            "changed. Ask for fewer rows per table, or ask the developer to raise the budget."
        )
    return engine.generate(rows=rows, seed=seed)


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
    """Serve over stdio until the client closes stdin; then end the runs this server started
    (a server killed outright leaves them to their TTL and `run gc`)."""
    started: set[str] = set()
    try:
        build_server(engine, started).run("stdio")
    finally:
        for run_id in sorted(started):
            with contextlib.suppress(Exception):
                engine.run_end(run_id)
