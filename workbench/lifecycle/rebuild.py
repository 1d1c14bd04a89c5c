"""`reset`'s full path: drop, create, apply schema.sql, generate, apply the migrations, verify
and take a new snapshot, inside the reset's run (reset.py decides and frames it).

Apart from reset.py because it generates: a fast reset (a clone of the snapshot) never imports
the generator; the facade hands `full_reset` to `reset.reset` and Python imports this module
only when a reset takes this path.
"""

from __future__ import annotations

from typing import Any

from workbench.context import Context
from workbench.errors import WorkbenchError
from workbench.events import PhaseChanged, Warning
from workbench.lifecycle.build import generate, grant_access
from workbench.lifecycle.fingerprints import check_applied, database_fingerprint
from workbench.lifecycle.leasing import Provenance, write_new_lease
from workbench.lifecycle.migrations import apply_migrations, migration_files
from workbench.lifecycle.reset import ResetPlan
from workbench.lifecycle.runs import maintenance_connection
from workbench.lifecycle.snapshots import ensure_replaceable, take_snapshot, terminate_others
from workbench.records.evidence import EvidenceRun
from workbench.records.lease import read_lease


class VerificationError(WorkbenchError):
    """The sandbox's schema does not match what it should be after a reset."""

    title = "verification failed"


def _rebuild_args(
    ctx: Context, rows: int | None, seed: int | None
) -> tuple[int | None, int | None, str]:
    """Rows, seed and the seed's source for a full reset: without explicit values, what the
    last environment was built with."""
    previous = read_lease(ctx.config.state_dir)
    if rows is None and previous is not None:
        rows = previous.rows
    seed_source = "explicit" if seed is not None else "config"
    if seed is None and previous is not None and previous.seed_source == "explicit":
        seed, seed_source = previous.seed, "explicit"
    return rows, seed, seed_source


def full_reset(
    ctx: Context,
    run: EvidenceRun,
    decision: ResetPlan,
    *,
    rows: int | None,
    seed: int | None,
) -> dict[str, Any]:
    """The sandbox rebuilt from schema.sql inside the reset's run (`reset.Rebuild`): its
    result, as the fast path's with the rows and migrations added."""
    ctx.require("write", "a full reset (it generates the data again)")
    files = migration_files(ctx)
    if files:
        ctx.require("migrate", "applying the migrations folder")
    rows, seed, seed_source = _rebuild_args(ctx, rows, seed)
    previous = read_lease(ctx.config.state_dir)
    if previous is not None and previous.seed_import:
        ctx.events(
            Warning(
                "a full reset generates every table: the masked seed is not imported again "
                "(run `workbench seed import FILE` for it)"
            )
        )
    with run.phase("terminate") as phase, maintenance_connection(ctx) as maintenance:
        ensure_replaceable(ctx, maintenance)
        phase.counts["connections_ended"] = terminate_others(ctx, maintenance)
    ended = phase.counts["connections_ended"]

    result = generate(ctx, rows=rows, seed=seed, resume=False)  # inside this run
    database_fp = _verify_full(ctx, run, decision, migrate=bool(files))
    grant_access(ctx)
    prov = Provenance(
        decision.schema_fp,
        database_fp,
        decision.migrations,
        seed=result.get("seed"),
        rows=rows,
        seed_source=seed_source,
    )
    ctx.events(PhaseChanged("snapshot", "keeping this state for the next reset"))
    with run.phase("snapshot") as phase:
        info = take_snapshot(ctx, "reset", prov)
        phase.detail["snapshot_id"] = info.snapshot_id
    lease = write_new_lease(ctx, run, prov, snapshot_id=info.snapshot_id, built_by="reset (full)")
    return {
        "path": "full",
        "reason": decision.reason,
        "snapshot_id": info.snapshot_id,
        "fingerprints": {"schema": decision.schema_fp, "database": database_fp},
        "sandbox_id": lease.sandbox_id,
        "connections_ended": ended,
        "rows": result.get("rows"),
        "migrations": [p.name for p in files],
    }


def _verify_full(ctx: Context, run: EvidenceRun, decision: ResetPlan, *, migrate: bool) -> str:
    """The rebuilt sandbox checked against schema.sql (a difference fails the reset), then
    the migrations applied and granted; returns the database's final fingerprint."""
    ctx.events(PhaseChanged("verify", "schema fingerprint against schema.sql"))
    with run.phase("verify") as phase, ctx.guard.connect() as conn:
        database_fp = database_fingerprint(conn)
        phase.fingerprints.update(schema=decision.schema_fp, database=database_fp)
        differences, _ = check_applied(ctx, conn, decision.schema_fp, database_fp)
        if differences:
            phase.detail["differences"] = differences
            raise VerificationError(
                "After the full reset the sandbox's schema differs from what the same "
                "schema.sql gave when it was last applied: " + "; ".join(differences)
            )
    if migrate:
        apply_migrations(ctx, run, ctx.events)
        with run.phase("verify migrations") as phase, ctx.guard.connect() as conn:
            database_fp = database_fingerprint(conn)
            phase.fingerprints.update(schema=decision.schema_fp, database=database_fp)
    return database_fp
