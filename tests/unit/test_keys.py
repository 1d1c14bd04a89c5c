"""The TUI's one key table: the screens' bindings, the help screen, the palette and the README
all come from screens/keys.py, so they cannot drift apart."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from workbench.screens import keys
from workbench.screens.app import WorkbenchApp
from workbench.screens.browse import BrowseScreen
from workbench.screens.confirm import ConfirmModal
from workbench.screens.distribution import DistributionScreen
from workbench.screens.doctor import DoctorScreen
from workbench.screens.edit import EditColumnModal, EditTableModal
from workbench.screens.error import ErrorModal
from workbench.screens.help import HelpScreen
from workbench.screens.main import MainScreen
from workbench.screens.runs import RunsScreen
from workbench.widgets.schema_tree import SchemaTree
from workbench.widgets.tree_filter import TreeFilter
from workbench.widgets.vim import VimKeys

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("doc", ["README.md", "docs/tui.md"])
def test_the_documented_key_tables_are_the_one_the_table_makes(doc: str) -> None:
    text = (REPO / doc).read_text(encoding="utf-8")
    found = re.search(r"<!-- keys:start[^>]*-->\n(.*?)<!-- keys:end -->", text, re.S)
    assert found is not None, f"{doc} lacks the keys:start / keys:end markers"
    assert found.group(1) == keys.readme_table(), (
        f"{doc}'s key table is stale: paste `python -m workbench.screens.keys` between its markers"
    )


def test_every_screen_binds_exactly_its_rows_of_the_table() -> None:
    screens = {
        "app": WorkbenchApp,
        "main": MainScreen,
        "dist": DistributionScreen,
        "doctor": DoctorScreen,
        "edit": EditTableModal,
        "help": HelpScreen,
        "error": ErrorModal,
        "browse": BrowseScreen,
        "tree": SchemaTree,
        "confirm": ConfirmModal,
        "vim": VimKeys,
        "runs": RunsScreen,
    }
    for scope, cls in screens.items():
        bound = [(b.key, b.action, b.description) for b in cls.BINDINGS]  # type: ignore[union-attr]
        rows = [(k.keys, k.action, k.label) for k in keys.KEYS if k.scope == scope and k.keys]
        assert sorted(bound) == sorted(rows), scope
    assert EditColumnModal.BINDINGS == EditTableModal.BINDINGS
    filter_rows = [(k.keys, k.action) for k in keys.KEYS if k.scope == "filter"]
    assert [(b.key, b.action) for b in TreeFilter.BINDINGS[-len(filter_rows) :]] == filter_rows
    ids = [k.id for k in keys.KEYS if k.keys]
    assert len(ids) == len(set(ids)), "binding ids must be unique"


def test_help_and_palette_name_bound_actions_only() -> None:
    bound = {(k.scope, k.action) for k in keys.KEYS if k.keys}
    for action, title, help_text in keys.palette("main"):
        assert ("main", action) in bound and title and help_text.endswith(")")
    main_order = [b.action for b in MainScreen.BINDINGS]  # type: ignore[union-attr]
    assert main_order == list(keys.FOOTER_ORDER["main"])
    shown = [key for _, key, _ in keys.help_rows()]
    assert "ctrl+g" in shown and "F1 / ?" in shown and "c / esc" in shown


def test_no_screen_hides_a_key_that_works_anywhere() -> None:
    """A screen's binding wins over the app's: a screen reusing `m` or `o` would make the
    rehearsal or the doctor unreachable there (modals, which take every key, excepted)."""
    anywhere = {key for k in keys.KEYS if k.scope == "app" for key in k.keys.split(",")}
    screens = ("main", "dist", "browse", "doctor", "rehearse", "tree", "vim", "chart")
    for k in keys.KEYS:
        if k.scope in screens and k.keys:
            assert not anywhere & set(k.keys.split(",")), (k.scope, k.keys)
