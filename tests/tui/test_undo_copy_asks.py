"""A reset or a generate that would drop an undo copy holding changes asks first, naming them
(newbie27b F15: the pair's row sat in the undo copy, and the next untouched reset dropped it
without a word). The engine records what the copy held when it was set aside."""

from __future__ import annotations

from workbench.engine import Engine
from workbench.screens.app import make_app
from workbench.screens.confirm import ConfirmModal

from .test_keys_safety import answer_question, first_name_of
from .test_tui import SHOP, SHOP_TOML, SIZE, ready, sync


@sync
async def test_a_run_that_drops_an_undo_copy_with_changes_asks(make_project) -> None:
    path = make_project(SHOP, extra=SHOP_TOML)
    engine = Engine(path)
    engine.generate()
    with engine.connect() as conn:
        conn.execute("UPDATE customers SET first_name = 'Mine' WHERE id = 1")
    engine.reset()  # the changed database becomes the undo copy
    info = engine.undo_info()
    assert info is not None and info.held_changes is not None
    assert any("public.customers: 1 row(s) inserted or updated" in s for s in info.held_changes)
    assert first_name_of(engine) != "Mine"

    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        for key in ("ctrl+r", "ctrl+g"):  # the sandbox itself is untouched
            await pilot.press(key)
            modal = await answer_question(pilot, "escape")
            assert isinstance(modal, ConfirmModal) and "drop the undo copy" in modal.question
            said = "\n".join(modal.lines)
            assert "public.customers: 1 row(s) inserted or updated" in said, said
            await app.workers.wait_for_complete()
    engine.undo()
    assert first_name_of(engine) == "Mine"  # kept
    # the swap recorded what the copy holds now: the untouched reset, nothing to ask about
    info = engine.undo_info()
    assert info is not None and info.held_changes == []
