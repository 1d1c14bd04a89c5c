"""`reset`: return the sandbox to a known, verified state in one step.

The fast path clones the snapshot (`CREATE DATABASE … TEMPLATE`) when it still matches
schema.sql, sandbox.toml and the migrations; the full path drops, creates, applies schema.sql,
generates, applies the migrations and takes a new snapshot. Both end verified and leased.

This module decides, frames the run (lock and evidence) and takes the fast path. The full path
is `rebuild.py`'s: it generates, so it is the caller's to hand in (`Rebuild`; the facade passes
`rebuild.full_reset`), and a fast reset never imports the generator.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Protocol

import psycopg
from psycopg import sql

from workbench.access import roles
from workbench.access.databases import Aside, crash_point, create_closed
from workbench.config.file import config_hash
from workbench.context import Context, check_rows, check_seed
from workbench.events import EventSink, Info, PhaseChanged, Warning
from workbench.lifecycle.changes import forget_baseline, record_baseline
from workbench.lifecycle.fingerprints import (
    catalog_digest,
    database_fingerprint,
    expected_database,
    file_fingerprint,
)
from workbench.lifecycle.leasing import Provenance, write_new_lease
from workbench.lifecycle.migrations import migrations_hash
from workbench.lifecycle.runs import evidence_of, maintenance_connection, operation
from workbench.lifecycle.snapshots import (
    SnapshotInfo,
    clone_strategy,
    ensure_replaceable,
    owner_clause,
    read_snapshot,
    terminate_others,
)
from workbench.lifecycle.undo import set_aside
from workbench.records.evidence import EvidenceRun, now_iso
from workbench.records.lease import Lease
from workbench.records.progress import clear as clear_progress
from workbench.records.progress import unfinished as unfinished_build
from workbench.records.progress import wal_barrier
from workbench.schema import network


def _mark_sandbox(ctx: Context, conn: psycopg.Connection[Any]) -> None:
    """After a clone: the marker and the roles (the database's ACL is per database, never
    copied; it is granted once the clone verified, `_open_clone`)."""
    ctx.guard.set_marker(conn)
    ctx.db.remember_roles(roles.ensure_roles(conn, ctx.config))


def _open_clone(ctx: Context, conn: psycopg.Connection[Any]) -> None:
    """A verified clone: CONNECT for the sandbox's roles (the grants on tables and schemas
    came with the catalog)."""
    roles.grant_database(conn, ctx.config, objects=False)


@dataclass
class ResetPlan:
    schema_fp: str
    config_hash: str
    migrations: str | None
    snapshot: SnapshotInfo | None
    fast: bool
    reason: str


def plan_reset(
    ctx: Context,
    maintenance: psycopg.Connection[Any],
    *,
    rows: int | None,
    seed: int | None,
    full: bool,
) -> ResetPlan:
    """Whether the snapshot can be cloned back, and if not, why not."""
    schema_fp = file_fingerprint(ctx)
    chash = config_hash(ctx.config)
    migrations = migrations_hash(ctx)
    info = read_snapshot(ctx)
    comment = ctx.guard.snapshot_state(maintenance)

    def plan(fast: bool, reason: str) -> ResetPlan:
        return ResetPlan(schema_fp, chash, migrations, info, fast, reason)

    if full:
        return plan(False, "--full asked for")
    if info is None or comment is None:
        return plan(False, "no snapshot yet")
    if comment != ctx.guard.snapshot_marker(info.snapshot_id):
        return plan(False, "the snapshot database is not the one .workbench/snapshot.json names")
    if info.schema_fingerprint != schema_fp:
        return plan(False, "schema.sql changed since the snapshot")
    if info.config_hash != chash:
        return plan(False, "sandbox.toml changed since the snapshot")
    if info.migrations_hash != migrations:
        return plan(False, "the migrations changed since the snapshot")
    if migrations is None and info.database_fingerprint != expected_database(ctx, schema_fp):
        return plan(False, "the snapshot's schema differs from schema.sql")
    if rows is not None and rows != info.rows:
        return plan(False, f"the snapshot has rows={info.rows}, {rows} asked for")
    if seed is not None and seed != info.seed:
        return plan(False, f"the snapshot has seed={info.seed}, {seed} asked for")
    return plan(True, f"snapshot {info.snapshot_id} matches schema.sql and sandbox.toml")


class Rebuild(Protocol):
    """The full path (rebuild.full_reset), run inside the reset's run: its result."""

    def __call__(
        self,
        ctx: Context,
        run: EvidenceRun,
        decision: ResetPlan,
        *,
        rows: int | None,
        seed: int | None,
    ) -> dict[str, Any]: ...


def reset(
    ctx: Context,
    *,
    rebuild: Rebuild,
    full: bool = False,
    rows: int | None = None,
    seed: int | None = None,
) -> dict[str, Any]:
    """Return the sandbox to a known, verified state (see the module docstring); events go to
    `ctx.events`, and `ctx.cancel` stops a full reset's load. `rebuild` is the full path, taken
    when the snapshot cannot be cloned back or its clone does not verify."""
    check_rows(rows)
    check_seed(seed)
    ctx.require("reset", "reset")
    on_event = ctx.events
    with operation(ctx, "reset", full=full, rows=rows, seed=seed) as ctx:
        run = evidence_of(ctx)
        with run.phase("plan") as phase, maintenance_connection(ctx) as maintenance:
            decision = plan_reset(ctx, maintenance, rows=rows, seed=seed, full=full)
            phase.detail.update(fast=decision.fast, reason=decision.reason)
            phase.fingerprints["schema"] = decision.schema_fp
        on_event(Info(f"{'fast' if decision.fast else 'full'} reset: {decision.reason}"))
        result: dict[str, Any] | None = None
        if decision.fast:
            result = _fast_reset(ctx, run, decision, on_event)
        if result is None:
            result = rebuild(ctx, run, decision, rows=rows, seed=seed)
        end = run.finish(
            "ok",
            verified=True,
            summary={
                "path": result["path"],
                "snapshot_id": result["snapshot_id"],
                "fingerprints": result["fingerprints"],
                "sandbox_id": result["sandbox_id"],
            },
        )
        record_baseline(ctx, "reset")
        result["run_id"] = run.run_id
        result["seconds"] = end.get("seconds")
        result["recovery"] = end.get("recovery")
        return result


