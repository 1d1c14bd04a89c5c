"""What the TUI's status line shows on launch: the last run, the seed, the snapshot's age and
the lease's expiry, all read from .workbench/ (no database, no server started)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from workbench.config.file import Config


@dataclass(frozen=True)
class LaunchStatus:
    last_run: dict[str, Any] | None  # command, outcome, started (ISO) of the newest run
    seed: int
    seed_from: str  # "lease" (the sandbox was built with it) or "sandbox.toml"
    snapshot_created: str | None  # ISO time the snapshot `reset` clones was taken
    lease_expires: str | None
    lease_expired: bool = False


def launch_status(config: Config) -> LaunchStatus:
    from workbench.files.state import SNAPSHOT_FILE, read_json
    from workbench.lifecycle.snapshots import SnapshotInfo
    from workbench.records.evidence import read_records, summarise
    from workbench.records.lease import lease_info

    runs = summarise(read_records(config.state_dir))
    last = runs[-1] if runs else None
    lease = lease_info(config.state_dir) or {}
    snapshot = SnapshotInfo.from_dict(read_json(config.state_dir / SNAPSHOT_FILE))
    seed = lease.get("seed")
    return LaunchStatus(
        last_run=(
            {"command": last.command, "outcome": last.outcome, "started": last.started}
            if last is not None
            else None
        ),
        seed=int(seed) if isinstance(seed, int) else config.sandbox.seed,
        seed_from="lease" if isinstance(seed, int) else "sandbox.toml",
        snapshot_created=snapshot.created if snapshot is not None and snapshot.created else None,
        lease_expires=lease.get("expires") or None,
        lease_expired=bool(lease.get("expired")),
    )


def last_failure_recorded(config: Config) -> dict[str, Any] | None:
    """The newest failed or interrupted build the status line may name, unless a run ended
    well after it (records/evidence.py `last_failure`), as its record: what the TUI's `!`
    reopens after a restart."""
    from workbench.records.evidence import last_failure, read_records, summarise

    run = last_failure(summarise(read_records(config.state_dir)))
    return run.to_dict() if run is not None else None


def age_seconds(iso: str, now: datetime | None = None) -> float | None:
    """Seconds since an ISO time (negative: in the future); None when it does not parse."""
    try:
        when = datetime.fromisoformat(iso)
    except ValueError:
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return ((now or datetime.now(UTC)) - when).total_seconds()
