"""Phone numbers in the calling code of the row's country (after the place rule): a country
column of its own, else a foreign key holding a country's code (`nationality char(2)
REFERENCES countries(code)`): a Brazilian passenger's phone dials +55, not the run's default.
A row with no country of its own dials its parent's (a key that may not be NULL to a table
holding a country, its own code or a key to a table of countries): a German customer's
contact person dials +49. Such a parent is first one that is no place the business runs (a
guest's phone at a hotel is the guest's, from anywhere); else, for a row that is no visitor
of the place (kinds/whereabouts.visitor: not a guest, a customer, a patient…), a place the
row is at by a key naming no direction (kinds/whereabouts.at_site: a site, a resort, a
branch, a region) that states a country, its own column or a key to a table of countries:
the staff of a fish farm in Norway dial +47, an instructor of a Swiss resort +41. A phone
column naming a visitor or another side (`guest_phone`, `home_phone`) is the person's own."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.batch import Batch
from workbench.generate.generators import phones, registry
from workbench.generate.kinds.meets import business_place
from workbench.generate.kinds.semantics import decide_column
from workbench.generate.kinds.whereabouts import at_site, directed, visitor
from workbench.generate.rules import money
from workbench.generate.rules.base import (
    RowRule,
    Rule,
    by_generator,
    row_rng,
)
from workbench.generate.rules.locale import country_key_of
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
        found = _parent_country(view, numbers)
        if found is None:
            return []
        path, source = found
        detail = f"{', '.join(numbers)} dial {path.table}.{source}"
        return [Rule("phone", numbers, detail, {"path": path, "source": source})]
    cols = [*numbers, countries[0]]
    return [Rule("phone", cols, f"{', '.join(numbers)} dial {countries[0]}")]


def _parent_country(view: TableView, numbers: list[str]) -> tuple[Path, str] | None:
    """The first key of the row that may not be NULL to a parent holding a country (a key
    to a table of countries), not a place the business runs; else a place the row is at,
    for a row that is no visitor and phones naming none (module doc): the path to it and
    the parent's column."""
    units = [
        u for u in view.units
        if u.mode != "self" and len(u.fk.columns) == 1
        and (c := view.table.column(u.fk.columns[0])) is not None and not c.nullable
        and u.parent in view.schema.tables
    ]  # fmt: skip
    for unit in units:
        if business_place(view.schema, unit.parent):
            continue
        found = country_key_of(view, unit.parent)
        if found is not None:
            return Path(unit.fk.columns[0], unit.parent), found
    if visitor(view.table.name) or any(directed(n) or visitor(n) for n in numbers):
        return None
    for unit in units:
        key = unit.fk.columns[0]
        if not at_site(view.schema, unit.parent, key):
            continue
        parent = view.schema.tables[unit.parent]
        own = [c for c in money.country_columns(view.schema, parent, view.config)
               if not directed(c)]  # fmt: skip
        found = own[0] if own else country_key_of(view, unit.parent)
        if found is not None:
            return Path(key, unit.parent), found
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
