"""An age in years agrees with the row's date of birth (as of the run's clock)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.base.batch import Batch
from workbench.generate.rules.base import (
    RowRule,
    Rule,
    free,
)

if TYPE_CHECKING:
    from workbench.generate.view import TableView


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    """An age in years agrees with the row's date of birth (as of today)."""
    births = [c for c, s in view.specs.items() if s.generator == "birth_date"]
    ages = [c for c, s in view.specs.items() if s.generator == "age" and s.kind == "int"]
    if not births or not ages or not free(view, ages[0]):
        return []
    return [Rule("age", [ages[0], births[0]], f"{ages[0]} from {births[0]}")]


def whole_years(born: np.ndarray, on: np.datetime64) -> np.ndarray:
    """Completed years between dates of birth and one day (an age on that day)."""
    born = born.astype("datetime64[D]")

    def parts(day: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        year, month = day.astype("datetime64[Y]"), day.astype("datetime64[M]")
        return (
            year.astype(np.int64),
            (month - year.astype("datetime64[M]")).astype(np.int64),
            (day - month.astype("datetime64[D]")).astype(np.int64),
        )

    by, bm, bd = parts(born)
    ty, tm, td = parts(np.full(born.shape, on.astype("datetime64[D]")))
    return np.asarray(ty - by - ((tm < bm) | ((tm == bm) & (td < bd))).astype(np.int64))


def set_age(view: TableView, age_column: str, birth_column: str, batch: Batch) -> None:
    """An age in years as of the run's clock, from the row's date of birth."""
    age, birth = batch[age_column], batch[birth_column]
    years = whole_years(np.asarray(birth.values), clock.run_now(view.config))
    rows = ~birth.nulls & (years >= 0)
    age.values[rows] = years[rows]
    age.nulls[rows] = False


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    set_age(view, rule.columns[0], rule.columns[1], batch)


RULE = RowRule(
    "age", "an age in years agrees with the date of birth", _plan, _apply, after=("payment",)
)
