"""A wall-clock limit on a rehearsal's sessions that their own SQL cannot lift.

`statement_timeout` is a setting of the session, and the SQL being rehearsed runs in that
session: `SET statement_timeout = 0` (or a function declared with `SET statement_timeout`)
lifts it. An agent's rehearsal (MCP) is therefore also bounded from outside: a watchdog
thread on an administrator session of its own cancels the rehearsal's backend at the
deadline (`pg_cancel_backend`) and, should it still be busy a few seconds later (a
PL/pgSQL block may catch `query_canceled`), terminates it (`pg_terminate_backend`).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

import psycopg

GRACE = 3.0  # seconds between the cancel and the termination


class Deadline:
    """Watches one backend until `until` (a time.monotonic() value); a `with` block."""

    def __init__(
        self, connect: Callable[[], psycopg.Connection[Any]], pid: int, until: float, limit: float
    ):
        self._connect = connect
        self.pid = pid
        self.until = until
        self.limit = limit  # seconds, for the message
        self.fired = False
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def __enter__(self) -> Deadline:
        self._thread = threading.Thread(target=self._run, name="rehearse-deadline", daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(GRACE + 15)

    @property
    def said(self) -> str:
        return (
            f"stopped at the rehearsal's wall-clock limit of {self.limit:g} s (its backend "
            "cancelled, then ended, from outside the session: a SET statement_timeout in the "
            "rehearsed SQL does not lift it)"
        )

    def _run(self) -> None:
        if self._stop.wait(max(0.0, self.until - time.monotonic())):
            return
        try:
            with self._connect() as conn:
                self.fired = True
                conn.execute("SELECT pg_catalog.pg_cancel_backend(%s)", (self.pid,))
                if not self._stop.wait(GRACE):  # still at work: it caught the cancel
                    conn.execute("SELECT pg_catalog.pg_terminate_backend(%s)", (self.pid,))
        except psycopg.Error:
            pass  # the backend or the server is gone: nothing left to stop
