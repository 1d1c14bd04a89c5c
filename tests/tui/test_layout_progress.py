"""Layout at 80×24, 160×45 and 220×60, and honest progress (issue #15, items 4 and 5).

The layout tests run the real app on the shipped example (nothing connects); the progress tests
generate into a real database of the session cluster and compare what the view shows with the
run's own record."""

from __future__ import annotations

import shutil
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable, Input, ProgressBar, RichLog, Static

from tests.tui.test_tui import EXAMPLE, SMALL, ready, say_yes, sync, wait_until
from workbench.events import Event, Info, PhaseChanged, PlanReady, RowsWritten, TableDone
from workbench.screens.app import make_app
from workbench.screens.doctor import DoctorScreen
from workbench.screens.edit import EditTableModal
from workbench.screens.main import MainScreen
from workbench.units import SHORT_PHASES, human_seconds
from workbench.widgets.details_pane import DetailsPane
from workbench.widgets.estimate_panel import EstimatePanel
from workbench.widgets.progress_view import ProgressView
from workbench.widgets.schema_tree import SchemaTree

REPO = Path(__file__).resolve().parents[2]
SIZES = [(80, 24), (160, 45), (220, 60)]
SIZE_IDS = [f"{w}x{h}" for w, h in SIZES]


@pytest.fixture
def example(tmp_path: Path) -> Path:
    """The shipped example copied to a temp folder (its embedded cluster is never started)."""
    for name in ("sandbox.toml", "schema.sql"):
        shutil.copy(REPO / name, tmp_path / name)
    return tmp_path / "sandbox.toml"


def text_of(widget: Any) -> str:
    """What a widget shows now: its rendered lines, as plain text."""
    return "\n".join(
        "".join(seg.text for seg in widget.render_line(y)) for y in range(widget.size.height)
    )


def footer_keys(screen: Any) -> dict[str, Any]:
    """The footer's keys that are on screen, by action."""
    return {
        key.action: key
        for key in screen.query("FooterKey")
        if key.display and key.region.width and key.region.right <= screen.size.width
    }


def assert_footer_has_help_quit_doctor(screen: Any) -> None:
    shown = footer_keys(screen)
    for action in ("help", "quit", "doctor"):
        assert action in shown, (action, sorted(shown))
        key = shown[action]
        # the whole key is on screen: its label is not cut at the edge
        assert key.region.right <= screen.size.width and key.region.y == screen.size.height - 1


def footer_whole(screen: Any) -> bool:
    try:
        assert_footer_has_help_quit_doctor(screen)
    except AssertionError:
        return False
    return True


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@sync
async def test_footer_and_doctor_fit(example: Path, size: tuple[int, int]) -> None:
    """The footer keeps ?, q and o on screen (main and doctor); the doctor's fix column is on
    screen with its text whole."""
    app = make_app(example)
    async with app.run_test(size=size) as pilot:
        await ready(pilot)
        # the footer is laid out after the screen's bindings settle: wait for it, then check
        await wait_until(pilot, lambda: footer_whole(app.screen))
        assert_footer_has_help_quit_doctor(app.screen)
        # keys that do not fit are left out whole, never cut mid-word
        screen_keys = app.screen.query_one(".footer-screen")
        for key in screen_keys.children:
            if key.display:
                assert key.region.right <= screen_keys.region.right
        await pilot.press("o")
        await wait_until(
            pilot, lambda: isinstance(app.screen, DoctorScreen) and app.screen.is_mounted
        )
        doctor = app.screen
        await wait_until(pilot, lambda: bool(doctor.checks), timeout=120)
        table = doctor.query_one(DataTable)
        await wait_until(pilot, lambda: table.row_count == len(doctor.checks))
        await wait_until(pilot, lambda: footer_whole(doctor))
        # a busy machine paints the filled table a frame later: wait for its header line
        await wait_until(pilot, lambda: bool(text_of(table).strip()))
        assert_footer_has_help_quit_doctor(doctor)
        assert table.virtual_size.width <= table.size.width  # no column off to the right
        assert text_of(table).splitlines()[0].rstrip().endswith("fix")
        fixes = [(i, c["fix"]) for i, c in enumerate(doctor.checks) if c.get("fix")]
        assert fixes, doctor.checks  # no cluster yet: the guard says how to fix it
        row, fix = fixes[0]
        table.move_cursor(row=row, animate=False)

        def fix_column() -> str:
            widths = [column.get_render_width(table) for column in table.columns.values()]
            start = sum(widths[:3])  # the fix column: the fourth, its cells read top to bottom
            lines = text_of(table).splitlines()
            return " ".join("".join(line[start : start + widths[3]] for line in lines).split())

        wanted = " ".join(fix.split())
        await wait_until(pilot, lambda: table.cursor_row == row and wanted in fix_column())
        assert wanted in fix_column(), (fix, text_of(table))
        await pilot.press("escape")  # back on the main screen, its footer is whole again
        await wait_until(
            pilot, lambda: isinstance(app.screen, MainScreen) and app.screen.is_mounted
        )
        await wait_until(pilot, lambda: footer_whole(app.screen))
        assert_footer_has_help_quit_doctor(app.screen)


