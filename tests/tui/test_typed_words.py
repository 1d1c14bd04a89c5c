"""Words typed at an ordinary speed (120 ms a letter) with no filter focused never start an
action (issue 27; newbie27b F11, F12, F17, F19): a letter bound to an action waits for the next
key (screens/held_keys.py), and a question opened by a letter ignores letters for a moment
(screens/confirm.py). j/k/g/G move in every list of every screen (F16).

A word's letters are queued as a terminal's reader queues them while the app is busy, each
stamped 120 ms after the one before (`_type`), so the machine's load never widens the gaps the
app reads; deliberate keys are pressed (Pilot.press) and waited for."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from textual import events
from textual.widgets import DataTable, OptionList, Tree

from tests.conftest import Cluster, generated_project
from tests.tui.test_tui import ready, sync, wait_until
from workbench.engine import Engine
from workbench.events import Event, TableDone
from workbench.screens.app import make_app
from workbench.screens.browse import BrowseScreen
from workbench.screens.confirm import SETTLE, ConfirmModal
from workbench.screens.runs import RunsScreen
from workbench.widgets.find_line import HOLD, FindLine
from workbench.widgets.progress_view import ProgressView
from workbench.widgets.schema_tree import SchemaTree
from workbench.widgets.tree_filter import TreeFilter
from workbench.widgets.vim import VimKeys

WORDS = ("xyz", "usually", "copy", "query", "mode", "order", "renew xylophone", "paid")
SIZE = (140, 40)
TYPING = 0.12  # seconds from one letter to the next: an ordinary typing speed


@pytest.fixture
def project(make_project) -> Path:  # type: ignore[no-untyped-def]
    path = make_project(extra="[generate]\nrows = 20\n")  # the shipped example
    Engine(path).generate()
    return path


@pytest.fixture(scope="module")
def shared(pg_cluster: Cluster, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The shipped example generated once for the tests that leave it as they found it; the
    Runs screen's and the generate's tests, which change it, have their own `project`."""
    root = tmp_path_factory.mktemp("typed_words")
    with generated_project(pg_cluster, root, extra="[generate]\nrows = 20\n") as config:
        yield config


def _key(char: str) -> events.Key:
    return events.Key("space" if char == " " else char, char)


async def _type(pilot: Any, word: str) -> None:
    """The word's keys queued at once, each stamped TYPING seconds after the one before (the
    last one now), as a terminal's reader queues keys that arrive while the app is busy: the
    app reads letters 120 ms apart whatever the machine's load. (Pilot.press waits for the app
    to go idle after each key, up to two seconds a key under load, and a sleep between keys
    can wake late, or the app's loop stall past a held letter's hold: the first letter of a
    word then acted.) The span is waited first, so no letter is stamped before it was
    typed."""
    # The letters were typed over the span before now: a screen shown less than that span ago
    # would rightly drop the first ones as typed ahead of it (screens/typed_ahead.py).
    await asyncio.sleep((len(word) - 1) * TYPING)
    keys = [_key(char) for char in word]
    last = keys[-1].time
    for at, key in enumerate(keys):
        key.time = last - (len(keys) - 1 - at) * TYPING
        pilot.app.post_message(key)
    # Whatever a held letter would do has happened: the last letter's hold has run out (the
    # margin tests/tui/test_tui.press_alone gives a deliberate key) and its action, had it
    # one, was handled (the idle wait). A question it opened would be showing now; SETTLE only
    # governs letters typed after a question shows, and none is typed before the check.
    await pilot.pause(HOLD + 0.05)
    await pilot.pause()


async def _words_filter(pilot: Any, screen: Any, line: FindLine, refocus: Callable[[], None]):
    app = pilot.app
    for word in WORDS:
        refocus()
        await pilot.pause()
        await _type(pilot, word)
        assert app.is_running and app.screen is screen, (word, app.screen)
        assert line.value == word, (word, line.value)
        await pilot.press("escape")  # clears the filter
        await wait_until(pilot, lambda: not line.value)


@sync
async def test_words_in_the_tree_filter_it_and_start_nothing(shared: Path) -> None:
    app = make_app(shared)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        tree = screen.query_one(SchemaTree)
        undo_before = app.engine.undo_info()
        await _words_filter(pilot, screen, screen.query_one(TreeFilter), tree.focus)
        assert app.engine.undo_info() == undo_before  # no undo ran


