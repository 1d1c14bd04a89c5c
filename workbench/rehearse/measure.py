"""What one statement did, read from the server around it rather than guessed from its text.

Before and after each statement the rehearsal session reads (outside the statement's timing):

- the user relations with their relfilenode (a changed one is a rewritten relation), and
  which table an index or TOAST relation belongs to;
- the constraints (a new one, validated or NOT VALID; a NOT NULL is one in PostgreSQL 18);
- the columns (a new one with its default, and whether that default was stored once for
  the existing rows, PostgreSQL's fast default, or computed for each: a volatile one);
- the transaction's own table counters (`pg_stat_xact_user_tables`: rows read by scans,
  inserted, updated, deleted);
- the relation locks the session holds (a statement's are those it added);
- the WAL insert position (the difference is the WAL the statement wrote).

A statement that runs outside a transaction (CREATE INDEX CONCURRENTLY) commits before the
after-read, so its locks are watched while it runs by a `LockWatcher` on a maintenance
session, from `pg_locks` filtered to the rehearsal's backend.

The reads before and after a statement must run in the migration's own session (its
uncommitted catalog rows and its transaction's counters are visible nowhere else), which the
migration may have changed: `SET search_path = public, pg_catalog` puts operators and
functions the rehearsal role made (in schema.sql or the migration) before pg_catalog's, and a
`public.=` that answers false would blank every lock, rewrite and new column. So every read
runs `pinned()`: `search_path` set to `pg_catalog, pg_temp` for that read alone (operators and
functions are never looked up in pg_temp) and put back after it, so the migration's next
statement sees its own path again.
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import psycopg
from psycopg import pq

from workbench.units import precise_seconds

# Relation lock modes, weakest first, with what each one keeps waiting (PostgreSQL's
# conflict table, for the two things applications do: read and write rows).
MODES = (
    "AccessShareLock",
    "RowShareLock",
    "RowExclusiveLock",
    "ShareUpdateExclusiveLock",
    "ShareLock",
    "ShareRowExclusiveLock",
    "ExclusiveLock",
    "AccessExclusiveLock",
)
_BLOCKS_WRITES = frozenset(MODES[4:])  # conflicts with ROW EXCLUSIVE (INSERT/UPDATE/DELETE)
_BLOCKS_READS = frozenset({"AccessExclusiveLock"})  # conflicts with ACCESS SHARE (SELECT)


def mode_name(mode: str) -> str:
    """`AccessExclusiveLock` → `ACCESS EXCLUSIVE`."""
    words: list[str] = []
    for ch in mode.removesuffix("Lock"):
        if ch.isupper() and words:
            words.append(" ")
        words.append(ch.upper())
    return "".join(words)


def blocks(mode: str) -> str:
    """What a lock mode keeps waiting: "reads and writes", "writes" or "" (nothing they do)."""
    if mode in _BLOCKS_READS:
        return "reads and writes"
    return "writes" if mode in _BLOCKS_WRITES else ""


def strength(mode: str) -> int:
    return MODES.index(mode) if mode in MODES else -1


_RELATIONS = """
SELECT c.oid::bigint, n.nspname, c.relname, c.relkind::text, c.relfilenode::bigint,
       coalesce(i.indrelid, t.oid, c.oid)::bigint
FROM pg_catalog.pg_class c
JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
LEFT JOIN pg_catalog.pg_index i ON i.indexrelid = c.oid
LEFT JOIN pg_catalog.pg_class t ON t.reltoastrelid = c.oid
WHERE c.relkind IN ('r', 'p', 'm', 'i', 'I', 't', 'S', 'f')
  AND n.nspname NOT IN ('pg_catalog', 'information_schema')
  AND n.nspname NOT LIKE 'pg\\_temp%%' AND n.nspname NOT LIKE 'pg\\_toast\\_temp%%'
"""
_CONSTRAINTS = """
SELECT c.oid::bigint, c.conrelid::bigint, c.conname, c.contype::text, c.convalidated,
       pg_catalog.pg_get_constraintdef(c.oid)
FROM pg_catalog.pg_constraint c
JOIN pg_catalog.pg_class r ON r.oid = c.conrelid
JOIN pg_catalog.pg_namespace n ON n.oid = r.relnamespace
WHERE n.nspname NOT IN ('pg_catalog', 'information_schema')
"""
_COLUMNS = """
SELECT a.attrelid::bigint, a.attnum::int, a.attname, a.attnotnull,
       pg_catalog.pg_get_expr(d.adbin, d.adrelid),
       d.oid IS NOT NULL AND NOT a.atthasmissing AND a.attgenerated = '',
       a.attgenerated::text
