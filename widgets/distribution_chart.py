"""Planned vs actual chart of one column's distribution (`Distribution.to_dict()`).

The one module that knows how charts are drawn: horizontal bars built as Rich text, planned
over actual for each value on one scale. Beside the chart, a table of the same figures in
numbers, so two people at one screen can read them without squinting at bar lengths."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table as RichTable
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

PLANNED_MARK, ACTUAL_MARK = "▒", "█"


def _pct(value: float | None) -> str:
    return "—" if value is None else f"{100 * value:.1f} %"


def _short(value: Any, width: int = 14) -> str:
    text = str(value)
    if len(text) >= 19 and text[4:5] == "-" and text[10:11] == "T":
        text = text[:10]  # ISO timestamps: the date is what a bin label needs
    return text if len(text) <= width else text[: width - 1] + "…"


def series(dist: dict[str, Any]) -> tuple[list[str], list[float] | None, list[float], str]:
    """(labels, planned shares or None, actual shares, x-axis caption) for any kind."""
    kind = dist.get("kind")
    actual = dist.get("actual") or {}
    planned = dist.get("planned") or {}
    if kind == "fk":
        children = dist.get("children") or {}
        hist = {h["children"]: h["parents"] for h in children.get("histogram") or []}
        phist = {h["children"]: h["parents"] for h in children.get("planned_histogram") or []}
        keys = sorted(set(hist) | set(phist))
        total_a = sum(hist.values()) or 1
        total_p = sum(phist.values()) or 1
        labels = [str(k) for k in keys]
        plan = [phist.get(k, 0) / total_p for k in keys] if phist else None
        return labels, plan, [hist.get(k, 0) / total_a for k in keys], "children per parent"
    if kind in ("numeric", "date"):
        bins = actual.get("bins") or []
        total = sum(b["count"] for b in bins) or 1
        labels = [_short(b["low"]) for b in bins]
        return labels, None, [b["count"] / total for b in bins], "value (bin start)"
    # categories: planned order first, then values only the sandbox holds
    values = [str(v) for v in actual.get("values") or []]
    counts = list(actual.get("counts") or [])
    non_null = sum(counts) + int(actual.get("other") or 0) or 1
    got = dict(zip(values, counts, strict=False))
    pvalues = [str(v) for v in planned.get("values") or []]
    weights = dict(zip(pvalues, planned.get("weights") or [], strict=False))
    labels = pvalues + [v for v in values if v not in weights]
    plan = [float(weights.get(v, 0.0)) for v in labels] if weights else None
    return labels, plan, [got.get(v, 0) / non_null for v in labels], "value"


def render_chart(dist: dict[str, Any], width: int, height: int) -> Text:
    """Horizontal bars, one pair per value: planned (▒, cyan) over actual (█, green), both on
    one scale and labelled with their share, so the pair is compared at a glance. Drawn with
    Rich text rather than plotext, whose grouped bars drift out of line with their labels."""
    labels, planned, actual, xcaption = series(dist)
    if not labels:
        return Text("no values to chart yet: generate the sandbox first (g)", style="dim")
    lines_per_value = 2 if planned is not None else 1
    room = max(1, (height - 2) // lines_per_value)
    shown = labels[:room]
    label_width = min(max(len(_short(label, 18)) for label in shown), 18)
    bar_width = max(8, width - label_width - 12)
    top = max([*actual[: len(shown)], *(planned[: len(shown)] if planned else []), 1e-9])
    text = Text(no_wrap=True, overflow="crop")
    title = f"{dist['table']}.{dist['column']}: share of non-null rows by {xcaption}"
    text.append(title + "\n", style="bold")

    def bar(share: float, mark: str, style: str, label: str) -> None:
        cells = round(bar_width * share / top)
        if share > 0 and cells == 0:
            cells = 1  # a value that occurs at all stays visible
        text.append(f"{label:<{label_width}} ", style="bold" if label.strip() else "")
        text.append(mark * cells, style=style)
        text.append(f" {_pct(share)}\n", style=style)

    for i, label in enumerate(shown):
        name = _short(label, label_width)
        if planned is not None:
            bar(planned[i], PLANNED_MARK, "cyan", name)
            bar(actual[i], ACTUAL_MARK, "green", "")
        else:
            bar(actual[i], ACTUAL_MARK, "green", name)
    if len(labels) > len(shown):
        text.append(f"… {len(labels) - len(shown)} more in the table", style="dim")
    text.rstrip()
    return text


def figures_table(dist: dict[str, Any], limit: int = 30) -> RichTable:
    labels, planned, actual, xcaption = series(dist)
    table = RichTable(box=None, padding=(0, 1), header_style="bold")
    table.add_column(xcaption)
    if planned is not None:
        table.add_column("planned", justify="right", style="cyan")
    table.add_column("actual", justify="right", style="green")
    if planned is not None:
        table.add_column("Δ", justify="right")
    for i, label in enumerate(labels[:limit]):
        row: list[str | Text] = [_short(label, 18)]
        if planned is not None:
            delta = actual[i] - planned[i]
            style = "red" if abs(delta) >= 0.05 else ("yellow" if abs(delta) >= 0.02 else "dim")
            row += [_pct(planned[i]), _pct(actual[i]), Text(f"{100 * delta:+.1f}", style=style)]
        else:
            row.append(_pct(actual[i]))
        table.add_row(*row)
    if len(labels) > limit:
        table.add_row(Text(f"… {len(labels) - limit} more", style="dim"))
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
        table.add_row(m["name"], *(measure_text(m, s) for s in ("production", "planned", "actual")))
    return table


def caption(dist: dict[str, Any]) -> Text:
    nulls = dist.get("nulls") or {}
    text = Text.assemble(
        ("generator ", "dim"),
        (str(dist.get("generator")), "bold green"),
        (" (sandbox.toml)" if dist.get("declared") else " (inferred)", "dim"),
        ("   rows ", "dim"),
        (f"{dist.get('rows', 0):,}", "bold"),
        ("   NULL planned ", "dim"),
        (_pct(nulls.get("planned")), "cyan"),
        (" actual ", "dim"),
        (_pct(nulls.get("actual")), "green"),
    )
    planned = dist.get("planned") or {}
    actual = dist.get("actual") or {}
    if planned.get("range"):
        low, high = planned["range"]
        text.append(f"   planned range {low} … {high}", "cyan")
    if actual.get("min") is not None:
        text.append(f"   actual {actual['min']} … {actual['max']}, mean {actual.get('mean')}")
    children = dist.get("children")
    if children:
        text.append(f"\nparent {children.get('parent')}", "dim")
        spec = children.get("planned")
        if spec:
            text.append(
                f"   planned {spec.get('distribution')} {spec.get('min')}–{spec.get('max')}",
                "cyan",
            )
        if children.get("parents") is not None:
            text.append(
                f"   {children['parents']:,} parents, mean {children.get('mean')}, "
                f"max {children.get('max')} children",
                "green",
            )
    if not dist.get("generated"):
        text.append("\nnot generated yet: only the planned side is shown", "yellow")
    legend = f"{PLANNED_MARK} planned   {ACTUAL_MARK} actual"
    text.append(f"\n{legend}", "bold")
    return text


class DistributionChart(Vertical):
    """Shows one distribution; re-renders itself when resized."""

    DEFAULT_CSS = """
    DistributionChart { height: 1fr; }
    DistributionChart #chart-caption { height: auto; padding: 0 1; }
    DistributionChart > Horizontal { height: 1fr; }
    DistributionChart #chart-plot { width: 1fr; height: 1fr; }
    DistributionChart #chart-figures { width: 46; height: 1fr; padding: 0 1; }
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
        if size.width < 20 or size.height < 6:  # not laid out yet: on_resize draws again
            self.call_after_refresh(self._draw_plot)
            return
        self._draw_plot()

    def _draw_plot(self) -> None:
        if self.distribution is None:
            return
        plot = self.query_one("#chart-plot", Static)
        size = plot.content_size
        plot.update(render_chart(self.distribution, max(size.width, 30), max(size.height, 8)))
