"""Pilot tests of the distribution review (`d`) and its export (`x`): the real app against a
real sandbox on the session cluster (issue #15 items 3 and 6, and its 80×24 layout)."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from workbench.config.file import config_hash
from workbench.engine import Engine
from workbench.errors import Cancelled
from workbench.events import CancelToken, TableDone
from workbench.schema.fingerprint import fingerprint
from workbench.screens.app import make_app
from workbench.screens.distribution import DistributionScreen
from workbench.screens.main import MainScreen
from workbench.widgets.distribution_chart import DistributionChart
from workbench.widgets.schema_tree import SchemaTree

SCHEMA = """
CREATE TABLE orders (
    id bigserial PRIMARY KEY,
    status text NOT NULL,
    weight_grams integer NOT NULL,
    email text NOT NULL UNIQUE
);
CREATE TABLE lines (
    id bigserial PRIMARY KEY,
    order_id bigint NOT NULL REFERENCES orders (id),
    note text
);
"""
TOML = """
seed = 5

[tables."public.orders"]
rows = 3000

[tables."public.orders".columns.status]
values = { delivered = 0.6, shipped = 0.25, pending = 0.1, lost = 0.05 }

[tables."public.orders".columns.weight_grams]
# the plain integer generator draws uniformly; the recognised weight_grams one shapes values
generator = "int"
range = [1, 1000]

