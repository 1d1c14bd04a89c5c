"""The lease: what this sandbox is, what made it, what it may do and until when.

Written atomically to .workbench/lease.json after every run that builds an environment
(generate, reset, snapshot). It holds no password and no DSN: the target is shown the way the
guard displays it. The expiry is also recorded on the database itself (a custom setting,
`workbench.lease`), so that `doctor` can tell, from any sandbox on the same server, which
workbench databases are still owned by a live lease and which are leaked.
"""

from __future__ import annotations

import hashlib
import os
import stat
import uuid
from dataclasses import asdict, dataclass, field, fields
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from workbench.files.state import atomic_write_json, read_json
from workbench.records.git_state import git_revision

LEASE_FILE = "lease.json"
LEASE_SETTING = "workbench.lease"


@dataclass
class Lease:
    sandbox_id: str
    run_id: str
    database: str
    target: str
    git_revision: str | None
    git_dirty: bool | None
    schema_file: str
    schema_file_hash: str
    schema_fingerprint: str | None
    database_fingerprint: str | None
    migrations_hash: str | None
    seed: int | None
    rows: int | None  # rows per table asked for; None: sandbox.toml's
    config_hash: str
    snapshot_id: str | None
    capabilities: list[str] = field(default_factory=list)
    created: str = ""
    expires: str = ""
    lifetime: str = ""
    built_by: str = ""  # the command whose run made this environment
    seed_source: str = "config"  # "explicit" when --seed chose it (a full reset reuses it)
    # a seed import's provenance: seed and policy hashes, key id, rows per table (no value,
    # no path); None when every table was generated
    seed_import: dict[str, Any] | None = None
    # the generation's clock: the `now` its histories end at ([generate] now, else the minute)
    clock: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @property
    def expired(self) -> bool:
        return expired(self.expires)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Lease | None:
        names = {f.name for f in fields(cls)}
        try:
            return cls(**{k: v for k, v in data.items() if k in names})
        except TypeError:
            return None


def expired(expires: str, now: datetime | None = None) -> bool:
    try:
        when = datetime.fromisoformat(expires)
    except ValueError:
        return True
    return (now or datetime.now(UTC)) >= when


def file_hash(path: Path) -> str:
    """The file's SHA-256, or "" when it is missing, unreadable or no regular file (a named
    pipe is opened without waiting for a writer, and never read)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError:
        return ""
    with os.fdopen(fd, "rb") as handle:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return ""
        try:
            return hashlib.sha256(handle.read()).hexdigest()
        except OSError:
            return ""


def read_lease(state_dir: Path) -> Lease | None:
    data = read_json(state_dir / LEASE_FILE)
    return Lease.from_dict(data) if isinstance(data, dict) else None


def lease_info(state_dir: Path) -> dict[str, Any] | None:
    """.workbench/lease.json as recorded, with `expired` added (None before the first build)."""
    data = read_json(state_dir / LEASE_FILE)
    if not isinstance(data, dict):
        return None
    lease = Lease.from_dict(data)
    if lease is not None:
        data["expired"] = lease.expired
    return data


def write_lease(state_dir: Path, lease: Lease) -> None:
    atomic_write_json(state_dir / LEASE_FILE, lease.to_dict())


def new_lease(
    *,
    previous: Lease | None,
    run_id: str,
    database: str,
    target: str,
    root: Path,
    schema_path: Path,
    schema_fingerprint: str | None,
    database_fingerprint: str | None,
    migrations_hash: str | None,
    seed: int | None,
    rows: int | None,
    config_hash: str,
    snapshot_id: str | None,
    capabilities: list[str],
    lifetime: str,
    lifetime_seconds: int,
    built_by: str,
    seed_source: str = "config",
    seed_import: dict[str, Any] | None = None,
    clock: str | None = None,
) -> Lease:
    """A fresh lease for a newly built environment; the sandbox id survives while the
    database name stays the same (it names the sandbox, not one build of it)."""
    now = datetime.now(UTC)
    revision, dirty = git_revision(root)
    sandbox_id = (
        previous.sandbox_id
        if previous is not None and previous.database == database and previous.sandbox_id
        else f"sb-{uuid.uuid4().hex[:12]}"
    )
    return Lease(
        sandbox_id=sandbox_id,
        run_id=run_id,
        database=database,
        target=target,
        git_revision=revision,
        git_dirty=dirty,
        schema_file=str(schema_path),
        schema_file_hash=file_hash(schema_path),
        schema_fingerprint=schema_fingerprint,
        database_fingerprint=database_fingerprint,
        migrations_hash=migrations_hash,
        seed=seed,
        rows=rows,
        config_hash=config_hash,
        snapshot_id=snapshot_id,
        capabilities=list(capabilities),
        created=now.isoformat(timespec="seconds"),
        expires=(now + timedelta(seconds=lifetime_seconds)).isoformat(timespec="seconds"),
        lifetime=lifetime,
        built_by=built_by,
        seed_source=seed_source,
        seed_import=seed_import,
        clock=clock,
    )


def lease_setting_value(lease: Lease) -> str:
    """What the database records about its lease: who owns it and until when."""
    return f"{lease.sandbox_id} {lease.expires}"


def parse_lease_setting(value: str) -> tuple[str, str] | None:
    parts = value.split(" ", 1)
    return (parts[0], parts[1]) if len(parts) == 2 else None
