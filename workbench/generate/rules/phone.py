"""Phone numbers in the calling code of the row's country (after the place rule): a country
column of its own, else a foreign key holding a country's code (`nationality char(2)
REFERENCES countries(code)`): a Brazilian passenger's phone dials +55, not the run's default."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.batch import Batch
from workbench.generate.generators import phones, registry
from workbench.generate.kinds.semantics import decide_column
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
    countries += _country_keys(view)
    if not numbers or not countries:
        return []
    cols = [*numbers, countries[0]]
    return [Rule("phone", cols, f"{', '.join(numbers)} dial {countries[0]}")]


_COUNTRY = ("country_code", "country", "country_code3")


def _country_keys(view: TableView) -> list[str]:
    """The row's single-column foreign keys whose referenced column holds countries."""
    out = []
    for column, unit in view.fk_cols.items():
        parent = view.schema.tables.get(unit.parent)
        target = parent.column(unit.ref_map.get(column, "")) if parent is not None else None
        if parent is None or target is None or len(unit.fk.columns) != 1:
            continue
        decision = decide_column(view.schema, parent, target, view.config)
        if decision.generator in _COUNTRY:
            out.append(column)
    return out


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    rng = row_rng(view, rule, idx)
    country = batch.get(rule.columns[-1])
    if country is None:
        return
    drawn = phones.phones_for(np.asarray(country.values), rng)
    for column in rule.columns[:-1]:
        col, spec = batch.get(column), view.specs[column]
        if col is None:
            continue
        # in the form the column is written in (E.164 where a CHECK asks: Generator.forms)
        rewrite = registry.written(spec.generator, spec.params.get("form"))
        made = (
            drawn
            if rewrite is None
            else np.array([rewrite(v) if v else v for v in drawn.tolist()], dtype=object)
        )
        limit = spec.max_len
        fits = (made != "") & ~country.nulls
        if limit is not None:
            fits &= np.array([len(v) <= limit for v in made.tolist()])
        col.values[fits] = made[fits]


RULE = RowRule("phone", "phone numbers dial the row's country", _plan, _apply, after=("locale",))
