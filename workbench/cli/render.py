"""Terminal drawing for the headless front end: progress bars, tables and plotext charts.

Everything here returns or writes plain strings. Control characters (ANSI colours, carriage
returns) are only ever produced when the caller says the stream is a terminal, so output piped
to a file or read by an agent stays clean.
"""

from __future__ import annotations

import json
import shutil
import sys
import textwrap
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
from workbench.reads.charts import MIN_HEIGHT, draw, legend
from workbench.redact import redact
from workbench.units import counted, human_seconds


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


def _cell(value: Any) -> str:
    """One value as text: json (and arrays) as JSON, never as a Python repr."""
    if value is None:
        return ""
    if isinstance(value, dict | list):
        value = json.dumps(value, ensure_ascii=False, default=str)
    return printable(str(value))


_MIN_ROOM = 32  # the narrowest free text beside the other columns
_BELOW = 4  # the indent of a free text shown under its row


def table(
    headers: Sequence[str],
    rows: Sequence[Sequence[Any]],
    *,
    right: set[int] | None = None,
    width: int | None = None,
) -> str:
    """A plain aligned text table (columns in `right` are right-aligned). With `width`, the
    last column is a free text: each of its lines (a value's `\\n`) is wrapped to what the
    other columns leave of `width`, the lines after a row's first indented under it, so no
    line is padded to the longest text of the column (`classify`'s reasons)."""
    right = right or set()
    last = len(headers) - 1
    # One line per row: a name's line break or bidi control is shown escaped.
    cells = [[printable(str(h)) for h in headers]]
    cells += [[_cell(v) for v in r[:last]] + [_text_cell(r[last], width)] for r in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(last)]
    long_first: set[int] = set()  # rows whose first cell is alone on a line of its own
    if width is not None and last > 0 and sum(widths) + 2 * last > width:
        cap = max(len(cells[0][0]), width - sum(widths[1:]) - 2 * last)
        long_first = {n for n, row in enumerate(cells) if len(row[0]) > cap}
        widths[0] = max((len(r[0]) for n, r in enumerate(cells) if n not in long_first), default=0)
    room = None if width is None else width - sum(widths) - 2 * last
    # Too little room beside the other columns: the text goes under its row, indented.
    below = room is not None and width is not None and room < _MIN_ROOM
    if below and width is not None:
        room = max(20, width - _BELOW)
    texts = [[row[last]] if below and n == 0 else _wrapped(row[last], room)
             for n, row in enumerate(cells)]  # fmt: skip
    widths.append(len(texts[0][0]) if below else max(len(ln) for t in texts for ln in t))
    lines = []
    for n, (row, text) in enumerate(zip(cells, texts, strict=True)):
        parts = [
            cell.rjust(widths[i]) if i in right else cell.ljust(widths[i])
            for i, cell in enumerate(row[:last])
        ]
        inline = n == 0 or not below
        if n in long_first:
            lines.append(row[0])
            parts[0] = " " * widths[0]
        lines.append("  ".join([*parts, text[0] if inline else ""]).rstrip())
        indent = " " * (_BELOW if below else sum(widths[:last]) + 2 * last)
        lines += [indent + more for more in (text[1:] if inline else text) if more or not below]
        if n == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)


def _text_cell(value: Any, width: int | None) -> str:
    """The last column's value: its own lines kept (as `\\n`) when the table wraps it."""
    if width is None or not isinstance(value, str):
        return _cell(value)
    return "\n".join(printable(line) for line in value.split("\n"))


def _wrapped(cell: str, room: int | None) -> list[str]:
    if room is None:
        return [cell]
    lines = [
        wrapped
        for line in cell.split("\n")
        for wrapped in (textwrap.wrap(line, room, break_on_hyphens=False) or [""])
    ]
    return lines or [""]


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
            bound = [t for t in event.tables if t.get("at_most")]
            upto = "up to " if bound else ""
            tables, rows = counted(len(event.tables), "table"), counted(event.total_rows, "row")
            self._line(f"plan: {tables}, {upto}{rows}")
            for t in bound:  # rows a rule leaves out once the parents are made
                self._line(f"  {t['name']}: at most {t['rows']:,}: {t['at_most']}")
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


# --- charts ---------------------------------------------------------------------------------


def chart(dist: dict[str, Any], *, width: int = 80, height: int = 20, color: bool = False) -> str:
    """The review's chart (workbench/reads/charts.py, the TUI's too) drawn with plotext, on a figure
    of its own (as textual-plotext does): plotext's module-level figure is shared by the
    whole process, and what one chart set on it showed in the next one."""
    import plotext  # lazy: only `workbench dist` pays for it
    from plotext._figure import _figure_class  # plotext's figure (public API has no other)

    figure = _figure_class()
    draw(figure, dist, width=width, height=height)
    size = (max(width, 20), max(height, MIN_HEIGHT))
    figure.plotsize(*size)
    figure._set_size(*size)  # the size asked for, not capped at the terminal's
    figure.theme("clear" if not color else "default")
    text = figure.build()
    text = (text if color else plotext.uncolorize(text)).rstrip("\n")
    return f"{text}\n{legend(dist)}"
