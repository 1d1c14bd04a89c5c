"""What keeps the screen quick on a big schema (issue 27: help and resize during a musicbrainz
generate): the help drawn once and kept across opens, the estimate's columns refitted to a
resize (its rows refilled only when the columns change), and the schema model kept out of the
garbage collector's full passes. Figures are in bench/bench_tui.py; these tests check the
behaviour on the shipped example."""

from __future__ import annotations

import gc
import shutil
import weakref
from pathlib import Path

import pytest
from textual.widgets import DataTable

from tests.tui.test_tui import ready, sync, wait_until
from workbench.screens.app import make_app
from workbench.screens.help import HelpScreen
from workbench.widgets.estimate_panel import EstimatePanel
from workbench.widgets.keys_footer import KeysFooter
from workbench.widgets.progress_view import ProgressView
from workbench.widgets.rendered_once import RenderedOnce
from workbench.widgets.schema_tree import SchemaTree

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def example(tmp_path: Path) -> Path:
    for name in ("sandbox.toml", "schema.sql"):
        shutil.copy(REPO / name, tmp_path / name)
    return tmp_path / "sandbox.toml"


@sync
async def test_help_is_drawn_once_and_kept_for_the_next_open(example: Path) -> None:
    app = make_app(example)
    async with app.run_test(size=(120, 40)) as pilot:
        main = await ready(pilot)
        await pilot.press("question_mark")
        await wait_until(
            pilot, lambda: isinstance(app.screen, HelpScreen) and app.screen.is_mounted
        )
        first = app.screen.query_one(RenderedOnce)
        await wait_until(pilot, lambda: first.size.width > 0)
        width = first.size.width
        drawn = first.lines(width)
        text = "\n".join(strip.text for strip in drawn)
        assert "esc, F1, ? or q closes this help" in text and "ctrl+g" in text
        assert first.size.height == len(drawn)  # every line of it, scrolled in its box
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is main)
        await pilot.press("question_mark")
        await wait_until(
            pilot, lambda: isinstance(app.screen, HelpScreen) and app.screen.is_mounted
        )
        again = app.screen.query_one(RenderedOnce)
        await wait_until(pilot, lambda: again.size.width == width)
        assert again is not first and again.lines(width) is drawn  # not rendered again


@sync
async def test_estimate_columns_follow_a_resize(example: Path) -> None:
    app = make_app(example)
    async with app.run_test(size=(220, 50)) as pilot:
        screen = await ready(pilot)
        panel = screen.query_one(EstimatePanel)
        table = panel.query_one(DataTable)
        wide = [column.width for column in table.ordered_columns]
        assert len(wide) == 4  # name, rows, bytes, time
        await pilot.resize_terminal(80, 24)
        # refitted to the narrower panel: nothing off to the right
        await wait_until(pilot, lambda: [c.width for c in table.ordered_columns] != wide)
        assert table.virtual_size.width <= table.size.width
        narrow = [column.width for column in table.ordered_columns]
        await pilot.resize_terminal(220, 50)
        await wait_until(pilot, lambda: [c.width for c in table.ordered_columns] == wide)
        assert narrow != wide


@sync
async def test_the_schema_model_is_kept_out_of_full_collections_while_shown(
    example: Path,
) -> None:
    app = make_app(example)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ready(pilot)
        await wait_until(pilot, lambda: gc.get_freeze_count() > 0)
        old = weakref.ref(screen.model)
        await pilot.press("f5")  # schema.sql read again: a new model, the old one let go
        await wait_until(pilot, lambda: screen.model is not old())
        await app.workers.wait_for_complete()
        await wait_until(pilot, lambda: old() is None)  # not frozen with the new one
        assert gc.get_freeze_count() > 0
    assert gc.get_freeze_count() == 0  # the app gone: collectable again


