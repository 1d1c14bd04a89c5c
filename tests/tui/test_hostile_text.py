"""Hostile text on screen: table and column names with terminal escape sequences and Rich
markup, and generated values declared with them, are drawn as visible escapes by the tree,
the row browser and the distribution review (the real app against a real sandbox)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable

from tests.tui.test_distribution_review import shown, sync, wait_until
from workbench.engine import Engine
from workbench.screens.app import make_app
from workbench.screens.browse import BrowseScreen
from workbench.screens.distribution import DistributionScreen
from workbench.screens.main import MainScreen
from workbench.widgets.schema_tree import SchemaTree

TABLE = "public.esc\x1b]0;PWNED\x07tbl"
SCHEMA = """
CREATE TABLE public."esc\x1b]0;PWNED\x07tbl" (id serial PRIMARY KEY, "col\x1b[31mred" text);
CREATE TABLE public.victims (id serial PRIMARY KEY, label text NOT NULL, "[bold]loud[/]" text);
"""
TOML = r"""
seed = 3

[tables."public.victims"]
rows = 60

[tables."public.victims".columns.label.values]
"\u001b[2J\u001b[31mRED\u001b[0m" = 1
"\u001b]0;TITLE\u0007x" = 1
"[bold]b[/]\nnext\u009b" = 1
"""
RAW = ("\x1b", "\x07", "\x9b")


@pytest.fixture
def hostile(make_project) -> Path:  # type: ignore[no-untyped-def]
    path = make_project(SCHEMA, extra=TOML)
    Engine(path).generate(keep_snapshot=False)
    return path


def lines_of(widget: Any) -> str:
    """What the terminal is sent for a widget, as text: its rendered lines."""
    return "\n".join(widget.render_line(y).text for y in range(widget.size.height))


def assert_safe(text: str) -> None:
    for raw in RAW:
        assert raw not in text, f"raw {raw!r} on screen: {text!r}"


@sync
async def test_tree_browser_and_chart_show_control_characters_escaped(hostile) -> None:
    app = make_app(hostile)
    async with app.run_test(size=(160, 48)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, MainScreen) and app.screen.model)
        await app.workers.wait_for_complete()
        tree = app.screen.query_one(SchemaTree)
        tree.select_table(TABLE)
        await pilot.pause()
        tree._tables[TABLE].expand()
        tree._tables["public.victims"].expand()
        await pilot.pause(0.2)
        drawn = lines_of(tree)
        assert_safe(drawn)
        assert "esc\\x1b]0;PWNED\\x07tbl" in drawn
        assert "col\\x1b[31mred" in drawn
        assert "[bold]loud[/]" in drawn  # markup in a name is shown as written
        assert_safe(app.export_screenshot())

        tree.select_table("public.victims")
        await pilot.pause()
        await pilot.press("b")
        await wait_until(
            pilot, lambda: isinstance(app.screen, BrowseScreen) and app.screen.is_mounted
        )  # after HOLD
        browser = app.screen
        assert isinstance(browser, BrowseScreen)
        await wait_until(pilot, lambda: browser.page is not None)
        await pilot.pause(0.2)
        cells = lines_of(browser.query_one(DataTable))
        assert_safe(cells)
        assert "\\x1b[2J\\x1b[31mRED\\x1b[0m" in cells
        assert "\\x1b]0;TITLE\\x07x" in cells
        assert "[bold]b[/] next\\x9b" in cells  # one line (browse flattens it), markup literal
        assert "[bold]loud[/]" in cells  # the heading
        assert_safe(app.export_screenshot())

        await pilot.press("escape")
        await wait_until(
            pilot, lambda: isinstance(app.screen, MainScreen) and app.screen.is_mounted
        )
        app.screen.query_one(SchemaTree).select_column("public.victims", "label")
        await pilot.pause()
        await pilot.press("d")
        await wait_until(
            pilot, lambda: isinstance(app.screen, DistributionScreen) and app.screen.is_mounted
        )
        chart = await shown(pilot, "label")
        plot, figures = (lines_of(chart.query_one(f"#chart-{p}")) for p in ("plot", "figures"))
        assert_safe(plot + figures + lines_of(chart.query_one("#chart-caption")))
        assert "\\x1b]0;TITLE" in plot and "\\x1b]0;TITLE" in figures
        assert_safe(app.export_screenshot())
