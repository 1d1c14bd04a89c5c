"""The one facade every front end calls (CLI, TUI, MCP, Python API).

An `Engine` is bound to one sandbox.toml. It builds the `Context` (context.py) and hands it to the
operation modules (build, reset, snapshots, sandbox, doctor, explore, distribution), which never
import this module. Each operation validates, goes through the guard for every connection, reports
progress as events and raises `WorkbenchError`s with a clear message. Front ends use only this
class and the result types it returns; a method imports the operation it calls, when called."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import psycopg

from workbench.access.guard import Guard
from workbench.config.file import MAX_ROWS, MAX_SEED, Config, load_config
from workbench.context import Context, check_rows, check_seed
from workbench.errors import WorkbenchError
from workbench.events import CancelToken, EventSink, ignore
from workbench.files.csv_folder import CsvFolder
from workbench.lifecycle.sandbox import SandboxStatus
from workbench.server.cluster import EmbeddedServer
from workbench.trust.checkout import checked_path
from workbench.trust.target import Target

if TYPE_CHECKING:
    from workbench.access.roles import RoleStatus
    from workbench.edit.toml import Edit as ConfigEdit
    from workbench.edit.toml import EditPreview
    from workbench.generate.plan.estimate import Estimate, Throughput
    from workbench.generate.plan.tables import Plan
    from workbench.lifecycle.changes import Changes
    from workbench.lifecycle.undo import UndoInfo
    from workbench.looks.agent import AgentRows
    from workbench.looks.distributions import Distributions
    from workbench.looks.prompt import SqlPrompt
    from workbench.looks.rows import SandboxRows
    from workbench.reads.launch_status import LaunchStatus
    from workbench.rehearse.rehearsal import Rehearsal
    from workbench.schema.model import Schema
    from workbench.schema.parse import ParsedFile


class Engine:
    def __init__(
        self,
        config: Config | str | Path | None = None,
        *,
        cli_dsn: str | None = None,
        run: str | None = None,
    ) -> None:
        self._cli_dsn = cli_dsn
        loaded = config if isinstance(config, Config) else load_config(config)
        self._ctx = Context.build(loaded, cli_dsn=cli_dsn)
        self._run: str | None = None
        if run is not None:
            self._bind_run(run)

    def _bind_run(self, run_id: str) -> None:
        """Seen from run `run_id` (`workbench mcp --run ID`): its capabilities, its database
        and roles for what agents read and write."""
        from workbench.fleet.runs import live_lease

        self._ctx = self._ctx.for_run(live_lease(self._ctx, run_id))
        self._run = run_id

    @property
    def run_id(self) -> str | None:
        """The run this engine is bound to (None: the sandbox itself)."""
        return self._run

    # --- what the engine is bound to ------------------------------------------------------

    @property
    def guard(self) -> Guard:
        return self._ctx.guard

    @property
    def context(self) -> Context:
        """The context the operations receive (for a new operation module's tests)."""
        return self._ctx

    @property
    def config(self) -> Config:
        return self._ctx.config

    # --- read-only looks (workbench/looks/, doctor/) ---------------------------------------

    @property
    def rows(self) -> SandboxRows:
        """The sandbox's rows: counts, samples, the row browser's pages, queries."""
        from workbench.looks.rows import SandboxRows

        return SandboxRows(self._ctx)

    @property
    def agent_rows(self) -> AgentRows:
        """The sandbox's rows as a model sees them (the MCP tools): personal columns masked."""
        from workbench.looks.agent import AgentRows

        return AgentRows(self._ctx)

    @property
    def prompt(self) -> SqlPrompt:
        """The TUI's SQL prompt: run a statement, its history, a result as CSV."""
        from workbench.looks.prompt import SqlPrompt

        return SqlPrompt(self._ctx)

    @property
    def distributions(self) -> Distributions:
        """A column's distributions: planned vs actual, time series, relations, report."""
        from workbench.looks.distributions import Distributions

        return Distributions(self._ctx)

    def doctor(self) -> list[dict[str, Any]]:
        from workbench.doctor.run import run_doctor

        return [check.to_dict() for check in run_doctor(self._ctx)]

    def apply_config(self, config: Config) -> None:
        """Use a changed sandbox.toml from now on (written by the caller or an edit):
        guard, connections and plan all follow it together."""
        self._ctx = self._ctx.with_config(config, cli_dsn=self._cli_dsn)
        if self._run is not None:
            self._bind_run(self._run)

    def reload_config(self) -> bool:
        """Read sandbox.toml again from disk (it may have been edited by hand) and use it when
        what it says changed; True when it did. ConfigError when it no longer loads: the engine
        keeps the last good one. schema.sql needs no reload: its parse is cached by its stamp."""
        fresh = load_config(self.config.path)
        if fresh.raw == self.config.raw:
            return False
        self.apply_config(fresh)
        return True

    def redact(self, text: str) -> str:
        """`text` with the sandbox's password (and any DSN secret) removed."""
        return self.guard.redact(text)

    @property
    def embedded(self) -> bool:
        return self._ctx.embedded

    @property
    def server(self) -> EmbeddedServer:
        return self._ctx.db.server

    def target(self) -> Target:
        return self._ctx.target()

    def require(self, capability: str, action: str) -> None:
        self._ctx.require(capability, action)

    def ensure_server(self) -> None:
        """Start the embedded cluster when it is the target (a no-op otherwise)."""
        self._ctx.db.ensure_server()

    # --- connections (the developer's own scripts; agents' roles) -------------------------

    def connect(self, *, autocommit: bool = True) -> psycopg.Connection[Any]:
        """The administrator's connection to the sandbox, for the developer's own scripts:
        with the usual search path ("$user", public). The workbench's own SQL uses
        `guard.connect()` (pg_catalog only)."""
        return self._ctx.db.admin(autocommit=autocommit)

    def prepare_roles(self, *, reset_passwords: bool = False) -> RoleStatus:
        """Create or repair the sandbox's application and read-only roles and their grants
        (`.available` is False when the DSN's role cannot make them)."""
        return self._ctx.db.prepare_roles(reset_passwords=reset_passwords)

    def agent_connect(self, *, autocommit: bool = True) -> psycopg.Connection[Any]:
        """As the application role when sandbox.toml grants `write`, else the read-only one."""
        return self._ctx.db.agent(autocommit=autocommit)

    def reader_connect(self, *, autocommit: bool = True) -> psycopg.Connection[Any]:
        """As the read-only role, for the workbench's own reads of the sandbox's data."""
        return self._ctx.db.reader(autocommit=autocommit)

    # --- up / down / status / env (lifecycle/sandbox.py) ----------------------------------

    def up(self) -> SandboxStatus:
        """Start the embedded cluster if it is the target, create the sandbox database with
        its marker when missing, claim an existing one only if it holds no user object."""
        from workbench.lifecycle import sandbox

        return sandbox.up(self._ctx)

    def down(self) -> bool:
        """Drop the sandbox database (only when it carries the marker or is empty)."""
        from workbench.lifecycle import sandbox

        return sandbox.down(self._ctx)

    def status(self) -> SandboxStatus:
        from workbench.lifecycle import sandbox

        return sandbox.status(self._ctx)

    def database_url(self) -> dict[str, Any]:
        """The sandbox URL for the application under test (its application role)."""
        from workbench.lifecycle import sandbox

        return sandbox.database_url(self._ctx)

    # --- schema, plan, estimate (no database) ---------------------------------------------

    def parsed(self) -> ParsedFile:
        """schema.sql parsed into the model (cached while the file is unchanged)."""
        return self._ctx.source.parsed()

    def schema(self) -> Schema:
        return self._ctx.schema()

    def needed_extensions(self) -> list[str]:
        return self._ctx.source.needed_extensions()

    def plan(self, *, rows: int | None = None, seed: int | None = None) -> Plan:
        return self._ctx.plan(rows=rows, seed=seed)

    def throughput(self) -> Throughput:
        return self._ctx.source.throughput()

    def write_csv(
        self, out_dir: Path, *, rows: int | None = None, seed: int | None = None
    ) -> list[Path]:
        """`generate`'s rows as CSV files in `out_dir`, no database (files/csv_folder.py)."""
        folder = self.checked_path(out_dir, writing=True)  # before schema.sql is read
        check_seed(seed := self.config.sandbox.seed if seed is None else seed)
        plan = self.plan(rows=rows)  # a bad schema.sql is refused here, before load/ is imported
        from workbench.generate.load.csv_out import csv_file_name, write_csv

        out = CsvFolder(folder, [csv_file_name(t.name) for t in plan.tables])
        config, schema, parsed = self.config, self.schema(), self.parsed()
        return out.fill(lambda to: write_csv(schema, plan, config, to, seed=seed, parsed=parsed))

    def estimate(self, *, rows: int | None = None) -> Estimate:
        """Rows, bytes and seconds per table from schema and config alone (no database)."""
        return self._ctx.source.estimate(rows=rows)

    def estimate_with_table_rows(self, table: str, rows: int) -> Estimate:
        """The estimate as it would be with `table` at `rows` rows (sandbox.toml untouched:
        the edit screen's live figure before Save)."""
        from workbench.edit.toml import with_table_rows

        config = with_table_rows(self.config, table, rows)
        return self._ctx.with_config(config, cli_dsn=self._cli_dsn).source.estimate()

    def generators(self) -> list[str]:
        """The generator names a column may be given in sandbox.toml."""
        from workbench.generate.kinds.semantics import GENERATORS

        return list(GENERATORS)

    def column_decisions(self, describe: Any = str) -> dict[tuple[str, str], Any]:
        """Every column's generator decision by (table, column); a column whose inference
        fails gets an `explore.ErrorDecision` with `describe(err)` as its reason."""
        from workbench.reads.explore import column_decisions

        return column_decisions(self._ctx, describe)

    def preview(self, table: str, column: str, n: int = 10) -> list[Any]:
        """`n` values the generator would give the column, written nowhere."""
        from workbench.generate.load.preview import preview_column

        return list(preview_column(self.schema(), self.config, table, column, n=n))

    # --- editing sandbox.toml (written atomically, then used) -----------------------------

    def column_kind(self, table: str, column: str) -> str:
        """The kind of value a column holds (int, decimal, date, enum, text…): how a form
        reads what is typed for it."""
        from workbench.schema.typeinfo import column_kind

        return column_kind(self.schema(), table, column)

    def column_domain(self, table: str, column: str) -> str:
        """The values a column allows, in one line (its type, an enum's labels, its CHECKs)."""
        from workbench.generate.generators.value_domain import describe_column

        return describe_column(self.schema(), table, column)

    def preview_edit(self, edit: ConfigEdit) -> EditPreview:
        """What saving `edit` would write (the changed TOML) and, when it would be refused,
        why; sandbox.toml untouched."""
        from workbench.edit.toml import preview_edit

        return preview_edit(self.config, edit, self._schema_or_none())

    def save_edit(self, edit: ConfigEdit) -> Config:
        """Make `edit` in sandbox.toml (checked as generate checks it, written atomically,
        the rest of the file kept as written) and use the result from now on."""
        from workbench.edit.toml import save_edit

        config = save_edit(self.config, edit, self.schema())
        self.apply_config(config)
        return config

    def set_table_rows(self, table: str, rows: int) -> Config:
        from workbench.edit.toml import Edit

        return self.save_edit(Edit(table, rows=rows))

    def _schema_or_none(self) -> Schema | None:
        try:
            return self.schema()
        except WorkbenchError:
            return None

    # --- generate, reset, snapshot, lease, evidence (lifecycle/: build, reset, snapshots) -----

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
        self._ctx.source.file()  # a bad schema.sql is refused before the generator is imported
        from workbench.lifecycle import build

        check_rows(rows)
        check_seed(seed)
        ctx = self._ctx.for_call(on_event, cancel)
        return build.generate(ctx, rows=rows, seed=seed, resume=resume, keep_snapshot=keep_snapshot)

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
        from workbench.lifecycle import reset

        ctx = self._ctx.for_call(on_event, cancel)
        return reset.reset(ctx, rebuild=_full_reset, full=full, rows=rows, seed=seed)

    def generate_apart(
        self, *, on_event: EventSink = ignore, cancel: CancelToken | None = None
    ) -> dict[str, Any]:
        """`generate()` with the config's rows and seed, in a child process of its own
        (`workbench generate --yes --json`), its events passed on as they come: the caller's
        process keeps its GIL (the TUI stays responsive). Same result and errors."""
        from workbench.lifecycle.child_run import run_in_child

        return run_in_child(self.config.path, ["generate"], on_event, cancel)

    def reset_apart(
        self, *, on_event: EventSink = ignore, cancel: CancelToken | None = None
    ) -> dict[str, Any]:
        """`reset()` in a child process of its own, as `generate_apart` does."""
        from workbench.lifecycle.child_run import run_in_child

        return run_in_child(self.config.path, ["reset"], on_event, cancel)

    def changes(self) -> Changes:
        """What the sandbox holds that its last generate, reset or snapshot did not: what a reset
        or a generate would replace (`.any`, `.lines()`); one scan per table, read-only."""
        from workbench.lifecycle.changes import changes

        return changes(self._ctx)

    def undo_info(self) -> UndoInfo | None:
        """The database the last reset or generate replaced, if it is kept (no database)."""
        from workbench.lifecycle.undo import undo_info

        return undo_info(self._ctx)

    def undo(self) -> dict[str, Any]:
        """Bring back the database the last reset or generate replaced; the current one
        takes its place, so a second undo swaps back."""
        from workbench.lifecycle.undo import undo

        return undo(self._ctx)

    def seed_import(
        self,
        path: str | Path,
        *,
        on_event: EventSink = ignore,
        cancel: CancelToken | None = None,
    ) -> dict[str, Any]:
        """Import a masked seed (a pg_dump archive or data dump, or a folder of CSV files):
        every column through its recorded decision, scanned, then loaded with the other
        tables generated, snapshotted and leased (workbench/seed/importer.py)."""
        from workbench.seed.importer import import_seed

        return import_seed(self._ctx.for_call(on_event, cancel), Path(path))

    def snapshot(self, *, on_event: EventSink = ignore) -> dict[str, Any]:
        """Keep the sandbox's current state as the snapshot the next reset clones."""
        from workbench.lifecycle import snapshots

        return snapshots.snapshot(self._ctx.for_call(on_event))

    def lease(self) -> dict[str, Any] | None:
        """.workbench/lease.json with `expired` added, or None before the first build."""
        from workbench.records.lease import lease_info

        return lease_info(self.config.state_dir)

    def evidence(self, *, limit: int = 20, run_id: str | None = None) -> list[dict[str, Any]]:
        """The most recent runs (newest last), or the records of one run."""
        from workbench.records.evidence import read_records, summarise

        records = read_records(self.config.state_dir)
        if run_id is not None:
            return [r for r in records if str(r.get("run_id", "")).startswith(run_id)]
        return [run.to_dict() for run in summarise(records)[-limit:]]

    # --- runs: isolated clones of the snapshot, each with its roles and lease (fleet/runs.py) ----

    def run_start(
        self,
        *,
        run_id: str | None = None,
        capabilities: list[str] | None = None,
        ttl: str | None = None,
        owner_pid: int | None = None,
        by: str = "api",
    ) -> dict[str, Any]:
        """Clone the snapshot into a run of its own (database, roles, passfiles, lease), in
        parallel with other runs: its URL, lease and timings (fleet/runs.py)."""
        from workbench.fleet.runs import start_run

        return start_run(
            self._ctx, run_id=run_id, capabilities=capabilities, ttl=ttl, owner_pid=owner_pid, by=by
        )

    def run_lease(self) -> dict[str, Any]:
        """The bound run's lease (`run_id`), with its URL and whether it expired."""
        from workbench.fleet.runs import describe_run

        return describe_run(self._ctx, self._run)

    def runs(self) -> list[dict[str, Any]]:
        """The runs: lease, age, expiry, owner alive?, size; and leaked ones."""
        from workbench.fleet.runs import list_runs

        return list_runs(self._ctx)

    def run_reset(self, run_id: str) -> dict[str, Any]:
        """Return run `run_id` to the snapshot in place (same id, roles and URL)."""
        from workbench.fleet.runs import reset_run

        return reset_run(self._ctx, run_id)

    def run_end(self, run_id: str) -> dict[str, Any]:
        """Drop run `run_id`'s database and roles, then its lease."""
        from workbench.fleet.runs import end_run

        return end_run(self._ctx, run_id)

    def run_gc(self, *, orphans: bool = False, now: datetime | None = None) -> dict[str, Any]:
        """End expired runs, repair leaks (fleet/gc.py): each reported and in the evidence."""
        from workbench.fleet.gc import gc

        return gc(self._ctx, orphans=orphans, now=now)

    def metrics(self, *, since: str | None = None) -> dict[str, Any]:
        """Recovery figures from the evidence and the runs' leases (reads/metrics.py); `since`: a
        duration back from now ("24h") or a date."""
        from workbench.reads.metrics import project_metrics

        return project_metrics(self.config.state_dir, since)

    # --- rehearsing a migration (workbench/rehearse/) ------------------------------------

    def rehearse(
        self,
        files: Sequence[str | Path] = (),
        *,
        sql: str | None = None,
        rows: int | None = None,
        scale: str | None = None,
        budget: float = 120.0,
        lock_threshold: float = 1.0,
        timeout: float = 600.0,
        include_pending: bool = True,
        agent_limit: float | None = None,
        on_event: EventSink = ignore,
        cancel: CancelToken | None = None,
    ) -> Rehearsal:
        """Apply the migration files (or `sql`, an agent's text), after the project's pending
        migrations, on a throwaway clone of the snapshot, measuring every statement (time,
        locks and how long held, rewrites, index builds, rows, WAL) and drawing findings from
        the measurements. The sandbox is never touched. Needs `migrate`. `rows` fills a clone
        with that many rows per table instead; `scale="production"` fills one to the statistics'
        row counts, or measures at three smaller sizes within `budget` seconds of filling and
        projects each statement to production's rows. `agent_limit`: an agent's call."""
        from workbench.rehearse.rehearsal import Options, for_agent, rehearse
        from workbench.rehearse.source import read_migrations

        self.require("migrate", "rehearse")
        migrations = read_migrations(files, sql, check=self.checked_path)
        check_rows(rows)
        options = Options(lock_threshold=lock_threshold, timeout=timeout, scale=scale, rows=rows)
        options = for_agent(self.config, agent_limit, options, include_pending, budget)
        return rehearse(self._ctx.for_call(on_event, cancel), migrations, options)

    def explain(
        self,
        queries: Sequence[str],
        *,
        after: Sequence[str | Path] = (),
        after_sql: str | None = None,
        rows: int | None = None,
        include_pending: bool = True,
        timeout: float = 600.0,
        query_files: bool = False,
        agent_limit: float | None = None,
        on_event: EventSink = ignore,
        cancel: CancelToken | None = None,
    ) -> Rehearsal:
        """The plans of `queries` (SQL text; with `query_files`, which only the user's own
        command line and TUI pass, also .sql files of them) on a throwaway clone of
        the snapshot with production's statistics loaded, never run; with `after` (files) or
        `after_sql`, once more after that migration (and the project's pending ones), side
        by side; a changed plan is a finding. `rows` plans on a clone filled with that many
        rows per table (real page counts: I/O costs nearer production's). Needs `migrate`."""
        from workbench.rehearse.plans import read_queries
        from workbench.rehearse.rehearsal import Options, explain, for_agent
        from workbench.rehearse.source import read_migrations

        self.require("migrate", "explain")
        migrations = read_migrations(after, after_sql, check=self.checked_path)
        check_rows(rows)
        options = for_agent(
            self.config, agent_limit, Options(timeout=timeout, rows=rows), include_pending
        )
        ctx = self._ctx.for_call(on_event, cancel)
        checked = self.checked_path if query_files else None
        return explain(ctx, read_queries(list(queries), files=checked), migrations, options)

    def checked_path(self, path: Path, *, writing: bool = False) -> Path:
        """A file the user named (command line, TUI) as it may be read or written: refused
        when a link leads it out of the checkout or into .workbench/ (trust.checked_path)."""
        return checked_path(self.config, path, writing=writing)

    def launch_status(self) -> LaunchStatus:
        """Last run, seed, snapshot and lease as recorded in .workbench/ (no database)."""
        from workbench.reads.launch_status import launch_status

        return launch_status(self.config)

    def classify(self, *, write: bool = False) -> list[dict[str, Any]]:
        """Every column's generator decision; `write=True` records the unrecorded ones in
        sandbox.toml first, so they become the policy."""
        from workbench.reads.explore import classify, write_decisions

        self._ctx.source.check_config()
        if write:
            _, saved = write_decisions(self._ctx)
            if saved is not None:
                self.apply_config(saved)
        return classify(self._ctx)

    def check(self) -> dict[str, Any]:
        """Columns of schema.sql with no decision recorded in sandbox.toml (the CI gate)."""
        from workbench.reads.explore import check

        self._ctx.source.check_config()
        return check(self._ctx)


def _full_reset(*args: Any, **kwargs: Any) -> dict[str, Any]:
    """A reset's full path (lifecycle/rebuild.py): only a reset taking it imports the generator."""
    from workbench.lifecycle.rebuild import full_reset

    return full_reset(*args, **kwargs)


__all__ = [
    "MAX_ROWS",
    "MAX_SEED",
    "Engine",
    "SandboxStatus",
    "WorkbenchError",
    "check_rows",
    "check_seed",
]
