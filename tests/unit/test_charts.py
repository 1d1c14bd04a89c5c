"""workbench/reads/charts.py through `workbench dist`'s chart (plotext itself): every frequency bar
gets the same rows at any height, the planned mark sits on its bar's row, a bar too many
for the height is said in words."""

from __future__ import annotations

from typing import Any

import plotext
import pytest

from workbench.cli.render import chart
from workbench.reads.charts import ACTUAL_MARK, FRAME_ROWS, PLANNED_MARK, bars


def _dist(shares: list[float]) -> dict[str, Any]:
    rows = [
        {"label": f"value{i}", "planned": share * 0.9, "actual": share, "role": "value"}
        for i, share in enumerate(shares)
    ]
    review = {"title": "t.c: share of rows", "rows": rows, "unit": "rows"}
    return {"table": "public.t", "column": "c", "kind": "category", "review": review}


def _chart(dist: dict[str, Any], width: int, height: int) -> list[str]:
    lines = plotext.uncolorize(chart(dist, width=width, height=height)).splitlines()
    assert len(lines) == height + 1  # the chart at the size asked for, and the legend
    return lines


def _canvas(lines: list[str], height: int) -> list[str]:
    return lines[2 : 2 + height - FRAME_ROWS]  # between the title + top frame and the bottom


@pytest.mark.parametrize("count", [1, 2, 3, 6, 11, 24])
@pytest.mark.parametrize("height", [8, 13, 19, 24, 37, 50])
def test_every_bar_gets_the_same_rows(count: int, height: int) -> None:
    shares = [0.6 / (i + 1) for i in range(count)]
    dist = _dist(shares)
    whole = _chart(dist, 72, height)
    canvas = _canvas(whole, height)
    shown = min(count, height - FRAME_ROWS)
    runs: list[int] = []
    previous = False
    for line in canvas:
        drawn = ACTUAL_MARK in line or PLANNED_MARK in line
        if drawn and previous:
            runs[-1] += 1
        elif drawn:
            runs.append(1)
        previous = drawn
    # one run of rows per bar, every run as thick as the others (k - 1 rows, or 1)
    rows_per_bar = max(1, (height - FRAME_ROWS) // shown)
    thickness = rows_per_bar - 1 if rows_per_bar > 1 else 1
    if rows_per_bar == 1:
        assert runs == [shown]
    else:
        assert runs == [thickness] * shown
    labelled = [line for line in canvas if "value" in line]
    assert len(labelled) == shown
    # the planned mark of each bar is on its labelled row; the longest bar is the first
    assert all(PLANNED_MARK in line for line in labelled)
    assert labelled[0].count(ACTUAL_MARK) >= labelled[-1].count(ACTUAL_MARK)
    assert [b.label for b in bars(dist)] == [f"value{i}" for i in range(count)]
    if shown < count:
        assert f"first {shown} of {count}" in whole[-2]  # the line under the axis
