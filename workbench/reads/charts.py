"""The charts of a distribution review, drawn with plotext on the figure they are given: the
plotext module itself (`workbench dist`) or a textual-plotext widget's `plt` (the TUI's `d`
screen). One module draws both, so the terminal and the TUI show the same chart.

- frequency bars for categories and fan-outs (horizontal, largest first), the planned share
  of each bar marked ◆ on it;
- a histogram for numbers and times, the planned law drawn over it as a line;
- a time series (rows per day, week or month) with the planned series over it;
- the relation of two numbers or times: a scatter.

`bars(dist)` lists the bars a chart draws, each with the rows it stands for (a filter for
the row browser), in the order a cursor moves through them."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from workbench.printable import printable

PLANNED_MARK = "◆"
ACTUAL_MARK = "█"
SELECTED = "▶ "
MAX_BARS = 24  # frequency bars drawn (the rest is said in words)
FRAME_ROWS = 5  # rows of a plotext chart that are not its canvas: title, frame, ticks, label
MIN_HEIGHT = 8


@dataclass(frozen=True)
class Bar:
    """One bar: its label and the rows it stands for (browse.RowFilter's fields, or None
    for a bar that stands for no rows one can list: "other values")."""

    label: str
    filter: dict[str, Any] | None = field(default=None, hash=False, compare=False)


def _short(text: Any, width: int) -> str:
    shown = printable(str(text))
    return shown if len(shown) <= width else shown[: max(1, width - 1)] + "…"


def bars(dist: dict[str, Any], view: str | None = None) -> list[Bar]:
    """The bars of the chart `draw` makes for `dist` (and `view`: a currency of an amount
    column split by currency), in the order they are drawn from the first."""
    review = dist.get("review") or {}
    rows = review.get("rows") or []
    column = dist.get("column", "")
    if dist.get("kind") in ("numeric", "date"):
        actual = _currency_side(dist, view) or dist.get("actual") or {}
        edges = actual.get("edges") or []
        log, date = bool(actual.get("log")), dist.get("kind") == "date"
        labels = [r["label"] for r in rows] if view is None else _bin_labels(actual)
        out = []
        for i, (low, high) in enumerate(edges):
            lo, hi = (math.exp(low), math.exp(high)) if log else (low, high)
            closed = i == len(edges) - 1
            spec = {"kind": "range", "column": column, "low": lo, "high": hi}
            out.append(Bar(labels[i] if i < len(labels) else "", {**spec, "closed": closed,
                                                                 "date": date}))  # fmt: skip
        return out
    out = []
    for row in rows[:MAX_BARS]:
        label = str(row["label"])
        if dist.get("kind") == "fk":
            out.append(Bar(label, _children_filter(column, label)))
        elif row.get("role") == "other":
            out.append(Bar(label, None))
        else:
            out.append(Bar(label, {"kind": "equals", "column": column, "value": label}))
    return out


def legend(dist: dict[str, Any], view: str | None = None) -> str:
    """What the marks mean, when there is a planned side to tell from the actual one."""
    rows = (dist.get("review") or {}).get("rows") or []
    if view is not None or not any(r.get("planned") is not None for r in rows):
        return f"{ACTUAL_MARK} actual"
    kind = dist.get("kind")
    planned = "─ planned" if kind in ("numeric", "date") else f"{PLANNED_MARK} planned"
    return f"{ACTUAL_MARK} actual   {planned}"


def _children_filter(column: str, label: str) -> dict[str, Any] | None:
    """A fan-out bar's parents: "3", "4–7", "≥ 16", "< 1", "> 8"."""
    numbers = [int(n) for n in re.findall(r"\d+", label)]
    if not numbers:
        return None
    if label.startswith("≥") or label.startswith(">"):
        low = numbers[0] + (1 if label.startswith(">") else 0)
        return {"kind": "children", "column": column, "low": low, "high": None}
    if label.startswith("<"):
        return {"kind": "children", "column": column, "low": 0, "high": numbers[0] - 1}
    return {"kind": "children", "column": column, "low": numbers[0], "high": numbers[-1]}


def _currency_side(dist: dict[str, Any], view: str | None) -> dict[str, Any] | None:
    if view is None:
        return None
    for side in (dist.get("actual") or {}).get("by_currency") or []:
        if side.get("currency") == view:
            return dict(side)
    return None


