"""`workbench seed import FILE`: a masked seed into the sandbox, the other tables generated.

Every check runs before the sandbox is touched, in this order: the seed is found and is not
a file Git would publish; its rows are read into memory as COPY text (an archive through the
cluster's own pg_restore, never restored); each seed column has a recorded decision (exit 4
otherwise); every value goes through its column's rule; the masked rows are scanned (exit 4 on
a hit). Only then does the build run (lifecycle/build.py, with a `Preload`): the database is
made anew from schema.sql, the masked rows are COPYed on the load connection, the tables the
seed does not cover are generated with their foreign keys into the seed's rows, and the result
is verified, kept as the snapshot `reset` returns to, and leased with the seed's provenance."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import psycopg
from psycopg import sql

from workbench.context import Context
from workbench.events import EventSink, Info, PhaseChanged, TableDone, TableStarted
from workbench.generate.generators.pools import use_cache_dir
from workbench.generate.load.detach import detach_fks, reattach_fks
from workbench.lifecycle import build
from workbench.programs import find_program
from workbench.seed.copytext import SeedError, SeedTable, copy_text
from workbench.seed.key import key_id, seed_key
from workbench.seed.mask import mask_seed
from workbench.seed.policy import resolve_policy
from workbench.seed.scan import refuse_hits, scan_seed
from workbench.seed.source import SeedFile, locate, read_tables, refuse_if_tracked
from workbench.server.cluster import find_bindir

_COPY_CHUNK = 1 << 20


def import_seed(ctx: Context, path: Path) -> dict[str, Any]:
    """Import the seed at `path` (see the module docstring); the build's result with the
    seed's provenance and what was done to its values."""
    ctx.require("write", "seed import")
    events = ctx.events
    seed = locate(path.expanduser().absolute())
    refuse_if_tracked(seed, ctx.config.root)
    schema = ctx.schema()
    use_cache_dir(ctx.source.cache_dir)  # the vocabularies, built once per project
    started = time.perf_counter()
    events(PhaseChanged("seed", f"reading the {seed.kind} seed"))
    tables = _distinct(read_tables(seed, _pg_restore(ctx, seed)))
    read_seconds = time.perf_counter() - started
    empty = [t.name for t in tables if not t.rows]
    if empty:  # a data dump lists every table: an empty one is generated like the others
        events(Info(f"{len(empty)} table(s) of the seed have no rows and are generated"))
        tables = [t for t in tables if t.rows]
    policy = resolve_policy(schema, ctx.config, tables)
    events(PhaseChanged("mask", f"{sum(t.rows for t in tables):,} rows"))
    key = seed_key(ctx.state_dir)
    masked, report = mask_seed(tables, policy, schema, ctx.config, key)
    events(PhaseChanged("scan", f"{len(masked)} table(s)"))
    scanned = time.perf_counter()
    refuse_hits(scan_seed(masked, policy, schema))
    scan_seconds = time.perf_counter() - scanned
    provenance = _provenance(seed, policy.digest(), key, masked, policy.dropped)
    events(Info("seed masked and scanned: nothing personal found", dict(report.values)))
    preload = build.Preload(
        rows={t.name: t.rows for t in masked},
        copy_into=lambda conn, plan, sink: copy_seed(conn, masked, plan, sink),
        provenance=provenance,
    )
    result = build.generate(ctx, preload=preload, resume=False)
    generated = [n for n in schema.tables if n not in preload.rows]
    result["seed_import"] = {
        **provenance,
        "values": dict(report.values),
        "policy": policy.counts(),
        "generated_tables": sorted(n for n in generated if not schema.tables[n].partition_of),
        "read_seconds": round(read_seconds, 3),
        "mask_seconds": round(report.seconds, 3),
        "scan_seconds": round(scan_seconds, 3),
    }
    return result


def _distinct(tables: list[SeedTable]) -> list[SeedTable]:
    seen: dict[str, str] = {}
    for table in tables:
        if table.name in seen:
            raise SeedError(
                f"the seed holds rows for {table.name} twice ({seen[table.name]} and "
                f"{table.origin}); one block or file per table."
            )
        seen[table.name] = table.origin
    return tables


