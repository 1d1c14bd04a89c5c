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

import contextlib
from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import psycopg

from workbench.access.guard import Guard
from workbench.access.roles import OWNER
from workbench.config.file import MAX_ROWS, MAX_SEED, MISSING_EXTENSIONS, Config
from workbench.errors import (
    CapabilityRefusal,
    ConfigError,
    LoginRefused,
    SchemaParseError,
    UsageError,
    WorkbenchError,
)
from workbench.events import CancelToken, EventSink, ignore
from workbench.files.held_passwords import remember_passfiles
from workbench.files.kinds import not_a_file
from workbench.files.state import SNAPSHOT_FILE, atomic_write_json, read_json
from workbench.postgres.sources import need_places
from workbench.records.lease import LEASE_FILE
from workbench.schema import left_out
from workbench.schema.apply import FILE_SEARCH_PATH
from workbench.schema.parse.statements import NOT_SQL
from workbench.server.cluster import EmbeddedServer
from workbench.trust import checkout as trust
from workbench.trust.target import Target
from workbench.waits import READ_SETTINGS, READ_TIMEOUT_MS, blockers_named

if TYPE_CHECKING:
    from workbench.access.lock import SandboxLock
    from workbench.access.roles import RoleStatus
    from workbench.access.run_lease import RunLease
    from workbench.generate.plan.estimate import Estimate, Throughput
    from workbench.generate.plan.estimate_phases import RunShape
    from workbench.generate.plan.tables import Plan
    from workbench.records.evidence import EvidenceRun
    from workbench.schema.model import Schema
    from workbench.schema.parse import ParsedFile

GAPS_FILE = "server-gaps.json"  # what the server lacks of schema.sql (schema/left_out.py)


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
    stray = [e for e in parsed.schema.errors if NOT_SQL in e.reason]
    if stray:
        more = f" ({len(stray) - 1} more statement(s) like it)" if len(stray) > 1 else ""
        raise SchemaParseError(
            f"{stray[0].reason}{more}. {path.name} is not SQL there: expected the schema's "
            "DDL, such as `pg_dump --schema-only` output or CREATE TABLE statements. Fix "
            "that line (or point [sandbox] schema at the right file), then run again."
        )
    for error in parsed.schema.errors:
        if "unterminated" in error.reason:
            raise SchemaParseError(
                f"{error.reason}: it is never closed, so the rest of the file would be "
                "read as part of it. Close it (a ' or \" quote, a $tag$ … $tag$ body, or a "
                "/* comment), then run again."
            )
    for key, table in parsed.schema.tables.items():
        # `"."`, `".."`, `"a.b"` as a schema: schema.table cannot be split back (a KeyError)
        if "." in table.schema or not table.schema or key != table.qualified:
            raise SchemaParseError(
                f"{path}: table {table.name!r} is in a schema whose name holds a dot (it "
                f"reads as {key!r}): the workbench names tables schema.table and cannot tell "
                "where such a schema's name ends. Rename the schema (no '.' in its name), "
                "then run again."
            )


