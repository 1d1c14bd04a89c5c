"""The estimate panel: rows, bytes and seconds per table and in total (the whole run, its phases
said under the target), the target (never with its password) and the guard's verdict."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import DataTable, Static

from workbench.printable import printable
from workbench.units import human_bytes, human_seconds, phase_parts
from workbench.widgets.safe_text import plain
from workbench.widgets.vim import VimDataTable

# `s` cycles these: schema order, then the largest first by each measure.
SORT_ORDERS = ("schema", "rows", "bytes", "seconds")
_SORT_TITLES = {"rows": "rows", "bytes": "bytes", "seconds": "time"}


def sorted_rows(rows: list[dict[str, Any]], by: str) -> list[dict[str, Any]]:
    """Estimate rows largest first by `by` (rows count the ones schema.sql carries too)."""
    if by == "schema":
        return list(rows)

    def measure(row: dict[str, Any]) -> float:
        if by == "rows":
            return float(row.get("rows", 0) or row.get("from_schema_sql", 0) or 0)
        return float(row.get(by, 0) or 0)

    return sorted(rows, key=measure, reverse=True)


_FIGURES = ("rows", "bytes", "time")  # the figure columns, most needed first
_KEYS = ("rows", "bytes", "seconds")
_MAX_HEIGHT_PERCENT = 45  # the table's max-height, of the screen's (header included)


@dataclass
class _Line:
    key: str
    name: str
    style: str
    figures: tuple[str, str, str]  # rows, bytes, time as shown
    bold: bool = False


def fit_columns(name: int, figures: list[int], width: int) -> tuple[int, list[tuple[int, int]]]:
    """(name width, [(figure index, width)]) for a table `width` cells wide (0: unknown, all
    at their natural width). Figures are never cut: the name shrinks first (to 8), then the
    least needed figure columns go (time, then bytes); each column has a cell of padding
    either side."""
    shown = list(enumerate(figures))
    if width <= 0:
        return name, shown
    while True:
        room = width - sum(w + 2 for _, w in shown) - 2
        if room >= min(name, 8) or len(shown) == 1:
            return max(min(name, room), 4), shown
        shown.pop()


def _look(text: Text) -> tuple[str, str]:
    """What a cell shows, to tell whether it changed (Text's == ignores its style)."""
    return text.plain, str(text.style)


def _natural_widths(lines: list[_Line]) -> tuple[int, tuple[int, ...]]:
    """The widest name (5 without any) and each figure column's widest text or title."""
    return max((len(line.name) for line in lines), default=5), tuple(
        max(len(title), *(len(line.figures[i]) for line in lines))
        for i, title in enumerate(_FIGURES)
    )


class EstimateTable(VimDataTable):
    """The estimate's table: a row cursor only while focused (`2`), to read long lists."""

    def on_focus(self) -> None:
        self.cursor_type = "row"

    def on_blur(self) -> None:
        self.cursor_type = "none"


class EstimatePanel(Vertical):
    """Shows an `Engine.estimate().to_dict()` and the target line; no data loading inside."""

    DEFAULT_CSS = """
    EstimatePanel { height: auto; max-height: 60%; border: round $primary; padding: 0 1; }
    EstimatePanel > #estimate-target { height: auto; }
    EstimatePanel > #estimate-phases { height: auto; max-height: 2; color: $text-muted; }
    EstimatePanel > DataTable { height: auto; max-height: 45vh; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.border_title = "Estimate"
        self._target = Text("target: …", style="dim")
        self._verdict = Text("guard: checking…", style="dim")
        self.sort_by = "schema"
        self._shown: tuple[dict[str, Any], str | None] | None = None
        self._fitted_width = 0
        self._lines: list[_Line] = []
        self._fit: tuple[int, list[tuple[int, int]]] | None = None  # the columns drawn
        # the lines' name and figure widths, measured once for the lines they were taken of
        self._natural: tuple[list[_Line], int, tuple[int, ...]] | None = None
        self._drawn_rows: list[str] = []  # the row keys in the table, in order
        self._drawn_cells: dict[str, dict[str, tuple[str, str]]] = {}  # their cells' looks
        self.phases_text = ""

    def compose(self) -> ComposeResult:
        yield Static(self._target_text(), id="estimate-target")
        yield Static("", id="estimate-phases")
        table = EstimateTable(id="estimate-table", cursor_type="none", zebra_stripes=True)
        table.add_column("table", key="table")
        table.add_column("rows", key="rows")
        table.add_column("bytes", key="bytes")
        table.add_column("time", key="seconds")
        yield table

    def _target_text(self) -> Text:
        return Text.assemble("target ", self._target, "\n", "guard  ", self._verdict)

    def show_target(self, display: str, verdict: str, ok: bool | None) -> None:
        """`ok`: True allowed, False refused, None unknown (e.g. server not running)."""
        self._target = Text(printable(display), style="bold")
        style = {True: "bold green", False: "bold red", None: "yellow"}[ok]
        self._verdict = Text(printable(verdict, multiline=True), style=style)
        self.query_one("#estimate-target", Static).update(self._target_text())

    def cycle_sort(self) -> str:
        """Next order of SORT_ORDERS; the table is redrawn in it. Returns the order."""
        self.sort_by = SORT_ORDERS[(SORT_ORDERS.index(self.sort_by) + 1) % len(SORT_ORDERS)]
        title = _SORT_TITLES.get(self.sort_by)
        self.border_subtitle = f"largest {title} first (s)" if title else ""
        if self._shown is not None:
            self.show_estimate(self._shown[0], highlight=self._shown[1])
        return self.sort_by

    def show_estimate(self, estimate: dict[str, Any], *, highlight: str | None = None) -> None:
        self._shown = (estimate, highlight)
        parts = phase_parts(estimate)
        phases = ""
        if parts:  # the total's time is the whole run: what it is made of (80 columns: the
            # total first, its table has no room for the time column)
            whole = human_seconds(float((estimate.get("total") or {}).get("seconds", 0.0)))
            phases = f"run {whole}: " + " · ".join(parts[:-1]) + f" ({parts[-1]})"
        self.phases_text = phases  # whole, however much of it the panel shows
        self.query_one("#estimate-phases", Static).update(plain(phases))
        lines: list[_Line] = []
        for row in sorted_rows(estimate.get("tables", []), self.sort_by):
            name = row["name"].removeprefix("public.")
            style = "bold reverse" if row["name"] == highlight else ""
            rows = f"{row['rows']:,}"
            if row.get("from_schema_sql"):
                rows = f"{row['from_schema_sql']:,} from schema.sql"
            lines.append(
                _Line(
                    row["name"],
                    name,
                    style,
                    (rows, human_bytes(row.get("bytes", 0)), human_seconds(row.get("seconds", 0))),
                )
            )
        total = estimate.get("total") or {}
        if total:
            figures = (
                f"{total.get('rows', 0):,}",
                human_bytes(total.get("bytes", 0)),
                human_seconds(total.get("seconds", 0.0)),
            )
            lines.insert(0, _Line("__total__", "total", "bold", figures, bold=True))
        self._fill(lines)

    def on_resize(self) -> None:
        # Column widths follow the panel's width. Most resizes change the name column's
        # width alone: that column is set, no cell written again (the names are cut with an
        # ellipsis as they are drawn). The cells are refilled only when a figure column
        # goes or comes back (a refill of musicbrainz's 372 rows took 20 ms, 0.1 s busy).
        if self._shown is None or self.content_size.width == self._fitted_width:
            return
        self._fitted_width = self.content_size.width
        fit = self._columns(self._lines)
        if fit == self._fit:
            return
        if self._fit is not None and fit[1] == self._fit[1] and self._drawn_rows:
            self._set_name_width(fit[0])
            self._fit = fit
        else:
            self._fill(self._lines)

    def _set_name_width(self, width: int) -> None:
        table = self.query_one(EstimateTable)
        table.ordered_columns[0].width = width
        # The table measures its size again from one cell (the widths are fixed, so none of
        # them changes): the longest name's, or it would measure every cell of the column.
        longest = max(self._lines, key=lambda line: len(line.name)).key
        name = table.get_cell(longest, "table")
        table.update_cell(longest, "table", name, update_width=True)

    def _columns(self, lines: list[_Line]) -> tuple[int, list[tuple[int, int]]]:
        """(the name column's width, (figure index, width) of the figures shown) for `lines`
        at the panel's width."""
        width = self.content_size.width
        if len(lines) + 1 > self.screen.size.height * _MAX_HEIGHT_PERCENT // 100:
            width -= 2  # the vertical scrollbar
        if self._natural is None or self._natural[0] is not lines:
            self._natural = (lines, *_natural_widths(lines))
        return fit_columns(self._natural[1], list(self._natural[2]), width)

    def _fill(self, lines: list[_Line]) -> None:
        """Draw `lines` at the panel's width. When the same tables are shown in the same
        order, only what changed is touched (column widths and labels, the cells whose text
        or style changed, a figure column dropped or brought back): no clear, so no flicker,
        and the cursor and the scroll stay. Otherwise the table is refilled, its cursor kept
        on the same table."""
        table = self.query_one(EstimateTable)
        self._fitted_width = self.content_size.width
        self._lines = lines
        self._fit = name_width, shown = self._columns(lines)
        columns = [("table", name_width, "table")]
        columns += [(_KEYS[i], w, _FIGURES[i].rjust(w)) for i, w in shown]
        cells = {line.key: self._cells(line, shown) for line in lines}
        keys = [line.key for line in lines]
        if keys and keys == self._drawn_rows:
            self._update(table, columns, cells)
        else:
            self._refill(table, columns, lines, cells)
        self._drawn_rows = keys
        self._drawn_cells = {
            key: {c: _look(t) for c, t in row.items()} for key, row in cells.items()
        }

    @staticmethod
    def _cells(line: _Line, shown: list[tuple[int, int]]) -> dict[str, Text]:
        # the name whole: the table cuts it to its column's width as it draws it
        name = Text(printable(line.name), style=line.style, no_wrap=True, overflow="ellipsis")
        style = "bold" if line.bold else ""
        row = {"table": name}
        for i, w in shown:
            row[_KEYS[i]] = Text(line.figures[i].rjust(w), style=style)
        return row

    def _update(
        self,
        table: EstimateTable,
        columns: list[tuple[str, int, str]],
        cells: dict[str, dict[str, Text]],
    ) -> None:
        """The rows are those drawn: change only what differs from what is drawn."""
        wanted = {key for key, _, _ in columns}
        for gone in list(table.ordered_columns):
            if gone.key.value not in wanted:  # a figure column no longer fits
                table.remove_column(gone.key)
        drawn = {column.key.value: column for column in table.ordered_columns}
        resized = False
        for key, width, label in columns:
            found = drawn.get(key)
            if found is None:  # room again for a figure column (they go and come at the end)
                table.add_column(label, key=key, width=width)
                resized = True
            elif found.width != width or found.label.plain != label:
                found.width, found.label = width, Text(label)
                resized = True
        for row_key, row in cells.items():
            before = self._drawn_cells.get(row_key, {})
            for column_key, text in row.items():
                if column_key not in drawn or before.get(column_key) != _look(text):
                    table.update_cell(row_key, column_key, text)
        if resized:
            # the table's size follows its columns' (measured again from one cell: the
            # widths are fixed, so none of them changes; the longest name's, or it would
            # measure every cell of the column)
            row_key = max(self._lines, key=lambda line: len(line.name)).key
            table.update_cell(row_key, "table", cells[row_key]["table"], update_width=True)

    def _refill(
        self,
        table: EstimateTable,
        columns: list[tuple[str, int, str]],
        lines: list[_Line],
        cells: dict[str, dict[str, Text]],
    ) -> None:
        at = table.cursor_row
        cursor = self._drawn_rows[at] if 0 <= at < len(self._drawn_rows) else None
        table.fixed_rows = 0  # (a fixed row must exist whenever the table is drawn)
        table.clear(columns=True)
        for key, width, label in columns:
            table.add_column(label, key=key, width=width)
        for line in lines:
            table.add_row(*cells[line.key].values(), key=line.key)
        # The total comes first and does not scroll: in view however long the list.
        table.fixed_rows = int(bool(lines) and lines[0].key == "__total__")
        keys = [line.key for line in lines]
        if cursor in keys and keys.index(cursor) != table.cursor_row:
            table.move_cursor(row=keys.index(cursor))  # the same table, wherever it went

    def show_unavailable(self, reason: str) -> None:
        self._shown = None
        self._drawn_rows, self._drawn_cells = [], {}
        self.query_one("#estimate-phases", Static).update("")
        table = self.query_one(DataTable)
        table.fixed_rows = 0
        table.clear(columns=True)  # one column: the reason, wrapped to the panel's width
        table.add_column("estimate", key="table", width=max(self.content_size.width - 2, 20))
        table.add_row(Text(printable(reason, multiline=True), style="dim"), height=None)
