"""The TUI's generate runs in a child process (workbench/lifecycle/child_run.py): quitting during
it asks first, "no" keeps it running, and "yes" stops the child cleanly (SIGTERM, the CLI's
cancel): its evidence records the data phase cancelled and its end, the tables are complete or
empty, and the next generate completes."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from tests.tui.test_tui import SHOP, SHOP_TOML, SIZE, counts_in_db, ready, say_yes, sync, wait_until
from workbench.engine import Engine
from workbench.screens.app import make_app
from workbench.screens.confirm import SETTLE, ConfirmModal
from workbench.widgets.progress_view import ProgressView


def _records(state: Path) -> list[dict[str, Any]]:
    evidence = state / "evidence.jsonl"
    if not evidence.is_file():
        return []
    return [json.loads(line) for line in evidence.read_text().splitlines() if line.strip()]


@sync
async def test_quit_during_a_generate_asks_then_stops_its_child_cleanly(make_project) -> None:  # type: ignore[no-untyped-def]
    path = make_project(SHOP, extra=SHOP_TOML.replace("rows = 200", "rows = 300000"))
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        view = screen.query_one(ProgressView)
        await pilot.press("ctrl+g")
        await wait_until(pilot, lambda: view.phase == "data" and view.overall_progress > 0.05)
        await pilot.press("q")
        await wait_until(
            pilot, lambda: isinstance(app.screen, ConfirmModal) and app.screen.is_mounted
        )
        await pilot.pause(SETTLE + 0.05)  # letters typed at once do not answer it
        await pilot.press("n")  # keep it running
        await wait_until(pilot, lambda: app.screen is screen)
        assert view.running
        planned = dict(screen.model.planned)
        await pilot.press("q")
        await say_yes(pilot)  # cancel it and quit
    engine = Engine(path)
    state = engine.config.state_dir
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 120
    while not any(r["record"] == "end" for r in _records(state)):
        assert loop.time() < deadline, "the child never recorded its end"
        await asyncio.sleep(0.2)
    data = [r for r in _records(state) if r["record"] == "phase" and r["phase"] == "data"]
    end = [r for r in _records(state) if r["record"] == "end"][-1]
    # The quit reaches the child in its data phase (cancelled there) unless the child wrote
    # faster than the TUI drew its events and had left that phase (then, as the question
    # said, it runs to its end): either way it ends cleanly and records how.
    assert data and data[-1]["outcome"] in ("cancelled", "ok"), data
    if data[-1]["outcome"] == "ok":
        assert end["outcome"] == "ok", end
    counts = counts_in_db(engine)
    for name, n in counts.items():
        assert n in (None, 0, planned[name]), (name, n, planned[name])
    engine.generate()  # the lock is free and the run resumes to its end
    assert counts_in_db(engine) == planned
