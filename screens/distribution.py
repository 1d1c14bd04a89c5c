"""`d`: distribution review. Pick a column, see planned vs actual values in the sandbox, and
export what was reviewed as a Markdown report (appended to earlier reviews, never replacing
them; workbench/distribution_report.py)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, Header, OptionList
from textual.widgets.option_list import Option

from workbench.distribution_report import markdown_report
from workbench.errors import WorkbenchError
from workbench.printable import printable
from workbench.screens.error import WorkerErrors, describe
from workbench.screens.keys import bindings
from workbench.widgets.distribution_chart import DistributionChart
from workbench.widgets.safe_text import markup_safe, plain

__all__ = ["DistributionScreen", "markdown_report"]

if TYPE_CHECKING:
    from workbench.engine import Engine


def load_distribution(engine: Engine, table: str, column: str) -> dict[str, Any]:
    return engine.distribution(table, column).to_dict()


class DistributionScreen(WorkerErrors, Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = bindings("dist")
    DEFAULT_CSS = """
    DistributionScreen #dist-columns { width: 34; height: 1fr; border: round $primary; }
    DistributionScreen.-narrow #dist-columns { width: 24; }
    DistributionScreen #dist-columns { text-wrap: nowrap; text-overflow: ellipsis; }
    DistributionScreen DistributionChart { border: round $accent; }
    """

    class ColumnsLoaded(Message):
        def __init__(self, columns: list[tuple[str, str, str]]) -> None:
            super().__init__()
            self.columns = columns  # (table, column, type)

    class DistributionLoaded(Message):
        def __init__(self, dist: dict[str, Any]) -> None:
            super().__init__()
            self.dist = dist

    def __init__(self, engine: Engine, initial: tuple[str, str] | None = None) -> None:
        super().__init__()
        self.engine = engine
        self.initial = initial
        self.reviewed: dict[tuple[str, str], dict[str, Any]] = {}
        self.current: tuple[str, str] | None = None

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal():
            yield OptionList(id="dist-columns")
            yield DistributionChart(id="dist-chart")
        yield Footer()

    def on_resize(self) -> None:
        # 80 columns: a slimmer column list leaves the chart room for its bars
        self.set_class(self.size.width < 110, "-narrow")

    def on_mount(self) -> None:
        self.title = "Distributions"
        self.sub_title = "planned vs actual"
        self.query_one(OptionList).loading = True
        self.load_columns()

    @work(thread=True, exclusive=True, exit_on_error=False, group="dist-columns")
    def load_columns(self) -> None:
        schema = self.engine.schema()
        columns = [
            (t.qualified, c.name, c.type.sql()) for t in schema.tables.values() for c in t.columns
        ]
        self.post_message(self.ColumnsLoaded(columns))

    @on(ColumnsLoaded)
    def _columns_loaded(self, message: ColumnsLoaded) -> None:
        options = self.query_one(OptionList)
        options.loading = False
        last_table = None
        items: list[Option | None] = []
        for table, column, type_sql in message.columns:
            if table != last_table:
                if last_table is not None:
                    items.append(None)  # a separator between tables
                items.append(Option(plain(table, "bold"), id=f"table:{table}", disabled=True))
                last_table = table
            shown_type = (printable(type_sql), "dim")
            label = Text.assemble(f"  {printable(column)} ", shown_type, no_wrap=True)
            label.overflow = "ellipsis"
            items.append(Option(label, id=f"{table}\x1f{column}"))
        options.add_options(items)
        if self.initial is not None:
            index = options.get_option_index(f"{self.initial[0]}\x1f{self.initial[1]}")
            options.highlighted = index
            self.show_column(*self.initial)
        options.focus()

    @on(OptionList.OptionSelected, "#dist-columns")
    def _option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id and "\x1f" in event.option.id:
            table, column = event.option.id.split("\x1f", 1)
            self.show_column(table, column)

    def show_column(self, table: str, column: str) -> None:
        self.current = (table, column)
        self.query_one(DistributionChart).loading = True
        self.load(table, column)

    @work(thread=True, exclusive=True, exit_on_error=False, group="distribution")
    def load(self, table: str, column: str) -> None:
        self.post_message(self.DistributionLoaded(load_distribution(self.engine, table, column)))

    @on(DistributionLoaded)
    def _loaded(self, message: DistributionLoaded) -> None:
        dist = message.dist
        self.reviewed[(dist["table"], dist["column"])] = dist
        chart = self.query_one(DistributionChart)
        chart.loading = False
        chart.show(dist)

    def on_worker_state_changed(self, event: Any) -> None:
        from textual.worker import WorkerState

        if event.state == WorkerState.ERROR:
            self.query_one(DistributionChart).loading = False
        super().on_worker_state_changed(event)

    def action_reload(self) -> None:
        if self.current is not None:
            self.show_column(*self.current)

    def action_export(self) -> Path | None:
        if not self.reviewed:
            self.notify("Chart a column first (enter on the list).", severity="warning")
            return None
        when = dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M:%S UTC")
        try:
            done = self.engine.export_distributions(list(self.reviewed.values()), when)
        except WorkbenchError as err:  # a refused link, an unwritable file: said, not a crash
            title, message = describe(err, self.engine.redact)
            self.notify(
                markup_safe(message), title=markup_safe(title), severity="error", timeout=15
            )
            return None
        how = (
            f"appended below {done.sections - 1} earlier review(s)" if done.appended else "new file"
        )
        self.notify(
            markup_safe(f"{len(self.reviewed)} column(s) written to {done.path} ({how})"),
            title="Report exported",
        )
        return Path(done.path)
