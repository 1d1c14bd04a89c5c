"""A long engine command (generate, reset) run in a child process of its own: `workbench
COMMAND --yes --json`, whose JSON-lines events are read back into the engine's event
dataclasses and handed to the caller's sink as they come.

Why: a generate's Python work (drawing and formatting rows) holds the GIL in long stretches;
run in a thread of the TUI it starved the event loop (help took 0.5 s to open, a resize 0.9 s,
during a musicbrainz generate). In a process of its own it cannot.

The child is the CLI, so it does exactly what `workbench generate --yes` does (its own lock,
evidence, snapshot). A cancel is SIGTERM, which the CLI turns into its cancel token (the same
stop between batches and cancel of the running statement as in process). The last line is
the command's result (`{"event": "Done", …}`) or its error (`{"error": {title, message,
exit_code}}`), raised here as a `WorkbenchError` with the same title and message (`Cancelled`
for a cancel)."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import IO, Any

from workbench.errors import Cancelled, WorkbenchError
from workbench.events import CancelToken, EventSink, event_from_dict

# What a child that died without saying why left on stderr, quoted in the error (its end).
STDERR_TAIL_CHARS = 4000


def child_command(config_path: Path, command: list[str]) -> list[str]:
    """The command line of the child: this interpreter, the CLI module, JSON lines."""
    return [
        sys.executable,
        "-m",
        "workbench.cli",
        *command,
        "--yes",
        "--json",
        "--config",
        str(config_path),
    ]


def run_in_child(
    config_path: Path,
    command: list[str],
    on_event: EventSink,
    cancel: CancelToken | None = None,
) -> dict[str, Any]:
    """Run `workbench COMMAND` on `config_path` in a child process; its events go to
    `on_event` (on the calling thread, as they arrive); returns its result."""
    with tempfile.TemporaryFile(mode="w+", encoding="utf-8", errors="replace") as stderr:
        proc = subprocess.Popen(
            child_command(config_path, command),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=stderr,
            text=True,
            encoding="utf-8",
            errors="replace",
            bufsize=1,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
            # its own session: a terminal's signals (ctrl+c in cooked mode) are not its to get;
            # only ours (a cancel) stop it
            start_new_session=True,
        )

        def stop() -> None:
            if proc.poll() is None:
                with contextlib.suppress(ProcessLookupError):
                    proc.send_signal(signal.SIGTERM)

        unregister = cancel.register(stop) if cancel is not None else (lambda: None)
        try:
            result, error = read_events(proc.stdout, on_event)
        finally:
            unregister()
            code = proc.wait()
        if error is not None:
            raise error_of(error)
        if result is not None and code == 0:
            return result
        stderr.seek(0)
        said = stderr.read()[-STDERR_TAIL_CHARS:].strip()
        raise WorkbenchError(
            said or f"`workbench {' '.join(command)}` ended with exit code {code}, saying nothing.",
            title=f"{command[0]} failed",
        )


def read_events(
    stream: IO[str] | None, on_event: EventSink
) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
    """Every line of the child's stdout: events to `on_event`; (its result, its error)."""
    result: dict[str, Any] | None = None
    error: dict[str, Any] | None = None
    if stream is None:
        return result, error
    for line in stream:
        try:
            data = json.loads(line)
        except ValueError:
            continue  # not ours (nothing else should print there)
        if not isinstance(data, dict):
            continue
        if isinstance(data.get("error"), dict):
            error = data["error"]
        elif data.get("event") == "Done":
            result = {k: v for k, v in data.items() if k != "event"}
        else:
            event = event_from_dict(data)
            if event is not None:
                on_event(event)
    return result, error


def error_of(error: dict[str, Any]) -> WorkbenchError:
    title = str(error.get("title") or "error")
    message = str(error.get("message") or "")
    if title in ("cancelled", "interrupted"):
        return Cancelled(message)
    return WorkbenchError(message, title=title)
