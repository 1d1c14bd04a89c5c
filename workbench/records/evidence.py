"""Evidence: one JSON record per run and per phase, appended durably to .workbench/evidence.jsonl.

A run writes a `start` record when it begins (so a run killed outright still leaves a trace and
shows as interrupted), one `phase` record as each phase ends (what, when, how long, counts,
fingerprints, outcome, redacted error) and an `end` record with the run's outcome. When a run
ends with a verified environment after earlier runs failed or were interrupted, its end record
carries `recovery`: the seconds from the first unrecovered failure to now.

Records never hold a password: every error text goes through the guard's redaction first.
"""

from __future__ import annotations

import json
import os
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from workbench.errors import Cancelled, CapabilityRefusal, GuardRefusal
from workbench.files.state import append_json_line, checked_json
from workbench.redact import redact as redact_text

EVIDENCE_FILE = "evidence.jsonl"
SANDBOX = "sandbox"  # the scope of the sandbox's own runs (a run of workbench/fleet/runs.py: "run")
_TAIL_BYTES = 4 * 1024 * 1024  # enough for thousands of runs; older history is not read


def now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def parse_iso(value: str) -> float:
    return datetime.fromisoformat(value).timestamp()


def new_run_id() -> str:
    # Sortable by time, unique across processes.
    return f"{datetime.now(UTC).strftime('%Y%m%dT%H%M%S')}-{uuid.uuid4().hex[:8]}"


def read_records(state_dir: Path) -> list[dict[str, Any]]:
    """The records of the evidence file, oldest first (only its last few MB)."""
    path = state_dir / EVIDENCE_FILE
    try:
        with open(path, "rb") as handle:
            handle.seek(0, os.SEEK_END)
            size = handle.tell()
            handle.seek(max(0, size - _TAIL_BYTES))
            data = handle.read()
    except OSError:
        return []
    lines = data.split(b"\n")
    if size > _TAIL_BYTES:
        lines = lines[1:]  # the first line is probably cut
    records = []
    for line in lines:
        if not line.strip():
            continue
        try:
            raw = json.loads(line)
        except (ValueError, RecursionError):
            continue  # a line torn by a crash mid-write (or nested past reading): skip it
        record, _ = checked_json(path.name, raw)
        if isinstance(record, dict):  # a line the workbench did not write here is skipped
            records.append(record)
    return records


@dataclass
class RunSummary:
    run_id: str
    command: str
    started: str
    outcome: str  # ok, failed, refused, cancelled, interrupted, running
    seconds: float | None
    phases: list[dict[str, Any]] = field(default_factory=list)
    error: str | None = None
    verified: bool = False
    recovery: dict[str, Any] | None = None
    pid: int | None = None
    end: dict[str, Any] = field(default_factory=dict)
    # "sandbox", or "run" for a run's own steps (workbench/fleet/runs.py): a run's failure is not
    # the sandbox's, nor does a run's clone recover the sandbox
    scope: str = SANDBOX
    marks: list[str] = field(default_factory=list)  # moments a run passed (EvidenceRun.mark)

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


def summarise(records: list[dict[str, Any]]) -> list[RunSummary]:
    """Runs in order of start; a run with a start record but no end is `interrupted` (or
    `running` when its process is still alive)."""
    runs: dict[str, RunSummary] = {}
    for record in records:
        run_id = record.get("run_id")
        if not isinstance(run_id, str):
            continue
        kind = record.get("record")
        run = runs.get(run_id)
        if run is None:
            run = RunSummary(
                run_id=run_id,
                command=str(record.get("command", "?")),
                started=str(record.get("at", "")),
                outcome="interrupted",
                seconds=None,
                pid=record.get("pid"),
                scope=str(record.get("scope") or SANDBOX),
            )
            runs[run_id] = run
        if kind == "phase":
            run.phases.append(record)
        elif kind == "mark":
            run.marks.append(str(record.get("mark")))
        elif kind == "end":
            run.outcome = str(record.get("outcome", "?"))
            run.seconds = record.get("seconds")
            run.error = record.get("error")
            run.verified = bool(record.get("verified"))
            run.recovery = record.get("recovery")
            run.end = record
    for run in runs.values():
        if run.outcome == "interrupted" and run.pid and process_alive(run.pid):
            run.outcome = "running"
    return list(runs.values())


