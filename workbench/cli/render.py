"""Terminal drawing for the headless front end: progress bars, tables and plotext charts.

Everything here returns or writes plain strings. Control characters (ANSI colours, carriage
returns) are only ever produced when the caller says the stream is a terminal, so output piped
to a file or read by an agent stays clean.
"""

from __future__ import annotations

import json
import shutil
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

from workbench.events import (
    Event,
    Info,
    PhaseChanged,
    PlanReady,
    RowsWritten,
    TableDone,
    TableStarted,
    Warning,
)
from workbench.printable import printable
from workbench.redact import redact
from workbench.units import human_seconds

PLANNED_MARK, ACTUAL_MARK = "▒", "█"


def is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def terminal_width(default: int = 80) -> int:
    return max(40, min(shutil.get_terminal_size((default, 24)).columns, 160))


def bar(fraction: float, width: int = 30) -> str:
    """A text progress bar: eighth blocks, no control characters."""
    fraction = min(max(fraction, 0.0), 1.0)
    eighths = round(fraction * width * 8)
    full, part = divmod(eighths, 8)
    partial = " ▏▎▍▌▋▊▉"[part] if part and full < width else ""
    return ("█" * full + partial).ljust(width, " ")


def table(
    headers: Sequence[str], rows: Sequence[Sequence[Any]], *, right: set[int] | None = None
) -> str:
    """A plain aligned text table (columns in `right` are right-aligned)."""
    right = right or set()
    cells = [[str(h) for h in headers]] + [["" if v is None else str(v) for v in r] for r in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(headers))]
    lines = []
    for n, row in enumerate(cells):
        parts = [
            cell.rjust(widths[i]) if i in right else cell.ljust(widths[i])
            for i, cell in enumerate(row)
        ]
        lines.append("  ".join(parts).rstrip())
        if n == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)


# --- progress ---------------------------------------------------------------------------------


@dataclass
class ProgressPrinter:
    """Renders engine events: JSON lines (`as_json`), a live bar redrawn in place on a
    terminal, or one plain line per table otherwise."""

    stream: TextIO = field(default_factory=lambda: sys.stderr)
    as_json: bool = False
    live: bool = False
    total_rows: int = 0
    done_rows: int = 0
    _table_rows: int = 0
    _started: float = field(default_factory=time.monotonic)
    _last_draw: float = 0.0
    _drawn: bool = False

    def __call__(self, event: Event) -> None:
        if self.as_json:
            self.stream.write(redact(json.dumps(event.to_dict(), default=str)) + "\n")
            self.stream.flush()
            return
        if isinstance(event, PlanReady):
            self.total_rows = event.total_rows
            self._line(f"plan: {len(event.tables)} table(s), {event.total_rows:,} rows")
        elif isinstance(event, PhaseChanged):
            detail = f" ({event.detail})" if event.detail else ""
            self._line(f"{event.phase}{detail}")
        elif isinstance(event, TableStarted):
            self._table_rows = 0
            self._draw(event.table, 0, event.rows, force=True)
        elif isinstance(event, RowsWritten):
            self.done_rows += event.written - self._table_rows
            self._table_rows = event.written
            self._draw(event.table, event.written, event.total)
        elif isinstance(event, TableDone):
            self.done_rows += event.rows - self._table_rows
            self._table_rows = event.rows
            self._line(f"  {event.table}: {event.rows:,} rows in {human_seconds(event.seconds)}")
        elif isinstance(event, Warning):
            self._line(f"warning: {event.message}")
        elif isinstance(event, Info):
            self._line(event.message)

    def _draw(self, name: str, written: int, total: int, *, force: bool = False) -> None:
        if not self.live:
            return  # without a terminal: no redraws, only the per-table lines
        now = time.monotonic()
        if not force and now - self._last_draw < 0.1:
            return
        self._last_draw = now
        overall = self.done_rows / self.total_rows if self.total_rows else 0.0
        elapsed = now - self._started
        rate = self.done_rows / elapsed if elapsed > 0 else 0.0
        counts = f"{written:,}/{total:,}  {rate:,.0f} rows/s"
        text = f"  {bar(overall, 24)} {overall:4.0%}  {printable(name)} {counts}"
        width = terminal_width()
        self.stream.write("\r\x1b[2K" + text[: width - 1])
        self.stream.flush()
        self._drawn = True

    def _line(self, text: str) -> None:
        if self._drawn:
            self.stream.write("\r\x1b[2K")
            self._drawn = False
        self.stream.write(printable(redact(text)) + "\n")
        self.stream.flush()

    def finish(self) -> None:
        if self._drawn:
            self.stream.write("\r\x1b[2K")
            self.stream.flush()
            self._drawn = False


# --- charts -----------------------------------------------------------------------------------


def _figure(width: int, height: int, title: str) -> Any:
    import plotext  # lazy: only `workbench dist` pays for it

    fig = plotext.figure
    fig.clear()
    fig.plot_size(width, height)
    if title:
        fig.title(title)
    return fig


def bar_chart(
    labels: Sequence[str],
    actual: Sequence[float],
    planned: Sequence[float] | None = None,
    *,
    title: str = "",
    width: int = 72,
    height: int = 16,
    color: bool = False,
    horizontal: bool = False,
) -> str:
    """Bars (shares or counts) per label; with `planned`, planned ▒ beside actual █."""
    if not labels:
        return "(no values)"
    fig = _figure(width, height, title)
    labels = [str(label)[:18] for label in labels]
    orientation = "horizontal" if horizontal else "vertical"
    if planned is not None:
        signal = fig.bar(
            list(labels),
            [list(planned), list(actual)],
            marker=[PLANNED_MARK, ACTUAL_MARK],
            orientation=orientation,
        )
    else:
        signal = fig.bar(list(labels), list(actual), marker=ACTUAL_MARK, orientation=orientation)
    fig.draw(signal)
    return fig.build().string(colorless=not color).rstrip("\n")


def legend(planned: bool = True) -> str:
    parts = [f"{ACTUAL_MARK} actual"]
    if planned:
        parts.insert(0, f"{PLANNED_MARK} planned")
    return "   ".join(parts)
