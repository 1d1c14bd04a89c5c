"""The progress view of a long engine operation (generate, reset): phase, overall and per-table
bars, rows/s, ETA and an event log, plus the thread worker that runs the operation.

The view knows nothing of the engine: it runs a *job*, a callable taking an event sink and a
cancel token (`lambda on_event, cancel: engine.generate(on_event=on_event, cancel=cancel)`).
The worker thread only posts messages; every widget change happens in the handlers."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import Label, ProgressBar, RichLog, Static
from textual.worker import Worker, WorkerState

from workbench.errors import Cancelled
from workbench.events import (
    CancelToken,
    Event,
    EventSink,
    Info,
    PhaseChanged,
    PlanReady,
    RowsWritten,
    TableDone,
    TableStarted,
)
from workbench.events import Warning as EngineWarning

Job = Callable[[EventSink, CancelToken], Any]


def _eta(seconds: float | None) -> str:
    if seconds is None:
        return "—"
    if seconds < 60:
        return f"{seconds:.0f} s"
    return f"{seconds / 60:.1f} min"


@dataclass
class _TableRow:
    total: int
    written: int = 0
    done: bool = False


class ProgressView(Vertical):
    """Runs one job at a time and shows its progress; posts `Finished` when it ends."""

    DEFAULT_CSS = """
    ProgressView { border: round $accent; padding: 0 1; }
    ProgressView #progress-phase { height: auto; }
    ProgressView .progress-line { height: 1; }
    ProgressView .progress-line Label { width: 22; }
    ProgressView .progress-line ProgressBar { width: 1fr; }
    ProgressView .progress-line ProgressBar > Bar { width: 1fr; }
    ProgressView .progress-line .rate { width: 24; text-align: right; }
    ProgressView #progress-tables { height: auto; max-height: 12; }
    ProgressView RichLog { height: 1fr; min-height: 4; border-top: solid $panel; }
    """

    class EngineEvent(Message):
        """One engine event, carried from the worker thread to the event loop."""

        def __init__(self, event: Event) -> None:
            super().__init__()
            self.event = event

        def can_replace(self, message: Message) -> bool:
            # A newer rows-written update for the same table supersedes this one, so a fast
            # generation never floods the queue.
            return (
                isinstance(self.event, RowsWritten)
                and isinstance(message, ProgressView.EngineEvent)
                and isinstance(message.event, RowsWritten)
                and message.event.table == self.event.table
            )

    class Finished(Message):
        """The job ended: outcome is "done", "cancelled" or "failed"."""

        def __init__(
            self, kind: str, outcome: str, result: Any = None, error: BaseException | None = None
        ) -> None:
            super().__init__()
            self.kind = kind
            self.outcome = outcome
            self.result = result
            self.error = error

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.border_title = "Progress"
        self.kind: str | None = None
        self.running = False
        self.phase = ""
        self._token: CancelToken | None = None
        self._tables: dict[str, _TableRow] = {}
        self._lines: dict[str, tuple[ProgressBar, Static]] = {}
        self._rate = 0.0

    def compose(self) -> ComposeResult:
        yield Static(
            Text("Nothing running. g generates, r resets.", style="dim"), id="progress-phase"
        )
        with Horizontal(classes="progress-line"):
            yield Label("overall", id="overall-label")
            yield ProgressBar(total=1, show_eta=False, id="overall-bar")
            yield Static("", classes="rate", id="overall-rate")
        yield VerticalScroll(id="progress-tables")
        yield RichLog(id="progress-log", max_lines=500, wrap=True, markup=False)

    # --- starting and cancelling ------------------------------------------------------------

    def start(self, kind: str, job: Job) -> None:
        """Run `job` in a thread worker (kind "generate" or "reset", the worker's group)."""
        if self.running:
            raise RuntimeError(f"a {self.kind} is already running")
        self.kind = kind
        self.running = True
        self._token = CancelToken()
        self._reset_display(kind)
        if kind == "reset":
            self._reset_worker(job, self._token)
        else:
            self._generate_worker(job, self._token)

    def cancel(self) -> bool:
        """Ask the running job to stop: between batches, and the running statement at once.

        The worker itself is not cancelled: a thread cannot be interrupted, and marking it
        cancelled while it still writes would let a new run start beside it. It ends on its
        own (raising Cancelled) and then reports `Finished("cancelled")`."""
        if not self.running or self._token is None:
            return False
        self._token.cancel()
        self.query_one(RichLog).write(Text("cancelling…", style="bold yellow"))
        self._set_phase(Text.assemble((self.phase, "bold"), ("  cancelling…", "yellow")))
        return True

    def on_unmount(self) -> None:
        if self._token is not None:
            self._token.cancel()  # leaving the app: let the engine stop promptly

    @work(thread=True, exclusive=True, exit_on_error=False, group="generate")
    def _generate_worker(self, job: Job, token: CancelToken) -> Any:
        return job(self._post_event, token)

    @work(thread=True, exclusive=True, exit_on_error=False, group="reset")
    def _reset_worker(self, job: Job, token: CancelToken) -> Any:
        return job(self._post_event, token)

    def _post_event(self, event: Event) -> None:
        """The engine's event sink (called on the worker's thread)."""
        self.post_message(self.EngineEvent(event))

    # --- display ----------------------------------------------------------------------------

    def _reset_display(self, kind: str) -> None:
        self.border_title = kind.capitalize()
        self.phase = "starting"
        self._tables.clear()
        self._lines.clear()
        self._rate = 0.0
        self.query_one("#progress-tables", VerticalScroll).remove_children()
        self.query_one("#overall-bar", ProgressBar).update(total=1, progress=0)
        self.query_one("#overall-rate", Static).update("")
        self.query_one(RichLog).clear()
        self._set_phase(Text.assemble((f"{kind}: ", "bold"), ("starting…", "italic")))

    def _set_phase(self, text: Text) -> None:
        self.query_one("#progress-phase", Static).update(text)

    def _log(self, text: str | Text) -> None:
        self.query_one(RichLog).write(text)

    def _update_overall(self) -> None:
        total = sum(r.total for r in self._tables.values()) or 1
        written = sum(r.written for r in self._tables.values())
        self.query_one("#overall-bar", ProgressBar).update(total=total, progress=written)
        remaining = total - written
        eta = remaining / self._rate if self._rate > 0 else None
        rate = f"{self._rate:,.0f} rows/s" if self._rate else ""
        self.query_one("#overall-rate", Static).update(
            f"{rate}  ETA {_eta(eta)}" if self.running and remaining else rate
        )
        self._set_phase(
            Text.assemble(
                (f"{self.kind}: ", "bold"),
                ("phase ", "dim"),
                (self.phase, "bold cyan"),
                ("   ", ""),
                (f"{written:,} / {total:,} rows", ""),
            )
        )

    @on(EngineEvent)
    def _on_engine_event(self, message: EngineEvent) -> None:
        event = message.event
        if isinstance(event, PlanReady):
            lines = self.query_one("#progress-tables", VerticalScroll)
            rows = []
            for table in event.tables:
                self._tables[table["name"]] = _TableRow(total=int(table["rows"]))
                bar = ProgressBar(total=max(int(table["rows"]), 1), show_eta=False)
                rate = Static("", classes="rate")
                self._lines[table["name"]] = (bar, rate)
                name = table["name"].removeprefix("public.")
                rows.append(Horizontal(Label(name), bar, rate, classes="progress-line"))
            lines.mount_all(rows)
            self._log(f"plan: {len(event.tables)} tables, {event.total_rows:,} rows")
            self._update_overall()
        elif isinstance(event, PhaseChanged):
            self.phase = event.phase
            self._log(Text(f"phase: {event.phase} {event.detail}".rstrip(), style="cyan"))
            self._update_overall()
        elif isinstance(event, TableStarted):
            self._log(f"{event.table}: {event.rows:,} rows…")
        elif isinstance(event, RowsWritten):
            row = self._tables.setdefault(event.table, _TableRow(total=event.total))
            row.written = event.written
            self._rate = event.rows_per_second or self._rate
            self._update_table(event.table, event.written, event.total, event.rows_per_second)
            self._update_overall()
        elif isinstance(event, TableDone):
            row = self._tables.setdefault(event.table, _TableRow(total=event.rows))
            row.written, row.done = row.total, True
            speed = event.rows / event.seconds if event.seconds > 0 else 0.0
            self._update_table(event.table, row.total, row.total, speed)
            self._log(f"{event.table}: {event.rows:,} rows in {event.seconds:.2f} s")
            self._update_overall()
        elif isinstance(event, EngineWarning):
            self._log(Text(f"warning: {event.message}", style="yellow"))
        elif isinstance(event, Info):
            self._log(Text(event.message, style="dim"))

    def _update_table(self, name: str, written: int, total: int, rate: float) -> None:
        line = self._lines.get(name)
        if line is None:  # a table the plan did not announce: the overall bar still moves
            return
        bar, label = line
        bar.update(total=max(total, 1), progress=written or int(not total))
        label.update(f"{rate:,.0f} rows/s" if rate else "")

    @on(Worker.StateChanged)
    def _on_worker_state(self, event: Worker.StateChanged) -> None:
        if event.worker.group not in ("generate", "reset"):
            return
        event.stop()  # handled here; the screen hears about it through Finished
        kind = self.kind or event.worker.group
        if event.state == WorkerState.SUCCESS:
            self._finish(kind, "done", result=event.worker.result)
        elif event.state == WorkerState.ERROR:
            error = event.worker.error
            outcome = "cancelled" if isinstance(error, Cancelled) else "failed"
            self._finish(kind, outcome, error=error)
        elif event.state == WorkerState.CANCELLED:
            self._finish(kind, "cancelled")

    def _finish(
        self, kind: str, outcome: str, result: Any = None, error: BaseException | None = None
    ) -> None:
        self.running = False
        self._token = None
        if outcome == "done":
            for name, row in self._tables.items():
                row.written = row.total
                self._update_table(name, row.total, row.total, 0.0)
            self.phase = "done"
            self._update_overall()
            seconds = result.get("seconds") if isinstance(result, dict) else None
            took = f" in {seconds:.1f} s" if isinstance(seconds, (int, float)) else ""
            self._set_phase(Text.assemble((f"{kind}: ", "bold"), (f"done{took}", "bold green")))
            self._log(Text(f"{kind} done{took}", style="bold green"))
        elif outcome == "cancelled":
            self._set_phase(
                Text.assemble((f"{kind}: ", "bold"), ("cancelled", "bold yellow"), " (phase ")
                + Text(f"{self.phase})")
            )
            self._log(Text(str(error) if error else f"{kind} cancelled", style="bold yellow"))
        else:
            self._set_phase(Text.assemble((f"{kind}: ", "bold"), ("failed", "bold red")))
            self._log(Text(f"failed: {getattr(error, 'title', 'error')}", style="bold red"))
        self.post_message(self.Finished(kind, outcome, result, error))

    @property
    def overall_progress(self) -> float:
        """0..100, for tests and the benchmark."""
        bar = self.query_one("#overall-bar", ProgressBar)
        return 100.0 * (bar.progress / bar.total) if bar.total else 0.0
