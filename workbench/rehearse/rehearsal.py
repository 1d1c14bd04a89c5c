"""`workbench rehearse`: a migration applied on a throwaway clone, measured statement by
statement, judged from the measurements; reports kept beside the evidence.

The steps: read the files (and the project's pending migrations), clone the snapshot,
count the rows of its tables, apply and measure (apply.py), draw the findings (findings.py),
drop the clone, write the reports. The sandbox is never connected to; its snapshot is only
named as a template, under the sandbox's lock, for the moment of the copy.
"""

from __future__ import annotations

import contextlib
import hashlib
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import psycopg
from psycopg import sql

from workbench.config.file import Config
from workbench.context import Context
from workbench.errors import UsageError
from workbench.events import PhaseChanged
from workbench.files.state import atomic_write_json, atomic_write_text
from workbench.generate.plan.personal import personal_columns
from workbench.lifecycle.snapshots import read_snapshot
from workbench.records.evidence import EvidenceRun, outcome_of
from workbench.rehearse import clone as clones
from workbench.rehearse.apply import Applied, apply_migrations
from workbench.rehearse.deadline import Deadline
from workbench.rehearse.fill import fill
from workbench.rehearse.findings import Finding, RuleContext, findings_for
from workbench.rehearse.inject import inject
from workbench.rehearse.plans import Compared, plan_all, plan_findings
from workbench.rehearse.report import markdown_report, text_report
from workbench.rehearse.results import ROUNDED, StatementResult
from workbench.rehearse.scale import (
    DEFAULT_BUDGET,
    Projection,
    Size,
    plan_at,
    production_rows,
    project,
    sizes_for,
)
from workbench.rehearse.source import (
    Migration,
    migrations_digest,
    pending_migrations,
    split_migrations,
)
from workbench.rehearse.squawk import lint, merge
from workbench.rehearse.withheld import mask_literals, withhold_names
from workbench.stats.load import load_statistics

REPORTS = "rehearsals"
DEFAULT_LOCK_THRESHOLD = 1.0
DEFAULT_TIMEOUT = 600.0


@dataclass
class Options:
    lock_threshold: float = DEFAULT_LOCK_THRESHOLD  # seconds
    timeout: float = DEFAULT_TIMEOUT  # per statement, seconds
    include_pending: bool = True
    rows: int | None = None  # fill a clone with N rows per table instead of the snapshot
    scale: str | None = None  # "production": the statistics' row counts (scale.py)
    budget: float = DEFAULT_BUDGET  # seconds the largest fill may take (by the estimate)
    # An agent's rehearsal (MCP): a wall-clock limit on the sessions its SQL runs in, held
    # from outside them (deadline.py), and error texts reduced to their condition when it
    # may not read rows (results.error_text).
    deadline: float | None = None  # seconds per clone, from its first session
    withhold_errors: bool = False
    until: float | None = None  # the deadline as a time.monotonic() value (set by _run)

    def check(self) -> None:
        if not 0 <= self.lock_threshold <= 86400:
            raise UsageError(
                f"the lock threshold must be 0 to 86400 seconds, got {self.lock_threshold}."
            )
        if not 0 < self.timeout <= 86400:
            raise UsageError(f"the statement timeout must be 1 to 86400 s, got {self.timeout}.")
        if not 1 <= self.budget <= 86400:
            raise UsageError(f"the fill budget must be 1 to 86400 seconds, got {self.budget}.")
        if self.deadline is not None and not 0 < self.deadline <= 86400:
            raise UsageError(f"the deadline must be 1 to 86400 s, got {self.deadline}.")


