"""`generate`: build the sandbox from schema.sql, under the lock, with evidence.

The pipeline: pre-data (the database made anew, schema.sql's types and tables, the rows the
file carries), data (one committed transaction per table), post-data (indexes, constraints,
triggers), sequences, roles. Then, unless it runs inside a reset (which does the rest itself):
the result verified against schema.sql's fingerprint, kept as the snapshot, leased.

A run that was interrupted continues from its first incomplete table when the schema, config,
seed and rows still match: `Progress` is that resume state (.workbench/progress.json), kept in
this one place, and what it claims is checked against the database before it is trusted.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psycopg

from workbench import roles
from workbench.config import config_hash
from workbench.context import Context
from workbench.errors import Cancelled, GenerationError, WorkbenchError
from workbench.events import Event, EventSink, Info, PhaseChanged, PlanReady, TableDone, Warning
from workbench.fingerprints import (
    catalog_digest,
    database_fingerprint,
    file_fingerprint,
    schema_differences,
)
from workbench.leasing import Provenance, write_new_lease
from workbench.migrations import migrations_hash
from workbench.progress import verify_completed, wal_barrier
from workbench.runs import PhaseTracker, evidence_of, operation, outcome_of
from workbench.sandbox import recreate
from workbench.snapshots import take_snapshot
from workbench.state import atomic_write_json, read_json

PROGRESS_FILE = "progress.json"


def generation_key(ctx: Context, rows: int | None, seed: int) -> dict[str, Any]:
    """What identifies a generation's result: a resumed run must match all of it."""
    from workbench.schema.fingerprint import fingerprint

    return {
        "fingerprint": fingerprint(ctx.schema()),
        "config_hash": config_hash(ctx.config),
        "seed": seed,
        "rows": rows,
    }


@dataclass
class Progress:
    """The resume state of one generation: the phase reached ("pre", "data", "post",
    "done"), the tables committed and their rows; written atomically after every step, and
    only ever claiming what is durable in the database."""

    ctx: Context
    key: dict[str, Any]
    phase: str = "pre"
    completed: list[str] = field(default_factory=list)
    rows: dict[str, int] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)  # catalog and data fingerprints

    @property
    def path(self) -> Path:
        return self.ctx.state_dir / PROGRESS_FILE

    def save(self) -> None:
        record: dict[str, Any] = {"key": self.key, "phase": self.phase, **self.extra}
        record["completed"] = list(self.completed)
        if self.rows or self.phase != "pre":
            record["rows"] = dict(self.rows)
        atomic_write_json(self.path, record)

    @classmethod
    def recorded(cls, ctx: Context, key: dict[str, Any]) -> Progress | None:
        """The record of an interrupted run of this same generation, if any."""
        data = read_json(ctx.state_dir / PROGRESS_FILE)
        if not isinstance(data, dict) or data.get("key") != key:
            return None
        if data.get("phase") not in ("data", "post"):
            return None
        extra = {k: v for k, v in data.items() if k not in ("key", "phase", "completed", "rows")}
        return cls(
            ctx,
            key,
            phase=str(data["phase"]),
            completed=list(data.get("completed") or []),
            rows=dict(data.get("rows") or {}),
            extra=extra,
        )

    def as_record(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "phase": self.phase,
            "completed": self.completed,
            "rows": self.rows,
            **self.extra,
        }

    def verify(self, plan: Any) -> bool:
        """What the record claims, checked against the database: the catalog it was made
        on, and each completed table's row count. Keeps only the tables that verified;
        False when the run must start over."""
        ctx = self.ctx
        with ctx.guard.connect() as conn:
            digest = catalog_digest(conn) if self.phase == "data" else None
            verified = verify_completed(conn, ctx.schema(), plan, self.as_record(), digest)
        for note in verified.notes:
            ctx.events(Info(f"resume check: {note}"))
        if not verified.trusted:
            return False
        loaded = [t for t in plan.tables if t.rows or not t.file_rows]
        if self.phase == "post" and len(verified.completed) != len(loaded):
            ctx.events(Info("resume check: the data is not as recorded; starting over"))
            return False
        self.completed = list(verified.completed)
        self.rows = {t: n for t, n in self.rows.items() if t in verified.completed}
        return True

    def post_data_state(self) -> str:
        """Where a killed generation's post-data phase stands: "todo" (the database is
        exactly as the data phase left it), "done" (it matches schema.sql) or "partial"."""
        with self.ctx.guard.connect() as conn:
            current = database_fingerprint(conn)
        if self.extra.get("data_fingerprint") == current:
            return "todo"
        if current == file_fingerprint(self.ctx):
            return "done"
        return "partial"


