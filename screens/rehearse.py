"""`m`: rehearse a migration. A migration file (or folder; empty: the project's pending
migrations) is applied on a throwaway clone of the snapshot (Engine.rehearse), or, with
queries, planned before and after it under production's statistics (Engine.explain): the
statements as rows with their duration, lock and finding, the findings with their safe
rewrite, and the plans side by side. The sandbox is never touched."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Input, Static
from textual.worker import Worker, WorkerState

from workbench.events import Event
from workbench.screens.early_keys import TakesEarlyKeys
from workbench.screens.error import WorkerErrors
from workbench.screens.held_keys import HoldsLetters
from workbench.screens.keys import bindings
from workbench.units import human_bytes, precise_seconds
from workbench.widgets.safe_text import plain
from workbench.widgets.vim import VimDataTable

if TYPE_CHECKING:
    from workbench.engine import Engine

_SEVERITY_STYLE = {"error": "bold red", "warning": "bold yellow", "notice": "dim"}


def statement_rows(data: dict[str, Any]) -> list[tuple[Text, ...]]:
    """One row per statement: where, time (→ projected), locks, rewrite, rows, WAL, findings."""
    rows: list[tuple[Text, ...]] = []
    for st in data["statements"]:
        found = [
            f
            for f in data["findings"]
            if f["file"] == st["file"] and f["statement"] == st["statement"]
        ]
        worst = next(
            (s for s in ("error", "warning", "notice") if any(f["severity"] == s for f in found)),
            "",
        )
        kinds = ", ".join(dict.fromkeys(f["kind"] for f in found)) or "—"
        time = "FAILED" if st["error"] else precise_seconds(st["seconds"])
        if st.get("projected"):
            time += f" → {precise_seconds(st['projected']['seconds'])}"
        read = sum(st["rows"]["read"].values())
        written = sum(st["rows"]["written"].values())
        rows.append(
            (
                plain(f"{st['file']}:{st['line']} {st['sql'][:50]}"),
                plain(time, "bold red" if st["error"] else ""),
                plain(st["lock_summary"]),
                plain(", ".join(st["rewritten"]) or "—"),
                plain(f"{read:,} / {written:,}" if read or written else "—"),
                plain(human_bytes(st["wal_bytes"])),
                plain(kinds, _SEVERITY_STYLE.get(worst, "")),
            )
        )
    return rows


def findings_text(data: dict[str, Any]) -> Text:
    out = Text()
    failure = data.get("failure")
    if failure:
        out.append_text(
            plain(
                f"failed in {failure['stage']} at {failure['file']}:{failure['line']}: "
                f"{failure['error']} (the clone was thrown away; the sandbox is untouched)\n",
                "bold red",
            )
        )
    for f in data["findings"]:
        where = f"{f['file']}:{f['line']} " if f["file"] else ""
        source = "" if f["source"] == "measured" else f" [{f['source']}]"
        out.append_text(plain(f"{f['severity'].upper():8}", _SEVERITY_STYLE[f["severity"]]))
        out.append_text(plain(f"{where}{f['kind']}{source}: {f['message']}\n"))
        out.append_text(plain(f"         fix: {f['advice']}\n", "italic"))
    if not data["findings"] and not failure:
        out.append_text(plain("no findings", "green"))
    return out


def plan_row(compared: dict[str, Any]) -> tuple[Text, ...]:
    """query | before (shape, cost) | after | changed or why it could not be planned."""
    cells = []
    for side in ("before", "after"):
        plan = compared[side]
        cells.append(plain(f"{plan['shape']} (cost {plan['cost']:,.1f})" if plan else "—"))
    changed = compared["changed"]
    state = "changed" if changed else (compared.get("error") or "")
    return (plain(compared["query"][:60]), *cells, plain(state, "bold" if changed else ""))


class RehearseScreen(TakesEarlyKeys, HoldsLetters, WorkerErrors, Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = bindings("rehearse")
    DEFAULT_CSS = """
    RehearseScreen #rehearse-inputs { height: auto; }
    RehearseScreen #rehearse-inputs Input { width: 1fr; }
    RehearseScreen #rehearse-status { height: auto; padding: 0 1; }
    RehearseScreen #rehearse-statements { height: 2fr; border: round $primary; }
    RehearseScreen #rehearse-findings-box { height: 1fr; border: round $secondary; }
    RehearseScreen #rehearse-plans { height: 1fr; border: round $primary; }
    """

    class Progress(Message):
        def __init__(self, event: Event) -> None:
            super().__init__()
            self.event = event

    class Done(Message):
        def __init__(self, data: dict[str, Any]) -> None:
            super().__init__()
            self.data = data

    def __init__(self, engine: Engine) -> None:
        super().__init__()
        self.engine = engine
        self.data: dict[str, Any] | None = None

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="rehearse-inputs"):
            yield Input(
                placeholder="migration file or folder (empty: the project's pending migrations)",
                id="rehearse-files",
            )
            yield Input(
                placeholder="queries to plan before/after (SQL, or a .sql file; optional)",
                id="rehearse-queries",
            )
        yield Static(plain("enter: rehearse on a throwaway clone of the snapshot", "dim"),
                     id="rehearse-status")  # fmt: skip
        yield VimDataTable(id="rehearse-statements", zebra_stripes=True, cursor_type="row")
        with VerticalScroll(id="rehearse-findings-box"):
            yield Static(id="rehearse-findings")
        yield VimDataTable(id="rehearse-plans", zebra_stripes=True, cursor_type="row")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "Rehearse a migration"
        self.sub_title = "measured on a throwaway clone; the sandbox is never touched"
        statements = self.query_one("#rehearse-statements", DataTable)
        for label in ("statement", "time", "locks (held)", "rewrite", "rows r/w", "WAL",
                      "findings"):  # fmt: skip
            statements.add_column(label)
        plans = self.query_one("#rehearse-plans", DataTable)
        for label in ("query", "before", "after", ""):
            plans.add_column(label)
        # focuses the first field (the migration's), typing what came early into it
        self.call_after_refresh(self.deliver_early)

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        self.action_run()

    def action_run(self) -> None:
        files = self.query_one("#rehearse-files", Input).value.strip()
        queries = self.query_one("#rehearse-queries", Input).value.strip()
        self.query_one("#rehearse-statements", DataTable).loading = True
        self._status("rehearsing…", "bold")
        self.rehearse([files] if files else [], [queries] if queries else [])

    @work(thread=True, exclusive=True, exit_on_error=False, group="rehearse")
    def rehearse(self, files: list[str], queries: list[str]) -> None:
        def progress(event: Event) -> None:
            self.post_message(self.Progress(event))

        if queries:
            result = self.engine.explain(queries, after=files, query_files=True, on_event=progress)
        else:
            result = self.engine.rehearse(files, on_event=progress)
        self.post_message(self.Done(result.to_dict()))

    @on(Progress)
    def _progress(self, message: Progress) -> None:
        detail = getattr(message.event, "detail", None) or getattr(message.event, "message", "")
        phase = getattr(message.event, "phase", "")
        self._status(f"{phase} {detail}".strip() or "rehearsing…", "dim")

    @on(Done)
    def _done(self, message: Done) -> None:
        self.data = data = message.data
        statements = self.query_one("#rehearse-statements", DataTable)
        statements.loading = False
        statements.clear()
        for row in statement_rows(data):
            statements.add_row(*row)
        self.query_one("#rehearse-findings", Static).update(findings_text(data))
        plans = self.query_one("#rehearse-plans", DataTable)
        plans.clear()
        for p in data.get("plans") or []:
            plans.add_row(*plan_row(p))
        errors = sum(1 for f in data["findings"] if f["severity"] == "error")
        verdict = "failed" if data.get("failure") else f"{errors} error(s)"
        self._status(
            f"{len(data['statements'])} statement(s), {len(data['findings'])} finding(s), "
            f"{verdict} — {data['scale'].get('description', '')}",
            "bold red" if errors or data.get("failure") else "bold green",
        )

    def _status(self, text: str, style: str) -> None:
        self.query_one("#rehearse-status", Static).update(plain(text, style))

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.state in (WorkerState.ERROR, WorkerState.CANCELLED):
            self.query_one("#rehearse-statements", DataTable).loading = False
            self._status("rehearsal stopped", "bold red")
        # WorkerErrors' handler runs after this one (Textual calls each class's handler)