class _ParseCache:
    """schema.sql parsed once per (path, size, time): shared by the sources of one engine
    across config changes; and read again without what needs a missing extension, once per
    server answer (schema/left_out.py)."""

    def __init__(self) -> None:
        self.stamp: tuple[str, int, int] | None = None
        self.parsed: ParsedFile | None = None
        self.reduced_key: Any = None
        self.reduced: ParsedFile | None = None


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
        """schema.sql as this sandbox applies it: the file, less what needs an extension the
        server lacks when `[schema] skip` says to leave that out (the server's answer
        recorded by the last generate, `record_gaps`)."""
        raw = self.file()
        gaps = self.gaps()
        if gaps is None or not gaps.extensions:
            return raw
        key = (self._cache.stamp, gaps)
        if self._cache.reduced is None or self._cache.reduced_key != key:
            from workbench.schema.parse.entry import parse_schema_file

            keys = left_out.left_out_keys(raw, gaps)
            self._cache.reduced = parse_schema_file(self.config.schema_path, keys)
            self._cache.reduced_key = key
        return self._cache.reduced

    def gaps(self) -> left_out.Gaps | None:
        """What the server lacks of schema.sql, as recorded by the last generate for this
        file; None unless `[schema] skip` lists "missing-extensions"."""
        if MISSING_EXTENSIONS not in self.config.schema.skip:
            return None
        record = read_json(self.config.state_dir / GAPS_FILE)
        if not isinstance(record, dict) or record.get("stamp") != self._file_stamp():
            return None
        return left_out.Gaps.from_dict(record.get("gaps"))

    def record_gaps(self, gaps: left_out.Gaps) -> None:
        atomic_write_json(
            self.config.state_dir / GAPS_FILE, {"stamp": self._file_stamp(), "gaps": gaps.to_dict()}
        )

    def left_out_tables(self) -> list[str]:
        """The tables of schema.sql this sandbox leaves out (see `parsed`)."""
        return sorted(set(self.file().schema.tables) - set(self.parsed().schema.tables))

    def _file_stamp(self) -> list[Any]:
        path = self.config.schema_path
        try:
            st = path.stat()
        except OSError:
            return []
        return [str(path), st.st_size, st.st_mtime_ns]

    def file(self) -> ParsedFile:
        """schema.sql parsed into the model, as written (cached while the file is unchanged)."""
        path = self.config.schema_path
        what = not_a_file(path)
        if what is not None:
            raise ConfigError(
                f"{self.config.path}: key sandbox.schema: expected a schema file, and "
                f"{path} {what}."
            )
        st = path.stat()
        stamp = (str(path), st.st_mtime_ns, st.st_size)
        if self._cache.parsed is None or self._cache.stamp != stamp:
            # The parser (sqlglot, pglast) is imported by the first command that reads the
            # file: status, reset and the refusals of a bad sandbox.toml never do.
            from workbench.schema.parse.entry import parse_schema_file

            parsed = parse_schema_file(path)
            _refuse_unreadable(parsed, path)
            self._cache.stamp, self._cache.parsed = stamp, parsed
        assert self._cache.parsed is not None
        return self._cache.parsed

    def schema(self) -> Schema:
        return self.parsed().schema

    def needed_extensions(self) -> list[str]:
        """The extensions schema.sql creates (and ICU when it uses ICU collations), which
        choose the embedded server's binaries."""
        return list(self.need_places())

    def need_places(self) -> dict[str, list[str]]:
        """What schema.sql needs from the server (as `needed_extensions`), each with the
        file:line of the statements asking for it; remembered in .workbench by the file's size
        and time, so starting the server does not parse the file again. A file that cannot be
        read needs nothing (applying it will report the problem)."""
        path = self.config.schema_path
        try:
            st = path.stat()
        except OSError:
            return {}
        stamp = [str(path), st.st_size, st.st_mtime_ns, 3]
        cache_path = self.config.state_dir / "extensions.json"
        cached = read_json(cache_path)
        if isinstance(cached, dict) and cached.get("stamp") == stamp:
            places = cached.get("places")
            if isinstance(places, dict):
                return {str(k): [str(p) for p in v] for k, v in places.items()}
        try:
            places = need_places(self.file())
        except WorkbenchError:
            return {}
        atomic_write_json(cache_path, {"stamp": stamp, "places": places})
        return places

    def plan(
        self,
        *,
        rows: int | None = None,
        seed: int | None = None,
        preloaded: Mapping[str, int] | None = None,
        emptied: Collection[str] = (),
    ) -> Plan:
        """The generation plan. `emptied`: tables whose rows from schema.sql the file itself
        deleted by its end (lifecycle/emptied.py): generated as if the file carried none."""
        check_rows(rows)
        check_seed(seed)
        schema = self.schema()  # a bad schema.sql is refused before the generator is imported
        from workbench.generate.generators import pools
        from workbench.generate.plan.config_check import check_config_against_schema
        from workbench.generate.plan.pattern_sizes import check_pattern_sizes
        from workbench.generate.plan.tables import build_plan

        # The pools a plan's values come from are kept on disk beside this sandbox.
        pools.use_cache_dir(self.cache_dir)
        if emptied:
            tables = {
                k: replace(t, file_rows=0) if k in emptied else t for k, t in schema.tables.items()
            }
            schema = replace(schema, tables=tables)
        config = self.config
        left = set(self.left_out_tables()) if self.gaps() is not None else set()
        if left:  # sandbox.toml's sections for tables left out have nothing to apply to
            config = replace(
                config, tables={k: v for k, v in config.tables.items() if k not in left}
            )
        check_config_against_schema(config, schema)
        check_pattern_sizes(schema, config)  # before anything is dropped
        plan = build_plan(schema, config, rows=rows, seed=seed, preloaded=preloaded)
        if config.declares_rules():
            # Declared row rules refused here, before a generate drops anything. The check
            # builds each such table's row assembler (rules/, judge/…): the plan or estimate
            # of a config declaring none never imports it.
            from workbench.generate.rows.declared_check import check_declared_rules

            check_declared_rules(schema, plan, config)
        return plan

    def check_config(self) -> None:
        """sandbox.toml's tables and columns against schema.sql's (ConfigError naming the key);
        a bad schema.sql is refused first, before the generator is imported."""
        schema = self.schema()
        from workbench.generate.plan.config_check import check_config_against_schema

        check_config_against_schema(self.config, schema)

    def throughput(self) -> Throughput:
        from workbench.generate.plan.estimate import Throughput

        return Throughput.load(self.config.state_dir)

    def run_shape(self, *, keep_snapshot: bool = True) -> RunShape:
        """What a generate does besides writing rows (the estimate's other phases): the
        statements of schema.sql, and the snapshot it takes or replaces."""
        from workbench.generate.plan.estimate_phases import RunShape

        parsed = self.parsed()
        snapshot = None
        if keep_snapshot and self.config.migrations_path is None:
            replaces = (self.config.state_dir / SNAPSHOT_FILE).is_file()
            snapshot = "replace" if replaces else "new"
        built = (self.config.state_dir / LEASE_FILE).is_file()  # a run left its database
        return RunShape(
            pre_statements=len(parsed.in_phase("pre")),
            post_statements=len(parsed.in_phase("post")),
            sequences=len(parsed.schema.sequences),
            tables=len(parsed.schema.tables),
            snapshot=snapshot,
            database="replace" if built else "new",
        )

    def estimate(self, *, rows: int | None = None) -> Estimate:
        """Rows, bytes and seconds per table and per phase of the whole run, from schema,
        config, the machine's calibration and how busy it is now (machine.py; no database)."""
        schema = self.schema()  # a bad schema.sql is refused before the generator is imported
        from workbench.generate.plan import machine
        from workbench.generate.plan.estimate import estimate

        return estimate(
            schema,
            self.plan(rows=rows),
            self.throughput(),
            cache_dir=self.cache_dir,
            shape=self.run_shape(),
            machine=machine.factor(self.config.state_dir),
        )


