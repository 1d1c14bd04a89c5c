"""Pilot tests of the TUI's navigation on a big, partitioned schema (issue #15, items 7 and 8):
partitions under their parent, the tree filter, the palette's table finder, the estimate's
sort, the guard line, the row browser, the copied URL, the status line and the theme."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from psycopg import sql
from textual.widgets import DataTable

from tests.conftest import shared_schema
from tests.tui.test_tui import SIZE, press_alone, ready, sync, wait_until
from workbench.access.roles import APP, READ, passfile
from workbench.engine import Engine
from workbench.errors import DatabaseError
from workbench.generate.plan.personal import personal_columns
from workbench.reads.browse import cut
from workbench.reads.launch_status import LaunchStatus
from workbench.screens.app import make_app
from workbench.screens.browse import PERSONAL_MARK, BrowseScreen
from workbench.screens.main import in_tui_words
from workbench.widgets.estimate_panel import EstimatePanel
from workbench.widgets.schema_tree import NodeRef, SchemaTree
from workbench.widgets.status_line import StatusLine, status_text
from workbench.widgets.tree_filter import TreeFilter

# Pagila (PostgreSQL 15 dump): payment is partitioned by month into 55 partitions. Uneven rows
# per table so that sorting the estimate by rows, bytes or time gives different orders.
PAGILA_TOML = """
[generate]
rows = 40

[tables."public.film"]
rows = 300

[tables."public.customer"]
rows = 120