@dataclass
class Rehearsal:
    migration_hash: str
    migrations: list[Migration]
    clone: dict[str, Any] = field(default_factory=dict)
    scale: dict[str, Any] = field(default_factory=dict)
    applied: Applied = field(default_factory=Applied)
    findings: list[Finding] = field(default_factory=list)
    squawk: dict[str, Any] = field(default_factory=dict)
    compared: list[Compared] = field(default_factory=list)
    projection: Projection | None = None
    statistics: dict[str, Any] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    run_id: str = ""
    reports: dict[str, str] = field(default_factory=dict)
    seconds: float = 0.0
    # What someone wrote (written_texts), set for a caller without `read`: every answer and
    # report then withholds the names and literals the migration computed (withhold_names)
    written: list[str] | None = None

    @property
    def failed(self) -> bool:
        return self.applied.failure is not None

    def to_dict(self) -> dict[str, Any]:
        data = {
            "migration_hash": self.migration_hash,
            "files": [
                {
                    "name": m.name,
                    "sha256": m.sha,
                    "pending": m.pending,
                    "statements": len(m.statements),
                }
                for m in self.migrations
            ],
            "clone": self.clone,
            "scale": self.scale,
            "statements": [self._statement(st) for st in self.applied.statements],
            "failure": self.applied.failure.to_dict() if self.applied.failure else None,
            "findings": [f.to_dict() for f in self.findings],
            "squawk": self.squawk,
            "plans": [c.to_dict() for c in self.compared],
            "statistics": self.statistics,
            "notes": self.notes,
            "run_id": self.run_id,
            "reports": self.reports,
            "seconds": round(self.seconds, 3),
        }
        return data if self.written is None else withhold_names(data, self.written)

    def _statement(self, st: StatementResult) -> dict[str, Any]:
        out = st.to_dict()
        key = (st.file, st.index)
        if self.projection is not None and key in self.projection.projected:
            proj = self.projection.projected[key]
            out["projected"] = {
                "seconds": round(proj.seconds, 4),
                "wal_bytes": round(proj.wal_bytes),
                "rows": round(proj.rows),
                "held_seconds": {t: round(v, 4) for t, v in proj.held.items()},
                "model": proj.model,
                "fits": self.projection.fits[key],
            }
        return out

    def text(self) -> str:
        return text_report(self.to_dict())

    def markdown(self) -> str:
        return markdown_report(self.to_dict())


def for_agent(
    config: Config,
    limit: float | None,
    options: Options,
    include_pending: bool = True,
    budget: float = DEFAULT_BUDGET,
) -> Options:
    """`options` with the project's choices; with `limit` (an agent's call, MCP), also a
    wall-clock deadline of `limit` seconds held from outside the sessions its SQL runs in,
    and the server's error texts on its SQL withheld unless sandbox.toml grants `read`."""
    options = replace(options, include_pending=include_pending, budget=budget)
    if limit is None:
        return options
    withhold = "read" not in config.sandbox.capabilities
    return replace(options, deadline=limit, withhold_errors=withhold)


def gather(ctx: Context, given: list[Migration], *, include_pending: bool) -> list[Migration]:
    """The project's pending migrations, then the given files (a given file that is one of
    the pending ones is not applied twice)."""
    pending = pending_migrations(ctx, read_snapshot(ctx)) if include_pending else []
    seen = {(m.name, m.sha) for m in pending}
    out = pending + [m for m in given if (m.name, m.sha) not in seen]
    if not out:
        raise UsageError(
            "nothing to rehearse: name migration files (or a folder of them), or add new "
            "files to the project's sandbox.migrations folder."
        )
    return out


def table_rows(conn: psycopg.Connection[Any]) -> dict[str, int]:
    """Exact row counts of the clone's tables (a table the session may not read is left out),
    on a session of its own (autocommit) whose path is pinned to pg_catalog first: an
    operator or a count() the file planted in public answers none of it."""
    conn.execute("SELECT pg_catalog.set_config('search_path', 'pg_catalog, pg_temp', false)")
    rows = conn.execute(
        "SELECT n.nspname, c.relname FROM pg_catalog.pg_class c "
        "JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace "
        "WHERE c.relkind = 'r' AND n.nspname NOT IN ('pg_catalog', 'information_schema') "
        "AND n.nspname NOT LIKE 'pg\\_%%'"
    ).fetchall()
    counts: dict[str, int] = {}
    for schema, name in rows:
        try:
            found = conn.execute(
                sql.SQL("SELECT pg_catalog.count(*) FROM ONLY {}.{}").format(
                    sql.Identifier(schema), sql.Identifier(name)
                )
            ).fetchone()
        except psycopg.Error:
            continue
        counts[f"{schema}.{name}"] = int(found[0]) if found else 0
    return counts


def rehearse(ctx: Context, given: list[Migration], options: Options | None = None) -> Rehearsal:
    """Rehearse `given` (after the project's pending migrations) on a clone of the snapshot."""
    ctx.require("migrate", "rehearse")
    options = options or Options()
    options.check()
    migrations = gather(ctx, given, include_pending=options.include_pending)
    return _run(ctx, "rehearse", migrations, options, [])


