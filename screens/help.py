"""`?`: keys and screens at a glance."""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table as RichTable
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

KEYS: list[tuple[str, str, str]] = [
    ("main", "↑ ↓ ← → enter", "move in the schema tree, open and close tables"),
    ("main", "g", "generate: create the tables and fill them (progress on the right)"),
    ("main", "c / esc", "cancel the running generate or reset (stops between batches)"),
    ("main", "r", "reset the sandbox (greyed while a generation runs)"),
    ("main", "e", "edit the selected table's rows or column's generator, saved to sandbox.toml"),
    ("main", "d", "distributions: planned vs actual values of a column"),
    ("main", "p", "switch the right-hand pane between details and progress"),
    ("main", "F5", "reload schema, estimate, target status and row counts"),
    ("any", "o", "doctor: checks of the machine and the sandbox"),
    ("any", "ctrl+p", "command palette: every action by name"),
    ("any", "?", "this help"),
    ("any", "q", "quit (a running generation is cancelled first)"),
    ("distributions", "enter", "chart the highlighted column"),
    ("distributions", "x", "export the reviewed columns as a Markdown report"),
    ("distributions", "esc", "back to the main screen"),
]


class HelpScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,question_mark,q", "dismiss", "Close", id="help.close")
    ]
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > VerticalScroll {
        width: 90; max-width: 95%; height: auto; max-height: 90%;
        border: thick $primary; background: $surface; padding: 1 2;
    }
    """

    def compose(self) -> ComposeResult:
        table = RichTable(box=None, padding=(0, 2), header_style="bold")
        table.add_column("screen", style="dim")
        table.add_column("key", style="bold cyan")
        table.add_column("does")
        for screen, key, does in KEYS:
            table.add_row(screen, key, does)
        with VerticalScroll():
            yield Static(Text("sandbox workbench: keys", style="bold"))
            yield Static(table)
            yield Static(
                Text(
                    "\nThe tree shows each column's type, keys (PK FK UQ CHECK) and the generator "
                    "it will use (bold: declared in sandbox.toml). Tables show planned and "
                    "actual row counts. Nothing is written until you press g or r.",
                    style="dim",
                )
            )
