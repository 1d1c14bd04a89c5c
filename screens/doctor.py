"""`o`: the doctor's checks of the machine and the sandbox, with the fix for each problem."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.message import Message
from textual.screen import Screen
from textual.widgets import DataTable, Header, Static
from textual.worker import Worker, WorkerState

from workbench.screens.error import WorkerErrors

if TYPE_CHECKING:
    from workbench.engine import Engine
from workbench.screens.held_keys import HoldsLetters
from workbench.screens.keys import bindings
from workbench.widgets.keys_footer import KeysFooter
from workbench.widgets.safe_text import plain
from workbench.widgets.vim import VimDataTable

_STATUS_STYLE = {"pass": "bold green", "warn": "bold yellow", "fail": "bold red"}


def column_widths(checks: list[dict[str, Any]], width: int) -> tuple[int, int, int, int]:
    """(status, check, message, fix) widths filling `width` (each column has one cell of
    padding either side): the fix gets what its longest text needs, up to a third."""
    inner = width - 8 - 2  # cell padding, and room for a vertical scrollbar
    status = 6
    name = min(max((len(str(c.get("name", ""))) for c in checks), default=5), 22)
    longest_fix = max((len(str(c.get("fix") or "")) for c in checks), default=0)
    fix = min(max(longest_fix, 3), max(inner // 3, 12))
    message = max(inner - status - name - fix, 10)
    return status, name, message, fix


class DoctorScreen(HoldsLetters, WorkerErrors, Screen[None]):
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
        yield VimDataTable(id="doctor-table", zebra_stripes=True, cursor_type="row")
        yield KeysFooter()

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
        self.query_one(DataTable).loading = False
        self._render_checks()
        counts: dict[str, int] = {}
        for check in message.checks:
            counts[str(check.get("status"))] = counts.get(str(check.get("status")), 0) + 1
        summary = "   ".join(f"{n} {s}" for s, n in sorted(counts.items()))
        self.query_one("#doctor-summary", Static).update(Text(summary, style="bold"))

    def on_resize(self) -> None:
        if self.checks:
            self._render_checks()

    def _render_checks(self) -> None:
        """The table at the screen's width: message and fix wrap inside their columns (rows
        grow), so the fix is on screen at 80 columns as at 220, however long a path is."""
        table = self.query_one(DataTable)
        widths = column_widths(self.checks, max(self.size.width, 40))
        table.clear(columns=True)
        for label, width in zip(("status", "check", "message", "fix"), widths, strict=True):
            table.add_column(label, width=width)
        for check in self.checks:
            status = str(check.get("status", "?"))
            table.add_row(
                plain(status, _STATUS_STYLE.get(status, "")),
                plain(check.get("name", "")),
                plain(check.get("message", ""), multiline=True),
                plain(check.get("fix") or "", "italic", multiline=True),
                height=None,  # as many lines as the wrapped message or fix needs
            )

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.state == WorkerState.ERROR:
            self.query_one(DataTable).loading = False
        # WorkerErrors' handler runs after this one (Textual calls each class's handler)
