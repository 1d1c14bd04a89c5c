"""Text typed right after the key that opens a dialog lands in the dialog (issue 27, "Edits and
fields": it was sometimes lost). A busy screen receives `e` and what follows in one go, as a
terminal delivers keys to an app that is drawing: the keys are queued together here."""

from __future__ import annotations

from textual.widgets import Input

from tests.tui.test_tui import EXAMPLE, SIZE, SMALL, ready, sync, wait_until
from workbench.screens.app import make_app
from workbench.screens.edit import EditTableModal
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
        await wait_until(pilot, lambda: field.value.endswith("99"))
        assert field.value == "20099" and field.has_focus
