"""The progress view of a long engine operation (generate, reset): phase, overall bar, rows/s,
ETA (the estimate's phases still to come included), the table being written with its bar and
rows/s, the slowest tables finished so far, and an event log, plus the thread worker that runs
the operation. A few widgets whatever the schema's size: 375 tables are 375 figures in memory,
not 375 widgets to lay out on every resize.

The view knows nothing of the engine: it runs a *job*, a callable taking an event sink and a
cancel token (`lambda on_event, cancel: engine.generate(on_event=on_event, cancel=cancel)`).
The worker thread only posts messages; every widget change happens in the handlers."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
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
from workbench.printable import printable
from workbench.units import counted, human_seconds
from workbench.widgets.safe_text import plain

Job = Callable[[EventSink, CancelToken], Any]


def _eta(seconds: float | None) -> str:
    if seconds is None:
        return "—"
    if seconds < 60:
        return f"{seconds:.0f} s"
    return f"{seconds / 60:.1f} min"


def _joined(parts: list[str], width: int) -> str:
    """Parts joined by " · ", a new line where the next would not fit (never mid-part)."""
    lines: list[str] = []
    for part in parts:
        if lines and (width <= 0 or len(lines[-1]) + 3 + len(part) <= width):
            lines[-1] += " · " + part
        else:
            lines.append(part)
    return "\n".join(lines)


@dataclass
class _TableRow:
    total: int
    written: int = 0
    done: bool = False
    resumed: bool = False  # complete before this run began (an interrupted run's table)
    seconds: float = 0.0  # the table's own time, once done


# Phases the engine stops in when asked (between batches of rows), and those before them, where
# a cancel stops the run before its rows; any other phase (indexes, snapshot…) runs to its end.
STOPPABLE = ("data", "seed rows")
BEFORE_ROWS = ("starting", "schema")
SLOWEST = 5  # finished tables listed, the slowest first


class ProgressView(Vertical):
    """Runs one job at a time and shows its progress; posts `Finished` when it ends.

    The overall rate is the whole run's (rows written by this run / time since it started),
    never the last batch's: a fast small table must not promise an ETA the big one breaks.
    `clock` is swappable so a snapshot can freeze it."""

    DEFAULT_CSS = """
    ProgressView { border: round $accent; padding: 0 1; }
    ProgressView #progress-phase { height: auto; }
    ProgressView #overall-rate { height: auto; color: $text-muted; }
    ProgressView .progress-line { height: 1; }
    ProgressView .progress-line .progress-name { width: 16; max-width: 40%; }
    ProgressView .progress-line ProgressBar { width: 1fr; }
    ProgressView .progress-line ProgressBar > Bar { width: 1fr; min-width: 4; }
    ProgressView .progress-line .rate { width: 16; text-align: right; }
    ProgressView #current-line { display: none; }
    ProgressView #current-line.-writing { display: block; }
    ProgressView #progress-tables { height: auto; max-height: 40%; }
    ProgressView RichLog { height: 1fr; min-height: 3; border-top: solid $panel; }
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
        self.clock: Callable[[], float] = time.monotonic
        self.overall_rate = 0.0  # rows/s of the whole run so far (the run's record at the end)
        self._token: CancelToken | None = None
        self._tables: dict[str, _TableRow] = {}
        self._current: str | None = None  # the table being written
        self._cancelling = False
        self._started = 0.0
        # the estimate's seconds of each phase of the run (generate), and when the current
        # phase began: the ETA counts what is left of it and the phases after it
        self.phases: dict[str, float] = {}
        self._phase_started = 0.0

    def compose(self) -> ComposeResult:
        yield Static(
            Text("Nothing running. ctrl+g generates, ctrl+r resets.", style="dim"),
            id="progress-phase",
        )
        with Horizontal(classes="progress-line"):
            yield Label("overall", classes="progress-name", id="overall-label")
            yield ProgressBar(total=1, show_eta=False, id="overall-bar")
        yield Static("", id="overall-rate")
        with Horizontal(classes="progress-line", id="current-line"):
            yield Label("", classes="progress-name", id="current-name")
            yield ProgressBar(total=1, show_eta=False, id="current-bar")
            yield Static("", classes="rate", id="current-rate")
        yield Static("", id="progress-tables")
        yield RichLog(id="progress-log", max_lines=500, wrap=True, markup=False, min_width=20)

    def on_mount(self) -> None:
        # The rate and ETA move with time even while one long table sends few events.
        self.set_interval(1.0, self._tick)

    def _tick(self) -> None:
        if self.running and self._tables:
            self._update_overall()

    # --- starting and cancelling ------------------------------------------------------------

    def start(self, kind: str, job: Job, phases: dict[str, float] | None = None) -> None:
        """Run `job` in a thread worker (kind "generate" or "reset", the worker's group);
        `phases`: the estimate's seconds of each phase of the run, for the ETA."""
        if self.running:
            raise RuntimeError(f"a {self.kind} is already running")
        self.kind = kind
        self.running = True
        self.phases = dict(phases or {})
        self._token = CancelToken()
        self._reset_display(kind)
        if kind == "reset":
            self._reset_worker(job, self._token)
        else:
            self._generate_worker(job, self._token)

    def can_stop(self) -> bool:
        """Whether the engine stops in the current phase when asked: while it writes rows
        (between batches), or before it begins to."""
        return self.running and self.phase in (*STOPPABLE, *BEFORE_ROWS)

    def cancel(self) -> bool:
        """Ask the running job to stop: between batches, and the running statement at once.
        False (nothing asked) in a phase that cannot stop: indexes, sequences, snapshot.

        The worker itself is not cancelled: a thread cannot be interrupted, and marking it
        cancelled while it still writes would let a new run start beside it. It ends on its
        own (raising Cancelled) and then reports `Finished("cancelled")`."""
        if not self.running or self._token is None or not self.can_stop():
            return False
        self._token.cancel()
        self._cancelling = True  # said on the phase line until the run has stopped
        self.query_one(RichLog).write(Text("cancelling…", style="bold yellow"))
        self._update_overall()
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
        self._current = None
        self._cancelling = False
        self.overall_rate = 0.0
        self._started = self._phase_started = self.clock()
        self.query_one("#current-line").remove_class("-writing")
        self.query_one("#progress-tables", Static).update("")
        self.query_one("#overall-bar", ProgressBar).update(total=1, progress=0)
        self.query_one("#overall-rate", Static).update("")
        self.query_one(RichLog).clear()
        self._set_phase(Text.assemble((f"{kind}: ", "bold"), ("starting…", "italic")))

    def _set_phase(self, text: Text) -> None:
        self.query_one("#progress-phase", Static).update(text)

    def _log(self, text: str | Text) -> None:
        """Every log line passes here: names and messages carry text from the schema."""
        if isinstance(text, str):
            text = plain(text, multiline=True)
        elif printable(text.plain, multiline=True) != text.plain:
            text = plain(text.plain, str(text.style), multiline=True)
        self.query_one(RichLog).write(text)

    def _counts(self) -> tuple[int, int, int]:
        """(planned rows, rows in place, rows written by this run)."""
        total = sum(r.total for r in self._tables.values())
        written = sum(r.written for r in self._tables.values())
        kept = sum(r.total for r in self._tables.values() if r.resumed)
        return total, written, written - kept

    def _update_overall(self) -> None:
        total, written, this_run = self._counts()
        # done with no table written (a fast reset's clone): the bar is full, not "0%"
        finished = not self._tables and self.phase == "done"
        self.query_one("#overall-bar", ProgressBar).update(
            total=total or 1, progress=1 if finished else written
        )
        if self.running:
            elapsed = self.clock() - self._started
            self.overall_rate = this_run / elapsed if elapsed > 0 else 0.0
        # a fast reset clones the snapshot: no rows are written, none are said ("0 / 0 rows")
        parts = [f"{written:,} / {total:,} rows"] if self._tables else []
        if self.overall_rate > 0:
            parts.append(f"{self.overall_rate:,.0f} rows/s")
        left = self._seconds_left(total - written)
        if self.running and left is not None and left > 0:
            parts.append(f"ETA {_eta(left)}")
        stats = self.query_one("#overall-rate", Static)
        stats.update(_joined(parts, stats.content_size.width))
        if self.running:
            current = (self._current or "").removeprefix("public.")
            self._set_phase(
                Text.assemble(
                    (f"{self.kind}: ", "bold"),
                    (self.phase, "bold cyan"),
                    (f" · {printable(current)}" if current and self.phase == "data" else "", ""),
                    ("  cancelling…" if self._cancelling else "", "yellow"),
                )
            )

    def _seconds_left(self, rows_left: int) -> float | None:
        """What is left of the run: of the current phase (rows left at this run's rate in the
        data phase, else its estimate less the time it has run) and the estimate of each
        phase after it. Without the estimate's phases (a reset), the rows left alone."""
        rate = self.overall_rate
        rows = rows_left / rate if rate > 0 and rows_left > 0 else None
        order = list(self.phases)
        if self.phase not in order:
            return rows if self.phase in (*STOPPABLE, *BEFORE_ROWS) else None
        at = order.index(self.phase)
        if self.phase in STOPPABLE:
            if rows is None:
                return None
            current = rows
        else:
            current = max(self.phases[self.phase] - (self.clock() - self._phase_started), 0.0)
        return current + sum(self.phases[p] for p in order[at + 1 :])

    @on(EngineEvent)
    def _on_engine_event(self, message: EngineEvent) -> None:
        event = message.event
        if isinstance(event, PlanReady):
            self._plan_ready(event)
        elif isinstance(event, PhaseChanged):
            self.phase = event.phase
            self._phase_started = self.clock()
            if event.phase not in STOPPABLE:
                self._current = None
                self.query_one("#current-line").remove_class("-writing")
            self._log(Text(f"phase: {event.phase} {event.detail}".rstrip(), style="cyan"))
            self._update_overall()
        elif isinstance(event, TableStarted):
            self._current = event.table  # logged once, when done: the bar shows it meanwhile
            self._tables.setdefault(event.table, _TableRow(total=event.rows))
            self._update_table(event.table, 0, event.rows, 0.0)
            self._update_overall()
        elif isinstance(event, RowsWritten):
            row = self._tables.setdefault(event.table, _TableRow(total=event.total))
            row.written = event.written
            if not row.done:
                self._current = event.table
            self._update_table(event.table, event.written, event.total, event.rows_per_second)
            self._update_overall()
        elif isinstance(event, TableDone):
            row = self._tables.setdefault(event.table, _TableRow(total=event.rows))
            row.written, row.done, row.seconds = row.total, True, event.seconds
            self._log(f"{event.table}: {event.rows:,} rows in {human_seconds(event.seconds)}")
            speed = event.rows / event.seconds if event.seconds > 0 else 0.0
            # the line keeps it (whole) until the next table starts: no flicker between tables
            self._update_table(event.table, row.total, row.total, speed)
            self._show_tables()
            self._update_overall()
        elif isinstance(event, EngineWarning):
            self._log(Text(f"warning: {event.message}", style="yellow"))
        elif isinstance(event, Info):
            self._log(Text(event.message, style="dim"))
            self._mark_resumed(event.data.get("completed") or [])

    def _plan_ready(self, event: PlanReady) -> None:
        self._tables.clear()  # a reset announces its generation's plan again
        for table in event.tables:
            self._tables[table["name"]] = _TableRow(total=int(table["rows"]))
        tables, rows = counted(len(event.tables), "table"), counted(event.total_rows, "row")
        self._log(f"plan: {tables}, {rows}")
        self._show_tables()
        self._update_overall()

    def _mark_resumed(self, names: list[str]) -> None:
        """Tables an interrupted run completed: done from the start, not counted as this
        run's rows (the engine names them in its "resuming" Info)."""
        for name in names:
            row = self._tables.get(name)
            if row is None or row.done:
                continue
            row.written, row.done, row.resumed = row.total, True, True
            self._log(Text(f"{name}: {row.total:,} rows kept from the interrupted run", "dim"))
        self._show_tables()
        self._update_overall()

    def _update_table(self, name: str, written: int, total: int, rate: float) -> None:
        """The line of the table being written: its name, bar and rows/s."""
        if name != self._current:
            return
        self.query_one("#current-line").add_class("-writing")
        self.query_one("#current-name", Label).update(plain(name.removeprefix("public.")))
        bar = self.query_one("#current-bar", ProgressBar)
        bar.update(total=max(total, 1), progress=written or int(not total))
        self.query_one("#current-rate", Static).update(f"{rate:,.0f} rows/s" if rate else "")

    def slowest(self, count: int = SLOWEST) -> list[tuple[str, _TableRow]]:
        """The tables this run finished, the slowest first."""
        done = [(n, r) for n, r in self._tables.items() if r.done and not r.resumed]
        return sorted(done, key=lambda item: item[1].seconds, reverse=True)[:count]

    def _show_tables(self) -> None:
        """How many tables are done (and kept), then the slowest finished ones."""
        rows = self._tables.values()
        done = sum(1 for r in rows if r.done)
        kept = sum(1 for r in rows if r.resumed)
        text = Text()
        if not self._tables:  # a fast reset clones the snapshot: no table is written
            said = "cloned from the snapshot: no table written" if self.phase == "done" else ""
            self.query_one("#progress-tables", Static).update(Text(said, style="bold"))
            return
        text.append(f"{done:,} of {len(self._tables):,} tables done", style="bold")
        if kept:
            text.append(f" · {kept:,} kept from the interrupted run", style="dim")
        slowest = self.slowest()
        if slowest:
            text.append("\nslowest so far:", style="dim")
        lines = self.query_one("#progress-tables", Static)
        room = lines.content_size.width or 40
        figures = [
            f" {human_seconds(r.seconds):>8} {r.total / r.seconds if r.seconds > 0 else 0:>9,.0f}/s"
            for _, r in slowest
        ]
        names = [printable(n.removeprefix("public.")) for n, _ in slowest]
        width = min(max((len(n) for n in names), default=0), max(room - 20, 6))
        for name, figure in zip(names, figures, strict=True):
            shown = name if len(name) <= width else name[: width - 1] + "…"
            text.append("\n" + shown.ljust(width))
            text.append(figure, style="dim")
        lines.update(text)

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
        self.running = False  # first: no ETA is shown from here on, whatever the outcome
        self._token = None
        if outcome == "done":
            self._finish_done(kind, result if isinstance(result, dict) else {})
        elif outcome == "cancelled":
            self._update_overall()
            self._set_phase(
                Text.assemble((f"{kind}: ", "bold"), ("cancelled", "bold yellow"), " (phase ")
                + Text(f"{self.phase})")
            )
            if self._current is not None:
                row = self._tables.get(self._current)
                at = f" at {row.written:,} of {row.total:,} rows" if row else ""
                self._log(Text(f"{self._current}: stopped{at}, not kept", style="yellow"))
            self._log(Text(str(error) if error else f"{kind} cancelled", style="bold yellow"))
        else:
            self._update_overall()
            self._set_phase(Text.assemble((f"{kind}: ", "bold"), ("failed", "bold red")))
            self._log(Text(f"failed: {getattr(error, 'title', 'error')}", style="bold red"))
        self.post_message(self.Finished(kind, outcome, result, error))

    def _finish_done(self, kind: str, result: dict[str, Any]) -> None:
        for row in self._tables.values():
            if not row.done:
                row.written, row.done = row.total, True
        self.phase = "done"
        self._current = None
        self.query_one("#current-line").remove_class("-writing")
        self._show_tables()
        seconds = result.get("seconds")
        rows = result.get("rows")
        if isinstance(seconds, (int, float)) and seconds > 0 and isinstance(rows, int):
            # The run's own record: its rows (less those an interrupted run had kept) over
            # its duration, so the figure matches `workbench generate`'s.
            kept = sum(r.total for r in self._tables.values() if r.resumed)
            self.overall_rate = (rows - kept) / seconds
        self._update_overall()
        took = f" in {seconds:.1f} s" if isinstance(seconds, (int, float)) else ""
        whole = result.get("run_seconds")
        if (
            isinstance(seconds, (int, float))
            and kind == "generate"
            and isinstance(whole, (int, float))
            and whole > seconds
        ):
            # `seconds` is the rows' part: the estimate's "run" is the whole (newbie27 F6)
            took = f" · rows {seconds:.1f} s · run {whole:.1f} s"
        self._set_phase(Text.assemble((f"{kind}: ", "bold"), (f"done{took}", "bold green")))
        self._log(Text(f"{kind} done{took}", style="bold green"))

    @property
    def overall_progress(self) -> float:
        """0..100, for tests and the benchmark."""
        bar = self.query_one("#overall-bar", ProgressBar)
        return 100.0 * (bar.progress / bar.total) if bar.total else 0.0
