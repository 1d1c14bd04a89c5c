"""Runs: many isolated copies of the sandbox's snapshot at once, each with its own roles and lease.

`workbench run start` clones the current snapshot (`CREATE DATABASE … TEMPLATE`, no
regeneration) into a database of the run's own (`<name>__wb_run_<id8>_<run id>`), makes the
run's application and read-only roles (roles.py), verifies the clone's catalog against the
snapshot's, grants the run's roles what the sandbox's roles have, opens the database to them
alone, and writes the run's lease (access/run_lease.py). `run reset` clones the snapshot again
under a building name and swaps it in; `run end` drops the database, the roles and the lease;
`run gc` (gc.py) reclaims what expired or leaked.

Runs never take the sandbox's lock, so they start, reset and end in parallel with each other
and with a generate: a run's steps hold that run's own advisory lock, and a clone holds the
snapshot's lock shared for its CREATE DATABASE (a refresh holds it exclusively for its swap,
so a clone sees the old snapshot or the new one, and running runs keep theirs). Each step
leaves evidence (`run start`, `run reset`, `run end`) that `workbench metrics` reads.
"""

from __future__ import annotations

import os
import secrets
import socket
import time
from contextlib import suppress
from datetime import UTC, datetime, timedelta
from typing import Any

import psycopg

from workbench.access.databases import crash_point
from workbench.access.guard import RUN_ID
from workbench.access.roles import APP, READ
from workbench.access.run_lease import (
    READY,
    STARTING,
    RunLease,
    RunOwner,
    list_run_leases,
    make_run_dir,
    passfile_path,
    read_run_lease,
    write_run_lease,
)
from workbench.config.file import CAPABILITIES
from workbench.config.values import duration_seconds
from workbench.context import Context
from workbench.errors import CapabilityRefusal, UsageError, WorkbenchError
from workbench.fleet.clones import (
    admin_session,
    allow,
    clone,
    dismantle,
    mark,
    no_snapshot,
    reset_in_place,
    run_databases,
    run_lock,
    verify_and_grant,
)
from workbench.fleet.gc import repair_advice, run_troubles
from workbench.fleet.roles import (
    RUN_KINDS,
    make_run_roles,
    open_run_database,
    require_run_rights,
)
from workbench.lifecycle.sandbox import role_url, url_auth, url_note
from workbench.lifecycle.snapshots import SnapshotInfo, database_bytes, read_snapshot
from workbench.records.evidence import EvidenceRun, outcome_of
from workbench.records.git_state import git_revision
from workbench.records.progress import wal_barrier


class TooManyRuns(WorkbenchError):
    exit_code = 3
    title = "too many runs"


# --- the run's parts ---------------------------------------------------------------------------


def new_run_id() -> str:
    return secrets.token_hex(4)


def checked_run_id(run_id: str) -> str:
    if not isinstance(run_id, str) or not RUN_ID.fullmatch(run_id):
        raise UsageError(
            f"run id {str(run_id)[:40]!r}: expected 1 to 24 characters, lowercase letters, "
            "digits, '-' and '_', starting with a letter or a digit."
        )
    return run_id


def run_capabilities(ctx: Context, asked: list[str] | None) -> list[str]:
    """What the run may do: what sandbox.toml grants (but `runs`), or the part of it asked."""
    granted = [c for c in ctx.config.sandbox.capabilities if c != "runs"]
    if asked is None:
        return granted
    for capability in asked:
        if capability not in CAPABILITIES or capability == "runs":
            allowed = ", ".join(c for c in CAPABILITIES if c != "runs")
            raise UsageError(f"capability {capability[:40]!r}: expected one of {allowed}.")
        if capability not in granted:
            raise CapabilityRefusal(
                f"a run may have only what sandbox.toml grants the sandbox (key "
                f"sandbox.capabilities: {', '.join(granted) or 'none'}), and "
                f"{capability!r} is not among them."
            )
    return list(dict.fromkeys(asked))


