"""workbench metrics' arithmetic on evidence records as the workbench writes them (the records
of a real scenario are checked in tests/engine/test_runs.py and test_metrics_scenario.py)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from workbench.errors import UsageError
from workbench.reads.metrics import compute, percentiles, since_time, size_bucket
from workbench.records.evidence import pending_failure, summarise

DEAD_PID = 2**22 + 1  # beyond pid_max: no process has it
T0 = datetime(2026, 12, 1, 8, 0, tzinfo=UTC)


def _at(seconds: float) -> str:
    return (T0 + timedelta(seconds=seconds)).isoformat(timespec="milliseconds")


def _run(run_id: str, command: str, start: float, phases: list[dict[str, Any]], end: Any) -> list:
    records: list[dict[str, Any]] = [
        {"record": "start", "run_id": run_id, "command": command, "at": _at(start), "pid": DEAD_PID}
    ]
    for phase in phases:
        records.append({"record": "phase", "run_id": run_id, "command": command, **phase})
    if end is not None:
        records.append({"record": "end", "run_id": run_id, "command": command, **end})
    return records


def _clone(seconds: float, size: int | None, at: float) -> dict[str, Any]:
    return {
        "phase": "clone",
        "at": _at(at),
        "seconds": seconds,
        "outcome": "ok",
        "detail": {"snapshot_bytes": size},
    }


def test_percentiles_and_buckets() -> None:
    assert percentiles([]) == {"count": 0}
    stats = percentiles([float(n) for n in range(1, 101)])
    assert (stats["count"], stats["p50"], stats["p90"], stats["p99"], stats["max"]) == (
        100,
        50.0,
        90.0,
        99.0,
        100.0,
    )
    assert size_bucket(9_999_999) == "< 10 MB" and size_bucket(10_000_000) == "10–100 MB"
    assert size_bucket(5e9) == "≥ 1 GB" and size_bucket(None) == "size unknown"


def test_since() -> None:
    now = datetime(2026, 12, 2, 12, tzinfo=UTC)
    assert since_time("24h", now) == datetime(2026, 12, 1, 12, tzinfo=UTC)
    assert since_time("2026-12-01", now) == datetime(2026, 12, 1, tzinfo=UTC)
    assert since_time(None, now) is None
    with pytest.raises(UsageError, match="--since 'yesterday'"):
        since_time("yesterday", now)


def test_figures_from_a_history() -> None:
    records: list[dict[str, Any]] = []
    # three run starts on a small snapshot, one on a big one, one start killed
    for n, (secs, size) in enumerate([(0.1, 8e6), (0.2, 8e6), (0.3, 8e6), (2.0, 2e8)]):
        records += _run(
            f"s{n}",
            "run start",
            n,
            [_clone(secs, int(size), n)],
            {"outcome": "ok", "seconds": secs + 0.2, "verified": True, "at": _at(n + 1)},
        )
    records += _run("s9", "run start", 9, [_clone(0.1, 8_000_000, 9)], None)
    # a fast reset (restore) and a full one (not a restore)
    records += _run(
        "r1",
        "reset",
        10,
        [_clone(0.5, 8_000_000, 10)],
        {"outcome": "ok", "path": "fast", "verified": True, "at": _at(11)},
    )
    # a generate killed in the data phase, resumed, then one failed and one started over
    records += _run(
        "g1",
        "generate",
        20,
        [{"phase": "data", "at": _at(20), "seconds": 1, "outcome": "ok"}],
        None,
    )
    records += _run(
        "g2",
        "generate",
        30,
        [],
        {
            "outcome": "ok",
            "verified": True,
            "resumed": True,
            "at": _at(35),
            "recovery": {"from_run": "g1", "failed_phase": "data", "seconds": 14.0},
        },
    )
    # a migration failing at file 002, line 3; a later reset recovers
    records += _run(
        "m1",
        "reset",
        40,
        [
            {
                "phase": "migrate",
                "at": _at(40),
                "seconds": 0.2,
                "outcome": "ok",
                "detail": {"file": "001.sql"},
            },
            {
                "phase": "migrate",
                "at": _at(41),
                "seconds": 0.1,
                "outcome": "failed",
                "detail": {"file": "002.sql", "line": 3, "statement": 2},
            },
        ],
        {
            "outcome": "failed",
            "failed_phase": "migrate",
            "error": "migration 002.sql:3 failed",
            "failed_detail": {"file": "002.sql", "line": 3, "statement": 2},
            "at": _at(42),
        },
    )
    records += _run(
        "m2",
        "reset",
        50,
        [],
        {
            "outcome": "ok",
            "verified": True,
            "path": "full",
            "at": _at(60),
            "recovery": {"from_run": "m1", "failed_phase": "migrate", "seconds": 18.0},
        },
    )
    # a clone that did not match; gc repairs
    records += _run(
        "x1",
        "run start",
        70,
        [{"phase": "verify", "at": _at(70), "seconds": 0.01, "outcome": "mismatch"}],
        {"outcome": "failed", "at": _at(71)},
    )
    records += _run(
        "gc1",
        "run gc",
        80,
        [],
        {
            "outcome": "ok",
            "at": _at(81),
            "leaks": [
                {"run": "a", "kind": "expired"},
                {"run": "b", "kind": "expired"},
                {"run": "c", "kind": "start interrupted"},
            ],
        },
    )

    m = compute(records, [], now=T0 + timedelta(hours=1))
    clone = {b["size"]: b for b in m["clone"]["by_size"]}
    assert clone["< 10 MB"]["count"] == 4 and clone["< 10 MB"]["p50"] == 0.1  # s9's clone too
    assert clone["100 MB–1 GB"]["max"] == 2.0
    assert m["restore"]["by_size"] == [
        {"size": "< 10 MB", "count": 1, "p50": 0.5, "p90": 0.5, "p99": 0.5, "max": 0.5}
    ]
    assert m["runs"]["started"] == 4 and m["runs"]["start_failed"] == 2
    assert m["migrations"]["files_applied"] == 1 and m["migrations"]["files_failed"] == 1
    assert m["migrations"]["failed_at"] == {"migrate": 1}
    failure = m["migrations"]["recent_failures"][0]
    assert (failure["file"], failure["line"], failure["stage"]) == ("002.sql", 3, "migrate")
    assert m["leaks"]["repaired"] == 3
    assert m["leaks"]["by_kind"] == {"expired": 2, "start interrupted": 1}
    assert m["fingerprints"]["clone_mismatches"] == 1
    assert m["resume"]["interruptions"] == 1 and m["resume"]["interrupted_in"] == {"data": 1}
    assert m["resume"]["success_rate"] == 1.0
    assert m["recovery"]["seconds"]["count"] == 2 and m["recovery"]["seconds"]["max"] == 18.0
    assert m["recovery"]["by_failed_phase"] == {"data": 1, "migrate": 1}
    later = compute(records, [], since=T0 + timedelta(seconds=45), now=T0 + timedelta(hours=1))
    assert later["window"]["runs"] == 3 and later["migrations"]["failed_at"] == {}
    assert later["recovery"]["seconds"]["count"] == 1  # m2 recovered from a failure before


def test_a_runs_failure_is_not_the_sandboxs() -> None:
    """A failed `run end` (scope run) leaves nothing for the sandbox's next verified run to
    recover from; a failed reset does."""
    records = _run("e1", "run end", 0, [], {"outcome": "failed", "at": _at(1)})
    records[0]["scope"] = "run"
    assert pending_failure(summarise(records)) is None
    records += _run("r1", "reset", 2, [], {"outcome": "failed", "at": _at(3)})
    assert pending_failure(summarise(records)).run_id == "r1"  # type: ignore[union-attr]
