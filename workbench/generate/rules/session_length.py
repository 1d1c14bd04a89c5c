"""A thing booked as a block of time lasts what such blocks last, and a length measured on one
of its runs stays within it.

Stated length: a table's number naming the usual or planned length of its thing in a unit
of time (rules/nominal.minutes_per_unit: `duration_minutes`, `typical_duration`,
`planned_hours`) on a table with no start and end of its own whose children take place in a
window of theirs (kinds/windows.py: a room's games, a class type's classes, a tour's
departures; not a viewing's own minutes, which other rules measure) is the length a block
of people's time is booked for: 45 minutes to two
hours, on a quarter hour, an hour or an hour and a half most often; in the column's unit.

Measured within it: a child's number in a unit of time (a last word `seconds`, `minutes`,
`hours`: `escape_time_seconds`, `solve_minutes`; not a stated length of its own) under a
parent with a stated length (a game's run of its room, a sitting of its treatment) is how
long something took within that run: a quarter of the parent's length up to all of it,
most often near two thirds. Read from the names' unit words and the keys; no table named;
within what the column's type holds and above zero."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.kinds.windows import window_of
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.generate.rules.nominal import minutes_per_unit, nominal_of

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView
    from workbench.schema.model import Schema, Table

_NUMBERS = ("int", "decimal", "float")
# a block of people's time booked: minutes, and how often each is chosen
BLOCKS = np.array([45, 60, 75, 90, 105, 120], dtype=np.float64)
BLOCK_WEIGHTS = np.array([0.15, 0.35, 0.1, 0.25, 0.05, 0.1])
# a time unit as a name's last word, in minutes (a measure's own unit, not a plan's)
UNITS = {"seconds": 1 / 60, "second": 1 / 60, "secs": 1 / 60, "sec": 1 / 60,
         "minutes": 1.0, "minute": 1.0, "mins": 1.0, "min": 1.0,
         "hours": 60.0, "hour": 60.0, "hrs": 60.0}  # fmt: skip
SHARE = (0.25, 1.0)  # a measure within its parent's length, as a share of it


def _measure_unit(name: str) -> float | None:
    """Minutes in one unit of a number named as a length of time (`escape_time_seconds`)."""
    words = normalise(name).split("_")
    return UNITS.get(words[-1]) if len(words) > 1 else None


def has_runs(schema: Schema, table: Table, config: Any) -> bool:
    """Whether a table's rows are run as children that take place in a window of their own
    (a room's games, a tour's departures, a sale's sessions)."""
    for child in schema.tables.values():
        if child is table or not any(
            len(fk.columns) == 1 and fk.ref_qualified == table.qualified
            for fk in child.foreign_keys
        ):
            continue
        window = window_of(schema, child, config)
        if window is not None and not window.validity:
            return True
    return False


def _runs_below(view: TableView) -> bool:
    """Whether the table's rows have runs below them and no window of their own: the stated
    length is a template, not a measure of the row."""
    own = window_of(view.schema, view.table, view.config)
    if own is not None and not own.validity:
        return False
    return has_runs(view.schema, view.table, view.config)


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    out = []
    own = nominal_of(view.table)
    stated = (
        own is not None
        and own in view.specs
        and view.specs[own].kind in _NUMBERS
        and free(view, own)
        and _runs_below(view)
    )
    if stated and own is not None:
        unit = minutes_per_unit(own) or 1.0
        data: dict[str, Any] = {"unit": unit}
        out.append(Rule("stated_length", [own], f"{own} a booked block of time, 45-120 min", data))
    for fk in view.table.foreign_keys:
        parent = view.schema.tables.get(fk.ref_qualified)
        column = nominal_of(parent) if parent is not None else None
        if len(fk.columns) != 1 or parent is None or column is None or parent is view.table:
            continue
        measures = {
            name: per
            for name, spec in view.specs.items()
            if spec.kind in _NUMBERS
            and name != own
            and free(view, name)
            and (per := _measure_unit(name)) is not None
        }
        if measures:
            data = {"fk": fk.columns[0], "parent": parent.qualified, "column": column,
                    "unit": minutes_per_unit(column) or 1.0, "measures": measures}  # fmt: skip
            detail = f"{', '.join(measures)} within {fk.ref_table}.{column} ({fk.columns[0]})"
            out.append(Rule("measured_within", list(measures), detail, data))
            break
    return out


def _store(view: TableView, batch: Batch, name: str, minutes: np.ndarray, rows: np.ndarray,
           unit: float) -> None:  # fmt: skip
    col = batch.get(name)
    if col is None:
        return
    value = minutes / unit
    if col.kind == "int":
        value = np.maximum(np.floor(value), 1)
    bounds = view.specs[name].info.bounds()
    if bounds is not None:  # within what the type holds
        value = np.clip(value, *bounds)
    rows = rows[~col.nulls[rows]]
    col.values[rows] = value[rows].astype(col.values.dtype)


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    rng = row_rng(view, rule, idx)
    if rule.kind == "stated_length":
        minutes = rng.choice(BLOCKS, idx.size, p=BLOCK_WEIGHTS)
        _store(view, batch, rule.columns[0], minutes, np.arange(idx.size), rule.data["unit"])
        return
    d = rule.data
    rows, nulls = view.parent_rows(d["fk"])
    stored = view.keys.tables.get(d["parent"], {}).get(d["column"])
    if rows is None or stored is None:
        return
    length = np.asarray(stored.values[rows], dtype=np.float64) * d["unit"]
    ok = ~nulls & ~stored.nulls[rows] & (length > 0)
    share = np.clip(rng.triangular(SHARE[0], 0.7, SHARE[1], idx.size), *SHARE)
    for name, unit in d["measures"].items():
        _store(view, batch, name, length * share, np.flatnonzero(ok), unit)


RULE = RowRule(
    "session_length",
    "a booked block of time lasts 45 minutes to two hours; a measure of a run stays within it",
    _plan,
    _apply,
    phases={"stated_length": Phase.ROW, "measured_within": Phase.FINAL},
    after=("reach",),
    before=("nominal",),  # the children's spans follow the stated length
)
