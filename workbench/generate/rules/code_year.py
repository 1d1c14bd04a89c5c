"""A code whose characters encode a sibling: a vehicle's VIN spells its model year in its 10th
character (1980 'A' … 2000 'Y', 2001 '1' … 2009 '9', 2010 'A' again), and its check digit
(the 9th) is computed over all of it, so the code and the year agree on every row. The code
is the VIN generator's column; the year is a free column of the row that the year generator
fills (`model_year`, `year_of_manufacture`, `build_year`), the one whose name says model or
build first. Nothing here names a table: the code is found by its generator, the year by
its generator and its name's words."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.generators.profiles import vin_of_year
from workbench.generate.rules.base import Phase, RowRule, Rule, free_or_own_unique

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

# the words of the year a vehicle's code spells (its model year, the year it was built)
_MODEL_WORDS = frozenset({"model", "build", "built", "manufacture", "manufactured", "make"})


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    # a unique code stays unique: its serial (the last six characters) is the row's own
    vins = [c for c, s in view.specs.items() if s.generator == "vin"]
    code = next((c for c in vins if free_or_own_unique(view, c)), None)
    if code is None:
        return []
    years = [
        c
        for c, s in view.specs.items()
        if s.generator == "year" and s.kind in ("int", "text") and c != code
    ]
    if not years:
        return []
    years.sort(key=lambda c: not set(normalise(c).split("_")) & _MODEL_WORDS)
    year = years[0]
    detail = f"{code}'s 10th character spells {year} (its model year), check digit again"
    return [Rule("code_year", [code, year], detail, {})]


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    code, year = (batch.get(c) for c in rule.columns)
    if code is None or year is None:
        return
    for at in np.flatnonzero(~code.nulls & ~year.nulls).tolist():
        text = str(year.values[at]).strip()
        if not text.isdigit():
            continue
        code.values[at] = vin_of_year(str(code.values[at]), int(text))


# after the class code's labels, before the measures (nothing it writes is read there)
RULE = RowRule(
    "code_year",
    "a code whose characters encode a sibling: a VIN's 10th character is its model year's",
    _plan,
    _apply,
    phases={"code_year": Phase.ROW},
    after=("code_class",),
    before=("footprint",),
)
