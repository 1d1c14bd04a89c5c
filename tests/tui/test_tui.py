"""Pilot tests: the real app against a real sandbox (the session cluster, one database each)."""

from __future__ import annotations

import io
import subprocess
import sys
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from psycopg import sql
from rich.console import Console
from textual.widgets import Static

from workbench.distribution.report import markdown_report
from workbench.engine import Engine
from workbench.screens.app import WorkbenchApp, make_app
from workbench.screens.distribution import DistributionScreen
from workbench.screens.doctor import DoctorScreen
from workbench.screens.edit import EditColumnModal, EditTableModal
from workbench.screens.error import ErrorModal
from workbench.screens.help import HelpScreen
from workbench.screens.main import MainScreen
from workbench.widgets.details_pane import DetailsPane
from workbench.widgets.distribution_chart import DistributionChart
from workbench.widgets.find_line import HOLD
from workbench.widgets.progress_view import ProgressView
from workbench.widgets.schema_tree import SchemaTree

SIZE = (160, 48)


def sync(test: Callable[..., Any]) -> Callable[..., Any]:
    """Run an async Pilot test on a fresh event loop (no asyncio plugin needed)."""
    import asyncio
    import functools

    @functools.wraps(test)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        return asyncio.run(test(*args, **kwargs))

    return wrapper


SMALL = "[generate]\nrows = 200\n"
EXAMPLE = None  # make_project's default: the shipped example schema.sql
# A small shop for the flows that write: enum, FK fan-out, composite key, CHECKs.
SHOP = """
CREATE TYPE order_status AS ENUM ('pending', 'paid', 'shipped', 'delivered', 'cancelled');
CREATE TABLE customers (
    id bigserial PRIMARY KEY,
    email varchar(254) NOT NULL,
    first_name varchar(80) NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE orders (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    customer_id bigint NOT NULL REFERENCES customers (id),
    status order_status NOT NULL,
    total_amount numeric(12, 2) NOT NULL CHECK (total_amount >= 0),
    note text,
    placed_at timestamptz NOT NULL
);
CREATE TABLE order_items (
    order_id bigint NOT NULL REFERENCES orders (id),
    line_no integer NOT NULL CHECK (line_no > 0),
    quantity integer NOT NULL CHECK (quantity > 0),
    PRIMARY KEY (order_id, line_no)
);
"""
SHOP_TOML = """
[generate]
rows = 200

[tables."public.orders".columns.status]
values = { delivered = 0.6, shipped = 0.2, paid = 0.1, pending = 0.07, cancelled = 0.03 }

[tables."public.order_items"]
children = { parent = "public.orders", distribution = "zipf", min = 1, max = 6, skew = 1.6 }
"""


async def wait_until(pilot: Any, condition: Callable[[], bool], timeout: float = 120.0) -> None:
    """Let the app run until `condition` holds (workers post, handlers render)."""
    import asyncio

    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        if loop.time() > deadline:
            raise AssertionError("condition not reached in time")
        await pilot.pause(0.05)


async def press_alone(pilot: Any, *keys: str) -> None:
    """Press each key as a deliberate key of its own: a bound letter waits HOLD seconds for a
    next letter (widgets/find_line.py) before it acts, so each is followed by that pause."""
    for key in keys:
        await pilot.press(key)
        await pilot.pause(HOLD + 0.05)


async def say_yes(pilot: Any) -> None:
    """Answer the question a key opened with a deliberate `y`: once it shows and its letters
    have settled (screens/confirm.py ignores letters for SETTLE seconds)."""
    from workbench.screens.confirm import SETTLE, ConfirmModal

    await wait_until(pilot, lambda: isinstance(pilot.app.screen, ConfirmModal))
    await pilot.pause(SETTLE + 0.05)
    await pilot.press("y")


async def ready(pilot: Any) -> MainScreen:
    app = pilot.app
    await wait_until(pilot, lambda: isinstance(app.screen, MainScreen) and app.screen.model)
    await app.workers.wait_for_complete()
    await pilot.pause()
    return app.screen


def counts_in_db(engine: Engine) -> dict[str, int | None]:
    out: dict[str, int | None] = {}
    with engine.connect() as conn:
        for table in engine.schema().tables.values():
            ident = sql.Identifier(table.schema, table.name)
            exists = conn.execute("SELECT to_regclass(%s)", (ident.as_string(None),)).fetchone()
            if exists is None or exists[0] is None:
                out[table.qualified] = None
                continue
            row = conn.execute(sql.SQL("SELECT count(*) FROM {}").format(ident)).fetchone()
            out[table.qualified] = int(row[0]) if row else None
    return out