def run_ttl(ctx: Context, asked: str | None) -> tuple[str, int]:
    """The run's lifetime (text and seconds): --ttl, else [runs] ttl; at most [runs] max_ttl."""
    runs = ctx.config.runs
    text = asked if asked is not None else runs.ttl
    try:
        seconds = duration_seconds(text)
    except ValueError as err:
        raise UsageError(f"--ttl {str(text)[:40]!r}: expected {err}.") from None
    if not 1 <= seconds <= runs.max_ttl_seconds:
        raise UsageError(
            f"--ttl {text}: expected at least 1 s and at most {runs.max_ttl} "
            f"({ctx.config.path}: key runs.max_ttl)."
        )
    return text, seconds


NO_URL = (
    "the run has neither `read` nor `write`: a URL would let whoever holds it read every row "
    "of the run's database, which its capabilities do not grant, so none is given (start the "
    "run with `read` or `write` for one)"
)


def _url_info(ctx: Context, lease: RunLease) -> dict[str, Any]:
    """The URL the run's application (or agent) connects with: its application role when the
    run may write, else its read-only role when it may read, else none (attack22d D24: a URL
    carries no more than the run's capabilities); never a password."""
    target = ctx.target()
    if not {"read", "write"} & set(lease.capabilities):
        return {
            "database_url": None,
            "role": None,
            "passfile": None,
            "require_auth": url_auth(target),
            "url_note": NO_URL,
        }
    kind = APP if "write" in lease.capabilities else READ
    path = lease.passfiles[kind]
    return {
        "database_url": role_url(target, lease.roles[kind], lease.database, path),
        "role": lease.roles[kind],
        "passfile": path,
        "require_auth": url_auth(target),
        "url_note": url_note(target),
    }


# --- start, reset, end, list ---------------------------------------------------------------------


def start_run(
    ctx: Context,
    *,
    run_id: str | None = None,
    capabilities: list[str] | None = None,
    ttl: str | None = None,
    owner_pid: int | None = None,
    by: str = "api",
) -> dict[str, Any]:
    """Start a run (see the module docstring); returns its lease, URL and timings."""
    started = time.monotonic()
    config = ctx.config
    run_id = checked_run_id(run_id) if run_id is not None else new_run_id()
    caps = run_capabilities(ctx, capabilities)
    ttl_text, ttl_seconds = run_ttl(ctx, ttl)
    if read_snapshot(ctx) is None:
        # before any server is made or started: without a snapshot there is nothing to clone
        raise no_snapshot()
    ctx.db.ensure_server()
    live = [lease for lease in list_run_leases(ctx.state_dir) if not lease.expired()]
    if len(live) >= config.runs.max:
        raise TooManyRuns(
            f"{len(live)} runs are live, the most {config.path} allows (key runs.max); end one "
            "(`workbench run end ID`) or reclaim expired ones (`workbench run gc`)."
        )
    with admin_session(ctx) as maintenance:
        require_run_rights(maintenance, config)
        # The run's own lock before its lease: `run gc` takes a starting lease whose lock is
        # free for one whose starter died.
        with run_lock(ctx, maintenance, run_id, wait=0):
            try:
                make_run_dir(ctx.state_dir, run_id)
            except FileExistsError:
                raise UsageError(
                    f"a run with id {run_id!r} exists already (`workbench run list`); choose "
                    "another id, or end it first."
                ) from None
            lease = _new_lease(ctx, run_id, caps, ttl_text, ttl_seconds, owner_pid, by)
            # First the lease (state "starting"): whatever follows exists on the server only
            # while a lease names it, and a kill from here on leaves one `run gc` reclaims.
            write_run_lease(ctx.state_dir, lease)
            run = EvidenceRun(
                ctx.state_dir,
                "run start",
                redact=ctx.guard.redact,
                context={
                    "scope": "run",
                    "run": run_id,
                    "database": lease.database,
                    "ttl": ttl_text,
                    "capabilities": caps,
                },
            )
            try:
                info = _build(ctx, run, maintenance, lease)
                lease.seconds = round(time.monotonic() - started, 4)
                write_run_lease(ctx.state_dir, lease)
            except BaseException as err:
                with suppress(Exception):
                    dismantle(ctx, maintenance, run_id)
                run.finish(outcome_of(err), error=err)
                raise
    run.finish(
        "ok",
        verified=True,
        summary={
            "run": run_id,
            "snapshot_id": info.snapshot_id,
            "snapshot_bytes": info.bytes,
            "expires": lease.expires,
        },
    )
    return {**lease.to_dict(), **_url_info(ctx, lease), "evidence_run": run.run_id}


