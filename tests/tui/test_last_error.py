"""A failed generate is said as the last run and its whole error can be opened again with `!`
(issue 27, "small lies": it left "last run none" and the error could not be reopened)."""

from __future__ import annotations

from tests.tui.test_tui import SIZE, ready, sync, wait_until
from workbench.screens.app import make_app
from workbench.screens.error import ErrorModal
from workbench.widgets.progress_view import ProgressView
from workbench.widgets.status_line import StatusLine

# The server refuses the index's storage parameter when the indexes are built, after the data
# phase: the run has begun and fails (rows the server would refuse are dropped, so only the
# statement itself can fail a run now).
UNFILLABLE = """CREATE TABLE t (id int PRIMARY KEY, a int NOT NULL);
CREATE INDEX t_one ON t (a) WITH (fillfactor = 5);
"""


@sync
async def test_a_failed_generate_is_the_last_run_and_its_error_reopens(make_project) -> None:  # type: ignore[no-untyped-def]
    app = make_app(make_project(UNFILLABLE, extra="[generate]\nrows = 10\n"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        status = screen.query_one(StatusLine)
        await pilot.press("exclamation_mark")  # nothing failed yet: said, no modal
        assert app.screen is screen
        await pilot.press("ctrl+g")
        await wait_until(
            pilot, lambda: isinstance(app.screen, ErrorModal) and app.screen.is_mounted
        )
        first = app.screen.message
        assert "t_one" in first
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is screen)
        assert not screen.query_one(ProgressView).running
        await wait_until(pilot, lambda: "last run generate failed" in str(status.render()))
        await pilot.press("exclamation_mark")
        await wait_until(
            pilot, lambda: isinstance(app.screen, ErrorModal) and app.screen.is_mounted
        )
        assert app.screen.message == first  # the whole message again


@sync
async def test_a_generate_refused_before_its_record_is_the_last_run_and_reopens(
    make_project,
) -> None:  # type: ignore[no-untyped-def]
    path = make_project(UNFILLABLE)
    path.write_text(path.read_text().replace("[sandbox]\n", '[sandbox]\ncapabilities = ["read"]\n'))
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        await pilot.press("ctrl+g")
        await wait_until(
            pilot, lambda: isinstance(app.screen, ErrorModal) and app.screen.is_mounted
        )
        refused = app.screen.message
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is screen)
        # refused before the run recorded anything: still the last run, not "none"
        assert not (path.parent / ".workbench" / "evidence.jsonl").is_file()
        await wait_until(
            pilot,
            lambda: "last run generate failed" in str(screen.query_one(StatusLine).render()),
        )
        await pilot.press("exclamation_mark")
        await wait_until(
            pilot, lambda: isinstance(app.screen, ErrorModal) and app.screen.is_mounted
        )
        assert app.screen.message == refused and "write" in refused
