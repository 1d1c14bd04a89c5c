"""The lease a run leaves: .workbench/lease.json (records/lease.py's record) and its expiry as a
setting on the sandbox database, which doctor reads to tell leaked databases on a shared
server."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import psycopg
from psycopg import sql

from workbench.config.file import config_hash
from workbench.context import Context
from workbench.records.evidence import EvidenceRun
from workbench.records.lease import (
    LEASE_SETTING,
    Lease,
    lease_setting_value,
    new_lease,
    read_lease,
    write_lease,
)


def record_lease_on_database(ctx: Context, conn: psycopg.Connection[Any], lease: Lease) -> None:
    """The lease's expiry as a database setting (doctor reads it to tell leaked databases on
    a shared server). A DSN role that is not a superuser may not set a custom parameter; the
    lease then lives in .workbench/lease.json alone."""
    try:
        _set_lease_setting(ctx, conn, lease)
    except psycopg.errors.InsufficientPrivilege:
        if not conn.autocommit:
            conn.rollback()


def _set_lease_setting(ctx: Context, conn: psycopg.Connection[Any], lease: Lease) -> None:
    conn.execute(
        sql.SQL("ALTER DATABASE {} SET {} = {}").format(
            sql.Identifier(ctx.config.sandbox.name),
            sql.Identifier(*LEASE_SETTING.split(".")),
            sql.Literal(lease_setting_value(lease)),
        )
    )


@dataclass(frozen=True)
class Provenance:
    """What a build was made from: the snapshot's record and the lease both carry it."""

    schema_fp: str
    database_fp: str
    migrations: str | None  # the migrations' hash (None: none configured or applied)
    seed: int | None
    rows: int | None  # rows per table as asked for (None: sandbox.toml's)
    seed_source: str = "config"  # "explicit" when a seed was asked for
    # a seed import's hashes (seed, policy, key id) and rows per table; None: all generated
    seed_import: dict[str, Any] | None = None
    clock: str | None = None  # the generation's `now` (None: not a generation of its own)


def write_new_lease(
    ctx: Context,
    run: EvidenceRun,
    prov: Provenance,
    *,
    snapshot_id: str | None,
    built_by: str,
    conn: psycopg.Connection[Any] | None = None,
) -> Lease:
    config = ctx.config
    lease = new_lease(
        previous=read_lease(config.state_dir),
        run_id=run.run_id,
        database=config.sandbox.name,
        target=ctx.target().display,
        root=config.root,
        schema_path=config.schema_path,
        schema_fingerprint=prov.schema_fp,
        database_fingerprint=prov.database_fp,
        migrations_hash=prov.migrations,
        seed=prov.seed,
        rows=prov.rows,
        config_hash=config_hash(config),
        snapshot_id=snapshot_id,
        capabilities=config.sandbox.capabilities,
        lifetime=config.sandbox.lifetime,
        lifetime_seconds=config.sandbox.lifetime_seconds,
        built_by=built_by,
        seed_source=prov.seed_source,
        seed_import=prov.seed_import,
        clock=prov.clock,
    )
    write_lease(config.state_dir, lease)
    if conn is not None:
        record_lease_on_database(ctx, conn, lease)
    else:
        with ctx.db.sandbox() as own:
            record_lease_on_database(ctx, own, lease)
    return lease
