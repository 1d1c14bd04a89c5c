"""F1 or `?`: the keys, those of the focused pane first, and how to close the help."""

from __future__ import annotations

from typing import ClassVar

from rich.console import Group, RenderableType
from rich.table import Table as RichTable
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.dom import DOMNode
from textual.screen import ModalScreen
from textual.strip import Strip
from textual.widget import Widget

from workbench.screens.held_keys import HoldsLetters
from workbench.screens.keys import KEYS, bindings, help_rows
from workbench.widgets.rendered_once import RenderedOnce
from workbench.widgets.vim import VimScroll


def focused_scopes(focused: Widget | None, screen: DOMNode) -> tuple[str, set[str]]:
    """(a name for the focused pane, the key scopes its widgets bind): the focused widget and
    its containers up to the screen."""
    ids: set[str] = set()
    name = ""
    node: DOMNode | None = focused
    while node is not None and node is not screen:
        for cls in type(node).__mro__:
            for binding in cls.__dict__.get("BINDINGS", ()):
                if isinstance(binding, Binding) and binding.id:
                    ids.add(binding.id)
        if not name and isinstance(node, Widget) and node.border_title:
            name = str(node.border_title)
        node = node.parent
    scopes = {k.scope for k in KEYS if k.id in ids}
    if "tree" in scopes:
        name = name or "schema tree"
    return name or (type(focused).__name__ if focused else ""), scopes


class HelpScreen(HoldsLetters, ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = bindings("help")
    DEFAULT_CSS = """
    /* opaque: a see-through modal renders the whole screen below again at every paint */
    HelpScreen { align: center middle; background: $background; }
    HelpScreen > VerticalScroll {
        width: 100; max-width: 95%; height: auto; max-height: 90%;
        border: thick $primary; background: $surface; padding: 1 2;
    }
    """

    # the help's lines for each focused pane and width, kept across opens (the keys are fixed)
    _drawn: ClassVar[dict[tuple[str, frozenset[str]], dict[int, list[Strip]]]] = {}

    def __init__(self, focused: tuple[str, set[str]] = ("", set())) -> None:
        super().__init__()
        self.pane, self.scopes = focused

    def _table(self, rows: list[tuple[str, str, str]]) -> RichTable:
        table = RichTable(box=None, padding=(0, 2), header_style="bold")
        table.add_column("where", style="dim")
        table.add_column("key", style="bold cyan")
        table.add_column("does")
        for where, key, does in rows:
            table.add_row(where, key, does)
        return table

    def compose(self) -> ComposeResult:
        rows = help_rows()
        scoped = {(k.where, k.display, k.does) for k in KEYS if k.scope in self.scopes}
        here = [r for r in rows if r in scoped]
        rest = [r for r in rows if r not in scoped]
        parts: list[RenderableType] = [
            Text.assemble(
                ("sandbox workbench: keys", "bold"),
                (" — esc, F1, ? or q closes this help; j k or ↑ ↓ scroll", "dim"),
            )
        ]
        if here:
            parts += [
                Text(f"\nthe focused pane ({self.pane})", style="bold"),
                self._table(here),
                Text("\neverywhere else", style="bold"),
            ]
        parts += [
            self._table(rest),
            Text(
                "\nThe tree shows each column's type, keys (PK FK UQ CHECK) and the generator "
                "it will use (bold: declared in sandbox.toml). Tables show planned and "
                "actual row counts. Nothing is written until you press ctrl+g or ctrl+r, "
                "and both ask first when the sandbox holds changes they would replace.",
                style="dim",
            ),
        ]
        with VimScroll():
            # rendered once per width, not at every layout and paint (widgets/rendered_once.py)
            drawn = self._drawn.setdefault((self.pane, frozenset(self.scopes)), {})
            yield RenderedOnce(Group(*parts), drawn)

    def on_mount(self) -> None:
        self.query_one(VimScroll).focus()

    def on_resize(self, event: events.Resize) -> None:
        # Textual sends a newly shown screen a Resize to the size it has just been laid out
        # and painted at, and lays it out and paints it again for it, with the screen below
        # (375 tables on musicbrainz): a terminal that changes size goes on as usual.
        if event.size == self.region.size:
            event.prevent_default()
