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
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import psycopg

from workbench.access import owner_seal, roles
from workbench.config.file import MISSING_EXTENSIONS
from workbench.context import Context
from workbench.errors import Cancelled, GenerationError, WorkbenchError
from workbench.events import Event, EventSink, Info, PhaseChanged, PlanReady, TableDone, Warning
from workbench.files.state import atomic_write_json, read_json
from workbench.generate.base.clock import run_now
from workbench.generate.load.copy import advance_sequences, load_data
from workbench.generate.plan import machine
from workbench.generate.plan.classify import temporary_line
from workbench.generate.plan.estimate_phases import RunShape
from workbench.generate.plan.fewer import planned
from workbench.lifecycle.changes import record_baseline
from workbench.lifecycle.emptied import replan
from workbench.lifecycle.fingerprints import (
    catalog_digest,
    check_applied,
    database_fingerprint,
    expected_database,
    file_fingerprint,
)
from workbench.lifecycle.leasing import Provenance, write_new_lease
from workbench.lifecycle.migrations import apply_migrations, migration_files, migrations_hash
from workbench.lifecycle.runs import PhaseTracker, cancellable, evidence_of, operation
from workbench.lifecycle.sandbox import check_replaceable, recreate
from workbench.lifecycle.snapshots import take_snapshot
from workbench.lifecycle.undo import restoring
from workbench.records.evidence import EvidenceRun, outcome_of
from workbench.records.progress import generation_key, progress_path, verify_completed, wal_barrier
from workbench.records.progress import unfinished as unfinished_build
from workbench.schema import icu_map, left_out, privilege
from workbench.schema.apply import apply_statements, check_privileges
from workbench.schema.load_settings import set_load_settings
from workbench.server import gaps as server_gaps


@dataclass(frozen=True)
class Preload:
    """Rows loaded before generation (a seed import, workbench/seed/): each table's count, the
    step that COPYs them on the load connection (in plan order, before the generated tables,
    whose foreign keys then point at them), and what the lease and evidence record of them
    (hashes, never a value or a path)."""

    rows: Mapping[str, int]
    copy_into: Callable[[Any, Any, EventSink], None]  # (load connection, plan, events)
    provenance: dict[str, Any]
    command: str = "seed import"


@dataclass
class Progress:
    """The resume state of one generation: the phase, the tables committed and their rows;
    written atomically after every step, only ever claiming what is durable in the database
    (a table's record is not flushed to the disk: a machine crash only makes it claim less)."""

    ctx: Context
    key: dict[str, Any]
    phase: str = "pre"
    completed: list[str] = field(default_factory=list)
    rows: dict[str, int] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)  # catalog and data fingerprints

    def save(self, *, durable: bool = True) -> None:
        record: dict[str, Any] = {"key": self.key, "phase": self.phase, **self.extra}
        record["completed"] = list(self.completed)
        if self.rows or self.phase != "pre":
            record["rows"] = dict(self.rows)
        atomic_write_json(progress_path(self.ctx.state_dir), record, durable=durable)

    @classmethod
    def recorded(cls, ctx: Context, key: dict[str, Any]) -> Progress | None:
        """The record of an interrupted run of this same generation, if any."""
        data = read_json(progress_path(ctx.state_dir))
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
        with ctx.guard.connect() as admin:
            digest = catalog_digest(admin) if self.phase == "data" else None
        # The rows are read as their owner, never in the administrator's session.
        with ctx.db.owner() as conn:
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
        if current == expected_database(self.ctx, file_fingerprint(self.ctx)):
            return "done"
        return "partial"


def _resumable(ctx: Context, plan: Any, key: dict[str, Any], resume: bool) -> Progress | None:
    """The interrupted run to continue, verified; None to start over."""
    progress = Progress.recorded(ctx, key) if resume else None
    if progress is None or not ctx.db.database_exists() or not progress.verify(plan):
        return None
    return progress