[tables."public.rental"]
rows = 200
"""


def pagila(make_project: Any, **kwargs: Any) -> Any:
    return make_project(shared_schema("pagila15.sql").read_text(), extra=PAGILA_TOML, **kwargs)


def top_tables(tree: SchemaTree) -> list[str]:
    """The tables directly under the schema nodes."""
    out: list[str] = []
    for snode in tree.root.children:
        out += [n.data.table for n in snode.children if n.data and n.data.kind == "table"]
    return out


def partitions_of(tree: SchemaTree, parent: str) -> list[str]:
    node = tree._tables[parent]
    groups = [n for n in node.children if n.data and n.data.kind == "partitions"]
    if not groups:
        return []
    return [n.data.table for n in groups[0].children if n.data and n.data.kind == "table"]


@sync
async def test_partitions_sit_under_their_parent_and_arrows_open_and_close(make_project) -> None:
    path = pagila(make_project)
    schema = Engine(path).schema()
    expected_parts = [t.qualified for t in schema.tables.values() if t.partition_of]
    assert len(expected_parts) >= 12  # the dump's monthly partitions
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        tree = screen.query_one(SchemaTree)
        top = top_tables(tree)
        assert "public.payment" in top and "public.film" in top
        assert not set(expected_parts) & set(top), "partitions must not sit beside their parent"
        assert partitions_of(tree, "public.payment") == expected_parts
        # every table, partitions included, is in the tree once
        assert sorted(tree._tables) == sorted(schema.tables)

        # → opens a closed table, → again goes into it; ← goes up, ← again closes it
        tree.select_table("public.payment")
        await pilot.pause()
        payment = tree._tables["public.payment"]
        assert tree.cursor_node is payment and not payment.is_expanded
        await pilot.press("right")
        assert payment.is_expanded
        await pilot.press("right")
        await pilot.pause()
        assert tree.current == NodeRef("column", "public", "public.payment", "payment_id")
        await pilot.press("left")
        assert tree.cursor_node is payment
        await pilot.press("left")
        assert not payment.is_expanded and tree.cursor_node is payment


@sync
async def test_slash_filters_the_tree_and_escape_clears_it(make_project) -> None:
    app = make_app(pagila(make_project))
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        tree = screen.query_one(SchemaTree)
        line = screen.query_one(TreeFilter)
        everything = top_tables(tree)
        assert not line.display
        await pilot.press("slash")
        assert line.display and line.has_focus
        await pilot.press(*"p2023")
        assert top_tables(tree) == ["public.payment"]
        parts = partitions_of(tree, "public.payment")
        assert len(parts) == 12 and all("p2023" in p for p in parts)
        await pilot.press("escape")
        assert top_tables(tree) == everything and not line.display and tree.has_focus
        assert len(partitions_of(tree, "public.payment")) > 12

        # A column's name finds its tables too; enter keeps the filter and goes to the tree,
        # where esc clears it.
        await pilot.press("slash", *"last_update")
        with_column = top_tables(tree)
        assert with_column and len(with_column) < len(everything)
        assert "public.payment" not in with_column  # payment has no last_update
        actor = tree._tables["public.actor"]  # opened on the matching column
        assert actor.is_expanded
        assert "last_update" in [n.data.column for n in actor.children if n.data]
        await pilot.press("enter")
        assert tree.has_focus and top_tables(tree) == with_column and line.display
        await pilot.press("escape")
        assert top_tables(tree) == everything and not line.display

        await pilot.press("slash", *"no_such_table_anywhere")
        assert top_tables(tree) == []
        await pilot.press("escape")
        assert top_tables(tree) == everything


@sync
async def test_palette_finds_a_table_by_name_and_selects_it(make_project) -> None:
    app = make_app(pagila(make_project))
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        tree = screen.query_one(SchemaTree)
        # hidden by a filter and two levels down: the palette still finds it
        await pilot.press("slash", *"film", "enter")
        assert "public.payment" not in top_tables(tree)
        await pilot.press("ctrl+p")
        await pilot.press(*"payment_p2024_03")
        await pilot.pause(0.5)  # the palette searches in the background
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.screen is screen and tree.current is not None)
        await wait_until(pilot, lambda: tree.current.table == "public.payment_p2024_03")
        assert tree.current.kind == "table"
        assert screen.query_one("#details").border_title == "Table public.payment_p2024_03"


@sync
async def test_s_cycles_the_estimate_through_rows_bytes_and_time(make_project) -> None:
    app = make_app(pagila(make_project))
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        panel = screen.query_one(EstimatePanel)
        table = panel.query_one(DataTable)
        estimate = {row["name"]: row for row in screen.model.estimate["tables"]}

        def shown() -> list[str]:
            keys = [row.key.value for row in table.ordered_rows]
            return [k for k in keys if k != "__total__"]

        schema_order = shown()
        assert schema_order == list(estimate)
        for expected, measure in (("rows", "rows"), ("bytes", "bytes"), ("seconds", "seconds")):
            await press_alone(pilot, "s")
            assert panel.sort_by == expected
            figures = [estimate[name].get(measure, 0) for name in shown()]
            assert figures == sorted(figures, reverse=True), expected
            assert shown() != schema_order
            assert table.ordered_rows[0].key.value == "__total__"  # first, fixed
            assert table.fixed_rows == 1
        assert estimate[shown()[0]]["rows"] == 300 or panel.sort_by != "rows"
        await press_alone(pilot, "s")
        assert panel.sort_by == "schema" and shown() == schema_order


def guard_text(screen: Any) -> str:
    return str(screen.query_one("#estimate-target").render())


@sync
async def test_guard_line_never_sends_the_user_to_a_command_g_runs(make_project) -> None:
    # An embedded sandbox whose cluster does not exist yet, and a server without the database.
    for folder, kwargs in (("embedded", {"embedded": True}), ("no_db", {"create_db": False})):
        app = make_app(pagila(make_project, folder=folder, **kwargs))
        async with app.run_test(size=SIZE) as pilot:
            main = await ready(pilot)
            await wait_until(pilot, lambda m=main: "checking" not in guard_text(m))
            text = guard_text(main)
            assert "(ctrl+g creates it)" in text, text
            assert "workbench" not in text.split("guard", 1)[1], text


def passwords(path: Path) -> list[str]:
    """Every password the sandbox's passfiles hold (the roles' and the cluster's)."""
    engine = Engine(path)
    files = [passfile(engine.config, APP), passfile(engine.config, READ)]
    if engine.embedded:
        files.append(engine.server.passfile)
    found = []
    for file in files:
        if file.exists():
            for line in file.read_text().splitlines():
                if line.strip() and not line.startswith("#"):
                    found.append(line.rsplit(":", 1)[1])
    return [p for p in found if p]


