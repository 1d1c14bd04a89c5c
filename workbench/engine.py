"""The one facade every front end calls (CLI, TUI, MCP, Python API).

An `Engine` is bound to one sandbox.toml. Each operation validates, goes through the guard for
every connection, reports progress as events and raises `WorkbenchError`s with a clear message.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

import psycopg
from psycopg import sql

from workbench import roles
from workbench.config import Config, config_hash, load_config
from workbench.errors import (
    Cancelled,
    CapabilityRefusal,
    ConfigError,
    DatabaseError,
    SchemaParseError,
    UsageError,
    WorkbenchError,
)
from workbench.events import (
    CancelToken,
    Event,
    EventSink,
    Info,
    PhaseChanged,
    PlanReady,
    TableDone,
    ignore,
)
from workbench.guard import Guard, Target
from workbench.progress import clear as clear_progress
from workbench.progress import verify_completed, wal_barrier
from workbench.server import EmbeddedServer
from workbench.state import atomic_write_json, read_json


@dataclass
class SandboxStatus:
    target: str
    embedded: bool
    server_running: bool | None
    database_exists: bool
    marked: bool
    user_tables: int

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


MAX_ROWS = 1_000_000_000  # rows per table an argument may ask for
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


def _refuse_unreadable(parsed: Any, path: Path) -> None:
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


class Engine:
    def __init__(
        self,
        config: Config | str | Path | None = None,
        *,
        cli_dsn: str | None = None,
    ) -> None:
        self.config = config if isinstance(config, Config) else load_config(config)
        self.guard = Guard(self.config, cli_dsn=cli_dsn)
        self._parsed: tuple[tuple[int, int], Any] | None = None
        # lifecycle.py: the evidence run open on this engine (nested calls join it) and how
        # long to wait for another process's lock (None: WORKBENCH_LOCK_WAIT or 60 s).
        self._run: Any = None
        self._lock: Any = None  # lifecycle.py: the sandbox lock held by the open run
        self.lock_wait: float | None = None
        self._roles: Any = None  # roles.RoleStatus once prepared on this engine

    # --- plumbing --------------------------------------------------------------------------

    @property
    def embedded(self) -> bool:
        return self.config.sandbox.embedded

    @property
    def server(self) -> EmbeddedServer:
        return EmbeddedServer(self.config, extensions=self.needed_extensions)

    def needed_extensions(self) -> list[str]:
        """The extensions schema.sql creates (and ICU when it uses ICU collations), which
        choose the embedded server's binaries;
        remembered in .workbench by the file's size and time, so starting the server does
        not parse the file again. A file that cannot be read needs none (applying it will
        report the problem)."""
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
        from workbench.pg_binaries import schema_needs

        try:
            needs = schema_needs(self.parsed())
        except WorkbenchError:
            return []
        atomic_write_json(cache_path, {"stamp": stamp, "extensions": needs})
        return needs

    def target(self) -> Target:
        return self.guard.target()

    def require(self, capability: str, action: str) -> None:
        if capability not in self.config.sandbox.capabilities:
            raise CapabilityRefusal(
                f"{action} needs the {capability!r} capability, and sandbox.toml grants only "
                f"{', '.join(self.config.sandbox.capabilities) or 'none'} "
                "(key sandbox.capabilities)."
            )

    def ensure_server(self) -> None:
        """Start the embedded cluster when it is the target (a no-op otherwise)."""
        if self.embedded:
            self.server.start()

    def connect(self, *, autocommit: bool = True) -> psycopg.Connection:
        """The administrator's connection to the sandbox, for the developer's own scripts:
        with the usual search path ("$user", public). The workbench's own SQL uses
        `guard.connect()` (pg_catalog only)."""
        from workbench.schema.apply import FILE_SEARCH_PATH

        self.ensure_server()
        conn = self.guard.connect(autocommit=autocommit)
        conn.execute(FILE_SEARCH_PATH)
        if not autocommit:
            conn.commit()
        return conn

    # --- the roles agents and applications get (roles.py) -----------------------------------

    def prepare_roles(self, *, reset_passwords: bool = False) -> Any:
        """Create or repair the sandbox's application and read-only roles and their grants
        (a `roles.RoleStatus`; `.available` is False when the DSN's role cannot make them)."""
        from workbench import roles

        self.ensure_server()
        if self._database_exists():
            with self.guard.connect() as conn:
                state = roles.ensure_roles(conn, self.config, reset_passwords=reset_passwords)
                roles.grant_database(conn, self.config)
        else:
            with self.guard.connect(maintenance=True) as conn:
                state = roles.ensure_roles(conn, self.config, reset_passwords=reset_passwords)
        self._roles = state
        return state

    def agent_connect(self, *, autocommit: bool = True) -> psycopg.Connection:
        """A connection for what an agent runs (the query and sample tools): as the sandbox's
        application role when sandbox.toml grants `write`, else as its read-only role; never
        the workbench's own role when that is a superuser."""
        from workbench import roles

        return self._role_connect(
            roles.kind_for_capabilities(self.config.sandbox.capabilities), autocommit=autocommit
        )

    def reader_connect(self, *, autocommit: bool = True) -> psycopg.Connection:
        """A connection for the workbench's own reads of the sandbox's data (doctor, dist,
        row counts): as the read-only role, never the superuser. What it reads may be a view,
        a function or an operator an agent planted; run as the superuser it could reach the
        host (COPY … TO PROGRAM)."""
        from workbench import roles

        return self._role_connect(roles.READ, autocommit=autocommit)

    def _role_connect(self, kind: str, *, autocommit: bool = True) -> psycopg.Connection:
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
            state = self.prepare_roles(reset_passwords=True)
            return self.guard.connect(autocommit=autocommit, role=role, passfile=passfile)

    def _database_exists(self) -> bool:
        with self.guard.connect(maintenance=True) as conn:
            row = conn.execute(
                "SELECT 1 FROM pg_database WHERE datname = %s", (self.config.sandbox.name,)
            ).fetchone()
            return row is not None

    # --- up / down / status ----------------------------------------------------------------

    def up(self) -> SandboxStatus:
        """Start the embedded cluster if it is the target, create the sandbox database with its
        marker when missing (idempotent), claim an existing one only if it holds no user tables."""
        self.require("write", "workbench up")
        self.ensure_server()
        name = self.config.sandbox.name
        if not self._database_exists():
            with self.guard.connect(maintenance=True) as conn:
                try:
                    conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
                    roles.close_to_public(conn, name)
                except psycopg.errors.DuplicateDatabase:
                    pass  # created meanwhile by another process
                except psycopg.Error as err:
                    raise DatabaseError(
                        f"Could not create database {name!r} on {self.target().display}: "
                        f"{self.guard.redact(str(err).strip())}"
                    ) from None
        with self.guard.connect() as conn:
            self.guard.ensure_destructive_allowed(conn)
        self.prepare_roles()
        return self.status()

    def down(self) -> bool:
        """Drop the sandbox database (only when it carries the marker or is empty)."""
        self.require("reset", "workbench down")
        self.ensure_server()
        if not self._database_exists():
            return False
        from workbench import lifecycle

        # Under the sandbox's lock (never in the middle of another process's generate or
        # reset), and recorded in the evidence like every destructive run.
        with lifecycle.operation(self, "down"):
            with self.guard.connect() as conn:
                self.guard.ensure_destructive_allowed(conn)
            clear_progress(self.config.state_dir)
            with self.guard.connect(maintenance=True) as conn:
                conn.execute(
                    sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(
                        sql.Identifier(self.config.sandbox.name)
                    )
                )
        return True

    def status(self) -> SandboxStatus:
        from workbench.guard import user_table_count

        target = self.target()
        running: bool | None = self.server.is_running() if self.embedded else None
        exists = marked = False
        tables = 0
        if running is not False:
            exists = self._database_exists()
            if exists:
                with self.guard.connect() as conn:
                    # Catalog queries only, with names resolved in pg_catalog alone.
                    conn.execute("SELECT pg_catalog.set_config('search_path', 'pg_catalog', false)")
                    marked = self.guard.has_marker(conn)
                    tables = user_table_count(conn)
        return SandboxStatus(
            target=target.display,
            embedded=self.embedded,
            server_running=running,
            database_exists=exists,
            marked=marked,
            user_tables=tables,
        )

    # --- schema, plan, estimate -------------------------------------------------------------

    def parsed(self):
        """schema.sql parsed into the model (cached while the file is unchanged)."""
        from workbench.schema.parse import parse_schema_file

        path = self.config.schema_path
        if not path.is_file():
            raise ConfigError(
                f"{self.config.path}: key sandbox.schema: expected a schema file, and "
                f"{path} does not exist."
            )
        stamp = (path.stat().st_mtime_ns, path.stat().st_size)
        if self._parsed is None or self._parsed[0] != stamp:
            parsed = parse_schema_file(path)
            _refuse_unreadable(parsed, path)
            self._parsed = (stamp, parsed)
        return self._parsed[1]

    def schema(self):
        return self.parsed().schema

    def plan(self, *, rows: int | None = None, seed: int | None = None):
        from workbench.generate import pools
        from workbench.generate.config_check import check_config_against_schema
        from workbench.generate.plan import build_plan

        check_rows(rows)
        check_seed(seed)
        pools.CACHE_DIR = self.config.state_dir / "cache"
        schema = self.schema()
        check_config_against_schema(self.config, schema)
        return build_plan(schema, self.config, rows=rows, seed=seed)

    def throughput(self):
        from workbench.generate.estimate import Throughput

        return Throughput.load(self.config.state_dir)

    def estimate(self, *, rows: int | None = None):
        """Rows, bytes and seconds per table from schema and config alone (no database)."""
        from workbench.generate.estimate import estimate

        return estimate(self.schema(), self.plan(rows=rows), self.throughput())

    # --- generate ----------------------------------------------------------------------------

    def _recreate_database(self) -> None:
        """Start over from an empty database: the sandbox is disposable, and dropping it is the
        one way to remove everything a schema file may have created in it."""
        self.up()
        name = sql.Identifier(self.config.sandbox.name)
        with self.guard.connect() as conn:
            self.guard.ensure_destructive_allowed(conn)
        with self.guard.connect(maintenance=True) as conn:
            conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(name))
            conn.execute(sql.SQL("CREATE DATABASE {}").format(name))
            roles.close_to_public(conn, self.config.sandbox.name)
        with self.guard.connect() as conn:
            self.guard.set_marker(conn)

    def generation_key(self, rows: int | None, seed: int) -> dict[str, Any]:
        """What identifies a generation's result: a resumed run must match all of it."""
        from workbench.schema.fingerprint import fingerprint

        return {
            "fingerprint": fingerprint(self.schema()),
            "config_hash": config_hash(self.config),
            "seed": seed,
            "rows": rows,
        }

    def _generate_pipeline(
        self,
        *,
        rows: int | None = None,
        seed: int | None = None,
        on_event: EventSink = ignore,
        cancel: CancelToken | None = None,
        resume: bool = True,
    ) -> dict[str, Any]:
        """Create the tables from schema.sql and fill them: pre-data, data (one committed
        transaction per table), post-data, sequences. A run that was interrupted continues
        from its first incomplete table when the schema, config, seed and rows still match.
        `generate()` (the lifecycle section) runs this under the lock, with evidence."""
        from workbench.generate.load import advance_sequences, load_data
        from workbench.lifecycle import catalog_digest
        from workbench.schema.apply import (
            apply_statements,
            load_file_rows,
            set_load_settings,
            use_owner_role,
        )

        self.require("write", "generate")
        seed = self.config.sandbox.seed if seed is None else seed
        parsed = self.parsed()
        plan = self.plan(rows=rows, seed=seed)
        key = self.generation_key(rows, seed)
        on_event(
            PlanReady(
                tables=[t.to_dict() for t in plan.tables],
                total_rows=sum(t.rows for t in plan.tables),
            )
        )
        progress_path = self.config.state_dir / "progress.json"
        progress = read_json(progress_path) if resume else None
        self.ensure_server()
        if self.embedded:
            on_event(Info(f"server: {self.server.resolve_binaries().summary()}"))
        resuming = bool(
            isinstance(progress, dict)
            and progress.get("key") == key
            and progress.get("phase") in ("data", "post")
            and self._database_exists()
        )
        post_done = False
        if resuming:
            assert isinstance(progress, dict)
            progress, resuming = self._verify_progress(plan, progress, on_event)
        if resuming and progress["phase"] == "post":  # type: ignore[index]
            from workbench.lifecycle import post_phase_state

            # Post-data runs statement by statement, so a kill there can leave it half
            # applied: continue only from none of it or all of it, else start over.
            state = post_phase_state(self, progress)  # type: ignore[arg-type]
            resuming, post_done = state != "partial", state == "done"
        started = time.monotonic()
        if resuming:
            assert isinstance(progress, dict)
            on_event(Info(f"resuming: {len(progress['completed'])} table(s) already complete"))
        else:
            on_event(PhaseChanged("schema", "creating the database and applying pre-data"))
            # First forget the old progress: a kill below must never leave a record that
            # claims tables of an earlier run complete in the database made here.
            atomic_write_json(progress_path, {"key": key, "phase": "pre", "completed": []})
            self._recreate_database()
            progress = {"key": key, "phase": "pre", "completed": []}
            with self.guard.connect() as conn:
                pre = apply_statements(
                    conn, parsed, "pre", create_roles=self.config.sandbox.create_roles
                )
                file_tables = [t.name for t in plan.tables if t.file_rows]
                if file_tables:
                    # The rows schema.sql carries (schema_migrations…) go in first, as they
                    # are: the synthesized rows of other tables may reference them.
                    on_event(PhaseChanged("data", "rows from schema.sql"))
                    loaded = load_file_rows(conn, parsed, file_tables)
                    on_event(
                        Info(
                            f"{plan.file_rows:,} rows from schema.sql loaded into "
                            f"{len(file_tables)} table(s)",
                            {"tables": {t.name: t.file_rows for t in plan.tables if t.file_rows}},
                        )
                    )
                # The record that follows claims pre-data: make it durable first.
                wal_barrier(conn)
                progress["catalog_digest"] = catalog_digest(conn)
            for notice in dict.fromkeys([*pre.notices, *(loaded.notices if file_tables else [])]):
                on_event(Info(notice))
            progress["phase"] = "data"
            atomic_write_json(progress_path, progress)

        completed: list[str] = list(progress["completed"])
        rows_of: dict[str, int] = dict(progress.get("rows") or {})
        # Tables of one transaction group (an FK cycle) commit together with the group's
        # last table: only then are they complete.
        group_of = {t.name: t.txn_group for t in plan.tables}
        group_last = {t.txn_group: t.name for t in plan.tables if t.txn_group}
        uncommitted: list[str] = []

        def record(event: Event) -> None:
            if isinstance(event, TableDone):
                uncommitted.append(event.table)
                rows_of[event.table] = event.rows
                group = group_of.get(event.table)
                if group is None or group_last.get(group) == event.table:
                    # The table's transaction committed with synchronous_commit on (load.py),
                    # so what this record claims is durable.
                    completed.extend(uncommitted)
                    uncommitted.clear()
                    atomic_write_json(
                        progress_path,
                        {**progress, "completed": completed, "rows": {**rows_of}},
                    )
            on_event(event)

        report = None
        if progress["phase"] == "data":
            on_event(PhaseChanged("data", f"{sum(t.rows for t in plan.tables):,} rows"))
            with self.guard.connect(autocommit=False) as conn:
                # Rows are written as the schema's owner role, never as a superuser: a
                # default or trigger of the file must not run with more privilege.
                use_owner_role(conn)
                from workbench.schema.apply import FILE_SEARCH_PATH

                conn.execute(FILE_SEARCH_PATH)  # defaults and triggers as the file wrote them
                set_load_settings(conn, parsed)
                conn.commit()
                unregister = cancel.register(conn.cancel_safe) if cancel else (lambda: None)
                try:
                    report = load_data(
                        conn,
                        self.schema(),
                        plan,
                        self.config,
                        seed=seed,
                        on_event=record,
                        cancel=cancel,
                        skip_tables=frozenset(completed),
                    )
                except psycopg.errors.QueryCanceled:
                    raise Cancelled("Generation cancelled; completed tables are kept.") from None
                finally:
                    unregister()
            from workbench.lifecycle import database_fingerprint

            with self.guard.connect() as conn:
                data_fingerprint = database_fingerprint(conn)
            progress = {
                **progress,
                "phase": "post",
                "completed": completed,
                "rows": rows_of,
                "data_fingerprint": data_fingerprint,
            }
            atomic_write_json(progress_path, progress)
        on_event(PhaseChanged("indexes and constraints"))
        with self.guard.connect() as conn:
            if not post_done:
                apply_statements(
                    conn, parsed, "post", create_roles=self.config.sandbox.create_roles
                )
            on_event(PhaseChanged("sequences"))
            advance_sequences(conn, self.schema())
            from workbench import roles

            # The application and read-only roles, with grants on what was just made.
            self._roles = roles.setup(conn, self.config, file_roles=parsed.schema.roles)
            wal_barrier(conn)
        atomic_write_json(progress_path, {**progress, "phase": "done"})
        seconds = time.monotonic() - started
        if report is not None and not resuming:
            # calibrate() returns the new model (estimate.py); it needs the plan's estimate.
            throughput = self.throughput().calibrate(report, self.estimate(rows=rows))
            throughput.save(self.config.state_dir)
        return {
            **key,
            "rows_per_table": key["rows"],  # as asked for (None: sandbox.toml's)
            "tables": len(plan.tables),
            "rows": sum(t.rows for t in plan.tables),
            "seconds": round(seconds, 3),
            "resumed": resuming,
            "seed": seed,
        }

    def _verify_progress(
        self, plan: Any, progress: dict[str, Any], on_event: EventSink
    ) -> tuple[dict[str, Any], bool]:
        """What progress.json claims, checked against the database: the catalog it was made
        on, and each completed table's row count. Returns the record to resume from (only
        the tables that verified), or False to start over."""
        from workbench.lifecycle import catalog_digest

        with self.guard.connect() as conn:
            digest = catalog_digest(conn) if progress["phase"] == "data" else None
            verified = verify_completed(conn, self.schema(), plan, progress, digest)
        for note in verified.notes:
            on_event(Info(f"resume check: {note}"))
        if not verified.trusted:
            return progress, False
        loaded = [t for t in plan.tables if t.rows or not t.file_rows]
        if progress["phase"] == "post" and len(verified.completed) != len(loaded):
            on_event(Info("resume check: the data is not as recorded; starting over"))
            return progress, False
        rows = {t: n for t, n in (progress.get("rows") or {}).items() if t in verified.completed}
        return {**progress, "completed": verified.completed, "rows": rows}, True

    # --- env -------------------------------------------------------------------------------

    def database_url(self) -> dict[str, Any]:
        """The sandbox URL for the application under test: its application role (never the
        workbench's own), with the passfile that holds that role's password and nothing
        else. When the DSN's role cannot create roles, the DSN's own role, with a note: an
        inline DSN without its password, a `dsn_env` one by its variable."""
        from workbench import roles

        target = self.target()
        sandbox = self.config.sandbox
        state = self.prepare_roles()
        params = psycopg.conninfo.conninfo_to_dict(target.conninfo)
        if target.host.startswith("/"):
            where, host_query = "", f"host={quote(target.host)}&"
        else:
            host = f"[{target.host}]" if ":" in target.host else target.host
            where, host_query = f"{host}:{target.port}", ""
        if state.available:
            path = roles.passfile(self.config, roles.APP)
            url = (
                f"postgresql://{quote(state.roles.app)}@{where}/{quote(target.dbname)}"
                f"?{host_query}passfile={quote(str(path))}"
            )
            return {
                "database_url": url,
                "passfile": str(path),
                "role": state.roles.app,
                "roles": state.to_dict(),
            }
        note = {"role": state.admin, "roles": state.to_dict(), "note": state.reason}
        if sandbox.dsn_env is not None:
            return {"database_url": None, "from_env": sandbox.dsn_env, **note}
        user = params.get("user")
        auth = f"{quote(str(user))}@" if user else ""
        query = host_query.rstrip("&")
        url = f"postgresql://{auth}{where}/{quote(target.dbname)}" + (f"?{query}" if query else "")
        return {"database_url": url, **note}

    # --- doctor ----------------------------------------------------------------------------

    def doctor(self) -> list[dict[str, Any]]:
        from workbench.doctor import run_doctor

        return [check.to_dict() for check in run_doctor(self)]

    # --- lifecycle: generate under lock + evidence, reset, snapshot, lease (lifecycle.py) ----

    def generate(
        self,
        *,
        rows: int | None = None,
        seed: int | None = None,
        on_event: EventSink = ignore,
        cancel: CancelToken | None = None,
        resume: bool = True,
        keep_snapshot: bool = True,
    ) -> dict[str, Any]:
        """Create the tables from schema.sql and fill them (resuming an interrupted run from
        its first incomplete table), holding the sandbox's lock; then verify the schema
        fingerprint, keep the result as the snapshot `reset` clones, write the lease, and
        record every phase in .workbench/evidence.jsonl."""
        from workbench import lifecycle

        check_rows(rows)
        check_seed(seed)
        return lifecycle.generate(
            self,
            self._generate_pipeline,
            rows=rows,
            seed=seed,
            on_event=on_event,
            cancel=cancel,
            resume=resume,
            keep_snapshot=keep_snapshot,
        )

    def reset(
        self,
        *,
        on_event: EventSink = ignore,
        cancel: CancelToken | None = None,
        full: bool = False,
        rows: int | None = None,
        seed: int | None = None,
    ) -> dict[str, Any]:
        """Return the sandbox to a known state: clone the snapshot when it still matches
        schema.sql, sandbox.toml and the migrations (fast path), else drop, create, apply
        schema.sql, generate, migrate and snapshot (full path); both end verified.
        Other clients' sessions on the sandbox database are ended first."""
        from workbench import lifecycle

        check_rows(rows)
        check_seed(seed)
        return lifecycle.reset(
            self, on_event=on_event, cancel=cancel, full=full, rows=rows, seed=seed
        )

    def snapshot(self, *, on_event: EventSink = ignore) -> dict[str, Any]:
        """Keep the sandbox's current state as the snapshot the next reset clones."""
        from workbench import lifecycle

        return lifecycle.snapshot(self, on_event=on_event)

    def lease(self) -> dict[str, Any] | None:
        """.workbench/lease.json with `expired` added, or None before the first build."""
        from workbench import lifecycle

        return lifecycle.lease_info(self)

    def evidence(self, *, limit: int = 20, run_id: str | None = None) -> list[dict[str, Any]]:
        """The most recent runs (newest last), or the records of one run."""
        from workbench.evidence import read_records, summarise

        records = read_records(self.config.state_dir)
        if run_id is not None:
            return [r for r in records if str(r.get("run_id", "")).startswith(run_id)]
        return [run.to_dict() for run in summarise(records)[-limit:]]

    # --- headless: read-only looks and the column policy (workbench/explore.py) -------------

    def sample(self, table: str, limit: int = 10) -> dict[str, Any]:
        """A few rows of one table (capped at 100), read in a READ ONLY transaction."""
        from workbench.explore import sample

        return sample(self, table, limit).to_dict()

    def query(self, sql_text: str, limit: int = 100, timeout_ms: int = 5000) -> dict[str, Any]:
        """One SQL statement in a READ ONLY transaction with a statement timeout, rolled
        back afterwards; rows capped at `limit` (at most 1000)."""
        from workbench.explore import query

        return query(self, sql_text, limit, timeout_ms).to_dict()

    def distribution(self, table: str, column: str, *, bins: int = 20):
        """Planned vs actual distribution of one column (a `workbench.distribution.
        Distribution`; `.to_dict()` for the numbers)."""
        from workbench.distribution import distribution

        return distribution(self, table, column, bins=bins)

    def classify(self, *, write: bool = False) -> list[dict[str, Any]]:
        """Every column's generator decision; `write=True` records the unrecorded ones in
        sandbox.toml first, so they become the policy."""
        from workbench.explore import classify, write_decisions
        from workbench.generate.config_check import check_config_against_schema

        check_config_against_schema(self.config, self.schema())
        if write:
            write_decisions(self)
        return classify(self)

    def check(self) -> dict[str, Any]:
        """Columns of schema.sql with no decision recorded in sandbox.toml (the CI gate)."""
        from workbench.explore import check
        from workbench.generate.config_check import check_config_against_schema

        check_config_against_schema(self.config, self.schema())
        return check(self)


__all__ = ["Engine", "SandboxStatus", "WorkbenchError"]
