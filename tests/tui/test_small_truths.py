"""Small things the screen said that were not so (issue 27's "small lies"), on a real sandbox:
the status line's "… ago" moves on by itself, and a fast reset (a clone of the snapshot, no
rows written) does not say "0 / 0 rows"."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from textual.widgets import Static

from tests.tui.test_tui import SHOP, SHOP_TOML, SIZE, ready, sync, wait_until
from workbench.engine import Engine
from workbench.screens.app import make_app
from workbench.widgets.progress_view import ProgressView
from workbench.widgets.status_line import StatusLine


@sync
async def test_the_status_line_ticks_and_a_fast_reset_says_no_rows(make_project) -> None:  # type: ignore[no-untyped-def]
    path = make_project(SHOP, extra=SHOP_TOML)
    Engine(path).generate()  # a last run and a snapshot to reset to
    finished: list[ProgressView.Finished] = []

    def hook(message: Any) -> None:
        if isinstance(message, ProgressView.Finished) and message not in finished:
            finished.append(message)

    app = make_app(path)
    async with app.run_test(size=SIZE, message_hook=hook) as pilot:
        screen = await ready(pilot)
        line = screen.query_one(StatusLine)
        await wait_until(pilot, lambda: line.status is not None)
        await wait_until(pilot, lambda: "generate ok" in str(line.render()))
        # two minutes later by the line's clock: it says so without anything else happening
        real = line.clock
        line.clock = lambda: real() + timedelta(minutes=2, seconds=5)
        await wait_until(pilot, lambda: "2 min ago" in str(line.render()))

        await pilot.press("ctrl+r")  # nothing changed since the generate: no question
        await wait_until(pilot, lambda: bool(finished))
        assert finished[-1].outcome == "done", finished[-1].error
        assert finished[-1].result.get("path") == "fast"
        stats = str(screen.query_one("#overall-rate", Static).render())
        assert "0 / 0 rows" not in stats and "rows" not in stats, stats
