"""The sandbox lifecycle: one-step reset, snapshots, and the lock / evidence / lease around every
run that changes the sandbox.

- `operation()` wraps a run: the sandbox's advisory lock (lock.py), an evidence run
  (evidence.py), and nesting (a reset's generate records into the reset's run).
- `generate()` wraps the engine's generation pipeline: phases recorded from its events, the
  result verified (fingerprint of the database vs schema.sql), kept as the snapshot, leased.
- `reset()`: the fast path clones the snapshot (`CREATE DATABASE … TEMPLATE`) when it still
  matches schema.sql, sandbox.toml and the migrations; the full path drops, creates, applies
  schema.sql, generates, applies the migrations and takes a new snapshot. Both end verified.
- `snapshot()`: keep the current state as the snapshot, on demand.

The snapshot is a template database `<name>__wb_snapshot` that carries this sandbox's snapshot
marker, refuses connections (ALLOW_CONNECTIONS false) and is only ever named on a maintenance
connection (the guard's narrow rule for it: guard.snapshot_name / snapshot_state).
"""

from __future__ import annotations

import hashlib
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, fields
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import psycopg
from psycopg import sql

import workbench
from workbench import roles
from workbench.config import config_hash
from workbench.errors import Cancelled, DatabaseError, WorkbenchError
from workbench.events import (
    CancelToken,
    Event,
    EventSink,
    Info,
    PhaseChanged,
    TableDone,
    Warning,
    ignore,
)
from workbench.evidence import EvidenceRun, now_iso
from workbench.lease import (
    LEASE_SETTING,
    Lease,
    lease_setting_value,
    new_lease,
    read_lease,
    write_lease,
)
from workbench.lock import SandboxLock, wait_seconds_from_env
from workbench.progress import clear as clear_progress
from workbench.progress import wal_barrier
from workbench.state import atomic_write_json, read_json

if TYPE_CHECKING:
    from workbench.engine import Engine

SNAPSHOT_FILE = "snapshot.json"
FINGERPRINT_CACHE = "fingerprint.json"


class VerificationError(WorkbenchError):
    """The sandbox's schema does not match what it should be after a reset."""

    title = "verification failed"


class MigrationError(DatabaseError):
    """A migration file failed; the message names the file and line."""

    title = "migration failed"

    def __init__(self, message: str, *, file: str, line: int, statement: str) -> None:
        super().__init__(message)
        self.file = file
        self.line = line
        self.statement = statement


# --- fingerprints and keys ---------------------------------------------------------------------


def _parser_stamp() -> str:
    """Changes when the schema code changes, so a cached fingerprint is never stale."""
    folder = Path(__file__).parent / "schema"
    parts = [workbench.__version__]
    for path in sorted(folder.glob("*.py")):
        stat = path.stat()
        parts.append(f"{path.name}:{stat.st_size}:{stat.st_mtime_ns}")
    return hashlib.sha256("|".join(parts).encode()).hexdigest()[:16]


def file_fingerprint(engine: Engine) -> str:
    """The fingerprint of schema.sql's model, cached by the file's hash: the fast reset path
    then never parses the file (parsing is the slowest step a fast reset would otherwise take).
    """
    from workbench.lease import file_hash

    path = engine.config.schema_path
    digest = file_hash(path)
    stamp = _parser_stamp()
    cache_path = engine.config.state_dir / FINGERPRINT_CACHE
    cached = read_json(cache_path)
    if (
        isinstance(cached, dict)
        and cached.get("schema_hash") == digest
        and cached.get("stamp") == stamp
        and isinstance(cached.get("fingerprint"), str)
    ):
        return cached["fingerprint"]
    from workbench.schema.fingerprint import fingerprint

    value = fingerprint(engine.schema())
    atomic_write_json(cache_path, {"schema_hash": digest, "stamp": stamp, "fingerprint": value})
    return value


def database_fingerprint(conn: psycopg.Connection) -> str:
    from workbench.schema.fingerprint import fingerprint
    from workbench.schema.introspect import introspect

    return fingerprint(introspect(conn))


def schema_differences(engine: Engine, conn: psycopg.Connection, limit: int = 5) -> list[str]:
    """The first differences between schema.sql's model and the live database."""
    from workbench.schema.compare import diff_models
    from workbench.schema.introspect import introspect

    try:
        return diff_models(engine.schema(), introspect(conn), ("schema.sql", "database"))[:limit]
    except Exception as err:  # a diagnostic only: never mask the real error
        return [f"(could not compare: {type(err).__name__})"]


