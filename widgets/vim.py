"""The keys vim users move with, in every list and tree of the workbench: `j` `k` down and up,
`g` `G` to the first and last line, `h` `l` close and open (trees), `ctrl+d` `ctrl+u` half a
page. One mixin holds them (its bindings come from screens/keys.py); each list widget below
says how its own cursor moves."""

from __future__ import annotations

from typing import Any, ClassVar

from textual.binding import BindingType
from textual.containers import VerticalScroll
from textual.widgets import DataTable, OptionList, Tree

from workbench.screens.keys import bindings

VIM_BINDINGS: list[BindingType] = bindings("vim")


class VimKeys:
    """Mixin for a widget with `action_cursor_down` / `action_cursor_up`. Textual merges the
    BINDINGS of widget classes only, so each widget class below names them again."""

    BINDINGS: ClassVar[list[BindingType]] = VIM_BINDINGS

    def _half(self) -> int:
        height = getattr(self, "scrollable_content_region", None)
        return max(1, (height.height if height is not None else 10) // 2)

    def action_vim_half_down(self) -> None:
        for _ in range(self._half()):
            self.action_cursor_down()  # type: ignore[attr-defined]

    def action_vim_half_up(self) -> None:
        for _ in range(self._half()):
            self.action_cursor_up()  # type: ignore[attr-defined]

    def action_vim_top(self) -> None:
        raise NotImplementedError

    def action_vim_bottom(self) -> None:
        raise NotImplementedError

    def action_vim_left(self) -> None:
        """`h`: nothing in a flat list."""

    def action_vim_right(self) -> None:
        """`l`: nothing in a flat list."""


class VimTree(VimKeys, Tree[Any]):
    BINDINGS: ClassVar[list[BindingType]] = VIM_BINDINGS

    def action_vim_top(self) -> None:
        self.cursor_line = 0

    def action_vim_bottom(self) -> None:
        self.cursor_line = max(0, self.last_line)

    def action_vim_left(self) -> None:
        node = self.cursor_node
        if node is None:
            return
        if node.allow_expand and node.is_expanded:
            node.collapse()
        elif node.parent is not None and node.parent is not self.root:
            self.move_cursor(node.parent)

    def action_vim_right(self) -> None:
        node = self.cursor_node
        if node is not None and node.allow_expand and not node.is_expanded:
            node.expand()


class VimOptionList(VimKeys, OptionList):
    BINDINGS: ClassVar[list[BindingType]] = VIM_BINDINGS

    def action_vim_top(self) -> None:
        self.action_first()

    def action_vim_bottom(self) -> None:
        self.action_last()


class VimDataTable(VimKeys, DataTable[Any]):
    BINDINGS: ClassVar[list[BindingType]] = VIM_BINDINGS

    def action_vim_top(self) -> None:
        self.move_cursor(row=0)
        self.scroll_home(animate=False)

    def action_vim_bottom(self) -> None:
        self.move_cursor(row=max(0, self.row_count - 1))

    def action_vim_left(self) -> None:
        self.action_cursor_left()

    def action_vim_right(self) -> None:
        self.action_cursor_right()


class VimScroll(VimKeys, VerticalScroll):
    """A scrolling pane (help, details): the keys scroll it."""

    BINDINGS: ClassVar[list[BindingType]] = VIM_BINDINGS

    def action_cursor_down(self) -> None:
        self.scroll_down()

    def action_cursor_up(self) -> None:
        self.scroll_up()

    def action_vim_top(self) -> None:
        self.scroll_home()

    def action_vim_bottom(self) -> None:
        self.scroll_end()
