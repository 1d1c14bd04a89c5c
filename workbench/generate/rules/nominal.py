"""A thing lasts what its parent says such a thing lasts: a route's nominal crossing minutes,
a service's typical duration, a course's planned hours set how far apart its children's
start and end lie (a sailing of the route, a booking of the service, a session of the
course).

The parent's column is a number named as a length of time in minutes or hours
(`nominal_crossing_min`, `duration_minutes`, `typical_duration`, `planned_hours`, a
product's `default_days` of treatment: a word of plan or of duration beside the unit, a bare
`duration` read as minutes; `min` alone beside
nothing of the kind is a minimum). The child is a table with a window it takes place in
(kinds/windows.py: a start and an end of its own, not a validity) and a key to that parent.
Each child's end is its start plus the parent's length times a factor drawn close to one
(the plan may round up or down, now and then by a fifth): the parent's figure wins over
what the table's own words suggest (rules/span.py), except for a thing people attend in
office hours, which keeps the span rule's length and hours; a game (rules/span.SCALES) is
played against the clock: over when the figure's time is up, or earlier. Applied after the
span and the reach rules drew a duration by the table's or the way's words (the parent's own
figure wins), before an actual time follows the planned one and a vehicle's trips are laid
out one after another (they keep each row's length).

A work's running time (`runtime_minutes`, `running_time_min`, a bare `runtime`: a film's, a
play's, a recorded programme's) is what the work lasts, not the slot it is shown in: a
showing of it (a screening, a performance, a broadcast slot) lasts the running time plus
the time around it (adverts and trailers, an interval, a changeover), ten to thirty minutes,
its end on a five-minute mark, never shorter than the work itself."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.kinds.windows import window_of
from workbench.generate.rules import span
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.generate.rules.times import as_us, is_time, store

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView
    from workbench.schema.model import Table

_NUMBERS = ("int", "decimal", "float")
# a length's unit as a name's last word, in minutes
_UNITS = {"min": 1.0, "mins": 1.0, "minute": 1.0, "minutes": 1.0, "hour": 60.0, "hours": 60.0,
          "hr": 60.0, "hrs": 60.0, "day": 1440.0, "days": 1440.0, "week": 10080.0,
          "weeks": 10080.0}  # fmt: skip
# words saying the figure is the plan's or the usual length, not a count or a reading
_PLAN_WORDS = frozenset({"nominal", "typical", "planned", "plan", "scheduled", "sched",
                         "standard", "std", "expected", "estimated", "est", "usual", "average",
                         "avg", "mean", "default", "duration", "length"})  # fmt: skip
_MINUTE_US = 60_000_000
_DAY_MINUTES = 24 * 60
# the minutes a showing of a work adds around its running time, its end on a five-minute mark
_AROUND = (10.0, 25.0)
_MARK_US = 5 * 60_000_000
_SPREAD = 0.08  # log-normal spread of a child's length around its parent's figure
_FACTOR = (0.8, 1.3)  # the child's length, as a share of the parent's figure, at the extremes


def minutes_per_unit(name: str) -> float | None:
    """Minutes in one unit of a column naming a planned or usual length of time (`nominal_
    crossing_min` 1, `planned_hours` 60, `duration` 1), else None."""
    words = normalise(name).split("_")
    unit = _UNITS.get(words[-1])
    if run_time(name):
        return unit or 1.0  # a bare running time: minutes, as films and plays are listed
    if unit is not None and len(words) > 1 and _PLAN_WORDS & set(words[:-1]):
        return unit
    if words[-1] == "duration" and (len(words) == 1 or _PLAN_WORDS & set(words[:-1])):
        return 1.0  # a bare duration: minutes, the unit a length of something done is kept in
    return None


def run_time(name: str) -> bool:
    """Whether a column names a work's running time (`runtime_minutes`, `running_time_min`,
    `run_time`, `film_runtime`): those words last, a unit of minutes or hours at most after."""
    words = normalise(name).split("_")
    if words[-1] in _UNITS:
        words = words[:-1]
    return bool(words) and (
        words[-1] == "runtime" or words[-2:] in (["run", "time"], ["running", "time"])
    )


def nominal_of(table: Table) -> str | None:
    """The table's number naming a planned or usual length of time, if any."""
    for column in table.columns:
        if column.generated is None and minutes_per_unit(column.name) is not None:
            return column.name
    return None