def _pre_data(
    ctx: Context, parsed: Any, plan: Any, key: dict[str, Any], preload: Preload | None = None
) -> Progress:
    """A new database with schema.sql's pre-data applied and the rows the file carries."""
    ctx.events(PhaseChanged("schema", "creating the database and applying pre-data"))
    check_replaceable(ctx)  # a refusal leaves the old progress record as it was
    # First forget the old progress: a kill below must never claim an earlier run's tables.
    replaces_unfinished = unfinished_build(ctx.state_dir)
    progress = Progress(ctx, key, extra={"clock": str(run_now(ctx.config))})
    progress.save()
    recreate(ctx, unfinished=replaces_unfinished, hold_previous=True)
    notices: list[str] = []
    with restoring(ctx), ctx.db.sandbox() as admin:  # schema.sql fails: all put back
        # ICU collations on a server without ICU: mapped where sandbox.toml says so, each
        # with a warning of what changes; else stopped here with the ways out.
        parsed, mapped = icu_map.prepare(admin, parsed, ctx.config.server.icu)
        for mapping in mapped:
            ctx.events(Warning(mapping.message()))
        seeded = preload.rows if preload is not None else {}
        file_tables = [t.name for t in plan.tables if t.file_rows and t.name not in seeded]
        with ctx.db.owner_session() as conn, cancellable(ctx, conn):
            # The rows schema.sql carries (schema_migrations, seed rows…) go in at their
            # place in the file, as psql would put them, with the file's other data
            # statements: the synthesized rows of other tables may reference them.
            pre = apply_statements(
                conn, parsed, "pre", file_rows=file_tables, **_apply_options(ctx, admin)
            )
            notices.extend(pre.notices)
            if file_tables:
                ctx.events(
                    Info(
                        f"{plan.file_rows - sum(seeded.values()):,} rows from schema.sql "
                        f"loaded into {len(file_tables)} table(s)",
                        {
                            "tables": {
                                t.name: t.file_rows for t in plan.tables if t.name in file_tables
                            }
                        },
                    )
                )
        # The record that follows claims pre-data: make it durable first.
        wal_barrier(admin)
        progress.extra["catalog_digest"] = catalog_digest(admin)
    for notice in dict.fromkeys(notices):
        ctx.events(Info(notice))
    progress.phase = "data"
    progress.save()
    return progress


def _apply_options(ctx: Context, admin: Any) -> dict[str, Any]:
    return {
        "admin": admin,
        "create_roles": ctx.config.sandbox.create_roles,
        "skip": ctx.config.schema.skip,
        "config_path": str(ctx.config.path),
        "timeout_s": ctx.config.schema.statement_timeout_seconds,
        "network_extensions": ctx.config.schema.network_extensions,
        "adopt_roles": ctx.embedded,
    }


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
            xids = progress.extra.setdefault("xids", [])
            if event.xid is not None and event.xid not in xids:
                xids.append(event.xid)
            group = group_of.get(event.table)
            if group is None or group_last.get(group) == event.table:
                progress.completed.extend(uncommitted)
                uncommitted.clear()
                progress.save(durable=False)
        sink(event)

    return record


def _data(
    ctx: Context,
    parsed: Any,
    plan: Any,
    seed: int,
    progress: Progress,
    preload: Preload | None = None,
) -> Any:
    """Fill the tables not yet complete, each in its own committed transaction (a preload's
    rows first, in one)."""
    if preload is None:
        ctx.events(PhaseChanged("data", f"{sum(t.rows for t in plan.tables):,} rows"))
    cancel = ctx.cancel
    # Rows are written on the owner role's own login, never in a superuser's session: a
    # default, a CHECK or a trigger of the file runs with no more privilege than the file.
    with ctx.db.owner_session(autocommit=False) as conn:
        set_load_settings(conn, parsed)
        conn.commit()
        unregister = cancel.register(conn.cancel_safe) if cancel else (lambda: None)
        try:
            if preload is not None:
                ctx.events(PhaseChanged("seed rows", f"{sum(preload.rows.values()):,} rows"))
                preload.copy_into(conn, plan, ctx.events)
                ctx.events(PhaseChanged("data", f"{sum(t.rows for t in plan.tables):,} rows"))
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
    with ctx.db.sandbox() as conn:
        progress.extra["data_fingerprint"] = database_fingerprint(conn)
    progress.phase = "post"
    progress.save()
    return report


def _advance_sequences_quietly(ctx: Context) -> None:
    """Sequences past the rows of the tables a failed generate kept; best effort, so the
    generation error is what the user sees."""
    try:
        with ctx.db.owner() as conn:
            advance_sequences(conn, ctx.schema())
    except (psycopg.Error, WorkbenchError):
        pass