def test_engine_never_imports_textual() -> None:
    code = (
        "import sys, workbench.engine, workbench.cli, workbench.distribution.review; "
        "print('textual' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert out.stdout.strip() == "False"


@sync
async def test_open_and_select_table(make_project) -> None:
    app = make_app(make_project(EXAMPLE, extra=SMALL))
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        tree = screen.query_one(SchemaTree)
        assert "public.orders" in screen.model.schema.tables
        tree.select_table("public.orders")
        await pilot.pause()
        details = screen.query_one(DetailsPane)
        assert details.border_title == "Table public.orders"
        # a column shows its generator and a preview line
        tree.select_column("public.customers", "email")
        await pilot.pause()
        assert details.border_title == "Column public.customers.email"
        assert screen.model.decisions[("public.customers", "email")].generator == "email"
        # a total its children set after loading says so (the engine's column decision)
        tree.select_column("public.orders", "total_amount")
        await pilot.pause()
        console = Console(width=400, record=True, file=io.StringIO())
        console.print(details.query_one("#details-body", Static).content)
        shown = console.export_text()
        assert "sum of quantity × unit_price over its public.order_items rows" in shown


@sync
async def test_generate_reaches_100_then_reset(make_project) -> None:
    # The shipped example on a private embedded cluster: what the Quick start opens.
    path = make_project(EXAMPLE, extra=SMALL, embedded=True)
    app = make_app(path)
    finished: list[ProgressView.Finished] = []

    def hook(message: Any) -> None:
        # Finished bubbles from the view to the screen: the hook sees it at each step
        if isinstance(message, ProgressView.Finished) and message not in finished:
            finished.append(message)

    async with app.run_test(size=SIZE, message_hook=hook) as pilot:
        screen = await ready(pilot)
        await pilot.press("ctrl+g")
        view = screen.query_one(ProgressView)
        await wait_until(pilot, lambda: bool(finished))
        assert finished[-1].outcome == "done", finished[-1].error
        assert view.overall_progress == pytest.approx(100.0)
        assert screen.check_action("reset", ()) is True
        await app.workers.wait_for_complete()
        planned = screen.model.planned
        # The counts arrive from a worker through the event loop: under load, after a few turns.
        expected = {name: planned[name] for name in planned}
        await wait_until(pilot, lambda: screen.counts == expected, timeout=60)
        assert screen.counts == expected

        await pilot.press("ctrl+r")  # nothing changed since the generate: no question
        await wait_until(pilot, lambda: len(finished) == 2)
        assert finished[-1].kind == "reset" and finished[-1].outcome == "done", finished[-1].error
        await app.workers.wait_for_complete()
    assert counts_in_db(Engine(path)) == planned


@sync
async def test_cancelled_generation_leaves_sandbox_consistent(make_project) -> None:
    path = make_project(SHOP, extra=SHOP_TOML.replace("rows = 200", "rows = 600000"))
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        view = screen.query_one(ProgressView)
        await pilot.press("ctrl+g")
        await wait_until(pilot, lambda: view.running)
        # reset and edit are greyed (disabled but shown) while the generation runs
        assert screen.check_action("reset", ()) is None
        assert screen.check_action("generate", ()) is None
        assert screen.check_action("cancel", ()) is True
        await pilot.press("ctrl+r")  # greyed: nothing happens
        assert view.kind == "generate"
        # `c` waits HOLD for a next letter, then asks (SETTLE before a `y` counts): about a
        # second, so it is pressed as the rows start, with several seconds of them to come
        await wait_until(pilot, lambda: view.phase == "data")
        await pilot.press("c")
        await say_yes(pilot)
        await wait_until(pilot, lambda: not view.running, timeout=60)
        log = "\n".join(str(line.text) for line in view.query_one("#progress-log").lines)
        assert "cancelled" in str(view.query_one("#progress-phase").render()), log
        assert isinstance(app.screen, MainScreen)  # a notification, not a crash or modal
        planned = dict(screen.model.planned)
    # every table is either complete or empty: the one being loaded was rolled back
    engine = Engine(path)
    counts = counts_in_db(engine)
    assert any(n == 0 for n in counts.values() if n is not None) or None in counts.values()
    for name, n in counts.items():
        assert n in (None, 0, planned[name]), (name, n, planned[name])
    # and a new run picks up from there and completes
    engine.generate()
    assert counts_in_db(engine) == planned


@sync
async def test_distribution_chart_and_report(make_project) -> None:
    path = make_project(SHOP, extra=SHOP_TOML)
    Engine(path).generate()
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        screen.query_one(SchemaTree).select_column("public.orders", "status")
        await pilot.pause()
        await pilot.press("d")
        await wait_until(
            pilot, lambda: isinstance(app.screen, DistributionScreen) and app.screen.is_mounted
        )
        dist_screen = app.screen
        chart = dist_screen.query_one(DistributionChart)
        await wait_until(pilot, lambda: chart.distribution is not None)
        assert chart.distribution["kind"] == "category"
        assert chart.distribution["generated"] is True
        assert sum(chart.distribution["actual"]["counts"]) > 0
        # pick an FK column from the list: children per parent
        dist_screen.show_column("public.order_items", "order_id")
        await wait_until(
            pilot, lambda: chart.distribution and chart.distribution["column"] == "order_id"
        )
        assert chart.distribution["kind"] == "fk"
        await pilot.press("ctrl+s")
        report = path.parent / "distribution-report.md"
        text = report.read_text()
        assert "## public.orders.status" in text and "## public.order_items.order_id" in text
        await pilot.press("escape")
        assert isinstance(app.screen, MainScreen)


@sync
async def test_edit_row_count_saves_sandbox_toml(make_project) -> None:
    path = make_project(EXAMPLE, extra=SMALL)
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        screen.query_one(SchemaTree).select_table("public.customers")
        await pilot.pause()
        await pilot.press("e")
        await wait_until(
            pilot, lambda: isinstance(app.screen, EditTableModal) and app.screen.is_mounted
        )
        modal = app.screen
        await pilot.press("end", *["backspace"] * 8, *"1234")  # clear, then type
        await pilot.pause()
        assert modal.query_one("Input").value == "1234"
        await app.workers.wait_for_complete()
        await pilot.pause()
        live = str(modal.query_one("#edit-estimate").render())
        await pilot.press("ctrl+s")
        await wait_until(
            pilot, lambda: isinstance(app.screen, MainScreen) and app.screen.is_mounted
        )
        await wait_until(pilot, lambda: screen.model.planned.get("public.customers") == 1234)
    data = tomllib.loads(path.read_text())
    assert data["tables"]["public.customers"]["rows"] == 1234
    assert app.engine.config.tables["public.customers"].rows == 1234
    assert live  # the modal showed an estimate (or why there is none) while typing


@sync
async def test_edit_column_weights(make_project) -> None:
    path = make_project(EXAMPLE, extra=SMALL)
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        screen.query_one(SchemaTree).select_column("public.orders", "status")
        await pilot.pause()
        await press_alone(pilot, "e")
        await wait_until(
            pilot, lambda: isinstance(app.screen, EditColumnModal) and app.screen.is_mounted
        )
        await pilot.pause()
        await pilot.press(*"paid=3, pending=1")
        await pilot.press("ctrl+s")
        await wait_until(
            pilot, lambda: isinstance(app.screen, MainScreen) and app.screen.is_mounted
        )
        await app.workers.wait_for_complete()
        await pilot.pause()
        decision = screen.model.decisions[("public.orders", "status")]
        assert decision.declared and decision.params["values"] == ["paid", "pending"]
    data = tomllib.loads(path.read_text())
    assert data["tables"]["public.orders"]["columns"]["status"]["values"] == {
        "paid": 3.0,
        "pending": 1.0,
    }


@sync
async def test_errors_open_a_modal_not_a_crash(make_project) -> None:
    path = make_project(EXAMPLE, extra=SMALL)
    text = path.read_text().replace("[sandbox]\n", '[sandbox]\ncapabilities = ["read"]\n')
    path.write_text(text)
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        await pilot.press("ctrl+g")
        await wait_until(
            pilot, lambda: isinstance(app.screen, ErrorModal) and app.screen.is_mounted
        )
        assert "write" in app.screen.message
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is screen)  # the modal closed
        assert not screen.query_one(ProgressView).running


