"""The snapshot a fast reset clones: a template database `<name>__wb_snapshot` that carries this
sandbox's snapshot marker, refuses connections (ALLOW_CONNECTIONS false) and is only ever named on
a maintenance connection (the guard's narrow rule for it: guard.snapshot_name / snapshot_state);
its record (.workbench/snapshot.json); and the cluster-level steps a clone needs (ending the
sandbox's other sessions, the clone strategy, the owner)."""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable
from dataclasses import asdict, dataclass, fields
from datetime import UTC, datetime
from typing import Any

import psycopg
from psycopg import sql

from workbench.access.databases import MAY_END, create_closed
from workbench.access.lock import snapshot_lock
from workbench.config.file import config_hash
from workbench.context import Context
from workbench.errors import GuardRefusal, WorkbenchError
from workbench.events import PhaseChanged, Warning
from workbench.files.state import SNAPSHOT_FILE, atomic_write_json, read_json
from workbench.lifecycle.changes import record_baseline
from workbench.lifecycle.fingerprints import (
    catalog_digest,
    database_fingerprint,
    expected_database,
    file_fingerprint,
)
from workbench.lifecycle.leasing import Provenance
from workbench.lifecycle.runs import evidence_of, maintenance_connection, operation
from workbench.records.evidence import incomplete, read_records, summarise
from workbench.records.lease import read_lease, write_lease
from workbench.records.progress import wal_barrier


@dataclass
class SnapshotInfo:
    snapshot_id: str
    database: str
    created: str
    source: str  # generate, reset, manual
    schema_fingerprint: str  # schema.sql's fingerprint when it was taken
    database_fingerprint: str  # the sandbox's own (introspected) fingerprint when it was taken
    config_hash: str
    migrations_hash: str | None
    seed: int | None
    rows: int | None
    seed_source: str = "config"
    seconds: float = 0.0
    catalog_digest: str = ""  # catalog_digest() of the sandbox it was cloned from
    seed_import: dict[str, Any] | None = None  # the seed it holds (leasing.Provenance)
    bytes: int | None = None  # its size on disk (clone times are told by size)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> SnapshotInfo | None:
        if not isinstance(data, dict):
            return None
        names = {f.name for f in fields(cls)}
        try:
            return cls(**{k: v for k, v in data.items() if k in names})
        except TypeError:
            return None


def read_snapshot(ctx: Context) -> SnapshotInfo | None:
    return SnapshotInfo.from_dict(read_json(ctx.config.state_dir / SNAPSHOT_FILE))


def terminate_others(ctx: Context, maintenance: psycopg.Connection[Any]) -> int:
    """End the other clients' sessions on the sandbox database, and on no other database."""
    row = maintenance.execute(
        "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
        f"WHERE datname = %s AND pid <> pg_backend_pid() AND {MAY_END}",
        (ctx.config.sandbox.name,),
    ).fetchone()
    return int(row[0]) if row else 0


def _sandbox_marked(ctx: Context, maintenance: psycopg.Connection[Any]) -> bool | None:
    """Whether the sandbox database exists (None when not) and carries the marker, read from
    the catalog so the fast path need not connect to a database it is about to replace.
    Refuses a template database and another sandbox's marker, as the guard does."""
    name = ctx.config.sandbox.name
    row = maintenance.execute(
        "SELECT shobj_description(oid, 'pg_database'), datistemplate FROM pg_database "
        "WHERE datname = %s",
        (name,),
    ).fetchone()
    if row is None:
        return None
    if row[1]:
        raise GuardRefusal(
            "template-database",
            f"database {name!r} is marked as a template on this server; the workbench never "
            "writes to one. Choose another sandbox.name.",
        )
    return ctx.guard.check_marker(row[0], name) and row[0] == ctx.guard.marker()


def ensure_replaceable(ctx: Context, maintenance: psycopg.Connection[Any]) -> bool:
    """The guard's destructive rule for the sandbox database; False when it does not exist."""
    marked = _sandbox_marked(ctx, maintenance)
    if marked is None:
        return False
    if not marked:
        with ctx.guard.connect() as conn:  # claims it when empty, refuses otherwise
            ctx.guard.ensure_destructive_allowed(conn)
    return True


