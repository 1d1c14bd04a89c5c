"""The schema tree's filter line: `/` opens it, typing narrows the tree, esc clears it.

While it is open for typing, what is typed goes to it even when another pane has the focus
(MainScreen.on_key): typing "price" after a click on the tree filters by "price" rather than
pressing p, r, i, c and e. Enter (or ↓) keeps the filter as a dimmed line and gives the keys
back to the panes; `/` or a click edits it again."""

from __future__ import annotations

from typing import ClassVar

from textual.binding import BindingType
from textual.message import Message
from textual.widgets import Input

from workbench.screens.keys import bindings, keys_of
from workbench.widgets.find_line import FindLine


class TreeFilter(FindLine):
    """Hidden until opened; posts `Changed` as the user types and `Closed` when done. The
    screen routes keys through `route` (FindLine): `/` opens it at once, and characters
    typed while it is open land in it."""

    BINDINGS: ClassVar[list[BindingType]] = bindings("filter")
    DEFAULT_CSS = """
    TreeFilter.-kept { border: tall $panel; color: $text-muted; }
    """

    class Closed(Message):
        """The user left the filter: `cleared` when esc emptied it."""

        def __init__(self, cleared: bool) -> None:
            super().__init__()
            self.cleared = cleared

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(
            keys_of("main", "filter"), placeholder="filter tables and columns (esc clears)", id=id
        )

    @property
    def typing(self) -> bool:
        """Open for typing (not kept after enter)."""
        return self.has_class("-open") and not self.has_class("-kept")

    def open(self) -> None:
        self.remove_class("-kept")
        self.border_title = ""
        super().open()

    def on_focus(self) -> None:
        self.remove_class("-kept")
        self.border_title = ""

    def action_keep(self) -> None:
        """↓ in the filter: keep it, as enter does."""
        self._keep()

    def action_clear(self) -> None:
        self.close()
        self.post_message(self.Closed(cleared=True))

    def close(self) -> None:
        """Empty and hide (the filter was cleared elsewhere)."""
        with self.prevent(Input.Changed):
            super().close()
        self.remove_class("-kept")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()  # enter keeps the filter and goes back to the tree
        self._keep()

    def _keep(self) -> None:
        if self.value:
            self.add_class("-kept")
            self.border_title = "filter kept: / edits it, esc clears it"
        else:
            self.remove_class("-open")
        self.post_message(self.Closed(cleared=False))
