"""No keystroke loses work: reset and generate ask when the sandbox holds changes, "no" keeps
them, undo brings the replaced database back; typing never presses keys by accident; the vim
keys move. The real app on a real sandbox (the session cluster)."""

from __future__ import annotations

import threading
from typing import Any

from workbench.engine import Engine
from workbench.screens.app import make_app
from workbench.screens.confirm import SETTLE, ConfirmModal
from workbench.screens.edit import EditColumnModal, EditTableModal
from workbench.screens.main import MainScreen
from workbench.widgets.progress_view import ProgressView
from workbench.widgets.schema_tree import SchemaTree
from workbench.widgets.tree_filter import TreeFilter

from .test_tui import SHOP, SHOP_TOML, SIZE, ready, sync, wait_until


def first_name_of(engine: Engine) -> str | None:
    with engine.connect() as conn:
        row = conn.execute("SELECT first_name FROM customers WHERE id = 1").fetchone()
    return row[0] if row else None


async def answer_question(pilot: Any, key: str) -> ConfirmModal:
    app = pilot.app
    await wait_until(pilot, lambda: isinstance(app.screen, ConfirmModal) and app.screen.is_mounted)
    modal = app.screen
    await pilot.pause(SETTLE + 0.05)  # letters typed right after it shows do not answer it
    await pilot.press(key)
    await wait_until(pilot, lambda: not isinstance(app.screen, ConfirmModal))
    return modal


@sync
async def test_reset_and_generate_ask_and_undo_brings_the_row_back(make_project) -> None:
    path = make_project(SHOP, extra=SHOP_TOML)
    engine = Engine(path)
    engine.generate()
    with engine.connect() as conn:
        conn.execute("UPDATE customers SET first_name = 'Mine' WHERE id = 1")
    finished: list[ProgressView.Finished] = []

    def hook(message: Any) -> None:
        if isinstance(message, ProgressView.Finished) and message not in finished:
            finished.append(message)

    app = make_app(path)
    async with app.run_test(size=SIZE, message_hook=hook) as pilot:
        screen = await ready(pilot)
        view = screen.query_one(ProgressView)
        for key in ("ctrl+r", "ctrl+g"):
            await pilot.press(key)
            modal = await answer_question(pilot, "escape")  # the focused button keeps the sandbox
            said = "\n".join(modal.lines)
            assert "public.customers: 1 row(s) inserted or updated" in said, said
            assert "u brings it back" in said
            await app.workers.wait_for_complete()
            assert not view.running and not finished
            assert first_name_of(engine) == "Mine"

        await pilot.press("ctrl+r")
        await answer_question(pilot, "y")
        await wait_until(pilot, lambda: bool(finished))
        assert finished[-1].kind == "reset" and finished[-1].outcome == "done"
        assert first_name_of(engine) != "Mine"  # back to the snapshot

        await pilot.press("u")
        modal = await answer_question(pilot, "y")
        assert "reset" in modal.question
        await app.workers.wait_for_complete()
        await wait_until(pilot, lambda: first_name_of(engine) == "Mine")
        # and the reset's result is the undo copy now: u again swaps back
        await pilot.press("u")
        await answer_question(pilot, "y")
        await app.workers.wait_for_complete()
        await wait_until(pilot, lambda: first_name_of(engine) != "Mine")


@sync
async def test_typing_with_the_filter_unfocused_presses_no_key(make_project) -> None:
    path = make_project(SHOP, extra=SHOP_TOML)
    before = path.read_text()
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        tree = screen.query_one(SchemaTree)
        line = screen.query_one(TreeFilter)
        await pilot.press("slash", *"ord")
        tree.focus()  # a click on the tree: the filter line is open, not focused
        await pilot.pause()
        await pilot.press(*"price generate reset undo")
        await pilot.pause()
        assert line.value == "ordprice generate reset undo" and line.has_focus
        assert isinstance(app.screen, MainScreen)  # no dialog, no other screen
        assert not screen.query_one(ProgressView).running
        await pilot.press("backspace", *["backspace"] * 24, "enter")
        assert line.value == "ord" and tree.has_focus
        # enter kept the filter and put the cursor on its first match
        assert tree.current is not None and tree.current.table == "public.orders"
    assert path.read_text() == before


