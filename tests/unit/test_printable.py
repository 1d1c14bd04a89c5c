"""printable(): no control character of any string reaches a terminal, and what is shown
instead says which character it was."""

from __future__ import annotations

import re
import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from workbench.cli.render import table
from workbench.printable import printable, printable_keeping_colours

_ESCAPE = re.compile(r"\\x([0-9a-f]{2})|\\u([0-9a-f]{4})")


def _is_control(ch: str) -> bool:
    return unicodedata.category(ch) == "Cc" or ch in "\u2028\u2029"


def _unescape(shown: str) -> str:
    return _ESCAPE.sub(lambda m: chr(int(m.group(1) or m.group(2), 16)), shown)


@given(st.text())
def test_no_control_character_survives_and_the_original_is_recognisable(text: str) -> None:
    shown = printable(text)
    assert not any(_is_control(ch) for ch in shown)
    assert printable(shown) == shown  # already safe text is left alone
    if "\\" not in text:  # without backslashes of its own, the escapes decode back
        assert _unescape(shown) == text


@given(st.text())
def test_multiline_keeps_only_newline_and_tab(text: str) -> None:
    shown = printable(text, multiline=True)
    assert all(ch in "\n\t" for ch in shown if _is_control(ch))
    assert shown.count("\n") == text.count("\n")


@given(st.text())
def test_keeping_colours_passes_only_sgr_sequences(text: str) -> None:
    shown = printable_keeping_colours(text)
    bare = re.sub("\x1b\\[[0-9;]*m", "", shown)
    assert all(ch in "\n\t" for ch in bare if _is_control(ch))


def test_hostile_examples() -> None:
    assert printable("esc\x1b]0;PWNED\x07tbl") == "esc\\x1b]0;PWNED\\x07tbl"
    assert printable("a\x9b2Jb\nc") == "a\\x9b2Jb\\x0ac"
    assert printable("a\nb\tc\x7f", multiline=True) == "a\nb\tc\\x7f"
    assert printable("[bold]ok[/]") == "[bold]ok[/]"  # markup is the front end's business
    coloured = "\x1b[31mred\x1b[0m \x1b]0;T\x07"
    assert printable_keeping_colours(coloured) == "\x1b[31mred\x1b[0m \\x1b]0;T\\x07"


def test_bidi_controls_and_forged_lines_are_escaped() -> None:
    from workbench.printable import echoed, printable_message

    assert printable("evil\u202etxt.exe") == "evil\\u202etxt.exe"
    assert printable("a\u2067b\u2069c\u200fd", multiline=True) == "a\\u2067b\\u2069c\\u200fd"
    # a message keeps the workbench's and the server's own line breaks, not a name's
    shown = printable_message("no table x\nworkbench: done\n  CREATE TABLE x\nDETAIL: y")
    assert shown == "no table x\\x0aworkbench: done\n  CREATE TABLE x\nDETAIL: y"
    assert echoed("t" * 1_000_000) == repr("t" * 60) + "… (1,000,000 characters)"


def test_a_table_shows_json_values_as_json() -> None:
    """`workbench sample` of a json/jsonb column: the value as JSON, not a Python repr."""
    text = table(["attribs", "tags"], [[{"source": "ago", "enabled": True}, ["a", "b"]]])
    assert '{"source": "ago", "enabled": true}' in text and '["a", "b"]' in text
    assert "True" not in text and "'" not in text