@sync
async def test_help_doctor_palette_and_quit(make_project) -> None:
    app = make_app(make_project(EXAMPLE, extra=SMALL))
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await press_alone(pilot, "o")
        assert isinstance(app.screen, DoctorScreen)
        await wait_until(pilot, lambda: bool(app.screen.checks))
        await pilot.press("escape")
        titles = [c.title for c in app.get_system_commands(app.screen)]
        for title in ("Generate", "Reset", "Distributions", "Edit", "Doctor", "Help"):
            assert title in titles
        assert "Cancel" not in titles  # nothing to cancel
        await press_alone(pilot, "q")
    assert app.return_code == 0


def test_markdown_report_shape() -> None:
    dist = {
        "table": "public.t",
        "column": "c",
        "kind": "category",
        "generator": "choice",
        "declared": True,
        "rows": 10,
        "generated": True,
        "planned": {"values": ["a", "b"], "weights": [0.75, 0.25]},
        "actual": {"values": ["a", "b"], "counts": [7, 3], "other": 0, "distinct": 2},
        "nulls": {"planned": 0.0, "actual": 0.0, "count": 0},
        "children": None,
    }
    text = markdown_report([dist], "demo", "now")
    assert "| a | 75.0 % | 70.0 % | -5.0 |" in text


def test_make_app_uses_the_given_engine(make_project) -> None:
    engine = Engine(make_project())
    app = make_app(engine=engine)
    assert isinstance(app, WorkbenchApp) and app.engine is engine