def _resumable(ctx: Context, plan: Any, key: dict[str, Any], resume: bool) -> Progress | None:
    """The interrupted run to continue, verified; None to start over."""
    progress = Progress.recorded(ctx, key) if resume else None
    if progress is None or not ctx.db.database_exists() or not progress.verify(plan):
        return None
    return progress


def _pre_data(ctx: Context, parsed: Any, plan: Any, key: dict[str, Any]) -> Progress:
    """A new database with schema.sql's pre-data applied and the rows the file carries."""
    from workbench.schema.apply import apply_statements, load_file_rows

    on_event = ctx.events
    on_event(PhaseChanged("schema", "creating the database and applying pre-data"))
    # First forget the old progress: a kill below must never leave a record that claims
    # tables of an earlier run complete in the database made here.
    progress = Progress(ctx, key)
    progress.save()
    recreate(ctx)
    notices: list[str] = []
    with ctx.guard.connect() as conn:
        pre = apply_statements(conn, parsed, "pre", create_roles=ctx.config.sandbox.create_roles)
        notices.extend(pre.notices)
        file_tables = [t.name for t in plan.tables if t.file_rows]
        if file_tables:
            # The rows schema.sql carries (schema_migrations…) go in first, as they are:
            # the synthesized rows of other tables may reference them.
            on_event(PhaseChanged("data", "rows from schema.sql"))
            loaded = load_file_rows(conn, parsed, file_tables)
            notices.extend(loaded.notices)
            on_event(
                Info(
                    f"{plan.file_rows:,} rows from schema.sql loaded into "
                    f"{len(file_tables)} table(s)",
                    {"tables": {t.name: t.file_rows for t in plan.tables if t.file_rows}},
                )
            )
        # The record that follows claims pre-data: make it durable first.
        wal_barrier(conn)
        progress.extra["catalog_digest"] = catalog_digest(conn)
    for notice in dict.fromkeys(notices):
        on_event(Info(notice))
    progress.phase = "data"
    progress.save()
    return progress


def _recorder(progress: Progress, plan: Any) -> EventSink:
    """The event sink of the data phase: a table's TableDone is recorded once its
    transaction committed (with synchronous_commit on, load.py), so the record is durable.
    Tables of one transaction group (an FK cycle) commit together with the group's last."""
    group_of = {t.name: t.txn_group for t in plan.tables}
    group_last = {t.txn_group: t.name for t in plan.tables if t.txn_group}
    uncommitted: list[str] = []
    sink = progress.ctx.events

    def record(event: Event) -> None:
        if isinstance(event, TableDone):
            uncommitted.append(event.table)
            progress.rows[event.table] = event.rows
            group = group_of.get(event.table)
            if group is None or group_last.get(group) == event.table:
                progress.completed.extend(uncommitted)
                uncommitted.clear()
                progress.save()
        sink(event)

    return record


