"""The main screen: schema tree, estimate panel, details / progress, and the generate and reset
flows. Loading runs in thread workers that post messages; the handlers own the widgets."""

from __future__ import annotations

import gc
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import ContentSwitcher, Header, Input

from workbench.errors import WorkbenchError
from workbench.printable import printable
from workbench.screens.early_keys import TakesEarlyKeys
from workbench.screens.error import WorkerErrors, describe
from workbench.screens.held_keys import HoldsLetters
from workbench.screens.keys import bindings, keys_of
from workbench.screens.run_flows import RunFlows
from workbench.screens.table_finder import TableFinder
from workbench.units import counted
from workbench.widgets.clipboard import copy
from workbench.widgets.details_pane import DetailsPane
from workbench.widgets.estimate_panel import EstimatePanel
from workbench.widgets.keys_footer import KeysFooter
from workbench.widgets.progress_view import ProgressView
from workbench.widgets.safe_text import markup_safe
from workbench.widgets.schema_tree import SchemaTree
from workbench.widgets.status_line import StatusLine
from workbench.widgets.tree_filter import TreeFilter

if TYPE_CHECKING:
    from workbench.config.file import Config
    from workbench.engine import Engine


# the app's keys that open a screen with a text field (the SQL prompt, the rehearsal's files)
FIELD_SCREEN_KEYS = {
    key: action for action in ("sql", "rehearse") for key in keys_of("app", action)
}


@dataclass
class Model:
    """Everything the main screen shows that comes from schema.sql and sandbox.toml alone."""

    schema: Any
    decisions: dict[tuple[str, str], Any]
    planned: dict[str, int]
    estimate: dict[str, Any] | None
    problem: str | None = None  # why plan or estimate is missing
    from_file: set[str] = field(default_factory=set)  # tables filled by schema.sql's own rows


def load_model(engine: Engine) -> Model:
    """Parse, decide generators, plan and estimate (no database). Runs in a worker."""
    schema = engine.schema()
    # One odd column must not hide the whole tree: its decision says why it failed.
    decisions = engine.column_decisions(lambda err: describe(err)[1])
    planned: dict[str, int] = {}
    from_file: set[str] = set()
    estimate = problem = None
    try:
        plan = engine.plan()
        planned = {t.name: t.rows + t.file_rows for t in plan.tables}
        from_file = {t.name for t in plan.tables if t.file_rows}
        estimate = engine.estimate().to_dict()
    except Exception as err:
        problem = describe(err)[1]
    return Model(schema, decisions, planned, estimate, problem, from_file)


# The engine's messages name CLI commands; on this screen `g` runs those two itself.
_G_RUNS = re.compile(r"run `workbench (?:up|generate)(?: --yes)?`")


def in_tui_words(message: str) -> str:
    """An engine message for the guard line: "run `workbench up`" becomes "press ctrl+g"."""
    return _G_RUNS.sub("press ctrl+g", message)


def guard_verdict(engine: Engine) -> tuple[str, str, bool | None, dict[str, int | None]]:
    """(target display, verdict, ok, actual row counts) without starting a stopped server."""
    if engine.embedded and engine.server.state() is None:
        # `g` creates the cluster itself: the line must not send the user to a command.
        verdict = "allowed · embedded cluster not created yet (ctrl+g creates it)"
        return "embedded (not created yet)", verdict, None, {}
    try:
        display = engine.target().display
    except WorkbenchError as err:
        return "—", in_tui_words(describe(err, engine.redact)[1]), False, {}
    try:
        status = engine.status()
    except WorkbenchError as err:
        return display, in_tui_words(describe(err, engine.redact)[1]), None, {}
    if status.server_running is False:
        return display, "allowed · embedded server stopped (ctrl+g starts it)", None, {}
    if not status.database_exists:
        if engine.undo_info() is not None:  # a reset or generate stopped between its renames
            verdict = (
                "missing · the last reset or generate stopped before its database took the "
                "sandbox's place: u brings back the one it replaced (kept whole as the undo "
                "copy); ctrl+g builds a new one"
            )
            return display, verdict, None, {}
        return display, "allowed · database not created yet (ctrl+g creates it)", True, {}
    if status.marked and status.incomplete:
        # an interrupted generate: its database is closed to the sandbox's roles until a
        # run finishes it (the counts would only say "permission denied … CONNECT")
        verdict = f"allowed · {status.incomplete}: ctrl+g resumes it"
        if engine.undo_info() is not None:
            verdict += "; u brings back the database it replaced"
        try:
            return display, verdict, True, engine.rows.counts()
        except WorkbenchError:
            return display, verdict, True, {}
    if status.marked:
        verdict, ok = "allowed · sandbox marker present", True
    elif status.user_tables == 0:
        verdict, ok = "allowed · empty database, claimed on first write", True
    else:
        verdict = f"refused · {counted(status.user_tables, 'table')} and no workbench marker"
        ok = False
    if not status.marked:
        return display, verdict, ok, {}
    try:  # as the read-only role: an agent's lock on a table is named, never waited out
        return display, verdict, ok, engine.rows.counts()
    except WorkbenchError as err:
        return display, in_tui_words(describe(err, engine.redact)[1]), ok, {}