@sync
async def test_b_browses_the_first_rows_paged_with_personal_columns_marked(make_project) -> None:
    path = pagila(make_project)
    engine = Engine(path)
    engine.generate()
    # a long value is cut to a sane width; the browser shows it by primary key
    with engine.connect() as conn:
        conn.execute(
            "UPDATE public.customer SET email = repeat('x', 5000) WHERE customer_id ="
            " (SELECT min(customer_id) FROM public.customer)"
        )
        first_ids = [
            str(r[0])
            for r in conn.execute("SELECT customer_id FROM public.customer ORDER BY 1").fetchall()
        ]
    assert len(first_ids) == 120
    personal = {
        c: g
        for (t, c), g in personal_columns(engine.schema(), engine.config).items()
        if t == "public.customer"
    }
    assert {"email", "first_name", "last_name"} <= set(personal)

    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        screen.query_one(SchemaTree).select_table("public.customer")
        await pilot.pause()
        await press_alone(pilot, "b")
        browser = app.screen
        assert isinstance(browser, BrowseScreen)
        await wait_until(pilot, lambda: browser.page is not None)
        page = browser.page
        assert page.personal == personal
        table = browser.query_one(DataTable)
        headings = {str(c.key.value): str(c.label) for c in table.columns.values()}
        for column, label in headings.items():
            assert (PERSONAL_MARK in label) == (column in personal), label
        ids = page.columns.index("customer_id")
        assert [r[ids] for r in page.rows] == first_ids[:50]
        assert (page.first, page.last, page.has_more) == (1, 50, True)
        email = page.rows[0][page.columns.index("email")]
        assert email is not None and len(email) == 40 and email.endswith("…")
        assert all(len(v) <= 40 for r in page.rows for v in r if v is not None)
        assert "rows 1–50" in str(browser.query_one("#browse-caption").render())

        await pilot.press("n")
        await wait_until(pilot, lambda: browser.page.offset == 50)
        assert [r[ids] for r in browser.page.rows] == first_ids[50:100]
        await pilot.press("n")
        await wait_until(pilot, lambda: browser.page.offset == 100)
        assert [r[ids] for r in browser.page.rows] == first_ids[100:]
        assert not browser.page.has_more
        await press_alone(pilot, "n")  # nothing further
        assert browser.page.offset == 100
        await press_alone(pilot, "p")
        await wait_until(pilot, lambda: browser.page.offset == 50)
        await pilot.press("escape")
        assert app.screen is screen


def test_the_row_browser_reads_as_the_read_only_role(make_project) -> None:
    path = pagila(make_project)
    engine = Engine(path)
    engine.generate()
    reader = engine.prepare_roles().roles.name(READ)
    with engine.connect() as conn:
        conn.execute(
            sql.SQL("REVOKE SELECT ON public.staff FROM {}").format(sql.Identifier(reader))
        )
    # the superuser could read it; the browser cannot, so it is not reading as the superuser
    with pytest.raises(DatabaseError, match=r"read-only role may not read public\.staff"):
        engine.rows.browse("public.staff")
    assert engine.rows.browse("public.actor", limit=5).rows


@sync
async def test_y_copies_the_password_free_sandbox_url(make_project) -> None:
    path = pagila(make_project)
    app = make_app(path)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await ready(pilot)
        assert app.clipboard == ""
        await pilot.press("y")
        await wait_until(pilot, lambda: app.clipboard != "")
        await app.workers.wait_for_complete()
        url = app.clipboard
        info = Engine(path).database_url()
        assert url == info["database_url"]
        assert url.startswith("postgresql://") and "passfile=" in url
        secrets = passwords(path)
        assert secrets and not any(secret in url for secret in secrets)
        await wait_until(
            pilot, lambda: any("Sandbox URL" in (n.title or "") for n in app._notifications)
        )
        toast = next(n for n in app._notifications if "Sandbox URL" in (n.title or ""))
        assert url in toast.message and "no password" in toast.message
        # why the URL lacks require_auth, where this machine's libpq is older than 16
        assert info["url_note"] is None or info["url_note"] in toast.message
        # the test has no terminal: it says nothing was copied, never "copied"
        assert toast.title == "Sandbox URL: not copied"
        assert "No terminal to copy through: the URL was not copied." in toast.message


