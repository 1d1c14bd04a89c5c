"""A one-line filter that a key opens (`/`), and that takes what is typed after it.

Two things make typed text land where it is meant to, however busy the screen: the line opens
as soon as its key reaches the screen's `on_key` (a binding's action runs only after the keys
already queued behind it, and a screen busy with a generate or a 375-table schema receives
"/art" in one go, so "art" went to the list and moved its cursor); and while it is open for
typing, a character typed with another widget focused lands in it (`route`).

A word typed with the line closed is a filter, not a row of commands (issue 27: "price" typed
into the tree pressed p, then r opened the Runs screen): the screen holds a bound letter until
the next key shows whether it starts a word (screens/held_keys.py) and opens the line with the
word (`start_word`). The vim keys stay keys."""

from __future__ import annotations

from textual import events
from textual.widgets import Input

# Seconds a letter bound to an action waits for the next key (a typist's 80-250 ms between
# the letters of a word; a letter pressed on its own acts once this has passed).
HOLD = 0.4


class FindLine(Input):
    """Hidden until opened. The screen calls `route(event)` from its `on_key`."""

    DEFAULT_CSS = """
    FindLine { display: none; height: 3; border: tall $accent; }
    FindLine.-open { display: block; }
    """

    def __init__(
        self,
        keys: tuple[str, ...],
        *,
        placeholder: str,
        id: str | None = None,
    ) -> None:
        super().__init__(placeholder=placeholder, id=id, select_on_focus=False)
        self.keys = keys  # the keys that open it (the screen's binding of its filter action)
        self._typing = False

    @property
    def typing(self) -> bool:
        """Open for typing (enter gives the keys back to the screen)."""
        return self._typing and self.has_class("-open")

    def open(self) -> None:
        self.add_class("-open")
        self._typing = True
        self.focus()

    def stop_typing(self) -> None:
        """Enter: the filter stays as it is, the keys go back to the screen."""
        self._typing = False

    def close(self) -> None:
        """Emptied and hidden."""
        self.value = ""
        self.remove_class("-open")
        self._typing = False

    def type_character(self, character: str) -> None:
        """A character typed while another widget had the focus: it lands here."""
        self.focus()
        self.insert_text_at_cursor(character)

    def route(self, event: events.Key) -> bool:
        """Open on one of `keys`, or take a character typed elsewhere while open for
        typing; True when the key was taken (the screen then stops it)."""
        if event.key in self.keys and not self.typing:
            self.open()
        elif self.typing and not self.has_focus and event.is_printable and event.character:
            self.type_character(event.character)
        else:
            return False
        event.prevent_default()
        event.stop()
        return True

    def start_word(self, word: str) -> None:
        """A word typed with the line closed (screens/held_keys.py): the line opens with it,
        or takes it at its end when open."""
        if self.typing:
            self.type_character(word)
            return
        self.open()
        self.value = word
        self.cursor_position = len(word)
