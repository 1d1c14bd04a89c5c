"""The one place failures become visible: an error modal, and the mixin that routes every
failed worker of a screen to it."""

from __future__ import annotations

import weakref
from typing import Any, ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static
from textual.worker import Worker, WorkerState

from workbench.errors import Cancelled, WorkbenchError
from workbench.printable import printable, printable_message
from workbench.redact import redact as redact_text
from workbench.screens.keys import bindings
from workbench.widgets.safe_text import markup_safe


class ErrorModal(ModalScreen[None]):
    """Title and message of a failure; never a traceback."""

    BINDINGS: ClassVar[list[BindingType]] = bindings("error")
    DEFAULT_CSS = """
    ErrorModal { align: center middle; }
    ErrorModal > Vertical {
        width: 80%; max-width: 100; height: auto; max-height: 80%;
        border: thick $error; background: $surface; padding: 1 2;
    }
    ErrorModal #error-title { text-style: bold; color: $error; margin-bottom: 1; }
    ErrorModal Button { margin-top: 1; }
    """

    def __init__(self, title: str, message: str) -> None:
        super().__init__()
        self.error_title = title
        self.message = message

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text(printable(self.error_title.capitalize())), id="error-title")
            yield Static(Text(printable_message(self.message)), id="error-message")
            yield Button("Close", variant="error", id="error-close")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss()


def describe(error: BaseException, redact: Any = None) -> tuple[str, str]:
    """(title, message) for any exception, with the sandbox's secrets removed (always by the
    one redaction; `redact` may add the engine's known target secrets)."""
    if isinstance(error, WorkbenchError):
        title, message = error.title, str(error)
    else:
        # An unexpected error is a bug, but the app keeps running and says what happened.
        title, message = "unexpected error", f"{type(error).__name__}: {error}"
    message = redact(message) if redact is not None else redact_text(message)
    # A message quotes names and values: their control characters are shown, not sent.
    return printable(title), printable_message(message)


# The last error each app showed (title, message), for `!` to show it again.
_LAST: weakref.WeakKeyDictionary[App[Any], tuple[str, str]] = weakref.WeakKeyDictionary()


def report_error(app: App[Any], error: BaseException) -> None:
    """Cancellations are news, not failures: a notification. Everything else: the modal,
    kept as the app's last error."""
    engine = getattr(app, "engine", None)
    redact = engine.redact if engine is not None else None
    title, message = describe(error, redact)
    if isinstance(error, Cancelled):
        app.notify(markup_safe(message), title="Cancelled", severity="warning")
        return
    _LAST[app] = (title, message)
    app.push_screen(ErrorModal(title, message))


def last_error(app: App[Any]) -> tuple[str, str] | None:
    """(title, message) of the last error `app` showed in a modal, None before any."""
    return _LAST.get(app)


class WorkerErrors:
    """Mixin for screens and widgets that run workers: a failed worker opens the error modal."""

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.state == WorkerState.ERROR and event.worker.error is not None:
            report_error(self.app, event.worker.error)  # type: ignore[attr-defined]
