"""The frame of every run that changes the sandbox: its advisory lock (access/lock.py), its evidence
run (records/evidence.py), the phases recorded from the events, and the maintenance session the held
lock already has open."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import psycopg

from workbench.access.lock import SandboxLock, wait_seconds_from_env
from workbench.access.owner_seal import seal_owner
from workbench.context import Context
from workbench.errors import Cancelled, WorkbenchError
from workbench.events import Event, EventSink, Info, PhaseChanged, TableDone, TableStarted
from workbench.records.evidence import PHASE_MARK, EvidenceRun, now_iso, outcome_of
from workbench.trust.target import refuse_system_database


@contextmanager
def operation(ctx: Context, command: str, **context: Any) -> Iterator[Context]:
    """Hold the sandbox's lock and record an evidence run: yields the context bound to both
    (`ctx.lock`, `ctx.evidence`). Called with a context already in a run (reset → generate),
    it joins that run."""
    if ctx.evidence is not None:
        yield ctx
        return
    refuse_system_database(ctx.config)  # a refusal comes before anything starts
    ctx.db.ensure_server()
    on_event = ctx.events
    lock = SandboxLock(
        ctx.guard,
        command,
        wait=ctx.lock_wait or wait_seconds_from_env(),
        on_wait=lambda message: on_event(Info(message)),
    )
    lock.acquire()
    run_ctx: Context | None = None
    failed = False
    try:
        # The owner's login sealed before the run uses the sandbox (a killed run's end
        # skipped it) and again at its end, success or failure (access/owner_seal.py).
        _seal(ctx, lock)
        run = EvidenceRun(
            ctx.config.state_dir,
            command,
            redact=ctx.guard.redact,
            context={"database": ctx.config.sandbox.name, **context},
        )
        run_ctx = ctx.in_run(lock, run)
        try:
            yield run_ctx
        except BaseException as err:
            failed = True
            run.finish(outcome_of(err), error=err)
            raise
        else:
            run.finish("ok")  # a no-op when the body already finished the run
    except BaseException:
        failed = True
        raise
    finally:
        try:
            if run_ctx is not None:
                run_ctx.db.close()  # the run's kept sandbox session (access/sessions.py)
            _seal(ctx, lock, quiet=failed)
        finally:
            lock.release()


def _seal(ctx: Context, lock: SandboxLock, *, quiet: bool = False) -> None:
    """`seal_owner` on the lock's session. `quiet`: the run failed already, and a server
    that went away (a session that broke) must not hide why; the next run seals it."""
    conn = lock.connection
    try:
        if conn is None or conn.closed:
            with ctx.guard.connect(maintenance=True) as fresh:
                seal_owner(fresh, ctx.config)
        else:
            seal_owner(conn, ctx.config)
    except psycopg.OperationalError:
        if not quiet:
            raise


def evidence_of(ctx: Context) -> EvidenceRun:
    """The evidence run a step inside `operation()` records into."""
    if ctx.evidence is None:
        raise RuntimeError("this step runs inside runs.operation(), which opens the evidence")
    return ctx.evidence


class PhaseTracker:
    """An EventSink that turns the build's PhaseChanged events into evidence phase records,
    with per-table row counts from TableDone, and the table a failed phase stopped at (the
    last one started and not done: `status` and `doctor` name it)."""

    def __init__(self, run: EvidenceRun, sink: EventSink, prefix: str = "") -> None:
        self.run = run
        self.sink = sink
        self.prefix = prefix
        self._phase: str | None = None
        self._at = ""
        self._start = 0.0
        self._tables: dict[str, int] = {}
        self._current: str | None = None  # the table started and not done yet

    def __call__(self, event: Event) -> None:
        if isinstance(event, PhaseChanged):
            self.close()
            self._phase, self._at, self._start = event.phase, now_iso(), time.monotonic()
            self.run.mark(f"{PHASE_MARK}{self.prefix}{event.phase}")  # a kill names it
            self._tables = {}
            self._current = None
        elif isinstance(event, TableStarted):
            self._current = event.table
        elif isinstance(event, TableDone):
            self._tables[event.table] = event.rows
            self._current = None
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
            detail={"stopped_at": self._current} if error is not None and self._current else None,
        )
        self._phase = None


@contextmanager
def maintenance_connection(ctx: Context) -> Iterator[psycopg.Connection[Any]]:
    """The held lock's maintenance session when there is one, else a new one."""
    with ctx.db.maintenance() as conn:
        yield conn


@contextmanager
def cancellable(ctx: Context, conn: psycopg.Connection[Any]) -> Iterator[None]:
    """A cancel (SIGTERM, the TUI's stop) also stops the statement `conn` runs on the server
    (a schema.sql's long statement), and what that statement's failure raises is a cancel."""
    cancel = ctx.cancel
    if cancel is None:
        yield
        return
    unregister = cancel.register(conn.cancel_safe)
    try:
        yield
    except (psycopg.Error, WorkbenchError):
        if cancel.cancelled:
            raise Cancelled("Cancelled; the sandbox is as it was before this run.") from None
        raise
    finally:
        unregister()
