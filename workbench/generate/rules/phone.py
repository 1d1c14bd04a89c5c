"""Phone numbers in the calling code of the row's country (after the place rule)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.batch import Batch
from workbench.generate.generators import phones
from workbench.generate.rules.base import (
    RowRule,
    Rule,
    by_generator,
    row_rng,
)

if TYPE_CHECKING:
    from workbench.generate.view import TableView


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    """Phone numbers in the calling code of the row's country (after the place rule)."""
    numbers = by_generator(view, "phone")
    countries = [
        c
        for c, s in view.specs.items()
        if s.generator in ("country_code", "country", "country_code3")
    ]
    if not numbers or not countries:
        return []
    cols = [*numbers, countries[0]]
    return [Rule("phone", cols, f"{', '.join(numbers)} dial {countries[0]}")]


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    rng = row_rng(view, rule, idx)
    country = batch.get(rule.columns[-1])
    if country is None:
        return
    made = phones.phones_for(np.asarray(country.values), rng)
    for column in rule.columns[:-1]:
        col, limit = batch.get(column), view.specs[column].max_len
        if col is None:
            continue
        fits = (made != "") & ~country.nulls
        if limit is not None:
            fits &= np.array([len(v) <= limit for v in made.tolist()])
        col.values[fits] = made[fits]


RULE = RowRule("phone", "phone numbers dial the row's country", _plan, _apply, after=("locale",))
