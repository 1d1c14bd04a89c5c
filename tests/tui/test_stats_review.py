"""The distribution review with statistics: production, planned and actual side by side in
`workbench dist` (text and JSON), the Markdown export and the TUI's `d` screen; a personal
column's common values are never shown."""

from __future__ import annotations

import io
import json
from pathlib import Path

from rich.console import Console
from textual.widgets import Static

from tests.conftest import run_cli
from tests.tui.test_tui import SIZE, ready, sync, wait_until
from workbench.engine import Engine
from workbench.screens.app import make_app
from workbench.screens.distribution import DistributionScreen
from workbench.widgets.distribution_chart import DistributionChart
from workbench.widgets.schema_tree import SchemaTree

SCHEMA = """
CREATE TABLE customers (id integer PRIMARY KEY, email text, region text NOT NULL);
CREATE TABLE orders (
    id integer PRIMARY KEY,
    customer_id integer NOT NULL REFERENCES customers (id),
    status text NOT NULL,
    amount numeric(10, 2) NOT NULL
);
"""


def _call(function: str, table: str, pairs: str) -> str:
    return (
        f"SELECT * FROM pg_catalog.{function}(\n\t'version', '180006'::integer,\n"
        f"\t'schemaname', 'public',\n\t'relname', '{table}',\n{pairs}\n);\n"
    )


STATS = (
    _call("pg_restore_relation_stats", "customers", "\t'reltuples', '1000'::real")
    + _call("pg_restore_relation_stats", "orders", "\t'reltuples', '10000'::real")
    + _call("pg_restore_attribute_stats", "customers",
            "\t'attname', 'email',\n\t'null_frac', '0.2'::real,\n\t'n_distinct', '-0.7'::real,\n"
            "\t'most_common_vals', '{leaked.person@realmail.com}'::text,\n"
            "\t'most_common_freqs', '{0.1}'::real[]")
    + _call("pg_restore_attribute_stats", "orders",
            "\t'attname', 'status',\n\t'null_frac', '0'::real,\n\t'n_distinct', '3'::real,\n"
            "\t'most_common_vals', '{paid,pending,refunded}'::text,\n"
            "\t'most_common_freqs', '{0.8,0.15,0.05}'::real[]")
    + _call("pg_restore_attribute_stats", "orders",
            "\t'attname', 'amount',\n\t'null_frac', '0'::real,\n\t'n_distinct', '-0.5'::real,\n"
            "\t'histogram_bounds', '{1.00,10.00,20.00,40.00,80.00,500.00}'::text")
)  # fmt: skip


def _project(make_project) -> Path:
    config = make_project(SCHEMA, extra="[generate]\nrows = 2000\n")
    (config.parent / "stats.sql").write_text(STATS)
    config.write_text(
        config.read_text().replace('schema = "schema.sql"',
                                   'schema = "schema.sql"\nstatistics = "stats.sql"')
    )  # fmt: skip
    Engine(str(config)).generate(keep_snapshot=False)
    return config


@sync
async def test_dist_shows_production_planned_and_actual(make_project) -> None:
    config = _project(make_project)
    root = config.parent
    result = run_cli("dist", "orders.status", "--json", cwd=root)
    assert result.returncode == 0, result.stderr
    dist = json.loads(result.stdout)
    measures = {m["name"]: m for m in dist["production"]["measures"]}
    assert measures["rows"]["production"] == 10000 and measures["rows"]["actual"] == 2000
    paid = measures["value paid"]
    assert paid["production"] == paid["planned"] == 0.8 and abs(paid["actual"] - 0.8) < 0.02
    assert dist["planned"]["values"] == ["paid", "pending", "refunded"]
    text = run_cli("dist", "orders.status", cwd=root).stdout
    assert "production" in text and "value paid" in text and "stats.sql" in text

    amount = json.loads(run_cli("dist", "orders.amount", "--json", cwd=root).stdout)
    median = {m["name"]: m for m in amount["production"]["measures"]}["decile 50 %"]
    assert median["production"] == "20.00" and 15 <= float(median["actual"]) <= 45

    email = run_cli("dist", "customers.email", "--json", cwd=root)
    assert email.returncode == 0, email.stderr
    assert "realmail" not in email.stdout
    production = json.loads(email.stdout)["production"]
    assert production["personal"] is True
    assert [m["name"] for m in production["measures"]][-1] == "value #1"

    app = make_app(config)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        screen.query_one(SchemaTree).select_column("public.orders", "status")
        await pilot.pause()
        await pilot.press("d")
        await wait_until(
            pilot, lambda: isinstance(app.screen, DistributionScreen) and app.screen.is_mounted
        )
        chart = app.screen.query_one(DistributionChart)
        await wait_until(pilot, lambda: chart.distribution is not None)
        assert chart.distribution["production"]["measures"]
        await pilot.pause()
        figures = app.screen.query_one("#chart-figures", Static)
        console = Console(width=100, record=True, file=io.StringIO())
        console.print(figures.content)
        shown = console.export_text()
        assert "production" in shown and "value paid" in shown
        await pilot.press("ctrl+s")
        report = (root / "distribution-report.md").read_text()
        assert (
            "From production statistics" in report and "| value paid | 80.0 % | 80.0 % |" in report
        )
