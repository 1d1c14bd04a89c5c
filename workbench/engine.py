"""The one facade every front end calls (CLI, TUI, MCP, Python API).

An `Engine` is bound to one sandbox.toml. It builds the `Context` (context.py) and hands it
to the operation modules (build, reset, snapshots, sandbox, doctor, explore, distribution),
which never import this module. Each operation validates, goes through the guard for every
connection, reports progress as events and raises `WorkbenchError`s with a clear message.
Front ends use only this class and the result types it returns.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import TYPE_CHECKING, Any

import psycopg

from workbench.config import MAX_ROWS, Config, load_config
from workbench.context import MAX_SEED, Context, check_rows, check_seed
from workbench.errors import WorkbenchError
from workbench.events import CancelToken, EventSink, ignore
from workbench.guard import Guard, Target
from workbench.sandbox import SandboxStatus
from workbench.server import EmbeddedServer

if TYPE_CHECKING:
    from workbench.browse import Page
    from workbench.config_edit import Edit as ConfigEdit
    from workbench.config_edit import EditPreview
    from workbench.distribution import Distribution
    from workbench.generate.estimate import Estimate, Throughput
    from workbench.generate.plan import Plan
    from workbench.launch_status import LaunchStatus
    from workbench.roles import RoleStatus
    from workbench.schema.model import Schema
    from workbench.schema.parse import ParsedFile


class Engine:
    def __init__(
        self,
        config: Config | str | Path | None = None,
        *,
        cli_dsn: str | None = None,
    ) -> None:
        self._cli_dsn = cli_dsn
        loaded = config if isinstance(config, Config) else load_config(config)
        self._ctx = Context.build(loaded, cli_dsn=cli_dsn)

    # --- what the engine is bound to ------------------------------------------------------

    @property
    def config(self) -> Config:
        return self._ctx.config

    @property
    def guard(self) -> Guard:
        return self._ctx.guard

    @property
    def context(self) -> Context:
        """The context the operations receive (for a new operation module's tests)."""
        return self._ctx

    def apply_config(self, config: Config) -> None:
        """Use a changed sandbox.toml from now on (written by the caller or an edit):
        guard, connections and plan all follow it together."""
        self._ctx = self._ctx.with_config(config, cli_dsn=self._cli_dsn)

    def reload_config(self) -> bool:
        """Read sandbox.toml again from disk (it may have been edited by hand) and use it when
        what it says changed; True when it did. ConfigError when it no longer loads: the
        engine keeps the last good one. schema.sql needs no reload: its parse is cached by
        the file's stamp."""
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

    # --- up / down / status / env (sandbox.py) --------------------------------------------

    def up(self) -> SandboxStatus:
        """Start the embedded cluster if it is the target, create the sandbox database with
        its marker when missing, claim an existing one only if it holds no user tables."""
        from workbench import sandbox

        return sandbox.up(self._ctx)

    def down(self) -> bool:
        """Drop the sandbox database (only when it carries the marker or is empty)."""
        from workbench import sandbox

        return sandbox.down(self._ctx)

    def status(self) -> SandboxStatus:
        from workbench import sandbox

        return sandbox.status(self._ctx)

    def database_url(self) -> dict[str, Any]:
        """The sandbox URL for the application under test (its application role)."""
        from workbench import sandbox

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

    def estimate(self, *, rows: int | None = None) -> Estimate:
        """Rows, bytes and seconds per table from schema and config alone (no database)."""
        return self._ctx.source.estimate(rows=rows)

    def estimate_with_table_rows(self, table: str, rows: int) -> Estimate:
        """The estimate as it would be with `table` at `rows` rows (sandbox.toml untouched:
        the edit screen's live figure before Save)."""
        from workbench.config import TableSection

        config = copy.deepcopy(self.config)
        section = copy.deepcopy(config.tables.get(table)) or TableSection()
        section.rows, section.children = rows, None
        config.tables[table] = section
        return self._ctx.with_config(config, cli_dsn=self._cli_dsn).source.estimate()

    def generators(self) -> list[str]:
        """The generator names a column may be given in sandbox.toml."""
        from workbench.generate.semantics import GENERATORS

        return list(GENERATORS)

    def column_decisions(self, describe: Any = str) -> dict[tuple[str, str], Any]:
        """Every column's generator decision by (table, column); a column whose inference
        fails gets an `explore.ErrorDecision` with `describe(err)` as its reason."""
        from workbench.explore import column_decisions

        return column_decisions(self._ctx, describe)

    def preview(self, table: str, column: str, n: int = 10) -> list[Any]:
        """`n` values the generator would give the column, written nowhere."""
        from workbench.generate.preview import preview_column

        return list(preview_column(self.schema(), self.config, table, column, n=n))

    # --- editing sandbox.toml (written atomically, then used) -----------------------------

    def column_kind(self, table: str, column: str) -> str:
        """The kind of value a column holds (int, decimal, date, enum, text…): how a form
        reads what is typed for it."""
        from workbench.generate.types import resolve_type

        found = self.schema().tables.get(table)
        col = next((c for c in found.columns if c.name == column), None) if found else None
        if col is None:
            return "text"
        info = resolve_type(self.schema(), col.type)
        return "text" if info.array_dims else info.kind

    def column_domain(self, table: str, column: str) -> str:
        """The values a column allows, in one line (its type, an enum's labels, its CHECKs)."""
        from workbench.generate.value_domain import describe_domain

        found = self.schema().tables.get(table)
        col = next((c for c in found.columns if c.name == column), None) if found else None
        return describe_domain(self.schema(), found, col) if found and col else ""

    def preview_edit(self, edit: ConfigEdit) -> EditPreview:
        """What saving `edit` would write (the changed TOML) and, when it would be refused,
        why; sandbox.toml untouched."""
        from workbench.config_edit import preview_edit

        return preview_edit(self.config, edit, self._schema_or_none())

    def save_edit(self, edit: ConfigEdit) -> Config:
        """Make `edit` in sandbox.toml (checked as generate checks it, written atomically,
        the rest of the file kept as written) and use the result from now on."""
        from workbench.config_edit import save_edit

        config = save_edit(self.config, edit, self.schema())
        self.apply_config(config)
        return config

    def set_table_rows(self, table: str, rows: int) -> Config:
        from workbench.config_edit import Edit

        return self.save_edit(Edit(table, rows=rows))

    def _schema_or_none(self) -> Schema | None:
        try:
            return self.schema()
        except WorkbenchError:
            return None

    # --- generate, reset, snapshot, lease, evidence (build.py, reset.py, snapshots.py) -----

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
        from workbench import build

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
        from workbench import reset

        check_rows(rows)
        check_seed(seed)
        return reset.reset(self._ctx.for_call(on_event, cancel), full=full, rows=rows, seed=seed)

    def snapshot(self, *, on_event: EventSink = ignore) -> dict[str, Any]:
        """Keep the sandbox's current state as the snapshot the next reset clones."""
        from workbench import snapshots

        return snapshots.snapshot(self._ctx.for_call(on_event))

    def lease(self) -> dict[str, Any] | None:
        """.workbench/lease.json with `expired` added, or None before the first build."""
        from workbench.lease import lease_info

        return lease_info(self.config.state_dir)

    def evidence(self, *, limit: int = 20, run_id: str | None = None) -> list[dict[str, Any]]:
        """The most recent runs (newest last), or the records of one run."""
        from workbench.evidence import read_records, summarise

        records = read_records(self.config.state_dir)
        if run_id is not None:
            return [r for r in records if str(r.get("run_id", "")).startswith(run_id)]
        return [run.to_dict() for run in summarise(records)[-limit:]]

    # --- doctor and the read-only looks (doctor.py, explore.py, distribution.py) ----------

    def doctor(self) -> list[dict[str, Any]]:
        from workbench.doctor import run_doctor

        return [check.to_dict() for check in run_doctor(self._ctx)]

    def row_counts(self) -> dict[str, int | None]:
        """Exact row counts of the schema's tables in the sandbox (None: table absent)."""
        from workbench.explore import row_counts

        return row_counts(self._ctx)

    def sample(self, table: str, limit: int = 10) -> dict[str, Any]:
        """A few rows of one table (capped at 100), read in a READ ONLY transaction."""
        from workbench.explore import sample

        return sample(self._ctx, table, limit).to_dict()

    def browse(self, table: str, offset: int = 0, limit: int = 50) -> Page:
        """One page of a table's rows in primary-key order, as the read-only role, values
        cut to a display width, personal columns named (the TUI's row browser)."""
        from workbench.browse import page

        return page(self._ctx, table, offset, limit)

    def launch_status(self) -> LaunchStatus:
        """Last run, seed, snapshot and lease as recorded in .workbench/ (no database)."""
        from workbench.launch_status import launch_status

        return launch_status(self.config)

    def query(self, sql_text: str, limit: int = 100, timeout_ms: int = 5000) -> dict[str, Any]:
        """One SQL statement in a READ ONLY transaction with a statement timeout, rolled
        back afterwards; rows capped at `limit` (at most 1000)."""
        from workbench.explore import query

        return query(self._ctx, sql_text, limit, timeout_ms).to_dict()

    def distribution(self, table: str, column: str, *, bins: int = 20) -> Distribution:
        """Planned vs actual distribution of one column (`.to_dict()` for the numbers)."""
        from workbench.distribution import distribution

        return distribution(self._ctx, table, column, bins=bins)

    def export_distributions(self, dists: list[dict[str, Any]], when: str) -> Any:
        """Append the reviewed distributions to distribution-report.md (an `Exported`)."""
        from workbench.distribution_report import export_report

        return export_report(self._ctx, dists, when)

    def classify(self, *, write: bool = False) -> list[dict[str, Any]]:
        """Every column's generator decision; `write=True` records the unrecorded ones in
        sandbox.toml first, so they become the policy."""
        from workbench.explore import classify, write_decisions
        from workbench.generate.config_check import check_config_against_schema

        check_config_against_schema(self.config, self.schema())
        if write:
            _, saved = write_decisions(self._ctx)
            if saved is not None:
                self.apply_config(saved)
        return classify(self._ctx)

    def check(self) -> dict[str, Any]:
        """Columns of schema.sql with no decision recorded in sandbox.toml (the CI gate)."""
        from workbench.explore import check
        from workbench.generate.config_check import check_config_against_schema

        check_config_against_schema(self.config, self.schema())
        return check(self._ctx)


__all__ = [
    "MAX_ROWS",
    "MAX_SEED",
    "Engine",
    "SandboxStatus",
    "WorkbenchError",
    "check_rows",
    "check_seed",
]
