"""One undo of the last reset or generate.

The database a reset or a generate replaces is not dropped but renamed to the sandbox's undo
copy (`<name>__wb_undo`: marked as this sandbox's, refusing connections), and the lease and
baseline that described it are kept beside it in .workbench/undo.json; the next reset or
generate replaces that copy. `undo` swaps the copy and the sandbox in one transaction, so
nothing is lost by it either: undo again swaps back. A rename is instant whatever the size.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import psycopg
from psycopg import sql

from workbench.access.contents import user_table_count
from workbench.access.databases import Aside, replaced_name
from workbench.context import Context
from workbench.errors import DatabaseError, WorkbenchError
from workbench.events import Info, Warning
from workbench.files.state import atomic_write_json, read_json
from workbench.lifecycle.changes import baseline_path, changes
from workbench.lifecycle.runs import evidence_of, maintenance_connection, operation
from workbench.lifecycle.snapshots import ensure_replaceable, without_sessions
from workbench.records.evidence import (
    incomplete,
    mark_run,
    read_records,
    stopped_build,
    summarise,
)
from workbench.records.lease import LEASE_FILE
from workbench.records.progress import clear as clear_progress

UNDO_FILE = "undo.json"
SWAP_SUFFIX = "__wb_swap"  # the name the sandbox passes through inside the swap's transaction
KEEP_MARK = "undo:"  # the evidence mark of the undo id a run's swap gives the replaced database
UNKEPT_MARK = "unkept"  # the rename to the undo copy was refused: the old database was dropped
PUT_BACK = "Nothing was replaced: the sandbox and its undo copy are as they were before this run"


class NothingToUndo(WorkbenchError):
    title = "nothing to undo"
    exit_code = 2  # as docs/cli.md states


@dataclass
class UndoInfo:
    """What `undo` would bring back."""

    kept_at: str  # when it was set aside
    replaced_by: str  # the command that replaced it: generate, reset, undo
    built_by: str | None  # what had built it, from its baseline
    rows: int | None  # rows it held when it was built
    # what it held that its build had not made, when it was set aside (Changes.lines(): []
    # none, None: not recorded): the next reset or generate drops it, so a front end asks
    held_changes: list[str] | None = None

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


def undo_info(ctx: Context) -> UndoInfo | None:
    """The undo copy's record, when there is one (read from .workbench/ alone)."""
    record = read_json(ctx.state_dir / UNDO_FILE)
    if not isinstance(record, dict) or not record.get("kept_at"):
        return None
    baseline = record.get("baseline") if isinstance(record.get("baseline"), dict) else {}
    counts = baseline.get("counts") if isinstance(baseline, dict) else None
    held = record.get("held_changes")
    return UndoInfo(
        kept_at=str(record["kept_at"]),
        replaced_by=str(record.get("replaced_by") or "?"),
        built_by=baseline.get("built_by") if isinstance(baseline, dict) else None,
        rows=sum(int(n) for n in counts.values()) if isinstance(counts, dict) else None,
        held_changes=[str(line) for line in held] if isinstance(held, list) else None,
    )


def _held_changes(ctx: Context, admin: psycopg.Connection[Any] | None = None) -> list[str]:
    """What the sandbox, about to become the undo copy, holds that its build did not make
    (newbie27b F15: the next run dropped a copy holding the pair's row without a word);
    `admin`: the caller's session on it (set_aside's), else one is opened."""
    try:
        found = changes(ctx, admin)
    except (psycopg.Error, WorkbenchError) as err:
        return [f"could not compare with the last build: {str(err).strip().splitlines()[0]}"]
    return found.lines() if found.any else []


def _state_files(ctx: Context) -> dict[str, Any]:
    return {
        "lease": read_json(ctx.state_dir / LEASE_FILE),
        "baseline": read_json(baseline_path(ctx.state_dir)),
    }


def _restore_state_files(ctx: Context, record: dict[str, Any]) -> None:
    for key, path in (
        ("lease", ctx.state_dir / LEASE_FILE),
        ("baseline", baseline_path(ctx.state_dir)),
    ):
        value = record.get(key)
        if isinstance(value, dict):
            atomic_write_json(path, value)
        else:
            path.unlink(missing_ok=True)


