"""`b`: the row browser. The selected table's rows a page at a time, read as the read-only
role (Engine.rows.browse), values cut to a sane width, personal columns marked."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.message import Message
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Input, Static
from textual.worker import Worker, WorkerState

from workbench.printable import printable
from workbench.screens.error import WorkerErrors
from workbench.screens.held_keys import HoldsLetters
from workbench.screens.keys import bindings, keys_of
from workbench.widgets.find_line import FindLine
from workbench.widgets.safe_text import plain
from workbench.widgets.vim import VimDataTable

if TYPE_CHECKING:
    from workbench.engine import Engine
    from workbench.reads.browse import Page

PERSONAL_MARK = "◆"  # beside a personal column's name


def column_heading(name: str, personal: str | None) -> Text:
    if personal is None:
        return plain(name, "bold")
    mark = printable(f"{PERSONAL_MARK} {personal}")
    return Text.assemble((printable(name), "bold"), " ", (mark, "bold magenta"))


def cell(value: Any) -> Any:
    """A row browser cell: a string is database text, so neither markup nor control
    characters reach the terminal; other values are formatted by the DataTable."""
    if value is None:
        return Text("NULL", style="dim italic")
    return plain(value) if isinstance(value, str) else value


def page_caption(page: Page) -> str:
    kept = f" where {' and '.join(page.filters)}" if page.filters else ""
    if not page.rows:
        start = f" from row {page.offset + 1}" if page.offset else ""
        return f"{page.table}{kept}: no rows{start}"
    about = f" of ~{page.rows_estimate:,}" if page.rows_estimate and not page.filters else ""
    more = "  (n: next page)" if page.has_more else ""
    return f"{page.table}{kept}: rows {page.first:,}–{page.last:,}{about}{more}"


class BrowseScreen(HoldsLetters, WorkerErrors, Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = bindings("browse")
    DEFAULT_CSS = """
    BrowseScreen #browse-caption { height: auto; padding: 0 1; }
    BrowseScreen #browse-rows { height: 1fr; border: round $primary; }
    """

    class PageLoaded(Message):
        def __init__(self, page: Page) -> None:
            super().__init__()
            self.page = page

    def __init__(
        self,
        engine: Engine,
        table: str,
        page_rows: int = 50,
        filters: list[dict[str, Any]] | None = None,
    ) -> None:
        super().__init__()
        self.engine = engine
        self.table = table
        self.page_rows = page_rows
        self.page: Page | None = None
        self.start = 0
        # browse.RowFilter fields: a chart's bar (fixed), and the text `/` finds
        self.filters: list[dict[str, Any]] = list(filters or [])
        self.find = ""

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(plain(f"{self.table}: reading…", "dim"), id="browse-caption")
        yield FindLine(
            keys_of("browse", "filter"),
            placeholder="rows holding… (enter keeps it, esc clears it)",
            id="browse-find",
        )
        yield VimDataTable(id="browse-rows", zebra_stripes=True)
        yield Footer()

    def on_mount(self) -> None:
        self.title = "Rows"
        table = printable(self.table)
        self.sub_title = f"{table} (read-only role; {PERSONAL_MARK} personal column)"
        self.show_page(0)

    def show_page(self, offset: int) -> None:
        self.query_one(DataTable).loading = True
        self.load_page(max(0, offset))

    @work(thread=True, exclusive=True, exit_on_error=False, group="browse")
    def load_page(self, offset: int) -> None:
        filters = list(self.filters)
        if self.find:
            filters.append({"kind": "text", "value": self.find})
        page = self.engine.rows.browse(self.table, offset, self.page_rows, filters=filters)
        self.post_message(self.PageLoaded(page))

    def action_filter(self) -> None:
        self.query_one(FindLine).open()

    @on(Input.Submitted, "#browse-find")
    def _find(self, event: Input.Submitted) -> None:
        line = self.query_one(FindLine)
        line.stop_typing()
        self.find = event.value.strip()
        if not self.find:
            line.close()
        self.show_page(0)

    def route_key(self, event: events.Key) -> bool:
        """esc clears the text to find (when there is one) before it goes back."""
        line = self.query_one(FindLine)
        if event.key == "escape" and (line.has_focus or self.find):
            event.stop()
            event.prevent_default()
            line.close()
            if self.find:
                self.find = ""
                self.show_page(0)
            self.query_one(DataTable).focus()
            return True
        return line.route(event)

    @on(PageLoaded)
    def _page_loaded(self, message: PageLoaded) -> None:
        page = self.page = message.page
        self.start = page.offset
        table = self.query_one(DataTable)
        table.loading = False
        table.clear(columns=True)
        for name in page.columns:
            table.add_column(column_heading(name, page.personal.get(name)), key=name)
        for row in page.rows:
            table.add_row(*(cell(v) for v in row))
        self.query_one("#browse-caption", Static).update(plain(page_caption(page)))
        table.focus()

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.state == WorkerState.ERROR:
            self.query_one(DataTable).loading = False
        # WorkerErrors' handler runs after this one (Textual calls each class's handler)

    def action_next_page(self) -> None:
        if self.page is not None and self.page.has_more:
            self.show_page(self.start + self.page_rows)

    def action_previous_page(self) -> None:
        if self.start > 0:
            self.show_page(self.start - self.page_rows)