def migration_files(engine: Engine) -> list[Path]:
    folder = engine.config.migrations_path
    if folder is None:
        return []
    if not folder.is_dir():
        raise WorkbenchError(
            f"{engine.config.path}: key sandbox.migrations names {folder}, which is not a "
            "folder of .sql files.",
            title="configuration error",
        )
    return sorted(
        (p for p in folder.iterdir() if p.suffix == ".sql" and p.is_file()), key=lambda p: p.name
    )


def migrations_hash(engine: Engine) -> str | None:
    """A hash of the migrations' names and contents (None when none are configured)."""
    if engine.config.migrations_path is None:
        return None
    digest = hashlib.sha256()
    for path in migration_files(engine):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


# --- the snapshot record -----------------------------------------------------------------------


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


def read_snapshot(engine: Engine) -> SnapshotInfo | None:
    return SnapshotInfo.from_dict(read_json(engine.config.state_dir / SNAPSHOT_FILE))


# --- lock + evidence around a run --------------------------------------------------------------


def outcome_of(err: BaseException) -> str:
    return "cancelled" if isinstance(err, Cancelled | KeyboardInterrupt) else "failed"


@contextmanager
def operation(
    engine: Engine, command: str, on_event: EventSink = ignore, **context: Any
) -> Iterator[EvidenceRun]:
    """Hold the sandbox's lock and record an evidence run; a nested call (reset → generate)
    joins the run already open on this engine."""
    current: EvidenceRun | None = getattr(engine, "_run", None)
    if current is not None:
        yield current
        return
    engine.ensure_server()
    lock = SandboxLock(
        engine.guard,
        command,
        wait=getattr(engine, "lock_wait", None) or wait_seconds_from_env(),
        on_wait=lambda message: on_event(Info(message)),
    )
    lock.acquire()
    engine._lock = lock
    try:
        run = EvidenceRun(
            engine.config.state_dir,
            command,
            redact=engine.guard.redact,
            context={"database": engine.config.sandbox.name, **context},
        )
        engine._run = run
        try:
            yield run
        except BaseException as err:
            run.finish(outcome_of(err), error=err)
            raise
        else:
            run.finish("ok")  # a no-op when the body already finished the run
        finally:
            engine._run = None
    finally:
        engine._lock = None
        lock.release()


class PhaseTracker:
    """An EventSink that turns the engine's PhaseChanged events into evidence phase records,
    with per-table row counts from TableDone."""

    def __init__(self, run: EvidenceRun, sink: EventSink, prefix: str = "") -> None:
        self.run = run
        self.sink = sink
        self.prefix = prefix
        self._phase: str | None = None
        self._at = ""
        self._start = 0.0
        self._tables: dict[str, int] = {}

    def __call__(self, event: Event) -> None:
        if isinstance(event, PhaseChanged):
            self.close()
            self._phase, self._at, self._start = event.phase, now_iso(), time.monotonic()
            self._tables = {}
        elif isinstance(event, TableDone):
            self._tables[event.table] = event.rows
        self.sink(event)

    def close(self, outcome: str = "ok", error: BaseException | None = None) -> None:
        if self._phase is None:
            return
        counts: dict[str, Any] = {}
        if self._tables:
            counts = {
                "tables": len(self._tables),
                "rows": sum(self._tables.values()),
                "per_table": dict(self._tables),
            }
        self.run.record_phase(
            f"{self.prefix}{self._phase}",
            started_at=self._at,
            seconds=time.monotonic() - self._start,
            outcome=outcome,
            counts=counts,
            error=self.run.error_text(error) if error is not None else None,
        )
        self._phase = None


# --- connections and statements on the cluster -------------------------------------------------


@contextmanager
def maintenance_connection(engine: Engine) -> Iterator[psycopg.Connection]:
    """The held lock's maintenance session when there is one, else a new one."""
    lock: SandboxLock | None = getattr(engine, "_lock", None)
    if lock is not None and lock.connection is not None and not lock.connection.closed:
        yield lock.connection
        return
    with engine.guard.connect(maintenance=True) as conn:
        yield conn