[tables."public.lines"]
children = { parent = "public.orders", distribution = "zipf", min = 1, max = 8, skew = 1.6 }
"""


def sync(test: Callable[..., Any]) -> Callable[..., Any]:
    import asyncio
    import functools

    @functools.wraps(test)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        return asyncio.run(test(*args, **kwargs))

    return wrapper


async def wait_until(pilot: Any, condition: Callable[[], Any], timeout: float = 120.0) -> None:
    import asyncio

    deadline = asyncio.get_running_loop().time() + timeout
    while not condition():
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError("condition not reached in time")
        await pilot.pause(0.05)


async def open_review(pilot: Any, table: str, column: str) -> DistributionChart:
    """From the main screen: select the column in the tree, press d, wait for its chart."""
    app = pilot.app
    await wait_until(pilot, lambda: isinstance(app.screen, MainScreen) and app.screen.model)
    await app.workers.wait_for_complete()
    await pilot.pause()
    app.screen.query_one(SchemaTree).select_column(table, column)
    await pilot.pause()
    await pilot.press("d")
    await wait_until(
        pilot, lambda: isinstance(app.screen, DistributionScreen) and app.screen.is_mounted
    )
    return await shown(pilot, column)


async def shown(pilot: Any, column: str) -> DistributionChart:
    # a pushed screen is app.screen before its widgets are composed
    await wait_until(pilot, lambda: pilot.app.screen.query(DistributionChart))
    chart = pilot.app.screen.query_one(DistributionChart)
    await wait_until(pilot, lambda: chart.distribution and chart.distribution["column"] == column)
    await pilot.pause(0.2)  # the plot is drawn after the layout pass
    return chart


def text_of(chart: DistributionChart, part: str) -> str:
    return str(chart.query_one(f"#chart-{part}").render())


def on_screen(chart: DistributionChart, part: str) -> list[str]:
    """The lines the terminal shows of one part of the chart, as drawn (cropped)."""
    widget = chart.query_one(f"#chart-{part}")
    return [widget.render_line(y).text for y in range(widget.size.height)]


@pytest.fixture
def generated(make_project) -> Path:  # type: ignore[no-untyped-def]
    path = make_project(SCHEMA, extra=TOML)
    Engine(path).generate(keep_snapshot=False)
    return path


def _git(root: Path, *args: str) -> str:
    done = subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@example.test", *args],
        cwd=root, capture_output=True, text=True, check=True,
    )  # fmt: skip
    return done.stdout.strip()


@sync
async def test_review_compares_with_the_law_and_export_keeps_every_review(generated) -> None:
    root = generated.parent
    app = make_app(generated)
    async with app.run_test(size=(160, 48)) as pilot:
        chart = await open_review(pilot, "public.lines", "order_id")
        caption, plot = text_of(chart, "caption"), text_of(chart, "plot")
        # planned is what the generator draws (an independent sample of the same plan), the
        # declared Zipf law is checked against it; the data differs by sampling error only
        assert "planned: an independent sample of the generator" in caption
        assert "declared: Zipf law, skew 1.6, 1–8 children" in caption
        assert "the sample follows it" in caption
        assert "within sampling error" in caption and "n = 3,000" in caption
        assert "█ actual   ◆ planned" in caption
        assert "public.lines.order_id: share of parents" in plot.splitlines()[0]
        review = chart.distribution["review"]
        one_child = 1 / sum(k**-1.6 for k in range(1, 9))  # the law's share of 1 child
        assert review["rows"][0]["planned"] == pytest.approx(one_child, abs=0.03)
        assert review["rows"][0]["actual"] != review["rows"][0]["planned"]

        # a unique column: a few examples, the distinct count and the rest as "other"
        app.screen.show_column("public.orders", "email")
        chart = await shown(pilot, "email")
        caption, plot = text_of(chart, "caption"), text_of(chart, "plot")
        assert "3,000 distinct values in 3,000 non-null rows: every value unique" in caption
        assert "other (2,995 more values)" in plot
        assert "◆ planned" not in caption and "nothing planned" in caption  # no planned mark

        app.screen.show_column("public.orders", "weight_grams")
        chart = await shown(pilot, "weight_grams")
        figures = "\n".join(on_screen(chart, "figures"))
        assert "1–50" in figures and "951–1,000" in figures  # both ends, whole numbers
        assert "declared: uniform on 1 … 1000" in text_of(chart, "caption")

        report = root / "distribution-report.md"
        await pilot.press("ctrl+s")
        first = report.read_text()
        assert first.count("# Distribution review: ") == 1
        for column in ("## public.lines.order_id", "## public.orders.email"):
            assert column in first
        assert "- seed: 5" in first and "- git revision: not a git repository" in first
        engine = Engine(generated)
        assert f"- schema fingerprint: {fingerprint(engine.schema())}" in first
        assert f"- config hash (sandbox.toml): {config_hash(engine.config)}" in first

        # the project becomes a git repository: the next export records its revision,
        # below the first review, which stays as it was
        _git(root, "init", "-q")
        _git(root, "add", "sandbox.toml", "schema.sql")
        _git(root, "commit", "-q", "-m", "project")
        head = _git(root, "rev-parse", "HEAD")
        await pilot.press("ctrl+s")
        both = report.read_text()
        assert both.startswith(first.rstrip("\n")) and both.count("# Distribution review: ") == 2
        assert f"- git revision: {head}" in both.split("\n---\n")[1]


@sync
async def test_edited_weights_say_the_data_predates_the_change(generated) -> None:
    generated.write_text(generated.read_text().replace("lost = 0.05", "lost = 0.6"))
    app = make_app(generated)
    async with app.run_test(size=(160, 48)) as pilot:
        chart = await open_review(pilot, "public.orders", "status")
        caption = text_of(chart, "caption")
        assert "sandbox.toml changed after this data was generated" in caption
        assert "predates the change" in caption
        # no verdict against a plan the data was not made with
        assert "no verdict" in caption and "regenerate to compare" in caption
        assert "beyond sampling error" not in caption and "within sampling error" not in caption


@sync
async def test_cancelled_run_shows_not_generated_instead_of_differences(make_project) -> None:
    path = make_project(SCHEMA, extra=TOML.replace("rows = 3000", "rows = 150000"))
    token = CancelToken()

    def cancel_after_orders(event: object) -> None:
        if isinstance(event, TableDone) and event.table == "public.orders":
            token.cancel()

    with pytest.raises(Cancelled):
        Engine(path).generate(cancel=token, on_event=cancel_after_orders, keep_snapshot=False)
    app = make_app(path)
    async with app.run_test(size=(160, 48)) as pilot:
        chart = await open_review(pilot, "public.lines", "order_id")
        caption, plot = text_of(chart, "caption"), text_of(chart, "plot")
        assert "not generated: the last generation stopped" in caption
        assert "χ²" not in caption and "█" not in plot  # no verdict, no actual bars
        assert "◆" in plot  # the plan is still shown
        figures = "\n".join(on_screen(chart, "figures"))
        # no red −20 points: without data there is no difference, only the plan
        assert "planned" in figures and "—" in figures
        assert "-" not in figures and "+" not in figures


@sync
async def test_distribution_screen_fits_80x24_and_uses_220x60(generated) -> None:
    app = make_app(generated)
    async with app.run_test(size=(80, 24)) as pilot:
        chart = await open_review(pilot, "public.lines", "order_id")
        plot = on_screen(chart, "plot")
        # the title is one horizontal line (it used to print one letter per line)
        assert "public.lines.order_id: share of parents" in plot[0]
        assert any("1┤" in line and "◆" in line for line in plot)
        assert chart.query_one("#chart-figures").display is False  # bars carry the shares
        columns = app.screen.query_one("#dist-columns")
        assert columns.outer_size.width == 24 and chart.outer_size.width >= 54
    app = make_app(generated)
    async with app.run_test(size=(220, 60)) as pilot:
        chart = await open_review(pilot, "public.lines", "order_id")
        assert chart.query_one("#chart-figures").display is True
        assert chart.query_one("#chart-figures").outer_size.width == 64
        plot = text_of(chart, "plot")
        assert "first 8 of" not in plot  # every row of the law fits
        assert plot.count("█") > 8 * 40  # bars use the width
