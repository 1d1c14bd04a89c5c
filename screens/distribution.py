"""`d`: distribution review. Pick a column, see planned vs actual values in the sandbox, and
export what was reviewed as a Markdown report."""

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

from workbench.screens.error import WorkerErrors
from workbench.screens.keys import bindings
from workbench.widgets.distribution_chart import DistributionChart, series

if TYPE_CHECKING:
    from workbench.engine import Engine


def load_distribution(engine: Engine, table: str, column: str) -> dict[str, Any]:
    return engine.distribution(table, column).to_dict()


def markdown_report(dists: list[dict[str, Any]], title: str, when: str) -> str:
    """The reviewed distributions as Markdown: one section and one table per column."""
    lines = [f"# Distribution review: {title}", "", f"Generated {when}.", ""]
    for dist in dists:
        labels, planned, actual, xcaption = series(dist)
        nulls = dist.get("nulls") or {}

        def pct(value: float | None) -> str:
            return "—" if value is None else f"{100 * value:.1f} %"

        lines += [
            f"## {dist['table']}.{dist['column']}",
            "",
            f"- kind: {dist.get('kind')}; generator: `{dist.get('generator')}` "
            f"({'sandbox.toml' if dist.get('declared') else 'inferred'})",
            f"- rows: {dist.get('rows', 0):,}; NULL planned {pct(nulls.get('planned'))}, "
            f"actual {pct(nulls.get('actual'))}",
        ]
        children = dist.get("children")
        if children and children.get("parents") is not None:
            lines.append(
                f"- children per parent of {children['parent']}: mean {children.get('mean')}, "
                f"max {children.get('max')} over {children['parents']:,} parents"
            )
        if not dist.get("generated"):
            lines.append("- not generated yet: planned side only")
        lines.append("")
        lines += _production_markdown(dist.get("production"))
        if labels:
            if planned is not None:
                lines += [f"| {xcaption} | planned | actual | Δ (points) |", "|---|---:|---:|---:|"]
                for label, p, a in zip(labels, planned, actual, strict=True):
                    cell = str(label).replace("|", "\\|")
                    lines.append(f"| {cell} | {pct(p)} | {pct(a)} | {100 * (a - p):+.1f} |")
            else:
                lines += [f"| {xcaption} | actual |", "|---|---:|"]
                for label, a in zip(labels, actual, strict=True):
                    lines.append(f"| {str(label).replace('|', chr(92) + '|')} | {pct(a)} |")
            lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def _production_markdown(production: dict[str, Any] | None) -> list[str]:
    """Production (optimizer statistics), planned and actual, side by side."""
    if not production:
        return []
    from workbench.units import measure_text

    note = " (personal column: values withheld)" if production.get("personal") else ""
    lines = [
        f"From production statistics ({production['source']}){note}:",
        "",
        "| measure | production | planned | actual |",
        "|---|---:|---:|---:|",
    ]
    for m in production["measures"]:
        cells = [measure_text(m, side) for side in ("production", "planned", "actual")]
        lines.append(f"| {m['name'].replace('|', chr(92) + '|')} | " + " | ".join(cells) + " |")
    return [*lines, ""]


class DistributionScreen(WorkerErrors, Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = bindings("dist")
    DEFAULT_CSS = """
    DistributionScreen #dist-columns { width: 34; height: 1fr; border: round $primary; }
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
                items.append(Option(Text(table, style="bold"), id=f"table:{table}", disabled=True))
                last_table = table
            label = Text.assemble(f"  {column} ", (type_sql, "dim"))
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
        from workbench.state import atomic_write_text

        when = dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC")
        text = markdown_report(list(self.reviewed.values()), self.engine.config.sandbox.name, when)
        path = self.engine.config.root / "distribution-report.md"
        atomic_write_text(path, text)
        self.notify(f"{len(self.reviewed)} column(s) written to {path}", title="Report exported")
        return path