def _bin_labels(actual: dict[str, Any]) -> list[str]:
    return [f"{_num(b['low'])} – {_num(b['high'])}" for b in actual.get("bins") or []]


def _num(value: Any) -> str:
    """A bin's end in at most four significant digits (1,450, 3.02, 0.0012)."""
    if not isinstance(value, int | float) or not math.isfinite(value):
        return str(value)
    if value == int(value) and abs(value) < 1e6:
        return f"{int(value):,}"
    digits = max(0, 3 - math.floor(math.log10(abs(value)))) if value else 0
    return f"{value:,.{digits}f}"


def draw(
    plt: Any, dist: dict[str, Any], *, width: int, height: int, selected: int | None = None,
    view: str | None = None,
) -> None:  # fmt: skip
    """The review of one column on `plt` (cleared first): frequency bars, or a histogram
    with the planned law over it; `selected` marks a bar, `view` picks a currency."""
    _start(plt, width, height)
    rows = (dist.get("review") or {}).get("rows") or []
    if not rows:
        plt.title(_short(_title(dist, view), max(width - 4, 10)))
        plt.text("no values to chart yet: generate the sandbox first (ctrl+g)", 0, 0)
        return
    if dist.get("kind") in ("numeric", "date"):
        # plotext centres the title over the canvas, right of the y ticks (about 8 wide)
        plt.title(_short(_title(dist, view), max(width - 10, 10)))
        _histogram(plt, dist, rows, width=width, selected=selected, view=view)
    else:
        _frequency(plt, dist, rows, width=width, height=height, selected=selected)


def _start(plt: Any, width: int, height: int) -> None:
    plt.clear_figure()
    plt.plotsize(max(width, 20), max(height, MIN_HEIGHT))


def _title(dist: dict[str, Any], view: str | None = None) -> str:
    title = printable(str((dist.get("review") or {}).get("title", "")))
    return title + (f" ({view} only)" if view is not None else "")


