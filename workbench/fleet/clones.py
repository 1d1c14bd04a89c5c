"""A run's database: cloned from the snapshot, verified, granted, swapped in, dropped.

The pieces workbench/fleet/runs.py (start, reset, end) and gc.py (reclaim) are made of. A
run's database is made closed (ALLOW_CONNECTIONS false) from the snapshot while the snapshot's
lock is held shared, marked `<marker> run <run id>`, closed to PUBLIC, verified against the
snapshot's catalog digest, and opened to the run's roles alone. Only a database carrying the
run's marker, or a closed unmarked one under the run's name (a kill between its CREATE and its
COMMENT), is ever dropped as the run's.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import Any

import psycopg
from psycopg import sql

from workbench.access.databases import crash_point, create_database_closed, open_database
from workbench.access.guard import OWNED_BY_ADMIN, RUN_ID, RUN_STAGES
from workbench.access.lock import held, lock_key, snapshot_lock
from workbench.access.roles import OWNER, admin_rights, role_names
from workbench.access.roles import passfile as sandbox_passfile
from workbench.access.run_lease import READY, RESETTING, RunLease, remove_run_files, write_run_lease
from workbench.context import Context
from workbench.errors import WorkbenchError
from workbench.fleet.roles import (
    RunRoles,
    drop_run_roles,
    grant_run_objects,
    open_run_database,
    run_role_names,
)
from workbench.lifecycle.fingerprints import catalog_digest
from workbench.lifecycle.snapshots import SnapshotInfo, clone_strategy, read_snapshot
from workbench.records.evidence import EvidenceRun, now_iso
from workbench.records.progress import wal_barrier


class NoSnapshot(WorkbenchError):
    """There is no snapshot to clone a run from."""

    title = "no snapshot"


def no_snapshot() -> NoSnapshot:
    return NoSnapshot(
        "There is no snapshot of the sandbox to start a run from (a run is a clone of it). Run "
        "`workbench generate` (or `workbench reset --yes`) first."
    )


class CloneMismatch(WorkbenchError):
    """A run's clone does not match its snapshot's catalog."""

    title = "clone does not match its snapshot"


def run_lock(
    ctx: Context, conn: psycopg.Connection[Any], run_id: str, *, wait: float
) -> AbstractContextManager[None]:
    """The run's own lock: one start, reset, end or reclaim of it at a time."""
    key = lock_key(f"{ctx.config.sandbox.name}:{ctx.guard.sandbox_id()}:run:{run_id}")
    return held(conn, key, f"run {run_id}", wait=wait)


@contextmanager
def admin_session(ctx: Context) -> Iterator[psycopg.Connection[Any]]:
    with ctx.guard.connect(maintenance=True) as conn:
        conn.execute(
            "SELECT set_config('application_name', %s, false)",
            (f"workbench run (pid {os.getpid()})",),
        )
        yield conn


def clone(ctx: Context, maintenance: psycopg.Connection[Any], name: str) -> SnapshotInfo:
    """CREATE DATABASE `name` from the snapshot, closed (ALLOW_CONNECTIONS false), holding the
    snapshot's lock shared; returns the snapshot it was made from."""
    snap = ctx.guard.snapshot_name()
    with snapshot_lock(maintenance, ctx.config.sandbox.name, shared=True):
        info = read_snapshot(ctx)
        comment = ctx.guard.snapshot_state(maintenance)
        if (
            info is None
            or comment is None
            or comment != ctx.guard.snapshot_marker(info.snapshot_id)
        ):
            raise no_snapshot()
        create_database_closed(
            maintenance,
            name,
            sql.SQL(" TEMPLATE {}{}").format(sql.Identifier(snap), clone_strategy(maintenance)),
        )
    return info


def mark(maintenance: psycopg.Connection[Any], name: str, marker: str) -> None:
    ident = sql.Identifier(name)
    maintenance.execute(sql.SQL("COMMENT ON DATABASE {} IS {}").format(ident, sql.Literal(marker)))
    maintenance.execute(sql.SQL("REVOKE ALL ON DATABASE {} FROM PUBLIC").format(ident))


def allow(maintenance: psycopg.Connection[Any], name: str) -> None:
    open_database(maintenance, name)


