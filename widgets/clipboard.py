"""Copying to the clipboard, said as it is: the only way a terminal app reaches the clipboard is
the terminal's clipboard escape (OSC 52), which some terminals ignore and which nothing
confirms. So the message says what was sent and where it may not arrive, and says plainly when
there is no terminal to send it to (the text is then kept for pasting inside the app only)."""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass

from textual.app import App

NO_CLIPBOARD_TERMS = ("linux", "dumb")  # the Linux console, no terminal at all


@dataclass(frozen=True)
class Copied:
    sent: bool  # the escape went to a terminal (not proof that it reached the clipboard)
    message: str


def _terminal() -> bool:
    stream = sys.__stdout__
    try:
        return stream is not None and stream.isatty()
    except (OSError, ValueError):
        return False


def copy(app: App[object], text: str, what: str = "it") -> Copied:
    """Send `text` to the terminal's clipboard when there is a terminal that may take it
    (the app keeps it for its own paste in any case); the message for a notification."""
    app.copy_to_clipboard(text)  # also the app's own clipboard (ctrl+v in its text fields)
    term = os.environ.get("TERM", "")
    if app.is_headless or not _terminal():
        return Copied(False, f"No terminal to copy through: {what} was not copied.")
    if term in NO_CLIPBOARD_TERMS:
        return Copied(
            False, f"This terminal (TERM={term}) has no clipboard escape: {what} was not copied."
        )
    note = ""
    if os.environ.get("TMUX"):
        note = " Under tmux it arrives only with `set -g set-clipboard on`."
    return Copied(
        True,
        f"Sent {what} to the terminal's clipboard (OSC 52); a terminal that ignores it "
        f"leaves the clipboard as it was.{note}",
    )