@sync
async def test_a_resize_that_narrows_the_names_keeps_the_estimates_cursor_and_rows(
    example: Path,
) -> None:
    """The name column's width follows the panel's: only the cells that change are written
    again, the rows stay (no clear, no flicker) and the cursor stays on its table; a new
    order (`s`) refills but keeps the cursor on the same table."""
    app = make_app(example)
    async with app.run_test(size=(220, 50)) as pilot:
        screen = await ready(pilot)
        panel = screen.query_one(EstimatePanel)
        table = panel.query_one(DataTable)
        await pilot.press("2", "j", "j", "j")
        await wait_until(pilot, lambda: table.has_focus and table.cursor_row == 3)
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key
        rows = dict(table.rows)
        names = {k: table.get_cell(k, "table") for k in rows}
        name_width = table.ordered_columns[0].width
        await pilot.resize_terminal(80, 40)  # the names narrow (11 → 9), the figures stay
        await wait_until(pilot, lambda: table.ordered_columns[0].width != name_width)
        await pilot.pause()
        assert table.cursor_row == 3
        assert all(table.rows.get(k) is row for k, row in rows.items())  # not refilled
        # no cell written again: the table cuts the names as it draws them
        assert all(table.get_cell(k, "table") is name for k, name in names.items())
        await pilot.resize_terminal(220, 50)
        await wait_until(pilot, lambda: table.ordered_columns[0].width == name_width)
        assert table.cursor_row == 3
        assert all(table.rows.get(k) is row for k, row in rows.items())
        await pilot.press("s")  # largest rows first: a new order, the same table under the cursor
        await wait_until(pilot, lambda: panel.sort_by == "rows")
        await pilot.pause()
        assert table.coordinate_to_cell_key(table.cursor_coordinate).row_key == key


@sync
async def test_a_resize_draws_the_tree_again_without_measuring_it_again(
    example: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Textual's Tree throws its lines away at every resize and measures every label again
    (375 tables on musicbrainz), then lays the screen out once more: the schema tree keeps
    them (a width changes no line), and its label measure builds no styled label."""
    measured: list[object] = []
    measure = SchemaTree.get_label_width

    def counted(tree: SchemaTree, node: object) -> int:
        measured.append(node)
        return measure(tree, node)  # type: ignore[arg-type]

    monkeypatch.setattr(SchemaTree, "get_label_width", counted)
    app = make_app(example)
    async with app.run_test(size=(160, 45)) as pilot:
        screen = await ready(pilot)
        tree = screen.query_one(SchemaTree)
        await pilot.pause()
        assert measured  # the tree was built (and measured) once
        lines = tree.last_line
        measured.clear()
        width = tree.size.width
        await pilot.resize_terminal(130, 40)  # the same layout classes (-normal -tall)
        await wait_until(pilot, lambda: tree.size.width < width)
        await pilot.pause()
        assert measured == []
        assert tree.last_line == lines
        for node in tree.root.children[0].children:  # the same widths as Tree's own measure
            assert measure(tree, node) == super(SchemaTree, tree).get_label_width(node)


@sync
async def test_the_footer_is_built_again_only_when_its_keys_change(example: Path) -> None:
    """Textual composes the footer again at every refresh of the screen's bindings (a modal
    opened over it and closed, a focus move): its keys are kept while they are the same, and
    built again when they differ."""
    app = make_app(example)
    async with app.run_test(size=(160, 45)) as pilot:
        screen = await ready(pilot)
        footer = screen.query_one(KeysFooter)
        await wait_until(pilot, lambda: bool(footer.query("FooterKey")))
        keys = list(footer.query("FooterKey"))
        await pilot.press("question_mark")
        await wait_until(
            pilot, lambda: isinstance(app.screen, HelpScreen) and app.screen.is_mounted
        )
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is screen)
        await pilot.pause()
        assert list(footer.query("FooterKey")) == keys  # the same widgets
        # keys that change are drawn: a run greys ctrl+g and shows c (the state a run sets,
        # without the run)
        screen.query_one(ProgressView).running = True
        screen.refresh_bindings()
        await wait_until(pilot, lambda: "cancel" in {k.action for k in footer.query("FooterKey")})
        assert next(k for k in footer.query("FooterKey") if k.action == "generate").has_class(
            "-disabled"
        )
        screen.query_one(ProgressView).running = False


@sync
async def test_the_help_follows_a_terminal_resized_while_it_is_open(example: Path) -> None:
    """The help is laid out once when it opens (the Resize Textual sends a new screen at the
    size it was just laid out at is not acted on), and again when the terminal changes size,
    the screen below with it."""
    app = make_app(example)
    async with app.run_test(size=(160, 45)) as pilot:
        main = await ready(pilot)
        body = main.query_one("#main-body")
        await pilot.press("question_mark")
        await wait_until(
            pilot, lambda: isinstance(app.screen, HelpScreen) and app.screen.is_mounted
        )
        help_screen = app.screen
        box = help_screen.query_one(RenderedOnce)
        await wait_until(pilot, lambda: box.size.width > 0)
        assert help_screen.region.size == (160, 45)
        wide = box.size.width
        await pilot.resize_terminal(80, 24)
        await wait_until(pilot, lambda: help_screen.region.size == (80, 24))
        await wait_until(pilot, lambda: 0 < box.size.width < wide)
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is main)
        await wait_until(pilot, lambda: body.region.width == 80)
