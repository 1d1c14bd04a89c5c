"""What the TUI says after a run was killed (newbie27 F10, F5): a reset killed while it cloned
leaves the sandbox whole and the screen shows it as usual; killed in the one instant between
its two renames, the screen says the work is the undo copy and `u` brings it back (not
"database not created yet (ctrl+g creates it)"); a generate killed in its data phase reads
"incomplete: … ctrl+g resumes it", not the server's "permission denied … CONNECT", and `!`
reopens that failure after a restart."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from textual.widgets import Static

from tests.conftest import run_cli
from tests.tui.test_keys_safety import answer_question, first_name_of
from tests.tui.test_tui import SHOP, SHOP_TOML, SIZE, ready, sync, wait_until
from workbench.access.databases import CRASH_ENV
from workbench.engine import Engine
from workbench.screens.app import make_app
from workbench.screens.error import ErrorModal
from workbench.screens.main import MainScreen


def _guard(screen: MainScreen) -> str:
    return str(screen.query_one("#estimate-target", Static).render())


def _changed_project(make_project) -> Path:  # type: ignore[no-untyped-def]
    path = make_project(SHOP, extra=SHOP_TOML)
    Engine(path).generate()  # set-up, in process: the killed run is what is tried
    with Engine(path).connect() as conn:
        conn.execute("UPDATE customers SET first_name = 'Mine' WHERE id = 1")
    return path


@pytest.mark.parametrize("point", ["database:created", "database:replaced", "database:swapped"])
@sync
async def test_after_a_reset_killed_mid_clone_the_screen_says_where_the_work_is(
    make_project,  # type: ignore[no-untyped-def]
    point: str,
) -> None:
    path = _changed_project(make_project)
    killed = run_cli("reset", "--yes", "--config", str(path), env={CRASH_ENV: point})
    assert killed.returncode == -9, killed.stderr
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        await wait_until(pilot, lambda: "checking" not in _guard(screen))
        said = _guard(screen)
        assert "not created yet" not in said and "ctrl+g creates" not in said, said
        if point != "database:swapped":  # the swap never committed: as it was
            assert "sandbox marker present" in said, said
            assert first_name_of(app.engine) == "Mine"
            return
        assert "u brings back the" in said and "replaced" in said, said
        await pilot.press("u")
        await answer_question(pilot, "y")
        await app.workers.wait_for_complete()
        await wait_until(pilot, lambda: first_name_of(app.engine) == "Mine")


@sync
async def test_after_a_generate_killed_mid_data_the_screen_says_incomplete(make_project) -> None:  # type: ignore[no-untyped-def]
    path = make_project(SHOP, extra=SHOP_TOML)
    Engine(path).generate()  # set-up, in process: the killed run is what is tried
    env = {k: v for k, v in os.environ.items() if not k.startswith("PG")}
    proc = subprocess.Popen(
        [sys.executable, "-m", "workbench.cli", "generate", "--yes", "--json", "--config",
         str(path)],
        env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True,
    )  # fmt: skip
    assert proc.stdout is not None
    for line in proc.stdout:
        if json.loads(line).get("event") == "RowsWritten":
            os.kill(proc.pid, signal.SIGKILL)
            break
    proc.wait(timeout=30)
    assert proc.returncode == -9
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        await wait_until(pilot, lambda: "checking" not in _guard(screen))
        said = _guard(screen)
        assert "incomplete: generate was interrupted" in said and "ctrl+g resumes it" in said
        assert "permission denied" not in said and "CONNECT" not in said, said
        await pilot.press("exclamation_mark")  # nothing failed in this session: the record
        await wait_until(
            pilot, lambda: isinstance(app.screen, ErrorModal) and app.screen.is_mounted
        )
        modal = app.screen
        assert isinstance(modal, ErrorModal)
        assert "generate" in modal.error_title and "interrupted" in modal.message, modal.message
