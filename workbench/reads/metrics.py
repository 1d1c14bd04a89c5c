"""`workbench metrics`: the recovery figures, computed from the evidence log and the runs' leases.

Nothing is measured here: every figure comes from what the runs recorded in
`.workbench/evidence.jsonl` (records/evidence.py) and from `.workbench/runs/*/lease.json`:

- **clone** and **restore** durations by snapshot size (percentiles): the `clone` phase of
  `run start` (a new copy), and of a fast `reset` and `run reset` (back to the snapshot), told
  apart by the size of the snapshot they copied (`snapshot_bytes`);
- **runs**: starts (whole, percentiles), resets, ends, failed starts, live and expired leases;
- **migrations**: each file's `migrate` phase (duration, outcome) and the stage at which runs
  with migrations failed (`migrate`, `verify migrations`), with file and line;
- **leaks** found and repaired by `run gc`, by kind; and those waiting in the leases now;
- **fingerprint mismatches**: clones whose catalog did not match the snapshot's (`mismatch`),
  and generates whose result differed from schema.sql (a reset with migrations differs on
  purpose, and is not counted);
- **resume**: after a generate was interrupted (killed, failed, cancelled), how often the next
  one resumed and ended verified;
- **recovery**: the time from a failed step to a verified equivalent environment (the
  `recovery` a verified run records after failed or interrupted ones).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from workbench.access.run_lease import READY, RunLease, list_run_leases
from workbench.config.values import duration_seconds
from workbench.errors import UsageError
from workbench.records.evidence import RunSummary, parse_iso, read_records, summarise

# Snapshot sizes are told apart by powers of ten: a clone's time grows with what it copies.
SIZE_BUCKETS: tuple[tuple[float, str], ...] = (
    (10e6, "< 10 MB"),
    (100e6, "10–100 MB"),
    (1e9, "100 MB–1 GB"),
    (math.inf, "≥ 1 GB"),
)
FAILED = ("failed", "interrupted", "cancelled")
MIGRATION_STAGES = ("migrate", "verify migrations")
_RECENT = 5


def since_time(text: str | None, now: datetime | None = None) -> datetime | None:
    """`--since`: a duration back from now ("24h", "7d") or a UTC date or time
    ("2026-12-01", "2026-12-01T08:00")."""
    if text is None:
        return None
    now = now or datetime.now(UTC)
    try:
        return now - timedelta(seconds=duration_seconds(text))
    except ValueError:
        pass
    try:
        when = datetime.fromisoformat(text)
    except ValueError:
        raise UsageError(
            f"--since {text[:40]!r}: expected a duration back from now (90m, 24h, 7d) or a date "
            "or time (2026-12-01, 2026-12-01T08:00, UTC unless it says otherwise)."
        ) from None
    return when if when.tzinfo is not None else when.replace(tzinfo=UTC)


def percentiles(values: Iterable[float]) -> dict[str, Any]:
    """count, p50, p90, p99 (nearest rank) and max of `values`, in seconds."""
    ordered = sorted(values)
    if not ordered:
        return {"count": 0}

    def rank(p: float) -> float:
        return round(ordered[max(0, math.ceil(p * len(ordered)) - 1)], 4)

    return {
        "count": len(ordered),
        "p50": rank(0.50),
        "p90": rank(0.90),
        "p99": rank(0.99),
        "max": round(ordered[-1], 4),
    }


def size_bucket(size: Any) -> str:
    if not isinstance(size, int | float):
        return "size unknown"
    return next(label for bound, label in SIZE_BUCKETS if size < bound)


def _by_size(phases: list[dict[str, Any]]) -> list[dict[str, Any]]:
    groups: dict[str, list[float]] = {}
    for phase in phases:
        detail = phase.get("detail") or {}
        groups.setdefault(size_bucket(detail.get("snapshot_bytes")), []).append(
            float(phase.get("seconds") or 0)
        )
    order = [label for _, label in SIZE_BUCKETS] + ["size unknown"]
    return [{"size": label, **percentiles(groups[label])} for label in order if label in groups]


def _phases(runs: list[RunSummary], commands: tuple[str, ...], name: str) -> list[dict[str, Any]]:
    return [p for r in runs if r.command in commands for p in r.phases if p.get("phase") == name]


def _fast_resets(runs: list[RunSummary]) -> list[RunSummary]:
    return [r for r in runs if r.command == "reset" and r.end.get("path") == "fast"]


def _clones(runs: list[RunSummary]) -> dict[str, Any]:
    starts = _phases(runs, ("run start",), "clone")
    restores = _phases(runs, ("run reset",), "clone") + _phases(
        _fast_resets(runs), ("reset",), "clone"
    )
    ok = [p for p in starts if p.get("outcome") == "ok"]
    back = [p for p in restores if p.get("outcome") == "ok"]
    return {
        "clone": {"by_size": _by_size(ok), "failed": len(starts) - len(ok)},
        "restore": {"by_size": _by_size(back), "failed": len(restores) - len(back)},
    }


def _runs(runs: list[RunSummary], leases: list[RunLease], now: datetime) -> dict[str, Any]:
    starts = [r for r in runs if r.command == "run start"]
    return {
        "started": sum(r.outcome == "ok" for r in starts),
        "start_failed": sum(r.outcome in FAILED for r in starts),
        "start_seconds": percentiles(
            float(r.seconds) for r in starts if r.outcome == "ok" and r.seconds is not None
        ),
        "resets": sum(r.command == "run reset" and r.outcome == "ok" for r in runs),
        "ended": sum(r.command == "run end" and r.outcome == "ok" for r in runs),
        "live": sum(not lease.expired(now) for lease in leases),
        "expired_leases": sum(lease.expired(now) for lease in leases),
    }


def _migrations(runs: list[RunSummary]) -> dict[str, Any]:
    phases = [p for r in runs for p in r.phases if p.get("phase") == "migrate"]
    ok = [float(p.get("seconds") or 0) for p in phases if p.get("outcome") == "ok"]
    failed_runs = [r for r in runs if r.end.get("failed_phase") in MIGRATION_STAGES]
    stages = Counter(str(r.end["failed_phase"]) for r in failed_runs)
    recent = [
        {
            "run_id": r.run_id,
            "command": r.command,
            "at": r.started,
            "stage": r.end.get("failed_phase"),
            **{k: v for k, v in (r.end.get("failed_detail") or {}).items() if k != "statement"},
            "error": str(r.error or "").splitlines()[0][:200] if r.error else None,
        }
        for r in failed_runs[-_RECENT:]
    ]
    return {
        "files_applied": len(ok),
        "files_failed": len(phases) - len(ok),
        "seconds": percentiles(ok),
        "failed_at": dict(stages),
        "recent_failures": recent,
    }


def _leaks(runs: list[RunSummary], leases: list[RunLease], now: datetime) -> dict[str, Any]:
    gcs = [r for r in runs if r.command == "run gc" and r.outcome == "ok"]
    kinds: Counter[str] = Counter()
    for gc in gcs:
        for leak in gc.end.get("leaks") or []:
            if isinstance(leak, dict):
                kinds[str(leak.get("kind"))] += 1
    waiting = Counter(
        "expired" if lease.expired(now) else "owner gone"
        for lease in leases
        if lease.expired(now) or (lease.state == READY and lease.owner.alive() is False)
    )
    return {
        "gc_runs": len(gcs),
        "repaired": sum(kinds.values()),
        "by_kind": dict(kinds),
        "waiting": dict(waiting),
    }


def _fingerprints(runs: list[RunSummary]) -> dict[str, Any]:
    mismatched = Counter(
        r.command for r in runs for p in r.phases if p.get("outcome") == "mismatch"
    )
    drift = 0
    for r in runs:
        if r.command not in ("generate", "seed import"):
            continue  # after migrations a sandbox's schema differs on purpose
        for p in r.phases:
            prints = p.get("fingerprints") or {}
            if p.get("phase") == "verify" and prints.get("schema") and prints.get("database"):
                drift += prints["schema"] != prints["database"]
    return {
        "clone_mismatches": sum(mismatched.values()),
        "by_command": dict(mismatched),
        "schema_drift": drift,
    }


def _resume(runs: list[RunSummary]) -> dict[str, Any]:
    """After an interrupted generate, what the next one did: resumed and verified, started
    over, or failed again."""
    interruptions = resumed = restarted = failed_again = 0
    died_in: Counter[str] = Counter()
    pending = False
    for run in runs:
        if run.command != "generate" or run.outcome == "running":
            continue
        if pending:
            if run.outcome == "ok" and run.verified and run.end.get("resumed"):
                resumed += 1
            elif run.outcome == "ok":
                restarted += 1
            else:
                failed_again += 1
        pending = run.outcome in FAILED
        if pending:
            interruptions += 1
            died_in[str(run.phases[-1]["phase"]) if run.phases else "start"] += 1
    attempts = resumed + restarted + failed_again
    return {
        "interruptions": interruptions,
        "interrupted_in": dict(died_in),
        "attempts": attempts,
        "resumed": resumed,
        "started_over": restarted,
        "failed_again": failed_again,
        "success_rate": round(resumed / attempts, 4) if attempts else None,
    }


def _recovery(runs: list[RunSummary]) -> dict[str, Any]:
    recovered = [r for r in runs if isinstance(r.recovery, dict)]
    seconds = [float(r.recovery.get("seconds") or 0) for r in recovered if r.recovery]
    phases = Counter(str((r.recovery or {}).get("failed_phase")) for r in recovered)
    recent = [
        {
            "run_id": r.run_id,
            "command": r.command,
            "from_run": (r.recovery or {}).get("from_run"),
            "failed_phase": (r.recovery or {}).get("failed_phase"),
            "seconds": (r.recovery or {}).get("seconds"),
        }
        for r in recovered[-_RECENT:]
    ]
    return {"seconds": percentiles(seconds), "by_failed_phase": dict(phases), "recent": recent}


def compute(
    records: list[dict[str, Any]],
    leases: list[RunLease],
    *,
    since: datetime | None = None,
    now: datetime | None = None,
) -> dict[str, Any]:
    """Every figure (see the module docstring) over the runs that started at or after `since`."""
    now = now or datetime.now(UTC)
    runs = summarise(records)
    if since is not None:
        cutoff = since.timestamp()
        runs = [r for r in runs if r.started and parse_iso(r.started) >= cutoff]
    return {
        "window": {
            "since": since.isoformat(timespec="seconds") if since else None,
            "runs": len(runs),
            "first": runs[0].started if runs else None,
            "last": runs[-1].started if runs else None,
        },
        **_clones(runs),
        "runs": _runs(runs, leases, now),
        "migrations": _migrations(runs),
        "leaks": _leaks(runs, leases, now),
        "fingerprints": _fingerprints(runs),
        "resume": _resume(runs),
        "recovery": _recovery(runs),
    }


def project_metrics(state_dir: Path, since: str | None = None) -> dict[str, Any]:
    """`compute` over a project's evidence log and its runs' leases (`since` as --since)."""
    return compute(read_records(state_dir), list_run_leases(state_dir), since=since_time(since))