def keep_columns(view: TableView) -> set[str]:
    """The length its children's windows follow."""
    name = nominal_of(view.table)
    if name is None or view.specs.get(name) is None or view.specs[name].kind not in _NUMBERS:
        return set()
    return {name}


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    window = window_of(view.schema, view.table, view.config)
    if window is None or window.validity:
        return []
    start, end = view.specs.get(window.start), view.specs.get(window.end)
    if start is None or end is None or not {start.kind, end.kind} <= {"timestamp", "date"}:
        return []
    dated = "date" in (start.kind, end.kind)  # a window of days follows a figure in days
    if not free(view, window.end):
        return []
    spanned = next((r for r in planned if r.kind == "span" and r.columns[0] == window.end), None)
    if spanned is not None and spanned.data.get("attended"):
        return []  # a thing people attend keeps the span rule's office hours
    for fk in view.table.foreign_keys:
        if len(fk.columns) != 1 or fk.ref_qualified == view.table.qualified:
            continue
        parent = view.schema.tables.get(fk.ref_qualified)
        column = nominal_of(parent) if parent is not None else None
        if parent is None or column is None:
            continue
        unit = minutes_per_unit(column) or 1.0
        if dated and unit < _DAY_MINUTES:
            continue
        detail = f"{window.end} {window.start} plus {fk.ref_table}.{column} ({unit:g} min each)"
        # a game is played against the clock: its figure is a limit, not a plan to overrun
        limit = span.scale_of(view.table.name) == span.scale_of("game")
        shown = run_time(column)  # a showing of a work: its running time and more around it
        if shown:
            detail += f" and {_AROUND[0]:g}-{_AROUND[1] + 5:g} minutes around it"
        data = {"fk": fk.columns[0], "parent": parent.qualified, "column": column,
                "unit": unit, "start": window.start, "limit": limit,
                "shown": shown}  # fmt: skip
        return [Rule("nominal", [window.end, window.start], detail, data)]
    return []


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    d = rule.data
    end, start = batch.get(rule.columns[0]), batch.get(rule.columns[1])
    rows, nulls = view.parent_rows(d["fk"])
    stored = view.keys.tables.get(d["parent"], {}).get(d["column"])
    if end is None or start is None or rows is None or stored is None or not is_time(start.kind):
        return
    figure = np.asarray(stored.values[rows], dtype=np.float64) * d["unit"]
    ok = ~nulls & ~stored.nulls[rows] & ~start.nulls & (figure > 0)
    rng = row_rng(view, rule, idx)
    factor = np.clip(rng.lognormal(0.0, _SPREAD, figure.size), *_FACTOR)
    if d.get("limit"):  # over when its time is up, or earlier
        factor = np.minimum(factor, 1.0)
    minutes = figure * factor
    if d.get("shown"):  # the work runs whole, with adverts, an interval or a changeover
        minutes = figure + rng.uniform(*_AROUND, figure.size)
    took = (minutes * _MINUTE_US).astype(np.int64)
    if d.get("shown"):  # ends on a five-minute mark of the clock
        begun = as_us(start).astype(np.int64)
        took = -((begun + took) // -_MARK_US) * _MARK_US - begun
    finish = as_us(start) + took.astype("timedelta64[us]")
    store(end, finish, np.flatnonzero(ok))


RULE = RowRule(
    "nominal",
    "a start and an end as far apart as the parent's planned length (a route's crossing time)",
    _plan,
    _apply,
    phases={"nominal": Phase.FINAL},
    after=("span", "reach"),  # the parent's figure wins over the table's words and the way's
    before=("actual", "rotation"),  # an actual time follows it; trips keep their length
)
