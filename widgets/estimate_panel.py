"""The estimate panel: rows, bytes and seconds per table and in total, the target (never with its
password) and the guard's verdict."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import DataTable, Static

from workbench.units import human_bytes, human_seconds

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


class EstimatePanel(Vertical):
    """Shows an `Engine.estimate().to_dict()` and the target line; no data loading inside."""

    DEFAULT_CSS = """
    EstimatePanel { height: auto; max-height: 60%; border: round $primary; padding: 0 1; }
    EstimatePanel > #estimate-target { height: auto; }
    EstimatePanel > DataTable { height: auto; max-height: 16; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.border_title = "Estimate"
        self._target = Text("target: …", style="dim")
        self._verdict = Text("guard: checking…", style="dim")
        self.sort_by = "schema"
        self._shown: tuple[dict[str, Any], str | None] | None = None

    def compose(self) -> ComposeResult:
        yield Static(self._target_text(), id="estimate-target")
        table: DataTable[Any] = DataTable(
            id="estimate-table", cursor_type="none", zebra_stripes=True
        )
        table.add_column("table", key="table")
        table.add_column("rows", key="rows")
        table.add_column("bytes", key="bytes")
        table.add_column("time", key="seconds")
        yield table

    def _target_text(self) -> Text:
        return Text.assemble("target ", self._target, "\n", "guard  ", self._verdict)

    def show_target(self, display: str, verdict: str, ok: bool | None) -> None:
        """`ok`: True allowed, False refused, None unknown (e.g. server not running)."""
        self._target = Text(display, style="bold")
        style = {True: "bold green", False: "bold red", None: "yellow"}[ok]
        self._verdict = Text(verdict, style=style)
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
        table = self.query_one(DataTable)
        table.clear()
        for row in sorted_rows(estimate.get("tables", []), self.sort_by):
            name = row["name"].removeprefix("public.")
            style = "bold reverse" if row["name"] == highlight else ""
            rows = Text(f"{row['rows']:,}", justify="right")
            if row.get("from_schema_sql"):
                rows = Text(f"{row['from_schema_sql']:,} from schema.sql", justify="right")
            table.add_row(
                Text(name, style=style),
                rows,
                Text(human_bytes(row.get("bytes", 0)), justify="right"),
                Text(human_seconds(row.get("seconds", 0.0)), justify="right"),
                key=row["name"],
            )
        total = estimate.get("total") or {}
        if total:
            table.add_row(
                Text("total", style="bold"),
                Text(f"{total.get('rows', 0):,}", style="bold", justify="right"),
                Text(human_bytes(total.get("bytes", 0)), style="bold", justify="right"),
                Text(human_seconds(total.get("seconds", 0.0)), style="bold", justify="right"),
                key="__total__",
            )

    def show_unavailable(self, reason: str) -> None:
        self._shown = None
        table = self.query_one(DataTable)
        table.clear()
        table.add_row(Text(reason, style="dim"), "", "", "")