@sync
async def test_words_in_the_runs_screen_end_no_run_and_x_still_asks(project: Path) -> None:
    app = make_app(project)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await pilot.press("r")
        await wait_until(
            pilot, lambda: isinstance(app.screen, RunsScreen) and app.screen.is_mounted
        )
        screen = app.screen
        table = screen.query_one(DataTable)
        await pilot.press("ctrl+n")
        await wait_until(pilot, lambda: table.row_count == 1 and not table.loading)
        for word in WORDS:
            await _type(pilot, word)
            assert app.is_running and app.screen is screen, (word, app.screen)
            assert len(app.engine.runs()) == 1, word
        # a deliberate `x` asks; a `y` typed right after does not answer, one after a pause does
        await pilot.press("x")
        while not (isinstance(app.screen, ConfirmModal) and app.screen.is_mounted):
            await asyncio.sleep(0.01)  # no idle wait: the `y` comes as the question shows
        app.post_message(_key("y"))
        await pilot.pause(0.1)
        await pilot.pause()
        assert isinstance(app.screen, ConfirmModal) and len(app.engine.runs()) == 1
        await pilot.pause(SETTLE)
        await pilot.press("y")
        await wait_until(pilot, lambda: app.engine.runs() == [])

        # typed slower than the hold (0.45 s a letter): `x` acts and asks, and the rest of
        # the word ("xenial") reaches the question: its `y`s no longer answer it
        await pilot.press("ctrl+n")
        await wait_until(pilot, lambda: table.row_count == 1 and not table.loading)
        for key in "xenially":
            await pilot.press(key)
            await pilot.pause(0.45)
        await pilot.pause(SETTLE)
        await pilot.press("y")
        await pilot.pause(0.2)
        assert isinstance(app.screen, ConfirmModal) and len(app.engine.runs()) == 1
        await pilot.press("escape")


@sync
async def test_words_in_the_row_browser_filter_it_whole(shared: Path) -> None:
    app = make_app(shared)
    async with app.run_test(size=SIZE) as pilot:
        main = await ready(pilot)
        main.query_one(SchemaTree).select_table(next(iter(app.engine.schema().tables)))
        await pilot.press("b")
        await wait_until(
            pilot, lambda: isinstance(app.screen, BrowseScreen) and app.screen.is_mounted
        )
        await pilot.pause()
        screen = app.screen
        rows = screen.query_one(DataTable)
        await wait_until(pilot, lambda: not rows.loading)
        await _words_filter(pilot, screen, screen.query_one(FindLine), rows.focus)


@sync
async def test_words_during_a_generate_neither_cancel_nor_quit(project: Path) -> None:
    app = make_app(project)
    finished: list[ProgressView.Finished] = []

    def hook(message: Any) -> None:
        if isinstance(message, ProgressView.Finished) and message not in finished:
            finished.append(message)

    async with app.run_test(size=SIZE, message_hook=hook) as pilot:
        screen = await ready(pilot)
        view = screen.query_one(ProgressView)
        held, go_on = threading.Event(), threading.Event()

        def job(on_event: Callable[[Event], None], cancel: Any) -> Any:
            def sink(event: Event) -> None:
                on_event(event)
                if isinstance(event, TableDone) and not held.is_set():
                    held.set()
                    go_on.wait(120)

            return app.engine.generate(on_event=sink, cancel=cancel)

        screen._start("generate", job)
        await wait_until(pilot, held.is_set)
        tree = screen.query_one(SchemaTree)
        try:
            await _words_filter(pilot, screen, screen.query_one(TreeFilter), tree.focus)
            assert view.running and "cancelling" not in str(
                view.query_one("#progress-phase").render()
            )
        finally:
            go_on.set()
        await wait_until(pilot, lambda: bool(finished))
        assert finished[-1].outcome == "done", finished[-1].error


@sync
async def test_every_list_of_every_screen_moves_with_vim_keys(shared: Path) -> None:
    app = make_app(shared)
    async with app.run_test(size=SIZE) as pilot:
        main = await ready(pilot)
        main.query_one(SchemaTree).select_table(next(iter(app.engine.schema().tables)))
        seen = []
        for key in ("", "r", "o", "d", "b", "colon", "m", "question_mark"):
            if key:
                main.query_one(SchemaTree).focus()
                await pilot.press(key)
                await wait_until(pilot, lambda: app.screen is not main and app.screen.is_mounted)
                await pilot.pause()
            screen = app.screen
            lists = [w for w in screen.query("*") if isinstance(w, DataTable | OptionList | Tree)]
            plain = [type(w).__name__ for w in lists if not isinstance(w, VimKeys)]
            assert not plain, (type(screen).__name__, plain)
            seen.append(type(screen).__name__)
            if key:
                await app.pop_screen()
                await wait_until(pilot, lambda: app.screen is main)
        assert len(set(seen)) == 8, seen
