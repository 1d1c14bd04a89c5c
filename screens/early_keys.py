"""Text typed right after the key that opens a dialog lands in the dialog (issue 27, "Edits and
fields": it was sometimes lost). A terminal delivers keys to a busy app in a burst: those
behind the opening key were already sent to the widget that had the focus (the schema tree,
where `s` sorts and `e` edits). The screen below routes them to the screen being opened
(`take_early`), and so does that screen while no field of it has the focus yet; the characters
are typed into its first text field (an Input or a TextArea) once it is there, in order."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import events
from textual.widgets import Input, TextArea

if TYPE_CHECKING:
    from textual.screen import Screen

    _Base = Screen[object]
else:
    _Base = object


class TakesEarlyKeys(_Base):
    """A screen with a text field that takes what is typed while it opens: call
    `self.call_after_refresh(self.deliver_early)` in `on_mount` instead of focusing the field
    (this focuses it), and route keys to `take_early` from the screen below."""

    _early: list[str]
    _delivered = False  # the field has the focus: what comes late is typed at once

    def take_early(self, event: events.Key) -> bool:
        """A key typed while the screen was still opening (the screen below received it, or
        no field has the focus yet): its character goes to the field that takes the focus,
        not nowhere. True when it was taken."""
        if not (event.is_printable and event.character):
            return False
        if not hasattr(self, "_early"):
            self._early = []
        self._early.append(event.character)
        if self._delivered and self.is_mounted:
            self.deliver_early()
        return True

    def deliver_early(self) -> None:
        """Focus the first text field (unless one has the focus) and type what came early."""
        focused = self.focused
        field = focused if isinstance(focused, Input | TextArea) else None
        if field is None:
            fields = (w for w in self.query("Input, TextArea") if isinstance(w, Input | TextArea))
            field = next(fields, None)
            if field is None:
                return
            field.focus()
        self._delivered = True
        early = "".join(getattr(self, "_early", []))
        if not early:
            return
        self._early = []
        if isinstance(field, Input):
            field.insert_text_at_cursor(early)
        elif isinstance(field, TextArea):
            field.insert(early)

    async def on_key(self, event: events.Key) -> None:
        if self.focused is None and self.take_early(event):
            event.prevent_default()
            event.stop()
            if self.is_mounted:
                self.deliver_early()
