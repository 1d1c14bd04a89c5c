"""A question before a key throws work away: what would be lost, and two buttons, the safe one
("Keep …") focused, so enter or esc keeps everything; `y` goes ahead. Letters are ignored for
SETTLE seconds after it shows (issue 27: "xyz" typed at 120 ms a letter opened "End run?"
with `x` and answered it with `y`), and once any other letter reached it neither `y` nor `n`
answers it (a slow typist's word): the answer is a deliberate `y`, or enter on the go
button."""

from __future__ import annotations

from time import monotonic
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from workbench.printable import printable
from workbench.screens.keys import bindings
from workbench.screens.typed_ahead import DropsTypedAhead

# Seconds after a question shows during which letters do not answer it (the rest of a word
# whose first letter opened it).
SETTLE = 0.6
WORD_TYPED = "text was typed into this question: y no longer answers it; tab to the button, or esc"


class ConfirmModal(DropsTypedAhead, ModalScreen[bool]):
    """Dismissed with True only by the go button or `y`."""

    _typed_into = False  # a letter other than an answer reached it: `y` is not taken
    BINDINGS: ClassVar[list[BindingType]] = bindings("confirm")
    DEFAULT_CSS = """
    ConfirmModal { align: center middle; }
    ConfirmModal > Vertical {
        width: 80%; max-width: 96; height: auto; max-height: 90%;
        border: thick $warning; background: $surface; padding: 1 2;
    }
    ConfirmModal #confirm-title { text-style: bold; color: $warning; margin-bottom: 1; }
    ConfirmModal #confirm-lines { height: auto; max-height: 14; overflow-y: auto; }
    ConfirmModal Horizontal { height: auto; margin-top: 1; }
    ConfirmModal Button { margin-right: 2; }
    """

    def __init__(self, title: str, lines: list[str], *, keep: str, go: str) -> None:
        super().__init__()
        self.question = title
        self.lines = lines
        self.keep_label = keep
        self.go_label = go

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text(printable(self.question)), id="confirm-title")
            body = Text()
            for line in self.lines:
                body.append(printable(line, multiline=True) + "\n")
            body.rstrip()
            yield Static(body, id="confirm-lines")
            with Horizontal():
                yield Button(f"{self.keep_label} (esc)", variant="primary", id="confirm-keep")
                yield Button(f"{self.go_label} (y)", variant="error", id="confirm-go")

    def on_mount(self) -> None:
        self.query_one("#confirm-keep", Button).focus()

    def typed_ahead(self, event: events.Key) -> bool:
        """A printable key typed before the question showed or within SETTLE after, or any
        letter but its answers: stopped. Once a word was typed into the question (a slow
        typist's "usually" opened undo's with `u`, and its `y` came 2.7 s later), neither `y`
        nor `n` answers it: the go button does (tab, enter), esc keeps."""
        if not event.is_printable:
            return False
        shown = self._shown_at if self._shown_at is not None else monotonic()
        answer = event.key in ("y", "n")
        if not answer:
            self._typed_into = True
        elif event.time < shown + SETTLE:
            pass  # too soon to be meant: dropped, and a later `y` still answers
        elif self._typed_into:
            # a letter of a word, not an answer: an `n` closing it would hand the rest of the
            # word to the screen below, where its letters are keys
            if event.key == "y":
                self.notify(WORD_TYPED, timeout=4)
        else:
            return False
        event.prevent_default()
        event.stop()
        return True

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "confirm-go")

    def action_keep(self) -> None:
        self.dismiss(False)

    def action_go(self) -> None:
        self.dismiss(True)
