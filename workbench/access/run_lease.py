"""A run's lease: what one run of the sandbox is, what it was cloned from, who owns it, until when.

Each run (`workbench run start`, workbench/fleet/runs.py) keeps its own folder,
`.workbench/runs/<run id>/` (mode 0700), holding `lease.json` (written atomically, never a
password nor a DSN) and the passfiles of the run's two roles (`app.pgpass`, `read.pgpass`,
mode 0600, each with its own role's line only). The lease is written before anything is made
on the server (state `starting`) and rewritten once the run is ready, so everything a run
leaves on the server has a lease naming it until `run end` or `run gc` removes both, the lease
last.
"""

from __future__ import annotations

import os
import shutil
import socket
from dataclasses import asdict, dataclass, field, fields
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from workbench.access.guard import RUN_ID
from workbench.files.safe import ensure_parent, private_dir
from workbench.files.state import atomic_write_json, read_json
from workbench.records.evidence import process_alive
from workbench.records.lease import expired

RUNS_DIR = "runs"
LEASE_FILE = "lease.json"
STARTING, READY = "starting", "ready"
# while `run reset` prepares and swaps in the run's next database: the run stays usable (the
# swap is one transaction), and a lease left saying so names a reset that was interrupted
RESETTING = "resetting"


@dataclass
class RunOwner:
    """Who a run belongs to: the process that keeps it (None: not tracked, e.g. a shell's
    `workbench run start` without --owner-pid), on which host, started by which front end;
    and the process that is starting it (its lease says `starting` until it is done)."""

    pid: int | None
    host: str
    by: str  # cli, mcp, tui, api
    starter_pid: int

    def alive(self) -> bool | None:
        """Whether the owner process still runs (None: not tracked, or on another host)."""
        if self.pid is None or self.host != socket.gethostname():
            return None
        return process_alive(self.pid)


@dataclass
class RunLease:
    run_id: str
    sandbox_id: str
    database: str  # the run's database
    target: str  # the server, as the guard displays it
    roles: dict[str, str]  # kind (app, read) -> role; empty when the DSN's role cannot make roles
    capabilities: list[str]
    created: str
    expires: str
    ttl: str
    owner: RunOwner
    state: str = STARTING
    git_revision: str | None = None
    git_dirty: bool | None = None
    snapshot_id: str | None = None
    schema_fingerprint: str | None = None
    database_fingerprint: str | None = None
    migrations_hash: str | None = None
    seconds: float | None = None  # to start
    resets: int = 0
    last_reset: str | None = None
    passfiles: dict[str, str] = field(default_factory=dict)  # kind -> path (never a password)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def expired(self, now: datetime | None = None) -> bool:
        return expired(self.expires, now)

    @classmethod
    def from_dict(cls, data: Any) -> RunLease | None:
        if not isinstance(data, dict) or not isinstance(data.get("owner"), dict):
            return None
        names = {f.name for f in fields(cls)}
        owner_names = {f.name for f in fields(RunOwner)}
        try:
            owner = RunOwner(**{k: v for k, v in data["owner"].items() if k in owner_names})
            values = {k: v for k, v in data.items() if k in names and k != "owner"}
            lease = cls(owner=owner, **values)
        except TypeError:
            return None
        return lease if RUN_ID.fullmatch(str(lease.run_id)) else None


def now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def runs_dir(state_dir: Path) -> Path:
    return state_dir / RUNS_DIR


def run_dir(state_dir: Path, run_id: str) -> Path:
    return runs_dir(state_dir) / run_id


def passfile_path(state_dir: Path, run_id: str, kind: str) -> Path:
    return run_dir(state_dir, run_id) / f"{kind}.pgpass"


def make_run_dir(state_dir: Path, run_id: str) -> Path:
    """The run's own folder, made here and now (mode 0700); FileExistsError when a run of
    that id exists. Every folder on the way from .workbench must be a real folder of this
    user, never a link a checkout planted (safe_fs.UnsafePath otherwise)."""
    parent = runs_dir(state_dir)
    ensure_parent(parent / run_id)
    private_dir(parent, mode=0o700)
    path = run_dir(state_dir, run_id)
    os.mkdir(path, 0o700)  # FileExistsError: taken (a link included)
    return path


def write_run_lease(state_dir: Path, lease: RunLease) -> None:
    atomic_write_json(run_dir(state_dir, lease.run_id) / LEASE_FILE, lease.to_dict())


def read_run_lease(state_dir: Path, run_id: str) -> RunLease | None:
    if not RUN_ID.fullmatch(run_id):
        return None
    lease = RunLease.from_dict(read_json(run_dir(state_dir, run_id) / LEASE_FILE))
    return lease if lease is not None and lease.run_id == run_id else None


def run_ids(state_dir: Path) -> list[str]:
    """The runs this project has a folder for (with or without a readable lease)."""
    try:
        names = sorted(p.name for p in runs_dir(state_dir).iterdir() if p.is_dir())
    except OSError:
        return []
    return [name for name in names if RUN_ID.fullmatch(name)]


def list_run_leases(state_dir: Path) -> list[RunLease]:
    """Every readable run lease, oldest first."""
    leases = [read_run_lease(state_dir, run_id) for run_id in run_ids(state_dir)]
    return sorted((lease for lease in leases if lease is not None), key=lambda x: x.created)


def remove_run_files(state_dir: Path, run_id: str) -> bool:
    """Remove the run's folder (lease and passfiles); True when there was one."""
    path = run_dir(state_dir, run_id)
    if not RUN_ID.fullmatch(run_id) or path.is_symlink() or not path.is_dir():
        return False
    shutil.rmtree(path, ignore_errors=True)
    return True