_CATALOG_DIGEST = """
WITH ns AS (
    SELECT oid, nspname FROM pg_namespace
    WHERE nspname NOT IN ('pg_catalog', 'information_schema')
      AND nspname NOT LIKE 'pg_toast%' AND nspname NOT LIKE 'pg_temp%'
)
SELECT md5(coalesce(string_agg(item, E'\n' ORDER BY item), '')) FROM (
    SELECT 'rel ' || ns.nspname || '.' || c.relname || ' ' || c.relkind::text
    FROM pg_class c JOIN ns ON ns.oid = c.relnamespace
    UNION ALL
    SELECT 'col ' || ns.nspname || '.' || c.relname || '.' || a.attname || ' '
           || format_type(a.atttypid, a.atttypmod) || ' ' || a.attnotnull::text || ' '
           || a.attidentity::text || a.attgenerated::text || ' '
           || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
    FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN ns ON ns.oid = c.relnamespace
    LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
    WHERE a.attnum > 0 AND NOT a.attisdropped
    UNION ALL
    SELECT 'con ' || ns.nspname || '.' || coalesce(c.relname, t.typname, '') || '.'
           || k.conname || ' ' || pg_get_constraintdef(k.oid)
    FROM pg_constraint k JOIN ns ON ns.oid = k.connamespace
    LEFT JOIN pg_class c ON c.oid = k.conrelid LEFT JOIN pg_type t ON t.oid = k.contypid
    UNION ALL
    SELECT 'idx ' || pg_get_indexdef(i.indexrelid)
    FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN ns ON ns.oid = c.relnamespace
    UNION ALL
    SELECT 'typ ' || ns.nspname || '.' || t.typname || ' ' || t.typtype::text || ' '
           || format_type(t.typbasetype, t.typtypmod) || ' ' || t.typnotnull::text || ' '
           || coalesce((SELECT string_agg(e.enumlabel, ',' ORDER BY e.enumsortorder)
                        FROM pg_enum e WHERE e.enumtypid = t.oid), '')
    FROM pg_type t JOIN ns ON ns.oid = t.typnamespace WHERE t.typtype IN ('e', 'd', 'c', 'r')
    UNION ALL
    SELECT 'view ' || ns.nspname || '.' || c.relname || ' ' || pg_get_viewdef(c.oid)
    FROM pg_class c JOIN ns ON ns.oid = c.relnamespace WHERE c.relkind IN ('v', 'm')
    UNION ALL
    SELECT 'trg ' || pg_get_triggerdef(g.oid) FROM pg_trigger g WHERE NOT g.tgisinternal
    UNION ALL
    SELECT 'fn ' || ns.nspname || '.' || p.proname || '(' || oidvectortypes(p.proargtypes)
           || ') ' || md5(coalesce(p.prosrc, ''))
    FROM pg_proc p JOIN ns ON ns.oid = p.pronamespace
    UNION ALL
    SELECT 'ext ' || x.extname || ' ' || x.extversion FROM pg_extension x
) items(item)
"""


def catalog_digest(conn: psycopg.Connection) -> str:
    """A digest of the database's user catalog (relations, columns, defaults, constraints,
    indexes, types, views, triggers, functions), computed by the server in one query. A clone
    of a template has the template's digest; the fast reset checks that, and needs neither
    introspection nor the SQL parser (the slowest imports of a reset)."""
    row = conn.execute(_CATALOG_DIGEST).fetchone()
    return str(row[0]) if row else ""


def terminate_others(engine: Engine, maintenance: psycopg.Connection) -> int:
    """End the other clients' sessions on the sandbox database, and on no other database."""
    row = maintenance.execute(
        "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
        "WHERE datname = %s AND pid <> pg_backend_pid()",
        (engine.config.sandbox.name,),
    ).fetchone()
    return int(row[0]) if row else 0


def _sandbox_marked(engine: Engine, maintenance: psycopg.Connection) -> bool | None:
    """Whether the sandbox database exists (None when not) and carries the marker, read from
    the catalog so the fast path need not connect to a database it is about to replace.
    Refuses a template database and another sandbox's marker, as the guard does."""
    from workbench.errors import GuardRefusal

    name = engine.config.sandbox.name
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
    return engine.guard.check_marker(row[0], name) and row[0] == engine.guard.marker()


def _ensure_replaceable(engine: Engine, maintenance: psycopg.Connection) -> bool:
    """The guard's destructive rule for the sandbox database; False when it does not exist."""
    marked = _sandbox_marked(engine, maintenance)
    if marked is None:
        return False
    if not marked:
        with engine.guard.connect() as conn:  # claims it when empty, refuses otherwise
            engine.guard.ensure_destructive_allowed(conn)
    return True


def _with_retry(
    action: Callable[[], object], engine: Engine, maintenance: psycopg.Connection
) -> int:
    """Run a CREATE DATABASE … TEMPLATE that needs the source to have no sessions: a client
    that reconnects between the terminate and the clone is ended again, a few times."""
    ended = 0
    for attempt in range(5):
        ended += terminate_others(engine, maintenance)
        try:
            action()
            return ended
        except psycopg.errors.ObjectInUse:
            if attempt == 4:
                raise
            time.sleep(0.05 * (attempt + 1))
    return ended


