"""A temperature is at the scale of what is measured: a chilled thing's (a box of fresh food
at its delivery, a fridge, a vaccine store) 1-8 °C, most around 4, a warm excursion above 8
in about one in fifty; a frozen thing's (a freezer, frozen goods) -25 to -15, most at -18;
a person's body 36-37.8 °C, a fever up to 40 in about one in twenty. What is measured is read
from the words of the column's name first (`freezer_temp_c`), then of the row's other
columns (a shipment's `ice_packs`), then of its table's and its ancestors' names
(kinds/context.nouns_around: a patient's observations); a temperature of none of these
keeps the air's range its generator draws (generators/physical.py). In the unit the column
names (°C, °F, K). Any schema: the words are of things kept cold and of bodies."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.kinds.context import nouns_around
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

# what is measured: its words, then (lowest, typical, highest, share of excursions, the
# farthest an excursion goes) in °C
SCALES: tuple[tuple[str, frozenset[str], tuple[float, float, float, float, float]], ...] = (
    ("frozen", frozenset({"frozen", "freezer", "freezers", "deep_freeze", "ice_cream"}),
     (-25.0, -18.0, -15.0, 0.02, -8.0)),
    ("chilled", frozenset({"chilled", "chill", "chiller", "fridge", "fridges", "refrigerated",
                           "refrigerator", "reefer", "cold", "cooler", "coolers", "ice",
                           "perishable", "perishables", "vaccine", "vaccines", "coldroom"}),
     (1.0, 4.0, 8.0, 0.02, 12.0)),
    ("body", frozenset({"body", "patient", "patients", "fever", "oral", "tympanic", "axillary",
                        "rectal", "vital", "vitals", "triage"}),
     (36.0, 36.8, 37.8, 0.05, 40.0)),
)  # fmt: skip
# from °C to the generator's unit
UNITS = {"temperature_c": (1.0, 0.0), "temperature_f": (1.8, 32.0), "temperature_k": (1.0, 273.15)}


def _words(names: Sequence[str]) -> set[str]:
    out: set[str] = set()
    for name in names:
        words = normalise(name).split("_")
        out |= set(words) | {"_".join(words[i : i + 2]) for i in range(len(words) - 1)}
    return out


def scale_of(view: TableView, column: str) -> str | None:
    """What a temperature column measures (frozen, chilled, body), else None."""
    others = [c for c in view.specs if c != column]
    around = set(nouns_around(view.schema, view.table))
    for words in (_words([column]), _words(others), around):
        for name, vocabulary, _ in SCALES:
            if words & vocabulary:
                return name
    return None


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    out = []
    for column, spec in view.specs.items():
        if spec.generator not in UNITS or not free(view, column):
            continue
        found = scale_of(view, column)
        if found is not None:
            detail = f"{column} a {found} thing's temperature"
            out.append(Rule("temperature", [column], detail, {"scale": found}))
    return out


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    column = rule.columns[0]
    col = batch.get(column)
    if col is None:
        return
    rng = row_rng(view, rule, idx)
    n = idx.size
    lo, typical, hi, share, far = next(s for name, _, s in SCALES if name == rule.data["scale"])
    value = rng.triangular(lo, typical, hi, n)
    out = rng.random(n) < share
    value[out] = rng.uniform(min(hi, far), max(hi, far), int(out.sum()))
    factor, offset = UNITS[view.specs[column].generator]
    value = value * factor + offset
    spec = view.specs[column]
    bounds = spec.info.bounds()
    if bounds is not None:
        value = np.clip(value, bounds[0], bounds[1])
    step = 1.0 if col.kind == "int" else spec.step or 0.1
    col.values[:] = (np.round(value / step) * step).astype(col.values.dtype)


RULE = RowRule(
    "temperature",
    "a temperature at the scale of what is measured: a chilled thing's, a frozen one's, a body's",
    _plan,
    _apply,
    phases={"temperature": Phase.ROW},
    after=("proportion",),
    before=("per_container",),
)
