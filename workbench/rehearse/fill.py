"""Filling an empty rehearsal clone at another size than the snapshot's: schema.sql applied
and the plan's rows loaded the way `generate` builds the sandbox (the same steps, the same
functions, on the clone's connection instead of the sandbox's), then the project's
migrations the snapshot has, so the clone stands where the snapshot stands, only bigger.

The rows come from the same plan a generate would make, at the size asked for: `--rows N`
per table, or a statistics scale (rows = production's reltuples × scale)."""

from __future__ import annotations

import time
from typing import Any

from workbench.context import Context
from workbench.errors import WorkbenchError
from workbench.events import Info, PhaseChanged
from workbench.generate.load.copy import advance_sequences, load_data
from workbench.generate.plan.tables import Plan
from workbench.records.progress import wal_barrier
from workbench.rehearse import clone as clones
from workbench.rehearse.apply import apply_migrations
from workbench.rehearse.source import Migration
from workbench.schema.apply import apply_statements
from workbench.schema.load_settings import set_load_settings


def fill(ctx: Context, clone: clones.Clone, plan: Plan, applied: list[Migration]) -> dict[str, Any]:
    """Build the clone as generate builds the sandbox, then apply `applied` (the migrations
    the snapshot has). Returns what it took: rows and seconds."""
    started = time.monotonic()
    parsed = ctx.source.parsed()
    schema = ctx.schema()
    create_roles = ctx.config.sandbox.create_roles
    ctx.events(PhaseChanged("fill", f"{sum(t.rows for t in plan.tables):,} rows"))
    # schema.sql and the rows on the rehearsal's own login (never a superuser's session), the
    # administrator doing only the fixed steps, as generate builds the sandbox
    options: dict[str, Any] = {
        "create_roles": create_roles,
        "skip": ctx.config.schema.skip,
        "config_path": str(ctx.config.path),
        "timeout_s": ctx.config.schema.statement_timeout_seconds,
        "network_extensions": ctx.config.schema.network_extensions,
        "adopt_roles": ctx.embedded,
        "network_to_owner": False,  # a rehearsal opens no connection off the server
    }
    file_tables = [t.name for t in plan.tables if t.file_rows]
    with clones.admin(ctx, clone) as admin, clones.connect(ctx, clone, autocommit=True) as conn:
        apply_statements(conn, parsed, "pre", admin=admin, file_rows=file_tables, **options)
    with clones.connect(ctx, clone) as conn:
        set_load_settings(conn, parsed)
        conn.commit()
        load_data(
            conn, schema, plan, ctx.config, seed=plan.seed, on_event=ctx.events, cancel=ctx.cancel
        )
    with clones.admin(ctx, clone) as admin, clones.connect(ctx, clone, autocommit=True) as conn:
        apply_statements(conn, parsed, "post", admin=admin, **options)
        advance_sequences(conn, schema)
    with clones.connect(ctx, clone, autocommit=True) as conn:
        # As production's tables stand once autovacuum has been by: hint bits set and the
        # visibility map written (else the migration's first scan of each page pays for
        # that, a cost production does not have), and the planner sees the rows. A page is
        # marked all-visible only once its rows' commits are flushed (a hint bit waits for
        # the WAL up to the LSN of the commit's group of 32 transaction ids, which any later
        # asynchronous commit of that group moves on): the WAL is flushed first, and VACUUM
        # runs before ANALYZE, since VACUUM (ANALYZE) commits the statistics of each catalog
        # before it reaches the filled tables.
        wal_barrier(conn)
        conn.execute("VACUUM")
        conn.execute("ANALYZE")
    if applied:
        _apply_quietly(ctx, clone, applied)
    seconds = time.monotonic() - started
    rows = sum(t.rows for t in plan.tables)
    ctx.events(Info(f"filled the clone with {rows:,} rows in {seconds:.1f} s"))
    return {"rows": rows, "seconds": round(seconds, 3)}


def _apply_quietly(ctx: Context, clone: clones.Clone, applied: list[Migration]) -> None:
    """The migrations the snapshot already has, so the filled clone matches it: run, not
    reported (a failure here is the project's own, and stops the rehearsal)."""
    with clones.connect(ctx, clone) as conn:
        done = apply_migrations(
            conn,
            applied,
            table_rows={},
            watcher=clones.lock_watcher(ctx, clone),
            events=ctx.events,
            cancel=ctx.cancel,
        )
    if done.failure is not None:
        f = done.failure
        raise WorkbenchError(
            f"The project's migration {f.file}:{f.line}, which the snapshot has, failed on "
            f"the clone filled for the rehearsal: {f.error}. Run `workbench reset --full` to "
            "see it on the sandbox itself.",
            title="rehearsal failed",
        )
