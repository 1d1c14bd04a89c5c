"""`e`: edit a table's row count or a column's generator and weights; saved to sandbox.toml.

The estimate is recomputed as you type (in a worker, on a copy of the config); nothing is
written until Save. Each modal dismisses with the new Config, or None when cancelled."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select, Static

from workbench.errors import WorkbenchError
from workbench.screens.error import WorkerErrors, describe
from workbench.screens.keys import bindings
from workbench.units import human_bytes, human_seconds

if TYPE_CHECKING:
    from workbench.engine import Engine

_MODAL_CSS = """
{name} {{ align: center middle; }}
{name} > Vertical {{
    width: 80; max-width: 95%; height: auto; max-height: 90%;
    border: thick $primary; background: $surface; padding: 1 2;
}}
{name} Label {{ margin-top: 1; }}
{name} .edit-live {{ height: auto; margin-top: 1; }}
{name} .edit-error {{ height: auto; color: $error; }}
{name} Horizontal {{ height: auto; margin-top: 1; }}
{name} Button {{ margin-right: 2; }}
"""


def estimate_with_rows(engine: Engine, table: str, rows: int) -> dict[str, Any]:
    """The estimate as it would be with `table` at `rows` (sandbox.toml untouched)."""
    return engine.estimate_with_table_rows(table, rows).to_dict()


def parse_values(text: str) -> dict[str, float] | list[str] | None:
    """`a=0.6, b=0.4` → weights; `a, b, c` → values; empty → None. ValueError when malformed."""
    parts = [p.strip() for p in text.split(",") if p.strip()]
    if not parts:
        return None
    if any("=" in p for p in parts):
        weights: dict[str, float] = {}
        for part in parts:
            key, sep, value = part.partition("=")
            if not sep or not key.strip():
                raise ValueError(f"expected value=weight, got {part!r}")
            weights[key.strip()] = float(value)
        return weights
    return parts


class EditTableModal(WorkerErrors, ModalScreen[Any]):
    BINDINGS: ClassVar[list[BindingType]] = bindings("edit")
    DEFAULT_CSS = _MODAL_CSS.format(name="EditTableModal")

    class EstimateReady(Message):
        def __init__(self, rows: int, estimate: dict[str, Any] | None, problem: str = "") -> None:
            super().__init__()
            self.rows = rows
            self.estimate = estimate
            self.problem = problem

    def __init__(self, engine: Engine, table: str) -> None:
        super().__init__()
        self.engine = engine
        self.table = table

    def _current_rows(self) -> int:
        section = self.engine.config.tables.get(self.table)
        if section is not None and section.rows is not None:
            return int(section.rows)
        return int(self.engine.config.generate.rows)

    def compose(self) -> ComposeResult:
        section = self.engine.config.tables.get(self.table)
        with Vertical():
            yield Static(Text(f"Rows of {self.table}", style="bold"))
            if section is not None and section.children is not None:
                yield Static(
                    Text(
                        f"Now derived from {section.children.parent} "
                        f"({section.children.distribution}); a fixed count replaces that.",
                        style="yellow",
                    )
                )
            yield Label("rows")
            yield Input(str(self._current_rows()), type="integer", id="edit-rows")
            yield Static("", classes="edit-live", id="edit-estimate")
            yield Static("", classes="edit-error", id="edit-error")
            with Horizontal():
                yield Button("Save", variant="primary", id="edit-save")
                yield Button("Cancel", id="edit-cancel")

    def on_mount(self) -> None:
        self.query_one(Input).focus()
        self.recompute(self._current_rows())

    @on(Input.Changed, "#edit-rows")
    def _rows_changed(self, event: Input.Changed) -> None:
        try:
            rows = int(event.value)
        except ValueError:
            self.query_one("#edit-estimate", Static).update(Text("a whole number ≥ 0", "dim"))
            return
        if rows >= 0:
            self.recompute(rows)

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
        target = self.query_one("#edit-estimate", Static)
        if message.estimate is None:
            target.update(Text(f"estimate unavailable: {message.problem}", style="dim"))
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

    @on(Button.Pressed, "#edit-save")
    def action_save(self) -> None:
        try:
            rows = int(self.query_one(Input).value)
            if rows < 0:
                raise ValueError
        except ValueError:
            self.query_one("#edit-error", Static).update("rows: a whole number ≥ 0")
            return
        try:
            config = self.engine.set_table_rows(self.table, rows)
        except WorkbenchError as err:
            self.query_one("#edit-error", Static).update(str(err))
            return
        self.dismiss(config)

    @on(Button.Pressed, "#edit-cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)


class EditColumnModal(ModalScreen[Any]):
    BINDINGS: ClassVar[list[BindingType]] = bindings("edit")
    DEFAULT_CSS = _MODAL_CSS.format(name="EditColumnModal")

    def __init__(self, engine: Engine, table: str, column: str) -> None:
        super().__init__()
        self.engine = engine
        self.table = table
        self.column = column

    def compose(self) -> ComposeResult:
        generators = self.engine.generators()
        override = self.engine.config.table(self.table).columns.get(self.column)
        values = ""
        if override is not None and override.values is not None:
            if isinstance(override.values, dict):
                values = ", ".join(f"{k}={v:g}" for k, v in override.values.items())
            else:
                values = ", ".join(str(v) for v in override.values)
        nulls = (
            ""
            if override is None or override.null_fraction is None
            else str(override.null_fraction)
        )
        generator = override.generator if override is not None else None
        options = [(name, name) for name in generators]
        with Vertical():
            yield Static(Text(f"Generator of {self.table}.{self.column}", style="bold"))
            yield Label("generator (blank: inferred)")
            yield Select(
                options,
                value=generator if generator in generators else Select.NULL,
                allow_blank=True,
                id="edit-generator",
            )
            yield Label("values or weights: a, b, c  or  a=0.7, b=0.3")
            yield Input(values, id="edit-values")
            yield Label("null fraction (0..1, blank: default)")
            yield Input(nulls, id="edit-nulls")
            yield Static("", classes="edit-live", id="edit-summary")
            yield Static("", classes="edit-error", id="edit-error")
            with Horizontal():
                yield Button("Save", variant="primary", id="edit-save")
                yield Button("Clear override", id="edit-clear")
                yield Button("Cancel", id="edit-cancel")

    def on_mount(self) -> None:
        self.query_one("#edit-values", Input).focus()
        self._summarise()

    def _override(self) -> dict[str, Any]:
        """The override the form describes; ValueError with a message when malformed."""
        out: dict[str, Any] = {}
        generator = self.query_one(Select).value
        if isinstance(generator, str):
            out["generator"] = generator
        values = parse_values(self.query_one("#edit-values", Input).value)
        if values is not None:
            out["values"] = values
        nulls = self.query_one("#edit-nulls", Input).value.strip()
        if nulls:
            fraction = float(nulls)
            if not 0 <= fraction <= 1:
                raise ValueError("null fraction: a number between 0 and 1")
            out["null_fraction"] = fraction
        return out

    @on(Input.Changed)
    @on(Select.Changed)
    def _summarise(self) -> None:
        summary = self.query_one("#edit-summary", Static)
        error = self.query_one("#edit-error", Static)
        try:
            override = self._override()
        except ValueError as err:
            error.update(str(err))
            return
        error.update("")
        values = override.get("values")
        text = Text()
        if isinstance(values, dict):
            total = sum(values.values()) or 1.0
            for key, weight in values.items():
                share = weight / total
                text.append(f"{key:>14} ", "bold")
                text.append("█" * round(share * 40), "green")
                text.append(f" {100 * share:.1f} %\n")
        elif isinstance(values, list):
            text.append(f"{len(values)} values, drawn with a Zipf-like skew\n", "dim")
        text.append("sandbox.toml will hold: ", "dim")
        text.append(repr(override) if override else "(no override: inferred)", "cyan")
        summary.update(text)

    def _save(self, override: dict[str, Any]) -> None:
        try:
            config = self.engine.set_column_override(self.table, self.column, override)
        except WorkbenchError as err:
            self.query_one("#edit-error", Static).update(str(err))
            return
        self.dismiss(config)

    @on(Button.Pressed, "#edit-save")
    def action_save(self) -> None:
        try:
            override = self._override()
        except ValueError as err:
            self.query_one("#edit-error", Static).update(str(err))
            return
        self._save(override)

    @on(Button.Pressed, "#edit-clear")
    def _clear(self) -> None:
        self._save({})

    @on(Button.Pressed, "#edit-cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
