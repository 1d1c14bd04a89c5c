"""`r`: the sandbox's runs (isolated clones of its snapshot, docs/runs.md) and the recovery
figures (`workbench metrics`): start one, reset or end the highlighted one, copy its URL, and
reclaim what expired or leaked."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.message import Message
from textual.screen import Screen
from textual.widgets import DataTable, Header, Static
from textual.worker import Worker, WorkerState

from workbench.screens.confirm import ConfirmModal
from workbench.screens.error import WorkerErrors
from workbench.screens.held_keys import HoldsLetters
from workbench.screens.keys import bindings
from workbench.units import human_bytes, human_seconds
from workbench.widgets.clipboard import copy
from workbench.widgets.keys_footer import KeysFooter
from workbench.widgets.safe_text import markup_safe, plain
from workbench.widgets.vim import VimDataTable

if TYPE_CHECKING:
    from workbench.engine import Engine

_STATE_STYLE = {"ready": "green", "starting": "yellow", "expired": "bold red", "leaked": "bold red"}
COLUMNS = ("run", "state", "age", "expires", "owner", "size", "capabilities", "snapshot")


def _seconds(stats: dict[str, Any], key: str) -> str:
    return human_seconds(stats[key]) if stats.get("count") else "-"


def figures_text(m: dict[str, Any]) -> Text:
    """The recovery figures in three lines (the whole of them: `workbench metrics`)."""
    text = Text()
    for what in ("clone", "restore"):
        groups = m[what]["by_size"]
        shown = "; ".join(
            f"{g['size']} p50 {_seconds(g, 'p50')} p90 {_seconds(g, 'p90')} (n={g['count']})"
            for g in groups
        )
        text.append(f"{what:<8}", style="bold")
        text.append((shown or "none yet") + "\n")
    runs, leaks, resume = m["runs"], m["leaks"], m["resume"]
    rate = resume["success_rate"]
    recovery = m["recovery"]["seconds"]
    text.append("runs    ", style="bold")
    text.append(
        f"{runs['live']} live, {runs['started']} started, {runs['ended']} ended · leaks "
        f"repaired {leaks['repaired']}, waiting {sum(leaks['waiting'].values())} · resume "
        f"{'-' if rate is None else f'{100 * rate:.0f} %'} · failure → verified p50 "
        f"{_seconds(recovery, 'p50')} · migrations failed {m['migrations']['files_failed']}"
    )
    return text


class RunsScreen(HoldsLetters, WorkerErrors, Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = bindings("runs")
    DEFAULT_CSS = """
    RunsScreen DataTable { height: 1fr; }
    RunsScreen #runs-figures { height: auto; padding: 0 1; }
    RunsScreen #runs-status { height: auto; padding: 0 1; color: $text-muted; }
    """

    class Loaded(Message):
        def __init__(self, runs: list[dict[str, Any]], figures: dict[str, Any]) -> None:
            super().__init__()
            self.runs = runs
            self.figures = figures

    class Done(Message):
        """A start, reset, end or gc finished: what to say."""

        def __init__(self, title: str, text: str) -> None:
            super().__init__()
            self.title = title
            self.text = text

    def __init__(self, engine: Engine) -> None:
        super().__init__()
        self.engine = engine
        self.runs: list[dict[str, Any]] = []
        self.last = ""  # what the last action did

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(Text("reading the runs…", style="dim"), id="runs-figures")
        yield VimDataTable(id="runs-table", zebra_stripes=True, cursor_type="row")
        yield Static("", id="runs-status")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.title = "Runs"
        table = self.query_one(DataTable)
        for label in COLUMNS:
            table.add_column(label, key=label)
        self.action_reload()

    # --- reading --------------------------------------------------------------------------

    def action_reload(self) -> None:
        self.query_one(DataTable).loading = True
        self.load()

    @work(thread=True, exclusive=True, exit_on_error=False, group="runs-read")
    def load(self) -> None:
        self.post_message(self.Loaded(self.engine.runs(), self.engine.metrics()))

    @on(Loaded)
    def _loaded(self, message: Loaded) -> None:
        self.runs = message.runs
        self.query_one("#runs-figures", Static).update(figures_text(message.figures))
        table = self.query_one(DataTable)
        table.loading = False
        table.clear()
        for run in self.runs:
            alive = {True: "alive", False: "gone", None: ""}[run.get("owner_alive")]
            size = run.get("bytes")
            table.add_row(
                plain(run["run_id"]),
                plain(run["state"], _STATE_STYLE.get(run["state"], "")),
                plain(human_seconds(run["age_seconds"]) if run.get("age_seconds") else "-"),
                plain(str(run.get("expires") or "-")[:19]),
                plain(f"{run.get('owner', '-')} {alive}".strip()),
                plain(human_bytes(size) if size is not None else "-"),
                plain(",".join(run.get("capabilities") or []) or "-"),
                plain(
                    (run.get("snapshot_id") or "-")
                    + (" (old)" if run.get("snapshot_current") is False else "")
                ),
                key=run["run_id"],
            )
        self._show_status()

    def _highlighted(self) -> dict[str, Any] | None:
        table = self.query_one(DataTable)
        if not self.runs or table.cursor_row < 0 or table.cursor_row >= len(self.runs):
            return None
        return self.runs[table.cursor_row]

    # --- acting ---------------------------------------------------------------------------

    def action_new_run(self) -> None:
        self._status("starting a run…")
        self.act("start", None)

    def action_end_run(self) -> None:
        self._ask("end", "End run {id}?", "Its database and roles are dropped, its sessions "
                  "ended, its passfiles and lease removed.", "Keep it", "End it")  # fmt: skip

    def action_reset_run(self) -> None:
        self._ask("reset", "Reset run {id}?", "Its database is replaced by a fresh clone of the "
                  "snapshot: what was written in it is lost; its URL stays.", "Keep it",
                  "Reset it")  # fmt: skip

    def action_gc(self) -> None:
        self._status("reclaiming expired and leaked runs…")
        self.act("gc", None)

    def action_copy_url(self) -> None:
        run = self._highlighted()
        if run is None or not run.get("database_url"):
            self.notify("No run with a URL here.", severity="warning")
            return
        url = self.engine.redact(str(run["database_url"]))
        copied = copy(self.app, url, "the URL")
        self.notify(
            markup_safe(f"{url}\n(no password: the passfile holds it)\n{copied.message}"),
            title="Run URL" + (" sent" if copied.sent else ": not copied"),
            severity="information" if copied.sent else "warning",
        )

    def _ask(self, verb: str, title: str, line: str, keep: str, go: str) -> None:
        run = self._highlighted()
        if run is None:
            self.notify("No run is highlighted.", severity="warning")
            return
        run_id = str(run["run_id"])

        def answered(yes: bool | None) -> None:
            if yes:
                self._status(f"{verb} run {run_id}…")
                self.act(verb, run_id)

        self.app.push_screen(
            ConfirmModal(title.format(id=run_id), [line], keep=keep, go=go), answered
        )

    @work(thread=True, exclusive=True, exit_on_error=False, group="runs-act")
    def act(self, verb: str, run_id: str | None) -> None:
        engine = self.engine
        if verb == "start":
            started = engine.run_start(by="tui", owner_pid=os.getpid())
            text = (
                f"run {started['run_id']} from snapshot {started['snapshot_id']} in "
                f"{started['seconds']:.2f} s, until {started['expires'][:19]}; y copies its URL"
            )
            self.post_message(self.Done("Run started", text))
        elif verb == "reset" and run_id is not None:
            reset = engine.run_reset(run_id)
            self.post_message(
                self.Done("Run reset", f"run {run_id} is back to {reset['snapshot_id']}")
            )
        elif verb == "end" and run_id is not None:
            ended = engine.run_end(run_id)
            text = (
                f"run {run_id}: {len(ended['databases'])} database(s), "
                f"{len(ended['roles'])} role(s) dropped"
            )
            self.post_message(self.Done("Run ended", text))
        elif verb == "gc":
            result = engine.run_gc()
            kinds = ", ".join(f"{leak['run']}: {leak['kind']}" for leak in result["leaks"])
            self.post_message(
                self.Done("Runs reclaimed", f"{result['repaired']} leak(s) repaired. {kinds}")
            )

    @on(Done)
    def _done(self, message: Done) -> None:
        self._status(message.text)
        self.notify(markup_safe(message.text), title=message.title)
        self.action_reload()

    def _status(self, text: str) -> None:
        self.last = text
        self._show_status()

    def _show_status(self) -> None:
        """How many runs, and what the last action did (or is doing)."""
        count = f"{len(self.runs)} run(s)" if self.runs else "no runs: ctrl+n starts one"
        self.query_one("#runs-status", Static).update(
            Text(f"{count} · {self.last}" if self.last else count)
        )

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.state == WorkerState.ERROR:
            self.query_one(DataTable).loading = False
            self._status("")
        super().on_worker_state_changed(event)