def process_alive(pid: int) -> bool:
    """Whether a process of this machine with that pid exists (another user's counts)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def pending_failure(runs: list[RunSummary]) -> RunSummary | None:
    """The first failed or interrupted run of the sandbox since the last run that ended
    verified: the failure a verified run now recovers from."""
    first: RunSummary | None = None
    for run in runs:
        if run.scope != SANDBOX:
            continue
        if run.outcome == "ok" and run.verified:
            first = None
        elif run.outcome in ("failed", "interrupted") and first is None:
            first = run
    return first


def last_failure(runs: list[RunSummary]) -> RunSummary | None:
    """The newest run of the sandbox that failed, was refused or was interrupted, unless a run
    ended well after it (what the TUI's `!` reopens after a restart: the status line names
    it)."""
    last: RunSummary | None = None
    for run in runs:
        if run.scope != SANDBOX:
            continue
        if run.outcome == "ok":
            last = None
        elif run.outcome in ("failed", "refused", "interrupted"):
            last = run
    return last


# The commands that build the sandbox's contents: one that stopped leaves it half made.
BUILDERS = ("generate", "reset", "seed import")


def _left_untouched(run: RunSummary) -> bool:
    """A fast reset that stopped before its clone took the sandbox's place (it marks
    "replacing" first, lifecycle/reset.py): the sandbox is as it was (newbie27 F10). So is
    one whose schema.sql failed and that put the sandbox back ("restored", undo.put_back), and
    a reset that stopped in its plan phase, which only reads (schema.sql not a file)."""
    if "restored" in run.marks:
        return True
    if run.command != "reset" or "replacing" in run.marks:
        return False
    if run.outcome != "interrupted" and {p.get("phase") for p in run.phases} == {"plan"}:
        return True  # stopped deciding (schema.sql unreadable): it changed nothing
    plan = next((p for p in run.phases if p.get("phase") == "plan"), None)
    return bool(plan and (plan.get("detail") or {}).get("fast"))


def incomplete(runs: list[RunSummary]) -> str | None:
    """`incomplete: generate stopped at TABLE (reason)` when the newest run that builds the
    sandbox did not finish and no verified run came after it; None when the sandbox is whole.
    The next `reset` or `generate` recovers."""
    last = stopped_build(runs)
    if last is None:
        return None
    where = _where_stopped(last)
    verb = {"failed": "stopped", "cancelled": "was cancelled", "interrupted": "was interrupted"}
    reason = " ".join((last.error or last.outcome).split())
    if len(reason) > 160:
        reason = reason[:157] + "..."
    return f"incomplete: {last.command} {verb[last.outcome]} {where} ({reason})"


def stopped_build(runs: list[RunSummary]) -> RunSummary | None:
    """The newest run that builds the sandbox and did not finish, when no verified run came
    after it (`incomplete`'s)."""
    last: RunSummary | None = None
    for run in runs:
        if run.scope != SANDBOX:
            continue
        if run.outcome == "ok" and (run.verified or run.command in (*BUILDERS, "undo")):
            last = None  # (an undo brings back the database from before the stopped run)
        elif (
            run.command in BUILDERS
            and run.outcome in ("failed", "cancelled", "interrupted")
            # a failure before any phase changed nothing; a kill may have been anywhere; a
            # refusal (outcome_of) came before the step it refused, whatever phase it was in
            and (run.phases or run.outcome == "interrupted")
            and not _left_untouched(run)
        ):
            last = run
    return last


def mark_run(state_dir: Path, run: RunSummary, moment: str) -> None:
    """Record a moment for a run that ended without saying (a killed one's "restored", found
    later: lifecycle/undo.settle_swap)."""
    append_json_line(
        state_dir / EVIDENCE_FILE,
        {
            "run_id": run.run_id,
            "command": run.command,
            "record": "mark",
            "mark": moment,
            "at": now_iso(),
        },
    )


PHASE_MARK = "phase:"  # the mark a phase leaves when it starts (EvidenceRun.phase)


def _running_phase(run: RunSummary) -> str | None:
    """The phase a killed run was in: the last one that started and left no record."""
    started = [m[len(PHASE_MARK) :] for m in run.marks if m.startswith(PHASE_MARK)]
    if not started:
        return None
    name = started[-1]
    ended = sum(1 for p in run.phases if p.get("phase") == name)
    return name if started.count(name) > ended else None


def _where_stopped(last: RunSummary) -> str:
    failed = next((p for p in reversed(last.phases) if p.get("outcome") != "ok"), None)
    table = ((failed or {}).get("detail") or {}).get("stopped_at")
    running = _running_phase(last) if last.outcome == "interrupted" else None
    if table:
        where = f"at {table}"
    elif failed is not None:
        where = f"in its {failed['phase']} phase"
    elif running is not None:
        where = f"during its {running} phase"
    elif last.phases:
        where = f"after its {last.phases[-1]['phase']} phase"
    else:
        where = "during its first phase"
    return where


def _failure_time(run: RunSummary) -> float:
    """When a run failed: its end, else its last phase record, else its start."""
    if run.end.get("at"):
        return parse_iso(run.end["at"])
    if run.phases and run.phases[-1].get("at"):
        last = run.phases[-1]
        return parse_iso(last["at"]) + float(last.get("seconds") or 0)
    return parse_iso(run.started) if run.started else time.time()


class EvidenceRun:
    """The evidence of one run. Use `phase()` around each step and `finish()` at the end."""

    def __init__(
        self,
        state_dir: Path,
        command: str,
        *,
        redact: Callable[[str], str] = redact_text,
        context: dict[str, Any] | None = None,
        run_id: str | None = None,
    ) -> None:
        self.path = state_dir / EVIDENCE_FILE
        self.state_dir = state_dir
        self.command = command
        self.redact = redact
        self.run_id = run_id or new_run_id()
        self.started_wall = now_iso()
        self.started = time.monotonic()
        self.finished = False
        self.scope = str((context or {}).get("scope") or SANDBOX)
        self.failed_phase: dict[str, Any] | None = None
        self.phase_seconds: dict[str, float] = {}  # the phases that went through, summed
        self._write(
            {
                "record": "start",
                "at": self.started_wall,
                "pid": os.getpid(),
                **(context or {}),
            }
        )

    def _write(self, record: dict[str, Any]) -> None:
        append_json_line(self.path, {"run_id": self.run_id, "command": self.command, **record})

    def error_text(self, err: BaseException) -> str:
        return self.redact(str(err).strip() or type(err).__name__)

    def mark(self, moment: str) -> None:
        """Record that the run passed a moment that matters after a kill ("replacing": a
        fast reset's clone is about to take the sandbox's place)."""
        self._write({"record": "mark", "mark": moment, "at": now_iso()})

    def record_phase(
        self,
        phase: str,
        *,
        started_at: str,
        seconds: float,
        outcome: str = "ok",
        counts: dict[str, Any] | None = None,
        fingerprints: dict[str, Any] | None = None,
        error: str | None = None,
        detail: dict[str, Any] | None = None,
    ) -> None:
        record: dict[str, Any] = {
            "record": "phase",
            "phase": phase,
            "at": started_at,
            "seconds": round(seconds, 4),
            "outcome": outcome,
        }
        if counts:
            record["counts"] = counts
        if fingerprints:
            record["fingerprints"] = fingerprints
        if error is not None:
            record["error"] = self.redact(error)
        if detail:
            record["detail"] = detail
        if outcome != "ok" and self.failed_phase is None:
            self.failed_phase = record
        if outcome == "ok":
            self.phase_seconds[phase] = self.phase_seconds.get(phase, 0.0) + seconds
        self._write(record)

    @contextmanager
    def phase(self, phase: str, **detail: Any) -> Iterator[PhaseRecorder]:
        """Time a step; an exception records it as failed (with the redacted error and the
        recorder's detail, e.g. the failing file) and propagates."""
        recorder = PhaseRecorder(detail=dict(detail))
        at, start = now_iso(), time.monotonic()
        self.mark(f"{PHASE_MARK}{phase}")  # a kill inside it is told where it was
        try:
            yield recorder
        except BaseException as err:
            outcome = outcome_of(err)
            self.record_phase(
                phase,
                started_at=at,
                seconds=time.monotonic() - start,
                outcome=outcome,
                counts=recorder.counts,
                fingerprints=recorder.fingerprints,
                error=self.error_text(err),
                detail=recorder.detail,
            )
            raise
        self.record_phase(
            phase,
            started_at=at,
            seconds=time.monotonic() - start,
            counts=recorder.counts,
            fingerprints=recorder.fingerprints,
            detail=recorder.detail,
        )

    def finish(
        self,
        outcome: str,
        *,
        error: BaseException | None = None,
        verified: bool = False,
        summary: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """Write the end record; a verified ok run measures its recovery from the failure
        before it, if any."""
        if self.finished:
            return {}
        self.finished = True
        record: dict[str, Any] = {
            "record": "end",
            "at": now_iso(),
            "started": self.started_wall,
            "seconds": round(time.monotonic() - self.started, 4),
            "outcome": outcome,
            "verified": verified,
        }
        if error is not None:
            record["error"] = self.error_text(error)
            record["error_type"] = type(error).__name__
            if self.failed_phase is not None:
                record["failed_phase"] = self.failed_phase["phase"]
                if self.failed_phase.get("detail"):
                    record["failed_detail"] = self.failed_phase["detail"]
        if summary:
            record.update(summary)
        if outcome == "ok" and verified and self.scope == SANDBOX:
            runs = [r for r in summarise(read_records(self.state_dir)) if r.run_id != self.run_id]
            failure = pending_failure(runs)
            if failure is not None:
                failed_at = _failure_time(failure)
                record["recovery"] = {
                    "from_run": failure.run_id,
                    "from_command": failure.command,
                    "failure": failure.outcome,
                    "failed_phase": failure.end.get("failed_phase")
                    or (failure.phases[-1]["phase"] if failure.phases else None),
                    "failed_at": datetime.fromtimestamp(failed_at, UTC).isoformat(),
                    "seconds": round(time.time() - failed_at, 3),
                }
        self._write(record)
        return record


@dataclass
class PhaseRecorder:
    """What a phase reports about itself while it runs."""

    detail: dict[str, Any] = field(default_factory=dict)
    counts: dict[str, Any] = field(default_factory=dict)
    fingerprints: dict[str, Any] = field(default_factory=dict)


def outcome_of(err: BaseException) -> str:
    """The outcome a run that raised `err` ends with: cancelled (the user's cancel or ^C),
    refused (the guard or the capabilities said no, before the step they guard: nothing it
    would have changed was changed), or failed."""
    if isinstance(err, Cancelled | KeyboardInterrupt):
        return "cancelled"
    return "refused" if isinstance(err, GuardRefusal | CapabilityRefusal) else "failed"
