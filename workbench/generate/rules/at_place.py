"""A row's own copy of an attribute of where it is: its time zone, language, locale or region
is that of the nearest parent carrying the same attribute, the parent it belongs to. An
employee keeps the time zone of the office it works at, a course is taught in its school's
language, a booking keeps its hotel's time zone.

Which parent: one key before two (a parent's own before a grandparent's); among the row's
keys, first a place the row is at (kinds/whereabouts.where_it_is: a site, a region, a town),
then a party or the owning parent (money.ranked_paths with the parties), then the other keys
as declared. Never through a key, nor to a column, that names a direction or another side
(kinds/whereabouts.directed): a transfer's receiving account's time zone, a guest's home
time zone or a user's preferred language is another place's or the person's own.

The country of the row is the place rule's (rules/place.py follows the same parents, a place
the row is at without any abroad); the currency the copies' and party_currency's. A row that
has a city or coordinates of its own (a place group of the place rule) keeps its city's time
zone and region: its own place decides them, not its parent's. The value is copied where the
column can hold it (its length, a list a CHECK or an enum allows)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.kinds.whereabouts import directed
from workbench.generate.rules import money
from workbench.generate.rules.base import Phase, RowRule, Rule, free, labels_of
from workbench.generate.rules.paths import Path, paths_of, source_values

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

# the attributes of a place a row repeats, by generator
ATTRIBUTES = ("timezone", "language_code", "language_name", "locale", "region", "region_code")
# a place of the row's own: its city's zone and region are its own
_OWN_PLACE = {"city", "postal_code", "latitude", "longitude"}


def keep_columns(view: TableView) -> set[str]:
    """What a parent keeps for its children's copies: its attributes of a place."""
    return {
        name for name, spec in view.specs.items()
        if spec.generator in ATTRIBUTES and not directed(name)
    }  # fmt: skip


def _order(view: TableView, paths: list[Path]) -> list[Path]:
    """One key before two; a place the row is at, then a party or the owner, then the rest."""
    undirected = [
        p for p in paths
        if not any(directed(c) for c in p.fk.split(",")) and not (p.via and directed(p.via))
    ]  # fmt: skip
    ranked = money.ranked_paths(view, undirected, parties=True)
    rest = [p for p in money.ranked_paths(view, undirected) if p not in ranked]
    return sorted([*ranked, *rest], key=lambda p: p.via is not None)


def _source(
    view: TableView, paths: list[Path], generator: str, name: str
) -> tuple[Path, str] | None:
    for path in paths:
        table = view.schema.tables.get(path.table)
        if table is None or path.table == view.tp.name:
            continue
        kept = keep_columns_of(view, path.table)
        same = [c for c in kept if kept[c] == generator]
        if same:  # the column of the same name first (timezone beside display_timezone)
            return path, next((c for c in same if normalise(c) == normalise(name)), same[0])
    return None


def keep_columns_of(view: TableView, table: str) -> dict[str, str]:
    """A parent's attribute columns (undirected) and their generators, as its plan decided."""
    model = view.schema.tables[table]
    gens = money.text_generators(view.schema, model, view.config)
    return {c: g for c, g in gens.items() if g in ATTRIBUTES and not directed(c)}


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    placed = {
        c for r in planned if r.kind == "place" and _OWN_PLACE & set(r.data["fields"])
        for c in r.columns
    }  # fmt: skip
    paths: list[Path] | None = None
    out = []
    for name, spec in view.specs.items():
        if spec.generator not in ATTRIBUTES or name in placed or directed(name):
            continue
        if not free(view, name):
            continue
        paths = paths if paths is not None else _order(view, paths_of(view))
        found = _source(view, paths, spec.generator, name)
        if found is None:
            continue
        path, source = found
        how = "" if path.via is None else f" (through {path.parent})"
        detail = f"{name}: that of {path.table}.{source}{how}, where the row is"
        out.append(Rule("at_place", [name], detail, {"path": path, "source": source}))
    return out


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    name = rule.columns[0]
    col = batch.get(name)
    got = source_values(view, rule.data["path"], rule.data["source"], batch)
    if col is None or got is None:
        return
    values, missing = got
    values = np.asarray(values, dtype=object)
    spec = view.specs[name]
    fits = ~missing & ~col.nulls
    text = values.astype(str)
    allowed = labels_of(spec)
    if allowed:
        fits &= np.isin(text, allowed)
    if spec.max_len is not None:
        fits &= np.char.str_len(text) <= spec.max_len
    col.values[fits] = values[fits]


RULE = RowRule(
    "at_place",
    "a row's time zone, language, locale or region is that of the place it is at",
    _plan,
    _apply,
    phases={"at_place": Phase.ROW},
    after=("locale",),  # after the row's own country set its zone
    before=("scheme_details",),
)