def _post_data(ctx: Context, parsed: Any, progress: Progress, post_done: bool) -> None:
    """Indexes, constraints and triggers; sequences past the data. No grant yet: nobody but
    the workbench reaches the database until the run is verified (`grant_access`)."""
    ctx.events(PhaseChanged("indexes and constraints"))
    with ctx.db.sandbox() as admin:
        with ctx.db.owner_session() as conn, cancellable(ctx, conn):
            if not post_done:
                apply_statements(conn, parsed, "post", **_apply_options(ctx, admin))
            ctx.events(PhaseChanged("sequences"))
            advance_sequences(conn, ctx.schema())
        wal_barrier(admin)
    progress.phase = "done"
    progress.save()


def _fit_to_server(
    ctx: Context,
    plan: Any,
    rows: int | None,
    seed: int,
    preloaded: Mapping[str, int] | None = None,
    clock: object = None,
) -> tuple[Context, Any]:
    """The context and plan this run generates with (the generation's key stays
    sandbox.toml's): xml columns NULL on a server without libxml (server_gaps, with a
    warning), and one clock: the interrupted run's it resumes (`clock`, progress.json's), else
    this run's (a fitted copy of the config would read the wall clock again)."""
    with ctx.db.maintenance(replacing=False) as conn:
        has_xml = server_gaps.server_has_xml(conn)
    config, warnings = server_gaps.without_xml(ctx.config, ctx.schema(), has_xml)
    clock = clock if isinstance(clock, str) else str(run_now(ctx.config))
    if clock != str(run_now(config)):
        config = replace(config, generate=replace(config.generate, now=clock))
    if config is ctx.config:
        return ctx, plan
    for warning in warnings:
        ctx.events(Warning(warning))
    ctx = replace(ctx, config=config, source=ctx.source.with_config(config))
    return ctx, ctx.plan(rows=rows, seed=seed, preloaded=preloaded)


def grant_access(ctx: Context) -> None:
    """At the end of a verified run, once: the application and read-only roles reach the
    database and what it holds (a clone starts with the default database ACL)."""
    with ctx.db.sandbox() as conn:
        state = owner_seal.setup(conn, ctx.config, file_roles=ctx.source.parsed().schema.roles)
    ctx.db.remember_roles(state)
    if state.available:
        # What the owner role made, granted by its owner (an administrator that is not a
        # superuser may not grant on it).
        with ctx.db.owner_session() as owner:
            roles.grant_objects(owner, state.roles, [state.roles.owner])


def pipeline(
    ctx: Context,
    *,
    rows: int | None = None,
    seed: int | None = None,
    resume: bool = True,
    preload: Preload | None = None,
) -> dict[str, Any]:
    """Create the tables from schema.sql and fill them (see the module docstring); events go
    to `ctx.events`, and `ctx.cancel` stops the load at the next batch."""
    ctx.require("write", "generate")
    probed = time.time()
    machine.measure(ctx.state_dir)  # how busy the machine is as the run starts (calibration)
    seed = ctx.config.sandbox.seed if seed is None else seed
    left = _leave_out_missing(ctx)
    parsed = ctx.source.parsed()
    plan = ctx.plan(rows=rows, seed=seed, preloaded=preload.rows if preload else None)
    key = generation_key(ctx.schema(), ctx.config, rows, seed)
    if preload is not None:  # a seeded build never resumes a generated one, nor the reverse
        key["seed_import"] = preload.provenance.get("seed_hash")
        resume = False
    total = sum(t.rows for t in plan.tables)
    ctx.events(PlanReady(tables=[planned(plan, t) for t in plan.tables], total_rows=total))
    ctx.db.ensure_server()
    # What the file asks that needs a superuser is refused before the sandbox is touched.
    with ctx.db.maintenance(replacing=False) as conn:
        schema = ctx.config.schema
        left_out_of_file = check_privileges(
            conn, parsed, schema.skip, str(ctx.config.path), schema.network_extensions
        )
    for line in (privilege.left_out_line(parsed, left_out_of_file), temporary_line(ctx.schema())):
        if line:
            ctx.events(Info(line))
    if ctx.embedded:
        ctx.events(Info(f"server: {ctx.db.server.resolve_binaries().summary()}"))
    recorded = Progress.recorded(ctx, key) if resume else None
    clock = recorded.extra.get("clock") if recorded is not None else None
    ctx, plan = _fit_to_server(ctx, plan, rows, seed, preload.rows if preload else None, clock)
    progress = _resumable(ctx, plan, key, resume)
    post_done = False
    if progress is not None and progress.phase == "post":
        # Post-data runs statement by statement; a kill may leave it half: all or none, else over.
        state = progress.post_data_state()
        post_done = state == "done"
        progress = None if state == "partial" else progress
    resumed = progress is not None
    started = time.monotonic()
    if progress is not None:
        done = list(progress.completed)  # named, so a front end shows them as done at once
        ctx.events(Info(f"resuming: {len(done)} table(s) already complete", {"completed": done}))
    else:
        progress = _pre_data(ctx, parsed, plan, key, preload)
    plan = replan(ctx, plan, rows, seed, preload)  # tables the file filled and emptied again
    report = _data(ctx, parsed, plan, seed, progress, preload) if progress.phase == "data" else None
    _post_data(ctx, parsed, progress, post_done)
    seconds = time.monotonic() - started
    if report is not None and not resumed and preload is None:
        # calibrate() returns the new model (estimate.py); it needs the plan's estimate.
        throughput = ctx.source.throughput().calibrate(
            report, ctx.source.estimate(rows=rows), machine.during(probed, ctx.state_dir)
        )
        throughput.save(ctx.state_dir)
    return {
        **key,
        "rows_per_table": key["rows"],  # as asked for (None: sandbox.toml's)
        "tables": len(plan.tables),
        "rows": sum(t.rows for t in plan.tables) - (report.short if report is not None else 0),
        **(report.shortfall() if report is not None else {}),  # dropped, left out: per table
        "seconds": round(seconds, 3),
        "resumed": resumed,
        "seed": seed,
        "now": str(run_now(ctx.config)),  # the run's clock: histories end at it
        **({"seed_import": preload.provenance} if preload is not None else {}),
        **({"left_out": left} if left else {}),
    }


