"""The events a child process prints (`workbench generate --json`) read back as the engine's
event dataclasses, and its last line as the result or the error (workbench/lifecycle/child_run.py:
the TUI runs generate and reset in a child process so its event loop keeps the GIL)."""

from __future__ import annotations

import io
import json

from workbench.errors import Cancelled, WorkbenchError
from workbench.events import (
    Event,
    Info,
    PhaseChanged,
    PlanReady,
    RowsWritten,
    TableDone,
    TableStarted,
    Warning,
    event_from_dict,
)
from workbench.lifecycle.child_run import error_of, read_events

EVENTS: list[Event] = [
    PhaseChanged("schema", "375 tables"),
    PlanReady([{"name": "public.a", "rows": 10}], 10),
    TableStarted("public.a", 10),
    RowsWritten("public.a", 5, 10, 1234.5),
    TableDone("public.a", 10, 0.25, xid="778"),
    Warning("a warning"),
    Info("resuming", {"completed": ["public.a"]}),
]


def test_every_event_survives_its_json_line() -> None:
    for event in EVENTS:
        assert event_from_dict(json.loads(json.dumps(event.to_dict()))) == event
    assert event_from_dict({"event": "Nope"}) is None
    assert event_from_dict({"event": "TableStarted", "unknown": 1}) is None


def test_the_stream_gives_events_then_the_result_or_the_error() -> None:
    lines = [json.dumps(e.to_dict()) for e in EVENTS]
    lines += ["not json", "[1]", json.dumps({"event": "Done", "rows": 10, "seconds": 1.5})]
    seen: list[Event] = []
    result, error = read_events(io.StringIO("\n".join(lines) + "\n"), seen.append)
    assert seen == EVENTS
    assert result == {"rows": 10, "seconds": 1.5} and error is None

    failed = json.dumps({"error": {"title": "schema apply failed", "message": "m", "exit_code": 1}})
    result, error = read_events(io.StringIO(failed + "\n"), seen.append)
    assert result is None and error is not None
    raised = error_of(error)
    assert type(raised) is WorkbenchError and raised.title == "schema apply failed"
    assert str(raised) == "m"
    assert isinstance(error_of({"title": "cancelled", "message": "stopped"}), Cancelled)