def _events_up_to_products(on_event: Callable[[Event], None]) -> None:
    tables = [("public.customers", 1000), ("public.addresses", 1000), ("public.products", 1000)]
    on_event(PlanReady([{"name": n, "rows": r} for n, r in tables], 3000))
    on_event(PhaseChanged("data", "3,000 rows"))
    for name, rows in tables[:2]:
        on_event(RowsWritten(name, rows, rows, 1000.0))
        on_event(TableDone(name, rows, 1.0))
    on_event(RowsWritten("public.products", 500, 1000, 1000.0))


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@sync
async def test_progress_bars_are_wide_and_percent_whole(
    example: Path, size: tuple[int, int]
) -> None:
    app = make_app(example)
    async with app.run_test(size=size) as pilot:
        screen = await ready(pilot)
        view = screen.query_one(ProgressView)
        release = threading.Event()

        def job(on_event: Callable[[Event], None], cancel: Any) -> dict[str, Any]:
            _events_up_to_products(on_event)
            release.wait(10)
            return {}

        screen._start("generate", job)
        await wait_until(pilot, lambda: view.overall_progress > 80.0 / 3)
        await pilot.pause()
        bars = list(view.query(ProgressBar))
        assert len(bars) == 2  # overall and the table being written, whatever the table count
        assert str(bars[1].query_one("#percentage").render()) == "50%"
        for bar in bars:
            inner = bar.query_one("#bar")
            percent = bar.query_one("#percentage")
            shown = str(percent.render())
            assert inner.region.width >= 4, (size, inner.region)
            assert shown.endswith("%") and percent.region.width >= len(shown), shown
            assert percent.region.right <= view.content_region.right
        assert str(bars[0].query_one("#percentage").render()) == "83%"
        release.set()
        await wait_until(pilot, lambda: not view.running)


async def _edit_rows(pilot: Any, screen: MainScreen, table: str, rows: int) -> None:
    """Through the real edit dialog: select the table, e, enter the rows, save."""
    app = pilot.app
    screen.query_one(SchemaTree).select_table(table)
    await wait_until(pilot, lambda: screen.query_one(DetailsPane).border_title.endswith(table))
    await pilot.press("e")
    # the dialog is the screen as soon as it is pushed; its fields a refresh later
    await wait_until(
        pilot, lambda: isinstance(app.screen, EditTableModal) and bool(app.screen.query(Input))
    )
    modal = app.screen
    modal.query_one(Input).value = str(rows)  # as typed, in one change (each key re-estimates)
    await pilot.pause()
    await pilot.press("ctrl+s")
    await wait_until(pilot, lambda: app.screen is screen)
    await wait_until(pilot, lambda: screen.model.planned.get(table) == rows)
    await app.workers.wait_for_complete()
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES[:2], ids=SIZE_IDS[:2])
@sync
async def test_estimate_whole_numbers_and_fresh_details_after_edit(
    example: Path, size: tuple[int, int]
) -> None:
    app = make_app(example)
    async with app.run_test(size=size) as pilot:
        screen = await ready(pilot)
        await _edit_rows(pilot, screen, "public.orders", 400000)
        # the details pane shows the new count without F5
        details = " ".join(text_of(screen.query_one("#details-body", Static)).split())
        assert "planned 400,000" in details, details
        table = screen.query_one(EstimatePanel).query_one(DataTable)
        expected = {r["name"]: f"{r['rows']:,}" for r in screen.model.estimate["tables"]}
        expected["__total__"] = f"{screen.model.estimate['total']['rows']:,}"
        assert expected["public.orders"] == "400,000"
        assert table.virtual_size.width <= table.size.width  # nothing off to the right
        # the total's time is the whole run: its phases are said under the target
        panel = screen.query_one(EstimatePanel)
        for phase, seconds in screen.model.estimate["phases"].items():
            shown = SHORT_PHASES.get(phase, phase)
            assert f"{shown} {human_seconds(seconds)}" in panel.phases_text, phase
        assert panel.phases_text.endswith("(not calibrated)")
        # on screen it begins with the whole run's time (the table's time column may not fit)
        whole = human_seconds(screen.model.estimate["total"]["seconds"])
        shown = text_of(screen.query_one("#estimate-phases", Static))
        assert shown.startswith(f"run {whole}: schema "), shown
        lines = text_of(table).splitlines()
        seen = 0
        for y, line in enumerate(lines[1:], start=int(table.scroll_y)):
            if y >= table.row_count or not line.strip():
                continue
            key = table.ordered_rows[y].key.value
            assert f" {expected[key]} " in f" {line} ", (key, line)
            seen += 1
        assert seen >= 4
        if size[1] >= 45:  # every row, the total included, fits from 160×45 on
            assert seen == len(expected)


# --- honest progress against a real generation --------------------------------------------


def log_lines(view: ProgressView) -> list[str]:
    return [str(line.text) for line in view.query_one(RichLog).lines]


def stats(view: ProgressView) -> str:
    return str(view.query_one("#overall-rate", Static).render())


