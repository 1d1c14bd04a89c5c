"""The distribution review's plots on the shipped example (the real app, a real sandbox): a
selected bar opens its rows in the row browser, filtered; `t` a time series, `v` two columns
against each other, `c` one currency at a time; `/` filters the column list and the rows."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from workbench.engine import Engine
from workbench.screens.app import make_app
from workbench.screens.browse import BrowseScreen
from workbench.screens.distribution import DistributionScreen
from workbench.widgets.distribution_chart import ChartPlot, DistributionChart

from .test_distribution_review import open_review, shown, sync, wait_until
from .test_tui import press_alone

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def example(make_project) -> Path:  # type: ignore[no-untyped-def]
    text = (REPO / "sandbox.toml").read_text()
    path = make_project(None, extra=text[text.index("[generate]") :])
    Engine(path).generate(keep_snapshot=False)
    return path


async def _rows(pilot: Any) -> BrowseScreen:
    app = pilot.app
    await wait_until(pilot, lambda: isinstance(app.screen, BrowseScreen) and app.screen.is_mounted)
    browse = app.screen
    await wait_until(pilot, lambda: browse.page is not None)
    return browse


def _column(browse: BrowseScreen, name: str) -> list[str | None]:
    page = browse.page
    assert page is not None
    index = page.columns.index(name)
    return [row[index] for row in page.rows]


@sync
async def test_a_selected_bar_opens_its_rows(example) -> None:
    app = make_app(example)
    async with app.run_test(size=(160, 48)) as pilot:
        chart = await open_review(pilot, "public.orders", "status")
        plot = chart.query_one(ChartPlot)
        plot.focus()
        await pilot.press("l", "l")  # the second bar: shipped
        assert plot.selected == 1 and "▶ shipped" in str(plot.render())
        await pilot.press("enter")
        browse = await _rows(pilot)
        statuses = _column(browse, "status")
        assert statuses and set(statuses) == {"shipped"}
        assert "status = 'shipped'" in str(browse.query_one("#browse-caption").render())
        # `/` keeps the rows holding a text as well (typed in one burst)
        first = browse.page.rows[0][0] if browse.page else None
        for key in ("slash", *str(first)):
            app.simulate_key(key)
        await wait_until(pilot, lambda: browse.query_one("#browse-find").value == str(first))
        await pilot.press("enter")
        await wait_until(pilot, lambda: browse.find == str(first) and browse.page is not None)
        await wait_until(
            pilot, lambda: all(str(first) in " ".join(map(str, r)) for r in browse.page.rows)
        )
        await pilot.press("escape")
        await pilot.press("escape")
        assert isinstance(app.screen, DistributionScreen)

        # a histogram's bin: the rows whose value lies in it
        app.screen.show_column("public.products", "weight_grams")
        chart = await shown(pilot, "weight_grams")
        plot = chart.query_one(ChartPlot)
        plot.focus()
        await pilot.press("l")
        bar = plot.bars[0]
        await pilot.press("enter")
        browse = await _rows(pilot)
        weights = [int(v) for v in _column(browse, "weight_grams") if v is not None]
        assert weights and all(bar.filter["low"] <= w < bar.filter["high"] for w in weights)
        await pilot.press("escape")

        # a fan-out bar: the lines of orders that have that many lines
        app.screen.show_column("public.order_items", "order_id")
        chart = await shown(pilot, "order_id")
        plot = chart.query_one(ChartPlot)
        plot.focus()
        await pilot.press("l", "l")  # orders with 2 lines
        assert plot.bars[1].label == "2"
        await pilot.press("enter")
        browse = await _rows(pilot)
        orders = _column(browse, "order_id")
        assert orders
        with Engine(example).connect() as conn:
            for order in set(orders):
                count = conn.execute(
                    "SELECT count(*) FROM order_items WHERE order_id = %s", (int(order),)
                ).fetchone()
                assert count == (2,)


@sync
async def test_time_series_relation_currency_and_the_list_filter(example) -> None:
    app = make_app(example)
    async with app.run_test(size=(200, 50)) as pilot:
        chart = await open_review(pilot, "public.orders", "placed_at")
        screen = app.screen
        plot = chart.query_one(ChartPlot)
        await press_alone(pilot, "t")
        await wait_until(pilot, lambda: plot.mode == "series" and plot.series is not None)
        series = plot.series
        assert series["unit"] in ("week", "month")
        assert sum(p["count"] for p in series["points"]) == 5000
        assert series["planned"] and "independent sample" in series["planned_source"]
        # the plot draws at its laid-out size: under load the first render may come before it
        await wait_until(pilot, lambda: "rows per" in str(plot.render()), timeout=30)
        await press_alone(pilot, "t")  # again: back to the review
        assert plot.mode == "review"

        # v: placed_at against the highlighted column, shipped_at: a scatter
        screen.query_one("#dist-columns").focus()
        await pilot.press("j")  # placed_at → shipped_at in the list
        await press_alone(pilot, "v")
        await wait_until(pilot, lambda: plot.mode == "relation" and plot.relation is not None)
        relation = plot.relation
        assert relation["kind"] == "scatter" and relation["dates"] == [True, True]
        assert all(y >= x for x, y in relation["points"])  # shipped after placed
        await press_alone(pilot, "v")
        assert plot.mode == "review"

        # c: an amount in several currencies (its order's), one currency at a time
        screen.show_column("public.payments", "amount")
        chart = await shown(pilot, "amount")
        flags = chart.distribution["flags"]
        assert any("currencies mixed in one column" in f for f in flags)
        await press_alone(pilot, "c")
        first = chart.distribution["actual"]["by_currency"][0]["currency"]
        assert plot.view == first and f"({first} only)" in str(plot.render())

        # `/` narrows the column list to matching tables and columns; typed in one burst (as
        # a busy screen receives it), every letter reaches the filter, none moves the list
        screen.query_one("#dist-columns").focus()
        for key in ("slash", *"shipp"):
            app.simulate_key(key)
        await wait_until(pilot, lambda: screen.query_one("#dist-filter").value == "shipp")
        await pilot.pause()
        options = screen.query_one("#dist-columns")
        ids = [options.get_option_at_index(i).id for i in range(options.option_count)]
        columns = [i for i in ids if i and "\x1f" in i]
        assert columns and all("shipp" in i.lower() for i in columns)
        await pilot.press("escape")
        assert options.option_count > len(ids)
    assert isinstance(chart, DistributionChart)
