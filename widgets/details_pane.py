"""The details pane: constraints, generator and a preview of sample values for the selected table
or column. Pure rendering; the screen loads the preview in a worker and calls `show_preview`."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table as RichTable
from rich.text import Text
from textual.widgets import Static

from workbench.printable import printable
from workbench.widgets.safe_text import markup_safe, plain
from workbench.widgets.schema_tree import column_markers
from workbench.widgets.vim import VimScroll


def _cols(cols: list[Any]) -> str:
    return ", ".join(c if c is not None else "(expr)" for c in cols)


def table_constraints(table: Any) -> list[tuple[str, str]]:
    """(kind, description) for every constraint of a model Table."""
    out: list[tuple[str, str]] = []
    if table.primary_key:
        out.append(("PK", f"({_cols(table.primary_key.columns)})"))
    for fk in table.foreign_keys:
        extra = f" ON DELETE {fk.on_delete}" if fk.on_delete != "NO ACTION" else ""
        extra += " DEFERRABLE" if fk.deferrable else ""
        out.append(
            ("FK", f"({_cols(fk.columns)}) → {fk.ref_qualified} ({_cols(fk.ref_columns)}){extra}")
        )
    for uq in table.uniques:
        parts = [
            c if c is not None else (e.sql if e is not None else "?")
            for c, e in zip(uq.columns, uq.expressions or [None] * len(uq.columns), strict=False)
        ]
        where = f" WHERE {uq.predicate.sql}" if uq.predicate is not None else ""
        out.append(("UQ", f"({', '.join(parts)}){where}"))
    for check in table.checks:
        out.append(("CHECK", check.expr.sql))
    return out


class DetailsPane(VimScroll):
    DEFAULT_CSS = """
    DetailsPane { border: round $secondary; padding: 0 1; }
    DetailsPane > Static { height: auto; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.border_title = "Details"

    def compose(self):  # type: ignore[override]
        yield Static(
            Text("Select a table or a column in the tree.", style="dim"), id="details-body"
        )
        yield Static("", id="details-preview")

    def _body(self, renderable: Any) -> None:
        self.query_one("#details-body", Static).update(renderable)

    def show_table(
        self, table: Any, planned: int | None, actual: int | None, section: Any = None
    ) -> None:
        self.border_title = markup_safe(f"Table {table.qualified}")
        head = Text.assemble(
            (printable(table.qualified), "bold"),
            f"  {len(table.columns)} columns   planned ",
            (f"{planned:,}" if planned is not None else "—", "cyan"),
            "   actual ",
            (f"{actual:,}" if actual is not None else "—", "green"),
        )
        lines = RichTable.grid(padding=(0, 2))
        lines.add_column(style="bold magenta")
        lines.add_column()
        for kind, text in table_constraints(table):
            lines.add_row(plain(kind), plain(text))
        parts: list[Any] = [head, Text(""), Text("Constraints", style="underline"), lines]
        children = getattr(section, "children", None)
        if children is not None:
            parts += [
                Text(""),
                plain(
                    f"rows derived from {children.parent}: {children.distribution} "
                    f"{children.min}–{children.max} children per parent",
                    style="italic",
                ),
            ]
        parts += [Text(""), Text("e: edit row count", style="dim")]
        self._body(Group(*parts))
        self.show_preview(None)

    def show_column(self, table: Any, column: Any, decision: Any) -> None:
        self.border_title = markup_safe(f"Column {table.qualified}.{column.name}")
        grid = RichTable.grid(padding=(0, 2))
        grid.add_column(style="bold")
        grid.add_column()
        _row(grid, "type", column.type.sql() + ("" if column.nullable else " NOT NULL"))
        marks = column_markers(table, column.name)
        _row(grid, "keys", " ".join(marks) or "—")
        if column.default is not None:
            _row(grid, "default", column.default.sql)
        if column.identity:
            _row(grid, "identity", column.identity)
        for fk in table.foreign_keys:
            if column.name in fk.columns:
                _row(grid, "references", f"{fk.ref_qualified} ({_cols(fk.ref_columns)})")
        for check in table.checks:
            if column.name in check.expr.sql:
                _row(grid, "check", check.expr.sql)
        if decision is not None:
            _row(grid, "generator", plain(decision.generator, "bold green"))
            _row(grid, "why", decision.reason or ("sandbox.toml" if decision.declared else ""))
            for key, value in decision.params.items():
                shown = value if len(repr(value)) < 120 else repr(value)[:117] + "…"
                _row(grid, f"  {key}", str(shown))
        if column.comment:
            _row(grid, "comment", column.comment)
        hint = Text("e: edit generator / weights   d: distribution", style="dim")
        self._body(Group(grid, Text(""), hint))
        self.show_preview("loading sample values…")

    def show_preview(self, values: list[Any] | str | None) -> None:
        """Sample values (a list), a status line (a str) or nothing (None)."""
        target = self.query_one("#details-preview", Static)
        if values is None:
            target.update("")
        elif isinstance(values, str):
            target.update(Text("\nPreview: ", style="dim") + plain(values, "dim"))
        else:
            text = Text("\n")
            text.append("Preview (generated, not written)", "underline")
            text.append("\n")
            for value in values:
                text.append("  ")
                if value is None:
                    text.append("NULL", "dim")
                else:
                    text.append(printable(str(value)))
                text.append("\n")
            target.update(text)

    def show_message(self, message: str) -> None:
        self.border_title = "Details"
        self._body(plain(message, "dim", multiline=True))
        self.show_preview(None)


def _row(grid: RichTable, key: str, value: Any) -> None:
    """A row of a details grid: a plain str would be parsed as Rich markup."""
    grid.add_row(plain(key), value if isinstance(value, Text) else plain(value))