def _strategy(maintenance: psycopg.Connection) -> sql.Composable:
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


def _owner_clause(maintenance: psycopg.Connection, source: str) -> sql.Composable:
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


def _drop_snapshot(engine: Engine, maintenance: psycopg.Connection) -> None:
    if engine.guard.snapshot_state(maintenance) is None:
        return
    name = sql.Identifier(engine.guard.snapshot_name())
    maintenance.execute(sql.SQL("ALTER DATABASE {} IS_TEMPLATE false").format(name))
    maintenance.execute(sql.SQL("DROP DATABASE IF EXISTS {}").format(name))


def _mark_sandbox(engine: Engine, conn: psycopg.Connection, lease: Lease | None) -> None:
    """After a clone: the marker, the lease setting and the database's ACL are per database,
    never copied (the grants on tables and schemas are, with the catalog)."""
    from workbench import roles

    engine.guard.set_marker(conn)
    engine._roles = roles.ensure_roles(conn, engine.config)
    roles.grant_database(conn, engine.config, objects=False)
    if lease is not None:
        _record_lease_on_database(engine, conn, lease)


def _record_lease_on_database(engine: Engine, conn: psycopg.Connection, lease: Lease) -> None:
    """The lease's expiry as a database setting (doctor reads it to tell leaked databases on
    a shared server). A DSN role that is not a superuser may not set a custom parameter; the
    lease then lives in .workbench/lease.json alone."""
    try:
        _set_lease_setting(engine, conn, lease)
    except psycopg.errors.InsufficientPrivilege:
        if not conn.autocommit:
            conn.rollback()


def _set_lease_setting(engine: Engine, conn: psycopg.Connection, lease: Lease) -> None:
    conn.execute(
        sql.SQL("ALTER DATABASE {} SET {} = {}").format(
            sql.Identifier(engine.config.sandbox.name),
            sql.Identifier(*LEASE_SETTING.split(".")),
            sql.Literal(lease_setting_value(lease)),
        )
    )


def take_snapshot(
    engine: Engine,
    *,
    source: str,
    database_fp: str,
    schema_fp: str,
    migrations: str | None,
    seed: int | None,
    rows: int | None,
    seed_source: str,
) -> SnapshotInfo:
    """Replace the snapshot with a template clone of the sandbox as it is now."""
    started = time.monotonic()
    name = engine.config.sandbox.name
    snap = engine.guard.snapshot_name()
    snapshot_id = f"snap-{datetime.now(UTC).strftime('%Y%m%dT%H%M%S')}-{uuid.uuid4().hex[:6]}"
    state_path = engine.config.state_dir / SNAPSHOT_FILE
    with engine.guard.connect() as conn:
        digest = catalog_digest(conn)
    with maintenance_connection(engine) as maintenance:
        # The record goes first: a crash below leaves no record, so no fast path, never a
        # record that names a snapshot which is gone or half made.
        state_path.unlink(missing_ok=True)
        _drop_snapshot(engine, maintenance)
        # The snapshot keeps the sandbox's owner, so a clone of it is owned as a generate
        # leaves the sandbox (its owner role, which also owns `public` through
        # pg_database_owner), not by the administrative role that ran the clone.
        create = sql.SQL("CREATE DATABASE {} TEMPLATE {}{}{}").format(
            sql.Identifier(snap),
            sql.Identifier(name),
            _strategy(maintenance),
            _owner_clause(maintenance, name),
        )
        _with_retry(lambda: maintenance.execute(create), engine, maintenance)
        maintenance.execute(
            sql.SQL("COMMENT ON DATABASE {} IS {}").format(
                sql.Identifier(snap), sql.Literal(engine.guard.snapshot_marker(snapshot_id))
            )
        )
        # Nobody connects to the snapshot (apps included); only clones are made from it.
        maintenance.execute(
            sql.SQL("ALTER DATABASE {} WITH ALLOW_CONNECTIONS false IS_TEMPLATE true").format(
                sql.Identifier(snap)
            )
        )
        wal_barrier(maintenance)  # snapshot.json below names it: it must survive a crash
    info = SnapshotInfo(
        snapshot_id=snapshot_id,
        database=snap,
        created=datetime.now(UTC).isoformat(timespec="seconds"),
        source=source,
        schema_fingerprint=schema_fp,
        database_fingerprint=database_fp,
        config_hash=config_hash(engine.config),
        migrations_hash=migrations,
        seed=seed,
        rows=rows,
        seed_source=seed_source,
        seconds=round(time.monotonic() - started, 4),
        catalog_digest=digest,
    )
    atomic_write_json(state_path, info.to_dict())
    return info