def _data(ctx: Context, parsed: Any, plan: Any, seed: int, progress: Progress) -> Any:
    """Fill the tables not yet complete, each in its own committed transaction."""
    from workbench.generate.load import load_data
    from workbench.schema.apply import FILE_SEARCH_PATH, set_load_settings, use_owner_role

    ctx.events(PhaseChanged("data", f"{sum(t.rows for t in plan.tables):,} rows"))
    cancel = ctx.cancel
    with ctx.guard.connect(autocommit=False) as conn:
        # Rows are written as the schema's owner role, never as a superuser: a default or
        # trigger of the file must not run with more privilege.
        use_owner_role(conn)
        conn.execute(FILE_SEARCH_PATH)  # defaults and triggers as the file wrote them
        set_load_settings(conn, parsed)
        conn.commit()
        unregister = cancel.register(conn.cancel_safe) if cancel else (lambda: None)
        try:
            report = load_data(
                conn,
                ctx.schema(),
                plan,
                ctx.config,
                seed=seed,
                on_event=_recorder(progress, plan),
                cancel=cancel,
                skip_tables=frozenset(progress.completed),
            )
        except psycopg.errors.QueryCanceled:
            raise Cancelled("Generation cancelled; completed tables are kept.") from None
        except GenerationError:
            # the tables already loaded stay: an INSERT with DEFAULT into them must not
            # collide with their rows while the schema is being fixed
            _advance_sequences_quietly(ctx)
            raise
        finally:
            unregister()
    with ctx.guard.connect() as conn:
        progress.extra["data_fingerprint"] = database_fingerprint(conn)
    progress.phase = "post"
    progress.save()
    return report


def _advance_sequences_quietly(ctx: Context) -> None:
    """Sequences past the rows of the tables a failed generate kept; best effort, so the
    generation error is what the user sees."""
    from workbench.generate.load import advance_sequences

    try:
        with ctx.guard.connect() as conn:
            advance_sequences(conn, ctx.schema())
    except (psycopg.Error, WorkbenchError):
        pass


def _post_data(ctx: Context, parsed: Any, progress: Progress, post_done: bool) -> None:
    """Indexes, constraints and triggers; sequences past the data; the roles and grants."""
    from workbench.generate.load import advance_sequences
    from workbench.schema.apply import apply_statements

    ctx.events(PhaseChanged("indexes and constraints"))
    with ctx.guard.connect() as conn:
        if not post_done:
            apply_statements(conn, parsed, "post", create_roles=ctx.config.sandbox.create_roles)
        ctx.events(PhaseChanged("sequences"))
        advance_sequences(conn, ctx.schema())
        # The application and read-only roles, with grants on what was just made.
        ctx.db.remember_roles(roles.setup(conn, ctx.config, file_roles=parsed.schema.roles))
        wal_barrier(conn)
    progress.phase = "done"
    progress.save()


def pipeline(
    ctx: Context, *, rows: int | None = None, seed: int | None = None, resume: bool = True
) -> dict[str, Any]:
    """Create the tables from schema.sql and fill them (see the module docstring); events go
    to `ctx.events`, and `ctx.cancel` stops the load at the next batch."""
    ctx.require("write", "generate")
    seed = ctx.config.sandbox.seed if seed is None else seed
    parsed = ctx.source.parsed()
    plan = ctx.plan(rows=rows, seed=seed)
    key = generation_key(ctx, rows, seed)
    total = sum(t.rows for t in plan.tables)
    ctx.events(PlanReady(tables=[t.to_dict() for t in plan.tables], total_rows=total))
    ctx.db.ensure_server()
    if ctx.embedded:
        ctx.events(Info(f"server: {ctx.db.server.resolve_binaries().summary()}"))
    progress = _resumable(ctx, plan, key, resume)
    post_done = False
    if progress is not None and progress.phase == "post":
        # Post-data runs statement by statement, so a kill there can leave it half
        # applied: continue only from none of it or all of it, else start over.
        state = progress.post_data_state()
        post_done = state == "done"
        progress = None if state == "partial" else progress
    resumed = progress is not None
    started = time.monotonic()
    if progress is not None:
        done = list(progress.completed)  # named, so a front end shows them as done at once
        ctx.events(Info(f"resuming: {len(done)} table(s) already complete", {"completed": done}))
    else:
        progress = _pre_data(ctx, parsed, plan, key)
    report = _data(ctx, parsed, plan, seed, progress) if progress.phase == "data" else None
    _post_data(ctx, parsed, progress, post_done)
    seconds = time.monotonic() - started
    if report is not None and not resumed:
        # calibrate() returns the new model (estimate.py); it needs the plan's estimate.
        throughput = ctx.source.throughput().calibrate(report, ctx.source.estimate(rows=rows))
        throughput.save(ctx.state_dir)
    return {
        **key,
        "rows_per_table": key["rows"],  # as asked for (None: sandbox.toml's)
        "tables": len(plan.tables),
        "rows": total,
        "seconds": round(seconds, 3),
        "resumed": resumed,
        "seed": seed,
    }


