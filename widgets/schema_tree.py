"""The schema tree: schemas → tables → columns, with keys, constraints, generators and row counts.

It only renders what it is given (the parsed model, generator decisions, planned and actual
counts); loading them is the screen's job, in workers."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual.message import Message
from textual.widgets import Tree
from textual.widgets.tree import TreeNode


@dataclass(frozen=True)
class NodeRef:
    """What a tree node stands for: a schema, a table or a column."""

    kind: str  # "schema" | "table" | "column"
    schema: str
    table: str | None = None  # qualified "schema.name"
    column: str | None = None


def column_markers(table: Any, column: str) -> list[str]:
    """PK / FK / UQ / CHECK markers for one column of a model Table."""
    marks: list[str] = []
    if table.primary_key and column in table.primary_key.columns:
        marks.append("PK")
    if any(column in fk.columns for fk in table.foreign_keys):
        marks.append("FK")
    if any(column in u.columns for u in table.uniques):
        marks.append("UQ")
    if any(column in c.expr.columns() for c in table.checks):
        marks.append("CHECK")
    return marks


def _count(value: int | None) -> str:
    return "—" if value is None else f"{value:,}"


class SchemaTree(Tree[NodeRef]):
    """Tree of the sandbox schema. Posts `TableSelected` / `ColumnSelected` on highlight."""

    DEFAULT_CSS = """
    SchemaTree { padding: 0 1; }
    """

    class TableSelected(Message):
        def __init__(self, table: str) -> None:
            super().__init__()
            self.table = table

    class ColumnSelected(Message):
        def __init__(self, table: str, column: str) -> None:
            super().__init__()
            self.table = table
            self.column = column

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("schema", id=id)
        self.show_root = False
        self.guide_depth = 3
        self._tables: dict[str, TreeNode[NodeRef]] = {}
        self._planned: dict[str, int] = {}
        self._from_file: set[str] = set()
        self._actual: dict[str, int | None] = {}

    # --- loading --------------------------------------------------------------------------

    def load(
        self,
        schema: Any,
        decisions: Mapping[tuple[str, str], Any],
        planned: Mapping[str, int],
        from_file: Collection[str] = (),
    ) -> None:
        """Rebuild from the model; `decisions` maps (table, column) to a ColumnDecision;
        `from_file`: tables whose planned rows are the ones schema.sql itself carries."""
        self.clear()
        self._tables.clear()
        self._planned = dict(planned)
        self._from_file = set(from_file)
        by_schema: dict[str, list[Any]] = {}
        for table in schema.tables.values():
            by_schema.setdefault(table.schema, []).append(table)
        for name in sorted(by_schema, key=lambda s: (s != "public", s)):
            snode = self.root.add(
                Text.assemble((name, "bold"), (f"  {len(by_schema[name])} tables", "dim")),
                data=NodeRef("schema", name),
                expand=True,
            )
            for table in by_schema[name]:
                tnode = snode.add(self._table_label(table.qualified, table.name), expand=False)
                tnode.data = NodeRef("table", name, table.qualified)
                self._tables[table.qualified] = tnode
                for col in table.columns:
                    decision = decisions.get((table.qualified, col.name))
                    tnode.add_leaf(
                        self._column_label(table, col, decision),
                        data=NodeRef("column", name, table.qualified, col.name),
                    )

    def set_planned(self, planned: Mapping[str, int]) -> None:
        self._planned = dict(planned)
        self._relabel()

    def set_actual(self, actual: Mapping[str, int | None]) -> None:
        self._actual = dict(actual)
        self._relabel()

    def _relabel(self) -> None:
        for qualified, node in self._tables.items():
            node.set_label(self._table_label(qualified, qualified.split(".", 1)[1]))

    def _table_label(self, qualified: str, name: str) -> Text:
        planned = self._planned.get(qualified)
        actual = self._actual.get(qualified)
        return Text.assemble(
            (name, "bold"),
            ("  from schema.sql " if qualified in self._from_file else "  planned ", "dim"),
            (_count(planned), "cyan"),
            ("  actual ", "dim"),
            (_count(actual), "green" if actual is not None and actual == planned else "yellow"),
        )

    @staticmethod
    def _column_label(table: Any, col: Any, decision: Any) -> Text:
        marks = column_markers(table, col.name)
        text = Text.assemble((col.name, ""), "  ", (col.type.sql(), "dim italic"))
        if not col.nullable:
            text.append(" NOT NULL", "dim")
        for mark in marks:
            text.append(f" {mark}", "bold magenta" if mark in ("PK", "FK") else "magenta")
        if decision is not None:
            text.append("  → ", "dim")
            text.append(decision.generator, "bold green" if decision.declared else "green")
        return text

    # --- selection --------------------------------------------------------------------------

    def select_table(self, qualified: str) -> None:
        """Move the cursor to a table (used by tests, the palette and the details pane)."""
        node = self._tables.get(qualified)
        if node is not None:
            if node.parent is not None:
                node.parent.expand()
            # Lines are rebuilt on the next refresh; before that an expanded node has none.
            self.call_after_refresh(self.move_cursor, node)

    def select_column(self, qualified: str, column: str) -> None:
        node = self._tables.get(qualified)
        if node is None:
            return
        node.expand()
        for child in node.children:
            if child.data is not None and child.data.column == column:
                self.call_after_refresh(self.move_cursor, child)
                return

    @property
    def current(self) -> NodeRef | None:
        node = self.cursor_node
        return node.data if node is not None else None

    def on_tree_node_highlighted(self, event: Tree.NodeHighlighted[NodeRef]) -> None:
        ref = event.node.data
        if ref is None:
            return
        if ref.kind == "table" and ref.table:
            self.post_message(self.TableSelected(ref.table))
        elif ref.kind == "column" and ref.table and ref.column:
            self.post_message(self.ColumnSelected(ref.table, ref.column))
