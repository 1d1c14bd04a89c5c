"""`workbench run gc`: end every run that outlived its lease, and repair every leak.

A leak is anything of a run that should not be there any more, each reported with its kind:

- `expired`: the run's lease expired (whoever started it forgot, or died, and its TTL passed);
- `start interrupted`: a lease still says `starting` and no process holds the run's lock (the
  starter was killed: the server released its lock with its session);
- `owner gone` (with `orphans`): the process the run belongs to has ended (this host only);
- `database without lease`, `roles without lease`: the server holds the run's database or
  roles and this project no lease for them;
- `lease without database`, `lease without roles`: a ready lease names what the server no
  longer has (dropped by hand, a server rebuilt);
- `reset interrupted`: a lease still says `resetting` and no process holds the run's lock (a
  killed `run reset`); `database unusable`: the run's roles cannot connect to its database
  (closed, or their CONNECT missing: a reset killed by an older workbench). Both are repaired
  by finishing the reset (the run keeps its id, roles and URL), the others by ending the run.

It also drops what a killed rehearsal left (`rehearsals` in its summary): a clone whose process
is gone (with its role and passfile), a rehearsal role whose clone is gone, a passfile whose
clone and role are gone (rehearse/clone.py `reap`, which the next rehearsal runs too).

Each run is judged and repaired under its own lock (a run being started, reset or ended is
left alone), with what the server holds listed before the leases are read: a start writes its
lease before it makes anything, so a database seen without a lease is never one being made.
The evidence record of the gc lists every leak repaired; `workbench metrics` counts them.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from workbench.access.lock import SandboxBusy
from workbench.access.run_lease import READY, RESETTING, RunLease, read_run_lease, run_ids
from workbench.context import Context
from workbench.errors import WorkbenchError
from workbench.fleet.clones import (
    admin_session,
    dismantle,
    reset_in_place,
    run_database_usable,
    run_databases,
    run_lock,
)
from workbench.fleet.roles import RUN_KINDS, run_roles_on_server
from workbench.records.evidence import EvidenceRun, outcome_of
from workbench.rehearse.clone import reap as reap_rehearsals

# what `run gc` repairs by finishing the run's reset rather than ending the run
RESET_REPAIRS = ("reset interrupted", "database unusable")


def leak_kind(
    lease: RunLease | None,
    has_database: bool,
    roles: int,
    *,
    orphans: bool,
    now: datetime | None,
    usable: bool = True,
) -> str | None:
    """Why run `lease` (or what the server holds of a run without one) is a leak; None when
    it is a live run to keep. Judged under the run's lock: a lease in the middle of a start
    or a reset is one whose process died."""
    if lease is None:
        return "database without lease" if has_database else "roles without lease"
    if lease.expired(now):
        return "expired"
    if lease.state not in (READY, RESETTING):
        return "start interrupted"
    if not has_database:
        return "lease without database"
    if roles < len(RUN_KINDS):
        return "lease without roles"
    if lease.state == RESETTING:
        return "reset interrupted"
    if not usable:
        return "database unusable"
    if orphans and lease.owner.alive() is False:
        return "owner gone"
    return None


def gc(ctx: Context, *, orphans: bool = False, now: datetime | None = None) -> dict[str, Any]:
    """Reclaim expired and leaked runs (see the module docstring). `now` stands for the
    current time (the tests' clock)."""
    ctx.db.ensure_server()
    run = EvidenceRun(
        ctx.state_dir,
        "run gc",
        redact=ctx.guard.redact,
        context={"scope": "run", "database": ctx.config.sandbox.name, "orphans": orphans},
    )
    leaks: list[dict[str, Any]] = []
    kept: list[str] = []
    busy: list[str] = []
    try:
        with admin_session(ctx) as maintenance, run.phase("gc") as phase:
            databases = run_databases(ctx, maintenance)
            roles = run_roles_on_server(maintenance, ctx.config)
            candidates = sorted(set(databases) | set(roles) | set(run_ids(ctx.state_dir)))
            for run_id in candidates:
                try:
                    with run_lock(ctx, maintenance, run_id, wait=0):
                        # judged again under the lock: what a run holds does not change now
                        databases = run_databases(ctx, maintenance)
                        roles = run_roles_on_server(maintenance, ctx.config)
                        leak = _judge(ctx, maintenance, run_id, databases, roles, orphans, now)
                        if leak is None:
                            kept.append(run_id)
                            continue
                        leak.update(_repair(ctx, maintenance, run_id, leak["kind"]))
                        leaks.append(leak)
                except SandboxBusy:
                    busy.append(run_id)
            # and what a killed rehearsal left: its clone (its process gone), or its role alone
            rehearsals = reap_rehearsals(ctx, maintenance)
            phase.counts.update(
                leaks=len(leaks), kept=len(kept), busy=len(busy), rehearsals=len(rehearsals)
            )
    except BaseException as err:
        run.finish(outcome_of(err), error=err)
        raise
    summary = {
        "leaks": leaks,
        "repaired": len(leaks),
        "kept": kept,
        "busy": busy,
        "rehearsals": rehearsals,
    }
    run.finish("ok", summary=summary)
    return {**summary, "evidence_run": run.run_id}


def _repair(ctx: Context, maintenance: Any, run_id: str, kind: str) -> dict[str, Any]:
    """End the run, or, for a reset that did not finish, finish it (its own `run reset`
    evidence record, so `metrics` counts the restore); a reset that fails is reported."""
    if kind not in RESET_REPAIRS:
        return dismantle(ctx, maintenance, run_id)
    lease = read_run_lease(ctx.state_dir, run_id)
    assert lease is not None  # judged under the lock: a reset-repair has a lease
    run = EvidenceRun(
        ctx.state_dir,
        "run reset",
        redact=ctx.guard.redact,
        context={"scope": "run", "run": run_id, "database": lease.database, "by": "run gc"},
    )
    try:
        info = reset_in_place(ctx, run, maintenance, lease)[0]
    except WorkbenchError as err:
        run.finish(outcome_of(err), error=err)
        return {"repair": "reset", "databases": [], "roles": [], "left": [str(err)]}
    except BaseException as err:
        run.finish(outcome_of(err), error=err)
        raise
    run.finish("ok", verified=True, summary={"run": run_id, "snapshot_id": info.snapshot_id})
    return {"repair": "reset", "snapshot_id": info.snapshot_id, "databases": [], "roles": []}


def _judge(
    ctx: Context,
    maintenance: Any,
    run_id: str,
    databases: dict[str, list[str]],
    roles: dict[str, list[str]],
    orphans: bool,
    now: datetime | None,
) -> dict[str, Any] | None:
    lease = read_run_lease(ctx.state_dir, run_id)
    has_database = ctx.guard.run_name(run_id) in databases.get(run_id, [])
    leftovers = run_id in databases or run_id in roles
    if lease is None and not leftovers:
        # a folder with no lease and nothing on the server: a start that died before its
        # lease was written
        return {"run": run_id, "kind": "folder without lease"}
    usable = (
        lease is None
        or not has_database
        or run_database_usable(maintenance, lease.database, list(roles.get(run_id, [])))
    )
    kind = leak_kind(
        lease, has_database, len(roles.get(run_id, [])), orphans=orphans, now=now, usable=usable
    )
    if kind is None:
        return None
    leak: dict[str, Any] = {"run": run_id, "kind": kind}
    if lease is not None:
        leak.update(created=lease.created, expires=lease.expires, owner=lease.owner.by)
    return leak


def run_troubles(ctx: Context, maintenance: Any, leases: list[RunLease]) -> dict[str, str]:
    """Run id -> what is wrong with a live run (not expired, started) that `run gc` repairs
    by finishing its reset: "reset interrupted" (a lease saying `resetting` whose lock no
    process holds) or "database unusable". A run being reset now is left out."""
    databases = run_databases(ctx, maintenance)
    roles = run_roles_on_server(maintenance, ctx.config)
    found: dict[str, str] = {}
    for lease in leases:
        run_id = lease.run_id
        if lease.expired() or lease.state not in (READY, RESETTING):
            continue
        if lease.state == RESETTING:
            try:
                with run_lock(ctx, maintenance, run_id, wait=0):
                    found[run_id] = "reset interrupted"
            except SandboxBusy:
                pass  # a reset in progress
            continue
        has_database = ctx.guard.run_name(run_id) in databases.get(run_id, [])
        names = roles.get(run_id, [])
        if (
            has_database
            and len(names) == len(RUN_KINDS)
            and not run_database_usable(maintenance, lease.database, names)
        ):
            found[run_id] = "database unusable"
    return found


def repair_advice(run_id: str) -> str:
    return f"`workbench run gc` (or `workbench run reset {run_id}`) finishes its reset"