def generate(
    ctx: Context,
    *,
    rows: int | None = None,
    seed: int | None = None,
    resume: bool = True,
    keep_snapshot: bool = True,
) -> dict[str, Any]:
    """The pipeline under the lock, with evidence, a verification, a snapshot and a lease.
    Inside a reset (a context already in a run) only the pipeline runs: the reset does the
    rest."""
    ctx.require("write", "generate")
    nested = ctx.evidence is not None
    with operation(ctx, "generate", rows=rows, seed=seed) as run_ctx:
        run = evidence_of(run_ctx)
        tracker = PhaseTracker(run, run_ctx.events)
        try:
            call = run_ctx.for_call(tracker, run_ctx.cancel)
            result = pipeline(call, rows=rows, seed=seed, resume=resume)
        except BaseException as err:
            tracker.close(outcome_of(err), err)
            raise
        tracker.close()
        if nested:
            return result
        return _finish(run_ctx, result, rows=rows, seed=seed, keep_snapshot=keep_snapshot)


def _finish(
    ctx: Context,
    result: dict[str, Any],
    *,
    rows: int | None,
    seed: int | None,
    keep_snapshot: bool,
) -> dict[str, Any]:
    """After a generate of its own: verify, keep the snapshot, write the lease."""
    run = evidence_of(ctx)
    schema_fp = file_fingerprint(ctx)
    prov = Provenance(
        schema_fp,
        _verified_fingerprint(ctx, schema_fp),
        None,
        seed=result.get("seed"),
        rows=rows,
        seed_source="config" if seed is None else "explicit",
    )
    verified = prov.database_fp == prov.schema_fp
    snapshot_id = None
    # With migrations configured, a snapshot without them is of no use to reset.
    if keep_snapshot and verified and migrations_hash(ctx) is None:
        ctx.events(PhaseChanged("snapshot", "keeping this state for `workbench reset`"))
        with run.phase("snapshot") as phase:
            snapshot_id = take_snapshot(ctx, "generate", prov).snapshot_id
            phase.detail["snapshot_id"] = snapshot_id
    lease = write_new_lease(ctx, run, prov, snapshot_id=snapshot_id, built_by="generate")
    summary = {
        "rows": result.get("rows"),
        "tables": result.get("tables"),
        "resumed": result.get("resumed"),
        "fingerprints": {"schema": prov.schema_fp, "database": prov.database_fp},
        "snapshot_id": snapshot_id,
        "sandbox_id": lease.sandbox_id,
    }
    end = run.finish("ok", verified=verified, summary=summary)
    return {
        **result,
        "run_id": run.run_id,
        "verified": verified,
        "snapshot_id": snapshot_id,
        "recovery": end.get("recovery"),
    }


def _verified_fingerprint(ctx: Context, schema_fp: str) -> str:
    """The generated database's fingerprint, recorded as the verify phase; a difference from
    schema.sql is a warning (the build is kept, unverified)."""
    with evidence_of(ctx).phase("verify") as phase, ctx.guard.connect() as conn:
        database_fp = database_fingerprint(conn)
        phase.fingerprints.update(schema=schema_fp, database=database_fp)
        if database_fp != schema_fp:
            differences = schema_differences(ctx, conn)
            phase.detail["differences"] = differences
            ctx.events(
                Warning(
                    "the generated database's schema differs from schema.sql: "
                    + "; ".join(differences)
                )
            )
    return database_fp
