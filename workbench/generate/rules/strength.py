"""A measure beside the column naming its unit is written in a unit that fits what the row is,
at an amount that unit holds: a tablet's strength in mg or mcg (5 mg, 250 mg), an oral
solution's in mg/mL, a cream's in % (0.1 %, 1 %), an injection's in mg/mL, mg, IU/mL or IU.

A measure is a number column named as one (vocab/strengths.MEASURES: strength, concentration);
its unit is the column named after it with `_unit` (`strength_unit`, `strength_uom`), else a
lone `unit` column; what the row is comes from a kind column (`form`, `kind`, `type`…) whose
labels name things of vocab/data/strengths.tsv. Each row's unit is drawn among its thing's units
that the unit column allows (its enum or CHECK list, else any), and its amount around the
unit's typical one within its lowest and highest, as a round number (preferred values: 1, 2,
2.5, 4, 5, 7.5 times a power of ten). A row whose thing is not known keeps its unit and takes an
amount that unit holds. Nothing here names a table: the words are the schema's and the file's."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.generate.base.batch import typed_label
from workbench.generate.base.names import normalise
from workbench.generate.rules.base import Phase, RowRule, Rule, free, labels_of, row_rng
from workbench.generate.rules.span import KIND_WORDS
from workbench.generate.vocab.strengths import Scale, by_unit, measure_named, units_of

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch, Col
    from workbench.generate.view import TableView

_NUMBERS = ("int", "decimal", "float")
_THING_WORDS = KIND_WORDS | {"form", "formulation", "presentation"}
_UNIT_WORDS = ("unit", "units", "uom", "unit_of_measure")
_PREFERRED = np.array([1.0, 2.0, 2.5, 4.0, 5.0, 7.5, 10.0])
_SPREAD = 1.0  # the log-normal's sigma around the typical amount


def _unit_column(view: TableView, name: str, measure: str, lone: bool) -> str | None:
    norm = normalise(name)
    wanted = {f"{stem}_{w}" for stem in (norm, measure) for w in _UNIT_WORDS}
    if lone:
        wanted |= set(_UNIT_WORDS)
    for column, spec in view.specs.items():
        if normalise(column) in wanted and free(view, column) and spec.kind == "text":
            return column
    return None


def _spelled(units: list[str], allowed: list[str]) -> dict[str, str]:
    """Each unit of the file as the column spells it (`mg/mL` as `mg/ml`); every unit when the
    column lists none."""
    if not allowed:
        return {u: u for u in units}
    by_lower = {a.lower(): a for a in allowed}
    return {u: by_lower[u.lower()] for u in units if u.lower() in by_lower}


def _scale_row(s: Scale, unit: str) -> list[Any]:
    return [unit, s.lowest, s.typical, s.highest, s.weight]


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    measures = {
        c: m
        for c, s in view.specs.items()
        if s.kind in _NUMBERS and free(view, c) and (m := measure_named(normalise(c)))
    }
    out = []
    for name, measure in measures.items():
        unit = _unit_column(view, name, measure, len(measures) == 1)
        if unit is None:
            continue
        allowed = labels_of(view.specs[unit])
        limit = view.specs[unit].max_len
        units = {u: s for u, s in by_unit(measure).items() if limit is None or len(u) <= limit}
        spelled = _spelled(list(units), allowed)
        if not spelled:
            continue
        kind, things = None, {}
        for column, spec in view.specs.items():
            if column in (name, unit) or not set(normalise(column).split("_")) & _THING_WORDS:
                continue
            for label in labels_of(spec):
                lines = units_of(measure, normalise(label)) or ()
                fit = [_scale_row(s, spelled[s.unit]) for s in lines if s.unit in spelled]
                if fit:
                    things[label] = fit
            if things:
                kind = column
                break
        data = {
            "things": things,
            "units": {spelled[u]: [s.lowest, s.typical, s.highest] for u, s in units.items()
                      if u in spelled},
            "draw_units": not allowed,
        }  # fmt: skip
        what = f"{unit} by its {kind}" if kind else unit
        detail = f"{name} in {what}, at an amount its unit holds"
        out.append(Rule("strength", [name, unit, *([kind] if kind else [])], detail, data))
    return out


def _round_preferred(values: np.ndarray) -> np.ndarray:
    """Each value to the nearest preferred number (1, 2, 2.5, 4, 5, 7.5 × 10^k) on a log scale."""
    power = np.floor(np.log10(values))
    mantissa = values / 10.0**power
    logs = np.log(_PREFERRED)
    nearest = np.abs(np.log(mantissa)[:, None] - logs[None, :]).argmin(axis=1)
    return np.asarray(_PREFERRED[nearest] * 10.0**power)


def _amounts(rng: np.random.Generator, n: int, lo: float, typical: float, hi: float) -> np.ndarray:
    drawn = np.exp(rng.normal(np.log(typical), _SPREAD, n))
    out: np.ndarray = np.clip(_round_preferred(np.clip(drawn, lo, hi)), lo, hi)
    return out


def _store(view: TableView, name: str, col: Col, value: np.ndarray, rows: np.ndarray) -> None:
    spec = view.specs[name]
    bounds = spec.info.bounds()
    if bounds is not None:
        value = np.clip(value, bounds[0], bounds[1])
    if col.kind == "int":
        value = np.maximum(np.round(value), 1.0)
    else:
        step = spec.step or 0.001
        value = np.maximum(np.round(value / step) * step, step)
    col.values[rows] = value[rows].astype(col.values.dtype)
    col.nulls[rows] = False


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    amount, unit = batch.get(rule.columns[0]), batch.get(rule.columns[1])
    if amount is None or unit is None:
        return
    rng = row_rng(view, rule, idx)
    n = amount.values.size
    kinds = batch.get(rule.columns[2]) if len(rule.columns) > 2 else None
    units = rule.data["units"]
    if rule.data["draw_units"]:  # a free-text unit: one the file knows
        names = list(units)
        unit.values[:] = np.asarray(names, dtype=object)[rng.integers(0, len(names), n)]
    if kinds is not None:
        labels = np.asarray(kinds.values).astype(str)
        for label, lines in rule.data["things"].items():
            at = np.flatnonzero((labels == label) & ~kinds.nulls)
            if not at.size:
                continue
            weights = np.array([line[4] for line in lines], dtype=float)
            picks = rng.choice(len(lines), size=at.size, p=weights / weights.sum())
            for i, line in enumerate(lines):
                rows = at[picks == i]
                unit.values[rows] = typed_label(unit, line[0])
                unit.nulls[rows] = False
    written = np.asarray(unit.values).astype(str)
    value = np.asarray(amount.values, dtype=float).copy()
    done = np.zeros(n, dtype=bool)
    for name, (lo, typical, hi) in units.items():
        at = (written == name) & ~unit.nulls
        if at.any():
            value[at] = _amounts(rng, int(at.sum()), lo, typical, hi)
            done |= at
    _store(view, rule.columns[0], amount, value, done)


RULE = RowRule(
    "strength",
    "a measure is in a unit that fits what the row is (a tablet in mg, a cream in %), at an "
    "amount that unit holds",
    _plan,
    _apply,
    phases={"strength": Phase.ROW},
    after=("magnitude",),
    before=("arithmetic",),
)