def _pg_restore(ctx: Context, seed: SeedFile) -> Path | None:
    """The cluster's own pg_restore (its binaries' folder), for an archive only."""
    if seed.kind != "archive":
        return None
    if ctx.embedded:
        ctx.db.ensure_server()
        state = ctx.db.server.state()
        bindir = Path(state.bindir) if state is not None else find_bindir()
    else:
        bindir = find_bindir()
    found = bindir / "pg_restore"
    if found.is_file():
        return found
    other = find_program("pg_restore")  # absolute PATH entries only
    return Path(other) if other else None


def _provenance(
    seed: SeedFile, policy_hash: str, key: bytes, masked: list[SeedTable], dropped: list[str]
) -> dict[str, Any]:
    """What the lease and evidence keep of the seed: hashes and counts, never a value or a
    path."""
    out: dict[str, Any] = {
        "seed_hash": seed.digest(),
        "policy_hash": policy_hash,
        "key_id": key_id(key),
        "format": seed.kind,
        "tables": {t.name: t.rows for t in masked},
        "rows": sum(t.rows for t in masked),
    }
    if dropped:
        out["dropped"] = sorted(dropped)
    return out


def copy_seed(conn: Any, tables: list[SeedTable], plan: Any, events: EventSink) -> None:
    """COPY the masked tables in plan order, in one transaction on the load connection; the
    foreign keys among them are dropped for the COPY and added again before the commit (one
    join each, as pg_restore's post-data does), so rows may come in any order."""
    by_name = {t.name: t for t in tables}
    order = [tp.name for tp in plan.tables if tp.name in by_name]
    if conn.autocommit:
        raise SeedError("the seed's rows are copied in a transaction; autocommit was on.")
    try:
        _copy_in_order(conn, by_name, order, events)
    except psycopg.errors.IntegrityError as err:
        raise _breaks_constraint(err) from None


def _breaks_constraint(err: psycopg.errors.IntegrityError) -> SeedError:
    """The export itself breaks a constraint (masking keeps equal values equal and rows as
    they are): named by table and constraint, never by a value, even a masked one."""
    diag = err.diag
    where = ".".join(p for p in (diag.schema_name, diag.table_name) if p) or "a table"
    what = f"constraint {diag.constraint_name}" if diag.constraint_name else "a constraint"
    return SeedError(
        f"the seed's rows break {what} of {where} ({type(err).__name__}, SQLSTATE "
        f"{err.sqlstate}): the export holds rows the schema refuses, and masking keeps "
        "equal values equal. Nothing of the seed was kept; the sandbox holds an unfinished "
        "import that the next generate or seed import replaces, and `workbench undo` brings "
        "back the database it replaced. Export rows that satisfy the schema and import again."
    )


def _copy_in_order(
    conn: Any, by_name: dict[str, SeedTable], order: list[str], events: EventSink
) -> None:
    with conn.transaction():
        conn.execute("SET CONSTRAINTS ALL DEFERRED")
        detached: list[tuple[str, str, str]] = []
        for name in order:
            detached.extend(detach_fks(conn, name))
        for name in order:
            table = by_name[name]
            events(TableStarted(name, table.rows))
            t0 = time.perf_counter()
            schema_name, _, bare = name.partition(".")
            columns = sql.SQL(", ").join(sql.Identifier(c) for c in table.columns)
            statement = sql.SQL("COPY {} ({}) FROM STDIN").format(
                sql.Identifier(schema_name, bare), columns
            )
            data = copy_text(table).encode()
            with conn.cursor() as cur, cur.copy(statement) as copy:
                for at in range(0, len(data), _COPY_CHUNK):
                    copy.write(data[at : at + _COPY_CHUNK])
            events(TableDone(name, table.rows, time.perf_counter() - t0))
        reattach_fks(conn, detached)
