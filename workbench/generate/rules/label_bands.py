"""A money column drawn around the band its row's label names (a vocabulary's lowest, typical
and highest, in US dollars, before the money rule scales it to the row's currency): an item's
price by what the item is (rules/item_price.py), an hour's rate by the person's role
(rules/role_rate.py); and the youngest a person of a role is hired at (rules/born.py). The
label is a column of the row's own table or of an ancestor's a key
or two away (rules/paths.py), the nearest first; its labels are an enum's or a CHECK's list,
most of which the vocabulary must know. A label it does not know keeps the value drawn."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.checks.hints import column_hints
from workbench.generate.kinds.reference_lists import table_reference
from workbench.generate.rules.base import Rule, row_rng
from workbench.generate.rules.paths import Path, paths_of, source_values
from workbench.schema.typeinfo import resolve_type

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView
    from workbench.schema.model import Column, Schema, Table

Bands = dict[str, list[float]]  # label -> [lowest, typical, highest]
T = TypeVar("T")
# a table's column of labels and what the vocabulary says of them (their bands), or None
Finder = Callable[["Schema", "Table"], "tuple[str, T] | None"]
_KNOWN = 0.6  # the share of a column's labels the vocabulary must know
_SIGMA = 6.0  # a band's width (lowest to highest, in logs) over the values' spread


def listed_labels(schema: Schema, table: Table, column: Column) -> list[str]:
    """The labels a column may hold: its enum's, or its CHECK's list (else none)."""
    info = resolve_type(schema, column.type)
    if info.kind == "enum":
        return [str(v) for v in info.labels]
    if info.kind == "text":
        allowed = column_hints(schema, table, column).allowed
        return [str(v) for v in allowed] if allowed else []
    return []


def known(labels: Sequence[str], lookup: Callable[[str], T | None]) -> dict[str, T] | None:
    """What the vocabulary (`lookup`) says of each label, where it knows most of them."""
    found = {lb: b for lb in labels if (b := lookup(lb)) is not None}
    if len(found) < 2 or len(found) < _KNOWN * len(labels):
        return None
    return found


def known_bands(
    labels: Sequence[str], band: Callable[[str], Sequence[float] | None]
) -> Bands | None:
    """Each label's band, where the vocabulary (`band`) knows most of the labels."""
    found = known(labels, band)
    return None if found is None else {lb: list(b) for lb, b in found.items()}


def label_column(
    schema: Schema, table: Table, lookup: Callable[[str], T | None]
) -> tuple[str, dict[str, T]] | None:
    """The table's first column whose listed labels the vocabulary (`lookup`) mostly knows,
    and what it says of each."""
    for column in table.columns:
        found = known(listed_labels(schema, table, column), lookup)
        if found is not None:
            return column.name, found
    return None


def labelled(
    view: TableView, find: Finder[T], prefer: Callable[[Schema, str], bool] | None = None
) -> tuple[dict[str, Any], str] | None:
    """The rule's data (the label column, its bands or what else `find` says of its labels,
    the path to it when an ancestor's) and whose label it is ("its", "its timekeeper's"), or
    None when no table near has one. Nearer tables first; with `prefer`, the ancestors it
    accepts (a party, not a price list) before all the others."""
    own = find(view.schema, view.table)
    if own is not None:
        return {"source": own[0], "bands": own[1]}, "its"
    for only in (prefer, None) if prefer is not None else (None,):
        for hops in (False, True):
            for path in paths_of(view):
                table = view.schema.tables.get(path.table)
                if (path.via is not None) != hops or table is None:
                    continue
                if only is not None and not only(view.schema, path.table):
                    continue
                found = find(view.schema, table)
                if found is not None:
                    data = {"source": found[0], "bands": found[1],
                            "path": [path.fk, path.parent, path.via, path.target,
                                     path.target_key]}  # fmt: skip
                    return data, f"its {path.table.rsplit('.', 1)[-1]}'s"
    return None


def row_labels(
    view: TableView, data: dict[str, Any], batch: Batch
) -> tuple[np.ndarray, np.ndarray] | None:
    """Each row's label (as text) and whether it has none, read where `labelled` found it:
    the row's own column or its ancestor's through the path."""
    if "path" in data:
        got = source_values(view, Path(*data["path"]), data["source"], batch)
        if got is None:
            return None
        labels, missing = got
    else:
        own = batch.get(data["source"])
        if own is None:
            return None
        labels, missing = own.values, own.nulls
    return np.asarray(labels).astype(str), np.asarray(missing, dtype=bool)


def role_column(
    schema: Schema, table: Table, band: Callable[[str], Sequence[float] | None]
) -> tuple[str, Bands] | None:
    """The table's column naming people's roles and each role's band (`band`): the name
    column of a table of a trade's roles (kinds/reference_lists.py), else a column whose
    listed labels mostly name roles the vocabulary knows."""
    listed = table_reference(schema, table)
    if listed is not None:
        found = known_bands([name for name, _ in listed.entries], band)
        if found is not None:
            for column in table.columns:
                norm = normalise(column.name)
                if norm == "name" or norm.endswith("_name"):
                    return column.name, found
    labelled_by = label_column(schema, table, band)
    if labelled_by is None:
        return None
    return labelled_by[0], {lb: list(b) for lb, b in labelled_by[1].items()}


def draw(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    """Each row's value drawn log-normally around its label's typical value, within the band,
    the column's bounds and on its step."""
    col = batch.get(rule.columns[0])
    got = row_labels(view, rule.data, batch)
    if col is None or not idx.size or got is None:
        return
    labels, missing = got
    rng = row_rng(view, rule, idx)
    spec = view.specs[rule.columns[0]]
    step = spec.step or 0.01
    bounds = spec.info.bounds()
    for label, (lo, typical, hi) in rule.data["bands"].items():
        rows = (labels == label) & ~missing & ~col.nulls
        k = int(rows.sum())
        if not k:
            continue
        sigma = np.log(hi / lo) / _SIGMA
        made = np.clip(typical * np.exp(rng.normal(0.0, sigma, k)), lo, hi)
        if bounds is not None:
            made = np.clip(made, bounds[0], bounds[1])
        made = np.maximum(np.round(made / step) * step, step)
        col.values[rows] = made.astype(col.values.dtype)