def preview_values(engine: Engine, table: str, column: str, n: int = 8) -> list[Any] | str:
    """Sample values from the generator, written nowhere; a reason when unavailable."""
    return engine.preview(table, column, n=n)


class MainScreen(HoldsLetters, RunFlows, WorkerErrors, Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = bindings("main")
    COMMANDS: ClassVar[set[Any]] = {TableFinder}

    class ModelLoaded(Message):
        def __init__(self, model: Model) -> None:
            super().__init__()
            self.model = model

    class StatusLoaded(Message):
        def __init__(
            self, display: str, verdict: str, ok: bool | None, counts: dict[str, int | None]
        ) -> None:
            super().__init__()
            self.display = display
            self.verdict = verdict
            self.ok = ok
            self.counts = counts

    class LaunchStatusLoaded(Message):
        def __init__(self, status: Any) -> None:
            super().__init__()
            self.status = status

    class UrlReady(Message):
        def __init__(self, info: dict[str, Any]) -> None:
            super().__init__()
            self.info = info

    class PreviewLoaded(Message):
        def __init__(self, table: str, column: str, values: list[Any] | str) -> None:
            super().__init__()
            self.table = table
            self.column = column
            self.values = values

    # The tree from the start, while it loads: a key pressed then is a key (`?` opens help),
    # not a letter typed into the hidden filter line, the first focusable widget.
    AUTO_FOCUS = "#schema-tree"

    def __init__(self, engine: Engine) -> None:
        super().__init__()
        self.engine = engine
        self.model: Model | None = None
        self.counts: dict[str, int | None] = {}
        self._opening: Any = None  # the dialog `e`, `:` or `m` pushed, until it closes

    def compose(self) -> ComposeResult:
        yield Header()
        yield StatusLine(id="status-line")
        with Horizontal(id="main-body"):
            with Vertical(id="tree-side"):
                yield TreeFilter(id="tree-filter")
                tree = SchemaTree(id="schema-tree")
                tree.loading = True
                yield tree
            with Vertical(id="main-side"):
                yield EstimatePanel(id="estimate")
                with ContentSwitcher(initial="details", id="side-switcher"):
                    yield DetailsPane(id="details")
                    yield ProgressView(id="progress")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.title = "sandbox workbench"
        self.sub_title = printable(str(self.engine.config.path))
        self.load_model()
        self.load_status()
        self.load_launch_status()
        self.watch(self.query_one(ContentSwitcher), "current", self._side_switched)

    def _side_switched(self, current: str | None) -> None:
        # workbench.tcss hides the estimate on a short terminal while progress shows
        self.query_one("#main-side").set_class(current == "progress", "-progress")

    # --- loading (workers post, handlers render) ----------------------------------------

    @work(thread=True, exclusive=True, exit_on_error=False, group="model")
    def load_model(self) -> None:
        self.post_message(self.ModelLoaded(load_model(self.engine)))

    @work(thread=True, exclusive=True, exit_on_error=False, group="status")
    def load_status(self) -> None:
        self.post_message(self.StatusLoaded(*guard_verdict(self.engine)))

    @work(thread=True, exclusive=True, exit_on_error=False, group="launch-status")
    def load_launch_status(self) -> None:
        self.post_message(self.LaunchStatusLoaded(self.engine.launch_status()))

    @on(LaunchStatusLoaded)
    def _launch_status_loaded(self, message: LaunchStatusLoaded) -> None:
        self.query_one(StatusLine).show(message.status)

    @work(thread=True, exclusive=True, exit_on_error=False, group="preview")
    def load_preview(self, table: str, column: str) -> None:
        try:
            values = preview_values(self.engine, table, column, n=10)
        except Exception as err:  # a preview is a convenience: say why, no modal
            values = f"unavailable: {describe(err, self.engine.redact)[1]}"
        self.post_message(self.PreviewLoaded(table, column, values))

    @on(ModelLoaded)
    def _model_loaded(self, message: ModelLoaded) -> None:
        model = self.model = message.model
        tree = self.query_one(SchemaTree)
        current = tree.current
        tree.load(model.schema, model.decisions, model.planned, model.from_file)
        tree.set_actual(self.counts)
        tree.loading = False
        panel = self.query_one(EstimatePanel)
        if model.estimate is not None:
            panel.show_estimate(model.estimate)
        else:
            panel.show_unavailable(f"estimate unavailable: {model.problem}")
        if current is not None and current.table:
            if current.column:
                tree.select_column(current.table, current.column)
            else:
                tree.select_table(current.table)
            if current.table in model.schema.tables:
                # The cursor may stay on its line (no highlight event): refresh the pane here,
                # or it shows the old rows until F5.
                self.post_message(
                    SchemaTree.ColumnSelected(current.table, current.column)
                    if current.column
                    else SchemaTree.TableSelected(current.table)
                )
        tree.focus()
        self.call_after_refresh(self._keep_long_lived)

    def _keep_long_lived(self) -> None:
        """The schema model and the widgets built from it live as long as the screen: frozen
        out of the collector's way (gc.freeze), a full collection no longer walks them
        (musicbrainz: 240,000 objects, 0.4 s on a busy machine, at about every resize). A
        model replaced since the last freeze is let go first (unfreeze, collect)."""
        if gc.get_freeze_count():
            gc.unfreeze()
            gc.collect()
        gc.freeze()

    def on_unmount(self) -> None:
        gc.unfreeze()  # what this screen kept becomes collectable again

    @on(StatusLoaded)
    def _status_loaded(self, message: StatusLoaded) -> None:
        self.query_one(EstimatePanel).show_target(message.display, message.verdict, message.ok)
        self.counts = message.counts
        self.query_one(SchemaTree).set_actual(message.counts)

    @on(PreviewLoaded)
    def _preview_loaded(self, message: PreviewLoaded) -> None:
        current = self.query_one(SchemaTree).current
        if current and (current.table, current.column) == (message.table, message.column):
            self.query_one(DetailsPane).show_preview(message.values)

    # --- selection ------------------------------------------------------------------------

    def _show_details(self) -> None:
        if not self.query_one(ProgressView).running:
            self.query_one(ContentSwitcher).current = "details"

    @on(SchemaTree.TableSelected)
    def _table_selected(self, message: SchemaTree.TableSelected) -> None:
        if self.model is None:
            return
        table = self.model.schema.tables[message.table]
        self.query_one(DetailsPane).show_table(
            table,
            self.model.planned.get(message.table),
            self.counts.get(message.table),
            self.engine.config.tables.get(message.table),
        )
        if self.model.estimate is not None:
            self.query_one(EstimatePanel).show_estimate(
                self.model.estimate, highlight=message.table
            )
        self._show_details()

    @on(SchemaTree.ColumnSelected)
    def _column_selected(self, message: SchemaTree.ColumnSelected) -> None:
        if self.model is None:
            return
        table = self.model.schema.tables[message.table]
        column = table.column(message.column)
        decision = self.model.decisions.get((message.table, message.column))
        self.query_one(DetailsPane).show_column(table, column, decision)
        self._show_details()
        self.load_preview(message.table, message.column)

    @on(Input.Changed, "#tree-filter")
    def _filter_changed(self, message: Input.Changed) -> None:
        self.query_one(SchemaTree).filter(message.value)

    @on(TreeFilter.Closed)
    def _filter_closed(self, message: TreeFilter.Closed) -> None:
        tree = self.query_one(SchemaTree)
        if message.cleared:
            tree.filter("")
        elif tree.filter_text:
            tree.first_match()
        tree.focus()

    @on(SchemaTree.FilterCleared)
    def _tree_filter_cleared(self) -> None:
        self.query_one(TreeFilter).close()

    def route_key(self, event: events.Key) -> bool:
        """`/` opens the filter line at once, and while it is open for typing a character
        typed with another pane focused goes to it instead of pressing that key
        (widgets/find_line.py, widgets/tree_filter.py). Keys typed behind a key that opened
        another screen reach this one while that screen opens: typed behind `e`, `:` or `m`
        they are the dialog's (screens/early_keys.py), behind another screen's key nobody's
        (screens/typed_ahead.py). A letter is held until the next key shows it is not the
        start of a word (screens/held_keys.py); `:` opens the SQL prompt at once."""
        if self.app.screen is not self:
            if self._opening is not None:
                self._opening.take_early(event)
            event.prevent_default()
            event.stop()
            return True
        if self.query_one(TreeFilter).route(event):
            return True
        if event.key in FIELD_SCREEN_KEYS and not (event.character or "").isalnum():
            # the app's binding, run at once: as a binding it ran after the keys typed
            # behind it, which went to the tree
            event.prevent_default()
            event.stop()
            getattr(self.app, f"action_{FIELD_SCREEN_KEYS[event.key]}")()
            self.held_fired(event.key)
            return True
        return False

    def held_fired(self, key: str) -> None:
        """`e`, `:` or `m` opened a dialog: what is typed while it opens is its own."""
        if isinstance(self.app.screen, TakesEarlyKeys):
            self._opening = self.app.screen

    def on_screen_resume(self) -> None:
        self._opening = None  # back on this screen: whatever it opened has closed

    # --- actions ----------------------------------------------------------------------------

    def action_filter(self) -> None:
        self.query_one(TreeFilter).open()

    def action_sort_estimate(self) -> None:
        self.query_one(EstimatePanel).cycle_sort()

    def action_browse(self) -> None:
        from workbench.screens.browse import BrowseScreen

        current = self.query_one(SchemaTree).current
        if current is None or current.table is None:
            self.notify("Select a table to browse its rows.", severity="warning")
            return
        self.app.push_screen(BrowseScreen(self.engine, current.table))

    def action_copy_url(self) -> None:
        self.read_url()

    @work(thread=True, exclusive=True, exit_on_error=False, group="url")
    def read_url(self) -> None:
        # The same URL `workbench env` prints (it makes the application role if needed).
        self.post_message(self.UrlReady(self.engine.database_url()))

    @on(UrlReady)
    def _url_ready(self, message: UrlReady) -> None:
        url, env = message.info.get("database_url"), message.info.get("from_env")
        if not url:
            self.notify(markup_safe(f"The URL is in ${env}: nothing copied."), severity="warning")
            return
        url = self.engine.redact(str(url))  # never a password, whatever the DSN held
        copied = copy(self.app, url, "the URL")
        self.notify(
            markup_safe(
                f"{url}\n(no password: the passfile holds it)\n{copied.message}"
                + (f"\n{message.info['url_note']}" if message.info.get("url_note") else "")
            ),
            title="Sandbox URL" + (" sent" if copied.sent else ": not copied"),
            severity="information" if copied.sent else "warning",
        )

    @property
    def busy(self) -> bool:
        return self.query_one(ProgressView).running

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("generate", "reset", "edit", "undo"):
            return None if self.busy else True  # greyed in the footer while a run goes on
        if action == "cancel":
            return self.busy  # shown only while there is something to cancel
        return True

    def _reloaded(self) -> bool:
        """sandbox.toml as it is on disk now (edited by hand, perhaps): used from here on,
        or, when it no longer loads, a sentence and False (the last good one stays)."""
        try:
            changed = self.engine.reload_config()
        except WorkbenchError as err:
            message = describe(err, self.engine.redact)[1]
            self.notify(
                markup_safe(
                    f"{message} The last version that loaded is still shown; fix the file and "
                    "press F5."
                ),
                title="sandbox.toml does not load",
                severity="error",
                timeout=15,
            )
            return False
        if changed:
            self.load_model()
        return True

    def action_toggle_progress(self) -> None:
        switcher = self.query_one(ContentSwitcher)
        switcher.current = "details" if switcher.current == "progress" else "progress"

    def action_refresh(self) -> None:
        self._reloaded()
        self.load_model()
        self.load_status()

    def action_distribution(self) -> None:
        from workbench.screens.distribution import DistributionScreen

        current = self.query_one(SchemaTree).current
        column = (
            (current.table, current.column)
            if current and current.table and current.column
            else None
        )
        reviewed = getattr(self.app, "reviewed", None)  # the session's, across visits
        self.app.push_screen(DistributionScreen(self.engine, initial=column, reviewed=reviewed))

    def action_edit(self) -> None:
        from workbench.screens.edit import EditColumnModal, EditTableModal

        current = self.query_one(SchemaTree).current
        if current is None or current.table is None or self.model is None:
            self.notify("Select a table or a column to edit.", severity="warning")
            return
        if current.column is None:
            modal: Any = EditTableModal(self.engine, current.table)
        else:
            modal = EditColumnModal(self.engine, current.table, current.column)
        self._opening = modal
        self.app.push_screen(modal, self._edited)

    def _edited(self, config: Config | None) -> None:
        """An edit modal closed: with the config it saved (the engine already uses it)."""
        self._opening = None
        if config is None:
            return
        self.notify(markup_safe(f"Saved {config.path.name}"), title="sandbox.toml")
        self.load_model()