def explain(
    ctx: Context, queries: list[str], after: list[Migration], options: Options | None = None
) -> Rehearsal:
    """The plans of `queries` on a clone of the snapshot with production's statistics
    loaded; with `after`, again once those migrations (after the project's pending ones)
    are applied, side by side."""
    ctx.require("migrate", "explain")
    options = options or Options()
    options.check()
    migrations = gather(ctx, after, include_pending=options.include_pending) if after else []
    return _run(ctx, "explain", migrations, options, queries)


def _run(
    ctx: Context,
    command: str,
    migrations: list[Migration],
    options: Options,
    queries: list[str],
) -> Rehearsal:
    mode, sizes, detail = sizes_for(
        ctx, rows=options.rows, scale=options.scale, budget=options.budget
    )
    result = Rehearsal(migrations_digest(migrations), migrations)
    if "read" not in ctx.config.sandbox.capabilities:
        # a caller who may not read rows gets none through the server's messages (a RAISE
        # of a query's result), the names or the literals its migration computed (E35, E1)
        options = replace(options, withhold_errors=True)
        result.written = written_texts(ctx, migrations, queries)
    result.scale = {"mode": mode, **detail, "sizes": []}
    started = time.monotonic()
    run = EvidenceRun(
        ctx.state_dir,
        command,
        redact=ctx.guard.redact,
        context={
            "database": ctx.config.sandbox.name,
            "migration_hash": result.migration_hash,
            "files": [m.name for m in migrations],
            "queries": len(queries),
            "scale": mode,
        },
    )
    result.run_id = run.run_id
    try:
        runs: list[tuple[list[StatementResult], dict[str, int]]] = []
        for k, size in enumerate(sizes):
            last = k == len(sizes) - 1
            rows = _on_clone(ctx, run, result, options, queries if last else [], size)
            runs.append((result.applied.statements, rows))
            result.scale["sizes"].append(_size_record(size, rows, result))
            if result.failed:
                break
        rules = RuleContext(options.lock_threshold)
        if mode == "extrapolated" and not result.failed:
            projection = project(runs, production_rows(ctx))
            rules.projected = projection.projected
            result.projection = projection
        result.scale["description"] = _describe(mode, result)
        if result.written is not None:
            mask_literals(result.applied.statements, result.written)
        result.findings = findings_for(result.applied.statements, rules)
        result.findings += plan_findings(result.compared)
        if migrations:
            with run.phase("squawk") as phase:
                linted = lint(migrations, result.clone.get("server_major", 18))
                result.squawk = linted.to_dict()
                phase.detail.update(result.squawk)
            result.findings = merge(result.findings, linted, migrations, result.applied.statements)
            if linted.status != "ran":
                result.notes.append(linted.message)
    except BaseException as err:
        run.finish(outcome_of(err), error=err)
        raise
    result.seconds = time.monotonic() - started
    result.reports = write_reports(ctx, result)
    run.finish(
        "ok",
        summary={
            "migration_hash": result.migration_hash,
            "migration_failed": result.failed,
            "scale": mode,
            "findings": _counts(result.findings),
            "plans_changed": sum(1 for c in result.compared if c.changed),
            "reports": result.reports,
            "report_sha256": {
                kind: hashlib.sha256(Path(path).read_bytes()).hexdigest()
                for kind, path in result.reports.items()
            },
        },
    )
    return result


def written_texts(ctx: Context, migrations: list[Migration], queries: list[str]) -> list[str]:
    """What someone wrote, whose literals a caller without `read` may see: schema.sql, the
    migrations' texts, the queries."""
    texts = [m.text for m in migrations] + list(queries)
    with contextlib.suppress(OSError, UnicodeDecodeError):
        texts.append(ctx.config.schema_path.read_text(encoding="utf-8"))
    return texts


def _size_record(size: Size | None, rows: dict[str, int], result: Rehearsal) -> dict[str, Any]:
    return {
        "label": size.label if size is not None else "snapshot",
        "rows_per_table": size.rows if size is not None else None,
        "scale": size.scale if size is not None else None,
        "rows": sum(rows.values()),
        "fill_seconds": result.clone.get("fill_seconds"),
        "statements": [
            {"file": st.file, "statement": st.index, "seconds": round(st.seconds, 5),
             "wal_bytes": st.wal_bytes}
            for st in result.applied.statements
        ],
    }  # fmt: skip