def _leave_out_missing(ctx: Context) -> dict[str, Any]:
    """`[schema] skip = ["missing-extensions"]`: ask the server which of schema.sql's
    extensions it lacks, record its answer (every later reading of the file leaves out what
    needs them, schema/left_out.py), and say what is left out. Returns that, or {}."""
    if MISSING_EXTENSIONS not in ctx.config.schema.skip:
        return {}
    ctx.db.ensure_server()
    with ctx.db.maintenance(replacing=False) as conn:
        gaps = left_out.probe(conn, ctx.source.file())
    ctx.source.record_gaps(gaps)
    if not gaps.extensions:
        return {}
    tables = ctx.source.left_out_tables()
    others = [
        st for st in ctx.source.parsed().statements
        if st.reason.startswith("left out") and not st.kind.startswith("CREATE TABLE")
    ]  # fmt: skip
    places = ", ".join(str(st.source) for st in others[:6]) + (" …" if len(others) > 6 else "")
    exts = ", ".join(gaps.extensions)
    ctx.events(
        Warning(
            f"{exts}: this server cannot create {'them' if len(gaps.extensions) > 1 else 'it'}"
            f', so [schema] skip = ["{MISSING_EXTENSIONS}"] leaves out what needs '
            f"{'them' if len(gaps.extensions) > 1 else 'it'}: "
            + (f"tables skipped: {', '.join(tables)}" if tables else "no table")
            + (f"; {len(others)} other statement(s) ({places})" if others else "")
        )
    )
    return {
        "extensions": list(gaps.extensions),
        "tables": tables,
        "statements": [str(st.source) for st in others],
    }


def generate(
    ctx: Context,
    *,
    rows: int | None = None,
    seed: int | None = None,
    resume: bool = True,
    keep_snapshot: bool = True,
    preload: Preload | None = None,
) -> dict[str, Any]:
    """The pipeline under the lock, with evidence, a verification, a snapshot and a lease.
    Inside a reset (a context already in a run) only the pipeline runs: the reset does the rest."""
    ctx.require("write", "generate")
    nested = ctx.evidence is not None
    if not nested and migration_files(ctx):
        ctx.require("migrate", "applying the migrations folder after the data")
    command = preload.command if preload is not None else "generate"
    extra = {"seed_import": preload.provenance} if preload is not None else {}
    with operation(ctx, command, rows=rows, seed=seed, **extra) as run_ctx:
        run = evidence_of(run_ctx)
        # before the run: whether it replaces a snapshot is part of what it costs
        shape = None if nested else run_ctx.source.run_shape(keep_snapshot=keep_snapshot)
        tracker = PhaseTracker(run, run_ctx.events)
        try:
            call = run_ctx.for_call(tracker, run_ctx.cancel)
            result = pipeline(call, rows=rows, seed=seed, resume=resume, preload=preload)
        except BaseException as err:
            tracker.close(outcome_of(err), err)
            raise
        tracker.close()
        if shape is None:
            return result
        done = _finish(
            run_ctx, result, rows=rows, seed=seed, keep_snapshot=keep_snapshot, command=command
        )
        if not result.get("resumed") and preload is None:
            _calibrate_phases(run_ctx, run, shape, rows)
        return done


