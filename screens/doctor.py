"""`o`: the doctor's checks of the machine and the sandbox, with the fix for each problem."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.message import Message
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Static
from textual.worker import Worker, WorkerState

from workbench.screens.error import WorkerErrors

if TYPE_CHECKING:
    from workbench.engine import Engine
from workbench.screens.keys import bindings

_STATUS_STYLE = {"pass": "bold green", "warn": "bold yellow", "fail": "bold red"}


class DoctorScreen(WorkerErrors, Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = bindings("doctor")
    DEFAULT_CSS = """
    DoctorScreen DataTable { height: 1fr; }
    DoctorScreen #doctor-summary { height: auto; padding: 0 1; }
    """

    class ChecksLoaded(Message):
        def __init__(self, checks: list[dict[str, Any]]) -> None:
            super().__init__()
            self.checks = checks

    def __init__(self, engine: Engine) -> None:
        super().__init__()
        self.engine = engine
        self.checks: list[dict[str, Any]] = []

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(Text("running checks…", style="dim"), id="doctor-summary")
        yield DataTable(id="doctor-table", zebra_stripes=True)
        yield Footer()

    def on_mount(self) -> None:
        self.title = "Doctor"
        self.action_rerun()

    def action_rerun(self) -> None:
        self.query_one(DataTable).loading = True
        self.run_checks()

    @work(thread=True, exclusive=True, exit_on_error=False, group="doctor")
    def run_checks(self) -> None:
        self.post_message(self.ChecksLoaded(self.engine.doctor()))

    @on(ChecksLoaded)
    def _loaded(self, message: ChecksLoaded) -> None:
        self.checks = message.checks
        table = self.query_one(DataTable)
        table.loading = False
        # Columns too: their widths then fit these checks, not the widest of an earlier run.
        table.clear(columns=True)
        table.add_columns("status", "check", "message", "fix")
        for check in message.checks:
            status = str(check.get("status", "?"))
            table.add_row(
                Text(status, style=_STATUS_STYLE.get(status, "")),
                check.get("name", ""),
                check.get("message", ""),
                Text(check.get("fix") or "", style="italic"),
            )
        counts: dict[str, int] = {}
        for check in message.checks:
            counts[str(check.get("status"))] = counts.get(str(check.get("status")), 0) + 1
        summary = "   ".join(f"{n} {s}" for s, n in sorted(counts.items()))
        self.query_one("#doctor-summary", Static).update(Text(summary, style="bold"))

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.state == WorkerState.ERROR:
            self.query_one(DataTable).loading = False
        super().on_worker_state_changed(event)