def _describe(mode: str, result: Rehearsal) -> str:
    sizes = result.scale["sizes"]
    if mode == "snapshot":
        return f"on a clone of the {result.clone.get('source', 'snapshot')}"
    if mode == "rows":
        return f"on a clone filled with {sizes[0]['label']} ({sizes[0]['rows']:,} rows)"
    if mode == "production":
        return f"on a clone filled to production's row counts ({sizes[0]['rows']:,} rows)"
    measured = ", ".join(f"{s['rows']:,}" for s in sizes)
    return (
        f"measured on clones of {measured} rows ({len(sizes)} sizes; production's "
        f"{result.scale.get('production_rows', 0):,} rows would take about "
        f"{result.scale.get('estimate', {}).get('seconds', '?')} s to fill, beyond the "
        f"budget) and projected to production's row counts: per statement, a linear fit "
        "(an index build: n·log₂n) of its time and WAL against the rows of the tables it "
        "touched"
    )


def _counts(findings: list[Finding]) -> dict[str, int]:
    out: dict[str, int] = {}
    for f in findings:
        out[f.kind] = out.get(f.kind, 0) + 1
    return out


def _on_clone(
    ctx: Context,
    run: EvidenceRun,
    result: Rehearsal,
    options: Options,
    queries: list[str],
    size: Size | None,
) -> dict[str, int]:
    """One clone: cloned from the snapshot (size None) or filled at `size`; counted, planned
    and migrated. Returns its rows per table."""
    what = "cloning the snapshot" if size is None else f"a clone to fill: {size.label}"
    ctx.events(PhaseChanged("clone", what))
    with (
        run.phase("clone", size=what) as phase,
        clones.rehearsal_clone(ctx, empty=size is not None) as clone,
    ):
        phase.detail.update(clone.to_dict())
        result.clone = clone.to_dict()
        if size is not None:
            with run.phase("fill", size=size.label) as filled:
                applied = split_migrations(ctx, read_snapshot(ctx))[0]
                done = fill(ctx, clone, plan_at(ctx, size), applied)
                filled.counts.update(done)
                result.clone["fill_seconds"] = done["seconds"]
        with run.phase("settle"):
            clones.settle(ctx)
        with run.phase("count") as counted, clones.connect(ctx, clone, autocommit=True) as conn:
            result.clone["server_major"] = conn.info.server_version // 10000
            rows = table_rows(conn)
            counted.counts["tables"] = len(rows)
            counted.counts["rows"] = sum(rows.values())
        result.scale["rows"] = rows
        if options.deadline is not None:  # the clone is made and filled: the SQL's time now
            options = replace(options, until=time.monotonic() + options.deadline)
        if queries:
            with _session(ctx, clone, options, result) as conn:
                conn.execute(_APPLICATION_PATH)
                _plans(ctx, run, conn, result, queries, "before", options)
        if result.migrations:
            with _session(ctx, clone, options, result) as conn:
                _apply(ctx, run, conn, clone, result, rows, options)
        if queries and result.migrations and not result.failed:
            # A new session, not the one the migration ran in: whatever it SET there (a
            # search_path that puts a decoy table first, planner settings, a role) is gone,
            # as for an application connecting after the migration; so are the defaults it
            # gave the rehearsal's own role (an application logs in as another).
            forgot = clones.forget_settings(ctx, clone)
            if forgot:
                result.notes.append(
                    "the migration set defaults on the rehearsal's own role ("
                    + ", ".join(forgot)[:200]
                    + "); removed before the plans after it, which an application's role takes"
                )
            with _session(ctx, clone, options, result) as conn:
                conn.execute(_APPLICATION_PATH)
                _plans(ctx, run, conn, result, queries, "after", options)
    return rows


# The plans are an application's: its path is "$user", public with another role as $user, so
# the rehearsal role's "$user" (a schema a migration may name after it, with a decoy table) is
# not on it.
_APPLICATION_PATH = "SELECT pg_catalog.set_config('search_path', 'public', false)"


