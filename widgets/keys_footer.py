"""The footer of every full screen: the screen's own keys on the left, and the keys that work
everywhere (quit, help, doctor) with the command palette's on the right, where a narrow terminal
never pushes them off the edge. Textual's Footer lists them in one row that is cut at the
right-hand end, so at 80 columns `q`, `?` and `o` were the ones lost."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import HorizontalGroup
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer

from workbench.screens.keys import KEYS

# Actions of the app's own bindings: the same on every screen.
_ANYWHERE = frozenset(k.action for k in KEYS if k.scope == "app")


class _ScreenKeys(HorizontalGroup):
    """The screen's keys: those that do not fit whole are hidden, not cut mid-word."""

    def __init__(self, *keys: Widget, classes: str) -> None:
        super().__init__(*keys, classes=classes)
        self._widths: dict[Widget, int] = {}  # each key's width, measured while shown

    def on_mount(self) -> None:
        self.call_after_refresh(self._hide_cut_keys)

    def on_resize(self) -> None:
        self.call_after_refresh(self._hide_cut_keys)

    def _hide_cut_keys(self, tries: int = 5) -> None:
        if not self.is_attached or not self.screen.is_current:
            return  # a screen under another one is not laid out: measured when it is back
        for key in self.children:
            if key.display and key.outer_size.width:
                self._widths[key] = key.outer_size.width + key.styles.margin.width
        if any(key not in self._widths for key in self.children):
            for key in self.children:
                key.display = True  # not laid out yet: measure them all first
            if tries:
                self.call_after_refresh(self._hide_cut_keys, tries - 1)
            return
        used = 0
        for key in self.children:
            used += self._widths[key]
            key.display = used <= self.size.width


class KeysFooter(Footer):
    DEFAULT_CSS = """
    KeysFooter .footer-screen { width: 1fr; height: 1; overflow: hidden hidden; }
    KeysFooter .footer-anywhere { width: auto; height: 1; }
    KeysFooter .footer-anywhere FooterKey.-command-palette { dock: none; }
    """

    _composed: tuple[Any, ...] | None = None  # the active bindings the keys shown were made of

    def _active_keys(self) -> tuple[Any, ...]:
        """What Footer.compose draws the keys from: the screen's active bindings, each with
        whether it is enabled and its tooltip."""
        return tuple(
            (key, binding, enabled, tooltip)
            for key, (_, binding, enabled, tooltip) in self.screen.active_bindings.items()
        )

    def bindings_changed(self, screen: Screen[Any]) -> None:
        # Textual composes the footer again (two dozen keys removed and mounted, a layout)
        # whenever the screen's bindings are refreshed: when a modal such as the help opens
        # over the screen and when it closes, at every focus move. The same keys: kept.
        same = screen is self.screen and self._composed is not None
        if same and self._active_keys() == self._composed:
            return
        super().bindings_changed(screen)

    def compose(self) -> ComposeResult:
        # Footer.compose yields flat FooterKeys here (no binding groups in this app). FooterKey
        # is not public API: its `action` attribute and class are what is used.
        keys = list(super().compose())
        self._composed = self._active_keys() if keys else None
        anywhere = [
            k
            for k in keys
            if getattr(k, "action", None) in _ANYWHERE or k.has_class("-command-palette")
        ]
        # Classes, not ids: bindings that change twice at once (a screen pushed while the one
        # below still loads) recompose twice, and the second mount met the first's ids.
        yield _ScreenKeys(*(k for k in keys if k not in anywhere), classes="footer-screen")
        yield HorizontalGroup(*anywhere, classes="footer-anywhere")

    def on_resize(self) -> None:
        # Less space around each key where the terminal is narrow.
        self.compact = self.size.width < 120
