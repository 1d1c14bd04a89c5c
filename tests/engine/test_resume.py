"""A generation killed at any point (SIGKILL included) resumes to contents identical to an
uninterrupted run; two workbench processes on one sandbox never interleave."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import Cluster, run_cli
from tests.unit.test_lifecycle_helpers import PASSWORD, Sandbox, sandbox, table_hashes
from workbench.events import PhaseChanged, TableDone, TableStarted
from workbench.files.state import read_json
from workbench.generate.base import clock
from workbench.records.evidence import read_records, summarise

BIG = "batch_rows = 2000\n"


def _env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if not k.startswith("PG")}


def _start_generate(box: Sandbox, *extra: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "workbench.cli", "generate", "--yes", "--json", *extra,
         "--config", str(box.config)],
        cwd=box.root,
        env=_env(),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )  # fmt: skip


def _kill_when(proc: subprocess.Popen[str], predicate: Any, timeout: float = 120) -> dict:
    """Read JSON-lines events until `predicate(event)` holds, then SIGKILL the process."""
    assert proc.stdout is not None
    deadline = time.monotonic() + timeout
    for line in proc.stdout:
        event = json.loads(line)
        if predicate(event):
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait(timeout=30)
            return event
        assert time.monotonic() < deadline, "the kill point never came"
    raise AssertionError(f"generation ended before the kill point: {proc.stderr.read()}")  # type: ignore[union-attr]


def _generate(box: Sandbox, *extra: str) -> dict:
    result = run_cli("generate", "--yes", "--json", *extra, "--config", str(box.config),
                     cwd=box.root)  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert PASSWORD not in result.stdout + result.stderr
    return json.loads(result.stdout.splitlines()[-1])


def test_sigkill_mid_table_then_resume_equals_an_uninterrupted_run(
    tmp_path: Path, pg_cluster: Cluster
) -> None:
    with sandbox(tmp_path, pg_cluster, rows=40000, extra=BIG) as box:
        plan_order: list[str] = []

        def mid_a_later_table(event: dict) -> bool:
            # the third table or a later one, caught part-written (a lookup of a few rows is
            # written in one batch: the kill waits for the next table big enough)
            if event["event"] == "PlanReady":
                plan_order.extend(t["name"] for t in event["tables"])
            return (
                event["event"] == "RowsWritten"
                and event["table"] in plan_order[2:]
                and 0 < event["written"] < event["total"]
            )

        killed_at = _kill_when(_start_generate(box), mid_a_later_table)
        at = plan_order.index(killed_at["table"])
        progress = read_json(box.state / "progress.json")
        assert progress["phase"] == "data"
        assert progress["completed"] == plan_order[:at]  # the table being loaded is not

        resumed = _generate(box)  # resuming is the default
        assert resumed["resumed"] is True
        after_resume = table_hashes(box.conninfo)

        fresh = _generate(box, "--no-resume")
        assert fresh["resumed"] is False
        assert table_hashes(box.conninfo) == after_resume
        assert all(after_resume.values()) and len(after_resume) == 4

        runs = summarise(read_records(box.state))
        assert [r.outcome for r in runs] == ["interrupted", "ok", "ok"]
        assert runs[1].recovery is not None and runs[1].recovery["from_run"] == runs[0].run_id


@pytest.mark.parametrize("phase", ["schema", "indexes and constraints", "sequences"])
def test_sigkill_at_a_phase_boundary_then_resume(
    tmp_path: Path, pg_cluster: Cluster, phase: str
) -> None:
    with sandbox(tmp_path, pg_cluster, rows=3000, extra=BIG) as box:
        expected_first = box.engine().generate()  # set-up, in process: the kill is tried
        reference = table_hashes(box.conninfo)
        assert expected_first["verified"]
        _kill_when(
            _start_generate(box, "--no-resume"),
            lambda e: e["event"] == "PhaseChanged" and e["phase"] == phase,
        )
        resumed = _generate(box, "--resume")
        assert resumed["verified"]
        assert table_hashes(box.conninfo) == reference


class _Crash(Exception):
    """Stands in for a crash at one exact point (the database sees a dropped session)."""


def _crash_at(predicate: Any):
    def sink(event: Any) -> None:
        if predicate(event):
            raise _Crash()

    return sink


def test_resume_after_a_crash_in_post_data_partial_or_complete(
    tmp_path: Path, pg_cluster: Cluster
) -> None:
    with sandbox(tmp_path, pg_cluster, rows=2000) as box:
        box.engine().generate(keep_snapshot=False)
        reference = table_hashes(box.conninfo)

        # Post-data complete, sequences not: resume skips post-data, advances sequences.
        with pytest.raises(_Crash):
            box.engine().generate(
                resume=False,
                on_event=_crash_at(
                    lambda e: isinstance(e, PhaseChanged) and e.phase == "sequences"
                ),
            )
        result = box.engine().generate()
        assert result["resumed"] and result["verified"]
        assert table_hashes(box.conninfo) == reference

        # Post-data half applied (an index made, then the crash): resume starts over.
        with pytest.raises(_Crash):
            box.engine().generate(
                resume=False,
                on_event=_crash_at(
                    lambda e: isinstance(e, PhaseChanged) and e.phase == "sequences"
                ),
            )
        with box.connect() as conn:
            conn.execute("DROP INDEX orders_customer_id_idx")
        result = box.engine().generate()
        assert result["resumed"] is False and result["verified"]
        assert table_hashes(box.conninfo) == reference
        with box.connect() as conn:
            assert conn.execute("SELECT to_regclass('orders_customer_id_idx')").fetchone()[0]


def _hour(hour: int) -> type[datetime]:
    """datetime whose now() is 2026-06-30 at `hour` (the run's clock reads it)."""

    class At(datetime):
        @classmethod
        def now(cls, tz: Any = None) -> At:
            return cls(2026, 6, 30, hour, 25, tzinfo=tz)

    return At


def test_a_resumed_run_keeps_the_clock_of_the_run_it_resumes(
    tmp_path: Path, pg_cluster: Cluster, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An interrupted generate resumed in the next hour draws the tables it adds on the
    interrupted run's clock: the sandbox equals an uninterrupted run of that hour."""
    with sandbox(tmp_path, pg_cluster, rows=2000, clock=None) as box:
        monkeypatch.setattr(clock, "datetime", _hour(12))
        started: list[str] = []

        def third_table(event: Any) -> bool:
            if isinstance(event, TableStarted):
                started.append(event.table)
            return len(started) == 3

        with pytest.raises(_Crash):
            box.engine().generate(on_event=_crash_at(third_table))
        monkeypatch.setattr(clock, "datetime", _hour(13))  # resumed in the next hour
        result = box.engine().generate()
        assert result["resumed"] and result["now"].startswith("2026-06-30T12:25"), result
        resumed = table_hashes(box.conninfo)
        monkeypatch.setattr(clock, "datetime", _hour(12))
        fresh = box.engine().generate(resume=False)
        assert not fresh["resumed"] and fresh["now"] == result["now"]
        assert table_hashes(box.conninfo) == resumed


def test_a_crash_during_pre_data_never_trusts_older_progress(
    tmp_path: Path, pg_cluster: Cluster, monkeypatch: pytest.MonkeyPatch
) -> None:
    import workbench.lifecycle.build as apply_module  # where generate finds apply_statements

    with sandbox(tmp_path, pg_cluster, rows=2000) as box:
        # An interrupted run leaves progress: two tables complete.
        done: list[str] = []

        def third_table(event: Any) -> bool:
            if isinstance(event, TableDone):
                done.append(event.table)
            return len(done) == 2

        with pytest.raises(_Crash):
            box.engine().generate(on_event=_crash_at(third_table))
        assert len(read_json(box.state / "progress.json")["completed"]) == 2

        # A fresh run (--no-resume) crashes while applying pre-data...
        original = apply_module.apply_statements

        def crash_in_pre(conn: Any, parsed: Any, phase: str, **kw: Any) -> Any:
            if phase == "pre":
                original(conn, parsed, phase, **kw)
                raise _Crash()
            return original(conn, parsed, phase, **kw)

        monkeypatch.setattr(apply_module, "apply_statements", crash_in_pre)
        with pytest.raises(_Crash):
            box.engine().generate(resume=False)
        monkeypatch.setattr(apply_module, "apply_statements", original)

        # ...so the next run must not "resume" on the older run's completed tables.
        assert read_json(box.state / "progress.json")["phase"] == "pre"
        result = box.engine().generate()
        assert result["resumed"] is False and result["verified"]
        with box.connect() as conn:
            counts = conn.execute(
                "SELECT (SELECT count(*) FROM customers), (SELECT count(*) FROM products)"
            ).fetchone()
        assert counts == (2000, 2000)


def test_two_processes_never_interleave(tmp_path: Path, pg_cluster: Cluster) -> None:
    with sandbox(tmp_path, pg_cluster, rows=40000, extra=BIG) as box:
        first = _start_generate(box)
        assert first.stdout is not None
        for line in first.stdout:  # wait until it is loading
            if json.loads(line)["event"] == "RowsWritten":
                break
        # Stopped while it holds the sandbox's lock, so the two below meet it held however
        # slowly they start (under load the first run used to finish before they asked).
        os.kill(first.pid, signal.SIGSTOP)
        try:
            waiter = _start_generate(box)  # waits for the lock, then runs
            assert waiter.stdout is not None
            events = map(json.loads, waiter.stdout)
            waiting = next(
                (e for e in events if "waiting for the sandbox" in e.get("message", "")), None
            )
            assert waiting is not None, waiter.communicate(timeout=60)[1]
            assert f"workbench generate (pid {first.pid})" in waiting["message"]
            busy = run_cli("generate", "--yes", "--config", str(box.config), cwd=box.root,
                           env={"WORKBENCH_LOCK_WAIT": "0"})  # fmt: skip
        finally:
            os.kill(first.pid, signal.SIGCONT)
        assert busy.returncode == 1, busy.stderr
        assert "sandbox busy" in busy.stderr and f"workbench generate (pid {first.pid})" in (
            busy.stderr
        )
        assert "Traceback" not in busy.stderr
        first.communicate(timeout=300)
        assert first.returncode == 0
        _, err = waiter.communicate(timeout=300)
        assert waiter.returncode == 0, err

        runs = [r for r in summarise(read_records(box.state)) if r.command == "generate"]
        assert len(runs) == 2 and all(r.outcome == "ok" for r in runs)
        assert runs[1].started >= runs[0].end["at"]  # the second started after the first ended
