"""Pilot tests of the edit dialog (`e`): values outside the column's domain are refused at
Save with a sentence and the file untouched; weights that do not add up are shown; the
preview is TOML; a one-value edit changes one line; the dialog fits 80×24."""

from __future__ import annotations

import asyncio
import difflib
import functools
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from workbench.screens.app import make_app
from workbench.screens.edit import EditColumnModal
from workbench.screens.main import MainScreen
from workbench.widgets.schema_tree import SchemaTree

WEIGHTS = (
    "delivered = 0.62, shipped = 0.14, paid = 0.1, pending = 0.08, cancelled = 0.04, "
    "refunded = 0.02"
)
EXTRA = f"""
# a commented sandbox: the dialog must keep every line it does not edit
[generate]
rows = 200  # small

[tables."public.orders"]
rows = 300

[tables."public.orders".columns.status]
values = {{ {WEIGHTS} }}

[tables."public.order_items"]
children = {{ parent = "public.orders", distribution = "zipf", min = 1, max = 3, skew = 1.6 }}
"""
LABELS = "pending, paid, shipped, delivered, cancelled, refunded"


def sync(test: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(test)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        return asyncio.run(test(*args, **kwargs))

    return wrapper


async def wait_until(pilot: Any, condition: Callable[[], Any], timeout: float = 60.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        if loop.time() > deadline:
            raise AssertionError("condition not reached in time")
        await pilot.pause(0.05)


async def open_dialog(pilot: Any, table: str, column: str) -> EditColumnModal:
    app = pilot.app
    await wait_until(pilot, lambda: isinstance(app.screen, MainScreen) and app.screen.model)
    await app.workers.wait_for_complete()
    app.screen.query_one(SchemaTree).select_column(table, column)
    await pilot.pause()
    await pilot.press("e")
    await wait_until(
        pilot, lambda: isinstance(app.screen, EditColumnModal) and app.screen.is_mounted
    )
    modal: EditColumnModal = app.screen
    await settle(pilot)
    return modal


async def settle(pilot: Any) -> None:
    """Let the preview worker answer and its message render."""
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def shown(modal: EditColumnModal, ident: str) -> str:
    return str(modal.query_one(f"#{ident}").render())


@sync
async def test_a_label_the_enum_lacks_is_refused_at_save(make_project) -> None:
    path = make_project(None, extra=EXTRA)
    before = path.read_bytes()
    app = make_app(path)
    async with app.run_test(size=(120, 40)) as pilot:
        modal = await open_dialog(pilot, "public.orders", "status")
        await pilot.press("end", *", bogus=0.01")
        await settle(pilot)
        live = shown(modal, "edit-error")
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.screen is modal  # not saved, still editing
        error = shown(modal, "edit-error")
    assert "'bogus' is not a label of enum order_status" in error
    assert LABELS in error and error.rstrip().endswith(".")
    assert "bogus" in live  # said while typing, before Save
    assert path.read_bytes() == before


@sync
async def test_a_weight_that_is_no_number_is_a_sentence(make_project) -> None:
    path = make_project(None, extra=EXTRA)
    before = path.read_bytes()
    app = make_app(path)
    async with app.run_test(size=(120, 40)) as pilot:
        modal = await open_dialog(pilot, "public.orders", "status")
        await pilot.press(*"paid=x, pending=0.5")  # replaces the selected text
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
        error = shown(modal, "edit-error")
        assert app.screen is modal
    assert error.startswith("the weight of paid is 'x': expected a number")
    assert "could not convert" not in error and "float" not in error
    assert path.read_bytes() == before


@sync
async def test_weights_not_adding_up_are_shown_and_saved_as_typed(make_project) -> None:
    path = make_project(None, extra=EXTRA)
    app = make_app(path)
    async with app.run_test(size=(120, 40)) as pilot:
        modal = await open_dialog(pilot, "public.orders", "status")
        await pilot.press(*"paid=0.5, pending=0.3")
        await settle(pilot)
        note = shown(modal, "edit-note")
        summary = shown(modal, "edit-summary")
        await pilot.press("ctrl+s")
        await wait_until(
            pilot, lambda: isinstance(app.screen, MainScreen) and app.screen.is_mounted
        )
    assert "add up to 0.8, not 1" in note
    assert "62.5 %" in summary and "37.5 %" in summary  # the shares generate draws with
    data = tomllib.loads(path.read_text())
    assert data["tables"]["public.orders"]["columns"]["status"]["values"] == {
        "paid": 0.5,
        "pending": 0.3,
    }  # as typed, not rescaled


@sync
async def test_the_preview_is_toml_and_a_one_weight_edit_changes_one_line(make_project) -> None:
    path = make_project(None, extra=EXTRA)
    before = path.read_text()
    app = make_app(path)
    async with app.run_test(size=(120, 40)) as pilot:
        modal = await open_dialog(pilot, "public.orders", "status")
        typed = WEIGHTS.replace(" = ", "=").replace("0.62", "0.5")
        await pilot.press(*typed)
        await settle(pilot)
        preview = shown(modal, "edit-toml")
        await pilot.press("ctrl+s")
        await wait_until(
            pilot, lambda: isinstance(app.screen, MainScreen) and app.screen.is_mounted
        )
    lines = [line for line in preview.splitlines()[1:] if not line.startswith("# removed")]
    assert lines[0] == '[tables."public.orders".columns.status]'
    parsed = tomllib.loads("\n".join(lines))  # TOML, not a Python dict
    assert parsed["tables"]["public.orders"]["columns"]["status"]["values"]["delivered"] == 0.5
    assert "{'" not in preview
    after = path.read_text()
    changed = [
        line
        for line in difflib.unified_diff(before.splitlines(), after.splitlines(), n=0)
        if line[:1] in "+-" and line[:3] not in ("+++", "---")
    ]
    assert changed == [
        f"-values = {{ {WEIGHTS} }}",
        f"+values = {{ {WEIGHTS.replace('0.62', '0.5')} }}",
    ]


@sync
async def test_the_dialog_fits_80x24_and_widens_on_a_big_terminal(make_project) -> None:
    path = make_project(None, extra=EXTRA)
    for size in ((80, 24), (220, 60)):
        app = make_app(path)
        async with app.run_test(size=size) as pilot:
            modal = await open_dialog(pilot, "public.orders", "status")
            await pilot.press("end", *", bogus=0.01")  # an error and a preview take room too
            await settle(pilot)
            screen = modal.region
            for ident in ("edit-save", "edit-clear", "edit-cancel", "edit-error"):
                region = modal.query_one(f"#{ident}").region
                assert region.height >= 1 and screen.contains_region(region), (size, ident)
            box = modal.query_one("#edit-box").region
            if size == (220, 60):
                assert box.width >= 120 and not modal.has_class("-compact")
            else:
                assert modal.has_class("-compact")
            await pilot.press("escape")
            assert isinstance(app.screen, MainScreen)
    assert "bogus" not in Path(path).read_text()
