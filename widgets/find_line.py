"""A one-line filter that a key opens (`/`), and that takes what is typed after it.

Two things make typed text land where it is meant to, however busy the screen: the line opens
as soon as its key reaches the screen's `on_key` (a binding's action runs only after the keys
already queued behind it, and a screen busy with a generate or a 375-table schema receives
"/art" in one go, so "art" went to the list and moved its cursor); and while it is open for
typing, a character typed with another widget focused lands in it (`route`).

A word typed with the line closed is a filter, not a row of commands (issue 27: "price" typed
into the tree pressed p, then r opened the Runs screen, where c reclaimed runs): a letter that
no key of the screen takes opens the line with it, and so does a letter typed right behind
another one (a word, WORD_GAP apart at most; the first letter has done what it does, all of
which only moves, shows or opens a screen: screens/keys.py). The vim keys stay keys."""

from __future__ import annotations

from textual import events
from textual.widgets import Input

from workbench.screens.keys import MOVES

# Seconds between two letters of a word typed at speed (a typist's 80-250 ms; a letter
# pressed on its own after a pause is a key).
WORD_GAP = 0.35


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
        moves: frozenset[str] = MOVES,
    ) -> None:
        super().__init__(placeholder=placeholder, id=id, select_on_focus=False)
        self.keys = keys  # the keys that open it (the screen's binding of its filter action)
        self.moves = moves  # letters that move (a page too): never the start of a word
        self._typing = False
        self._last: tuple[str, str, float] | None = None  # the last letter that was a key

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
        elif word := self._word(event):
            self.open()
            self.value = word
            self.cursor_position = len(word)
        else:
            return False
        event.prevent_default()
        event.stop()
        return True

    def _word(self, event: events.Key) -> str | None:
        """The letters to open the line with when `event` starts or continues a word."""
        char = event.character
        if self.typing or not (event.is_printable and char and char.isalpha()):
            self._last = None
            return None
        if event.key in self.moves:
            self._last = None
            return None
        last, self._last = self._last, (event.key, char, event.time)
        if last is not None and last[0] != event.key and event.time - last[2] <= WORD_GAP:
            self._last = None
            return last[1] + char  # the first letter did its (harmless) part already
        if event.key not in self.screen.active_bindings:
            self._last = None
            return char
        return None
