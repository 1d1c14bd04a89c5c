"""`?`: keys and screens at a glance."""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table as RichTable
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from workbench.screens.keys import bindings, help_rows


class HelpScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = bindings("help")
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
        for screen, key, does in help_rows():
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