def without_sessions(
    action: Callable[[], object], ctx: Context, maintenance: psycopg.Connection
) -> int:
    """Run a CREATE DATABASE … TEMPLATE that needs the source to have no sessions: a client
    that reconnects between the terminate and the clone is ended again, a few times."""
    ended = 0
    for attempt in range(5):
        ended += terminate_others(ctx, maintenance)
        try:
            action()
            return ended
        except psycopg.errors.ObjectInUse:
            if attempt == 4:
                raise
            time.sleep(0.05 * (attempt + 1))
    return ended


def clone_strategy(maintenance: psycopg.Connection[Any]) -> sql.Composable:
    # FILE_COPY copies the files but takes two checkpoints, which with fsync on write every
    # dirty page of the cluster to disk (measured: 0.4–1.6 s for the 16 MB example, and a
    # slower DROP afterwards); WAL_LOG (15's default) writes the blocks to the WAL, made
    # durable by one flush (0.1–0.4 s). With fsync off (an external server set up so) the
    # file copy is the faster. Before 15 there is only the copy.
    if maintenance.info.server_version < 150000:
        return sql.SQL("")
    row = maintenance.execute("SELECT current_setting('fsync')").fetchone()
    if row is not None and row[0] == "off":
        return sql.SQL(" STRATEGY FILE_COPY")
    return sql.SQL(" STRATEGY WAL_LOG")


def owner_clause(maintenance: psycopg.Connection[Any], source: str) -> sql.Composable:
    """` OWNER <role>` naming the owner of database `source` (nothing when it is gone, or
    when this session may not create databases for that role)."""
    row = maintenance.execute(
        "SELECT pg_get_userbyid(datdba) FROM pg_database "
        "WHERE datname = %s AND pg_has_role(current_user, datdba, 'MEMBER')",
        (source,),
    ).fetchone()
    if row is None or not row[0]:
        return sql.SQL("")
    return sql.SQL(" OWNER {}").format(sql.Identifier(row[0]))


def take_snapshot(ctx: Context, source: str, prov: Provenance) -> SnapshotInfo:
    """Replace the snapshot with a template clone of the sandbox as it is now (`source`:
    generate, reset or manual). Runs clone the snapshot without the sandbox's lock: the
    swap holds the snapshot's own lock, so a run's clone sees the old one or the new one."""
    started = time.monotonic()
    snapshot_id = f"snap-{datetime.now(UTC).strftime('%Y%m%dT%H%M%S')}-{uuid.uuid4().hex[:6]}"
    state_path = ctx.config.state_dir / SNAPSHOT_FILE
    with ctx.db.sandbox() as conn:
        digest = catalog_digest(conn)
    with (
        maintenance_connection(ctx) as maintenance,
        snapshot_lock(maintenance, ctx.config.sandbox.name, shared=False),
    ):
        # The good snapshot and its record stay until the new one is whole: it takes the
        # snapshot's name in one transaction (databases.create_closed), so a failure or a
        # kill before leaves both as they were. A kill between that commit and the record
        # below leaves a record naming the old snapshot: its marker no longer matches, and
        # reset takes the full path (plan_reset), never a wrong clone.
        _clone_into_snapshot(ctx, maintenance, snapshot_id)
        info = SnapshotInfo(
            snapshot_id=snapshot_id,
            database=ctx.guard.snapshot_name(),
            created=datetime.now(UTC).isoformat(timespec="seconds"),
            source=source,
            schema_fingerprint=prov.schema_fp,
            database_fingerprint=prov.database_fp,
            config_hash=config_hash(ctx.config),
            migrations_hash=prov.migrations,
            seed=prov.seed,
            rows=prov.rows,
            seed_source=prov.seed_source,
            seconds=round(time.monotonic() - started, 4),
            catalog_digest=digest,
            seed_import=prov.seed_import,
            bytes=database_bytes(maintenance, ctx.guard.snapshot_name()),
        )
        atomic_write_json(state_path, info.to_dict())
    return info


def database_bytes(maintenance: psycopg.Connection[Any], name: str) -> int | None:
    """The size of database `name` on disk (None when this role may not see it, or when it is
    gone: a run ended by another session between the listing of the catalog and this query)."""
    try:
        row = maintenance.execute("SELECT pg_database_size(%s)", (name,)).fetchone()
    except (psycopg.errors.InsufficientPrivilege, psycopg.errors.InvalidCatalogName):
        return None
    return int(row[0]) if row and row[0] is not None else None