FROM pg_catalog.pg_attribute a
JOIN pg_catalog.pg_class r ON r.oid = a.attrelid
JOIN pg_catalog.pg_namespace n ON n.oid = r.relnamespace
LEFT JOIN pg_catalog.pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
WHERE a.attnum > 0 AND NOT a.attisdropped AND r.relkind IN ('r', 'p')
  AND n.nspname NOT IN ('pg_catalog', 'information_schema')
"""
_COUNTERS = """
SELECT relid::bigint, seq_tup_read + coalesce(idx_tup_fetch, 0), n_tup_ins, n_tup_upd,
       n_tup_del
FROM pg_catalog.pg_stat_xact_user_tables
"""
_LOCKS = """
SELECT relation::bigint, mode FROM pg_catalog.pg_locks
WHERE pid = pg_catalog.pg_backend_pid() AND locktype = 'relation' AND granted
  AND database = (SELECT oid FROM pg_catalog.pg_database
                  WHERE datname = pg_catalog.current_database())
"""
_WAL = "SELECT pg_catalog.pg_current_wal_insert_lsn()::text"
_WAL_DIFF = "SELECT pg_catalog.pg_wal_lsn_diff(pg_catalog.pg_current_wal_insert_lsn(), %s)::bigint"
_LOCK_TIMEOUT = "SELECT pg_catalog.current_setting('lock_timeout')"


_PIN = "SELECT pg_catalog.set_config('search_path', 'pg_catalog, pg_temp', true)"
_PATH = "SELECT pg_catalog.current_setting('search_path')"
_PUT_BACK = "SELECT pg_catalog.set_config('search_path', %s, true)"


@contextmanager
def pinned(conn: psycopg.Connection[Any]) -> Iterator[str]:
    """The workbench's own reads in a session the migration ran in, with `search_path`
    pinned to `pg_catalog, pg_temp` for the block (SET LOCAL, put back after it): whatever
    path the migration set, no operator or function it (or schema.sql) made answers them.
    Outside a transaction (autocommit) the block is its own transaction; in one (or on a
    transaction-mode connection, where the first read opens the migration's next one), the
    path is set for the block and restored to the session's, so what follows is unchanged.
    Yields the migration's own path (for names its statement gave: `with_path`)."""
    idle = conn.info.transaction_status == pq.TransactionStatus.IDLE
    if conn.autocommit and idle:
        with conn.transaction():
            row = conn.execute(_PATH).fetchone()
            conn.execute(_PIN)
            yield str(row[0]) if row else ""
        return
    row = conn.execute(_PATH).fetchone()
    conn.execute(_PIN)
    try:
        yield str(row[0]) if row else ""
    finally:
        if conn.info.transaction_status == pq.TransactionStatus.INTRANS:
            conn.execute(_PUT_BACK, (str(row[0]) if row else "",))


@dataclass(frozen=True)
class Relation:
    oid: int
    name: str  # schema.name
    kind: str  # relkind
    filenode: int
    table: int  # the table it belongs to (itself for a table)


@dataclass
class Catalog:
    """The catalog facts a statement is judged by, read on the rehearsal session."""

    relations: dict[int, Relation] = field(default_factory=dict)
    constraints: dict[int, tuple[int, str, str, bool, str]] = field(default_factory=dict)
    columns: dict[tuple[int, int], tuple[str, bool, str | None, bool, str]] = field(
        default_factory=dict
    )

    def table_of(self, oid: int) -> int:
        """The user table a relation belongs to (an index's, a TOAST relation's, a TOAST
        index's), or the relation itself."""
        for _ in range(4):
            rel = self.relations.get(oid)
            if rel is None or rel.table == oid:
                return oid
            oid = rel.table
        return oid

    def table_name(self, oid: int) -> str:
        rel = self.relations.get(self.table_of(oid))
        return rel.name if rel is not None else str(oid)


def read_catalog(conn: psycopg.Connection[Any]) -> Catalog:
    cat = Catalog()
    for oid, nsp, name, kind, node, table in conn.execute(_RELATIONS).fetchall():
        cat.relations[oid] = Relation(oid, f"{nsp}.{name}", kind, node, table)
    for oid, rel, name, kind, valid, definition in conn.execute(_CONSTRAINTS).fetchall():
        cat.constraints[oid] = (rel, name, kind, valid, definition)
    for rel, num, name, notnull, default, volatile, generated in conn.execute(_COLUMNS).fetchall():
        cat.columns[(rel, num)] = (name, notnull, default, volatile, generated)
    return cat


def read_counters(conn: psycopg.Connection[Any]) -> dict[int, tuple[int, int, int, int]]:
    return {r[0]: (int(r[1]), int(r[2]), int(r[3]), int(r[4])) for r in conn.execute(_COUNTERS)}


def read_locks(conn: psycopg.Connection[Any]) -> set[tuple[int, str]]:
    return {(int(r[0]), str(r[1])) for r in conn.execute(_LOCKS).fetchall()}


def wal_position(conn: psycopg.Connection[Any]) -> str:
    row = conn.execute(_WAL).fetchone()
    return str(row[0]) if row else "0/0"


def wal_since(conn: psycopg.Connection[Any], position: str) -> int:
    row = conn.execute(_WAL_DIFF, (position,)).fetchone()
    return max(0, int(row[0])) if row and row[0] is not None else 0


def lock_timeout(conn: psycopg.Connection[Any]) -> str:
    row = conn.execute(_LOCK_TIMEOUT).fetchone()
    return str(row[0]) if row else "0"


@dataclass
class Snapshot:
    """Everything read before a statement, to compare with after it."""

    catalog: Catalog
    counters: dict[int, tuple[int, int, int, int]]
    locks: set[tuple[int, str]]
    wal: str


def snapshot(conn: psycopg.Connection[Any], *, in_transaction: bool) -> Snapshot:
    return Snapshot(
        read_catalog(conn),
        read_counters(conn) if in_transaction else {},
        read_locks(conn) if in_transaction else set(),
        wal_position(conn),
    )


@dataclass
class LockSeen:
    """A lock held while a statement ran: on which table, in which mode, and, when the
    statement took it, for how long it was held: the statements of its transaction from
    this one to the end, and the commit (the rehearsal's own reads in between are not
    counted); for a statement outside a transaction, seen while it ran: the statement's
    duration, the most it can have been held."""

    table: str
    mode: str
    held: float = 0.0  # from the start of the statement that took it to its release
    taken: bool = True  # False: already held by its transaction before this statement

    def to_dict(self) -> dict[str, Any]:
        return {
            "table": self.table,
            "mode": mode_name(self.mode),
            "taken": self.taken,
            "held_seconds": round(self.held, 5) if self.taken else None,
            "blocks": blocks(self.mode),
        }


def statement_locks(
    before: set[tuple[int, str]], after: set[tuple[int, str]], cat: Catalog, old: Catalog
) -> dict[int, LockSeen]:
    """Table oid → the strongest lock held on it (or its indexes and TOAST) when the
    statement ended, `taken` when the statement itself took it (stronger than what its
    transaction held before). Locks on relations the statement made (a new table, the index
    it builds) keep nobody waiting and are left out."""
    held: dict[int, int] = {}
    for oid, mode in before:
        table = cat.table_of(oid)
        held[table] = max(held.get(table, -1), strength(mode))
    strongest: dict[int, str] = {}
    for oid, mode in after:
        if oid not in cat.relations or oid not in old.relations:
            continue  # made by the statement (or made and dropped by it: a rewrite's)
        table = cat.table_of(oid)
        if strength(mode) > strength(strongest.get(table, "")):
            strongest[table] = mode
    return {
        table: LockSeen(cat.table_name(table), mode, taken=strength(mode) > held.get(table, -1))
        for table, mode in strongest.items()
    }


_MAINTENANCE = re.compile(r"\s*(VACUUM|ANALY[SZ]E)\b(.*)", re.I | re.S)
_OPTIONS = re.compile(r"\s*(\([^)]*\)|FULL\b|FREEZE\b|VERBOSE\b|ANALY[SZ]E\b)", re.I)


def maintenance_locks(
    conn: psycopg.Connection[Any], text: str, cat: Catalog, seconds: float, path: str
) -> dict[int, LockSeen]:
    """The lock VACUUM and ANALYZE take on each table they process: SHARE UPDATE EXCLUSIVE
    (ACCESS EXCLUSIVE for VACUUM FULL), as PostgreSQL documents them. On a small table the
    hold is over between two of the watcher's polls, so what it did not see is taken from
    here (held at most the statement's duration). Tables named are resolved on the
    rehearsal's session as the statement resolved them, with the migration's `path` (a
    relation name only: to_regclass looks up no operator or function); none named: every
    table. Runs inside `pinned()`, whose path it puts back."""
    found = _MAINTENANCE.match(text)
    if found is None:
        return {}
    rest, full = found.group(2), False
    while (option := _OPTIONS.match(rest)) is not None:
        full = full or (
            found.group(1).upper() == "VACUUM"
            and re.search(r"\bFULL\b(?!\s+false)", option.group(1), re.I) is not None
        )
        rest = rest[option.end() :]
    rest = re.sub(r"\([^)]*\)", "", rest).strip().rstrip(";")
    oids: list[int] = []
    conn.execute(_PUT_BACK, (path,))
    for name in (part.strip() for part in rest.split(",")):
        if name:
            row = conn.execute("SELECT pg_catalog.to_regclass(%s)::oid::bigint", (name,)).fetchone()
            if row and row[0] is not None:
                oids.append(int(row[0]))
    conn.execute(_PIN)
    if not rest:
        oids = [oid for oid, rel in cat.relations.items() if rel.kind in ("r", "m")]
    mode = "AccessExclusiveLock" if full else "ShareUpdateExclusiveLock"
    return {
        cat.table_of(oid): LockSeen(cat.table_name(oid), mode, seconds)
        for oid in oids
        if oid in cat.relations
    }


_QUIET = ("AccessShareLock", "RowShareLock", "RowExclusiveLock")


def lock_summary(locks: list[LockSeen]) -> str:
    """The locks that keep others waiting (SHARE UPDATE EXCLUSIVE and stronger) in one line,
    with how long the statement held the ones it took ("held": its transaction had it)."""
    parts = []
    for lock in locks:
        if lock.mode in _QUIET:
            continue
        held = precise_seconds(lock.held) if lock.taken else "held"
        parts.append(f"{mode_name(lock.mode)} {lock.table} ({held})")
    return "; ".join(parts) or "—"


_HOLD_AT_MOST = 30.0  # seconds


class LockWatcher:
    """Watches one backend's relation locks from an administrator session while a statement
    that cannot run in a transaction runs: which (relation, mode) and for how long each
    was seen. Polls every half millisecond or so; only ever reads pg_locks.

    Polling alone can miss a statement that is over within a poll or two (a small table,
    a loaded machine). So the session, connected to the clone, holds a snapshot taken
    before the statement starts: a statement that waits for older snapshots before it
    ends (CREATE INDEX CONCURRENTLY, REINDEX CONCURRENTLY, DETACH PARTITION CONCURRENTLY)
    waits for it, holding its locks, and is let go as soon as the watcher has read them
    (it sees itself in pg_blocking_pids). What such a statement took is therefore always
    seen, at the cost of one poll's delay; a production database's own open transactions
    make it wait the same way."""

    def __init__(self, connect: Callable[[], psycopg.Connection[Any]], pid: int, database: str):
        self._connect = connect
        self.pid = pid
        self.database = database
        self.seen: dict[tuple[int, str], list[float]] = {}
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self.error: BaseException | None = None

    def __enter__(self) -> LockWatcher:
        self._thread = threading.Thread(target=self._run, name="rehearse-locks", daemon=True)
        self._thread.start()
        self._ready.wait(_HOLD_AT_MOST)
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(10)

    def _run(self) -> None:
        try:
            with self._connect() as conn:
                conn.rollback()  # whatever the connection's checks left open
                conn.autocommit = False
                conn.isolation_level = psycopg.IsolationLevel.REPEATABLE_READ
                cur = conn.cursor()
                self._poll(cur)  # the snapshot is taken here, before the statement starts
                self._ready.set()
                # (a bound, should a wait ever not show in pg_blocking_pids: never a hang)
                release_by = time.monotonic() + _HOLD_AT_MOST
                holding = True
                while not self._stop.is_set():
                    if holding and (self._waits_for_me(cur) or time.monotonic() > release_by):
                        self._poll(cur)  # held while it waits: read before letting it go
                        conn.commit()
                        conn.autocommit = True
                        holding = False
                    self._poll(cur)
                    self._stop.wait(0.0005)
        except BaseException as err:  # reported with the statement, never raised in a thread
            self.error = err
            self._ready.set()

    def _poll(self, cur: psycopg.Cursor[Any]) -> None:
        now = time.monotonic()
        query = (
            "SELECT l.relation::bigint, l.mode FROM pg_catalog.pg_locks l "
            "JOIN pg_catalog.pg_database d ON d.oid = l.database "
            "WHERE l.pid = %s AND d.datname = %s AND l.locktype = 'relation' AND l.granted"
        )
        for oid, mode in cur.execute(query, (self.pid, self.database)).fetchall():
            span = self.seen.setdefault((int(oid), str(mode)), [now, now])
            span[1] = now

    def _waits_for_me(self, cur: psycopg.Cursor[Any]) -> bool:
        row = cur.execute(
            "SELECT pg_catalog.pg_backend_pid() = ANY(pg_catalog.pg_blocking_pids(%s))",
            (self.pid,),
        ).fetchone()
        return bool(row and row[0])

    def locks(self, cat: Catalog, old: Catalog) -> dict[int, LockSeen]:
        """The strongest mode seen per table (relations the statement made are left out, as
        in `statement_locks`)."""
        best: dict[int, tuple[str, float]] = {}
        for (oid, mode), (first, last) in self.seen.items():
            if oid not in cat.relations or oid not in old.relations:
                continue
            table = cat.table_of(oid)
            current = best.get(table)
            if current is None or strength(mode) > strength(current[0]):
                best[table] = (mode, last - first)
        return {
            table: LockSeen(cat.table_name(table), mode, held)
            for table, (mode, held) in best.items()
        }