def _frequency(
    plt: Any, dist: dict[str, Any], rows: list[dict[str, Any]], *, width: int, height: int,
    selected: int | None,
) -> None:  # fmt: skip
    """Horizontal bars, the first row on top; each bar's planned share marked ◆. Every bar
    gets the same whole number of text rows (see `bar_rows`), so none is drawn thicker than
    another or smeared over two labels."""
    canvas = max(height, MIN_HEIGHT) - FRAME_ROWS
    shown = rows[: min(MAX_BARS, canvas)]
    n = len(shown)
    longest = max(len(printable(str(r["label"]))) for r in shown) + len(SELECTED)
    label_width = max(6, min(longest, 30, max(8, width // 3)))
    labels = []
    for i, row in enumerate(shown):
        mark = SELECTED if i == selected else ""
        labels.append(mark + _short(row["label"], label_width - len(mark)))
    low, high, bar_width = bar_rows(n, canvas)
    # plotext puts the first bar at the bottom: hand them over in reverse
    actual = [100 * float(r["actual"] or 0.0) for r in shown]
    plt.bar(labels[::-1], actual[::-1], orientation="horizontal", marker=ACTUAL_MARK,
            width=bar_width, color="green")  # fmt: skip
    plt.ylim(low, high)
    planned = [r.get("planned") for r in shown]
    if any(p is not None for p in planned):
        ys = [n - i for i, p in enumerate(planned) if p is not None]
        xs = [100 * float(p) for p in planned if p is not None]
        plt.scatter(xs, ys, marker=PLANNED_MARK, color="cyan")
    unit = "parents" if (dist.get("review") or {}).get("unit") == "parents" else "rows"
    plt.xlabel(f"% of {unit}")
    if len(rows) > n:
        plt.ylabel(f"first {n} of {len(rows)}")
    plt.title(_short(_title(dist), max(width - label_width - 4, 10)))


def bar_rows(bars: int, canvas: int) -> tuple[float, float, float]:
    """The y range and bar width that give each of `bars` horizontal bars (at 1 … bars) the
    same rows of a canvas `canvas` text rows high: k = canvas // bars rows per bar, k - 1
    of them drawn and one left as a gap (k = 1: one row each, no gap); spare rows at the
    bottom. plotext maps y to the row floor(0.5 + (canvas - 1)(y - low) / (high - low)) and
    fills a bar's rows from its lower edge's to its upper edge's."""
    k = max(1, canvas // max(bars, 1))
    if k == 1:
        return bars - (canvas - 1), bars, 0.5
    return bars + 0.5 - canvas / k, bars + 0.5 - 1 / k, max(k - 1.5, 0.5) / k


def _histogram(
    plt: Any, dist: dict[str, Any], rows: list[dict[str, Any]], *, width: int,
    selected: int | None, view: str | None,
) -> None:  # fmt: skip
    """Bars per bin; the planned share of each bin as a line over them."""
    side = _currency_side(dist, view)
    if side is not None:
        counts = [int(b["count"] or 0) for b in side.get("bins") or []]
        total = sum(counts) or 1
        actual = [100 * c / total for c in counts]
        labels, planned = _bin_labels(side), [None] * len(counts)
    else:
        actual = [100 * float(r["actual"] or 0.0) for r in rows]
        labels = [str(r["label"]) for r in rows]
        planned = [r.get("planned") for r in rows]
    xs = list(range(1, len(actual) + 1))
    plt.bar(xs, actual, marker=ACTUAL_MARK, width=0.8, color="green", orientation="vertical")
    if selected is not None and 0 <= selected < len(actual):
        plt.bar([xs[selected]], [actual[selected]], marker=ACTUAL_MARK, width=0.8,
                orientation="vertical",
                color="yellow")  # fmt: skip
    if any(p is not None for p in planned):
        plt.plot(xs, [100 * float(p or 0.0) for p in planned], marker="braille", color="cyan")
    ticks = _ticks(len(xs), max(2, width // 16))
    plt.xticks([xs[i] for i in ticks], [_short(labels[i].split(" – ")[0], 12) for i in ticks])
    log = (side or dist.get("actual") or {}).get("log")
    plt.xlabel("value (log scale)" if log else "value")
    plt.ylabel("% of rows")


def _ticks(count: int, most: int) -> list[int]:
    """Evenly spread indices of at most `most` ticks over `count` bars, both ends kept."""
    if count <= most:
        return list(range(count))
    step = (count - 1) / (most - 1)
    return sorted({round(i * step) for i in range(most)})


def draw_series(plt: Any, series: dict[str, Any], *, width: int, height: int, title: str) -> None:
    """Rows per period as a line; the planned series (the generator's sample) over it."""
    _start(plt, width, height)
    plt.title(_short(f"{title}: rows per {series.get('unit', 'day')}", max(width - 4, 10)))
    points = series.get("points") or []
    if not points:
        plt.text("no values to chart yet", 0, 0)
        return
    xs = list(range(1, len(points) + 1))
    plt.plot(xs, [p["count"] for p in points], marker="braille", color="green", label="actual")
    planned = series.get("planned")
    if planned:
        plt.plot(xs, planned, marker="braille", color="cyan", label="planned")
    ticks = _ticks(len(xs), max(2, width // 14))
    plt.xticks([xs[i] for i in ticks], [points[i]["at"] for i in ticks])
    plt.ylabel("rows")


def draw_relation(plt: Any, relation: dict[str, Any], *, width: int, height: int) -> None:
    """Two numbers or times of one table: a scatter of sampled points. (The heat map of two
    categories is a table of counts, drawn as text by the TUI's chart widget.)"""
    _start(plt, width, height)
    x, y = printable(str(relation.get("x"))), printable(str(relation.get("y")))
    plt.title(_short(f"{y} against {x}", max(width - 4, 10)))
    points = relation.get("points") or []
    if not points:
        plt.text("no rows hold both values", 0, 0)
        return
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    plt.scatter(xs, ys, marker="braille", color="green")
    for axis, is_date in zip(("x", "y"), relation.get("dates") or (False, False), strict=False):
        if is_date:
            values = [p[0 if axis == "x" else 1] for p in points]
            low, high = min(values), max(values)
            ticks = [low + (high - low) * i / 3 for i in range(4)]
            shown = [datetime.fromtimestamp(t, UTC).date().isoformat() for t in ticks]
            (plt.xticks if axis == "x" else plt.yticks)(ticks, shown)
    plt.xlabel(x)
    plt.ylabel(y)
