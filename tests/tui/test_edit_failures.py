"""Pilot tests of what an outside tester broke in the edit dialog and around it: a row count
beyond the documented maximum, a generator that cannot fill the column's type and NULLs on a
NOT NULL column are refused with a sentence and the file untouched."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from textual.widgets import Select

from tests.tui.test_edit_dialog import open_dialog, settle, shown, sync, wait_until
from workbench.config.file import MAX_ROWS
from workbench.screens.app import make_app
from workbench.screens.edit import EditTableModal
from workbench.screens.main import MainScreen
from workbench.widgets.progress_view import ProgressView
from workbench.widgets.schema_tree import SchemaTree

SMALL = "[generate]\nrows = 20\n"


async def open_rows_dialog(pilot, table: str) -> EditTableModal:
    app = pilot.app
    await wait_until(pilot, lambda: isinstance(app.screen, MainScreen) and app.screen.model)
    await app.workers.wait_for_complete()
    app.screen.query_one(SchemaTree).select_table(table)
    await pilot.pause()
    await pilot.press("e")
    await wait_until(
        pilot, lambda: isinstance(app.screen, EditTableModal) and app.screen.is_mounted
    )
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


@sync
async def test_a_generator_unfit_for_the_column_type_is_refused_at_save(make_project) -> None:
    path: Path = make_project(None, extra=SMALL)
    before = path.read_bytes()
    app = make_app(path)
    async with app.run_test(size=(120, 40)) as pilot:
        modal = await open_dialog(pilot, "public.reviews", "rating")
        modal.query_one(Select).value = "phone"
        await settle(pilot)
        live = shown(modal, "edit-error")
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.screen is modal
        error = shown(modal, "edit-error")
        modal.query_one(Select).value = Select.NULL
        modal.query_one("#edit-nulls").value = "0.5"
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.screen is modal
        nulls = shown(modal, "edit-error")
    assert "the phone generator makes text values" in live  # said before Save
    assert "smallint (a number)" in error and "Generators that fit: int" in error
    assert "null_fraction: 0.5 on a NOT NULL column" in nulls
    assert path.read_bytes() == before


@sync
async def test_f5_and_g_use_sandbox_toml_as_it_is_on_disk(make_project) -> None:
    path: Path = make_project(None, extra=SMALL)
    app = make_app(path)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, MainScreen) and app.screen.model)
        screen = app.screen
        await app.workers.wait_for_complete()
        assert screen.model.planned["public.customers"] == 20
        # Edited by hand, outside the app: F5 shows the new plan.
        path.write_text(path.read_text() + '\n[tables."public.customers"]\nrows = 777\n')
        await pilot.press("f5")
        await wait_until(pilot, lambda: screen.model.planned.get("public.customers") == 777)
        assert app.engine.config.tables["public.customers"].rows == 777
        # Broken by hand: a sentence, the app keeps running, `g` does not start.
        path.write_text(path.read_text() + "\n[generate\n")
        await pilot.press("f5")
        await wait_until(pilot, lambda: app._notifications)
        toast = next(iter(app._notifications))
        await pilot.press("ctrl+g")
        await settle(pilot)
        assert app.screen is screen and not screen.query_one(ProgressView).running
        notes = [n.message for n in app._notifications]
    assert toast.title == "sandbox.toml does not load"
    assert "not valid TOML" in toast.message and "press F5" in toast.message
    assert "Traceback" not in toast.message
    assert len(notes) == 2  # `g` said it too, rather than loading the old file


@contextmanager
def unwritable(path: Path) -> Iterator[None]:
    """`path` cannot be replaced: immutable for root (chattr +i, as the tester did), its
    folder read-only for anyone else."""
    if os.geteuid() == 0:
        subprocess.run(["chattr", "+i", str(path)], check=True)
        try:
            yield
        finally:
            subprocess.run(["chattr", "-i", str(path)], check=True)
        return
    path.parent.chmod(0o555)
    try:
        yield
    finally:
        path.parent.chmod(0o755)


@sync
async def test_an_unwritable_sandbox_toml_is_a_sentence_and_the_dialog_stays(make_project) -> None:
    path: Path = make_project(None, extra=SMALL)
    before = path.read_bytes()
    app = make_app(path)
    async with app.run_test(size=(120, 40)) as pilot:
        modal = await open_rows_dialog(pilot, "public.customers")
        await pilot.press("end", *["backspace"] * 8, *"321")
        await settle(pilot)
        with unwritable(path):
            await pilot.press("ctrl+s")
            await settle(pilot)
        assert app.screen is modal  # still open, the typed value kept
        assert modal.query_one("#edit-rows").value == "321"
        error = shown(modal, "edit-error")
    assert error.startswith("could not write sandbox.toml: ")
    assert "operation not permitted" in error or "permission denied" in error
    assert "The file is unchanged." in error and "Traceback" not in error
    assert path.read_bytes() == before and not path.is_symlink()
    assert not [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]


@sync
async def test_a_theme_state_file_that_is_a_folder_is_a_sentence(make_project) -> None:
    path: Path = make_project(None, extra=SMALL)
    (path.parent / ".workbench" / "tui.json").mkdir(parents=True)
    app = make_app(path)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await wait_until(
            pilot, lambda: isinstance(app.screen, MainScreen) and app.screen.is_mounted
        )
        app.theme = "textual-light" if app.theme != "textual-light" else "nord"
        await wait_until(pilot, lambda: app._notifications)
        toast = next(iter(app._notifications))
    assert toast.message.startswith(
        "Theme not remembered: could not write tui.json: is a directory"
    )
    assert "remove or rename it" in toast.message and "[Errno" not in toast.message


NEXT_COMMENTED = """
[tables."public.orders".columns.status]
values = ["paid", "pending"]

