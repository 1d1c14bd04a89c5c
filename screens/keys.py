"""The one table of the TUI's keys: each screen's BINDINGS, the help screen, the command palette
and the key tables of README.md and docs/tui.md are all produced from it (tests/unit/
test_keys.py checks the documents).

`python -m workbench.screens.keys` prints the README table.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.binding import Binding, BindingType

# Where a key works, as the help screen and the README name it.
MAIN, ANY, DISTRIBUTIONS, ROWS = "main", "any", "distributions", "rows"
_SHOWN = {
    "escape": "esc", "question_mark": "?", "f5": "F5", "slash": "/", "left": "←", "right": "→",
    "pagedown": "PgDn", "pageup": "PgUp",
}  # fmt: skip


@dataclass(frozen=True)
class Key:
    scope: str  # the screen whose BINDINGS hold it: app, main, dist, doctor, edit, help, error
    keys: str  # Textual's key list ("c,escape"); "" for keys a widget handles itself
    action: str
    label: str  # the footer's word
    where: str | None = None  # the help screen's and README's "screen" column (None: not listed)
    does: str = ""  # the help screen's and README's line
    shown: str | None = None  # the key as the help screen writes it (default: from `keys`)
    name: str = ""  # the binding's id within its screen (default: the action)
    palette: str | None = None  # the command palette's title (None: not in the palette)
    palette_help: str = ""
    footer: bool = True  # shown in the footer (False: in help and the palette only)

    @property
    def id(self) -> str:
        return f"{self.scope}.{self.name or self.action}"

    @property
    def display(self) -> str:
        if self.shown is not None:
            return self.shown
        return " / ".join(_SHOWN.get(k, k) for k in self.keys.split(","))

    @property
    def first_key(self) -> str:
        first = self.keys.split(",")[0]
        return _SHOWN.get(first, first)


KEYS: tuple[Key, ...] = (
    Key("tree", "", "", "", MAIN, "move in the schema tree; enter or space opens and closes",
        shown="↑ ↓ enter space"),
    Key("tree", "left", "collapse", "Close", MAIN,
        "close the table (or partition group), or go up to its parent", footer=False),
    Key("tree", "right", "expand", "Open", MAIN, "open the table, or go down into it",
        footer=False),
    Key("main", "slash", "filter", "Filter", MAIN,
        "filter the tree: type part of a table or column name; esc clears it",
        palette="Filter the tree", palette_help="Show only tables or columns matching a name"),
    Key("tree", "escape", "clear_filter", "Clear filter", footer=False),
    Key("filter", "escape", "clear", "Clear filter"),
    Key("main", "g", "generate", "Generate", MAIN,
        "generate: create the tables and fill them (progress on the right)",
        palette="Generate", palette_help="Create the tables and fill them with synthetic data"),
    Key("main", "c,escape", "cancel", "Cancel", MAIN,
        "cancel the running generate or reset (stops between batches)",
        palette="Cancel", palette_help="Stop the running generate or reset cleanly"),
    Key("main", "r", "reset", "Reset", MAIN, "reset the sandbox (greyed while a generation runs)",
        palette="Reset", palette_help="Put the sandbox back to its generated state"),
    Key("main", "e", "edit", "Edit", MAIN,
        "edit the selected table's rows or column's generator, saved to sandbox.toml",
        palette="Edit", palette_help="Change a table's rows or a column's generator"),
    Key("main", "d", "distribution", "Distributions", MAIN,
        "distributions: planned vs actual values of a column",
        palette="Distributions", palette_help="Planned vs actual values of a column"),
    Key("main", "p", "toggle_progress", "Progress/details", MAIN,
        "switch the right-hand pane between details and progress", name="progress",
        palette="Progress / details", palette_help="Switch the right-hand pane"),
    Key("main", "s", "sort_estimate", "Sort", MAIN,
        "sort the estimate by rows, then bytes, then time, then back to schema order",
        palette="Sort the estimate", palette_help="By rows, bytes or time", footer=False),
    Key("main", "b", "browse", "Rows", MAIN,
        "browse the selected table's rows, a page at a time (personal columns marked)",
        palette="Browse rows", palette_help="The selected table's first rows, paged"),
    Key("main", "y", "copy_url", "Copy URL", MAIN,
        "copy the sandbox URL (as `workbench env` prints it, never a password)",
        palette="Copy the sandbox URL", palette_help="To the clipboard, without a password",
        footer=False),
    Key("main", "f5", "refresh", "Refresh", MAIN,
        "reload sandbox.toml, schema, estimate, target status and row counts",
        palette="Refresh", palette_help="Reload sandbox.toml, schema, estimate, status, counts"),
    Key("app", "o", "doctor", "Doctor", ANY, "doctor: checks of the machine and the sandbox",
        palette="Doctor", palette_help="Check the machine and the sandbox"),
    Key("palette", "", "", "", ANY,
        "command palette: every action by name, any table by its name, and the theme "
        "(remembered in .workbench/tui.json)", shown="ctrl+p"),
    Key("app", "question_mark", "help", "Help", ANY, "this help", shown="?",
        palette="Help", palette_help="Keys and screens"),
    Key("app", "q", "quit", "Quit", ANY, "quit (a running generation is cancelled first)"),
    Key("list", "", "", "", DISTRIBUTIONS, "chart the highlighted column", shown="enter"),
    Key("dist", "x", "export", "Export report", DISTRIBUTIONS,
        "append the reviewed columns to distribution-report.md"),
    Key("dist", "escape", "app.pop_screen", "Back", DISTRIBUTIONS, "back to the main screen",
        name="back"),
    Key("dist", "f5", "reload", "Reload"),
    Key("browse", "n,pagedown", "next_page", "Next page", ROWS, "the next page of rows"),
    Key("browse", "p,pageup", "previous_page", "Previous page", ROWS, "the previous page"),
    Key("browse", "escape", "app.pop_screen", "Back", ROWS, "back to the main screen",
        name="back"),
    Key("doctor", "escape", "app.pop_screen", "Back", name="back"),
    Key("doctor", "f5", "rerun", "Run again"),
    Key("edit", "escape", "cancel", "Cancel"),
    Key("edit", "ctrl+s", "save", "Save"),
    Key("help", "escape,question_mark,q", "dismiss", "Close", name="close"),
    Key("error", "escape,enter", "dismiss", "Close", name="close"),
)  # fmt: skip


# The footer's order where it differs from the help screen's (the table's).
FOOTER_ORDER: dict[str, tuple[str, ...]] = {
    "main": (
        "generate",
        "reset",
        "cancel",
        "distribution",
        "edit",
        "browse",
        "filter",
        "sort_estimate",
        "copy_url",
        "toggle_progress",
        "refresh",
    ),
    "app": ("quit", "help", "doctor"),
    "dist": ("app.pop_screen", "export", "reload"),
    "browse": ("app.pop_screen", "next_page", "previous_page"),
}


def _ordered(keys: list[Key], scope: str) -> list[Key]:
    order = FOOTER_ORDER.get(scope)
    return sorted(keys, key=lambda k: order.index(k.action)) if order else keys


def bindings(scope: str) -> list[BindingType]:
    """The BINDINGS of one screen, in the footer's order."""
    keys = _ordered([k for k in KEYS if k.scope == scope and k.keys], scope)
    return [
        Binding(k.keys, k.action, k.label, show=k.footer, id=k.id, key_display=k.shown)
        for k in keys
    ]


def help_rows() -> list[tuple[str, str, str]]:
    """(where, key, does) for the help screen, in the table's order."""
    return [(k.where, k.display, k.does) for k in KEYS if k.where is not None]


def palette(scope: str) -> list[tuple[str, str, str]]:
    """(action, title, help) of the command palette's entries for one screen's actions."""
    keys = _ordered([k for k in KEYS if k.scope == scope and k.palette is not None], scope)
    return [(k.action, k.palette or "", f"{k.palette_help} ({k.first_key})") for k in keys]


def palette_entry(scope: str, action: str) -> tuple[str, str]:
    """(title, help) of one palette entry."""
    for k in KEYS:
        if k.scope == scope and k.action == action and k.palette is not None:
            return k.palette, f"{k.palette_help} ({k.first_key})"
    raise KeyError(action)


def readme_table() -> str:
    """The README's key table (between its `keys:start` and `keys:end` markers)."""
    lines = ["| key | where | does |", "|---|---|---|"]
    for where, key, does in help_rows():
        keys = " / ".join(f"`{part.strip()}`" for part in key.split(" / "))
        place = "anywhere" if where == ANY else where
        lines.append(f"| {keys} | {place} | {does} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(readme_table(), end="")
