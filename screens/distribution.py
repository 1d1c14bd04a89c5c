"""`d`: distribution review. Pick a column (`/` filters the list), see planned vs actual values
in the sandbox as a plotext chart; a selected bar opens its rows; `t` a time series, `v` the
relation with another column, `c` one currency at a time. `x` exports what was reviewed in
the session (this visit or an earlier one) as a Markdown report, appended to earlier reviews
(workbench/distribution/report.py)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, Header, Input, OptionList
from textual.widgets.option_list import Option
from textual.worker import Worker, WorkerState

from workbench.errors import WorkbenchError
from workbench.printable import printable
from workbench.screens.browse import BrowseScreen
from workbench.screens.error import WorkerErrors, describe
from workbench.screens.held_keys import HoldsLetters
from workbench.screens.keys import bindings, keys_of
from workbench.widgets.distribution_chart import ChartPlot, DistributionChart
from workbench.widgets.find_line import FindLine
from workbench.widgets.safe_text import markup_safe, plain
from workbench.widgets.vim import VimOptionList

__all__ = ["DistributionScreen"]

if TYPE_CHECKING:
    from workbench.engine import Engine


def load_distribution(engine: Engine, table: str, column: str) -> dict[str, Any]:
    return engine.distributions.of(table, column).to_dict()


def column_options(columns: list[tuple[str, str, str]], wanted: str = "") -> list[Option | None]:
    """The list's options: a heading per table, its columns (those whose table or column name
    holds `wanted`, any case), separators between tables."""
    wanted = wanted.strip().lower()
    items: list[Option | None] = []
    last_table = None
    for table, column, type_sql in columns:
        if wanted and wanted not in table.lower() and wanted not in column.lower():
            continue
        if table != last_table:
            if last_table is not None:
                items.append(None)  # a separator between tables
            items.append(Option(plain(table, "bold"), id=f"table:{table}", disabled=True))
            last_table = table
        label = Text.assemble(f"  {printable(column)} ", (printable(type_sql), "dim"))
        label.no_wrap, label.overflow = True, "ellipsis"
        items.append(Option(label, id=f"{table}\x1f{column}"))
    return items


class DistributionScreen(HoldsLetters, WorkerErrors, Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = bindings("dist")
    DEFAULT_CSS = """
    DistributionScreen #dist-side { width: 34; height: 1fr; }
    DistributionScreen.-narrow #dist-side { width: 24; }
    DistributionScreen #dist-columns { height: 1fr; border: round $primary; }
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

    class ViewLoaded(Message):
        """A time series or a relation of two columns, for the chart."""

        def __init__(self, mode: str, data: dict[str, Any]) -> None:
            super().__init__()
            self.mode = mode
            self.data = data

    def __init__(
        self,
        engine: Engine,
        initial: tuple[str, str] | None = None,
        reviewed: dict[tuple[str, str], dict[str, Any]] | None = None,
    ) -> None:
        super().__init__()
        self.engine = engine
        self.initial = initial
        # The session's reviews (the app's, so export keeps those of earlier visits).
        self.reviewed: dict[tuple[str, str], dict[str, Any]] = (
            reviewed if reviewed is not None else {}
        )
        self.current: tuple[str, str] | None = None
        self.columns: list[tuple[str, str, str]] = []

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal():
            with Vertical(id="dist-side"):
                yield FindLine(
                    keys_of("dist", "filter"), placeholder="filter columns (esc clears)",
                    id="dist-filter",
                )  # fmt: skip
                yield VimOptionList(id="dist-columns")
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

    @property
    def plot(self) -> ChartPlot:
        return self.query_one(ChartPlot)

    # --- the column list --------------------------------------------------------------------

    @work(thread=True, exclusive=True, exit_on_error=False, group="dist-columns")
    def load_columns(self) -> None:
        schema = self.engine.schema()
        columns = [
            (t.qualified, c.name, c.type.sql()) for t in schema.tables.values() for c in t.columns
        ]
        self.post_message(self.ColumnsLoaded(columns))

    @on(ColumnsLoaded)
    def _columns_loaded(self, message: ColumnsLoaded) -> None:
        self.columns = message.columns
        options = self.query_one(OptionList)
        options.loading = False
        self._fill("")
        if self.initial is not None:
            index = options.get_option_index(f"{self.initial[0]}\x1f{self.initial[1]}")
            options.highlighted = index
            self.show_column(*self.initial)
        options.focus()

    def _fill(self, wanted: str) -> None:
        options = self.query_one(OptionList)
        options.clear_options()
        options.add_options(column_options(self.columns, wanted))
        for index in range(options.option_count):
            if not options.get_option_at_index(index).disabled:
                options.highlighted = index
                break

    def action_filter(self) -> None:
        self.query_one(FindLine).open()

    @on(Input.Changed, "#dist-filter")
    def _filter_changed(self, event: Input.Changed) -> None:
        self._fill(event.value)

    @on(Input.Submitted, "#dist-filter")
    def _filter_kept(self, event: Input.Submitted) -> None:
        line = self.query_one(FindLine)
        line.stop_typing()
        if not event.value:
            line.close()
        self.query_one(OptionList).focus()

    def route_key(self, event: events.Key) -> bool:
        line = self.query_one(FindLine)
        if event.key == "escape" and line.has_focus:
            event.stop()
            event.prevent_default()
            line.close()
            self.query_one(OptionList).focus()
            return True
        return line.route(event)

    @on(OptionList.OptionSelected, "#dist-columns")
    def _option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id and "\x1f" in event.option.id:
            table, column = event.option.id.split("\x1f", 1)
            self.show_column(table, column)

    def _highlighted(self) -> tuple[str, str] | None:
        options = self.query_one(OptionList)
        if options.highlighted is None:
            return None
        option = options.get_option_at_index(options.highlighted)
        if option.id and "\x1f" in option.id:
            table, column = option.id.split("\x1f", 1)
            return table, column
        return None

    # --- the chart --------------------------------------------------------------------------

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

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.state == WorkerState.ERROR:
            self.query_one(DistributionChart).loading = False
        # WorkerErrors' handler runs after this one (Textual calls each class's handler)

    def action_reload(self) -> None:
        if self.current is not None:
            self.show_column(*self.current)

    def action_time_series(self) -> None:
        if self.plot.mode == "series":
            self.plot.show("review", self.query_one(DistributionChart).distribution)
            return
        dist = self.query_one(DistributionChart).distribution
        if self.current is None or dist is None or dist.get("kind") != "date":
            self.notify("Chart a date or time column first (enter).", severity="warning")
            return
        self.query_one(DistributionChart).loading = True
        self.load_series(*self.current)

    @work(thread=True, exclusive=True, exit_on_error=False, group="distribution")
    def load_series(self, table: str, column: str) -> None:
        self.post_message(
            self.ViewLoaded("series", self.engine.distributions.time_series(table, column))
        )

    def action_relate(self) -> None:
        if self.plot.mode == "relation":
            self.plot.show("review", self.query_one(DistributionChart).distribution)
            return
        other = self._highlighted()
        if self.current is None or other is None or other[0] != self.current[0]:
            self.notify(
                "Chart a column, then highlight another column of the same table in the list "
                "and press v.",
                severity="warning",
            )
            return
        if other == self.current:
            self.notify("Highlight another column of the table than the charted one.")
            return
        self.query_one(DistributionChart).loading = True
        self.load_relation(self.current[0], self.current[1], other[1])

    @work(thread=True, exclusive=True, exit_on_error=False, group="distribution")
    def load_relation(self, table: str, first: str, second: str) -> None:
        self.post_message(
            self.ViewLoaded("relation", self.engine.distributions.relation(table, first, second))
        )

    @on(ViewLoaded)
    def _view_loaded(self, message: ViewLoaded) -> None:
        self.query_one(DistributionChart).loading = False
        self.plot.show(message.mode, message.data)

    def action_currency(self) -> None:
        splits = (((self.query_one(DistributionChart).distribution or {}).get("actual")) or {}).get(
            "by_currency"
        )
        if not splits:
            self.notify("This column's amounts are in one currency (or none).")
            return
        view = self.plot.cycle_view()
        self.notify(f"Showing {view} only" if view else "Showing every currency")

    @on(ChartPlot.BarChosen)
    def _bar_chosen(self, message: ChartPlot.BarChosen) -> None:
        self.app.push_screen(BrowseScreen(self.engine, message.table, filters=[message.filter]))

    # --- the report -------------------------------------------------------------------------

    def action_export(self) -> Path | None:
        if not self.reviewed:
            self.notify("Chart a column first (enter on the list).", severity="warning")
            return None
        when = dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M:%S UTC")
        try:
            done = self.engine.distributions.export(list(self.reviewed.values()), when)
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