def _new_lease(
    ctx: Context,
    run_id: str,
    caps: list[str],
    ttl_text: str,
    ttl_seconds: int,
    owner_pid: int | None,
    by: str,
) -> RunLease:
    now = datetime.now(UTC)
    revision, dirty = git_revision(ctx.config.root)
    return RunLease(
        run_id=run_id,
        sandbox_id=ctx.guard.sandbox_id(),
        database=ctx.guard.run_name(run_id),
        target=ctx.target().display,
        roles={},
        capabilities=caps,
        created=now.isoformat(timespec="seconds"),
        expires=(now + timedelta(seconds=ttl_seconds)).isoformat(timespec="seconds"),
        ttl=ttl_text,
        owner=RunOwner(pid=owner_pid, host=socket.gethostname(), by=by, starter_pid=os.getpid()),
        git_revision=revision,
        git_dirty=dirty,
    )


def _build(
    ctx: Context, run: EvidenceRun, maintenance: psycopg.Connection[Any], lease: RunLease
) -> SnapshotInfo:
    """Roles, clone, verify, grants, open: the run's lease says `ready` at the end."""
    run_id = lease.run_id
    passfiles = {kind: passfile_path(ctx.state_dir, run_id, kind) for kind in RUN_KINDS}
    with run.phase("roles") as phase:
        names = make_run_roles(maintenance, ctx.config, run_id, passfiles)
        phase.detail["roles"] = names.as_dict()
    lease.roles = names.as_dict()
    lease.passfiles = {kind: str(path) for kind, path in passfiles.items()}
    crash_point("run:roles")
    with run.phase("clone") as phase:
        info = clone(ctx, maintenance, lease.database)
        mark(maintenance, lease.database, ctx.guard.run_marker(run_id))
        allow(maintenance, lease.database)
        phase.detail.update(snapshot_id=info.snapshot_id, snapshot_bytes=info.bytes)
    crash_point("run:cloned")
    verify_and_grant(ctx, run, maintenance, run_id, names, info)
    open_run_database(maintenance, lease.database, names)
    wal_barrier(maintenance)  # the lease below claims this database
    lease.snapshot_id = info.snapshot_id
    lease.schema_fingerprint = info.schema_fingerprint
    lease.database_fingerprint = info.database_fingerprint
    lease.migrations_hash = info.migrations_hash
    lease.state = READY
    return info


def _existing_lease(ctx: Context, run_id: str) -> RunLease:
    lease = read_run_lease(ctx.state_dir, checked_run_id(run_id))
    if lease is None:
        raise UsageError(f"no run {run_id!r} (`workbench run list` shows the runs).")
    return lease


def live_lease(ctx: Context, run_id: str) -> RunLease:
    """The lease of a started, unexpired run (what an engine bound to it works on): ready, or
    resetting (its database, old or new, stays usable through a reset)."""
    lease = _existing_lease(ctx, run_id)
    if lease.state == STARTING:
        raise UsageError(f"run {run_id!r} never finished starting; end it and start another.")
    if lease.expired():
        raise UsageError(
            f"run {run_id!r} expired at {lease.expires}; `workbench run gc` reclaims it. Start "
            "a new run."
        )
    return lease


def describe_run(ctx: Context, run_id: str | None) -> dict[str, Any]:
    """A run's lease with its URL and whether it has expired (never a password)."""
    if run_id is None:
        raise WorkbenchError("this engine is bound to no run.")
    lease = _existing_lease(ctx, run_id)
    return {**lease.to_dict(), **_url_info(ctx, lease), "expired": lease.expired()}


