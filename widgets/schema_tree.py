"""The schema tree: schemas → tables → columns, with keys, constraints, generators and row counts.

It only renders what it is given (the parsed model, generator decisions, planned and actual
counts); loading them is the screen's job, in workers."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.binding import BindingType
from textual.message import Message
from textual.widgets import Tree
from textual.widgets.tree import TreeNode

from workbench.printable import printable
from workbench.screens.keys import bindings
from workbench.units import counted
from workbench.widgets.vim import VimTree


@dataclass(frozen=True)
class NodeRef:
    """What a tree node stands for: a schema, a table or a column."""

    kind: str  # "schema" | "table" | "partitions" (a parent's group) | "column"
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


# A filter opens the first tables it finds by a column name, not hundreds of them ("a").
OPEN_BY_COLUMN = 25


def partition_groups(tables: Iterable[Any]) -> dict[str, list[Any]]:
    """Parent (qualified) → its partitions, in schema order."""
    groups: dict[str, list[Any]] = {}
    for table in tables:
        if table.partition_of:
            groups.setdefault(table.partition_of, []).append(table)
    return groups


def _matches(table: Any, wanted: str) -> bool:
    return wanted in table.qualified.lower() or any(
        wanted in col.name.lower() for col in table.columns
    )


def _kept(table: Any, groups: Mapping[str, list[Any]], wanted: str) -> bool:
    """Whether a filter keeps a table: it matches, or one of its partitions does."""
    if not wanted or _matches(table, wanted):
        return True
    return any(_kept(part, groups, wanted) for part in groups.get(table.qualified, ()))


def _count(value: int | None) -> str:
    return "—" if value is None else f"{value:,}"


class SchemaTree(VimTree):
    """Tree of the sandbox schema, partitions grouped under their parent. Posts
    `TableSelected` / `ColumnSelected` on highlight."""

    BINDINGS: ClassVar[list[BindingType]] = bindings("tree")

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

    class FilterCleared(Message):
        """esc in the tree emptied the filter (the screen closes its filter line)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("schema", id=id)
        self.show_root = False
        self.guide_depth = 3
        self._tables: dict[str, TreeNode[NodeRef]] = {}
        self._planned: dict[str, int] = {}
        self._from_file: set[str] = set()
        self._actual: dict[str, int | None] = {}
        self._schema: Any = None
        self._decisions: Mapping[tuple[str, str], Any] = {}
        self._unfilled: dict[str, Any] = {}  # tables whose columns are not in the tree yet
        self._opened = 0  # tables the filter opened on a matching column
        self.filter_text = ""

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
        self._schema, self._decisions = schema, decisions
        self._planned = dict(planned)
        self._from_file = set(from_file)
        self._rebuild()

    def filter(self, text: str) -> None:
        """Show only the tables whose name, or one of whose columns' names, holds `text`
        (any case); "" shows everything again."""
        self.filter_text = text.strip()
        if self._schema is not None:
            self._rebuild()

    def _rebuild(self) -> None:
        self.clear()
        self._tables.clear()
        self._unfilled.clear()
        self._opened = 0
        wanted = self.filter_text.lower()
        groups = partition_groups(self._schema.tables.values())
        by_schema: dict[str, list[Any]] = {}
        for table in self._schema.tables.values():
            if table.partition_of not in self._schema.tables:  # a partition sits under its parent
                by_schema.setdefault(table.schema, []).append(table)
        for name in sorted(by_schema, key=lambda s: (s != "public", s)):
            tables = [t for t in by_schema[name] if _kept(t, groups, wanted)]
            if wanted and not tables:
                continue
            count = (
                f"  {len(tables)} of {counted(len(by_schema[name]), 'table')}"
                if wanted
                else f"  {counted(len(tables), 'table')}"
            )
            snode = self.root.add(
                Text.assemble((printable(name), "bold"), (count, "dim")),
                data=NodeRef("schema", name),
                expand=True,
            )
            for table in tables:
                self._add_table(snode, table, groups, wanted)

    def _add_table(
        self, parent: TreeNode[NodeRef], table: Any, groups: dict[str, list[Any]], wanted: str
    ) -> None:
        tnode = parent.add(self._table_label(table.qualified, table.name), expand=False)
        tnode.data = NodeRef("table", table.schema, table.qualified)
        self._tables[table.qualified] = tnode
        # Columns are added when the table is first opened: a schema of hundreds of tables
        # builds (and filters) in milliseconds instead of seconds.
        self._unfilled[table.qualified] = table
        by_column = wanted and wanted not in table.name.lower() and self._opened < OPEN_BY_COLUMN
        if by_column and any(wanted in col.name.lower() for col in table.columns):
            self._opened += 1
            self._fill(table.qualified)
            tnode.expand()  # found by a column: show it
        parts = [p for p in groups.get(table.qualified, []) if _kept(p, groups, wanted)]
        if parts:
            total = len(groups[table.qualified])
            shown = f"{len(parts)} of {total}" if len(parts) != total else str(total)
            gnode = tnode.add(
                Text(f"partitions  {shown}", style="dim italic"),
                data=NodeRef("partitions", table.schema, table.qualified),
                expand=bool(wanted),
            )
            for part in parts:
                self._add_table(gnode, part, groups, wanted)
            if wanted:
                tnode.expand()

    def _fill(self, qualified: str) -> None:
        """Add a table's columns (once), above its partition group."""
        table = self._unfilled.pop(qualified, None)
        if table is None:
            return
        node = self._tables[qualified]
        group = node.children[0] if node.children else None
        for col in table.columns:
            decision = self._decisions.get((qualified, col.name))
            node.add_leaf(
                self._column_label(table, col, decision),
                data=NodeRef("column", table.schema, qualified, col.name),
                before=group,
            )

    def on_resize(self, event: events.Resize) -> None:
        """A new width changes no line of the tree: its lines are drawn again at that width
        (Textual keys them by width). Tree's own handler would also throw away the line list
        and measure every label again (render them all: 375 tables on musicbrainz) and ask
        for one more layout. With no line at all (a filter that kept nothing), the tree's
        width is the widget's: Tree's handler measures it."""
        if self.root.children:
            event.prevent_default()

    def get_label_width(self, node: TreeNode[NodeRef]) -> int:
        """What `Tree.render_label` would measure, without building the styled label: the
        expand icon and the label's cells (Tree measures every line at each rebuild)."""
        icon = ""
        if node.allow_expand:
            icon = self.ICON_NODE_EXPANDED if node.is_expanded else self.ICON_NODE
        return cell_len(icon) + cell_len(str(node.label))  # a Text: its plain text

    def on_tree_node_expanded(self, event: Tree.NodeExpanded[NodeRef]) -> None:
        ref = event.node.data
        if ref is not None and ref.kind == "table" and ref.table:
            self._fill(ref.table)

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
            (printable(name), "bold"),
            ("  from schema.sql " if qualified in self._from_file else "  planned ", "dim"),
            (_count(planned), "cyan"),
            ("  actual ", "dim"),
            (_count(actual), "green" if actual is not None and actual == planned else "yellow"),
        )

    @staticmethod
    def _column_label(table: Any, col: Any, decision: Any) -> Text:
        marks = column_markers(table, col.name)
        type_sql = printable(col.type.sql())
        text = Text.assemble((printable(col.name), ""), "  ", (type_sql, "dim italic"))
        if not col.nullable:
            text.append(" NOT NULL", "dim")
        for mark in marks:
            text.append(f" {mark}", "bold magenta" if mark in ("PK", "FK") else "magenta")
        if decision is not None:
            text.append("  → ", "dim")
            style = "bold green" if decision.declared else "green"
            text.append(printable(decision.generator), style)
        return text

    # --- selection --------------------------------------------------------------------------

    def select_table(self, qualified: str) -> None:
        """Move the cursor to a table (used by tests, the palette and the details pane)."""
        node = self._tables.get(qualified)
        if node is None and self.filter_text:
            self.filter("")  # the table is hidden by the filter: show everything again
            node = self._tables.get(qualified)
        if node is not None:
            parent = node.parent
            while parent is not None:  # a partition sits two levels below its parent table
                parent.expand()
                parent = parent.parent
            # Lines are rebuilt on the next refresh; before that an expanded node has none.
            self.call_after_refresh(self.move_cursor, node)

    @property
    def table_names(self) -> list[str]:
        """Every table of the schema, filtered or not (the palette's table finder)."""
        return list(self._schema.tables) if self._schema is not None else []

    def select_column(self, qualified: str, column: str) -> None:
        node = self._tables.get(qualified)
        if node is None and self.filter_text:
            self.filter("")
            node = self._tables.get(qualified)
        if node is None:
            return
        self._fill(qualified)
        parent = node.parent
        while parent is not None:
            parent.expand()
            parent = parent.parent
        node.expand()
        for child in node.children:
            if child.data is not None and child.data.column == column:
                self.call_after_refresh(self.move_cursor, child)
                return

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "clear_filter":
            return bool(self.filter_text)  # else esc goes on to the screen (cancel)
        return True

    def action_clear_filter(self) -> None:
        self.filter("")
        self.post_message(self.FilterCleared())

    def action_vim_left(self) -> None:
        self.action_collapse()

    def action_vim_right(self) -> None:
        self.action_expand()

    def first_match(self) -> None:
        """After a filter: the cursor on the first table it kept (or its matching column), so
        the next key acts on what the filter found, not on the line the cursor had."""
        for node in self._tables.values():
            target = node
            if node.is_expanded:
                wanted = self.filter_text.lower()
                target = next(
                    (
                        c
                        for c in node.children
                        if c.data is not None and c.data.column and wanted in c.data.column.lower()
                    ),
                    node,
                )
            self.call_after_refresh(self.move_cursor, target)
            return

    def action_collapse(self) -> None:
        """←: close the node under the cursor, or go up to its parent when it is closed."""
        node = self.cursor_node
        if node is None:
            return
        if node.allow_expand and node.is_expanded:
            node.collapse()
        elif node.parent is not None and node.parent is not self.root:
            self.move_cursor(node.parent)

    def action_expand(self) -> None:
        """→: open the node under the cursor, or go down to its first child when open."""
        node = self.cursor_node
        if node is None or not node.allow_expand:
            return
        if node.data is not None and node.data.kind == "table" and node.data.table:
            self._fill(node.data.table)
        if not node.is_expanded:
            node.expand()
        elif node.children:
            self.call_after_refresh(self.move_cursor, node.children[0])

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
