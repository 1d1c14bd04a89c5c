"""`e`: edit a table's row count or a column's generator, values and weights; saved to
sandbox.toml.

The screens only show: reading the form, checking the values against the column (its type,
an enum's labels, its CHECKs) and the round-trip write live in the engine (config_form,
config_edit, generate.value_domain), as the CLI uses them. As you type, a worker asks the
engine what Save would write (the TOML lines) and whether it would be refused; nothing is
written until Save. Each modal dismisses with the new Config, or None when cancelled.

Both fit an 80×24 terminal: below 34 rows the fields and buttons lose their borders
(Textual's compact style) and the preview scrolls; on a large terminal the dialog widens."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select, Static

from workbench.edit.form import (
    FormError,
    form_changes,
    form_text,
    ignored_note,
    weights_note,
)
from workbench.edit.toml import Edit, EditPreview
from workbench.errors import WorkbenchError
from workbench.printable import printable
from workbench.screens.early_keys import TakesEarlyKeys
from workbench.screens.error import WorkerErrors, describe
from workbench.screens.keys import bindings
from workbench.units import human_bytes, human_seconds
from workbench.widgets.safe_text import plain

if TYPE_CHECKING:
    from workbench.engine import Engine

# Terminals shorter than this get compact fields (no borders) so the buttons stay on screen.
COMPACT_BELOW_ROWS = 34

_MODAL_CSS = """
{name} {{ align: center middle; }}
{name} > #edit-box {{
    width: 84; max-width: 100%; height: auto; max-height: 100%;
    border: thick $primary; background: $surface; padding: 0 1;
    scrollbar-size-vertical: 1;
}}
{name}.-wide > #edit-box {{ width: 120; max-height: 90%; padding: 1 2; }}
{name} .edit-title {{ text-style: bold; }}
{name} #edit-fields {{ height: auto; }}
{name} .edit-domain {{ color: $text-muted; }}
{name} #edit-foot {{ dock: bottom; height: auto; background: $surface; }}
{name} .edit-row {{ height: auto; }}
{name} .edit-row > Label {{ width: 18; padding-top: 1; }}
{name}.-compact .edit-row > Label {{ padding-top: 0; }}
{name} .edit-row > Input, {name} .edit-row > Select {{ width: 1fr; }}
{name} .edit-live {{ height: auto; margin-top: 1; }}
{name} .edit-error {{ height: auto; color: $error; }}
{name} .edit-note {{ height: auto; color: $warning; }}
{name} #edit-buttons {{ height: auto; margin-top: 1; }}
{name}.-compact #edit-buttons {{ margin-top: 0; }}
{name} Button {{ margin-right: 2; }}
"""


def estimate_with_rows(engine: Engine, table: str, rows: int) -> dict[str, Any]:
    """The estimate as it would be with `table` at `rows` (sandbox.toml untouched)."""
    return engine.estimate_with_table_rows(table, rows).to_dict()


def toml_text(toml: str) -> Text:
    """The TOML an edit writes, as the preview shows it: sections bold, removals dim."""
    text = Text()
    if toml:
        text.append("Save writes to sandbox.toml:\n", "dim")
    for line in map(printable, toml.splitlines()):
        if line.startswith("# removed: "):
            text.append(line + "\n", "dim strike")
        elif line.lstrip().startswith("["):
            text.append(line + "\n", "bold")
        else:
            text.append(line + "\n", "cyan")
    return text


class _EditModal(TakesEarlyKeys, WorkerErrors, ModalScreen[Any]):
    """What both edit dialogs share: the size-dependent layout, the TOML preview worker,
    Save and Cancel."""

    BINDINGS: ClassVar[list[BindingType]] = bindings("edit")

    class PreviewReady(Message):
        def __init__(self, edit: Edit, preview: EditPreview) -> None:
            super().__init__()
            self.edit = edit
            self.preview = preview

    def __init__(self, engine: Engine, table: str) -> None:
        super().__init__()
        self.engine = engine
        self.table = table
        self.problem: str | None = None  # why Save would be refused, as last checked
        self._checking: Edit | None = None  # the edit the preview worker was last given

    def on_mount(self) -> None:
        self._fit(self.app.size.width, self.app.size.height)
        self.call_after_refresh(self.deliver_early)  # focuses the first field

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size.width, event.size.height)

    def _fit(self, width: int, height: int) -> None:
        compact = height < COMPACT_BELOW_ROWS
        self.set_class(compact, "-compact")
        self.set_class(width >= 160 and height >= 40, "-wide")
        for widget in self.query("Input, Select, Button"):
            widget.compact = compact  # type: ignore[attr-defined]

    def foot(self, *extra: tuple[str, str]) -> ComposeResult:
        """The error line and the buttons, docked: on screen however long the rest grows."""
        with Vertical(id="edit-foot"):
            yield Static("", classes="edit-error", id="edit-error")
            with Horizontal(id="edit-buttons"):
                yield Button("Save", variant="primary", id="edit-save")
                for label, ident in extra:
                    yield Button(label, id=ident)
                yield Button("Cancel", id="edit-cancel")

    def show_error(self, message: str) -> None:
        self.query_one("#edit-error", Static).update(plain(message, multiline=True))

    def check_edit(self, edit: Edit | None) -> None:
        """Preview `edit` in a worker (None: the form cannot be read; drop older previews)."""
        self._checking = edit
        if edit is not None:
            self._preview(edit)

    @work(thread=True, exclusive=True, exit_on_error=False, group="edit-preview")
    def _preview(self, edit: Edit) -> None:
        self.post_message(self.PreviewReady(edit, self.engine.preview_edit(edit)))

    @on(PreviewReady)
    def _preview_ready(self, message: PreviewReady) -> None:
        if message.edit is not self._checking:
            return  # the form changed since
        self.problem = message.preview.problem
        self.query_one("#edit-toml", Static).update(toml_text(message.preview.toml))
        self.show_error(self.problem or "")

    def save(self, edit: Edit) -> None:
        """Check, then write; a refusal is shown as a sentence and nothing is written."""
        preview = self.engine.preview_edit(edit)
        if preview.problem is not None:
            self.show_error(preview.problem)
            return
        try:
            config = self.engine.save_edit(edit)
        except WorkbenchError as err:
            self.show_error(describe(err, self.engine.redact)[1])
            return
        self.dismiss(config)

    @on(Button.Pressed, "#edit-save")
    def _save_pressed(self) -> None:
        self.action_save()

    def action_save(self) -> None:
        raise NotImplementedError

    @on(Button.Pressed, "#edit-cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)


class EditTableModal(_EditModal):
    DEFAULT_CSS = _MODAL_CSS.format(name="EditTableModal")

    class EstimateReady(Message):
        def __init__(self, rows: int, estimate: dict[str, Any] | None, problem: str = "") -> None:
            super().__init__()
            self.rows = rows
            self.estimate = estimate
            self.problem = problem

    def _current_rows(self) -> int:
        section = self.engine.config.tables.get(self.table)
        if section is not None and section.rows is not None:
            return int(section.rows)
        return int(self.engine.config.generate.rows)

    def compose(self) -> ComposeResult:
        section = self.engine.config.tables.get(self.table)
        with VerticalScroll(id="edit-box"):
            yield Static(plain(f"Rows of {self.table}"), classes="edit-title")
            if section is not None and section.children is not None:
                yield Static(
                    plain(
                        f"Now derived from {section.children.parent} "
                        f"({section.children.distribution}); a fixed count replaces that.",
                        style="yellow",
                    )
                )
            with Vertical(id="edit-fields"):
                with Horizontal(classes="edit-row"):
                    yield Label("rows")
                    # text, not type="integer": that one drops what it refuses without a word
                    # ("5000.5" became 50,005, "1e308" 1,308); _rows() says what is wrong
                    yield Input(str(self._current_rows()), id="edit-rows")
                yield Static("", classes="edit-live", id="edit-estimate")
                yield Static("", classes="edit-live", id="edit-toml")
            yield from self.foot()

    def on_mount(self) -> None:
        super().on_mount()  # focuses the rows field once it is there (deliver_early)
        self.recompute(self._current_rows())

    def _rows(self) -> int | None:
        """The typed count: digits, with , or _ between thousands allowed; None otherwise."""
        typed = self.query_one(Input).value.strip().replace(",", "").replace("_", "")
        if not typed.isdigit() or not typed.isascii():
            return None
        return int(typed)

    @on(Input.Changed, "#edit-rows")
    def _rows_changed(self, event: Input.Changed) -> None:
        rows = self._rows()
        if rows is None:
            typed = event.value.strip()
            said = f"{typed!r} is not a whole number ≥ 0" if typed else "a whole number ≥ 0"
            self.query_one("#edit-estimate", Static).update(plain(said, "yellow"))
            self.check_edit(None)
            return
        self.recompute(rows)
        self.check_edit(Edit(self.table, rows=rows))

    @work(thread=True, exclusive=True, exit_on_error=False, group="edit-estimate")
    def recompute(self, rows: int) -> None:
        try:
            est = estimate_with_rows(self.engine, self.table, rows)
        except Exception as err:  # typing goes on; the line says why there is no estimate
            self.post_message(self.EstimateReady(rows, None, describe(err)[1]))
            return
        self.post_message(self.EstimateReady(rows, est))

    @on(EstimateReady)
    def _estimate_ready(self, message: EstimateReady) -> None:
        if message.rows != self._rows():
            return  # an earlier keystroke's figure, finished after a later one's started
        target = self.query_one("#edit-estimate", Static)
        if message.estimate is None:
            target.update(plain(f"estimate unavailable: {message.problem}", "dim", multiline=True))
            return
        mine = next((t for t in message.estimate["tables"] if t["name"] == self.table), None)
        total = message.estimate["total"]
        text = Text()
        if mine is not None:
            text.append("this table  ", "dim")
            text.append(
                f"{mine['rows']:,} rows · {human_bytes(mine['bytes'])} · "
                f"{human_seconds(mine['seconds'])}\n",
                "bold",
            )
        text.append("all tables  ", "dim")
        text.append(
            f"{total['rows']:,} rows · {human_bytes(total['bytes'])} · "
            f"{human_seconds(total['seconds'])}",
            "bold cyan",
        )
        target.update(text)

    def action_save(self) -> None:
        rows = self._rows()
        if rows is None:
            self.show_error("The row count is a whole number ≥ 0, such as 5000.")
            return
        self.save(Edit(self.table, rows=rows))


class EditColumnModal(_EditModal):
    DEFAULT_CSS = _MODAL_CSS.format(name="EditColumnModal")

    def __init__(self, engine: Engine, table: str, column: str) -> None:
        super().__init__(engine, table)
        self.column = column
        self.kind = engine.column_kind(table, column)

    def compose(self) -> ComposeResult:
        generators = self.engine.generators()
        override = self.engine.config.table(self.table).columns.get(self.column)
        generator = override.generator if override is not None else None
        with VerticalScroll(id="edit-box"):
            yield Static(plain(f"Generator of {self.table}.{self.column}"), classes="edit-title")
            yield Static(
                plain(self.engine.column_domain(self.table, self.column)), classes="edit-domain"
            )
            with Vertical(id="edit-fields"):
                with Horizontal(classes="edit-row"):
                    yield Label("generator")
                    yield Select(
                        [(name, name) for name in generators],
                        value=generator if generator in generators else Select.NULL,
                        allow_blank=True,
                        prompt="inferred",
                        id="edit-generator",
                    )
                yield from self._field("values", "edit-values", override, "a, b  or  a=0.7, b=0.3")
                yield from self._field("range", "edit-range", override, "low, high")
                yield from self._field("null fraction", "edit-nulls", override, "0..1")
                yield Static("", classes="edit-live", id="edit-summary")
                yield Static("", classes="edit-note", id="edit-note")
                yield Static("", classes="edit-live", id="edit-toml")
            yield from self.foot(("Clear override", "edit-clear"))

    def _field(self, label: str, ident: str, override: Any, hint: str) -> ComposeResult:
        key = {"edit-values": "values", "edit-range": "range", "edit-nulls": "null_fraction"}
        value = getattr(override, key[ident], None) if override is not None else None
        with Horizontal(classes="edit-row"):
            yield Label(label)
            yield Input(form_text(value), placeholder=hint, id=ident)

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#edit-values", Input).focus()
        self._form_changed()

    def _edit(self) -> Edit:
        """The edit the form describes; FormError with a sentence when a field is unreadable."""
        generator = self.query_one(Select).value
        changes = form_changes(
            generator if isinstance(generator, str) else None,
            self.query_one("#edit-values", Input).value,
            self.query_one("#edit-range", Input).value,
            self.query_one("#edit-nulls", Input).value,
            self.kind,
        )
        return Edit(self.table, column=self.column, changes=changes)

    @on(Input.Changed)
    @on(Select.Changed)
    def _form_changed(self) -> None:
        try:
            edit = self._edit()
        except FormError as err:
            self.problem = str(err)
            self.check_edit(None)
            self.show_error(str(err))
            # No preview while a field cannot be read: an older one would claim a change
            # (even a removal) that Save would not make.
            self.query_one("#edit-toml", Static).update(
                Text("nothing to save while a field cannot be read", "dim")
            )
            return
        self.show_error("")
        self._summarise(edit.changes)
        self.check_edit(edit)

    def _summarise(self, changes: dict[str, Any]) -> None:
        values = changes.get("values")
        text = Text()
        note = ignored_note(changes)
        if isinstance(values, dict):
            total = sum(values.values())
            for key, weight in values.items():
                share = weight / total
                text.append(f"{printable(key):>14} ", "bold")
                text.append("█" * round(share * 30), "green")
                text.append(f" {weight:g} → {100 * share:.1f} %\n")
            note = note or weights_note(values)
        elif isinstance(values, list):
            text.append(f"{len(values)} values, drawn with a Zipf-like skew", "dim")
        self.query_one("#edit-summary", Static).update(text)
        self.query_one("#edit-note", Static).update(plain(note or "", multiline=True))

    def action_save(self) -> None:
        try:
            edit = self._edit()
        except FormError as err:
            self.show_error(str(err))
            return
        self.save(edit)

    @on(Button.Pressed, "#edit-clear")
    def _clear(self) -> None:
        self.save(Edit(self.table, column=self.column, clear=True))