# --- migrations --------------------------------------------------------------------------------


def apply_migrations(engine: Engine, run: EvidenceRun, on_event: EventSink) -> list[str]:
    """Apply the migrations folder's .sql files in name order, each file in one transaction
    (a failing file leaves no half of itself behind); a failure names file and line."""
    from workbench.schema.split import split_statements

    applied: list[str] = []
    for path in migration_files(engine):
        on_event(PhaseChanged("migrate", path.name))
        with run.phase("migrate", file=path.name) as phase:
            text = path.read_text(encoding="utf-8")
            statements, metas = split_statements(text)
            if metas:
                meta = metas[0]
                raise MigrationError(
                    f"{path.name}:{meta.line}: psql meta-command {meta.text.split()[0]!r} in a "
                    "migration; migrations must be plain SQL.",
                    file=path.name,
                    line=meta.line,
                    statement=meta.text,
                )
            with engine.guard.connect(autocommit=False) as conn:
                from workbench.schema.apply import FILE_SEARCH_PATH

                conn.execute(FILE_SEARCH_PATH)
                for count, st in enumerate(statements, start=1):
                    phase.detail.update(line=st.line, statement=count)
                    try:
                        with conn.cursor() as cur:
                            if st.copy_data is not None:
                                with cur.copy(st.text) as copy:
                                    copy.write(st.copy_data)
                            else:
                                cur.execute(st.text)
                    except psycopg.Error as err:
                        conn.rollback()
                        first = " ".join(st.text.split())[:120]
                        diag = getattr(err, "diag", None)
                        message = (diag.message_primary if diag else None) or str(err).strip()
                        raise MigrationError(
                            f"migration {path.name}:{st.line} (statement {count} of "
                            f"{len(statements)}) failed: {message}; the file was rolled back, "
                            f"earlier files stay applied.\n  {first}",
                            file=path.name,
                            line=st.line,
                            statement=first,
                        ) from None
                conn.commit()
                phase.counts["statements"] = len(statements)
        applied.append(path.name)
    return applied


# --- the lease ---------------------------------------------------------------------------------


def write_new_lease(
    engine: Engine,
    run: EvidenceRun,
    *,
    schema_fp: str | None,
    database_fp: str | None,
    migrations: str | None,
    seed: int | None,
    rows: int | None,
    seed_source: str,
    snapshot_id: str | None,
    built_by: str,
    conn: psycopg.Connection | None = None,
) -> Lease:
    config = engine.config
    lease = new_lease(
        previous=read_lease(config.state_dir),
        run_id=run.run_id,
        database=config.sandbox.name,
        target=engine.target().display,
        root=config.root,
        schema_path=config.schema_path,
        schema_fingerprint=schema_fp,
        database_fingerprint=database_fp,
        migrations_hash=migrations,
        seed=seed,
        rows=rows,
        config_hash=config_hash(config),
        snapshot_id=snapshot_id,
        capabilities=config.sandbox.capabilities,
        lifetime=config.sandbox.lifetime,
        lifetime_seconds=config.sandbox.lifetime_seconds,
        built_by=built_by,
        seed_source=seed_source,
    )
    write_lease(config.state_dir, lease)
    if conn is not None:
        _record_lease_on_database(engine, conn, lease)
    else:
        with engine.guard.connect() as own:
            _record_lease_on_database(engine, own, lease)
    return lease


# --- generate ----------------------------------------------------------------------------------