def _calibrate_phases(ctx: Context, run: EvidenceRun, shape: RunShape, rows: int | None) -> None:
    """Fit the estimate's phases to this whole run (estimate_phases.py): its work as the
    model estimates it now (the data model was fitted to this run already, in `pipeline`)."""
    total = time.monotonic() - run.started
    factor = machine.during(time.time() - total, ctx.state_dir)
    work = ctx.source.estimate(rows=rows).work
    throughput = ctx.source.throughput().calibrate_phases(
        shape, work, run.phase_seconds, total, factor
    )
    throughput.save(ctx.state_dir)


def _finish(
    ctx: Context,
    result: dict[str, Any],
    *,
    rows: int | None,
    seed: int | None,
    keep_snapshot: bool,
    command: str = "generate",
) -> dict[str, Any]:
    """After a generate of its own: verify, keep the snapshot, write the lease."""
    run = evidence_of(ctx)
    schema_fp = file_fingerprint(ctx)
    database_fp, verified = _verified_fingerprint(ctx, schema_fp)
    migrated = apply_migrations(ctx, run, ctx.events) if migration_files(ctx) else []
    if migrated:
        # the migrations folder, applied after the data as a full reset does (lifecycle.md)
        with run.phase("verify migrations") as phase, ctx.guard.connect() as conn:
            database_fp = database_fingerprint(conn)
            phase.fingerprints.update(schema=schema_fp, database=database_fp)
    prov = Provenance(
        schema_fp,
        database_fp,
        migrations_hash(ctx),
        seed=result.get("seed"),
        rows=rows,
        seed_source="config" if seed is None else "explicit",
        seed_import=result.get("seed_import"),
        clock=result.get("now"),
    )
    grant_access(ctx)
    snapshot_id = None
    if keep_snapshot and verified:
        ctx.events(PhaseChanged("snapshot", "keeping this state for `workbench reset`"))
        with run.phase("snapshot") as phase:
            snapshot_id = take_snapshot(ctx, command, prov).snapshot_id
            phase.detail["snapshot_id"] = snapshot_id
    lease = write_new_lease(ctx, run, prov, snapshot_id=snapshot_id, built_by=command)
    summary = {
        "rows": result.get("rows"),
        "tables": result.get("tables"),
        "resumed": result.get("resumed"),
        "fingerprints": {"schema": prov.schema_fp, "database": prov.database_fp},
        "snapshot_id": snapshot_id,
        "sandbox_id": lease.sandbox_id,
        **({"seed_import": prov.seed_import} if prov.seed_import else {}),
        **({"dropped": result["dropped"]} if result.get("dropped") else {}),
    }
    record_baseline(ctx, command)
    end = run.finish("ok", verified=verified, summary=summary)
    return {
        **result,
        **({"migrations": migrated} if migrated else {}),
        "run_id": run.run_id,
        "verified": verified,
        "snapshot_id": snapshot_id,
        "recovery": end.get("recovery"),
        # the whole run (schema to snapshot), where `seconds` is the build's rows alone
        "run_seconds": end.get("seconds"),
    }


def _verified_fingerprint(ctx: Context, schema_fp: str) -> tuple[str, bool]:
    """The generated database's fingerprint and whether it is what schema.sql gives
    (fingerprints.check_applied), recorded as the verify phase; a difference is a warning
    (the build is kept, unverified)."""
    with evidence_of(ctx).phase("verify") as phase, ctx.db.sandbox() as conn:
        database_fp = database_fingerprint(conn)
        phase.fingerprints.update(schema=schema_fp, database=database_fp)
        differences, gap = check_applied(ctx, conn, schema_fp, database_fp)
        if gap:
            phase.detail["model_gap"] = gap
        if differences:
            phase.detail["differences"] = differences
            message = "; ".join(differences)
            ctx.events(Warning(f"the schema differs from what schema.sql gave before: {message}"))
    return database_fp, not differences
