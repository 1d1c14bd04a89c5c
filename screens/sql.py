"""`:` the read-only SQL prompt: a statement typed in the editor runs (ctrl+j or F9) as the
sandbox's read-only role, in a READ ONLY transaction rolled back, under a timeout and a row
cap (Engine.prompt); results in a table that sorts by a column (`s`), copies a value
(`y`) and goes to CSV (`x`); a refused statement is said in place, in red, with the server's
message and where it points. ctrl+↑ / ctrl+↓ go through the history. The statement and the
last result stay with the app, so `:` later shows them again."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.message import Message
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Static, TextArea
from textual.worker import Worker, WorkerState

from workbench.reads.sql_prompt import text_of
from workbench.screens.early_keys import TakesEarlyKeys
from workbench.screens.error import WorkerErrors, describe
from workbench.screens.held_keys import HoldsLetters
from workbench.screens.keys import bindings
from workbench.widgets.clipboard import copy
from workbench.widgets.safe_text import markup_safe, plain
from workbench.widgets.vim import VimDataTable

if TYPE_CHECKING:
    from workbench.engine import Engine
    from workbench.reads.sql_prompt import QueryResult

CELL_WIDTH = 40  # characters of a value in the table; `y` copies it whole


@dataclass
class SqlState:
    """What the prompt keeps between visits (held by the app)."""

    text: str = ""
    result: QueryResult | None = None
    sort: tuple[int, bool] | None = None  # (column, descending)


def sort_key(value: Any) -> tuple[int, float, str]:
    """NULLs last, numbers by value before text, text by its characters."""
    if value is None:
        return (2, 0.0, "")
    if isinstance(value, bool):
        return (0, float(value), "")
    if isinstance(value, int | float):
        return (0, float(value), "")
    return (1, 0.0, str(value))


def cell(value: Any) -> Text:
    if value is None:
        return Text("NULL", style="dim italic")
    shown = " ".join(text_of(value).split())  # one line
    if len(shown) > CELL_WIDTH:
        shown = shown[: CELL_WIDTH - 1] + "…"
    return plain(shown)


class SqlScreen(TakesEarlyKeys, HoldsLetters, WorkerErrors, Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = bindings("sql")
    DEFAULT_CSS = """
    SqlScreen #sql-editor { height: 8; border: round $accent; }
    SqlScreen #sql-status { height: auto; padding: 0 1; }
    SqlScreen #sql-status.-error { color: $error; text-style: bold; }
    SqlScreen #sql-results { height: 1fr; border: round $primary; }
    """

    class Ran(Message):
        def __init__(self, result: QueryResult) -> None:
            super().__init__()
            self.result = result

    class HistoryLoaded(Message):
        def __init__(self, statements: list[str]) -> None:
            super().__init__()
            self.statements = statements

    def __init__(self, engine: Engine, state: SqlState | None = None) -> None:
        super().__init__()
        self.engine = engine
        self.state = state if state is not None else SqlState()
        self.history: list[str] = []
        self._at: int | None = None  # the history entry shown (None: the text being typed)
        self._typed = ""
        self._rows: list[list[Any]] = []  # the result's rows in the order shown
        self.running = False

    def compose(self) -> ComposeResult:
        yield Header()
        yield TextArea(self.state.text, id="sql-editor", soft_wrap=True, tab_behavior="focus")
        yield Static(
            plain(
                "Type a statement; ctrl+j or F9 runs it read-only as the sandbox's read-only "
                "role (rolled back, 10 s timeout, 1,000 rows at most).",
                "dim",
            ),
            id="sql-status",
        )
        yield VimDataTable(id="sql-results", zebra_stripes=True)
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = "SQL (read-only)"
        editor = self.query_one(TextArea)
        editor.border_title = "statement"
        editor.move_cursor(editor.document.end)
        self.call_after_refresh(self.deliver_early)  # focuses the editor, types what came early
        if self.state.result is not None:
            self._show(self.state.result)
        self.load_history()

    @work(thread=True, exclusive=True, exit_on_error=False, group="sql-history")
    def load_history(self) -> None:
        self.post_message(self.HistoryLoaded(self.engine.prompt.history()))

    @on(HistoryLoaded)
    def _history_loaded(self, message: HistoryLoaded) -> None:
        self.history = message.statements

    @on(TextArea.Changed, "#sql-editor")
    def _typed_text(self, event: TextArea.Changed) -> None:
        self.state.text = event.text_area.text

    # --- running ----------------------------------------------------------------------------

    def action_run(self) -> None:
        text = self.query_one(TextArea).text
        if self.running:
            return
        if not text.strip():
            self._status(plain("Type a statement first.", "yellow"))
            return
        self.running = True
        self._at = None
        if text.strip() in self.history:
            self.history.remove(text.strip())
        self.history.append(text.strip())
        self.query_one(DataTable).loading = True
        self._status(plain("running…", "italic"))
        self.run_statement(text)

    @work(thread=True, exclusive=True, exit_on_error=False, group="sql")
    def run_statement(self, text: str) -> None:
        self.post_message(self.Ran(self.engine.prompt.run(text)))

    @on(Ran)
    def _ran(self, message: Ran) -> None:
        self.running = False
        self.query_one(DataTable).loading = False
        self.state.result, self.state.sort = message.result, None
        self._show(message.result)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group == "sql" and event.state == WorkerState.ERROR:
            # said in place, where the statement is, not in a dialog over it
            self.running = False
            self.query_one(DataTable).loading = False
            title, text = describe(event.worker.error or Exception(), self.engine.redact)
            self._status(plain(f"{title}: {text}", multiline=True), error=True)
            event.prevent_default()  # WorkerErrors' dialog is not for this one
            event.stop()
        # any other failed worker: WorkerErrors' handler runs after this one (Textual calls
        # the handler of each class of the screen's MRO)

    def _status(self, text: Text, *, error: bool = False) -> None:
        status = self.query_one("#sql-status", Static)
        status.set_class(error, "-error")
        status.update(text)

    def _show(self, result: QueryResult) -> None:
        rows = list(result.rows)
        if self.state.sort is not None:
            column, descending = self.state.sort
            rows.sort(key=lambda row: sort_key(row[column]), reverse=descending)
            nulls = [r for r in rows if r[column] is None]
            rows = [r for r in rows if r[column] is not None] + nulls  # NULLs last both ways
        table = self.query_one(DataTable)
        table.clear(columns=True)
        for i, name in enumerate(result.columns):
            arrow = ""
            if self.state.sort is not None and self.state.sort[0] == i:
                arrow = " ▼" if self.state.sort[1] else " ▲"
            table.add_column(plain(name + arrow, "bold"), key=str(i))
        for row in rows:
            table.add_row(*(cell(v) for v in row))
        self._rows = rows
        self._status(plain(summary(result)))

    # --- the results --------------------------------------------------------------------------

    def action_sort(self) -> None:
        table = self.query_one(DataTable)
        result = self.state.result
        if result is None or not result.columns or not table.has_focus:
            return
        column = table.cursor_column
        before = self.state.sort
        descending = before is not None and before[0] == column and not before[1]
        self.state.sort = (column, descending)
        row, col = table.cursor_row, table.cursor_column
        self._show(result)
        table.move_cursor(row=row, column=col)

    def action_copy_cell(self) -> None:
        table = self.query_one(DataTable)
        if self.state.result is None or not table.row_count or not table.has_focus:
            return
        value = self._rows[table.cursor_row][table.cursor_column]
        column = self.state.result.columns[table.cursor_column]
        copied = copy(self.app, text_of(value), f"the value of {column}")
        self.notify(
            markup_safe(copied.message), severity="information" if copied.sent else "warning"
        )

    def action_export(self) -> None:
        if self.state.result is None:
            self.notify("Run a statement first (ctrl+j).", severity="warning")
            return
        self.export(self.state.result)

    @work(thread=True, exclusive=True, exit_on_error=False, group="sql-export")
    def export(self, result: QueryResult) -> None:
        path = self.engine.prompt.export(result)
        rows = len(result.rows)
        self.app.call_from_thread(
            self.notify, markup_safe(f"{rows:,} rows written to {path}"), title="CSV written"
        )

    # --- history ------------------------------------------------------------------------------

    def action_history_previous(self) -> None:
        if not self.history:
            return
        editor = self.query_one(TextArea)
        if self._at is None:
            self._typed, self._at = editor.text, len(self.history)
        self._at = max(0, self._at - 1)
        self._load(self.history[self._at])

    def action_history_next(self) -> None:
        if self._at is None:
            return
        self._at += 1
        if self._at >= len(self.history):
            self._at = None
            self._load(self._typed)
        else:
            self._load(self.history[self._at])

    def _load(self, text: str) -> None:
        editor = self.query_one(TextArea)
        editor.text = text
        editor.move_cursor(editor.document.end)


def summary(result: QueryResult) -> str:
    """What came back, how long it took, and what was cut."""
    took = f"{result.seconds * 1000:,.0f} ms"
    if not result.columns:
        return f"{result.status or 'done'} in {took} (read-only, rolled back)"
    shown = f"{len(result.rows):,} row{'s' if len(result.rows) != 1 else ''} in {took}"
    if result.cut == "rows":
        shown += f"; more rows than the cap: the first {result.row_cap:,} are shown"
    elif result.cut == "bytes":
        shown += "; the result was too large: the first rows are shown"
    if result.values_cut:
        shown += f"; {result.values_cut:,} long value(s) cut"
    return shown + " (read-only role, rolled back)"
