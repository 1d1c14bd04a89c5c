"""What a row delivers follows its status: an amount in a unit of matter or energy that starts
at nothing (`energy_kwh DEFAULT 0`, `distance_km DEFAULT 0`, `volume_litres DEFAULT 0`: an
amount a charging session, a ride, a refuelling adds up while it lasts) in a table with a
lifecycle status (vocab/outcomes.py). A row that failed, was called off or has not begun
(failed, cancelled, scheduled) delivered nothing: zero, where the column allows it. A row
that took place or is under way (completed, interrupted, charging, active) delivered some: a
zero the DEFAULT left there takes the amount of another such row of the batch.

Only an amount whose DEFAULT is zero: a weight or a size a row has whatever becomes of it
(a cancelled shipment still weighs `weight_kg`) declares none. Amounts of time (minutes,
hours) and rates (kW, km/h) are not amounts delivered. Applied once the status is final."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.batch import label_codes
from workbench.generate.kinds.occurrence import lifecycle_status
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.generate.vocab.outcomes import called_off, lifecycle_meanings

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.generators.value_spec import ColumnSpec
    from workbench.generate.view import TableView

# the amounts a row adds up while it lasts: units of matter, energy or distance
_UNITS = frozenset({"km", "mi", "m", "kg", "tonnes", "lb", "kwh", "wh", "mwh", "litres",
                    "ml", "m3", "gal"})  # fmt: skip
_PHYSICAL = frozenset({"distance", "volume", "mass"})
_NOTHING = frozenset({"failed", "ahead"})  # the meanings of a row that delivered nothing
_NUMBERS = frozenset({"int", "float", "decimal", "money"})


def _accrued(spec: ColumnSpec) -> bool:
    """An amount in a unit of matter or energy whose DEFAULT is zero."""
    generator = spec.generator  # amount_kwh (generators/units.py), distance_km (physical.py)
    if generator.rsplit("_", 1)[-1] not in _UNITS and generator not in _PHYSICAL:
        return False
    prior = spec.prior
    if prior is None or isinstance(prior[0], bool):
        return False
    return isinstance(prior[0], (int, float)) and float(prior[0]) == 0.0


def _zero_allowed(spec: ColumnSpec) -> bool:
    lo = spec.hints.lo
    return not isinstance(lo, (int, float)) or lo < 0 or (lo == 0 and bool(spec.hints.lo_incl))


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    found = lifecycle_status(view.schema, view.table)
    if found is None or found[0] not in view.specs:
        return []
    status, labels = found
    meanings = lifecycle_meanings(labels) or {}
    nothing = [lb for lb in labels if meanings.get(lb) in _NOTHING or called_off(lb)]
    some = [lb for lb in labels if lb not in nothing and meanings.get(lb) is not None]
    if not nothing or not some:
        return []
    out = []
    for name, spec in view.specs.items():
        if spec.kind not in _NUMBERS or not free(view, name) or not _accrued(spec):
            continue
        detail = f"{name}: none where {status} is {', '.join(nothing)}"
        detail += f", some where {', '.join(some)}"
        data = {"nothing": nothing, "some": some, "zero": _zero_allowed(spec)}
        out.append(Rule("delivered", [name, status], detail, data))
    return out


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    amount, status = (batch.get(c) for c in rule.columns)
    if amount is None or status is None:
        return
    names, codes = label_codes(status)

    def having(chosen: list[str]) -> np.ndarray:
        picked = np.asarray([n in chosen for n in names] + [False], bool)
        return picked[np.where(status.nulls, len(names), codes)]

    values = np.asarray(amount.values, dtype=float)
    known = ~amount.nulls
    some = having(rule.data["some"])
    given = np.flatnonzero(some & known & (values > 0))
    empty = np.flatnonzero(some & (~known | (values <= 0)))
    if given.size and empty.size:
        rng = row_rng(view, rule, idx)
        amount.values[empty] = amount.values[rng.choice(given, empty.size)]
        amount.nulls[empty] = False
    if rule.data["zero"]:
        none = np.flatnonzero(having(rule.data["nothing"]))
        amount.values[none] = 0
        amount.nulls[none] = False


RULE = RowRule(
    "delivered",
    "an amount a row adds up is none where it failed or has not begun, some where it took place",
    _plan,
    _apply,
    phases={"delivered": Phase.FINAL},
    after=("by_clock",),  # once the status is final
    before=("pause",),
)
