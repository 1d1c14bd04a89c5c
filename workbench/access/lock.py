"""One workbench process at a time per sandbox: a PostgreSQL advisory lock.

Why an advisory lock rather than (or on top of) a lock file in .workbench/:

- it covers every process that reaches the same database, whichever folder or copy of
  sandbox.toml it runs from (a lock file only covers one folder);
- the server releases it when the holder's session ends, SIGKILL included, so a crashed worker
  never leaves a stale lock behind for the next one to break;
- the waiter can name the holder (its application_name and pid, from pg_stat_activity).

The lock is held on a maintenance connection (the server's `postgres` database), so dropping,
cloning or ending the connections of the sandbox database never ends the lock's own session.
Starting the embedded cluster is serialised separately (server.lock, an fcntl lock), since the
advisory lock needs a running server.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

import psycopg

from workbench.errors import WorkbenchError

if TYPE_CHECKING:
    from workbench.access.guard import Guard

DEFAULT_WAIT_SECONDS = 60.0
_POLL_SECONDS = 0.2


class SandboxBusy(WorkbenchError):
    """Another workbench process holds the sandbox's lock."""

    exit_code = 1
    title = "sandbox busy"


def lock_key(name: str) -> int:
    """A stable signed 64-bit key for the declared database name."""
    digest = hashlib.sha256(f"sandbox-workbench:lock:{name}".encode()).digest()
    return int.from_bytes(digest[:8], "big", signed=True)


def wait_seconds_from_env(default: float = DEFAULT_WAIT_SECONDS) -> float:
    """WORKBENCH_LOCK_WAIT (seconds; 0 fails at once when the sandbox is busy)."""
    raw = os.environ.get("WORKBENCH_LOCK_WAIT", "")
    try:
        return max(0.0, float(raw)) if raw.strip() else default
    except ValueError:
        return default


@dataclass
class Holder:
    pid: int
    application_name: str
    since: str

    def describe(self) -> str:
        who = self.application_name or "a client"
        return f"{who} (server pid {self.pid}, connected since {self.since})"


class SandboxLock:
    """Acquire with `acquire()`, release with `release()` (or use as a context manager)."""

    def __init__(
        self,
        guard: Guard,
        command: str,
        *,
        wait: float = DEFAULT_WAIT_SECONDS,
        on_wait: Callable[[str], None] | None = None,
    ) -> None:
        self.guard = guard
        self.command = command
        self.wait = wait
        self.on_wait = on_wait
        self.key = lock_key(guard.config.sandbox.name)
        self._conn: psycopg.Connection | None = None

    @property
    def held(self) -> bool:
        return self._conn is not None

    @property
    def connection(self) -> psycopg.Connection | None:
        """The lock's maintenance session (autocommit), reusable for maintenance statements
        while the lock is held: one connection fewer per step."""
        return self._conn

    def holder(self, conn: psycopg.Connection) -> Holder | None:
        """Who holds the lock now (None when nobody, or when it cannot be seen)."""
        unsigned = self.key & 0xFFFFFFFFFFFFFFFF
        row = conn.execute(
            """
            SELECT a.pid, coalesce(a.application_name, ''),
                   to_char(a.backend_start, 'YYYY-MM-DD HH24:MI:SS TZ')
            FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
            WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
              AND l.classid = %s::bigint::oid AND l.objid = %s::bigint::oid
              AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
            LIMIT 1
            """,
            (unsigned >> 32, unsigned & 0xFFFFFFFF),
        ).fetchone()
        if row is None:
            return None
        return Holder(pid=int(row[0]), application_name=str(row[1]), since=str(row[2]))

    def acquire(self) -> None:
        conn = self.guard.connect(maintenance=True)
        try:
            # Named so that a waiting process can tell the user who holds the sandbox.
            conn.execute(
                "SELECT set_config('application_name', %s, false)",
                (f"workbench {self.command} (pid {os.getpid()})"[:63],),
            )
            deadline = time.monotonic() + self.wait
            told = False
            while True:
                row = conn.execute("SELECT pg_try_advisory_lock(%s)", (self.key,)).fetchone()
                if row and row[0]:
                    self._conn = conn
                    return
                holder = self.holder(conn)
                who = holder.describe() if holder else "another workbench process"
                if time.monotonic() >= deadline:
                    raise SandboxBusy(
                        f"The sandbox {self.guard.config.sandbox.name!r} is in use by {who}; "
                        f"gave up after waiting {self.wait:.0f} s. Wait for it to finish, or "
                        "set WORKBENCH_LOCK_WAIT=SECONDS to wait longer."
                    )
                if not told and self.on_wait is not None:
                    self.on_wait(f"waiting for the sandbox: it is in use by {who}")
                    told = True
                time.sleep(_POLL_SECONDS)
        except BaseException:
            conn.close()
            raise

    def release(self) -> None:
        conn, self._conn = self._conn, None
        if conn is None:
            return
        try:
            conn.execute("SELECT pg_advisory_unlock(%s)", (self.key,))
        except psycopg.Error:
            pass  # closing the session releases it anyway
        finally:
            conn.close()

    def __enter__(self) -> SandboxLock:
        self.acquire()
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


# --- locks narrower than the sandbox's ------------------------------------------------------
#
# A run clones the snapshot without the sandbox's lock (runs never wait for a generate, nor for
# each other). What they must not see is the snapshot half replaced: taking a snapshot holds
# the snapshot's lock exclusively for the swap, each clone holds it shared for its CREATE
# DATABASE. One run's start, reset, end and reclaim hold that run's own lock.


@contextlib.contextmanager
def held(
    conn: psycopg.Connection, key: int, busy: str, *, shared: bool = False, wait: float
) -> Iterator[None]:
    """An advisory lock on `key` held on session `conn` for the block (shared or exclusive);
    SandboxBusy with the message `busy` after `wait` seconds."""
    kind = "_shared" if shared else ""
    deadline = time.monotonic() + wait
    while True:
        row = conn.execute(f"SELECT pg_try_advisory_lock{kind}(%s)", (key,)).fetchone()
        if row and row[0]:
            break
        if time.monotonic() >= deadline:
            raise SandboxBusy(busy)
        time.sleep(_POLL_SECONDS / 4)
    try:
        yield
    finally:
        with contextlib.suppress(psycopg.Error):  # the session's end releases it anyway
            conn.execute(f"SELECT pg_advisory_unlock{kind}(%s)", (key,))


def snapshot_lock(
    conn: psycopg.Connection, name: str, *, shared: bool, wait: float | None = None
) -> contextlib.AbstractContextManager[None]:
    """The snapshot's lock of sandbox `name` on maintenance session `conn`: shared for a
    clone, exclusive for a refresh."""
    wait = wait_seconds_from_env() if wait is None else wait
    doing = "replaced" if shared else "cloned"
    return held(
        conn,
        lock_key(f"{name}:snapshot"),
        f"The snapshot of sandbox {name!r} is being {doing}; gave up after waiting {wait:.0f} "
        "s. Try again, or set WORKBENCH_LOCK_WAIT=SECONDS to wait longer.",
        shared=shared,
        wait=wait,
    )
