"""Planned vs actual chart of one column's distribution (`Distribution.to_dict()`).

The chart is plotext in a textual-plotext widget, drawn by workbench/reads/charts.py (which
`workbench dist` draws with too): frequency bars with the planned share of each marked, a
histogram with the planned law over it, a time series, the relation of two columns. A bar
can be selected (←/→, h/l) and its rows opened in the row browser (enter). Beside the chart,
when the terminal is wide enough, a table of the same figures in numbers."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.console import Group
from rich.table import Table as RichTable
from rich.text import Text
from textual.app import ComposeResult, RenderResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Static
from textual_plotext import PlotextPlot

from workbench.printable import printable
from workbench.reads.charts import Bar, bars, draw, draw_relation, draw_series, legend
from workbench.screens.keys import bindings
from workbench.widgets.safe_text import plain


def _pct(value: float | None) -> str:
    if value is None:
        return "—"
    return f"{100 * value:.2f} %" if 0 < value < 0.001 else f"{100 * value:.1f} %"


def _short(value: Any, width: int = 14) -> str:
    text = printable(str(value))  # a value may hold control characters; shown escaped
    return text if len(text) <= width else text[: width - 1] + "…"


def series(dist: dict[str, Any]) -> tuple[list[str], list[float] | None, list[float], str]:
    """(labels, planned shares or None, actual shares, x-axis caption) for any kind."""
    review = dist["review"]  # built by the engine (Engine.distributions.of)
    rows = review["rows"]
    labels = [r["label"] for r in rows]
    planned = None
    if any(r["planned"] is not None for r in rows):
        planned = [float(r["planned"] or 0.0) for r in rows]
    actual = [float(r["actual"] or 0.0) for r in rows]
    return labels, planned, actual, review["axis"]


def delta_style(z: float | None) -> str:
    """Colour of a difference by standard errors: sampling noise stays dim."""
    if z is None:
        return "dim"
    return "red" if abs(z) >= 3 else ("yellow" if abs(z) >= 2 else "dim")


def figures_table(dist: dict[str, Any], limit: int = 30) -> RichTable:
    review = dist["review"]  # built by the engine (Engine.distributions.of)
    rows = review["rows"]
    has_plan = any(r["planned"] is not None for r in rows)
    table = RichTable(box=None, padding=(0, 1), header_style="bold")
    table.add_column(plain(review["axis"]))
    if has_plan:
        table.add_column("planned", justify="right", style="cyan")
    table.add_column("actual", justify="right", style="green")
    if has_plan:
        table.add_column("Δ", justify="right")
    for row in rows[:limit]:
        cells: list[str | Text] = [Text(_short(row["label"], 22))]
        if has_plan:
            cells.append(_pct(row["planned"]))
        cells.append(_pct(row["actual"]))
        if has_plan:
            if row["actual"] is None or row["planned"] is None:
                cells.append(Text("—", style="dim"))
            else:
                delta = 100 * (row["actual"] - row["planned"])
                cells.append(Text(f"{delta:+.1f}", style=delta_style(row["z"])))
        table.add_row(*cells)
    if len(rows) > limit:
        table.add_row(Text(f"… {len(rows) - limit} more", style="dim"))
    return table


def production_table(dist: dict[str, Any]) -> RichTable | None:
    """Production (optimizer statistics), planned and actual, where statistics cover it."""
    production = dist.get("production")
    if not production:
        return None
    from workbench.units import measure_text

    table = RichTable(box=None, padding=(0, 1), header_style="bold",
                      title="from production statistics", title_style="bold")  # fmt: skip
    table.add_column("")
    table.add_column("production", justify="right", style="magenta")
    table.add_column("planned", justify="right", style="cyan")
    table.add_column("actual", justify="right", style="green")
    for m in production["measures"]:
        sides = ("production", "planned", "actual")
        table.add_row(plain(m["name"]), *(plain(measure_text(m, s)) for s in sides))
    return table


def caption(dist: dict[str, Any]) -> Text:
    """The sampling-error verdict first (the point of the review, readable at 80×24, where
    the caption keeps six lines: newbie27 F2), then the flags and the status (not generated,
    or data older than sandbox.toml), generator, rows and NULL shares, the legend when both
    sides are drawn, and last where the plan comes from."""
    review = dist["review"]  # built by the engine (Engine.distributions.of)
    nulls = dist.get("nulls") or {}
    text = Text()
    if review.get("check_text"):
        check = review.get("check")
        style = "dim" if check is None else "bold green" if check.get("within") else "bold red"
        text.append(f"{printable(review['check_text'])}\n", style)
    elif review.get("unjudged"):
        text.append(f"{printable(review['unjudged'])}\n", "dim")
    for flag in dist.get("flags") or []:
        text.append(f"look: {printable(flag)}\n", "bold yellow")
    for note in dist.get("notes") or []:
        text.append(f"{printable(note)}\n", "yellow")
    text.append_text(
        Text.assemble(
            ("generator ", "dim"),
            (printable(str(dist.get("generator"))), "bold green"),
            (" (sandbox.toml)" if dist.get("declared") else " (inferred)", "dim"),
            ("   rows ", "dim"),
            (f"{dist.get('rows', 0):,}" if dist.get("generated") else "—", "bold"),
            ("   NULL planned ", "dim"),
            (_pct(nulls.get("planned")), "cyan"),
            (" actual ", "dim"),
            (_pct(nulls.get("actual")), "green"),
        )
    )
    if review.get("summary"):
        text.append(f"\n{printable(review['summary'])}", "green")
    if review.get("check_text") and review.get("unjudged"):
        text.append(f"\n{printable(review['unjudged'])}", "dim")
    if dist.get("generated"):
        text.append(f"\n{legend(dist)}", "bold")
    if review.get("planned_source"):
        text.append(f"\nplanned: {printable(review['planned_source'])}", "cyan")
    else:
        text.append("\nnothing planned for this column's values: actual only", "dim")
    if review.get("declared_text"):
        text.append(f"\ndeclared: {printable(review['declared_text'])}", "cyan")
    return text


def heatmap(relation: dict[str, Any], width: int, height: int) -> Text:
    """Counts of two columns' values together: one cell per pair, shaded from dark (none)
    to bright green (the most), its count written in it. Drawn as text: plotext's matrix
    plot marks a point per cell, which reads as scattered dots."""
    xs, ys = relation.get("xlabels") or [], relation.get("ylabels") or []
    counts = relation.get("counts") or []
    x_name, y_name = printable(str(relation.get("x"))), printable(str(relation.get("y")))
    text = Text(no_wrap=True, overflow="ellipsis")
    text.append(f"{y_name} against {x_name}: rows per pair of values\n", style="bold")
    if not xs or not ys:
        text.append("no rows hold both values", style="dim")
        return text
    label = min(max(len(printable(str(y))) for y in ys), 16)
    cell = max(4, min(12, (width - label - 2) // len(xs)))
    top = max((max(row) for row in counts if row), default=0) or 1
    text.append(" " * (label + 1))
    for x in xs:
        text.append(_short(x, cell - 1).rjust(cell - 1) + " ", style="bold")
    text.append("\n")
    for y, row in zip(ys[: max(1, height - 3)], counts, strict=False):
        text.append(_short(y, label).ljust(label) + " ", style="bold")
        for count in row:
            level = count / top
            shade = int(40 + 200 * level)
            back = f"rgb({shade // 5},{shade},{shade // 3})" if count else "rgb(30,30,30)"
            fore = "black" if level > 0.5 else "white"
            text.append(f"{count:,}"[: cell - 1].rjust(cell - 1), style=f"{fore} on {back}")
            text.append(" ")
        text.append("\n")
    text.append(f"x: {x_name}   y: {y_name}   brighter: more rows", style="dim")
    return text


class ChartPlot(PlotextPlot):
    """The plotext chart: one of the review (bars or histogram), a time series or the
    relation of two columns. ←/→ (h/l) select a bar, enter asks for its rows."""

    BINDINGS: ClassVar[list[BindingType]] = bindings("chart")
    can_focus = True

    class BarChosen(Message):
        """Enter on a bar: the rows it stands for (browse.RowFilter's fields)."""

        def __init__(self, table: str, label: str, filter: dict[str, Any]) -> None:
            super().__init__()
            self.table = table
            self.label = label
            self.filter = filter

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.mode = "review"  # review | series | relation
        self.dist: dict[str, Any] | None = None
        self.series: dict[str, Any] | None = None
        self.relation: dict[str, Any] | None = None
        self.view: str | None = None  # a currency of an amount split by currency
        self.selected: int | None = None

    @property
    def bars(self) -> list[Bar]:
        if self.mode != "review" or self.dist is None:
            return []
        return bars(self.dist, self.view)

    def show(self, mode: str, data: dict[str, Any] | None) -> None:
        self.mode = mode
        if mode == "review":
            self.dist, self.selected, self.view = data, None, None
        elif mode == "series":
            self.series = data
        else:
            self.relation = data
        self.refresh()

    def render(self) -> RenderResult:
        width, height = self.size.width, self.size.height
        title = f"{(self.dist or {}).get('table', '')}.{(self.dist or {}).get('column', '')}"
        if self.mode == "series" and self.series is not None:
            draw_series(self.plt, self.series, width=width, height=height, title=title)
        elif self.mode == "relation" and self.relation is not None:
            if self.relation.get("kind") == "heatmap":
                return heatmap(self.relation, width, height)
            draw_relation(self.plt, self.relation, width=width, height=height)
        elif self.dist is not None:
            draw(self.plt, self.dist, width=width, height=height, selected=self.selected,
                 view=self.view)  # fmt: skip
        else:
            self.plt.clear_figure()
        return super().render()

    def _move(self, step: int) -> None:
        count = len(self.bars)
        if not count:
            return
        self.selected = 0 if self.selected is None else (self.selected + step) % count
        self.refresh()

    def action_previous_bar(self) -> None:
        self._move(-1)

    def action_next_bar(self) -> None:
        self._move(1)

    def action_open_bar(self) -> None:
        bars_now = self.bars
        if self.selected is None or self.dist is None or not bars_now:
            self.notify("Select a bar first (← →), then enter opens its rows.", severity="warning")
            return
        bar = bars_now[self.selected]
        if bar.filter is None:
            self.notify(f"{bar.label}: no single filter lists these rows.", severity="warning")
            return
        self.post_message(self.BarChosen(str(self.dist["table"]), bar.label, bar.filter))

    def cycle_view(self) -> str | None:
        """The next currency of an amount split by currency (None: all of them)."""
        splits = ((self.dist or {}).get("actual") or {}).get("by_currency") or []
        views: list[str | None] = [None, *(s["currency"] for s in splits)]
        self.view = views[(views.index(self.view) + 1) % len(views)] if len(views) > 1 else None
        self.selected = None
        self.refresh()
        return self.view


class DistributionChart(Vertical):
    """Shows one distribution; the chart redraws at its own size. The figures table beside
    the chart is hidden on narrow terminals (the caption and the chart carry the verdict)."""

    DEFAULT_CSS = """
    DistributionChart { height: 1fr; }
    DistributionChart #chart-caption { height: auto; max-height: 45%; padding: 0 1; }
    DistributionChart.-short #chart-caption { max-height: 6; overflow-y: auto; }
    DistributionChart > Horizontal { height: 1fr; }
    DistributionChart #chart-plot { width: 1fr; height: 1fr; min-height: 8; }
    DistributionChart #chart-plot:focus { border-left: outer $accent; }
    DistributionChart #chart-figures { width: 46; height: 1fr; padding: 0 1; }
    DistributionChart.-narrow #chart-figures { display: none; }
    DistributionChart.-wide #chart-figures { width: 64; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.distribution: dict[str, Any] | None = None

    def compose(self) -> ComposeResult:
        yield Static(Text("Pick a column on the left.", style="dim"), id="chart-caption")
        with Horizontal():
            yield ChartPlot(id="chart-plot")
            yield Static("", id="chart-figures")

    @property
    def plot(self) -> ChartPlot:
        return self.query_one(ChartPlot)

    def show(self, dist: dict[str, Any] | None) -> None:
        self.distribution = dist
        self.plot.show("review", dist)
        self._draw()

    def on_resize(self) -> None:
        width = self.size.width
        self.set_class(width < 100, "-narrow")
        self.set_class(width >= 160, "-wide")
        self.set_class(self.size.height < 30, "-short")  # 80×24: the chart keeps its room

    def _draw(self) -> None:
        dist = self.distribution
        if dist is None:
            self.query_one("#chart-figures", Static).update("")
            return
        self.query_one("#chart-caption", Static).update(caption(dist))
        production = production_table(dist)
        figures = figures_table(dist)
        self.query_one("#chart-figures", Static).update(
            figures if production is None else Group(production, Text(""), figures)
        )