@contextmanager
def _session(
    ctx: Context, clone: clones.Clone, options: Options, result: Rehearsal
) -> Iterator[psycopg.Connection[Any]]:
    """A new session of the rehearsal's role on the clone, with the rehearsal's settings,
    and, with a deadline, a watchdog that stops it there whatever it SET itself."""
    with clones.connect(ctx, clone) as conn:
        conn.execute(
            "SELECT pg_catalog.set_config('statement_timeout', %s, false)",
            (f"{int(options.timeout * 1000)}ms",),
        )
        # Index builds measured serially: the parallel workers a build gets grow with
        # its table's size and depend on the cores free at that moment, so the same
        # statement would follow a different curve at each size (and the machine is not
        # production's); one worker is the upper bound a lock can be held for.
        conn.execute("SELECT pg_catalog.set_config('max_parallel_maintenance_workers', '0', false)")
        conn.commit()
        if options.until is None or options.deadline is None:
            yield conn
            return
        pid = conn.info.backend_pid
        with Deadline(
            lambda: ctx.guard.connect(maintenance=True), pid, options.until, options.deadline
        ) as deadline:
            yield conn
        if deadline.fired:
            _stopped(result, deadline.said)


def _stopped(result: Rehearsal, said: str) -> None:
    """The rehearsal's record once its deadline stopped a session: the statement it stopped
    (or the plans) say so, with the server's own words replaced."""
    failure = result.applied.failure
    if failure is not None:
        failure.error = said
        if result.applied.statements:
            result.applied.statements[-1].error = said
    for compared in result.compared:
        for side in compared.errors:
            compared.errors[side] = said
    if said not in result.notes:
        result.notes.append(said)


def _apply(
    ctx: Context,
    run: EvidenceRun,
    conn: psycopg.Connection[Any],
    clone: clones.Clone,
    result: Rehearsal,
    rows: dict[str, int],
    options: Options,
) -> None:
    ctx.events(PhaseChanged("apply", f"{len(result.migrations)} file(s)"))

    with run.phase("apply") as applied:
        result.applied = apply_migrations(
            conn,
            result.migrations,
            table_rows=rows,
            watcher=clones.lock_watcher(ctx, clone),
            events=ctx.events,
            cancel=ctx.cancel,
            withhold_errors=options.withhold_errors,
        )
        applied.counts["statements"] = len(result.applied.statements)
        if options.withhold_errors and ROUNDED not in result.notes:
            result.notes.append(ROUNDED)
        if result.applied.failure is not None:
            applied.detail["failure"] = result.applied.failure.to_dict()


def _plans(
    ctx: Context,
    run: EvidenceRun,
    conn: psycopg.Connection[Any],
    result: Rehearsal,
    queries: list[str],
    side: str,
    options: Options,
) -> None:
    """Production's statistics loaded (again, after a migration: an index build or a rewrite
    resets a table's), then every query planned."""
    ctx.events(PhaseChanged("plans", f"{len(queries)} query/queries, {side} the migration"))
    stats = load_statistics(ctx.config)
    with run.phase(f"statistics ({side})") as phase:
        if stats is None:
            note = (
                "no production statistics (sandbox.statistics, or pg_restore_*_stats calls in "
                "schema.sql): the plans use the clone's own"
            )
            if note not in result.notes:
                result.notes.append(note)
        else:
            personal = set(personal_columns(ctx.schema(), ctx.config))
            injected = inject(conn, stats, personal)
            phase.counts.update(tables=len(injected.tables), columns=injected.columns)
            result.statistics = injected.to_dict()
            result.notes += [n for n in injected.notes if n not in result.notes]
    with run.phase(f"plans ({side})") as phase:
        plan_all(conn, queries, result.compared, side, withhold_errors=options.withhold_errors)
        phase.counts["queries"] = len(queries)
        if options.withhold_errors and queries and ROUNDED not in result.notes:
            result.notes.append(ROUNDED)


def write_reports(ctx: Context, result: Rehearsal) -> dict[str, str]:
    """The JSON, text and Markdown reports under .workbench/rehearsals/, named by run."""
    folder = ctx.state_dir / REPORTS
    base = f"{result.run_id}-{result.migration_hash}"
    paths = {
        "json": folder / f"{base}.json",
        "text": folder / f"{base}.txt",
        "markdown": folder / f"{base}.md",
    }
    data = result.to_dict()
    atomic_write_json(paths["json"], data)
    atomic_write_text(paths["text"], text_report(data) + "\n")
    atomic_write_text(paths["markdown"], markdown_report(data))
    return {kind: str(path) for kind, path in paths.items()}