def assert_toasts_clear_of_log(screen: Any) -> int:
    log = screen.query_one(ProgressView).query_one(RichLog)
    toasts = list(screen.query("Toast"))
    for toast in toasts:
        assert not toast.region.overlaps(log.region), (toast.region, log.region)
    return len(toasts)


def once_each(lines: list[str], tables: list[str]) -> None:
    for name in tables:
        mentions = [line for line in lines if line.startswith(f"{name}:")]
        assert len(mentions) == 1, (name, mentions)


@sync
async def test_overall_rate_is_the_whole_runs_and_each_table_logged_once(make_project) -> None:
    app = make_app(make_project(EXAMPLE, extra=SMALL))
    finished: list[ProgressView.Finished] = []

    def hook(message: Any) -> None:
        # Finished bubbles from the view to the screen: the hook sees it at each
        if isinstance(message, ProgressView.Finished) and message not in finished:
            finished.append(message)

    async with app.run_test(size=(160, 45), message_hook=hook, notifications=True) as pilot:
        screen = await ready(pilot)
        view = screen.query_one(ProgressView)
        await pilot.press("ctrl+g")
        await wait_until(pilot, lambda: bool(finished))
        assert finished[-1].outcome == "done", finished[-1].error
        record = finished[-1].result
        rate = record["rows"] / record["seconds"]
        assert view.overall_rate == pytest.approx(rate)
        assert f"{rate:,.0f} rows/s" in stats(view) and "ETA" not in stats(view)
        once_each(log_lines(view), list(screen.model.planned))
        await wait_until(pilot, lambda: bool(list(app.screen.query("Toast"))))
        assert assert_toasts_clear_of_log(screen) >= 1


@sync
async def test_cancel_drops_eta_and_resume_shows_kept_tables_done(make_project) -> None:
    app = make_app(make_project(EXAMPLE, extra=SMALL))
    finished: list[ProgressView.Finished] = []

    def hook(message: Any) -> None:
        # Finished bubbles from the view to the screen: the hook sees it at each
        if isinstance(message, ProgressView.Finished) and message not in finished:
            finished.append(message)

    async with app.run_test(size=(80, 24), message_hook=hook, notifications=True) as pilot:
        screen = await ready(pilot)
        view = screen.query_one(ProgressView)
        engine = app.engine
        paused, go_on = threading.Event(), threading.Event()

        def interrupted(on_event: Callable[[Event], None], cancel: Any) -> Any:
            done = 0

            def sink(event: Event) -> None:
                nonlocal done
                on_event(event)
                if isinstance(event, TableDone):
                    done += 1
                    if done == 2:  # the run waits here while `c` is pressed
                        paused.set()
                        go_on.wait(60)

            return engine.generate(on_event=sink, cancel=cancel)

        screen._start("generate", interrupted)
        await wait_until(pilot, paused.is_set)
        await wait_until(pilot, lambda: sum(r.done for r in view._tables.values()) == 2)
        assert "ETA" in stats(view)  # shown while it runs
        await pilot.press("c")
        await say_yes(pilot)  # `c` asks first
        phase = str(view.query_one("#progress-phase", Static).render())
        assert "cancelling" in phase  # said at once, before the run has stopped
        go_on.set()
        await wait_until(pilot, lambda: bool(finished))
        assert finished[-1].outcome == "cancelled", finished[-1].error
        await pilot.pause()
        assert "ETA" not in stats(view)  # and gone once cancelled
        await wait_until(pilot, lambda: bool(list(app.screen.query("Toast"))))
        assert_toasts_clear_of_log(screen)

        # The next run resumes: the kept tables show as done before any new table is written.
        gate = threading.Event()
        kept: list[str] = []

        def resumed(on_event: Callable[[Event], None], cancel: Any) -> Any:
            def sink(event: Event) -> None:
                on_event(event)
                if isinstance(event, Info) and event.data.get("completed"):
                    kept.extend(event.data["completed"])
                    gate.wait(30)

            return engine.generate(on_event=sink, cancel=cancel)

        screen._start("generate", resumed)
        await wait_until(pilot, lambda: bool(kept))
        await wait_until(pilot, lambda: all(view._tables[name].done for name in kept))
        await pilot.pause()
        planned = screen.model.planned
        summary = str(view.query_one("#progress-tables", Static).render())
        assert summary.startswith(f"{len(kept)} of {len(planned)} tables done"), summary
        assert f"{len(kept)} kept from the interrupted run" in summary
        assert "slowest" not in summary  # the kept tables are not this run's
        assert view.overall_progress == pytest.approx(
            100 * sum(planned[name] for name in kept) / sum(planned.values())
        )
        gate.set()
        await wait_until(pilot, lambda: len(finished) == 2)
        assert finished[-1].outcome == "done", finished[-1].error
        record = finished[-1].result
        assert record["resumed"] is True
        lines = log_lines(view)
        once_each(lines, list(screen.model.planned))
        for name in kept:
            assert any(line.startswith(f"{name}:") and "kept" in line for line in lines)
        new_rows = record["rows"] - sum(planned[name] for name in kept)
        assert view.overall_rate == pytest.approx(new_rows / record["seconds"])
