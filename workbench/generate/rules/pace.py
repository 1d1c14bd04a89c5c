"""A distance agrees with the time it took: a row with a start and an end time (a trip, a
ride, a leg) and a distance in a unit (`distance_km`, `miles_driven`, `distance_m`) covered
it at a plausible pace for that unit (data/paces.tsv: a road vehicle's average speed for
kilometres and miles, a walker's for metres, a boat's for nautical miles), so a 20-minute
ride is not 3,595 km. The pace is drawn per row around the unit's typical one, within its
lowest and highest; the distance is the pace times the duration, kept within the column's
type. A row of the stamps of one process (rules/process.py: a ride requested, picked up and
dropped off) covered it between its begun and its over. A row without an end keeps its drawn
distance. Applied once the row's times are final
(rules/span.py, rules/within.py), before the counters read it (rules/counter.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.rules import process
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.generate.rules.span import pairs
from workbench.generate.rules.times import as_us
from workbench.generate.vocab.paces import pace_of

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch, Col
    from workbench.generate.view import TableView

# words that make a number the distance a row covered
DISTANCE_WORDS = frozenset({"distance", "driven", "travelled", "traveled", "covered", "walked",
                            "ridden", "sailed", "flown"})  # fmt: skip
# words of a register read at a time (rules/counter.py), not a distance covered
_REGISTERS = frozenset({"odometer", "mileage", "reading", "counter", "start", "end", "before",
                        "after", "opening", "closing"})  # fmt: skip
_HOUR_US = 3_600_000_000
_SPREAD = 0.35  # log-normal spread of the pace around the unit's typical one


def moving(rule: Rule) -> tuple[str, str]:
    """The stamps of a process (rules/process.py) a thing moves between: its last begun one
    (`picked_up_at`) to its first over (`dropped_off_at`), else its first to its last."""
    stages = dict(zip(rule.columns, rule.data["stages"], strict=True))
    begun = [c for c, s in stages.items() if s == process.BEGUN]
    over = [c for c, s in stages.items() if s == process.OVER]
    return (begun[-1] if begun else rule.columns[0], over[0] if over else rule.columns[-1])


def distance_unit(name: str) -> tuple[float, float, float] | None:
    """The pace per hour (lowest, typical, highest) of a distance column, by its name."""
    words = set(normalise(name).split("_"))
    if not words & DISTANCE_WORDS or words & _REGISTERS:
        return None
    pace = pace_of(words)
    if pace is None and "distance" in words and len(words) == 1:
        pace = pace_of({"km"})  # a bare distance: kilometres, physical.py's base unit
    return pace.per_hour if pace is not None else None


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    spans = [(s, e) for s, e in pairs(view) if view.specs[s].kind == "timestamp"]
    spans += [moving(r) for r in planned if r.kind == "process"]  # a ride's picked up..dropped off
    if not spans:
        return []
    start, end = spans[0]
    out = []
    for name, spec in view.specs.items():
        if spec.kind not in ("int", "decimal", "float") or not free(view, name):
            continue
        band = distance_unit(name)
        if band is None:
            continue
        detail = f"{name} covered from {start} to {end} at {band[0]:g}-{band[2]:g} an hour"
        out.append(Rule("pace", [name, start, end], detail, {"band": list(band)}))
    return out


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    col, start, end = (batch.get(c) for c in rule.columns)
    if col is None or start is None or end is None:
        return
    lo, typical, hi = rule.data["band"]
    rng = row_rng(view, rule, idx)
    n = col.values.size
    pace = np.clip(rng.lognormal(np.log(typical), _SPREAD, n), lo, hi)
    hours = (as_us(end) - as_us(start)).astype(np.int64) / _HOUR_US
    value = pace * np.maximum(hours, 0.0)
    store_number(view, rule.columns[0], col, value, ~start.nulls & ~end.nulls & ~col.nulls)


def store_number(
    view: TableView, name: str, col: Col, value: np.ndarray, rows: np.ndarray, step: float = 0.001
) -> None:
    """A measure into its column at `rows`: within the column's bounds and never below 0,
    whole for an integer, else to the column's step (`step` where it declares none)."""
    spec = view.specs[name]
    bounds = spec.info.bounds()
    if bounds is not None:
        value = np.clip(value, max(bounds[0], 0.0), bounds[1])
    if col.kind == "int":
        value = np.round(value)
    else:
        step = spec.step or step
        value = np.round(value / step) * step
    col.values[rows] = value[rows].astype(col.values.dtype)


RULE = RowRule(
    "pace",
    "a distance covered at a plausible pace over the row's duration",
    _plan,
    _apply,
    phases={"pace": Phase.FINAL},
    after=("within",),  # once the row's times are final (span, then moved into windows)
    before=("born",),
)
