"""A letter bound to an action waits for the next key (issue 27, "typing with the filter
unfocused never starts an action"; vim's timeoutlen). At an ordinary typing speed (120 ms a
letter) a word's first letter acted before the second one arrived: "xyz" on the Runs screen
opened "End run?" and its `y` answered it, "usually" undid a run, "query" quit.

A plain letter (not a digit: digits choose panes) bound to an action of the screen (or
the app) is held for HOLD seconds: when
another letter follows within it, the held letter and what follows are a word, typed
into the screen's filter (a FindLine) or, where it has none, dropped with a one-line hint, and
the action never runs; when nothing follows (or another key: a digit, esc, the same letter
again), the action runs, and the key that followed comes after it. The
keys that move (j k g G h l), and every key that is not a letter or a digit (arrows, ctrl+…,
/, ?, F-keys, esc, enter, space), are never held. A question the action opens ignores
letters for a while too (screens/confirm.py). Mixed into every screen with letter bindings;
a screen routes its own keys first in `route_key` (not `on_key`: Textual calls the `on_key`
of each class)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual import events
from textual.css.query import NoMatches
from textual.timer import Timer

from workbench.screens.keys import MOVES
from workbench.screens.typed_ahead import DropsTypedAhead
from workbench.widgets.find_line import HOLD, FindLine

if TYPE_CHECKING:
    from textual.screen import Screen

    _Base = Screen[Any]
else:
    _Base = object

IGNORED = "typed text ignored: this screen has no filter (F1 lists its keys)"


class HoldsLetters(DropsTypedAhead):
    """Before Screen in the bases; a screen's own routing goes in `route_key`."""

    _held: tuple[str, str, float] | None = None  # (key, character, time) waiting
    _hold_timer: Timer | None = None
    _dropping_until = 0.0  # a word typed where no filter takes it: dropped up to then

    def word_line(self) -> FindLine | None:
        """The filter a word typed on this screen goes to (None: dropped)."""
        try:
            return self.query_one(FindLine)
        except NoMatches:
            return None

    def held_fired(self, key: str) -> None:
        """Called after a held letter's action ran (a screen may follow what it opened)."""

    async def hold_letters(self, event: events.Key) -> bool:
        """Hold a bound letter, or take the key as part of a word; True when taken (the
        event is then stopped)."""
        char = event.character if event.is_printable else None
        held = self._held
        if held is not None:
            self._stop_timer()
            self._held = None
            if char and char.isalpha() and event.key != held[0] and event.time - held[2] <= HOLD:
                self._word(held[1] + char, event.time)
                return self._taken(event)
            # a digit, a space, esc, an arrow, the same key again (`s` `s` sorts twice) or a
            # letter after the window: the held letter was a key, and this one comes after it
            await self._fire_key(held[0])
            if self.route_key(event):
                return True
            if self.app.screen is not self:
                return self._taken(event)  # typed behind a key that opened a screen
        if not char:
            return False
        if event.time <= self._dropping_until:
            self._dropping_until = event.time + HOLD
            return self._taken(event)
        if not char.isalpha() or event.key in MOVES:
            return False  # digits choose a pane (`2 j j` moves in the estimate), never held
        active = self.active_bindings.get(event.key)
        if active is None:
            if (line := self.word_line()) is not None:
                line.start_word(char)  # no key of the screen: the start of a word
                return self._taken(event)
            return False
        self._held = (event.key, char, event.time)
        self._hold_timer = self.set_timer(HOLD, self._fire)
        return self._taken(event)

    def route_key(self, event: events.Key) -> bool:
        """The screen's own handling of a key before letters are held: True when taken."""
        return False

    async def on_key(self, event: events.Key) -> None:
        if not (self.typed_ahead(event) or self.route_key(event)):
            await self.hold_letters(event)

    def on_screen_suspend(self) -> None:
        self._stop_timer()
        self._held = None

    def _taken(self, event: events.Key) -> bool:
        event.prevent_default()
        event.stop()
        return True

    def _word(self, word: str, time: float) -> None:
        line = self.word_line()
        if line is not None:
            line.start_word(word)
        else:
            self._dropping_until = time + HOLD
            self.notify(IGNORED, timeout=3)

    def _stop_timer(self) -> None:
        if self._hold_timer is not None:
            self._hold_timer.stop()
            self._hold_timer = None

    async def _fire(self) -> None:
        """Nothing followed the held letter: its action runs."""
        held, self._held = self._held, None
        self._hold_timer = None
        if held is not None:
            await self._fire_key(held[0])

    async def _fire_key(self, key: str) -> None:
        if self.app.screen is not self:
            return
        active = self.active_bindings.get(key)
        if active is None or not active.enabled:
            return
        await self.app.run_action(active.binding.action, active.node)
        self.held_fired(key)
