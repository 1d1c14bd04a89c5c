"""The one table of the TUI's keys (a plain letter moves, shows or opens a screen, or asks
first; what creates, drops or writes takes ctrl: a word typed by mistake starts nothing):
each screen's BINDINGS, the help screen, the command palette
and the key tables of README.md and docs/tui.md are all produced from it (tests/unit/
test_keys.py checks the documents).

`python -m workbench.screens.keys` prints the README table.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.binding import Binding, BindingType

# Where a key works, as the help screen and the README name it.
MAIN, ANY, DISTRIBUTIONS, ROWS, RUNS, SQL = "main", "any", "distributions", "rows", "runs", "SQL"
LISTS = "lists and trees"
_SHOWN = {
    "escape": "esc", "question_mark": "?", "f5": "F5", "slash": "/", "left": "←", "right": "→",
    "pagedown": "PgDn", "pageup": "PgUp", "f1": "F1", "colon": ":", "f9": "F9",
    "ctrl+up": "ctrl+↑", "ctrl+down": "ctrl+↓", "exclamation_mark": "!",
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
    Key("vim", "", "", "", LISTS,
        "down, up, first line, last line, close or go up (trees), open (trees), "
        "half a page down, half a page up", shown="j / k / g / G / h / l / ctrl+d / ctrl+u"),
    Key("vim", "j", "cursor_down", "Down", footer=False),
    Key("vim", "k", "cursor_up", "Up", footer=False),
    Key("vim", "g", "vim_top", "First", footer=False),
    Key("vim", "G", "vim_bottom", "Last", footer=False),
    Key("vim", "h", "vim_left", "Close", footer=False),
    Key("vim", "l", "vim_right", "Open", footer=False),
    Key("vim", "ctrl+d", "vim_half_down", "Half page down", footer=False),
    Key("vim", "ctrl+u", "vim_half_up", "Half page up", footer=False),
    Key("main", "slash", "filter", "Filter", MAIN,
        "filter the tree: type part of a table or column name; enter keeps it and goes to the "
        "first match, esc clears it",
        palette="Filter the tree", palette_help="Show only tables or columns matching a name"),
    Key("tree", "escape", "clear_filter", "Clear filter", footer=False),
    Key("filter", "escape", "clear", "Clear filter"),
    Key("filter", "down", "keep", "Keep filter"),
    Key("main", "ctrl+g", "generate", "Generate", MAIN,
        "generate: create the tables and fill them (progress on the right); asks first when "
        "the sandbox holds changes it would replace",
        palette="Generate", palette_help="Create the tables and fill them with synthetic data"),
    Key("main", "c,escape", "cancel", "Cancel", MAIN,
        "cancel the running generate or reset, after a question (stops between batches)",
        palette="Cancel", palette_help="Stop the running generate or reset cleanly"),
    Key("main", "ctrl+r", "reset", "Reset", MAIN,
        "reset the sandbox to its snapshot; asks first when it holds changes the snapshot "
        "does not", palette="Reset", palette_help="Put the sandbox back to its generated state"),
    Key("main", "u", "undo", "Undo", MAIN,
        "undo the last reset or generate: bring back the database it replaced (the current "
        "one takes its place, so u again swaps back)",
        palette="Undo the last reset or generate",
        palette_help="Bring back the database it replaced", footer=False),
    Key("main", "e", "edit", "Edit", MAIN,
        "edit the selected table's rows or column's generator, saved to sandbox.toml",
        palette="Edit", palette_help="Change a table's rows or a column's generator"),
    Key("main", "d", "distribution", "Distributions", MAIN,
        "distributions: planned vs actual values of a column",
        palette="Distributions", palette_help="Planned vs actual values of a column"),
    Key("main", "p", "toggle_progress", "Progress/details", MAIN,
        "switch the right-hand pane between details and progress", name="progress",
        palette="Progress / details", palette_help="Switch the right-hand pane"),
    Key("main", "", "", "", MAIN,
        "focus the schema tree, the estimate, the details or progress pane (tab moves on)",
        shown="1 / 2 / 3"),
    Key("main", "1", "focus_pane('schema-tree')", "Tree", footer=False, name="focus_tree"),
    Key("main", "2", "focus_pane('estimate-table')", "Estimate", footer=False,
        name="focus_estimate"),
    Key("main", "3", "focus_pane('side')", "Details", footer=False, name="focus_side"),
    Key("main", "s", "sort_estimate", "Sort", MAIN,
        "sort the estimate by rows, then bytes, then time, then back to schema order",
        palette="Sort the estimate", palette_help="By rows, bytes or time", footer=False),
    Key("main", "b", "browse", "Rows", MAIN,
        "browse the selected table's rows, a page at a time (personal columns marked)",
        palette="Browse rows", palette_help="The selected table's first rows, paged"),
    Key("main", "y", "copy_url", "Copy URL", MAIN,
        "copy the sandbox URL (as `workbench env` prints it, never a password) through the "
        "terminal's clipboard (OSC 52); says so when it cannot",
        palette="Copy the sandbox URL", palette_help="To the clipboard, without a password",
        footer=False),
    Key("main", "exclamation_mark", "last_error", "Last error", MAIN,
        "show the last error again, whole (a failed generate's or reset's included)",
        palette="Show the last error", palette_help="The whole message of the last failure",
        footer=False),
    Key("main", "f5", "refresh", "Refresh", MAIN,
        "reload sandbox.toml, schema, estimate, target status and row counts",
        palette="Refresh", palette_help="Reload sandbox.toml, schema, estimate, status, counts"),
    Key("app", "o", "doctor", "Doctor", ANY, "doctor: checks of the machine and the sandbox",
        palette="Doctor", palette_help="Check the machine and the sandbox"),
    Key("app", "m", "rehearse", "Rehearse", ANY,
        "rehearse a migration on a throwaway clone: time, locks, rewrites and findings per "
        "statement; with queries, their plans before and after",
        palette="Rehearse a migration",
        palette_help="Measure a migration on a throwaway clone of the snapshot", footer=False),
    Key("app", "r", "runs", "Runs", ANY,
        "runs: the sandbox's isolated clones (docs/runs.md) and the recovery figures; start, "
        "reset, end, copy a URL, reclaim what expired or leaked",
        palette="Runs", palette_help="Isolated clones of the snapshot, and the recovery figures",
        footer=False),
    Key("app", "colon", "sql", "SQL", ANY,
        "SQL prompt: read-only queries as the sandbox's read-only role, with history, sort, "
        "copy and CSV", palette="SQL prompt",
        palette_help="Query the sandbox read-only, results in a table", footer=False),
    Key("words", "", "", "", ANY,
        "a word typed with no filter open goes to the screen's filter: a letter bound to an "
        "action waits 0.4 s for the next key and acts only if none follows; where a screen "
        "has no filter the word is dropped with a hint", shown="a word"),
    Key("palette", "", "", "", ANY,
        "command palette: every action by name, any table by its name, and the theme "
        "(remembered in .workbench/tui.json)", shown="ctrl+p"),
    Key("app", "f1,question_mark", "help", "Help", ANY,
        "this help: the focused pane's keys first", shown="F1 / ?",
        palette="Help", palette_help="Keys and screens"),
    Key("app", "q", "quit", "Quit", ANY,
        "quit (asks first while a generate or reset runs: quitting cancels it)"),
    Key("list", "", "", "", DISTRIBUTIONS, "chart the highlighted column", shown="enter"),
    Key("dist", "slash", "filter", "Filter", DISTRIBUTIONS,
        "filter the column list by table or column name; esc clears it"),
    Key("dist", "tab", "app.focus_next", "List/chart", footer=False, name="focus"),
    Key("chart", "left,h", "previous_bar", "Previous bar", DISTRIBUTIONS,
        "in the chart: select the previous bar", shown="← / h"),
    Key("chart", "right,l", "next_bar", "Next bar", DISTRIBUTIONS,
        "in the chart: select the next bar", shown="→ / l"),
    Key("chart", "enter", "open_bar", "Rows", DISTRIBUTIONS,
        "in the chart: open the selected bar's rows in the row browser"),
    Key("dist", "t", "time_series", "Time series", DISTRIBUTIONS,
        "a date or time column's rows per day, week or month (again: back to the review)"),
    Key("dist", "v", "relate", "Versus", DISTRIBUTIONS,
        "the charted column against the highlighted one of the same table: a scatter or a "
        "heat map (again: back)"),
    Key("dist", "c", "currency", "Currency", DISTRIBUTIONS,
        "an amount in several currencies: one currency at a time, then all"),
    Key("dist", "ctrl+s", "export", "Export report", DISTRIBUTIONS,
        "append the reviewed columns to distribution-report.md"),
    Key("dist", "escape", "app.pop_screen", "Back", DISTRIBUTIONS, "back to the main screen",
        name="back"),
    Key("dist", "f5", "reload", "Reload"),
    Key("browse", "slash", "filter", "Find", ROWS,
        "keep the rows holding a text (any column, any case); esc clears it"),
    Key("browse", "n,pagedown", "next_page", "Next page", ROWS, "the next page of rows"),
    Key("browse", "p,pageup", "previous_page", "Previous page", ROWS, "the previous page"),
    Key("browse", "escape", "app.pop_screen", "Back", ROWS, "back to the main screen",
        name="back"),
    Key("runs", "ctrl+n", "new_run", "New run", RUNS,
        "start a run: a clone of the snapshot with its own roles, passfiles and lease"),
    Key("runs", "x", "end_run", "End", RUNS,
        "end the highlighted run (asks first): its database, roles and lease are dropped"),
    Key("runs", "ctrl+r", "reset_run", "Reset", RUNS,
        "reset the highlighted run to the snapshot (asks first); its URL stays"),
    Key("runs", "y", "copy_url", "Copy URL", RUNS,
        "copy the highlighted run's URL (never a password) through the terminal's clipboard"),
    Key("runs", "ctrl+k", "gc", "Reclaim", RUNS, "reclaim expired and leaked runs (`run gc`)"),
    Key("runs", "escape", "app.pop_screen", "Back", RUNS, "back to the main screen",
        name="back"),
    Key("runs", "f5", "reload", "Reload"),
    Key("sql", "ctrl+j,f9", "run", "Run", SQL,
        "run the statement (one; SELECT, WITH, VALUES, TABLE, SHOW, EXPLAIN), read-only, "
        "rolled back, under a timeout and a row cap", shown="ctrl+j / F9"),
    Key("sql", "ctrl+up", "history_previous", "Earlier", SQL,
        "the statement run before (history kept in .workbench/sql-history.json)",
        footer=False),
    Key("sql", "ctrl+down", "history_next", "Later", SQL, "the statement run after",
        footer=False),
    Key("sql", "s", "sort", "Sort", SQL,
        "in the results: sort by the cursor's column (again: the other way)"),
    Key("sql", "y", "copy_cell", "Copy", SQL,
        "in the results: copy the cursor's value (OSC 52; says when it cannot)"),
    Key("sql", "ctrl+s", "export", "CSV", SQL, "write the results to query-<time>.csv"),
    Key("sql", "escape", "app.pop_screen", "Back", SQL,
        "back (the statement and its results are kept for next time)", name="back"),
    Key("doctor", "escape", "app.pop_screen", "Back", name="back"),
    Key("rehearse", "escape", "app.pop_screen", "Back", name="back"),
    Key("rehearse", "f5", "run", "Run again"),
    Key("doctor", "f5", "rerun", "Run again"),
    Key("edit", "escape", "cancel", "Cancel"),
    Key("edit", "ctrl+s", "save", "Save"),
    Key("help", "escape,question_mark,q,f1", "dismiss", "Close", name="close"),
    Key("error", "escape,enter", "dismiss", "Close", name="close"),
    Key("confirm", "escape,n", "keep", "Keep", name="keep"),
    Key("confirm", "y", "go", "Go ahead", name="go"),
)  # fmt: skip


# The keys that move (a letter among them is never taken as the start of a word typed into a
# list: widgets/find_line.py).
MOVES = frozenset(key for k in KEYS if k.scope == "vim" and k.keys for key in k.keys.split(","))

# The footer's order where it differs from the help screen's (the table's).
FOOTER_ORDER: dict[str, tuple[str, ...]] = {
    "main": (
        "generate",
        "reset",
        "cancel",
        "undo",
        "distribution",
        "edit",
        "browse",
        "filter",
        "sort_estimate",
        "copy_url",
        "toggle_progress",
        "focus_pane('schema-tree')",
        "focus_pane('estimate-table')",
        "focus_pane('side')",
        "last_error",
        "refresh",
    ),
    "app": ("quit", "help", "doctor", "rehearse", "runs", "sql"),
    "runs": ("app.pop_screen", "new_run", "end_run", "reset_run", "copy_url", "gc", "reload"),
    "dist": (
        "app.pop_screen",
        "filter",
        "app.focus_next",
        "time_series",
        "relate",
        "currency",
        "export",
        "reload",
    ),
    "browse": ("app.pop_screen", "filter", "next_page", "previous_page"),
    "rehearse": ("app.pop_screen", "run"),
    "sql": (
        "app.pop_screen",
        "run",
        "history_previous",
        "history_next",
        "sort",
        "copy_cell",
        "export",
    ),
}


def _ordered(keys: list[Key], scope: str) -> list[Key]:
    order = FOOTER_ORDER.get(scope)
    return sorted(keys, key=lambda k: order.index(k.action)) if order else keys


def keys_of(scope: str, action: str) -> tuple[str, ...]:
    """The keys bound to `action` in `scope` ("slash", …)."""
    return tuple(
        key for k in KEYS if k.scope == scope and k.action == action for key in k.keys.split(",")
    )


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
