"""The Textual workbench: the app class, its factory and the `workbench tui` entry point.

The app only composes screens and routes app-wide actions. It lives with the screens (installed
as `workbench.screens`), so nothing in the engine imports Textual; the CLI imports this module
lazily, for `workbench tui` alone."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual.app import App, SystemCommand
from textual.binding import BindingType
from textual.screen import Screen

from workbench.files.state import write_failure
from workbench.screens.confirm import ConfirmModal
from workbench.screens.help import HelpScreen, focused_scopes
from workbench.screens.keys import bindings, palette, palette_entry
from workbench.screens.main import MainScreen
from workbench.screens.preferences import load_preferences, preferences_path, remember
from workbench.screens.sql import SqlScreen, SqlState
from workbench.widgets.progress_view import ProgressView
from workbench.widgets.safe_text import markup_safe

if TYPE_CHECKING:  # the engine (and psycopg) load in a worker, after the first paint
    from workbench.config.file import Config
    from workbench.engine import Engine


class WorkbenchApp(App[None]):
    """Schema tree, estimate, generate, reset, distributions, doctor, rehearsals, runs."""

    CSS_PATH = "workbench.tcss"
    TITLE = "sandbox workbench"
    BINDINGS: ClassVar[list[BindingType]] = bindings("app")
    # Screen classes the CSS lays out by (workbench.tcss): 80 columns, ~160, 200 and more.
    # Textual declares it as an instance variable, so no ClassVar (mypy) and no copy (ruff).
    HORIZONTAL_BREAKPOINTS: list[tuple[int, str]] | None = [  # noqa: RUF012
        (0, "-narrow"),
        (120, "-normal"),
        (200, "-wide"),
    ]
    VERTICAL_BREAKPOINTS: list[tuple[int, str]] | None = [(0, "-short"), (36, "-tall")]  # noqa: RUF012

    def __init__(self, engine: Engine) -> None:
        super().__init__()
        self.engine = engine
        # the distribution reviews of this session: `x` exports those of earlier visits too
        self.reviewed: dict[tuple[str, str], dict[str, Any]] = {}
        self.sql_state = SqlState()  # the SQL prompt's statement and result, across visits
        theme = load_preferences(engine.config.state_dir).get("theme")
        if isinstance(theme, str) and theme in self.available_themes:
            self.theme = theme  # the one chosen last time in this project

    def watch_theme(self, old: str, theme: str) -> None:
        if old == theme:
            return  # the first paint, not a choice
        path = preferences_path(self.engine.config.state_dir)
        try:
            remember(self.engine.config.state_dir, "theme", theme)
        except OSError as err:  # a read-only project folder must not break the app
            self.notify(
                markup_safe(f"Theme not remembered: {write_failure(path, err)}"), severity="warning"
            )

    def get_default_screen(self) -> Screen[Any]:
        return MainScreen(self.engine)

    @property
    def main(self) -> MainScreen:
        screen = self.screen_stack[0]
        assert isinstance(screen, MainScreen)
        return screen

    # --- routing ----------------------------------------------------------------------------

    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(focused_scopes(self.focused, self.screen)))

    async def action_quit(self) -> None:
        """Quit; while a generate or reset runs, only after a question (quitting cancels it)."""
        view = self.main.query_one(ProgressView) if self.screen_stack else None
        if view is None or not view.running:
            self.exit()
            return
        if isinstance(self.screen, ConfirmModal):
            return

        def answered(go: bool | None) -> None:
            if go:
                self.exit()

        kind = view.kind or "run"
        if view.can_stop():
            said = (
                f"Quitting cancels the {kind}: it stops after the current batch. Tables "
                "already loaded are kept, and the next generate resumes from there."
            )
            go = "Cancel it and quit"
        else:  # indexes, sequences, snapshot: nothing stops there
            said = (
                f"The {kind} is in its {view.phase} phase, which cannot be stopped: the "
                "workbench closes when that phase has ended (the rows are written)."
            )
            go = "Quit when it ends"
        self.push_screen(
            ConfirmModal(
                f"Quit while the {kind} runs?",
                [said],
                keep=f"Keep the {kind} running",
                go=go,
            ),
            answered,
        )

    def action_doctor(self) -> None:
        from workbench.screens.doctor import DoctorScreen

        if not isinstance(self.screen, DoctorScreen):
            self.push_screen(DoctorScreen(self.engine))

    def action_rehearse(self) -> None:
        from workbench.screens.rehearse import RehearseScreen

        if not isinstance(self.screen, RehearseScreen):
            self.push_screen(RehearseScreen(self.engine))

    def action_runs(self) -> None:
        from workbench.screens.runs import RunsScreen

        if not isinstance(self.screen, RunsScreen):
            self.push_screen(RunsScreen(self.engine))

    def action_sql(self) -> None:
        if not isinstance(self.screen, SqlScreen):
            self.push_screen(SqlScreen(self.engine, self.sql_state))

    def exit(self, *args: Any, **kwargs: Any) -> None:
        # A running generate or reset is asked to stop first (it ends at the next batch);
        # otherwise its thread would keep writing, and keep the process alive, after the app.
        if self.screen_stack:
            self.main.query_one(ProgressView).cancel()
        super().exit(*args, **kwargs)

    def _on_main(self, action: str) -> None:
        """Run a main-screen action from anywhere (the command palette)."""
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.call_later(self.main.run_action, action)

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        main = self.main
        for action, title, help_text in palette("main"):
            if main.check_action(action, ()) is not True:
                continue  # the palette offers only what can run now
            yield SystemCommand(title, help_text, lambda a=action: self._on_main(a))
        yield SystemCommand(*palette_entry("app", "doctor"), self.action_doctor)
        yield SystemCommand(*palette_entry("app", "rehearse"), self.action_rehearse)
        yield SystemCommand(*palette_entry("app", "runs"), self.action_runs)
        yield SystemCommand(*palette_entry("app", "sql"), self.action_sql)
        yield SystemCommand(*palette_entry("app", "help"), self.action_help)


def make_app(
    config: Config | str | Path | None = None, engine: Engine | None = None
) -> WorkbenchApp:
    """The app on a config (or an engine already built on one); used by the CLI and the tests."""
    if engine is None:
        from workbench.engine import Engine

        engine = Engine(config)
    return WorkbenchApp(engine)


def run(config_path: str | Path | None = None) -> int:
    """`workbench tui`: run the app on sandbox.toml (the CLI catches WorkbenchError)."""
    make_app(config_path).run()
    return 0
