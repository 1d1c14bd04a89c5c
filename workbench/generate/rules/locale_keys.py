"""A row's locale through its keys: when a row has a country of its own and a foreign key to a
table of facts (currencies, countries, calling codes), the key points at the row's country's
fact: a table of countries whose `currency_code` references a table of currencies picks the
country's own currency, not any currency.

The parent rows are searched by the referenced column's value; a row whose fact the parent
table does not hold keeps its free pick."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.batch import factorize
from workbench.generate.base.runs import lookup
from workbench.generate.kinds.semantics import decide_column
from workbench.generate.rules.base import LinkRule, Stage
from workbench.generate.rules.locale import FACTS, country_anchor, country_rows

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.links import Links
    from workbench.generate.view import FKUnit, TableView


@dataclass
class LocaleKeys:
    """Per table (scratch): the keys that follow the row's country, planned once."""

    planned: list[tuple[FKUnit, str]] | None = None
    anchor: str | None = None


def _plan(view: TableView) -> LocaleKeys:
    state = view.scratch.get(LocaleKeys)
    if state.planned is not None:
        return state
    state.planned = []
    state.anchor = country_anchor(view)
    if state.anchor is None:
        return state
    for unit in view.units:
        if len(unit.fk.columns) != 1 or not view.drawn_freely(unit):
            continue
        column = unit.fk.columns[0]
        parent = view.schema.tables.get(unit.parent)
        model = parent.column(unit.fk.ref_columns[0]) if parent is not None else None
        if parent is None or model is None or view.specs[column].unique:
            continue
        fact = decide_column(view.schema, parent, model, view.config).generator
        if fact in FACTS:
            state.planned.append((unit, fact))
    return state


def follow_locale(view: TableView, links: Links, batch: Batch, idx: np.ndarray) -> None:
    """Each planned key re-picked among the parent rows holding the row's country's fact."""
    state = _plan(view)
    if not state.planned or state.anchor is None or state.anchor not in batch:
        return
    anchor = batch[state.anchor]
    uniq, codes = factorize(np.asarray(anchor.values))
    facts = country_rows(uniq)
    for unit, fact in state.planned:
        key = ",".join(unit.fk.columns)
        rows, nulls = view.parent_rows(key)
        if rows is None:
            continue
        source, _ = view.parent_keys(unit)
        held = source[unit.ref_map[unit.fk.columns[0]]]
        make = FACTS[fact]
        table = np.empty(len(facts), dtype=object)
        table[:] = [make(f) if f is not None else "" for f in facts]
        wanted = table[codes]
        try:
            hit, found = lookup(held, wanted.astype(held.values.dtype))
        except (TypeError, ValueError):  # keys of a kind that does not compare with text
            continue
        found &= ~anchor.nulls & ~nulls
        if not found.any():
            continue
        picked = rows.copy()
        picked[found] = hit[found]
        links.assign(batch, unit, picked, idx.size, nulls, source)


RULE = LinkRule(
    "keys of the row's locale",
    "a key to a table of facts (currencies, countries) points at the row's country's",
    Stage.KEYS,
    follow_locale,
    after=(
        "keys that meet at a site",
    ),  # after the meets: a fact's key follows the row's own country
)