def generate(
    engine: Engine,
    core: Callable[..., dict[str, Any]],
    *,
    rows: int | None,
    seed: int | None,
    on_event: EventSink,
    cancel: CancelToken | None,
    resume: bool,
    keep_snapshot: bool = True,
) -> dict[str, Any]:
    """The generation pipeline under the lock, with evidence, a verification, a snapshot and a
    lease. Inside a reset (nested) only the pipeline runs: the reset does the rest."""
    engine.require("write", "generate")
    nested = getattr(engine, "_run", None) is not None
    seed_source = "config" if seed is None else "explicit"
    with operation(engine, "generate", on_event, rows=rows, seed=seed) as run:
        tracker = PhaseTracker(run, on_event)
        try:
            result = core(rows=rows, seed=seed, on_event=tracker, cancel=cancel, resume=resume)
        except BaseException as err:
            tracker.close(outcome_of(err), err)
            raise
        tracker.close()
        if nested:
            return result
        schema_fp = file_fingerprint(engine)
        with run.phase("verify") as phase, engine.guard.connect() as conn:
            database_fp = database_fingerprint(conn)
            phase.fingerprints.update(schema=schema_fp, database=database_fp)
            verified = database_fp == schema_fp
            if not verified:
                differences = schema_differences(engine, conn)
                phase.detail["differences"] = differences
                on_event(
                    Warning(
                        "the generated database's schema differs from schema.sql: "
                        + "; ".join(differences)
                    )
                )
        snapshot_id = None
        migrations = migrations_hash(engine)
        # With migrations configured, a snapshot without them is of no use to reset.
        if keep_snapshot and verified and migrations is None:
            on_event(PhaseChanged("snapshot", "keeping this state for `workbench reset`"))
            with run.phase("snapshot") as phase:
                info = take_snapshot(
                    engine,
                    source="generate",
                    database_fp=database_fp,
                    schema_fp=schema_fp,
                    migrations=None,
                    seed=result.get("seed"),
                    rows=rows,
                    seed_source=seed_source,
                )
                snapshot_id = info.snapshot_id
                phase.detail["snapshot_id"] = snapshot_id
        lease = write_new_lease(
            engine,
            run,
            schema_fp=schema_fp,
            database_fp=database_fp,
            migrations=None,
            seed=result.get("seed"),
            rows=rows,
            seed_source=seed_source,
            snapshot_id=snapshot_id,
            built_by="generate",
        )
        summary = {
            "rows": result.get("rows"),
            "tables": result.get("tables"),
            "resumed": result.get("resumed"),
            "fingerprints": {"schema": schema_fp, "database": database_fp},
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


# --- reset -------------------------------------------------------------------------------------


@dataclass
class ResetPlan:
    schema_fp: str
    config_hash: str
    migrations: str | None
    snapshot: SnapshotInfo | None
    fast: bool
    reason: str


def plan_reset(
    engine: Engine,
    maintenance: psycopg.Connection,
    *,
    rows: int | None,
    seed: int | None,
    full: bool,
) -> ResetPlan:
    """Whether the snapshot can be cloned back, and if not, why not."""
    schema_fp = file_fingerprint(engine)
    chash = config_hash(engine.config)
    migrations = migrations_hash(engine)
    info = read_snapshot(engine)
    comment = engine.guard.snapshot_state(maintenance)

    def plan(fast: bool, reason: str) -> ResetPlan:
        return ResetPlan(schema_fp, chash, migrations, info, fast, reason)

    if full:
        return plan(False, "--full asked for")
    if info is None or comment is None:
        return plan(False, "no snapshot yet")
    if comment != engine.guard.snapshot_marker(info.snapshot_id):
        return plan(False, "the snapshot database is not the one .workbench/snapshot.json names")
    if info.schema_fingerprint != schema_fp:
        return plan(False, "schema.sql changed since the snapshot")
    if info.config_hash != chash:
        return plan(False, "sandbox.toml changed since the snapshot")
    if info.migrations_hash != migrations:
        return plan(False, "the migrations changed since the snapshot")
    if migrations is None and info.database_fingerprint != schema_fp:
        return plan(False, "the snapshot's schema differs from schema.sql")
    if rows is not None and rows != info.rows:
        return plan(False, f"the snapshot has rows={info.rows}, {rows} asked for")
    if seed is not None and seed != info.seed:
        return plan(False, f"the snapshot has seed={info.seed}, {seed} asked for")
    return plan(True, f"snapshot {info.snapshot_id} matches schema.sql and sandbox.toml")


def reset(
    engine: Engine,
    *,
    on_event: EventSink = ignore,
    cancel: CancelToken | None = None,
    full: bool = False,
    rows: int | None = None,
    seed: int | None = None,
) -> dict[str, Any]:
    """Return the sandbox to a known, verified state (see the module docstring)."""
    engine.require("reset", "reset")
    with operation(engine, "reset", on_event, full=full, rows=rows, seed=seed) as run:
        with run.phase("plan") as phase, maintenance_connection(engine) as maintenance:
            decision = plan_reset(engine, maintenance, rows=rows, seed=seed, full=full)
            phase.detail.update(fast=decision.fast, reason=decision.reason)
            phase.fingerprints["schema"] = decision.schema_fp
        on_event(Info(f"{'fast' if decision.fast else 'full'} reset: {decision.reason}"))
        result: dict[str, Any] | None = None
        if decision.fast:
            result = _fast_reset(engine, run, decision, on_event)
        if result is None:
            result = _full_reset(engine, run, decision, on_event, cancel, rows=rows, seed=seed)
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
        result["run_id"] = run.run_id
        result["seconds"] = end.get("seconds")
        result["recovery"] = end.get("recovery")
        return result


def _fast_reset(
    engine: Engine, run: EvidenceRun, decision: ResetPlan, on_event: EventSink
) -> dict[str, Any] | None:
    """Clone the snapshot back; None when the clone does not verify (the full path follows)."""
    info = decision.snapshot
    assert info is not None
    name = sql.Identifier(engine.config.sandbox.name)
    on_event(PhaseChanged("clone", f"from snapshot {info.snapshot_id}"))
    with (
        run.phase("clone", snapshot_id=info.snapshot_id) as phase,
        maintenance_connection(engine) as maintenance,
    ):
        _ensure_replaceable(engine, maintenance)
        phase.counts["connections_ended"] = terminate_others(engine, maintenance)
        # The database a generation in progress wrote to is going: so is its record.
        clear_progress(engine.config.state_dir)
        snap = engine.guard.snapshot_name()
        maintenance.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(name))
        maintenance.execute(
            sql.SQL("CREATE DATABASE {} TEMPLATE {}{}{}").format(
                name,
                sql.Identifier(snap),
                _strategy(maintenance),
                _owner_clause(maintenance, snap),
            )
        )
        roles.close_to_public(maintenance, engine.config.sandbox.name)
        wal_barrier(maintenance)  # the lease written below claims this clone
    on_event(PhaseChanged("verify", "schema fingerprint"))
    at, start = now_iso(), time.monotonic()
    conn = engine.guard.connect()
    try:
        _mark_sandbox(engine, conn, None)
        # The snapshot's fingerprint was verified (introspected) when it was taken and
        # plan_reset() matched it to schema.sql's; the clone must have the snapshot's catalog.
        # Without a recorded digest (an older snapshot) the clone is introspected itself.
        if info.catalog_digest:
            digest = catalog_digest(conn)
            fingerprints = {
                "schema": decision.schema_fp,
                "database": info.database_fingerprint,
                "catalog": digest,
            }
            matches = digest == info.catalog_digest
        else:
            database_fp = database_fingerprint(conn)
            fingerprints = {"schema": decision.schema_fp, "database": database_fp}
            matches = database_fp == info.database_fingerprint
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
        lease = _fast_lease(engine, run, decision, info, conn)
    finally:
        conn.close()
    return {
        "path": "fast",
        "reason": decision.reason,
        "snapshot_id": info.snapshot_id,
        "fingerprints": fingerprints,
        "sandbox_id": lease.sandbox_id,
        "connections_ended": phase.counts.get("connections_ended", 0),
    }