# customers: a few more
[tables."public.customers"]
rows = 30
"""


@sync
async def test_clearing_an_override_keeps_the_next_tables_comment(make_project) -> None:
    path: Path = make_project(None, extra=SMALL + NEXT_COMMENTED)
    app = make_app(path)
    async with app.run_test(size=(120, 40)) as pilot:
        modal = await open_dialog(pilot, "public.orders", "status")
        await pilot.press(*"paid=")  # replaces the selected text: not readable
        await settle(pilot)
        unreadable = shown(modal, "edit-toml")
        await pilot.press(*["backspace"] * 5)  # emptied: the override goes
        await settle(pilot)
        removal = shown(modal, "edit-toml")
        await pilot.press("ctrl+s")
        await wait_until(
            pilot, lambda: isinstance(app.screen, MainScreen) and app.screen.is_mounted
        )
    assert "removed" not in unreadable and "nothing to save" in unreadable
    assert "# removed: values" in removal and "customers: a few more" not in removal
    text = path.read_text()
    assert "columns.status" not in text
    assert 'rows = 20\n\n# customers: a few more\n[tables."public.customers"]' in text


@sync
async def test_a_row_count_that_is_not_a_whole_number_is_said_not_changed(make_project) -> None:  # type: ignore[no-untyped-def]
    """The field keeps what was typed and says why it is refused ("5000.5" used to become
    50,005 and "1e308" 1,308 without a word); "5,000" is 5000; the estimate shown is always
    the last keystroke's."""
    path: Path = make_project(None, extra=SMALL)
    before = path.read_bytes()
    app = make_app(path)
    async with app.run_test(size=(120, 40)) as pilot:
        modal = await open_rows_dialog(pilot, "public.customers")
        field = modal.query_one("#edit-rows")
        for typed in ("5000.5", "1e308"):
            field.value = ""
            await pilot.press(*typed)
            await settle(pilot)
            assert field.value == typed
            assert f"'{typed}' is not a whole number" in shown(modal, "edit-estimate")
            await pilot.press("ctrl+s")
            await settle(pilot)
            assert app.screen is modal and "whole number" in shown(modal, "edit-error")
        field.value = ""
        await pilot.press(*"5,000")
        await app.workers.wait_for_complete()
        await settle(pilot)
        assert "this table  5,000 rows" in shown(modal, "edit-estimate")
    assert path.read_bytes() == before
