"""Text from the schema, sandbox.toml or the database, made safe for the terminal: control
characters shown as escapes (workbench/printable.py) and markup never interpreted."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.markup import escape

from workbench.printable import printable


def plain(value: Any, style: str = "", *, multiline: bool = False) -> Text:
    """A `Text` (never parsed as markup) of `value` with its control characters escaped."""
    return Text(printable(str(value), multiline=multiline), style=style)


def markup_safe(value: Any) -> str:
    """For the few places that take a markup string (border titles, toasts): escaped control
    characters and escaped square brackets, so `[bold]` in a name is shown as written."""
    return escape(printable(str(value), multiline=True))