def _fast_reset(
    ctx: Context, run: EvidenceRun, decision: ResetPlan, on_event: EventSink
) -> dict[str, Any] | None:
    """Clone the snapshot back; None when the clone does not verify (the full path follows)."""
    info = decision.snapshot
    assert info is not None
    on_event(PhaseChanged("clone", f"from snapshot {info.snapshot_id}"))
    with (
        run.phase("clone", snapshot_id=info.snapshot_id, snapshot_bytes=info.bytes) as phase,
        maintenance_connection(ctx) as maintenance,
    ):
        ensure_replaceable(ctx, maintenance)
        phase.counts["connections_ended"] = terminate_others(ctx, maintenance)
        # The database a generation in progress wrote to is going: so is its record.
        replaces_unfinished = unfinished_build(ctx.config.state_dir)
        snap = ctx.guard.snapshot_name()

        def make_room() -> Aside:
            # Once the clone is whole (a kill while it is made leaves the sandbox as it was,
            # newbie27 F10): the sandbox is kept for one undo, or dropped (an unfinished build
            # is never kept over a good one), in the transaction that puts the clone in its
            # place (a kill leaves one or the other), and its records go with it.
            aside = set_aside(ctx, maintenance, "reset", unfinished=replaces_unfinished)
            run.mark("replacing")  # from here a kill may leave the sandbox replaced
            clear_progress(ctx.config.state_dir)
            forget_baseline(ctx.config.state_dir)
            return aside

        state = ctx.db.prepare_roles()
        create_closed(
            maintenance,
            ctx.config,
            ctx.config.sandbox.name,
            marker=ctx.guard.marker(),
            owner_role=state.roles.owner if state.available else None,
            template=sql.SQL(" TEMPLATE {}{}{}").format(
                sql.Identifier(snap), clone_strategy(maintenance), owner_clause(maintenance, snap)
            ),
            make_room=make_room,
        )
        crash_point("reset:cloned")  # (tests: the clone in place, not yet verified nor open)
        wal_barrier(maintenance)  # the lease written below claims this clone
    on_event(PhaseChanged("verify", "schema fingerprint"))
    at, start = now_iso(), time.monotonic()
    # the run's kept session on the sandbox (access/sessions.py), which record_baseline reuses
    with ctx.db.sandbox() as conn:
        _mark_sandbox(ctx, conn)
        fingerprints, matches = _clone_fingerprints(conn, decision, info)
        opened = network.left_open(conn, ctx.config.schema.network_extensions) if matches else []
        if opened:  # a snapshot from before they were refused: the full path decides
            on_event(Warning(f"the snapshot holds {', '.join(opened)} open to every role"))
            matches = False
        if not matches:
            run.record_phase(
                "verify",
                started_at=at,
                seconds=time.monotonic() - start,
                outcome="mismatch",
                fingerprints={**fingerprints, "snapshot_catalog": info.catalog_digest},
                detail={"fallback": "full reset"},
            )
            on_event(Warning("the clone does not match its snapshot: full reset"))
            return None
        run.record_phase(
            "verify", started_at=at, seconds=time.monotonic() - start, fingerprints=fingerprints
        )
        _open_clone(ctx, conn)
        lease = _fast_lease(ctx, run, decision, info, conn)
    return {
        "path": "fast",
        "reason": decision.reason,
        "snapshot_id": info.snapshot_id,
        "fingerprints": fingerprints,
        "sandbox_id": lease.sandbox_id,
        "connections_ended": phase.counts.get("connections_ended", 0),
    }


def _clone_fingerprints(
    conn: psycopg.Connection[Any], decision: ResetPlan, info: SnapshotInfo
) -> tuple[dict[str, str], bool]:
    """The clone's fingerprints and whether they match the snapshot's. The snapshot's was
    verified (introspected) when it was taken and plan_reset() matched it to schema.sql's; the
    clone must have the snapshot's catalog. Without a recorded digest (an older snapshot) the
    clone is introspected itself."""
    if info.catalog_digest:
        digest = catalog_digest(conn)
        fingerprints = {
            "schema": decision.schema_fp,
            "database": info.database_fingerprint,
            "catalog": digest,
        }
        return fingerprints, digest == info.catalog_digest
    database_fp = database_fingerprint(conn)
    fingerprints = {"schema": decision.schema_fp, "database": database_fp}
    return fingerprints, database_fp == info.database_fingerprint


def _fast_lease(
    ctx: Context,
    run: EvidenceRun,
    decision: ResetPlan,
    info: SnapshotInfo,
    conn: psycopg.Connection[Any],
) -> Lease:
    prov = Provenance(
        decision.schema_fp,
        info.database_fingerprint,
        info.migrations_hash,
        seed=info.seed,
        rows=info.rows,
        seed_source=info.seed_source,
        seed_import=info.seed_import,
    )
    return write_new_lease(
        ctx, run, prov, snapshot_id=info.snapshot_id, built_by="reset (fast)", conn=conn
    )