def _fast_lease(
    engine: Engine,
    run: EvidenceRun,
    decision: ResetPlan,
    info: SnapshotInfo,
    conn: psycopg.Connection,
) -> Lease:
    return write_new_lease(
        engine,
        run,
        schema_fp=decision.schema_fp,
        migrations=info.migrations_hash,
        seed=info.seed,
        rows=info.rows,
        seed_source=info.seed_source,
        snapshot_id=info.snapshot_id,
        built_by="reset (fast)",
        database_fp=info.database_fingerprint,
        conn=conn,
    )


def _full_reset(
    engine: Engine,
    run: EvidenceRun,
    decision: ResetPlan,
    on_event: EventSink,
    cancel: CancelToken | None,
    *,
    rows: int | None,
    seed: int | None,
) -> dict[str, Any]:
    engine.require("write", "a full reset (it generates the data again)")
    files = migration_files(engine)
    if files:
        engine.require("migrate", "applying the migrations folder")
    # Without explicit values, rebuild what the last environment was built with.
    previous = read_lease(engine.config.state_dir)
    if rows is None and previous is not None:
        rows = previous.rows
    seed_source = "explicit" if seed is not None else "config"
    if seed is None and previous is not None and previous.seed_source == "explicit":
        seed, seed_source = previous.seed, "explicit"

    with run.phase("terminate") as phase, maintenance_connection(engine) as maintenance:
        _ensure_replaceable(engine, maintenance)
        phase.counts["connections_ended"] = terminate_others(engine, maintenance)
    ended = phase.counts["connections_ended"]

    result = engine.generate(rows=rows, seed=seed, on_event=on_event, cancel=cancel, resume=False)

    on_event(PhaseChanged("verify", "schema fingerprint against schema.sql"))
    with run.phase("verify") as phase, engine.guard.connect() as conn:
        database_fp = database_fingerprint(conn)
        phase.fingerprints.update(schema=decision.schema_fp, database=database_fp)
        if database_fp != decision.schema_fp:
            differences = schema_differences(engine, conn)
            phase.detail["differences"] = differences
            raise VerificationError(
                "After the full reset the sandbox's schema differs from schema.sql: "
                + "; ".join(differences)
            )
    if files:
        apply_migrations(engine, run, on_event)
        with run.phase("verify migrations") as phase, engine.guard.connect() as conn:
            database_fp = database_fingerprint(conn)
            phase.fingerprints.update(schema=decision.schema_fp, database=database_fp)
            from workbench import roles

            roles.grant_database(conn, engine.config)  # what the migrations made, too
    on_event(PhaseChanged("snapshot", "keeping this state for the next reset"))
    with run.phase("snapshot") as phase:
        info = take_snapshot(
            engine,
            source="reset",
            database_fp=database_fp,
            schema_fp=decision.schema_fp,
            migrations=decision.migrations,
            seed=result.get("seed"),
            rows=rows,
            seed_source=seed_source,
        )
        phase.detail["snapshot_id"] = info.snapshot_id
    lease = write_new_lease(
        engine,
        run,
        schema_fp=decision.schema_fp,
        database_fp=database_fp,
        migrations=decision.migrations,
        seed=result.get("seed"),
        rows=rows,
        seed_source=seed_source,
        snapshot_id=info.snapshot_id,
        built_by="reset (full)",
    )
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


