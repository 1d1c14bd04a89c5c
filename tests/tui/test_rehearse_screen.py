"""Pilot test of the rehearsal view: the real app on a real sandbox, a migration typed in,
its statements as rows with duration, lock and finding, and the plans side by side."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import DataTable, Input, Static

from tests.tui.test_distribution_review import sync, wait_until
from workbench.engine import Engine
from workbench.files.held_passwords import passfile_passwords
from workbench.screens.app import make_app
from workbench.screens.error import ErrorModal, last_error
from workbench.screens.main import MainScreen
from workbench.screens.rehearse import RehearseScreen

SCHEMA = """
CREATE TABLE orders (
    id bigserial PRIMARY KEY,
    status text NOT NULL,
    note varchar(40)
);
"""
MIGRATION = (
    "ALTER TABLE orders ALTER COLUMN id TYPE numeric;\n"
    "CREATE INDEX orders_status_idx ON orders (status);\n"
)


@pytest.fixture
def project(make_project) -> Path:  # type: ignore[no-untyped-def]
    path = make_project(SCHEMA, extra="[generate]\nrows = 500\n")
    Engine(path).generate()
    (path.parent / "m.sql").write_text(MIGRATION)
    return path


def _cells(table: DataTable, column: int) -> list[str]:  # type: ignore[type-arg]
    return [str(table.get_row_at(i)[column]) for i in range(table.row_count)]


@sync
async def test_a_migration_typed_in_shows_its_statements_findings_and_plans(project) -> None:
    app = make_app(project)
    async with app.run_test(size=(160, 48)) as pilot:
        await wait_until(
            pilot, lambda: isinstance(app.screen, MainScreen) and app.screen.is_mounted
        )
        await pilot.press("m")
        await wait_until(
            pilot, lambda: isinstance(app.screen, RehearseScreen) and app.screen.is_mounted
        )
        screen = app.screen
        assert isinstance(screen, RehearseScreen)
        await pilot.press(*"m.sql")  # typed into the file field: `m` is a letter there
        assert screen.query_one("#rehearse-files", Input).value == "m.sql"
        screen.query_one("#rehearse-files", Input).value = str(project.parent / "m.sql")
        screen.query_one(
            "#rehearse-queries", Input
        ).value = "SELECT * FROM orders WHERE status = 'x'"
        screen.query_one("#rehearse-files", Input).focus()
        await pilot.press("enter")
        await wait_until(pilot, lambda: screen.data is not None)
        await pilot.pause()
        statements = screen.query_one("#rehearse-statements", DataTable)
        assert statements.row_count == 2
        assert _cells(statements, 0)[0].startswith("m.sql:1 ALTER TABLE orders")
        assert "ACCESS EXCLUSIVE public.orders" in _cells(statements, 2)[0]
        assert _cells(statements, 3)[0] == "public.orders"  # rewritten
        assert "table-rewrite" in _cells(statements, 6)[0]
        assert "blocking-index-build" in _cells(statements, 6)[1]
        findings = str(screen.query_one("#rehearse-findings", Static).render())
        assert "fix: " in findings and "CREATE INDEX CONCURRENTLY" in findings
        plans = screen.query_one("#rehearse-plans", DataTable)
        assert plans.row_count == 1
        before, after = _cells(plans, 1)[0], _cells(plans, 2)[0]
        assert before.startswith("Seq Scan on orders") and "orders_status_idx" not in before
        assert after != "—"
        status = str(screen.query_one("#rehearse-status", Static).render())
        assert "2 statement(s)" in status
        await pilot.press("escape")
        assert isinstance(app.screen, MainScreen)


@sync
async def test_a_committed_link_into_workbench_state_is_refused_in_the_view(project) -> None:
    """Attack round 5, B1/B6: the rehearsal view's file field read a committed link into
    .workbench/ (a passfile) and showed its line; it passes the same check as the CLI."""
    state = project.parent / ".workbench"
    (password,) = passfile_passwords((state / "owner.pgpass").read_text())
    (project.parent / "leak.sql").symlink_to(".workbench/owner.pgpass")
    app = make_app(project)
    async with app.run_test(size=(160, 48)) as pilot:
        await wait_until(
            pilot, lambda: isinstance(app.screen, MainScreen) and app.screen.is_mounted
        )
        await pilot.press("m")
        await wait_until(
            pilot, lambda: isinstance(app.screen, RehearseScreen) and app.screen.is_mounted
        )
        screen = app.screen
        screen.query_one("#rehearse-files", Input).value = str(project.parent / "leak.sql")
        screen.query_one("#rehearse-files", Input).focus()
        await pilot.press("enter")
        await wait_until(
            pilot, lambda: isinstance(app.screen, ErrorModal) and app.screen.is_mounted
        )
        said = last_error(app)
        assert said is not None and "[path]" in said[1] and ".workbench" in said[1]
        assert password not in said[1]
        assert screen.query_one("#rehearse-statements", DataTable).row_count == 0