def verify_and_grant(
    ctx: Context,
    run: EvidenceRun,
    maintenance: psycopg.Connection[Any],
    run_id: str,
    names: RunRoles,
    info: SnapshotInfo,
    stage: str = "run",
) -> None:
    """The clone's catalog must be the snapshot's (else CloneMismatch); then the run's roles
    get their privileges on what it holds. `stage`: the run's database, or the next one a
    reset prepares."""
    at, start = now_iso(), time.monotonic()
    with ctx.guard.connect(run=run_id, run_stage=stage) as conn:
        digest = catalog_digest(conn)
        superuser = admin_rights(conn)[1]
        matches = not info.catalog_digest or digest == info.catalog_digest
        run.record_phase(
            "verify",
            started_at=at,
            seconds=time.monotonic() - start,
            outcome="ok" if matches else "mismatch",
            fingerprints={"clone_catalog": digest, "snapshot_catalog": info.catalog_digest},
        )
        if not matches:
            raise CloneMismatch(
                f"the clone of snapshot {info.snapshot_id} does not match the snapshot's "
                "catalog; the run was not made. `workbench reset --yes --full` makes a new "
                "snapshot."
            )
        if superuser:
            with run.phase("grant"):
                grant_run_objects(conn, names, role_names(ctx.config).owner)
    if not superuser:
        with run.phase("grant"):
            grant_as_owner(ctx, maintenance, run_id, names, stage)


def grant_as_owner(
    ctx: Context,
    maintenance: psycopg.Connection[Any],
    run_id: str,
    names: RunRoles,
    stage: str = "run",
) -> None:
    """An administrator that is not a superuser (a CREATEROLE role on a shared server) may
    not grant on what the owner role owns: the owner does, on its own login, let into the
    run's database for that alone."""
    owner = role_names(ctx.config).owner
    ident = sql.Identifier(ctx.guard.run_name(run_id, stage))
    who = sql.Identifier(owner)
    maintenance.execute(sql.SQL("GRANT CONNECT ON DATABASE {} TO {}").format(ident, who))
    try:
        path = str(sandbox_passfile(ctx.config, OWNER))
        with ctx.guard.connect(run=run_id, run_stage=stage, role=owner, passfile=path) as conn:
            grant_run_objects(conn, names, owner)
    finally:
        maintenance.execute(sql.SQL("REVOKE CONNECT ON DATABASE {} FROM {}").format(ident, who))


def reset_in_place(
    ctx: Context, run: EvidenceRun, maintenance: psycopg.Connection[Any], lease: RunLease
) -> tuple[SnapshotInfo, int]:
    """Back to the snapshot, under the run's lock (`run reset`, and `run gc` finishing one
    that was interrupted). The lease says `resetting` until the old database is gone, so a
    kill anywhere leaves a lease that names the unfinished reset (and the run's database,
    old or new, usable: see swap_in_clone)."""
    lease.state = RESETTING
    write_run_lease(ctx.state_dir, lease)
    info, ended = swap_in_clone(ctx, run, maintenance, lease)
    lease.snapshot_id = info.snapshot_id
    lease.schema_fingerprint = info.schema_fingerprint
    lease.database_fingerprint = info.database_fingerprint
    lease.resets += 1
    lease.last_reset = now_iso()
    lease.state = READY
    write_run_lease(ctx.state_dir, lease)
    return info, ended


def swap_in_clone(
    ctx: Context, run: EvidenceRun, maintenance: psycopg.Connection[Any], lease: RunLease
) -> tuple[SnapshotInfo, int]:
    """A new clone made under the run's "rnew" name, verified, granted and opened to the
    run's roles while the run's database still serves; then, in one transaction, the run's
    database is renamed "rold" (and closed) and the clone takes its name (the `clone` phase:
    the time until the run is back); then the old one is dropped (the `drop` phase: DROP
    DATABASE waits for a checkpoint). A kill at any moment leaves the run's name on a
    database its roles can use, the old one or the new one, and closed leftovers under the
    other names that the next reset, `run end` or `run gc` drops."""
    run_id = lease.run_id
    fresh, old = ctx.guard.run_name(run_id, "rnew"), ctx.guard.run_name(run_id, "rold")
    names = run_role_names(ctx.config, run_id)
    with run.phase("clone") as phase:
        drop_database(ctx, maintenance, fresh, run_id)
        drop_database(ctx, maintenance, old, run_id)
        info = clone(ctx, maintenance, fresh)
        mark(maintenance, fresh, ctx.guard.run_marker(run_id))
        allow(maintenance, fresh)
        crash_point("run:reset-cloned")
        verify_and_grant(ctx, run, maintenance, run_id, names, info, stage="rnew")
        open_run_database(maintenance, fresh, names)
        wal_barrier(maintenance)  # the swap below makes this database the run's
        crash_point("run:reset-prepared")
        ended = swap_databases(maintenance, lease.database, fresh, old)
        phase.detail.update(
            snapshot_id=info.snapshot_id, snapshot_bytes=info.bytes, connections_ended=ended
        )
    crash_point("run:reset-swapped")
    with run.phase("drop"):
        drop_database(ctx, maintenance, old, run_id)
    return info, ended


