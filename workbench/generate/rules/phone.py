"""Phone numbers in the calling code of the row's country (after the place rule): a country
column of its own, else a foreign key holding a country's code (`nationality char(2)
REFERENCES countries(code)`): a Brazilian passenger's phone dials +55, not the run's default.
A row with no country of its own dials its parent's (a key that may not be NULL to a table
holding a country, its own code or a key to a table of countries): a German customer's
contact person dials +49. Not a parent that is a place the business runs (a guest's phone
at a hotel is the guest's, from anywhere)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.batch import Batch
from workbench.generate.generators import phones, registry
from workbench.generate.kinds.meets import business_place
from workbench.generate.kinds.semantics import decide_column
from workbench.generate.rules.base import (
    RowRule,
    Rule,
    by_generator,
    row_rng,
)
from workbench.generate.rules.paths import Path, source_values

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
    if not numbers:
        return []
    if not countries:
        found = _parent_country(view)
        if found is None:
            return []
        path, source = found
        detail = f"{', '.join(numbers)} dial {path.table}.{source}"
        return [Rule("phone", numbers, detail, {"path": path, "source": source})]
    cols = [*numbers, countries[0]]
    return [Rule("phone", cols, f"{', '.join(numbers)} dial {countries[0]}")]


def _parent_country(view: TableView) -> tuple[Path, str] | None:
    """The first key of the row that may not be NULL to a parent holding a country (its own
    code or name, or a key to a table of countries), not a place the business runs: the
    path to it and the parent's column."""
    for unit in view.units:
        if unit.mode == "self" or len(unit.fk.columns) != 1:
            continue
        column = view.table.column(unit.fk.columns[0])
        parent = view.schema.tables.get(unit.parent)
        if column is None or column.nullable or parent is None:
            continue
        if business_place(view.schema, parent.qualified):
            continue
        for pfk in parent.foreign_keys:
            target = view.schema.tables.get(pfk.ref_qualified)
            ref = target.column(pfk.ref_columns[0]) if target is not None else None
            if len(pfk.columns) != 1 or target is None or ref is None:
                continue
            if decide_column(view.schema, target, ref, view.config).generator in _COUNTRY:
                return Path(unit.fk.columns[0], unit.parent), pfk.columns[0]
    return None


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
    if "path" in rule.data:  # the parent's country
        got = source_values(view, rule.data["path"], rule.data["source"], batch)
        if got is None:
            return
        values, missing = np.asarray(got[0], dtype=object), np.asarray(got[1], bool)
        numbers = rule.columns
    else:
        country = batch.get(rule.columns[-1])
        if country is None:
            return
        values, missing = np.asarray(country.values), country.nulls
        numbers = rule.columns[:-1]
    drawn = phones.phones_for(np.where(missing, "", values), rng)
    for column in numbers:
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
        fits = (made != "") & ~missing & ~col.nulls
        if limit is not None:
            fits &= np.array([len(v) <= limit for v in made.tolist()])
        col.values[fits] = made[fits]


RULE = RowRule("phone", "phone numbers dial the row's country", _plan, _apply, after=("locale",))
