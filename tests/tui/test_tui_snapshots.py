"""SVG snapshots of the main screens, with everything that varies frozen: the project lives in a
temp folder but the subtitle is fixed, the target line is fixed, and the progress and
distribution screens are fed fixed engine events and a fixed distribution (no clock, no rates
measured on this machine, no port). `WORKBENCH_SCREENSHOTS=1` also writes them to
docs/screenshots/ for the README."""

from __future__ import annotations

import os
import shutil
import threading
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from workbench.errors import Cancelled
from workbench.events import PhaseChanged, PlanReady, RowsWritten, TableDone, TableStarted
from workbench.screens.app import make_app
from workbench.screens.distribution import DistributionScreen
from workbench.screens.doctor import DoctorScreen
from workbench.screens.main import MainScreen
from workbench.widgets.progress_view import ProgressView
from workbench.widgets.schema_tree import SchemaTree

REPO = Path(__file__).resolve().parents[2]
SIZE = (150, 44)
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
}


@pytest.fixture(autouse=True)
def frozen_estimate(monkeypatch: pytest.MonkeyPatch) -> None:
    """The estimate adds a one-time startup unless this process or the disk cache has built
    the value pools already: that depends on what ran before, so it is fixed here."""
    import importlib

    # by module path: the package re-exports a function of the same name as the module
    module = importlib.import_module("workbench.generate.estimate")
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
        await pilot.pause(0.2)
        screen.refresh_bindings()
        await pilot.pause()

    return run()


def distribution(pilot: Any) -> Awaitable[None]:
    async def run() -> None:
        await _main_ready(pilot)
        app = pilot.app
        await app.push_screen(DistributionScreen(app.engine))
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        screen.sub_title = "planned vs actual"
        options = screen.query_one("#dist-columns")
        options.highlighted = options.get_option_index("public.orders\x1fstatus")
        screen.post_message(DistributionScreen.DistributionLoaded(STATUS_DIST))
        await pilot.pause(0.2)

    return run()


def doctor(pilot: Any) -> Awaitable[None]:
    async def run() -> None:
        await _main_ready(pilot)
        app = pilot.app
        await app.push_screen(DoctorScreen(app.engine))
        await app.workers.wait_for_complete()
        await pilot.pause()
        checks = [
            {"name": "config", "status": "pass", "message": "sandbox.toml is valid", "fix": ""},
            {"name": "schema", "status": "pass", "message": "10 tables parsed", "fix": ""},
            {"name": "postgres binaries", "status": "pass", "message": "PostgreSQL 15", "fix": ""},
            {
                "name": "server",
                "status": "warn",
                "message": "embedded cluster stopped",
                "fix": "workbench up",
            },
            {"name": "lifetime", "status": "pass", "message": "expires in 7 days", "fix": ""},
        ]
        app.screen.post_message(DoctorScreen.ChecksLoaded(checks))
        await pilot.pause()

    return run()


def help_screen(pilot: Any) -> Awaitable[None]:
    async def run() -> None:
        await _main_ready(pilot)
        await pilot.press("question_mark")
        await pilot.pause()

    return run()


SCENARIOS = {
    "main": main_screen,
    "generate": generating,
    "distribution": distribution,
    "doctor": doctor,
    "help": help_screen,
}


@pytest.mark.parametrize("name", list(SCENARIOS))
def test_snapshot(name: str, snap_compare: Any, example_project: Path) -> None:
    assert snap_compare(make_app(example_project), terminal_size=SIZE, run_before=SCENARIOS[name])


@pytest.mark.parametrize("name", list(SCENARIOS))
def test_screenshot_export(name: str, example_project: Path, tmp_path: Path) -> None:
    """Each main screen exports as an SVG (what the README shows); with WORKBENCH_SCREENSHOTS=1
    the files go to docs/screenshots/ instead of a temp folder."""
    import asyncio

    folder = REPO / "docs" / "screenshots" if os.environ.get("WORKBENCH_SCREENSHOTS") else tmp_path

    async def run() -> None:
        app = make_app(example_project)
        async with app.run_test(size=SIZE) as pilot:
            await SCENARIOS[name](pilot)
            app.save_screenshot(f"{name}.svg", path=str(folder))

    asyncio.run(run())
    svg = (folder / f"{name}.svg").read_text()
    assert svg.startswith("<svg") and "sandbox" in svg and "workbench" in svg
