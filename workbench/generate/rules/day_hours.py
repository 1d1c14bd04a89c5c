"""Hours of work recorded for one day are a day's hours, on the grid they are billed in. A
row that happened (an event row: plan/roles.py) on a day it states (a required `date` column:
a time entry's `work_date`, a timesheet line's `day`) and that counts hours (a number whose
name ends in an hours word: `hours`, `billable_hrs`, `hours_worked`) records what one person
did that day: from a tenth of an hour up to a long day's twelve, most entries an hour or two,
in the units the work is billed in (tenths of an hour, six minutes, where the column keeps a
decimal; whole hours where it keeps none), never 7.04 hours nor a 200-hour day. Hours named
over a longer period (`weekly_hours`, `annual_target_hours`, `total_hours`) are no day's.

Read from the column names and types (the hours unit of vocab/data/units.tsv, the table's
role), no table named here; applied before the arithmetic rule prices the hours (an amount
of hours × rate)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.plan.roles import role_of
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.schema.typeinfo import resolve_type

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView
    from workbench.schema.model import Column, Schema

_HOURS = frozenset({"hours", "hrs", "hour", "hr"})
# words that make a count of hours span more than a day, or a date no day of work
_PERIODS = frozenset(
    {"week", "weekly", "month", "monthly", "year", "yearly", "annual", "annually", "total",
     "cumulative", "lifetime", "target", "contracted", "contract", "period", "quarter",
     "quarterly", "budget", "budgeted", "estimated", "estimate", "planned", "remaining",
     "since", "per", "max", "min", "limit", "allowance"}
)  # fmt: skip
_NOT_A_DAY = frozenset(
    {"birth", "dob", "born", "due", "expires", "expiry", "end", "until", "hired", "hire",
     "joined", "start", "started", "ending", "valid", "effective", "closed", "opened"}
)  # fmt: skip
DAY_HOURS = 12.0  # the longest day's work on one thing
_TYPICAL = 1.5  # hours an entry most often records
_SIGMA = 0.85  # the spread of the log of the hours
TENTH = 0.1  # the billing unit of a decimal count of hours: six minutes


def _day(schema: Schema, columns: Sequence[Column]) -> str | None:
    """The required date the row's work was done on, else None."""
    for column in columns:
        if column.nullable or column.generated is not None:
            continue
        if resolve_type(schema, column.type).kind != "date":
            continue
        if not set(normalise(column.name).split("_")) & (_NOT_A_DAY | _PERIODS):
            return column.name
    return None


def day_hours(name: str) -> bool:
    """Whether a column's name counts hours and names no longer period than a day."""
    words = normalise(name).split("_")
    return bool(_HOURS & set(words)) and not set(words) & _PERIODS


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    if role_of(view.schema, view.table, view.config).kind != "event":
        return []
    day = _day(view.schema, view.table.columns)
    if day is None:
        return []
    out = []
    for name, spec in view.specs.items():
        if spec.info.kind not in ("int", "decimal", "float") or not free(view, name):
            continue
        if spec.generator != "amount_hours" or not day_hours(name):
            continue
        unit = 1.0 if spec.info.kind == "int" or (spec.step or 0.0) >= 1.0 else TENTH
        detail = f"{name}: one {day}'s hours, {unit:g} to {DAY_HOURS:g}, in steps of {unit:g}"
        out.append(Rule("day_hours", [name], detail, {"unit": unit}))
    return out


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    col = batch.get(rule.columns[0])
    if col is None or not idx.size:
        return
    rng = row_rng(view, rule, idx)
    unit = float(rule.data["unit"])
    value = np.exp(rng.normal(np.log(_TYPICAL), _SIGMA, idx.size))
    value = np.clip(np.round(value / unit) * unit, unit, DAY_HOURS)
    bounds = view.specs[rule.columns[0]].info.bounds()
    if bounds is not None:
        value = np.clip(value, max(bounds[0], unit), bounds[1])
    rows = ~col.nulls
    col.values[rows] = np.round(value[rows], 2).astype(col.values.dtype)


RULE = RowRule(
    "day_hours",
    "hours recorded for one day are a day's hours, in the units they are billed in",
    _plan,
    _apply,
    phases={"day_hours": Phase.ROW},
    after=("kind_range",),
    before=("strength",),
)