def _clone_into_snapshot(
    ctx: Context, maintenance: psycopg.Connection[Any], snapshot_id: str
) -> None:
    name = ctx.config.sandbox.name
    snap = ctx.guard.snapshot_name()
    ctx.guard.snapshot_state(maintenance)  # refuses a database of that name not ours
    # The snapshot keeps the sandbox's owner, so a clone of it is owned as a generate leaves
    # the sandbox, not by whichever administrative role ran the clone. It is made closed and
    # marked under the building name, then takes the snapshot's name in one transaction
    # (databases.create_closed): a kill leaves the old snapshot or the new one, never an
    # open or unmarked one, and never none.
    template = sql.SQL(" TEMPLATE {}{}{}").format(
        sql.Identifier(name), clone_strategy(maintenance), owner_clause(maintenance, name)
    )
    without_sessions(
        lambda: create_closed(
            maintenance,
            ctx.config,
            snap,
            marker=ctx.guard.snapshot_marker(snapshot_id),
            owner_role=None,
            template=template,
            snapshot=True,
        ),
        ctx,
        maintenance,
    )
    wal_barrier(maintenance)  # snapshot.json names it: it must survive a crash


class UnfinishedBuild(WorkbenchError):
    title = "the sandbox holds an unfinished build"


def _refuse_unfinished(ctx: Context) -> None:
    """A generate or reset that stopped left the sandbox half made: keeping that as the
    snapshot would replace the good one with it, so `snapshot` refuses before touching either
    (attack28: a snapshot after a killed generate failed half way and cost the good one)."""
    stopped = incomplete(summarise(read_records(ctx.config.state_dir)))
    if stopped is None:
        return
    info = read_snapshot(ctx)
    way = (
        f"`workbench reset --yes` brings back snapshot {info.snapshot_id} (the last good "
        "state), `workbench generate --yes` builds the sandbox again"
        if info is not None
        else "`workbench generate --yes` builds the sandbox again"
    )
    raise UnfinishedBuild(
        f"The last {stopped.removeprefix('incomplete: ')}, so the sandbox is not kept as "
        "the snapshot (the snapshot is untouched). "
        f"{way[0].upper()}{way[1:]}."
    )


def snapshot(ctx: Context) -> dict[str, Any]:
    """Keep the sandbox's current state as the snapshot the next reset clones."""
    ctx.require("reset", "snapshot")
    on_event = ctx.events
    with operation(ctx, "snapshot") as ctx:
        run = evidence_of(ctx)
        with ctx.guard.connect() as conn:  # the guard first: another's database is refused
            if not ctx.guard.has_marker(conn):
                raise WorkbenchError(
                    "The sandbox database lacks the workbench's marker; run `workbench "
                    "generate` first.",
                    title="nothing to snapshot",
                )
        _refuse_unfinished(ctx)
        schema_fp = file_fingerprint(ctx)
        with run.phase("verify") as phase, ctx.guard.connect() as conn:
            database_fp = database_fingerprint(conn)
            phase.fingerprints.update(schema=schema_fp, database=database_fp)
        previous = read_lease(ctx.config.state_dir)
        migrations = previous.migrations_hash if previous is not None else None
        matches = database_fp == expected_database(ctx, schema_fp)
        if migrations is None and not matches:
            on_event(
                Warning(
                    "the sandbox's schema differs from schema.sql; this snapshot will not be "
                    "used by `workbench reset` until they match again."
                )
            )
        on_event(PhaseChanged("snapshot", "cloning the sandbox into its snapshot"))
        with run.phase("snapshot") as phase:
            prov = Provenance(
                schema_fp,
                database_fp,
                migrations,
                seed=previous.seed if previous else None,
                rows=previous.rows if previous else None,
                seed_source=previous.seed_source if previous else "config",
            )
            info = take_snapshot(ctx, "manual", prov)
            phase.detail["snapshot_id"] = info.snapshot_id
        if previous is not None:
            previous.snapshot_id = info.snapshot_id
            write_lease(ctx.config.state_dir, previous)
        record_baseline(ctx, "snapshot")
        run.finish(
            "ok",
            verified=matches or migrations is not None,
            summary={
                "snapshot_id": info.snapshot_id,
                "fingerprints": {"schema": schema_fp, "database": database_fp},
            },
        )
        return {**info.to_dict(), "run_id": run.run_id, "matches_schema": matches}