class Connections:
    """The embedded server and every connection to the sandbox, all through the guard. Bound
    to a run (`run`), what agents and the workbench's reads connect to is that run's database,
    as that run's roles."""

    def __init__(
        self, config: Config, guard: Guard, source: SchemaSource, run: RunLease | None = None
    ) -> None:
        self.config = config
        self.guard = guard
        self._source = source
        self.run = run
        self._roles: RoleStatus | None = None  # once prepared on these connections

    @property
    def embedded(self) -> bool:
        return self.config.sandbox.embedded

    @property
    def server(self) -> EmbeddedServer:
        return EmbeddedServer(
            self.config,
            extensions=self._source.needed_extensions,
            places=self._source.need_places,
        )

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
        """Create or repair the sandbox's owner, application and read-only roles (their
        attributes, passwords and settings; `.available` is False when the DSN's role cannot
        make them). Never grants anything: a repair during a run must not open the database
        being built (grants apply at the end of a verified run, `roles.grant_database`)."""
        from workbench.access import roles

        self.ensure_server()
        if not self.embedded and self.database_exists():
            # Roles are made on a server of the DSN's choosing: only next to a database that
            # is this sandbox's, a new one or the one trusted (access/foreign.py, F21c).
            self.guard.connect().close()
        with self.guard.connect(maintenance=True) as conn:
            state = roles.ensure_roles(conn, self.config, reset_passwords=reset_passwords)
        self._roles = state
        return state

    def owner(self, *, autocommit: bool = True) -> psycopg.Connection[Any]:
        """For schema.sql, the rows and the migrations: the sandbox owner role's own login
        (never the administrator's session under another role), with the file's usual
        search path; the DSN's own role when the sandbox cannot have roles (then no
        superuser either: a superuser can always make them)."""
        return self._as_role(OWNER, autocommit=autocommit)

    def agent(self, *, autocommit: bool = True) -> psycopg.Connection[Any]:
        """For what an agent runs (query, sample): the application role when sandbox.toml
        grants `write`, else the read-only role; never the workbench's own superuser."""
        from workbench.access import roles

        kind = roles.kind_for_capabilities(self.config.sandbox.capabilities)
        return self._as_role(kind, autocommit=autocommit)

    def reader(self, *, autocommit: bool = True) -> psycopg.Connection[Any]:
        """For the workbench's own reads of the sandbox's data (doctor, dist, row counts):
        the read-only role, never the superuser. What it reads may be a view, a function or
        an operator an agent planted; run as the superuser it could reach the host."""
        from workbench.access import roles

        # Bounded: an agent's lock or a slow planted view ends in an error naming who
        # blocks (waits.py), never in a hang.
        return self._as_role(roles.READ, autocommit=autocommit, settings=READ_SETTINGS)

    @contextlib.contextmanager
    def reading(
        self, what: str, *, autocommit: bool = True, statement_ms: int = READ_TIMEOUT_MS
    ) -> Iterator[psycopg.Connection[Any]]:
        """A read-only session (`reader()`) in which a lock or statement timeout becomes
        SandboxLocked naming who blocks; `what` names the read in that message;
        `statement_ms` shortens the session's statement timeout."""
        with self.reader(autocommit=autocommit) as conn:
            if statement_ms != READ_TIMEOUT_MS:
                conn.execute(
                    "SELECT pg_catalog.set_config('statement_timeout', %s, false)",
                    (str(statement_ms),),
                )
            with blockers_named(self.guard.connect, what, statement_ms=statement_ms):
                yield conn

    def _as_role(
        self, kind: str, *, autocommit: bool = True, settings: dict[str, str] | None = None
    ) -> psycopg.Connection[Any]:
        """A session of the sandbox's (or the run's) `kind` role, with the usual search path
        once the guard's checks, made on the path pinned to pg_catalog, have passed."""
        conn = self._login(kind, autocommit=autocommit, settings=settings)
        try:
            conn.execute(FILE_SEARCH_PATH)
            if not autocommit:
                conn.commit()
        except BaseException:
            conn.close()
            raise
        return conn

    def _login(
        self, kind: str, *, autocommit: bool = True, settings: dict[str, str] | None = None
    ) -> psycopg.Connection[Any]:
        from workbench.access import roles

        self.ensure_server()
        if self.run is not None:
            if kind not in self.run.roles:
                raise UsageError(f"a run has no {kind} role: this is the sandbox's own work.")
            return self.guard.connect(
                autocommit=autocommit,
                run=self.run.run_id,
                role=self.run.roles[kind],
                passfile=self.run.passfiles[kind],
            )
        state = self._roles if self._roles is not None else self.prepare_roles()
        if not state.available:
            conn = self.guard.connect(autocommit=autocommit, settings=settings)
            try:
                self.guard.verify_role(conn, state.admin)
            except BaseException:
                conn.close()
                raise
            return conn
        role = state.roles.name(kind)
        passfile = str(roles.passfile(self.config, kind))
        try:
            return self.guard.connect(
                autocommit=autocommit, role=role, passfile=passfile, settings=settings
            )
        except LoginRefused:
            # The passfile and the server disagree (a role altered or a file lost): set a
            # new password once, then try again. Any other failure (a server down or full)
            # is said as it is: a new password would lock out whoever holds the old one.
            self.prepare_roles(reset_passwords=True)
            return self.guard.connect(
                autocommit=autocommit, role=role, passfile=passfile, settings=settings
            )


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
        # Choices of a checkout that run or read outside it, only once trusted (trust/checkout.py).
        trust.check(config)
        remember_passfiles(config.state_dir)  # every password it holds, known to redact()
        guard = Guard(config, cli_dsn=cli_dsn)
        source = SchemaSource(config)
        return cls(config, guard, source, Connections(config, guard, source))

    def with_config(self, config: Config, *, cli_dsn: str | None = None) -> Context:
        """The same sandbox under a changed config: guard, connections and plan all follow
        it (the parse of schema.sql is kept while the file is unchanged)."""
        trust.check(config)
        guard = Guard(config, cli_dsn=cli_dsn)
        source = self.source.with_config(config)
        return replace(
            self, config=config, guard=guard, source=source, db=Connections(config, guard, source)
        )

    def for_call(self, events: EventSink = ignore, cancel: CancelToken | None = None) -> Context:
        return replace(self, events=events, cancel=cancel)

    def in_run(self, lock: SandboxLock, evidence: EvidenceRun) -> Context:
        return replace(self, lock=lock, evidence=evidence)

    def for_run(self, lease: RunLease) -> Context:
        """The same sandbox seen from one of its runs (`workbench mcp --run ID`): what the run
        may do is its lease's capabilities, and agents' connections reach its database as its
        roles."""
        sandbox = replace(self.config.sandbox, capabilities=list(lease.capabilities))
        config = replace(self.config, sandbox=sandbox)
        return replace(
            self, config=config, db=Connections(config, self.guard, self.source, run=lease)
        )

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

    def plan(
        self,
        *,
        rows: int | None = None,
        seed: int | None = None,
        preloaded: Mapping[str, int] | None = None,
        emptied: Collection[str] = (),
    ) -> Plan:
        return self.source.plan(rows=rows, seed=seed, preloaded=preloaded, emptied=emptied)
