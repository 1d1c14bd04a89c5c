"""A Rich renderable that never changes, rendered once for each width it is shown at.

A `Static` renders its content again at every layout pass (to measure its height) and every
paint: the help's key tables (about 150 rows) were rendered twelve times for each `?`, which
took over a second on a busy machine. This widget keeps the lines of each width it has drawn,
in `cache` when given one: a screen built again with the same content (help opened again)
then draws without rendering anything."""

from __future__ import annotations

from typing import Any

from rich.console import RenderableType
from textual.geometry import Size
from textual.strip import Strip
from textual.widget import Widget


class RenderedOnce(Widget):
    DEFAULT_CSS = "RenderedOnce { height: auto; }"

    def __init__(
        self,
        renderable: RenderableType,
        cache: dict[int, list[Strip]] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self._renderable = renderable
        self._lines: dict[int, list[Strip]] = {} if cache is None else cache

    def lines(self, width: int) -> list[Strip]:
        """The renderable's lines at `width` (rendered on the first call for that width)."""
        if width not in self._lines:
            options = self.app.console_options.update_width(width).update(highlight=False)
            rendered = self.app.console.render_lines(self._renderable, options, pad=True)
            self._lines[width] = [Strip(line, width) for line in rendered]
        return self._lines[width]

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.lines(width))

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        lines = self.lines(width)
        return lines[y] if 0 <= y < len(lines) else Strip.blank(width)
