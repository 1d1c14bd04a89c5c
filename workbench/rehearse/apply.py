"""Running the migrations on the clone, statement by statement, measuring each.

Each file runs in one transaction, as the project's migrations do; a statement that cannot
run in one ends the open transaction first and runs on its own (source.py). A lock a
statement takes is held until its transaction ends, so a lock's hold is measured from the
start of the statement that took it to the commit that released it. The first failing
statement stops the rehearsal: its transaction is rolled back, and it is reported with its
stage, file, line and the server's message.

What a transaction does at its COMMIT — deferred constraint triggers (which may run any SQL:
an `ALTER TABLE … ADD COLUMN … DEFAULT random()`), deferred unique and foreign keys — is
measured too (attack22d D6): before the commit, at the end of a file or at the file's own
COMMIT, `SET CONSTRAINTS ALL IMMEDIATE` runs that work as a step of its own, measured like a
statement (locks, rewrites, columns added, rows, time) and reported as `(at COMMIT) …` when it
did anything, so findings see it.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import psycopg
from psycopg import pq

from workbench.errors import Cancelled
from workbench.events import CancelToken, EventSink, Info
from workbench.rehearse.measure import (
    LockSeen,
    LockWatcher,
    Snapshot,
    lock_timeout,
    maintenance_locks,
    pinned,
    snapshot,
    statement_locks,
    strength,
    wal_since,
)
from workbench.rehearse.results import (
    ColumnAdded,
    ConstraintAdded,
    Failure,
    IndexBuilt,
    StatementResult,
    error_text,
)
from workbench.rehearse.source import Migration, Statement


@dataclass
class Applied:
    statements: list[StatementResult] = field(default_factory=list)
    failure: Failure | None = None
    seconds: float = 0.0


class _Holds:
    """The locks taken in the open transaction: each is held for the statements that follow
    in it, and for the commit."""

    def __init__(self) -> None:
        self.open: list[LockSeen] = []
        self.number = 1  # the transaction's, counted from 1

    def add(self, locks: list[LockSeen]) -> None:
        self.open += [lock for lock in locks if lock.taken]

    def tick(self, seconds: float) -> None:
        for lock in self.open:
            lock.held += seconds

    def close(self) -> None:
        self.open = []
        self.number += 1


def apply_migrations(
    conn: psycopg.Connection[Any],
    migrations: list[Migration],
    *,
    table_rows: dict[str, int],
    watcher: Callable[[int], LockWatcher],
    events: EventSink,
    cancel: CancelToken | None = None,
    withhold_errors: bool = False,
) -> Applied:
    """Run every statement of `migrations` on `conn` (a transaction-mode connection to the
    clone), measuring each; stop at the first failure (its text reduced to the condition
    with `withhold_errors`: results.error_text, and each statement's rows and WAL bytes to
    their order of magnitude: StatementResult.round_down)."""
    out = Applied()
    holds = _Holds()
    started = time.monotonic()
    unregister = cancel.register(conn.cancel_safe) if cancel else (lambda: None)

    def run(st: Statement, migration: Migration) -> bool:
        """Run and record one statement; True when it failed (the rehearsal stops)."""
        if cancel is not None and cancel.cancelled:
            raise Cancelled("Rehearsal cancelled; the clone is thrown away.")
        result = _one(conn, st, migration, holds, table_rows, watcher, withhold_errors)
        if withhold_errors:  # an exact count spells out a value of the rows (attack22e E2)
            result.round_down()
        if st.text == AT_COMMIT:
            if result.error is None and not _did_something(result):
                return False
            result.sql = AT_COMMIT_LABEL
        out.statements.append(result)
        if result.error is not None and cancel is not None and cancel.cancelled:
            raise Cancelled("Rehearsal cancelled; the clone is thrown away.")
        if result.error is None:
            return False
        out.failure = Failure(
            "pending migrations" if migration.pending else "migrations",
            st.file,
            st.index,
            st.line,
            result.sql if st.text == AT_COMMIT else st.short(200),
            result.error,
            result.sqlstate,
        )
        return True

    try:
        for migration in migrations:
            events(Info(f"rehearsing {migration.name} ({len(migration.statements)} statements)"))
            steps = len(migration.statements)
            for st in migration.statements:
                if _commits(st) and _open(conn):
                    steps += 1
                    if run(_commit_step(migration, steps, st.line), migration):
                        return out
                if run(st, migration):
                    return out
            if _open(conn):
                last = migration.statements[-1].end_line if migration.statements else 0
                if run(_commit_step(migration, steps + 1, last), migration):
                    return out
            _end_transaction(conn, holds)
    finally:
        unregister()
        out.seconds = time.monotonic() - started
    return out


# The work a COMMIT does (deferred constraint triggers, deferred keys), run before it as a
# measured step (attack22d D6).
AT_COMMIT = "SET CONSTRAINTS ALL IMMEDIATE"
AT_COMMIT_LABEL = "(at COMMIT) deferred constraint triggers and keys: " + AT_COMMIT
_COMMIT = re.compile(
    r"(?:\s|--[^\n]*(?:\n|$)|/\*.*?\*/)*(?:commit|end)\b", re.IGNORECASE | re.DOTALL
)


def _commits(st: Statement) -> bool:
    return _COMMIT.match(st.text) is not None


def _open(conn: psycopg.Connection[Any]) -> bool:
    return conn.info.transaction_status == pq.TransactionStatus.INTRANS


def _commit_step(migration: Migration, index: int, line: int) -> Statement:
    return Statement(migration.name, index, line, line, AT_COMMIT)


def _did_something(result: StatementResult) -> bool:
    return bool(
        any(lock.taken for lock in result.locks) or result.rewritten or result.indexes
        or result.constraints or result.columns or result.not_null or result.rows.read
        or result.rows.written
    )  # fmt: skip


def _end_transaction(conn: psycopg.Connection[Any], holds: _Holds) -> None:
    if conn.info.transaction_status == pq.TransactionStatus.IDLE:
        return  # nothing open (already ended by a COMMIT in the file, or nothing ran)
    start = time.monotonic()
    conn.commit()
    holds.tick(time.monotonic() - start)
    holds.close()


def _execute(conn: psycopg.Connection[Any], st: Statement) -> int | None:
    with conn.cursor() as cur:
        if st.copy_data is not None:
            with cur.copy(st.text) as copy:
                copy.write(st.copy_data)
        else:
            cur.execute(st.text)
        return cur.rowcount if cur.rowcount >= 0 else None


def _one(
    conn: psycopg.Connection[Any],
    st: Statement,
    migration: Migration,
    holds: _Holds,
    table_rows: dict[str, int],
    watcher: Callable[[int], LockWatcher],
    withhold_errors: bool,
) -> StatementResult:
    outside = st.outside_transaction
    result = StatementResult(
        st.file, st.index, st.line, st.short(200), outside, migration.pending
    )  # fmt: skip
    if outside:
        _end_transaction(conn, holds)
        conn.autocommit = True
    result.transaction = holds.number
    try:
        with pinned(conn):
            before = snapshot(conn, in_transaction=not outside)
        watch = watcher(conn.info.backend_pid) if outside else None
        start = time.monotonic()
        try:
            if watch is not None:
                with watch:
                    command_rows = _execute(conn, st)
            else:
                command_rows = _execute(conn, st)
        except psycopg.Error as err:
            result.seconds = time.monotonic() - start
            result.error, result.sqlstate = error_text(err, withhold=withhold_errors)
            if not outside and not conn.broken:  # broken: terminated at its deadline
                conn.rollback()
            holds.close()
            return result
        result.seconds = time.monotonic() - start
        result.rows.command = command_rows
        ended = not outside and conn.info.transaction_status == pq.TransactionStatus.IDLE
        with pinned(conn) as path:
            _compare(
                conn, before, result, table_rows, watch, path, in_transaction=not (outside or ended)
            )
        if not outside:
            holds.add(result.locks)
            holds.tick(result.seconds)
        if outside or ended:
            holds.close()  # outside: held as long as seen while it ran; COMMIT: released
    finally:
        if outside:
            conn.autocommit = False
    return result


def _compare(
    conn: psycopg.Connection[Any],
    before: Snapshot,
    result: StatementResult,
    table_rows: dict[str, int],
    watch: LockWatcher | None,
    path: str,
    *,
    in_transaction: bool,
) -> None:
    """Fill `result` from the server's state after the statement, against `before`."""
    after = snapshot(conn, in_transaction=in_transaction)
    cat = after.catalog
    result.wal_bytes = wal_since(conn, before.wal)
    result.lock_timeout = lock_timeout(conn)
    if watch is not None:
        held = watch.locks(cat, before.catalog)
        for lock in held.values():
            # seen while it ran; held at most as long (polling sees a short one once or twice)
            lock.held = result.seconds
        for table_oid, lock in maintenance_locks(
            conn, result.sql, cat, result.seconds, path
        ).items():
            seen = held.get(table_oid)
            if strength(lock.mode) > strength(seen.mode if seen is not None else ""):
                held[table_oid] = lock
    else:
        held = (
            statement_locks(before.locks, after.locks, cat, before.catalog)
            if in_transaction
            else {}
        )
    result.locks = sorted(held.values(), key=lambda lock: lock.table)
    mode_on = {table: lock.mode for table, lock in held.items()}
    old = before.catalog.relations
    for oid, rel in cat.relations.items():
        was = old.get(oid)
        if was is not None and rel.kind in ("r", "p", "m") and was.filenode != rel.filenode:
            result.rewritten.append(rel.name)
            if rel.name in table_rows:
                result.rows.rewritten[rel.name] = table_rows[rel.name]
        if was is None and rel.kind in ("i", "I") and rel.table in old:
            result.indexes.append(
                IndexBuilt(rel.name, cat.table_name(rel.table), mode_on.get(rel.table, ""))
            )
    # by name: a type change drops and re-creates the column's constraints under new oids
    existed = {(rel, name) for rel, name, *_ in before.catalog.constraints.values()}
    for rel_oid, name, kind, valid, definition in cat.constraints.values():
        if (rel_oid, name) not in existed and rel_oid in old:
            result.constraints.append(
                ConstraintAdded(name, cat.table_name(rel_oid), kind, valid, definition)
            )
    for key, (name, notnull, default, volatile, generated) in cat.columns.items():
        # `volatile`: a default stored for every row, not once (no fast default)
        was_col = before.catalog.columns.get(key)
        table = cat.table_name(key[0])
        if was_col is None and key[0] in old:
            result.columns.append(
                ColumnAdded(table, name, default, volatile, generated == "s")
            )  # fmt: skip
        elif was_col is not None and notnull and not was_col[1]:
            result.not_null.append(f"{table}.{name}")
    for oid, now in after.counters.items():
        then = before.counters.get(oid, (0, 0, 0, 0))
        read, written = now[0] - then[0], sum(now[1:]) - sum(then[1:])
        name = cat.table_name(oid)
        if read > 0:
            result.rows.read[name] = read
            if name in table_rows:
                result.rows.of_table[name] = table_rows[name]
        if written > 0:
            result.rows.written[name] = written
