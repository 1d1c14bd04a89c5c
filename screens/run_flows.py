"""The main screen's runs: generate and reset (asking first when the sandbox holds changes
they would replace), undo, cancel, what follows a run's end, and `!` for the last error. A
mixin of MainScreen: the workers post messages, the handlers (named by Textual's convention)
own the widgets."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual import work
from textual.message import Message
from textual.widgets import ContentSwitcher

from workbench.reads.launch_status import age_seconds, last_failure_recorded
from workbench.screens.confirm import ConfirmModal
from workbench.screens.error import ErrorModal, describe, last_error, report_error
from workbench.widgets.progress_view import BEFORE_ROWS, ProgressView
from workbench.widgets.status_line import StatusLine, human_age

if TYPE_CHECKING:
    from textual.screen import Screen

    from workbench.engine import Engine

    class _Screen(Screen[None]):
        engine: Engine

        @property
        def busy(self) -> bool: ...
        def _reloaded(self) -> bool: ...
        def load_status(self, *args: Any, **kwargs: Any) -> Any: ...
        def load_launch_status(self, *args: Any, **kwargs: Any) -> Any: ...
else:
    _Screen = object


class RunFlows(_Screen):
    """Needs from its screen: `engine`, `busy`, `_reloaded()`, `load_status()` and
    `load_launch_status()`."""

    _asking: bool = False  # a question (or the check before it) is on its way

    class ChangesChecked(Message):
        def __init__(self, kind: str, changes: Any, undo: Any = None) -> None:
            super().__init__()
            self.kind = kind
            self.changes = changes  # an engine Changes, or why the check failed
            self.undo = undo  # the undo copy this run would drop (UndoInfo), if any

    class UndoInfoLoaded(Message):
        def __init__(self, info: Any) -> None:
            super().__init__()
            self.info = info

    class FailureRead(Message):
        """The last failure recorded in .workbench/evidence.jsonl (None: none since a run
        that ended well)."""

        def __init__(self, run: dict[str, Any] | None) -> None:
            super().__init__()
            self.run = run

    class UndoDone(Message):
        def __init__(self, result: dict[str, Any]) -> None:
            super().__init__()
            self.result = result

    def action_generate(self) -> None:
        self._ask_then_run("generate")

    def action_reset(self) -> None:
        self._ask_then_run("reset")

    def _ask_then_run(self, kind: str) -> None:
        """Generate or reset, after a question when the sandbox holds changes its last build
        did not make (what a reset or a generate would replace): checked in a worker."""
        if self.busy or self._asking or not self._reloaded():
            return
        self._asking = True
        self.check_changes(kind)

    @work(thread=True, exclusive=True, exit_on_error=False, group="changes")
    def check_changes(self, kind: str) -> None:
        try:
            changes: Any = self.engine.changes()
        except Exception as err:  # the question is asked anyway, with the reason
            changes = describe(err, self.engine.redact)[1]
        try:
            undo = self.engine.undo_info()
        except Exception:  # a record that cannot be read: nothing to name
            undo = None
        self.post_message(self.ChangesChecked(kind, changes, undo))

    def on_run_flows_changes_checked(self, message: RunFlows.ChangesChecked) -> None:
        kind, changes = message.kind, message.changes
        held = message.undo.held_changes if message.undo is not None else None
        what = "regenerate the sandbox" if kind == "generate" else "reset it to the snapshot"
        title = f"{kind.capitalize()} and replace these changes?"
        if isinstance(changes, str):
            lines = [f"Could not tell what it would replace: {changes}"]
        elif changes.any:
            since = f" since its last {changes.built_by}" if changes.built_by else ""
            lines = [f"The sandbox holds changes{since}:", *changes.lines()]
        elif held:
            # newbie27b F15: nothing in the sandbox, but the undo copy it would drop holds work
            title = f"{kind.capitalize()} and drop the undo copy?"
            lines = []
        else:
            self._asking = False
            self._run(kind)
            return
        if held:
            lines += [
                *([""] if lines else []),
                f"The undo copy (kept {message.undo.kept_at}, replaced by its "
                f"{message.undo.replaced_by}) holds changes, and this {kind} drops it for good:",
                *held,
            ]
        lines += [
            "",
            f"To {what} replaces "
            + ("them" if not isinstance(changes, str) and changes.any else "the sandbox")
            + ". The replaced database is kept until the next reset or generate: u brings "
            "it back.",
        ]

        def answered(go: bool | None) -> None:
            self._asking = False
            if go:
                self._run(kind)

        self.app.push_screen(
            ConfirmModal(
                title,
                lines,
                keep="Keep the sandbox",
                go=f"{kind.capitalize()} anyway",
            ),
            answered,
        )

    def _run(self, kind: str) -> None:
        if kind == "generate":
            self._start(
                "generate",
                # in a process of its own: its Python work never starves this event loop
                lambda on_event, cancel: self.engine.generate_apart(
                    on_event=on_event, cancel=cancel
                ),
                self._estimated_phases(),
            )
        else:
            self._start(
                "reset",
                lambda on_event, cancel: self.engine.reset_apart(on_event=on_event, cancel=cancel),
            )

    def action_undo(self) -> None:
        if self.busy or self._asking:
            return
        self._asking = True
        self.read_undo_info()

    @work(thread=True, exclusive=True, exit_on_error=False, group="undo")
    def read_undo_info(self) -> None:
        self.post_message(self.UndoInfoLoaded(self.engine.undo_info()))

    def on_run_flows_undo_info_loaded(self, message: RunFlows.UndoInfoLoaded) -> None:
        info = message.info
        if info is None:
            self._asking = False
            self.notify(
                "Nothing to undo: no reset or generate has replaced a database yet.",
                severity="warning",
            )
            return
        age = age_seconds(info.kept_at)
        when = f" {human_age(age)} ago" if age is not None else ""
        # (no baseline kept, as after a crash: the sentence stops, newbie27 F10 "It.")
        built = f" It was built by {info.built_by}" if info.built_by else ""
        if info.rows is not None:
            built = f"{built or ' It'} and held {info.rows:,} rows when built"
        lines = [
            f"The {info.replaced_by}{when} replaced a database.{built}{'.' if built else ''}",
            "The current sandbox takes its place as the undo copy: u again swaps back.",
        ]

        def answered(go: bool | None) -> None:
            self._asking = False
            if go:
                self.run_undo()

        self.app.push_screen(
            ConfirmModal(
                f"Bring back the database the {info.replaced_by} replaced?",
                lines,
                keep="Keep the current sandbox",
                go="Bring it back",
            ),
            answered,
        )

    @work(thread=True, exclusive=True, exit_on_error=False, group="undo")
    def run_undo(self) -> None:
        self.post_message(self.UndoDone(self.engine.undo()))

    def on_run_flows_undo_done(self, message: RunFlows.UndoDone) -> None:
        self.notify(
            f"The database the {message.result.get('restored')} replaced is back; u swaps again.",
            title="Undone",
        )
        self.load_status()
        self.load_launch_status()

    def action_last_error(self) -> None:
        shown = last_error(self.app)
        if shown is None:  # none in this session: the last one recorded (newbie27 F5)
            self.read_last_failure()
        else:
            self.app.push_screen(ErrorModal(*shown))

    @work(thread=True, exclusive=True, exit_on_error=False, group="last-failure")
    def read_last_failure(self) -> None:
        run = last_failure_recorded(self.engine.config)
        self.post_message(self.FailureRead(run))

    def on_run_flows_failure_read(self, message: FailureRead) -> None:
        run = message.run
        if run is None:
            self.notify("Nothing has failed since the last run that ended well.")
            return
        said = "was interrupted (its process ended before it did)"
        if run["outcome"] == "failed":
            said = "failed"
        elif run["outcome"] == "refused":
            said = "was refused before it changed anything"
        text = f"The {run['command']} started {run['started']} (run {run['run_id']}) {said}."
        if run.get("error"):
            text += f"\n\n{run['error']}"
        text += "\n\n`workbench evidence` has its record."
        self.app.push_screen(
            ErrorModal(f"last {run['command']} {run['outcome']}", self.engine.redact(text))
        )

    def action_focus_pane(self, which: str) -> None:
        if which == "side":
            switcher = self.query_one(ContentSwitcher)
            pane = self.query_one(f"#{switcher.current}")
            target = (
                pane if pane.can_focus else next((w for w in pane.query("*") if w.can_focus), pane)
            )
            target.focus()
        else:
            self.query_one(f"#{which}").focus()

    def _estimated_phases(self) -> dict[str, float]:
        """The estimate's seconds of each phase of a generate (for the progress ETA)."""
        model = getattr(self, "model", None)
        estimate = getattr(model, "estimate", None) or {}
        return dict(estimate.get("phases") or {})

    def _start(self, kind: str, job: Any, phases: dict[str, float] | None = None) -> None:
        view = self.query_one(ProgressView)
        if view.running:
            return
        self.query_one(ContentSwitcher).current = "progress"
        view.start(kind, job, phases)
        self.refresh_bindings()

    def action_cancel(self) -> None:
        """Cancel the run, after a question: a plain letter (or escape) acts on nothing
        alone, and `c` may be the first letter of a word typed at the main screen."""
        view = self.query_one(ProgressView)
        if not view.running:
            return
        if not view.can_stop():
            self._cancelled(view)  # says why nothing stops
            return

        def answered(go: bool | None) -> None:
            if go and view.running:
                self._cancelled(view)

        self.app.push_screen(
            ConfirmModal(
                f"Cancel the {view.kind}?",
                [
                    "Tables already loaded are kept; the one being written is rolled back.",
                    "ctrl+g resumes a cancelled generate where it stopped.",
                ],
                keep=f"Keep the {view.kind} running",
                go="Cancel it",
            ),
            answered,
        )

    def _cancelled(self, view: ProgressView) -> None:
        before_rows = view.phase in BEFORE_ROWS
        if view.cancel():
            when = "before its rows are written" if before_rows else "after the current batch"
            self.notify(f"Cancelling: the {view.kind} stops {when}.", severity="warning")
        else:
            self.notify(
                f"The {view.phase} phase cannot be stopped: the {view.kind} ends when it is "
                "done (the rows are written already).",
                severity="warning",
            )

    def on_progress_view_finished(self, message: ProgressView.Finished) -> None:
        self.refresh_bindings()
        if message.outcome == "done":
            self.notify(f"{message.kind.capitalize()} finished.", title="Done")
        elif message.error is not None:
            report_error(self.app, message.error)
        if message.outcome == "failed":  # said even when it failed before its first record
            self.query_one(StatusLine).note_failure(message.kind)
        self.load_status()
        self.load_launch_status()
