"""The progress pane during a real generate (the shipped example on the test cluster): the
table being written stays in view with its rows/s, the slowest finished tables follow, the ETA
counts the phases still to come, and `c` in a phase that cannot stop says so instead of
claiming to cancel. The run is held at chosen events (a gate in the engine's event sink), so
what is asserted never depends on timing."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from textual.widgets import Input, Static

from tests.tui.test_tui import EXAMPLE, ready, sync, wait_until
from workbench.events import Event, PhaseChanged, RowsWritten, TableDone
from workbench.screens.app import make_app
from workbench.screens.confirm import ConfirmModal
from workbench.widgets.progress_view import ProgressView

ROWS = "[generate]\nrows = 3000\n"


def _text(widget: Any) -> str:
    return str(widget.render())


@sync
async def test_the_running_table_then_the_slowest_and_an_eta_of_every_phase(
    make_project,  # type: ignore[no-untyped-def]
) -> None:
    app = make_app(make_project(EXAMPLE, extra=ROWS))
    finished: list[ProgressView.Finished] = []

    def hook(message: Any) -> None:
        if isinstance(message, ProgressView.Finished) and message not in finished:
            finished.append(message)

    async with app.run_test(size=(120, 40), message_hook=hook) as pilot:
        screen = await ready(pilot)
        view = screen.query_one(ProgressView)
        phases = screen.model.estimate["phases"]
        held, go_on = threading.Event(), threading.Event()
        done: list[TableDone] = []
        third: list[RowsWritten] = []

        def job(on_event: Callable[[Event], None], cancel: Any) -> Any:
            def sink(event: Event) -> None:
                on_event(event)
                if isinstance(event, TableDone):
                    done.append(event)
                if isinstance(event, RowsWritten) and len(done) == 3 and not third:
                    third.append(event)  # the fourth table is being written: hold it here
                    held.set()
                    go_on.wait(60)

            return app.engine.generate(on_event=sink, cancel=cancel)

        screen._start("generate", job, phases)
        await wait_until(pilot, held.is_set)
        writing = third[0]
        await wait_until(pilot, lambda: view._tables[writing.table].written == writing.written)
        await pilot.pause()
        # the running table, in view: its name, its bar, its rows/s
        line = view.query_one("#current-line")
        assert line.display and line.region.height == 1
        name = writing.table.removeprefix("public.")
        assert _text(view.query_one("#current-name")) == name
        assert _text(view.query_one("#current-rate")) == f"{writing.rows_per_second:,.0f} rows/s"
        # then the slowest finished tables, slowest first
        listed = _text(view.query_one("#progress-tables", Static)).splitlines()
        assert listed[0] == f"3 of {len(screen.model.planned)} tables done"
        assert listed[1] == "slowest so far:"
        slowest = sorted(done, key=lambda e: e.seconds, reverse=True)
        for shown, event in zip(listed[2:], slowest, strict=True):
            assert shown.startswith(event.table.removeprefix("public."))
        # the ETA counts the phases after the data too (their estimate, not zero)
        after_data = sum(list(phases.values())[list(phases).index("data") + 1 :])
        total, written, _ = view._counts()
        left = view._seconds_left(total - written)
        assert left is not None and left >= after_data > 0
        assert "ETA" in _text(view.query_one("#overall-rate"))
        go_on.set()
        await wait_until(pilot, lambda: bool(finished))
        assert finished[-1].outcome == "done", finished[-1].error
        assert not view.query_one("#current-line").display  # nothing is being written now
        listed = _text(view.query_one("#progress-tables", Static)).splitlines()
        count = len(screen.model.planned)
        assert listed[0] == f"{count} of {count} tables done"
        assert len(listed) == 2 + min(5, count)  # the five slowest of the run


@sync
async def test_c_in_a_phase_that_cannot_stop_says_so_and_the_run_ends(
    make_project,  # type: ignore[no-untyped-def]
) -> None:
    app = make_app(make_project(EXAMPLE, extra="[generate]\nrows = 200\n"))
    finished: list[ProgressView.Finished] = []

    def hook(message: Any) -> None:
        if isinstance(message, ProgressView.Finished) and message not in finished:
            finished.append(message)

    async with app.run_test(size=(120, 40), message_hook=hook, notifications=True) as pilot:
        screen = await ready(pilot)
        view = screen.query_one(ProgressView)
        held, go_on = threading.Event(), threading.Event()

        def job(on_event: Callable[[Event], None], cancel: Any) -> Any:
            def sink(event: Event) -> None:
                on_event(event)
                if isinstance(event, PhaseChanged) and event.phase == "indexes and constraints":
                    held.set()
                    go_on.wait(60)

            return app.engine.generate(on_event=sink, cancel=cancel)

        screen._start("generate", job)
        await wait_until(pilot, held.is_set)
        await wait_until(pilot, lambda: view.phase == "indexes and constraints")
        await pilot.press("c")  # held a moment (it may start a word), then it says so
        await wait_until(
            pilot, lambda: any("cannot be stopped" in n.message for n in app._notifications)
        )
        phase = _text(view.query_one("#progress-phase", Static))
        assert "cancelling" not in phase and not view.can_stop()
        go_on.set()
        await wait_until(pilot, lambda: bool(finished))
        assert finished[-1].outcome == "done", finished[-1].error


@sync
async def test_a_word_typed_during_a_run_does_not_cancel_it(
    make_project,  # type: ignore[no-untyped-def]
) -> None:
    # `c` (and escape) cancel a run only after a question, and a word is not `c`: "cat" typed
    # at the main screen while the rows are written filters the tree; a lone `c` asks.
    app = make_app(make_project(EXAMPLE, extra="[generate]\nrows = 200\n"))
    finished: list[ProgressView.Finished] = []

    def hook(message: Any) -> None:
        if isinstance(message, ProgressView.Finished) and message not in finished:
            finished.append(message)

    async with app.run_test(size=(120, 40), message_hook=hook) as pilot:
        screen = await ready(pilot)
        view = screen.query_one(ProgressView)
        held, go_on = threading.Event(), threading.Event()

        def job(on_event: Callable[[Event], None], cancel: Any) -> Any:
            def sink(event: Event) -> None:
                on_event(event)
                if isinstance(event, TableDone) and not held.is_set():
                    held.set()
                    go_on.wait(60)

            return app.engine.generate(on_event=sink, cancel=cancel)

        screen._start("generate", job)
        await wait_until(pilot, held.is_set)
        assert view.can_stop()
        await pilot.press(*"cat")
        await pilot.pause(0.5)
        assert view.running and "cancelling" not in _text(view.query_one("#progress-phase"))
        assert app.screen is screen and screen.query_one("#tree-filter", Input).value == "cat"
        await pilot.press("escape")
        screen.query_one("#schema-tree").focus()
        await pilot.press("c")
        await wait_until(
            pilot, lambda: isinstance(app.screen, ConfirmModal) and app.screen.is_mounted
        )
        await pilot.press("escape")  # keep it running
        await wait_until(pilot, lambda: app.screen is screen)
        go_on.set()
        await wait_until(pilot, lambda: bool(finished))
        assert finished[-1].outcome == "done", finished[-1].error
