"""A place without a town of its own lies in its ancestor's: a row whose address group names no
city (a docking station's, a charger's, a kiosk's `latitude`/`longitude` or postcode) under a
parent one or two keys away that names one (a station's system's city, a charger's site's town)
is placed in that city: its coordinates within a few kilometres of it, its postcode one of it.
So the stations of one bike-share system are a few kilometres apart, not a continent, and a
ride between two of them takes minutes. A row with a city or a country of its own (a column,
or a parent's country it follows) keeps them (a shipping address may lie elsewhere). Nothing
here names a table: the city is the column the city generator fills, found along the row's
keys."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.generate.generators import places
from workbench.generate.kinds.semantics import decide_column
from workbench.generate.rules.paths import Path, paths_of, source_values

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView
    from workbench.schema.model import Table

# what a group places where its ancestor's city is
_PLACED = frozenset({"latitude", "longitude", "postal_code"})
_COUNTRY = frozenset({"country", "country_code", "country_code3"})


def _city_column(view: TableView, table: Table) -> str | None:
    for column in table.columns:
        if decide_column(view.schema, table, column, view.config).generator == "city":
            return column.name
    return None


def keep_columns(view: TableView) -> set[str]:
    """A table's city, which its children's and grandchildren's places lie in."""
    found = _city_column(view, view.table)
    return {found} if found is not None else set()


def plan_city(view: TableView, members: dict[str, str]) -> dict[str, Any] | None:
    """The path to the nearest ancestor's city a group without a city of its own lies in
    (its coordinates or postcode), one key away before two."""
    if "city" in members or not set(members) & _PLACED or set(members) & _COUNTRY:
        return None  # a row that says its town or its country keeps them
    paths = sorted(paths_of(view), key=lambda p: p.via is not None)
    for path in paths:
        table = view.schema.tables.get(path.table)
        if table is None or path.table == view.tp.name:
            continue
        city = _city_column(view, table)
        if city is not None:
            return {"path": path, "source": city}
    return None


@functools.cache
def _index(seed: int) -> dict[str, np.ndarray]:
    table = places.places(seed)
    out: dict[str, list[int]] = {}
    for at, name in enumerate(table.fields["city"].tolist()):
        out.setdefault(str(name), []).append(at)
    return {k: np.asarray(v, dtype=np.int64) for k, v in out.items()}


def follow_city(
    view: TableView, found: dict[str, Any], batch: Batch, which: np.ndarray
) -> np.ndarray | None:
    """Move each row's drawn place (`which`) to its ancestor's city where that city is one of
    the place table's; the rows moved, or None."""
    path = found["path"]
    got = source_values(view, Path(**path) if isinstance(path, dict) else path,
                        str(found["source"]), batch)  # fmt: skip
    if got is None:
        return None
    names, missing = np.asarray(got[0]).astype(str), got[1]
    index = _index(view.seed)
    moved = np.zeros(which.size, dtype=bool)
    for name in np.unique(names[~missing]):
        at = index.get(str(name))
        if at is None:
            continue
        rows = (names == name) & ~missing
        which[rows] = at[0]
        moved |= rows
    return moved if moved.any() else None
