"""How a row reaches a column of another table: the paths its foreign keys form (one hop, or
two through a parent's key), and for each batch the row of that table each row reaches."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

import numpy as np

from workbench.generate.base.batch import Batch, Col
from workbench.generate.base.runs import lookup
from workbench.generate.kinds.categories import labels as category_labels
from workbench.generate.view import TableView


@dataclass(frozen=True)
class Path:
    """How a row reaches a column of another table: the FK it fills (its columns joined by
    commas, the parent) and, for a second hop, the parent's FK column and the key it holds."""

    fk: str
    parent: str
    via: str | None = None  # the parent's column that references `target`
    target: str | None = None  # the second table
    target_key: str | None = None

    @property
    def table(self) -> str:
        return self.target or self.parent


def paths_of(view: TableView) -> list[Path]:
    out = []
    for unit in view.units:
        if unit.mode == "self":
            continue
        fk = ",".join(unit.fk.columns)
        out.append(Path(fk, unit.parent))
        parent = view.schema.tables.get(unit.parent)
        if parent is None:
            continue
        for pfk in parent.foreign_keys:
            if len(pfk.columns) == 1 and pfk.ref_qualified != unit.parent:
                out.append(
                    Path(fk, unit.parent, pfk.columns[0], pfk.ref_qualified, pfk.ref_columns[0])
                )
    return out


T = TypeVar("T")


def labelled_parent(
    view: TableView, find: Callable[[list[str]], T | None]
) -> tuple[Path, str, list[str], T] | None:
    """The first column of a parent one key away whose labels (an enum's, a CHECK's list)
    `find` recognises: the path to it, the column, its labels and what `find` made of them."""
    for path in paths_of(view):
        table = view.schema.tables.get(path.parent)
        if path.via is not None or table is None:
            continue
        for column in table.columns:
            listed = category_labels(view.schema, table, column)
            found = find(listed) if listed else None
            if listed and found is not None:
                return path, column.name, listed, found
    return None


def qualified(name: str) -> str:
    return name if "." in name else f"public.{name}"


@dataclass
class SourceRows:
    """The rows each path reaches, found once per batch (scratch)."""

    batch: Batch | None = None
    found: dict[Path, tuple[dict[str, Col], np.ndarray, np.ndarray] | None] = field(
        default_factory=dict
    )


def source_rows(
    view: TableView, path: Path, batch: Batch
) -> tuple[dict[str, Col], np.ndarray, np.ndarray] | None:
    """The kept columns of the table a path reaches, the row of it each batch row reads, and
    where it reads none (found once per batch: a copy and a conversion read the same rows)."""
    memo = view.scratch.get(SourceRows)
    if memo.batch is not batch:
        memo.batch = batch
        memo.found.clear()
    if path not in memo.found:
        memo.found[path] = _find_source_rows(view, path, batch)
    return memo.found[path]


def _find_source_rows(
    view: TableView, path: Path, batch: Batch
) -> tuple[dict[str, Col], np.ndarray, np.ndarray] | None:
    rows, nulls = view.parent_rows(path.fk)
    parent = view.keys.tables.get(path.parent)
    if parent is None:
        return None
    if rows is None:
        # an FK whose columns another FK filled: find the parent rows by value
        unit = next((u for u in view.units if ",".join(u.fk.columns) == path.fk), None)
        if unit is None or len(unit.fk.columns) != 1 or unit.fk.columns[0] not in batch:
            return None
        child = batch[unit.fk.columns[0]]
        ref = parent.get(unit.fk.ref_columns[0])
        if ref is None:
            return None
        rows, found = lookup(ref, child.values)
        nulls = child.nulls | ~found
    if path.via is None:
        return parent, rows, nulls
    via, target = parent.get(path.via), view.keys.tables.get(path.table)
    if via is None or target is None or path.target_key not in target:
        return None
    hit, found = lookup(target[path.target_key], via.values[rows])
    return target, hit, nulls | via.nulls[rows] | ~found


def source_values(
    view: TableView, path: Path, source: str, batch: Batch
) -> tuple[Any, np.ndarray] | None:
    """The source column's values for each row of the batch and where they are missing."""
    got = source_rows(view, path, batch)
    if got is None or source not in got[0]:
        return None
    table, rows, missing = got
    col = table[source]
    return col.values[rows], missing | col.nulls[rows]
