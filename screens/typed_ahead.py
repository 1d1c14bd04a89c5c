"""Keys typed ahead of a screen are not its keys (issue 27, "typing with the filter unfocused
never starts an action"). A terminal hands a busy app what was typed in one go: "price" typed
into the tree reached the Runs screen `r` opened, where `c` reclaimed runs at once. A screen
opened by a key drops the printable keys typed before it was on screen (they were meant for
the screen below, which drops them too: MainScreen.on_key); what is typed once it shows is
its own. With the other two rules (a word typed into a list filters it, widgets/find_line.py;
no plain letter creates, drops or writes anything, screens/keys.py), no word typed anywhere
starts an action."""

from __future__ import annotations

from time import monotonic
from typing import TYPE_CHECKING, Any

from textual import events

if TYPE_CHECKING:
    from textual.screen import Screen

    _Base = Screen[Any]
else:
    _Base = object


class DropsTypedAhead(_Base):
    """Mixed into a screen a key opens (before Screen in the bases)."""

    _shown_at: float | None = None

    def on_mount(self) -> None:
        self._shown_at = monotonic()  # Key.time is Textual's clock: monotonic on POSIX

    def typed_ahead(self, event: events.Key) -> bool:
        """A printable key typed before this screen showed: stopped, True (a screen with its
        own `on_key` calls this first)."""
        shown = self._shown_at
        if not event.is_printable or (shown is not None and event.time >= shown):
            return False
        event.prevent_default()
        event.stop()
        return True

    async def on_key(self, event: events.Key) -> None:
        self.typed_ahead(event)
