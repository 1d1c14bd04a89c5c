"""Planned vs actual chart of one column's distribution (`Distribution.to_dict()`).

The one module that knows how charts are drawn: horizontal bars built as Rich text, planned
over actual for each row of the engine's review (workbench/distribution_review.py, which
`workbench dist` prints too), on one scale. Beside the chart, when the terminal is wide enough,
a table of the same figures in numbers."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table as RichTable
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from workbench.printable import printable
from workbench.widgets.safe_text import plain

PLANNED_MARK, ACTUAL_MARK = "▒", "█"


def _pct(value: float | None) -> str:
    if value is None:
        return "—"
    return f"{100 * value:.2f} %" if 0 < value < 0.001 else f"{100 * value:.1f} %"


def _short(value: Any, width: int = 14) -> str:
    text = printable(str(value))  # a value may hold control characters; shown escaped
    return text if len(text) <= width else text[: width - 1] + "…"


def series(dist: dict[str, Any]) -> tuple[list[str], list[float] | None, list[float], str]:
    """(labels, planned shares or None, actual shares, x-axis caption) for any kind."""
    review = dist["review"]  # built by the engine (Engine.distribution)
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


def render_chart(dist: dict[str, Any], width: int, height: int) -> Text:
    """Horizontal bars, one pair per row: planned (▒, cyan) over actual (█, green), both on
    one scale and labelled with their share, so the pair is compared at a glance. Drawn with
    Rich text rather than plotext, whose grouped bars drift out of line with their labels."""
    review = dist["review"]  # built by the engine (Engine.distribution)
    rows = review["rows"]
    text = Text(no_wrap=True, overflow="ellipsis")
    text.append(printable(review["title"]) + "\n", style="bold")
    if not rows:
        text.append("no values to chart yet: generate the sandbox first (g)", style="dim")
        return text
    has_plan = any(r["planned"] is not None for r in rows)
    has_actual = dist.get("generated") and any(r["actual"] is not None for r in rows)
    lines_per_row = int(has_plan) + int(bool(has_actual)) or 1
    room = max(1, (height - 2) // lines_per_row)
    shown = rows[:room]
    other = [len(str(r["label"])) for r in shown if r["role"] == "other"]
    cap = max(8, width // 3, *other)  # "other (2,995 more values)" is read in full
    label_width = min(max(len(str(r["label"])) for r in shown), cap, 30)
    bar_width = max(4, width - label_width - 10)
    top = max([*(r["planned"] or 0 for r in shown), *(r["actual"] or 0 for r in shown), 1e-9])

    def bar(share: float | None, mark: str, style: str, label: str) -> None:
        cells = round(bar_width * (share or 0) / top)
        if share and cells == 0:
            cells = 1  # a value that occurs at all stays visible
        text.append(f"{label:<{label_width}} ", style="bold" if label.strip() else "")
        text.append(mark * cells, style=style)
        text.append(f" {_pct(share)}\n", style=style)

    for row in shown:
        name = _short(row["label"], label_width)
        if has_plan:
            bar(row["planned"], PLANNED_MARK, "cyan", name)
        if has_actual:
            bar(row["actual"], ACTUAL_MARK, "green", "" if has_plan else name)
    if len(rows) > len(shown):
        text.append(f"… {len(rows) - len(shown)} more rows", style="dim")
    text.rstrip()
    return text


def figures_table(dist: dict[str, Any], limit: int = 30) -> RichTable:
    review = dist["review"]  # built by the engine (Engine.distribution)
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
    """Generator, rows, NULL shares, where the plan comes from, the sampling-error verdict and
    the status (not generated, or data older than sandbox.toml); the legend when both sides
    are drawn."""
    review = dist["review"]  # built by the engine (Engine.distribution)
    nulls = dist.get("nulls") or {}
    text = Text.assemble(
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
    if review.get("planned_source"):
        text.append(f"\nplanned: {printable(review['planned_source'])}", "cyan")
    else:
        text.append("\nnothing planned for this column's values: actual only", "dim")
    if review.get("summary"):
        text.append(f"\n{printable(review['summary'])}", "green")
    if review.get("check_text"):
        within = (review.get("check") or {}).get("within")
        text.append(f"\n{printable(review['check_text'])}", "bold green" if within else "bold red")
    for note in dist.get("notes") or []:
        text.append(f"\n{printable(note)}", "yellow")
    rows = review["rows"]
    has_plan = any(r["planned"] is not None for r in rows)
    if has_plan and dist.get("generated"):
        text.append(f"\n{PLANNED_MARK} planned   {ACTUAL_MARK} actual", "bold")
    return text


class DistributionChart(Vertical):
    """Shows one distribution; re-renders itself when resized. The figures table beside the
    bars is hidden on narrow terminals (the bars carry their shares)."""

    DEFAULT_CSS = """
    DistributionChart { height: 1fr; }
    DistributionChart #chart-caption { height: auto; padding: 0 1; }
    DistributionChart > Horizontal { height: 1fr; }
    DistributionChart #chart-plot {
        width: 1fr; height: 1fr; text-wrap: nowrap; text-overflow: ellipsis;
    }
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
            yield Static("", id="chart-plot")
            yield Static("", id="chart-figures")

    def show(self, dist: dict[str, Any] | None) -> None:
        self.distribution = dist
        self._draw()

    def on_resize(self) -> None:
        width = self.size.width
        self.set_class(width < 100, "-narrow")
        self.set_class(width >= 160, "-wide")
        # The plot's own size is settled only after this layout pass.
        self.call_after_refresh(self._draw)

    def _draw(self) -> None:
        dist = self.distribution
        plot = self.query_one("#chart-plot", Static)
        if dist is None:
            plot.update("")
            self.query_one("#chart-figures", Static).update("")
            return
        self.query_one("#chart-caption", Static).update(caption(dist))
        production = production_table(dist)
        figures = figures_table(dist)
        self.query_one("#chart-figures", Static).update(
            figures if production is None else Group(production, Text(""), figures)
        )
        size = plot.content_size
        if size.width < 20 or size.height < 4:  # not laid out yet: on_resize draws again
            self.call_after_refresh(self._draw_plot)
            return
        self._draw_plot()

    def _draw_plot(self) -> None:
        if self.distribution is None:
            return
        plot = self.query_one("#chart-plot", Static)
        size = plot.content_size
        plot.update(render_chart(self.distribution, max(size.width, 20), max(size.height, 4)))
