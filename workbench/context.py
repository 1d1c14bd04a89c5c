"""What an operation needs, passed explicitly: the context every operation module takes.

`Engine` (the facade) builds one `Context` per sandbox.toml; an operation (build, reset,
doctor, explore, distribution…) receives it and never the engine. It holds:

- `config` and `guard` (the sandbox-only rule every connection goes through);
- `source`: schema.sql parsed into the model and the plan built from it (cached by the file's
  size and time, so a change of config keeps the parse);
- `db`: the embedded server and the connection factory (the administrator's own sessions,
  the application and read-only roles);
- per call: the event sink and the cancel token; per run: the sandbox's lock and the evidence
  run (`runs.operation()` returns a context bound to them, which nested steps receive).

A context is never changed in place: `for_call()` and `in_run()` return new ones.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import psycopg

from workbench.config import MAX_ROWS, Config
from workbench.errors import (
    CapabilityRefusal,
    ConfigError,
    DatabaseError,
    SchemaParseError,
    UsageError,
)
from workbench.events import CancelToken, EventSink, ignore
from workbench.guard import Guard, Target
from workbench.server import EmbeddedServer
from workbench.state import atomic_write_json, read_json

if TYPE_CHECKING:
    from workbench.evidence import EvidenceRun
    from workbench.generate.estimate import Estimate, Throughput
    from workbench.generate.plan import Plan
    from workbench.lock import SandboxLock
    from workbench.roles import RoleStatus
    from workbench.schema.model import Schema
    from workbench.schema.parse import ParsedFile

MAX_SEED = 2**63 - 1


def check_rows(rows: Any, what: str = "rows") -> int | None:
    """Rows per table asked for by a front end (CLI, MCP, API): a whole number from 0 to
    MAX_ROWS, checked before anything is touched."""
    if rows is None:
        return None
    if isinstance(rows, bool) or not isinstance(rows, int):
        raise UsageError(f"{what} must be a whole number of rows per table, got {rows!r}.")
    if not 0 <= rows <= MAX_ROWS:
        raise UsageError(f"{what} must be between 0 and {MAX_ROWS:,} rows per table, got {rows:,}.")
    return rows


def check_seed(seed: Any) -> int | None:
    if seed is None:
        return None
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise UsageError(f"seed must be a whole number from 0 to 2**63 - 1, got {seed!r}.")
    return seed


def _refuse_unreadable(parsed: ParsedFile, path: Path) -> None:
    """A schema file that cannot mean what it says is bad input (exit 2), never "0 rows":
    one with no statement at all, or a quote, dollar quote or comment left open (the rest of
    the file would silently vanish into it)."""
    if not parsed.statements:
        raise SchemaParseError(
            f"{path}:1: holds no SQL statement (it is empty, or only comments or psql "
            "meta-commands): expected the schema's DDL, such as `pg_dump --schema-only` "
            "output or CREATE TABLE statements."
        )
    for error in parsed.schema.errors:
        if "unterminated" in error.reason:
            raise SchemaParseError(
                f"{error.reason}: it is never closed, so the rest of the file would be "
                "read as part of it. Close it (a ' or \" quote, a $tag$ … $tag$ body, or a "
                "/* comment), then run again."
            )


class _ParseCache:
    """schema.sql parsed once per (path, size, time): shared by the sources of one engine
    across config changes."""

    def __init__(self) -> None:
        self.stamp: tuple[str, int, int] | None = None
        self.parsed: ParsedFile | None = None


class SchemaSource:
    """schema.sql → model → plan → estimate, for one config (no database needed)."""

    def __init__(self, config: Config, cache: _ParseCache | None = None) -> None:
        self.config = config
        self._cache = cache or _ParseCache()

    def with_config(self, config: Config) -> SchemaSource:
        return SchemaSource(config, self._cache)

    @property
    def cache_dir(self) -> Path:
        """Where value pools are kept between processes (.workbench/cache)."""
        return self.config.state_dir / "cache"

    def parsed(self) -> ParsedFile:
        """schema.sql parsed into the model (cached while the file is unchanged)."""
        from workbench.schema.parse import parse_schema_file

        path = self.config.schema_path
        if not path.is_file():
            raise ConfigError(
                f"{self.config.path}: key sandbox.schema: expected a schema file, and "
                f"{path} does not exist."
            )
        st = path.stat()
        stamp = (str(path), st.st_mtime_ns, st.st_size)
        if self._cache.parsed is None or self._cache.stamp != stamp:
            parsed = parse_schema_file(path)
            _refuse_unreadable(parsed, path)
            self._cache.stamp, self._cache.parsed = stamp, parsed
        assert self._cache.parsed is not None
        return self._cache.parsed

    def schema(self) -> Schema:
        return self.parsed().schema

    def needed_extensions(self) -> list[str]:
        """The extensions schema.sql creates (and ICU when it uses ICU collations), which
        choose the embedded server's binaries; remembered in .workbench by the file's size
        and time, so starting the server does not parse the file again. A file that cannot
        be read needs none (applying it will report the problem)."""
        from workbench.errors import WorkbenchError
        from workbench.pg_binaries import schema_needs

        path = self.config.schema_path
        try:
            st = path.stat()
        except OSError:
            return []
        stamp = [str(path), st.st_size, st.st_mtime_ns, 2]
        cache_path = self.config.state_dir / "extensions.json"
        cached = read_json(cache_path)
        if isinstance(cached, dict) and cached.get("stamp") == stamp:
            return list(cached.get("extensions", []))
        try:
            needs = schema_needs(self.parsed())
        except WorkbenchError:
            return []
        atomic_write_json(cache_path, {"stamp": stamp, "extensions": needs})
        return needs

    def plan(self, *, rows: int | None = None, seed: int | None = None) -> Plan:
        from workbench.generate import pools
        from workbench.generate.config_check import check_config_against_schema
        from workbench.generate.declared_check import check_declared_rules
        from workbench.generate.plan import build_plan

        check_rows(rows)
        check_seed(seed)
        # The pools a plan's values come from are kept on disk beside this sandbox.
        pools.use_cache_dir(self.cache_dir)
        schema = self.schema()
        check_config_against_schema(self.config, schema)
        plan = build_plan(schema, self.config, rows=rows, seed=seed)
        # declared row rules refused here, before a generate drops anything
        check_declared_rules(schema, plan, self.config)
        return plan

    def throughput(self) -> Throughput:
        from workbench.generate.estimate import Throughput

        return Throughput.load(self.config.state_dir)

    def estimate(self, *, rows: int | None = None) -> Estimate:
        """Rows, bytes and seconds per table from schema and config alone (no database)."""
        from workbench.generate.estimate import estimate

        return estimate(
            self.schema(), self.plan(rows=rows), self.throughput(), cache_dir=self.cache_dir
        )


class Connections:
    """The embedded server and every connection to the sandbox, all through the guard."""

    def __init__(self, config: Config, guard: Guard, source: SchemaSource) -> None:
        self.config = config
        self.guard = guard
        self._source = source
        self._roles: RoleStatus | None = None  # once prepared on these connections

    @property
    def embedded(self) -> bool:
        return self.config.sandbox.embedded

    @property
    def server(self) -> EmbeddedServer:
        return EmbeddedServer(self.config, extensions=self._source.needed_extensions)

    def ensure_server(self) -> None:
        """Start the embedded cluster when it is the target (a no-op otherwise)."""
        if self.embedded:
            self.server.start()

    def database_exists(self) -> bool:
        with self.guard.connect(maintenance=True) as conn:
            row = conn.execute(
                "SELECT 1 FROM pg_database WHERE datname = %s", (self.config.sandbox.name,)
            ).fetchone()
            return row is not None

    def admin(self, *, autocommit: bool = True) -> psycopg.Connection[Any]:
        """The administrator's connection with the usual search path ("$user", public), for
        the developer's own scripts. The workbench's own SQL uses `guard.connect()`."""
        from workbench.schema.apply import FILE_SEARCH_PATH

        self.ensure_server()
        conn = self.guard.connect(autocommit=autocommit)
        conn.execute(FILE_SEARCH_PATH)
        if not autocommit:
            conn.commit()
        return conn

    def remember_roles(self, state: RoleStatus) -> None:
        """The roles a build or a clone just set up (so the next login need not check)."""
        self._roles = state

    def prepare_roles(self, *, reset_passwords: bool = False) -> RoleStatus:
        """Create or repair the sandbox's application and read-only roles and their grants
        (`.available` is False when the DSN's role cannot make them)."""
        from workbench import roles

        self.ensure_server()
        if self.database_exists():
            with self.guard.connect() as conn:
                state = roles.ensure_roles(conn, self.config, reset_passwords=reset_passwords)
                roles.grant_database(conn, self.config)
        else:
            with self.guard.connect(maintenance=True) as conn:
                state = roles.ensure_roles(conn, self.config, reset_passwords=reset_passwords)
        self._roles = state
        return state

    def agent(self, *, autocommit: bool = True) -> psycopg.Connection[Any]:
        """For what an agent runs (query, sample): the application role when sandbox.toml
        grants `write`, else the read-only role; never the workbench's own superuser."""
        from workbench import roles

        kind = roles.kind_for_capabilities(self.config.sandbox.capabilities)
        return self._as_role(kind, autocommit=autocommit)

    def reader(self, *, autocommit: bool = True) -> psycopg.Connection[Any]:
        """For the workbench's own reads of the sandbox's data (doctor, dist, row counts):
        the read-only role, never the superuser. What it reads may be a view, a function or
        an operator an agent planted; run as the superuser it could reach the host."""
        from workbench import roles

        return self._as_role(roles.READ, autocommit=autocommit)

    def _as_role(self, kind: str, *, autocommit: bool = True) -> psycopg.Connection[Any]:
        from workbench import roles

        self.ensure_server()
        state = self._roles if self._roles is not None else self.prepare_roles()
        if not state.available:
            conn = self.guard.connect(autocommit=autocommit)
            try:
                self.guard.verify_role(conn, state.admin)
            except BaseException:
                conn.close()
                raise
            return conn
        role = state.roles.name(kind)
        passfile = str(roles.passfile(self.config, kind))
        try:
            return self.guard.connect(autocommit=autocommit, role=role, passfile=passfile)
        except DatabaseError:
            # The passfile and the server disagree (a role altered or a file lost): set a
            # new password once, then try again.
            self.prepare_roles(reset_passwords=True)
            return self.guard.connect(autocommit=autocommit, role=role, passfile=passfile)


@dataclass(frozen=True)
class Context:
    """What an operation needs (see the module docstring)."""

    config: Config
    guard: Guard
    source: SchemaSource
    db: Connections
    events: EventSink = ignore
    cancel: CancelToken | None = None
    lock: SandboxLock | None = None
    evidence: EvidenceRun | None = None
    lock_wait: float | None = None  # seconds to wait for another process's lock

    @classmethod
    def build(cls, config: Config, *, cli_dsn: str | None = None) -> Context:
        guard = Guard(config, cli_dsn=cli_dsn)
        source = SchemaSource(config)
        return cls(config, guard, source, Connections(config, guard, source))

    def with_config(self, config: Config, *, cli_dsn: str | None = None) -> Context:
        """The same sandbox under a changed config: guard, connections and plan all follow
        it (the parse of schema.sql is kept while the file is unchanged)."""
        guard = Guard(config, cli_dsn=cli_dsn)
        source = self.source.with_config(config)
        return replace(
            self, config=config, guard=guard, source=source, db=Connections(config, guard, source)
        )

    def for_call(self, events: EventSink = ignore, cancel: CancelToken | None = None) -> Context:
        return replace(self, events=events, cancel=cancel)

    def in_run(self, lock: SandboxLock, evidence: EvidenceRun) -> Context:
        return replace(self, lock=lock, evidence=evidence)

    # --- shorthands for what every operation asks --------------------------------------------

    @property
    def embedded(self) -> bool:
        return self.config.sandbox.embedded

    @property
    def state_dir(self) -> Path:
        return self.config.state_dir

    def target(self) -> Target:
        return self.guard.target()

    def require(self, capability: str, action: str) -> None:
        if capability not in self.config.sandbox.capabilities:
            raise CapabilityRefusal(
                f"{action} needs the {capability!r} capability, and sandbox.toml grants only "
                f"{', '.join(self.config.sandbox.capabilities) or 'none'} "
                "(key sandbox.capabilities)."
            )

    def schema(self) -> Schema:
        return self.source.schema()

    def plan(self, *, rows: int | None = None, seed: int | None = None) -> Plan:
        return self.source.plan(rows=rows, seed=seed)
