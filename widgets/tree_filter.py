"""The schema tree's filter line: `/` opens it, typing narrows the tree, esc clears it."""

from __future__ import annotations

from typing import ClassVar

from textual.binding import BindingType
from textual.message import Message
from textual.widgets import Input

from workbench.screens.keys import bindings


class TreeFilter(Input):
    """Hidden until opened; posts `Changed` as the user types and `Closed` when done."""

    BINDINGS: ClassVar[list[BindingType]] = bindings("filter")
    DEFAULT_CSS = """
    TreeFilter { display: none; border: tall $accent; height: 3; }
    TreeFilter.-open { display: block; }
    """

    class Closed(Message):
        """The user left the filter: `cleared` when esc emptied it."""

        def __init__(self, cleared: bool) -> None:
            super().__init__()
            self.cleared = cleared

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(placeholder="filter tables and columns (esc clears)", id=id)

    def open(self) -> None:
        self.add_class("-open")
        self.focus()

    def action_clear(self) -> None:
        self.close()
        self.post_message(self.Closed(cleared=True))

    def close(self) -> None:
        """Empty and hide (the filter was cleared elsewhere)."""
        with self.prevent(Input.Changed):
            self.value = ""
        self.remove_class("-open")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()  # enter keeps the filter and goes back to the tree
        if not self.value:
            self.remove_class("-open")
        self.post_message(self.Closed(cleared=False))