@sync
async def test_status_line_shows_last_run_seed_snapshot_and_lease(make_project) -> None:
    path = pagila(make_project)

    async def status_line() -> str:
        app = make_app(path)
        async with app.run_test(size=SIZE) as pilot:
            screen = await ready(pilot)
            line = screen.query_one(StatusLine)
            await wait_until(pilot, lambda: line.status is not None)
            return str(line.render())

    before = await status_line()
    for part in ("last run none", "seed 42 (sandbox.toml)", "snapshot none", "lease none"):
        assert part in before, before
    Engine(path).generate(seed=7)
    after = await status_line()
    for part in ("last run generate ok", "seed 7 (lease)", "snapshot ", "lease expires in 6 d"):
        assert part in after, after
    assert "snapshot none" not in after and " old" in after


@sync
async def test_the_chosen_theme_is_remembered_across_restarts(make_project) -> None:
    path = make_project(shared_schema("pagila15.sql").read_text(), extra=PAGILA_TOML)
    state = path.parent / ".workbench" / "tui.json"
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        default = app.theme
        assert not state.exists()  # nothing is written until the user chooses
        chosen = next(t for t in ("nord", "gruvbox", "dracula") if t != default)
        # as a user does: the palette's "Theme" command, then the theme by name
        await pilot.press("ctrl+p", *"theme")
        await pilot.pause(0.5)
        await pilot.press("enter")
        await pilot.pause(0.3)
        await pilot.press(*chosen)
        await pilot.pause(0.5)
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.theme == chosen, timeout=10)
    assert json.loads(state.read_text())["theme"] == chosen
    again = make_app(path)
    async with again.run_test(size=SIZE) as pilot:
        await ready(pilot)
        assert again.theme == chosen
    # a damaged or unknown choice falls back to the default, silently
    state.write_text('{"theme": "no-such-theme"}')
    assert make_app(path).theme == default
    state.write_text("{not json")
    assert make_app(path).theme == default


def test_engine_messages_on_the_guard_line_say_press_g() -> None:
    assert in_tui_words("The cluster has not been created yet: run `workbench up`.") == (
        "The cluster has not been created yet: press ctrl+g."
    )
    assert in_tui_words("missing; run `workbench generate --yes` first") == (
        "missing; press ctrl+g first"
    )
    kept = "run `workbench stats scrub x.sql --in-place`"  # not something g does
    assert in_tui_words(kept) == kept


def test_status_line_fits_80_columns_when_compact() -> None:
    from datetime import UTC, datetime, timedelta

    now = datetime.now(UTC)
    status = LaunchStatus(
        last_run={
            "command": "generate",
            "outcome": "interrupted",
            "started": (now - timedelta(hours=23, minutes=59)).isoformat(),
        },
        seed=123_456,
        seed_from="sandbox.toml",
        snapshot_created=(now - timedelta(days=6)).isoformat(),
        lease_expires=(now + timedelta(days=6, hours=23)).isoformat(),
    )
    wide, compact = str(status_text(status)), str(status_text(status, compact=True))
    assert "last run generate interrupted, 23 h ago" in wide and "expires in 6 d" in wide
    assert "generate interrupted 23 h ago" in compact and "snapshot 6 d ·" in compact
    assert "lease 6 d left" in compact
    assert len(compact) <= 78, compact  # 80 columns less the padding
    expired = LaunchStatus(None, 1, "lease", None, (now - timedelta(days=1)).isoformat(), True)
    assert str(status_text(expired, compact=True)).endswith("lease expired")


def test_pages_of_a_table_without_a_key_neither_repeat_nor_skip(make_project) -> None:
    path = make_project(
        "CREATE TABLE event_log (happened_at timestamptz NOT NULL, message text);",
        extra="[generate]\nrows = 130\n",
    )
    engine = Engine(path)
    engine.generate()
    seen: list[tuple[str | None, ...]] = []
    offset = 0
    while True:
        page = engine.rows.browse("public.event_log", offset, 50)
        seen += [tuple(row) for row in page.rows]
        if not page.has_more:
            break
        offset += 50
    with engine.connect() as conn:
        rows = conn.execute(
            "SELECT left(happened_at::text, 41), left(message, 41) FROM public.event_log"
        ).fetchall()
    assert len(seen) == 130
    cut_rows = sorted((tuple(cut(v) for v in row) for row in rows), key=repr)
    assert sorted(seen, key=repr) == cut_rows  # (repr: NULLs sort beside strings)
