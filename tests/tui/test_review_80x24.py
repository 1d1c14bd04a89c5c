"""At 80×24 the distribution review shows its whole verdict (newbie27 F2: a declared column's
"χ² … within sampling error" line was pushed below the six lines the caption keeps there by
the generator and provenance lines, and an FK's lost its last word): the verdict comes first;
and the declared line of a law the rules reshape no longer says "the data does not follow the
plan" (or "χ² inf") under a green verdict (F4)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.tui.test_distribution_review import on_screen, open_review, sync
from tests.tui.test_plots import example  # noqa: F401  (the fixture)
from workbench.screens.app import make_app


@pytest.mark.parametrize(
    ("table", "column"),
    [
        ("public.orders", "status"),
        ("public.addresses", "customer_id"),
        ("public.orders", "customer_id"),
    ],
)
@sync
async def test_the_whole_verdict_is_on_screen_at_80x24(
    example: Path,  # noqa: F811
    table: str,
    column: str,
) -> None:
    app = make_app(example)
    async with app.run_test(size=(80, 24)) as pilot:
        chart = await open_review(pilot, table, column)
        verdict = chart.distribution["review"]["check_text"]
        assert verdict and "within sampling error" in verdict, verdict
        caption = chart.query_one("#chart-caption")
        assert caption.region.bottom <= 24 and caption.region.right <= 80
        shown = " ".join(" ".join(line.split()) for line in on_screen(chart, "caption"))
        assert " ".join(verdict.split()) in shown, (verdict, shown)
        # the declared line under a green verdict does not say the data is wrong (F4)
        declared = chart.distribution["review"].get("declared_text") or ""
        assert "does not follow the plan" not in declared and "inf" not in declared, declared
