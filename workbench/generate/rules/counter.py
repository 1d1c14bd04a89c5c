"""Readings of a counter only grow: a meter's readings, a vehicle's odometer, an engine's hours
are one register per parent, read at times, so a later reading is never below an earlier one.

A counter column is a number named like a register (`reading_m3`, `odometer_km`, `mileage`,
`meter_reading`, `counter`, or a bare `value`/`reading` in a table of readings) in a table
whose rows have a time and a required parent (the meter, the vehicle). Its value is a
function of the parent and the time, the same in every batch: a starting value and a daily
rate per parent (by the unit the name gives: cubic metres, kilometres, kWh, hours), and a
monthly wobble too small to ever turn the curve down. Applied last, once every time rule has
placed the row's time."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.base.hashing import stable_hash
from workbench.generate.base.names import normalise
from workbench.generate.kinds.windows import used_at
from workbench.generate.rules.base import Phase, RowRule, Rule, free
from workbench.generate.rules.times import DAY_US, as_us, is_time

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

REGISTER_WORDS = frozenset({"odometer", "mileage", "counter", "cumulative", "totaliser",
                            "totalizer", "hourmeter", "reading", "readings"})  # fmt: skip
# a bare name that is the register in a table of readings
BARE = frozenset({"value", "reading", "total", "km", "miles", "hours", "kwh", "m3", "units"})
READING_TABLES = re.compile(r"(reading|odometer|counter|meter|register)")
# what changes between readings, not the register itself
NOT_REGISTER = frozenset({"delta", "consumption", "usage", "diff", "difference", "increment",
                          "change", "used", "previous", "prev", "rate"})  # fmt: skip
# a register read at two times of one row (a trip's start and end): not one reading a row
PAIRED = frozenset({"start", "end", "begin", "opening", "closing", "before", "after", "from",
                    "to", "initial", "final"})  # fmt: skip
# the median daily growth by the unit the name gives
RATES: tuple[tuple[frozenset[str], float], ...] = (
    (frozenset({"m3", "cubic", "cbm"}), 0.4),
    (frozenset({"l", "litre", "liter", "litres", "liters", "gal", "gallons"}), 300.0),
    (frozenset({"kwh", "kw_h"}), 10.0),
    (frozenset({"mwh"}), 0.01),
    (frozenset({"km", "odometer", "kilometres", "kilometers"}), 60.0),
    (frozenset({"mi", "miles", "mileage"}), 40.0),
    (frozenset({"hours", "hrs", "h", "hourmeter"}), 6.0),
)
_WOBBLE_DAYS = 30.0


def _is_register(view: TableView, name: str) -> bool:
    words = set(normalise(name).split("_"))
    if words & NOT_REGISTER or words & PAIRED:
        return False
    if words & REGISTER_WORDS:
        return True
    return normalise(name) in BARE and bool(READING_TABLES.search(normalise(view.tp.name)))


def _rate(name: str) -> float:
    words = set(normalise(name).split("_"))
    for unit_words, rate in RATES:
        if words & unit_words:
            return rate
    return 1.0


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    when = used_at(view.schema, view.table, view.config)
    if when is None or when not in view.specs or not is_time(view.specs[when].kind):
        return []
    owner = next(
        (u for u in view.units if u.mode in ("normal", "children") and not u.nullable
         and u.parent != view.tp.name),
        None,
    )  # fmt: skip
    if owner is None:
        return []
    out = []
    for name, spec in view.specs.items():
        if spec.kind not in ("int", "decimal", "float") or not free(view, name):
            continue
        if not _is_register(view, name):
            continue
        fk = ",".join(owner.fk.columns)
        detail = f"{name} grows with {when} per {owner.parent} ({fk})"
        out.append(Rule("counter", [name, when], detail, {"fk": fk, "rate": _rate(name)}))
    return out


def _uniform(rows: np.ndarray, salt: int) -> np.ndarray:
    """A uniform number in [0, 1) per parent row, the same in every batch."""
    x = rows.astype(np.uint64) + np.uint64(salt & 0xFFFFFFFF) * np.uint64(0x9E3779B1)
    x = (x ^ (x >> np.uint64(33))) * np.uint64(0xFF51AFD7ED558CCD)
    x = (x ^ (x >> np.uint64(33))) * np.uint64(0xC4CEB9FE1A85EC53)
    x = x ^ (x >> np.uint64(33))
    return (x >> np.uint64(11)).astype(np.float64) / float(1 << 53)


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    col, when = batch.get(rule.columns[0]), batch.get(rule.columns[1])
    rows, nulls = view.parent_rows(rule.data["fk"])
    if col is None or when is None or rows is None or not rows.size:
        return
    salt = stable_hash(view.seed, view.tp.name, rule.columns[0])
    u_rate, u_base, u_phase = (_uniform(rows, salt + k) for k in range(3))
    rate = rule.data["rate"] * np.exp((u_rate - 0.5) * 2.4)  # a tenth to three times it
    start = clock.window(view.config)[0]
    days = np.maximum((as_us(when) - start).astype(np.int64) / DAY_US, 0.0)
    base = rate * 365.0 * 3.0 * u_base  # what it had counted before the history begins
    # a monthly wobble whose slope never exceeds most of the rate: the curve never turns down
    amplitude = 0.8 * rate * _WOBBLE_DAYS / (2 * np.pi)
    wobble = amplitude * np.sin(2 * np.pi * (days / _WOBBLE_DAYS + u_phase))
    value = base + amplitude + rate * days + wobble
    spec = view.specs[rule.columns[0]]
    bounds = spec.info.bounds()
    if col.kind == "int":
        bounds = (0.0, float(min(spec.info.int_limits[1], 2**31 - 1)))
    if bounds is not None:
        value = np.minimum(value, bounds[1])
    if col.kind == "int":
        value = np.floor(value)
    else:
        step = spec.step or 0.001
        value = np.floor(value / step) * step
    ok = ~nulls & ~when.nulls
    col.values[ok] = value[ok].astype(col.values.dtype)


RULE = RowRule(
    "counter",
    "readings of a counter only grow with time, per parent (a meter, an odometer)",
    _plan,
    _apply,
    phases={"counter": Phase.FINAL},
    after=("within",),  # once the row's time is where it stays
)
