"""Pilot tests of what an outside tester broke in the edit dialog and around it: a row count
beyond the documented maximum is refused with a sentence and the file untouched."""

from __future__ import annotations

from pathlib import Path

from tests.tui.test_edit_dialog import settle, shown, sync, wait_until
from workbench.config import MAX_ROWS
from workbench.screens.app import make_app
from workbench.screens.edit import EditTableModal
from workbench.screens.main import MainScreen
from workbench.widgets.schema_tree import SchemaTree

SMALL = "[generate]\nrows = 20\n"


async def open_rows_dialog(pilot, table: str) -> EditTableModal:
    app = pilot.app
    await wait_until(pilot, lambda: isinstance(app.screen, MainScreen) and app.screen.model)
    await app.workers.wait_for_complete()
    app.screen.query_one(SchemaTree).select_table(table)
    await pilot.pause()
    await pilot.press("e")
    await wait_until(pilot, lambda: isinstance(app.screen, EditTableModal))
    await settle(pilot)
    return app.screen


@sync
async def test_a_row_count_beyond_the_maximum_is_refused_at_save(make_project) -> None:
    path: Path = make_project(None, extra=SMALL)
    before = path.read_bytes()
    app = make_app(path)
    async with app.run_test(size=(120, 40)) as pilot:
        modal = await open_rows_dialog(pilot, "public.customers")
        await pilot.press("end", *["backspace"] * 8, *"99999999999999999999999")
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.screen is modal  # refused: still editing
        error = shown(modal, "edit-error")
    assert "rows" in error and f"{MAX_ROWS}" in error.replace(",", "")
    assert "Traceback" not in error and "dimension" not in error
    assert path.read_bytes() == before
