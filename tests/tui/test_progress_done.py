"""What the progress view says when a run is done (newbie27 F9, F6): a fast reset (a clone of
the snapshot, no table written) reads 100 % and "cloned from the snapshot", not "0%" and
"0 of 0 tables done"; a generate gives its rows' time and the whole run's, which the
estimate's "run" figure is compared with."""

from __future__ import annotations

from typing import Any

from textual.widgets import Static

from tests.tui.test_tui import SHOP, SHOP_TOML, SIZE, ready, sync, wait_until
from workbench.engine import Engine
from workbench.screens.app import make_app
from workbench.widgets.progress_view import ProgressView


@sync
async def test_a_fast_reset_and_a_generate_say_what_they_did(make_project) -> None:  # type: ignore[no-untyped-def]
    path = make_project(SHOP, extra=SHOP_TOML)
    Engine(path).generate()
    finished: list[ProgressView.Finished] = []

    def hook(message: Any) -> None:
        if isinstance(message, ProgressView.Finished) and message not in finished:
            finished.append(message)

    app = make_app(path)
    async with app.run_test(size=SIZE, message_hook=hook) as pilot:
        screen = await ready(pilot)
        view = screen.query_one(ProgressView)
        await pilot.press("ctrl+r")  # untouched: no question
        await wait_until(pilot, lambda: len(finished) == 1)
        assert finished[-1].kind == "reset" and finished[-1].outcome == "done"
        await pilot.pause()
        tables = str(view.query_one("#progress-tables", Static).render())
        assert "0 of 0" not in tables and "cloned from the snapshot" in tables, tables
        assert view.overall_progress == 100.0

        await pilot.press("ctrl+g")
        await wait_until(pilot, lambda: len(finished) == 2)
        assert finished[-1].kind == "generate" and finished[-1].outcome == "done"
        await pilot.pause()
        phase = str(view.query_one("#progress-phase").render())
        assert "· rows " in phase and " · run " in phase, phase