def reset_run(ctx: Context, run_id: str) -> dict[str, Any]:
    """Back to the snapshot (run_clones.reset_in_place): a new clone made under the run's
    building name, verified, granted and opened, then swapped in for the run's database in one
    transaction (its sessions ended). The run keeps its id, roles, passwords and URL; the
    lease records the snapshot it now holds. A reset that was interrupted is finished."""
    lease = live_lease(ctx, run_id)
    ctx.db.ensure_server()
    run = EvidenceRun(
        ctx.state_dir,
        "run reset",
        redact=ctx.guard.redact,
        context={"scope": "run", "run": run_id, "database": lease.database},
    )
    previous = lease.snapshot_id
    try:
        with admin_session(ctx) as maintenance, run_lock(ctx, maintenance, run_id, wait=30):
            lease = live_lease(ctx, run_id)  # as it is now, under the run's lock
            info, ended = reset_in_place(ctx, run, maintenance, lease)
    except BaseException as err:
        run.finish(outcome_of(err), error=err)
        raise
    end = run.finish(
        "ok",
        verified=True,
        summary={"run": run_id, "snapshot_id": info.snapshot_id, "snapshot_bytes": info.bytes},
    )
    return {
        **lease.to_dict(),
        **_url_info(ctx, lease),
        "connections_ended": ended,
        "snapshot_changed": previous != info.snapshot_id,
        "previous_snapshot_id": previous,
        "reset_seconds": end.get("seconds"),
    }


def end_run(ctx: Context, run_id: str) -> dict[str, Any]:
    """Drop the run's database and roles, then its lease and passfiles; evidence records it."""
    run_id = checked_run_id(run_id)
    lease = read_run_lease(ctx.state_dir, run_id)
    ctx.db.ensure_server()
    run = EvidenceRun(
        ctx.state_dir,
        "run end",
        redact=ctx.guard.redact,
        context={"scope": "run", "run": run_id, "database": ctx.guard.run_name(run_id)},
    )
    try:
        with (
            admin_session(ctx) as maintenance,
            run_lock(ctx, maintenance, run_id, wait=30),
            run.phase("drop") as phase,
        ):
            removed = dismantle(ctx, maintenance, run_id)
            phase.detail.update(removed)
        if lease is None and not removed["databases"] and not removed["roles"]:
            raise UsageError(f"no run {run_id!r} (`workbench run list` shows the runs).")
    except BaseException as err:
        run.finish(outcome_of(err), error=err)
        raise
    age = _age_seconds(lease.created) if lease is not None else None
    run.finish("ok", summary={"run": run_id, "age_seconds": age, "removed": removed})
    return {"run_id": run_id, "age_seconds": age, **removed}


def _age_seconds(created: str) -> float | None:
    try:
        return round((datetime.now(UTC) - datetime.fromisoformat(created)).total_seconds(), 1)
    except ValueError:
        return None


def list_runs(ctx: Context) -> list[dict[str, Any]]:
    """Every run this project has a lease for, with what the server says of it (its database
    and size, its roles), oldest first; plus runs the server holds without a lease (leaks)."""
    ctx.db.ensure_server()
    leases = list_run_leases(ctx.state_dir)
    with admin_session(ctx) as maintenance:
        databases = run_databases(ctx, maintenance)
        sizes = {
            run_id: database_bytes(maintenance, ctx.guard.run_name(run_id))
            for run_id, names in databases.items()
            if ctx.guard.run_name(run_id) in names
        }
        troubles = run_troubles(ctx, maintenance, leases)
    current = read_snapshot(ctx)
    items: list[dict[str, Any]] = []
    for lease in leases:
        trouble = troubles.get(lease.run_id)
        items.append(
            {
                "run_id": lease.run_id,
                "state": "expired" if lease.expired() else trouble or lease.state,
                "repair": repair_advice(lease.run_id) if trouble else None,
                "created": lease.created,
                "expires": lease.expires,
                "age_seconds": _age_seconds(lease.created),
                "owner": lease.owner.by,
                "owner_pid": lease.owner.pid,
                "owner_alive": lease.owner.alive(),
                "capabilities": lease.capabilities,
                "database": lease.database,
                "database_exists": lease.run_id in databases,
                "bytes": sizes.get(lease.run_id),
                "snapshot_id": lease.snapshot_id,
                # None while it has no snapshot yet (starting)
                "snapshot_current": None
                if lease.snapshot_id is None
                else current is not None and lease.snapshot_id == current.snapshot_id,
                "resets": lease.resets,
                "database_url": _url_info(ctx, lease)["database_url"] if lease.roles else None,
            }
        )
    known = {lease.run_id for lease in leases}
    for run_id in sorted(set(databases) - known):
        items.append(
            {
                "run_id": run_id,
                "state": "leaked",
                "database": ctx.guard.run_name(run_id),
                "database_exists": True,
                "bytes": sizes.get(run_id),
            }
        )
    return items
