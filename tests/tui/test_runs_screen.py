"""Pilot test of the runs view (`r`): the real app on a real sandbox of the shipped example; a
run started, its URL copied, reset and ended through the keys (each destructive one asked
first), the recovery figures counting what was done."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import DataTable, Static

from tests.tui.test_distribution_review import sync, wait_until
from tests.tui.test_tui import say_yes
from workbench.engine import Engine
from workbench.screens.app import make_app
from workbench.screens.confirm import ConfirmModal
from workbench.screens.main import MainScreen
from workbench.screens.runs import RunsScreen


@pytest.fixture
def project(make_project) -> Path:  # type: ignore[no-untyped-def]
    path = make_project(extra="[generate]\nrows = 20\n")  # the shipped example's schema
    Engine(path).generate()
    return path


def _text(screen: RunsScreen, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


@sync
async def test_start_copy_reset_and_end_a_run_from_the_runs_view(project: Path) -> None:
    app = make_app(project)
    async with app.run_test(size=(160, 40)) as pilot:
        await wait_until(
            pilot, lambda: isinstance(app.screen, MainScreen) and app.screen.is_mounted
        )
        await pilot.press("r")
        await wait_until(
            pilot, lambda: isinstance(app.screen, RunsScreen) and app.screen.is_mounted
        )
        screen = app.screen
        assert isinstance(screen, RunsScreen)
        table = screen.query_one(DataTable)
        await wait_until(pilot, lambda: "no runs" in _text(screen, "#runs-status"))

        await pilot.press("ctrl+n")  # a new run, no question asked: nothing is lost
        await wait_until(pilot, lambda: table.row_count == 1 and not table.loading)
        run = app.engine.runs()[0]
        assert [str(c) for c in table.get_row_at(0)][:2] == [run["run_id"], "ready"]
        assert run["owner"] == "tui"
        await wait_until(pilot, lambda: "n=1" in _text(screen, "#runs-figures"))
        assert "1 live, 1 started" in _text(screen, "#runs-figures")

        await pilot.press("y")  # held a moment: not the start of a word
        await wait_until(pilot, lambda: app.clipboard == run["database_url"])
        assert "passfile=" in app.clipboard

        await pilot.press("ctrl+r")  # asks first; y goes ahead
        await say_yes(pilot)
        await wait_until(pilot, lambda: "is back to" in _text(screen, "#runs-status"))
        assert app.engine.runs()[0]["resets"] == 1

        await pilot.press("x")  # asks first; esc keeps the run
        await wait_until(
            pilot, lambda: isinstance(app.screen, ConfirmModal) and app.screen.is_mounted
        )
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and len(app.engine.runs()) == 1
        await pilot.press("x")
        await say_yes(pilot)
        await wait_until(pilot, lambda: "dropped" in _text(screen, "#runs-status"))
        await wait_until(pilot, lambda: table.row_count == 0 and not table.loading)
        assert app.engine.runs() == []

        await pilot.press("ctrl+k")
        await wait_until(pilot, lambda: "0 leak(s) repaired" in _text(screen, "#runs-status"))
        await pilot.press("escape")
        assert isinstance(app.screen, MainScreen)