@sync
async def test_vim_keys_move_in_the_tree_and_the_filter_lands_on_its_match(
    make_project,
) -> None:
    app = make_app(make_project(SHOP, extra=SHOP_TOML))
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        tree = screen.query_one(SchemaTree)
        tree.focus()
        await pilot.press("g")
        top = tree.cursor_line
        await pilot.press("j", "j")
        assert tree.cursor_line == top + 2
        await pilot.press("k")
        assert tree.cursor_line == top + 1
        await pilot.press("G")
        assert tree.cursor_line == tree.last_line > top + 1
        await pilot.press("g")
        assert tree.cursor_line == 0
        # l opens a table, h closes it again
        tree.select_table("public.orders")
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        node = tree.cursor_node
        assert node is not None and node.is_expanded
        await pilot.press("h")
        assert not node.is_expanded
        # a filter by a column name: enter puts the cursor on that column, so the next key
        # (e) edits it, not the line the cursor had before
        await pilot.press("slash", *"quantity", "enter")
        await pilot.pause()
        current = tree.current
        assert current is not None and (current.table, current.column) == (
            "public.order_items",
            "quantity",
        )
        await pilot.press("e")  # held a moment (it may start a word), then the dialog
        await wait_until(pilot, lambda: isinstance(app.screen, EditColumnModal | EditTableModal))
        assert isinstance(app.screen, EditColumnModal)
        assert app.screen.column == "quantity"
        await pilot.pause(0.2)  # mounted whole before the app closes


@sync
async def test_a_key_pressed_while_the_schema_loads_is_a_key_not_filter_text(make_project) -> None:  # type: ignore[no-untyped-def]
    """The tree has the focus from the start (it used to be the hidden filter line, the
    first focusable widget: `?` pressed before the tree was filled became filter text)."""
    app = make_app(make_project(SHOP, extra=SHOP_TOML))
    # The schema's load waits for this gate, so the key surely comes while it loads (a big
    # schema takes seconds; this small one would be loaded before the first key).
    loaded = threading.Event()
    read_schema = app.engine.schema

    def schema_after_the_key() -> Any:
        loaded.wait(60)
        return read_schema()

    app.engine.schema = schema_after_the_key  # type: ignore[method-assign]
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, MainScreen)
        assert screen.model is None  # still loading: the worker waits at the gate
        assert not isinstance(app.focused, TreeFilter)
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "HelpScreen")
        assert screen.query_one(TreeFilter).value == ""
        loaded.set()
        await wait_until(pilot, lambda: screen.model is not None)


@sync
async def test_slash_and_letters_typed_at_once_all_reach_the_filter(make_project) -> None:  # type: ignore[no-untyped-def]
    """A busy screen receives the keys typed meanwhile in one go: `/` then "ord" must
    filter by "ord", not open an empty filter after the letters went to the tree."""
    app = make_app(make_project(SHOP, extra=SHOP_TOML))
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        tree = screen.query_one(SchemaTree)
        for key in ("slash", "o", "r", "d"):
            app.simulate_key(key)  # queued together, as a terminal delivers them to a busy app
        await wait_until(pilot, lambda: tree.filter_text == "ord")
        assert screen.query_one(TreeFilter).value == "ord"


# Every letter a key is bound to somewhere (main, app, distributions, rows, runs, SQL, confirm,
# help, vim), typed as words into the tree with its filter closed (issue 27, newbie27 F1: `r`
# opened the Runs screen, whose `n` started a run and `c` reclaimed runs).
WORDS = ("price", "rn", "return", "burn", "text", "export", "cycle", "model", "days", "jump")


def _project_files(root: Any) -> set[str]:
    return {p.name for p in root.iterdir() if p.name != ".workbench"}


@sync
async def test_words_typed_into_the_tree_start_nothing(make_project) -> None:  # type: ignore[no-untyped-def]
    path = make_project(SHOP, extra=SHOP_TOML)
    engine = Engine(path)
    engine.generate()
    files, config = _project_files(path.parent), path.read_text()
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        tree = screen.query_one(SchemaTree)
        line = screen.query_one(TreeFilter)
        for word in WORDS:
            for burst in (False, True):
                tree.focus()
                await pilot.pause()
                if burst:  # queued together, as a terminal hands them to a busy app
                    for letter in word:
                        app.simulate_key(letter)
                else:
                    await pilot.press(*word)
                await pilot.pause()
                await app.workers.wait_for_complete()
                await pilot.pause()
                assert engine.runs() == [], word
                assert not screen.query_one(ProgressView).running, word
                assert not isinstance(app.screen, ConfirmModal | EditColumnModal), word
                assert _project_files(path.parent) == files and path.read_text() == config
                if word in ("price", "text"):  # a word, filtered for
                    assert app.screen is screen and line.value == word, (word, line.value)
                while app.screen is not screen:
                    await pilot.press("escape")
                await pilot.press("escape")  # the filter line, if open
                tree.focus()
                await pilot.press("escape")  # the tree's kept filter
                line.close()
                tree.filter("")
                await pilot.pause(0.4)  # the next word starts after a pause
    assert engine.runs() == []