def set_aside(
    ctx: Context,
    maintenance: psycopg.Connection[Any],
    replaced_by: str,
    *,
    unfinished: bool = False,
    hold_previous: bool = False,
) -> Aside:
    """Instead of dropping the sandbox database a rebuild replaces: what `create_closed`
    does with it in the transaction that puts the new one in its place (`Aside`): renamed to
    the undo copy (the previous copy dropped first), or dropped when it holds no table or the
    rename is refused (a Warning says why). `unfinished`: the database holds a build that
    failed or was stopped; it is dropped and the undo copy from before it stays, so a retried
    failure never costs the last good database. `hold_previous`: the undo copy this one
    replaces is held aside (`<name>__wb_prev`) until `let_go_previous`, so that `put_back`
    can restore both when schema.sql fails. The caller has checked the guard's destructive
    rule."""
    name = ctx.config.sandbox.name
    # A run that stopped after replacing the sandbox (a reset killed after its clone took
    # the place) left a half-made build there and the work in the undo copy: never the
    # other way round (newbie27 F10: a second reset kept the half clone, dropped the work).
    settle_swap(ctx, maintenance)
    unfinished = unfinished or incomplete(summarise(read_records(ctx.state_dir))) is not None
    exists = maintenance.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,))
    if exists.fetchone() is None:
        return Aside()
    # one session on the sandbox for its table count and the comparison with its build,
    # closed before the swap (which ends every session on it)
    with ctx.guard.connect() as conn:
        tables = user_table_count(conn)
        kept = read_json(ctx.state_dir / UNDO_FILE)
        run_id = ctx.evidence.run_id if ctx.evidence is not None else None
        if isinstance(kept, dict) and run_id is not None and kept.get("run_id") == run_id:
            tables = 0  # this run kept the sandbox already (a fast reset falling back to full)
        if tables and unfinished:
            ctx.events(
                Info(
                    "the replaced database held an unfinished build: dropped, and undo still "
                    "brings back the one kept before it"
                    if ctx.guard.undo_state(maintenance) is not None
                    else "the replaced database held an unfinished build: dropped"
                )
            )
            tables = 0
        held = _held_changes(ctx, conn) if tables else []
    if not tables:
        return Aside()
    return _keep(ctx, maintenance, replaced_by, hold_previous, held)


def _keep(
    ctx: Context,
    maintenance: psycopg.Connection[Any],
    replaced_by: str,
    hold_previous: bool,
    held: list[str],
) -> Aside:
    name, copy = ctx.config.sandbox.name, ctx.guard.undo_name()
    undo_id = uuid.uuid4().hex[:12]
    previous = None
    if ctx.guard.undo_state(maintenance) is not None:
        _drop_previous(ctx, maintenance)
        if hold_previous:
            _rename(maintenance, copy, ctx.guard.previous_name())
            previous = read_json(ctx.state_dir / UNDO_FILE)
        else:
            maintenance.execute(sql.SQL("DROP DATABASE IF EXISTS {}").format(sql.Identifier(copy)))
    record = {
        "undo_id": undo_id,
        "replaced_by": replaced_by,
        "run_id": ctx.evidence.run_id if ctx.evidence is not None else None,
        "held_changes": held,
        **_state_files(ctx),
        **({"previous": previous} if isinstance(previous, dict) else {}),
    }

    def keep() -> None:  # inside create_closed's swap
        _rename(maintenance, name, copy)
        _mark_copy(ctx, maintenance, undo_id)

    def after(kept: bool) -> None:
        if not kept:
            return
        stamp = {"kept_at": datetime.now(UTC).isoformat(timespec="seconds")}
        atomic_write_json(ctx.state_dir / UNDO_FILE, {**stamp, **record})
        baseline_path(ctx.state_dir).unlink(missing_ok=True)
        ctx.events(Info("the replaced database is kept: undo brings it back"))

    def refused(err: psycopg.Error) -> None:
        if ctx.evidence is not None:
            ctx.evidence.mark(UNKEPT_MARK)  # the undo copy no longer tells the swap (settle_swap)
        reason = str(err).strip().splitlines()[0]
        ctx.events(Warning(f"the replaced database could not be kept for undo: {reason}"))

    if ctx.evidence is not None:  # before the swap: settle_swap reads it after a kill
        ctx.evidence.mark(f"{KEEP_MARK}{undo_id}")
    return Aside(keep=keep, after=after, refused=refused, kept_as=undo_id)


