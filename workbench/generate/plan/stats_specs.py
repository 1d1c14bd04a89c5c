"""Statistics applied to one table's generator: NULL fractions and value shapes on its
column specs, and the fan-out of its foreign keys."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from workbench.generate.base.hashing import stable_hash
from workbench.generate.base.tables import unique_sets
from workbench.generate.generators.shaped import fk_positions
from workbench.generate.plan.personal import personal_generator
from workbench.stats.shape import column_shape, fk_shape

SHAPE_PARAM = "stats_shape"


def _declares_values(override: Any) -> bool:
    """sandbox.toml gives the column's distribution itself: weights or a range."""
    return override is not None and (isinstance(override.values, dict) or override.range)


def shape_specs(view: Any) -> list[str]:
    """Set each covered column's NULL fraction and value shape; returns notes for the plan."""
    stats = view.plan.statistics
    notes: list[str] = []
    if stats is None:
        return notes
    section = view.config.table(view.tp.name)
    # Keys are the uniqueness engine's: their values come from row numbers, never a pool.
    keyed = {c for key in unique_sets(view.table) for c in key}
    for name, spec in view.specs.items():
        col = stats.column(view.tp.name, name)
        if col is None:
            continue
        override = section.columns.get(name)
        declared_nulls = override is not None and override.null_fraction is not None
        if spec.nullable and col.null_frac is not None and not declared_nulls:
            spec.null_fraction = min(max(col.null_frac, 0.0), 1.0)
            spec.params["null_strata"] = (view.tp.rows, stable_hash(view.tp.name, name, "nulls"))
        skip = (
            name in view.fk_cols
            or name in keyed
            or spec.unique
            or spec.partition is not None
            or spec.after
            or spec.info.array_dims
            or _declares_values(override)
        )
        if skip:
            continue
        personal = personal_generator(view.schema, view.tp.name, name, spec.generator) is not None
        salt = stable_hash(view.tp.name, name, "stats")
        shape = column_shape(col, spec, view.tp.rows, salt, personal)
        if shape is not None:
            spec.params[SHAPE_PARAM] = shape
            notes.append(name)
    return notes


@dataclass
class FkShapes:
    """Per table (scratch): each FK column's shape from its statistics, None for none."""

    by_column: dict[str, Any] = field(default_factory=dict)


def fk_rows(
    view: Any, unit: Any, rng: np.random.Generator, idx: np.ndarray, size: int
) -> np.ndarray | None:
    """Positions into the parent's valid rows shaped by the FK column's statistics, or None
    when there are none (the default fan-out applies)."""
    stats = view.plan.statistics
    if stats is None or len(unit.fk.columns) != 1 or unit.mode != "normal":
        return None
    column = unit.fk.columns[0]
    col = stats.column(view.tp.name, column)
    if col is None:
        return None
    cache = view.scratch.get(FkShapes).by_column
    if column not in cache:
        prod_parents = stats.rows(unit.parent)
        ratio = size / prod_parents if prod_parents else None
        salt = stable_hash(view.tp.name, column, "fk")
        cache[column] = fk_shape(col, view.tp.rows, size, ratio, salt)
    shape = cache[column]
    if shape is None:
        return None
    return fk_positions(shape, rng, idx, size)