def swap_databases(maintenance: psycopg.Connection[Any], current: str, fresh: str, old: str) -> int:
    """`current` becomes `old` (closed) and `fresh` takes its name, in one transaction:
    sessions on `current` are ended first (a rename waits a few seconds for them to leave,
    and one that came back in the meantime makes us end it and try again). Returns the
    sessions ended."""
    ended = 0
    for attempt in range(20):
        row = maintenance.execute(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
            "WHERE datname = %s AND pid <> pg_backend_pid()",
            (current,),
        ).fetchone()
        ended += int(row[0]) if row else 0
        try:
            with maintenance.transaction():
                rename = sql.SQL("ALTER DATABASE {} RENAME TO {}")
                maintenance.execute(rename.format(sql.Identifier(current), sql.Identifier(old)))
                maintenance.execute(
                    sql.SQL("ALTER DATABASE {} ALLOW_CONNECTIONS false").format(sql.Identifier(old))
                )
                maintenance.execute(rename.format(sql.Identifier(fresh), sql.Identifier(current)))
            return ended
        except psycopg.errors.ObjectInUse:
            if attempt == 19:
                raise
            time.sleep(0.02 * (1 + attempt // 5))
    return ended


def run_database_usable(
    maintenance: psycopg.Connection[Any], database: str, roles: list[str]
) -> bool:
    """Whether the run's roles can connect to its database: it accepts connections and each
    role holds CONNECT on it (what a reset killed by an older workbench could leave undone)."""
    row = maintenance.execute(
        "SELECT d.datallowconn AND count(r.oid) = %s "
        "AND bool_and(has_database_privilege(r.oid, d.oid, 'CONNECT')) "
        "FROM pg_catalog.pg_database d JOIN pg_catalog.pg_roles r ON r.rolname = ANY(%s) "
        "WHERE d.datname = %s GROUP BY d.datallowconn",
        (len(roles), roles, database),
    ).fetchone()
    return bool(row and row[0])


def drop_database(
    ctx: Context, maintenance: psycopg.Connection[Any], name: str, run_id: str
) -> bool:
    """Drop one of the run's databases: it carries the run's marker, or it is closed and
    unmarked (a kill between its CREATE and its COMMENT). Anything else of that name is not
    the run's and stays (GuardRefusal)."""
    row = maintenance.execute(
        "SELECT pg_catalog.shobj_description(d.oid, 'pg_database'), d.datallowconn, "
        f"{OWNED_BY_ADMIN} FROM pg_catalog.pg_database d WHERE d.datname = %s",
        (name,),
    ).fetchone()
    if row is None:
        return False
    comment, allowed, owned = row
    if not owned or (comment != ctx.guard.run_marker(run_id) and (comment is not None or allowed)):
        raise WorkbenchError(
            f"database {name!r} is not run {run_id!r}'s (it lacks the run's marker); the "
            "workbench will not drop it. Rename or drop it yourself.",
            title="not the run's database",
        )
    maintenance.execute(
        sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
    )
    return True


def dismantle(ctx: Context, maintenance: psycopg.Connection[Any], run_id: str) -> dict[str, Any]:
    """Everything of run `run_id`: its databases, its roles, then its folder (the lease last).
    Returns what was there and removed, and what had to be left (and why)."""
    dropped: list[str] = []
    left: list[str] = []
    for name in (ctx.guard.run_name(run_id, stage) for stage in RUN_STAGES):
        try:
            if drop_database(ctx, maintenance, name, run_id):
                dropped.append(name)
        except WorkbenchError as err:
            left.append(str(err))
    roles, kept = drop_run_roles(maintenance, ctx.config, run_id)
    left += kept
    lease = remove_run_files(ctx.state_dir, run_id) if not left else False
    return {"databases": dropped, "roles": roles, "lease": lease, "left": left}


def run_databases(ctx: Context, maintenance: psycopg.Connection[Any]) -> dict[str, list[str]]:
    """Run id -> this sandbox's run databases on the server: those carrying a run's marker
    under the run's name (or its building name), and closed unmarked ones of such a name."""
    stages = "|".join(RUN_STAGES)
    suffix_re = rf"__wb_(?:{stages})_{ctx.guard.sandbox_id()[:8]}_([a-z0-9][a-z0-9_-]{{0,23}})$"
    rows = maintenance.execute(
        "SELECT d.datname, pg_catalog.shobj_description(d.oid, 'pg_database'), d.datallowconn, "
        "substring(d.datname FROM %s) FROM pg_catalog.pg_database d "
        f"WHERE d.datname ~ %s AND {OWNED_BY_ADMIN}",
        (suffix_re, suffix_re),
    ).fetchall()
    found: dict[str, list[str]] = {}
    for name, comment, allowed, run_id in rows:
        if not run_id or not RUN_ID.fullmatch(run_id):
            continue
        if name not in {ctx.guard.run_name(run_id, stage) for stage in RUN_STAGES}:
            continue
        if comment == ctx.guard.run_marker(run_id) or (comment is None and not allowed):
            found.setdefault(run_id, []).append(name)
    return found
