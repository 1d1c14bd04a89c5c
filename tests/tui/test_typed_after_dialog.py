"""Text typed right after the key that opens a dialog lands in the dialog (issue 27, "Edits and
fields": it was sometimes lost). A busy screen receives `e` and what follows in one go, as a
terminal delivers keys to an app that is drawing: the keys are queued together here."""

from __future__ import annotations

from textual.widgets import Input, TextArea

from tests.tui.test_tui import EXAMPLE, SIZE, SMALL, ready, sync, wait_until
from workbench.screens.app import make_app
from workbench.screens.edit import EditTableModal
from workbench.screens.rehearse import RehearseScreen
from workbench.screens.sql import SqlScreen
from workbench.widgets.find_line import HOLD
from workbench.widgets.schema_tree import SchemaTree


@sync
async def test_digits_typed_with_e_reach_the_row_count(make_project) -> None:  # type: ignore[no-untyped-def]
    app = make_app(make_project(EXAMPLE, extra=SMALL))
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        screen.query_one(SchemaTree).select_table("public.orders")
        await pilot.pause()
        for key in ("e", "9", "9"):
            app.simulate_key(key)  # queued together, before the dialog has opened
        await wait_until(
            pilot,
            lambda: isinstance(app.screen, EditTableModal) and bool(app.screen.query("#edit-rows")),
        )
        field = app.screen.query_one("#edit-rows", Input)
        # the dialog focuses its field once mounted: wait for that too, not only the digits
        await wait_until(pilot, lambda: field.value.endswith("99") and field.has_focus)
        assert field.value == "20099" and field.has_focus


@sync
async def test_a_statement_typed_with_colon_reaches_the_sql_editor(make_project) -> None:  # type: ignore[no-untyped-def]
    app = make_app(make_project(EXAMPLE, extra=SMALL))
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        screen.query_one(SchemaTree).select_table("public.orders")
        await pilot.pause()
        # s sorts, e edits, l opens, c cancels, t… on the main screen: none of them must run
        for key in ("colon", *"select"):
            app.simulate_key(key)  # queued together, before the prompt has opened
        await wait_until(pilot, lambda: isinstance(app.screen, SqlScreen) and app.screen.is_mounted)
        editor = app.screen.query_one("#sql-editor", TextArea)
        await wait_until(pilot, lambda: editor.text.endswith("select"))
        assert editor.text == "select" and editor.has_focus
        assert len(app.screen_stack) == 2  # no edit dialog opened behind it


@sync
async def test_a_file_typed_with_m_reaches_the_rehearsals_first_field(make_project) -> None:  # type: ignore[no-untyped-def]
    app = make_app(make_project(EXAMPLE, extra=SMALL))
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        screen.query_one(SchemaTree).select_table("public.orders")
        await pilot.pause()
        # `m` waits a moment (a letter typed behind it makes a word: "mode" filters the
        # tree, screens/held_keys.py); what is typed once it acted reaches the new screen
        app.simulate_key("m")
        await pilot.pause(HOLD + 0.02)
        for key in "setup":
            app.simulate_key(key)  # queued together, before the screen has opened
        await wait_until(
            pilot, lambda: isinstance(app.screen, RehearseScreen) and app.screen.is_mounted
        )
        field = app.screen.query_one("#rehearse-files", Input)
        await wait_until(pilot, lambda: field.value.endswith("setup"))
        assert field.value == "setup" and field.has_focus
        assert len(app.screen_stack) == 2
