"""Pilot tests of the TUI's navigation on a big, partitioned schema (issue #15, items 7 and 8):
partitions under their parent, the tree filter, the palette's table finder, the estimate's
sort, the guard line, the row browser, the copied URL, the status line and the theme."""

from __future__ import annotations

from typing import Any

from textual.widgets import DataTable

from tests.conftest import shared_schema
from tests.tui.test_tui import SIZE, ready, sync, wait_until
from workbench.engine import Engine
from workbench.screens.app import make_app
from workbench.widgets.estimate_panel import EstimatePanel
from workbench.widgets.schema_tree import NodeRef, SchemaTree
from workbench.widgets.tree_filter import TreeFilter

# Pagila (PostgreSQL 15 dump): payment is partitioned by month into 55 partitions. Uneven rows
# per table so that sorting the estimate by rows, bytes or time gives different orders.
PAGILA_TOML = """
[generate]
rows = 40

[tables."public.film"]
rows = 300

[tables."public.customer"]
rows = 120

[tables."public.rental"]
rows = 200
"""


def pagila(make_project: Any, **kwargs: Any) -> Any:
    return make_project(shared_schema("pagila15.sql").read_text(), extra=PAGILA_TOML, **kwargs)


def top_tables(tree: SchemaTree) -> list[str]:
    """The tables directly under the schema nodes."""
    out: list[str] = []
    for snode in tree.root.children:
        out += [n.data.table for n in snode.children if n.data and n.data.kind == "table"]
    return out


def partitions_of(tree: SchemaTree, parent: str) -> list[str]:
    node = tree._tables[parent]
    groups = [n for n in node.children if n.data and n.data.kind == "partitions"]
    if not groups:
        return []
    return [n.data.table for n in groups[0].children if n.data and n.data.kind == "table"]


@sync
async def test_partitions_sit_under_their_parent_and_arrows_open_and_close(make_project) -> None:
    path = pagila(make_project)
    schema = Engine(path).schema()
    expected_parts = [t.qualified for t in schema.tables.values() if t.partition_of]
    assert len(expected_parts) >= 12  # the dump's monthly partitions
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        tree = screen.query_one(SchemaTree)
        top = top_tables(tree)
        assert "public.payment" in top and "public.film" in top
        assert not set(expected_parts) & set(top), "partitions must not sit beside their parent"
        assert partitions_of(tree, "public.payment") == expected_parts
        # every table, partitions included, is in the tree once
        assert sorted(tree._tables) == sorted(schema.tables)

        # → opens a closed table, → again goes into it; ← goes up, ← again closes it
        tree.select_table("public.payment")
        await pilot.pause()
        payment = tree._tables["public.payment"]
        assert tree.cursor_node is payment and not payment.is_expanded
        await pilot.press("right")
        assert payment.is_expanded
        await pilot.press("right")
        await pilot.pause()
        assert tree.current == NodeRef("column", "public", "public.payment", "payment_id")
        await pilot.press("left")
        assert tree.cursor_node is payment
        await pilot.press("left")
        assert not payment.is_expanded and tree.cursor_node is payment


@sync
async def test_slash_filters_the_tree_and_escape_clears_it(make_project) -> None:
    app = make_app(pagila(make_project))
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        tree = screen.query_one(SchemaTree)
        line = screen.query_one(TreeFilter)
        everything = top_tables(tree)
        assert not line.display
        await pilot.press("slash")
        assert line.display and line.has_focus
        await pilot.press(*"p2023")
        assert top_tables(tree) == ["public.payment"]
        parts = partitions_of(tree, "public.payment")
        assert len(parts) == 12 and all("p2023" in p for p in parts)
        await pilot.press("escape")
        assert top_tables(tree) == everything and not line.display and tree.has_focus
        assert len(partitions_of(tree, "public.payment")) > 12

        # A column's name finds its tables too; enter keeps the filter and goes to the tree,
        # where esc clears it.
        await pilot.press("slash", *"last_update")
        with_column = top_tables(tree)
        assert with_column and len(with_column) < len(everything)
        assert "public.payment" not in with_column  # payment has no last_update
        await pilot.press("enter")
        assert tree.has_focus and top_tables(tree) == with_column and line.display
        await pilot.press("escape")
        assert top_tables(tree) == everything and not line.display

        await pilot.press("slash", *"no_such_table_anywhere")
        assert top_tables(tree) == []
        await pilot.press("escape")
        assert top_tables(tree) == everything


@sync
async def test_palette_finds_a_table_by_name_and_selects_it(make_project) -> None:
    app = make_app(pagila(make_project))
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        tree = screen.query_one(SchemaTree)
        # hidden by a filter and two levels down: the palette still finds it
        await pilot.press("slash", *"film", "enter")
        assert "public.payment" not in top_tables(tree)
        await pilot.press("ctrl+p")
        await pilot.press(*"payment_p2024_03")
        await pilot.pause(0.5)  # the palette searches in the background
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.screen is screen and tree.current is not None)
        await wait_until(pilot, lambda: tree.current.table == "public.payment_p2024_03")
        assert tree.current.kind == "table"
        assert screen.query_one("#details").border_title == "Table public.payment_p2024_03"


@sync
async def test_s_cycles_the_estimate_through_rows_bytes_and_time(make_project) -> None:
    app = make_app(pagila(make_project))
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        panel = screen.query_one(EstimatePanel)
        table = panel.query_one(DataTable)
        estimate = {row["name"]: row for row in screen.model.estimate["tables"]}

        def shown() -> list[str]:
            keys = [row.key.value for row in table.ordered_rows]
            return [k for k in keys if k != "__total__"]

        schema_order = shown()
        assert schema_order == list(estimate)
        for expected, measure in (("rows", "rows"), ("bytes", "bytes"), ("seconds", "seconds")):
            await pilot.press("s")
            assert panel.sort_by == expected
            figures = [estimate[name].get(measure, 0) for name in shown()]
            assert figures == sorted(figures, reverse=True), expected
            assert shown() != schema_order
            assert table.ordered_rows[-1].key.value == "__total__"
        assert estimate[shown()[0]]["rows"] == 300 or panel.sort_by != "rows"
        await pilot.press("s")
        assert panel.sort_by == "schema" and shown() == schema_order


def guard_text(screen: Any) -> str:
    return str(screen.query_one("#estimate-target").render())


@sync
async def test_guard_line_never_sends_the_user_to_a_command_g_runs(make_project) -> None:
    # An embedded sandbox whose cluster does not exist yet, and a server without the database.
    for folder, kwargs in (("embedded", {"embedded": True}), ("no_db", {"create_db": False})):
        app = make_app(pagila(make_project, folder=folder, **kwargs))
        async with app.run_test(size=SIZE) as pilot:
            main = await ready(pilot)
            await wait_until(pilot, lambda m=main: "checking" not in guard_text(m))
            text = guard_text(main)
            assert "(g creates it)" in text, text
            assert "workbench" not in text.split("guard", 1)[1], text
