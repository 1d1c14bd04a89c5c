"""Bounded waits for the workbench's own reads: a lock someone else holds on the sandbox (an
agent's `LOCK TABLE` left idle in a transaction, a migration's ALTER TABLE) never makes
doctor, dist, snapshot, the TUI or a reset wait forever, and the error names who holds it.

- the read-only role's sessions (`Connections.reader`) start with `lock_timeout` and
  `statement_timeout` (`READ_SETTINGS`);
- the administrator's catalog sessions (introspection, fingerprints, doctor) set
  `lock_timeout` with `bound_waits(conn)`: catalog functions such as `pg_get_expr` lock the
  table they describe;
- `blockers_named()` turns a lock or statement timeout into `SandboxLocked`, whose message
  names the sessions holding (or queued for) a lock that blocks reading: pid,
  application_name, role, state and since when, the lock and its table. The administrator
  reads them from pg_locks, pg_stat_activity and pg_blocking_pids (catalog views only).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from typing import Any

import psycopg

from workbench.errors import DatabaseError

LOCK_TIMEOUT_MS = 3000
READ_TIMEOUT_MS = 120_000
# Startup settings of the workbench's read-only sessions (libpq `options`).
READ_SETTINGS = {"lock_timeout": str(LOCK_TIMEOUT_MS), "statement_timeout": str(READ_TIMEOUT_MS)}

OpenAdmin = Callable[[], AbstractContextManager[psycopg.Connection[Any]]]


class SandboxLocked(DatabaseError):
    """A read of the sandbox gave up waiting for a lock, or ran past its time."""

    title = "sandbox locked"


def bound_waits(conn: psycopg.Connection[Any]) -> str:
    """The administrator's catalog session waits at most LOCK_TIMEOUT_MS for a lock from now
    on; returns the setting it had."""
    row = conn.execute(
        "SELECT pg_catalog.current_setting('lock_timeout'), "
        "pg_catalog.set_config('lock_timeout', %s, false)",
        (str(LOCK_TIMEOUT_MS),),
    ).fetchone()
    return str(row[0]) if row else "0"


@contextlib.contextmanager
def catalog_read(conn: psycopg.Connection[Any], what: str) -> Iterator[None]:
    """Catalog queries on the administrator's session `conn` (autocommit), such as an
    introspection: a lock waited for at most LOCK_TIMEOUT_MS, then SandboxLocked naming who
    holds it; the session's own setting comes back afterwards."""
    before = bound_waits(conn)
    with blockers_named(on(conn), what):
        yield
    conn.execute("SELECT pg_catalog.set_config('lock_timeout', %s, false)", (before,))


# Sessions of this database holding or awaiting a lock no read can pass: ACCESS EXCLUSIVE on
# a table (LOCK TABLE, ALTER, DROP, TRUNCATE, VACUUM FULL). A session's own temporary tables
# are locked so too, and block nobody: left out.
_BLOCKERS = """
SELECT a.pid, coalesce(a.application_name, ''), coalesce(a.usename::text, ''),
       coalesce(a.state, ''),
       pg_catalog.to_char(coalesce(a.xact_start, a.backend_start), 'YYYY-MM-DD HH24:MI:SS TZ'),
       l.mode, l.granted,
       coalesce(pg_catalog.quote_ident(n.nspname) || '.' || pg_catalog.quote_ident(c.relname),
                'relation ' || l.relation::text),
       pg_catalog.pg_blocking_pids(a.pid)
FROM pg_catalog.pg_locks l
JOIN pg_catalog.pg_stat_activity a ON a.pid = l.pid
LEFT JOIN pg_catalog.pg_class c ON c.oid = l.relation
LEFT JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
WHERE l.locktype = 'relation' AND l.mode = 'AccessExclusiveLock'
  AND l.database = (SELECT oid FROM pg_catalog.pg_database
                    WHERE datname = pg_catalog.current_database())
  AND a.pid <> pg_catalog.pg_backend_pid()
  AND coalesce(c.relpersistence, 'p') <> 't'
ORDER BY l.granted DESC, a.pid
LIMIT 8
"""


def blockers(admin: psycopg.Connection[Any]) -> list[str]:
    """Who blocks reading the sandbox now, one phrase each (empty: nobody)."""
    out = []
    for pid, app, user, state, since, mode, granted, relation, waits_for in admin.execute(
        _BLOCKERS
    ).fetchall():
        who = f"pid {pid} (application {app!r}, role {user!r}, {state or 'busy'} since {since})"
        if granted:
            out.append(f"{who} holds {mode} on {relation}")
        else:
            behind = ", ".join(str(p) for p in waits_for or []) or "another session"
            out.append(f"{who} waits for {mode} on {relation} behind pid {behind}")
    return out


def lock_message(
    open_admin: OpenAdmin, what: str, *, locked: bool = True, statement_ms: int = READ_TIMEOUT_MS
) -> str:
    """Why `what` stopped (a lock it waited for, or its statement timeout), with the
    sessions that block reading named when there are any."""
    try:
        with open_admin() as admin:
            found = blockers(admin)
    except (psycopg.Error, DatabaseError):
        found = []
    if locked:
        head = f"{what} waited {LOCK_TIMEOUT_MS / 1000:g} s for a lock on the sandbox and gave up"
    else:
        head = (
            f"{what} ran longer than {statement_ms / 1000:g} s and was stopped (a view or "
            "function in the sandbox may be slow, a table very large, or a lock held)"
        )
    if not found:
        return head + (
            "; no session holds such a lock any more (it may have ended): run the command again."
            if locked
            else "."
        )
    pids = sorted({part.split()[1] for part in found})
    return (
        f"{head}: {'; '.join(found)}. That session must commit or end first: end it with "
        f"`SELECT pg_terminate_backend({pids[0]})` as the administrator, or run `workbench "
        "reset --yes`, which ends the sandbox's other sessions."
    )


@contextlib.contextmanager
def blockers_named(
    open_admin: OpenAdmin, what: str, *, statement_ms: int = READ_TIMEOUT_MS
) -> Iterator[None]:
    """Inside: a lock timeout or a statement timeout becomes SandboxLocked naming who blocks
    (`open_admin` opens the administrator's session that looks; `what` names the read;
    `statement_ms` is the statement timeout the session had)."""
    try:
        yield
    except psycopg.errors.LockNotAvailable:
        raise SandboxLocked(lock_message(open_admin, what)) from None
    except psycopg.errors.QueryCanceled:
        message = lock_message(open_admin, what, locked=False, statement_ms=statement_ms)
        raise SandboxLocked(message, title="sandbox read timed out") from None


def on(conn: psycopg.Connection[Any]) -> OpenAdmin:
    """`open_admin` for an administrator's session already open (autocommit): it is used,
    not closed."""
    return lambda: contextlib.nullcontext(conn)