# --- snapshot on demand ------------------------------------------------------------------------


def snapshot(engine: Engine, *, on_event: EventSink = ignore) -> dict[str, Any]:
    """Keep the sandbox's current state as the snapshot the next reset clones."""
    engine.require("reset", "snapshot")
    with operation(engine, "snapshot", on_event) as run:
        with engine.guard.connect() as conn:
            if not engine.guard.has_marker(conn):
                raise WorkbenchError(
                    "The sandbox database lacks the workbench's marker; run `workbench "
                    "generate` first.",
                    title="nothing to snapshot",
                )
        schema_fp = file_fingerprint(engine)
        with run.phase("verify") as phase, engine.guard.connect() as conn:
            database_fp = database_fingerprint(conn)
            phase.fingerprints.update(schema=schema_fp, database=database_fp)
        previous = read_lease(engine.config.state_dir)
        migrations = previous.migrations_hash if previous is not None else None
        if migrations is None and database_fp != schema_fp:
            on_event(
                Warning(
                    "the sandbox's schema differs from schema.sql; this snapshot will not be "
                    "used by `workbench reset` until they match again."
                )
            )
        on_event(PhaseChanged("snapshot", "cloning the sandbox into its snapshot"))
        with run.phase("snapshot") as phase:
            info = take_snapshot(
                engine,
                source="manual",
                database_fp=database_fp,
                schema_fp=schema_fp,
                migrations=migrations,
                seed=previous.seed if previous else None,
                rows=previous.rows if previous else None,
                seed_source=previous.seed_source if previous else "config",
            )
            phase.detail["snapshot_id"] = info.snapshot_id
        if previous is not None:
            previous.snapshot_id = info.snapshot_id
            write_lease(engine.config.state_dir, previous)
        run.finish(
            "ok",
            verified=database_fp == schema_fp or migrations is not None,
            summary={
                "snapshot_id": info.snapshot_id,
                "fingerprints": {"schema": schema_fp, "database": database_fp},
            },
        )
        return {**info.to_dict(), "run_id": run.run_id, "matches_schema": database_fp == schema_fp}


def lease_info(engine: Engine) -> dict[str, Any] | None:
    data = read_json(engine.config.state_dir / "lease.json")
    if not isinstance(data, dict):
        return None
    lease = Lease.from_dict(data)
    if lease is not None:
        data["expired"] = lease.expired
    return data


__all__ = [
    "MigrationError",
    "SnapshotInfo",
    "VerificationError",
    "generate",
    "lease_info",
    "reset",
    "snapshot",
    "write_lease",
]


def post_phase_state(engine: Engine, progress: dict[str, Any]) -> str:
    """Where a killed generation's post-data phase stands: "todo" (the database is exactly as
    the data phase left it), "done" (it matches schema.sql) or "partial"."""
    with engine.guard.connect() as conn:
        current = database_fingerprint(conn)
    if progress.get("data_fingerprint") == current:
        return "todo"
    if current == file_fingerprint(engine):
        return "done"
    return "partial"