def settle_swap(ctx: Context, maintenance: psycopg.Connection[Any]) -> None:
    """A reset or generate killed while it swapped the new database in: its transaction
    either committed (the undo copy carries the run's undo id, and the sandbox is the new,
    unfinished one) or rolled back (the sandbox is as it was). In the second case the run is
    marked "restored", so nothing takes the sandbox for a half-made build and drops it."""
    run = stopped_build(summarise(read_records(ctx.state_dir)))
    if run is None or run.outcome != "interrupted" or UNKEPT_MARK in run.marks:
        return
    ids = [m[len(KEEP_MARK) :] for m in run.marks if m.startswith(KEEP_MARK)]
    if not ids or ctx.guard.undo_state(maintenance) == ctx.guard.undo_marker(ids[-1]):
        return
    mark_run(ctx.state_dir, run, "restored")


def _mark_copy(ctx: Context, maintenance: psycopg.Connection[Any], undo_id: str) -> None:
    copy = sql.Identifier(ctx.guard.undo_name())
    maintenance.execute(
        sql.SQL("COMMENT ON DATABASE {} IS {}").format(
            copy, sql.Literal(ctx.guard.undo_marker(undo_id))
        )
    )
    maintenance.execute(sql.SQL("ALTER DATABASE {} WITH ALLOW_CONNECTIONS false").format(copy))


def undo(ctx: Context) -> dict[str, Any]:
    """Swap the undo copy and the sandbox (see the module docstring)."""
    ctx.require("reset", "undo")
    # read before this run's own record starts: the last build's, stopped or failed
    stopped = incomplete(summarise(read_records(ctx.state_dir))) is not None
    with operation(ctx, "undo") as run_ctx:
        run = evidence_of(run_ctx)
        name, copy = ctx.config.sandbox.name, ctx.guard.undo_name()
        swap = f"{copy[: 63 - len(SWAP_SUFFIX)]}{SWAP_SUFFIX}"
        record = read_json(ctx.state_dir / UNDO_FILE)
        record = record if isinstance(record, dict) else {}
        with run.phase("swap") as phase, maintenance_connection(run_ctx) as maintenance:
            if ctx.guard.undo_state(maintenance) is None:
                raise NothingToUndo(
                    "No replaced database is kept: undo brings back what the last reset or "
                    "generate replaced, and none has run since this version kept one."
                )
            present = ensure_replaceable(ctx, maintenance)
            # a build that failed or was stopped is not kept for the next undo to bring back:
            # it leaves under the replaced name (drop_leftover's) and is dropped
            unfinished = present and stopped
            away = replaced_name(ctx.config)
            current = _state_files(ctx)
            held = _held_changes(ctx) if present and not unfinished else []
            undo_id = uuid.uuid4().hex[:12]

            def exchange() -> None:
                with maintenance.transaction():
                    if present:
                        _rename(maintenance, name, away if unfinished else swap)
                    _rename(maintenance, copy, name)
                    if present and not unfinished:
                        _rename(maintenance, swap, copy)
                        _mark_copy(ctx, maintenance, undo_id)
                    _open_as_sandbox(ctx, maintenance, name)

            phase.counts["connections_ended"] = without_sessions(exchange, ctx, maintenance)
            if unfinished:
                maintenance.execute(
                    sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(away))
                )
                present = False
        clear_progress(ctx.state_dir)
        _restore_state_files(ctx, record)
        if present:
            atomic_write_json(
                ctx.state_dir / UNDO_FILE,
                {
                    "undo_id": undo_id,
                    "kept_at": datetime.now(UTC).isoformat(timespec="seconds"),
                    "replaced_by": "undo",
                    "held_changes": held,
                    **current,
                },
            )
        else:
            (ctx.state_dir / UNDO_FILE).unlink(missing_ok=True)
        run.finish("ok", summary={"swapped": present, "restored_from": record.get("replaced_by")})
        return {
            "restored": record.get("replaced_by"),
            "kept_current": present,
            "dropped_unfinished": unfinished,
            "run_id": run.run_id,
        }


def _open_as_sandbox(ctx: Context, maintenance: psycopg.Connection[Any], name: str) -> None:
    """The database renamed into the sandbox's name: marked as the sandbox and open again."""
    maintenance.execute(
        sql.SQL("COMMENT ON DATABASE {} IS {}").format(
            sql.Identifier(name), sql.Literal(ctx.guard.marker())
        )
    )
    maintenance.execute(
        sql.SQL("ALTER DATABASE {} WITH ALLOW_CONNECTIONS true").format(sql.Identifier(name))
    )


