"""The one terminal-safety filter: every string from the schema, sandbox.toml or the database
passes `printable()` before a front end shows it on a terminal.

A table called ``esc\\x1b]0;PWNED\\x07`` or a generated value ``\\x1b[2J`` would otherwise set
the window title or clear the screen. C0 controls, DEL, C1 controls and the Unicode line and
paragraph separators are replaced by a visible ``\\xNN`` / ``\\uNNNN`` escape, so the text stays
recognisable (and distinct from its neighbours) without reaching the terminal raw. Rich markup
is not this module's business: the TUI builds `Text` objects, which never parse markup.
"""

from __future__ import annotations

import re

# C0 (0x00-0x1f), DEL, C1 (0x80-0x9f), LINE SEPARATOR, PARAGRAPH SEPARATOR, and the
# bidirectional controls (ALM, LRM, RLM, LRE…RLO, LRI…PDI): a name `evil\u202etxt.exe` would
# otherwise show reversed on the terminal, hiding what it is ("Trojan Source").
_BIDI = "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
_CONTROL = re.compile(f"[\x00-\x1f\x7f-\x9f\u2028\u2029{_BIDI}]")
_SGR = re.compile("\x1b\\[[0-9;]*m")
_MULTILINE_CONTROL = re.compile(f"[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029{_BIDI}]")
# In a message, a line break starts a line only where the workbench or the server breaks
# one: before an indented line or a DETAIL/HINT/… line; a name's own line break is escaped.
_NAME_BREAK = re.compile(r"\n(?!  |\t|(?:DETAIL|HINT|CONTEXT|LINE \d+|QUERY|WHERE):)")


def _visible(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


def printable(text: str, *, multiline: bool = False) -> str:
    """`text` with every control character shown as an escape.

    Single-line places (a tree label, a table cell) also escape newline and tab; `multiline`
    keeps them, for paragraphs such as CLI output and error messages.
    """
    pattern = _MULTILINE_CONTROL if multiline else _CONTROL
    return pattern.sub(_visible, text) if pattern.search(text) else text


def printable_message(text: str) -> str:
    """An error or a check's message for a terminal or a modal: every control character
    escaped, and a line break kept only before an indented line or the server's DETAIL,
    HINT, CONTEXT or LINE n lines (a table named "x\\nworkbench: done" forges no line)."""
    return printable(_NAME_BREAK.sub("\\\\x0a", text), multiline=True)


def printable_keeping_colours(text: str) -> str:
    """Multi-line `text` for a terminal that our own renderers coloured: plain SGR colour
    sequences (``ESC [ digits m``) pass, every other control character is escaped. A colour
    injected by a value can only recolour text; it cannot move the cursor, clear the screen
    or set the title."""
    pieces = _SGR.split(text)
    colours = _SGR.findall(text)
    out = [printable(pieces[0], multiline=True)]
    for colour, piece in zip(colours, pieces[1:], strict=True):
        out += [colour, printable(piece, multiline=True)]
    return "".join(out)


def echoed(word: str, limit: int = 60) -> str:
    """A word someone gave (a table name, a statement's first word) as a message quotes it
    back: its repr, at most `limit` characters of it, with the length said when cut, so a
    one-megabyte name is never echoed whole."""
    if len(word) <= limit:
        return repr(word)
    return f"{word[:limit]!r}… ({len(word):,} characters)"


def capped(text: str, limit: int) -> str:
    """A message at most `limit` characters long (the rest said, not shown): an error that
    quotes a huge value (the server's `invalid input syntax … "xxxx…"`) stays a paragraph."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text) - limit:,} more characters not shown)"