def _rename(maintenance: psycopg.Connection[Any], old: str, new: str) -> None:
    maintenance.execute(
        sql.SQL("ALTER DATABASE {} RENAME TO {}").format(sql.Identifier(old), sql.Identifier(new))
    )


def _drop_previous(ctx: Context, maintenance: psycopg.Connection[Any]) -> bool:
    """Drop the undo copy held aside during a schema phase (left by a run killed in it), when
    it is this sandbox's (its comment is this sandbox's undo marker). True when there was one."""
    prev = ctx.guard.previous_name()
    row = maintenance.execute(
        "SELECT coalesce(pg_catalog.shobj_description(oid, 'pg_database'), '') "
        "FROM pg_catalog.pg_database WHERE datname OPERATOR(pg_catalog.=) %s",
        (prev,),
    ).fetchone()
    if row is None or not str(row[0]).startswith(ctx.guard.undo_marker("")):
        return False
    maintenance.execute(sql.SQL("DROP DATABASE IF EXISTS {}").format(sql.Identifier(prev)))
    return True


def let_go_previous(ctx: Context) -> None:
    """The schema phase went through: the undo copy held aside for `put_back` is dropped."""
    with ctx.db.maintenance(replacing=False) as maintenance:  # drops the older undo copy
        _drop_previous(ctx, maintenance)
    record = read_json(ctx.state_dir / UNDO_FILE)
    if isinstance(record, dict) and "previous" in record:
        del record["previous"]
        atomic_write_json(ctx.state_dir / UNDO_FILE, record)


def put_back(ctx: Context) -> bool:
    """schema.sql failed after this run set the sandbox aside: drop the half-built database
    and put everything back as it was before the run (the sandbox, its lease and baseline,
    the undo copy and its record). False when this run kept nothing to put back (the
    sandbox held no table, or was dropped)."""
    record = read_json(ctx.state_dir / UNDO_FILE)
    run_id = ctx.evidence.run_id if ctx.evidence is not None else None
    if not isinstance(record, dict) or run_id is None or record.get("run_id") != run_id:
        return False
    name, copy, prev = ctx.config.sandbox.name, ctx.guard.undo_name(), ctx.guard.previous_name()
    with ctx.guard.connect(maintenance=True) as maintenance:
        if ctx.guard.undo_state(maintenance) is None:
            return False
        drop = sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
        maintenance.execute(drop)
        held = maintenance.execute(
            "SELECT 1 FROM pg_catalog.pg_database WHERE datname OPERATOR(pg_catalog.=) %s",
            (prev,),
        ).fetchone()
        with maintenance.transaction():
            _rename(maintenance, copy, name)
            _open_as_sandbox(ctx, maintenance, name)
            if held is not None:
                _rename(maintenance, prev, copy)
    clear_progress(ctx.state_dir)
    _restore_state_files(ctx, record)
    previous = record.get("previous")
    if held is not None and isinstance(previous, dict):
        atomic_write_json(ctx.state_dir / UNDO_FILE, previous)
    else:
        (ctx.state_dir / UNDO_FILE).unlink(missing_ok=True)
    if ctx.evidence is not None:
        ctx.evidence.mark("restored")  # the sandbox is as it was: no unfinished build
    return True


@contextmanager
def restoring(ctx: Context) -> Iterator[None]:
    """Around a generate's schema phase, after `set_aside(hold_previous=True)`: when a
    statement of schema.sql fails, the half-built database goes and the sandbox and its undo
    copy come back as they were (the message says so); when it goes through, the undo copy
    held aside is let go."""
    try:
        yield
    except DatabaseError as err:
        try:
            restored = put_back(ctx)
        except (psycopg.Error, WorkbenchError) as failed:
            reason = str(failed).strip().splitlines()[0]
            ctx.events(Warning(f"the sandbox could not be put back ({reason}): undo brings it"))
            raise err from None
        if restored:
            first, _, rest = str(err).partition("\n")
            err.args = (f"{first}. {PUT_BACK}" + (f"\n{rest}" if rest else ""),)
        raise
    let_go_previous(ctx)
