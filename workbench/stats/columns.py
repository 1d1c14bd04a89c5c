"""Statistics applied to one table's generator: NULL fractions and value shapes on its
column specs, and the fan-out of its foreign keys."""

from __future__ import annotations

from typing import Any

import numpy as np

from workbench.generate.plan import stable_hash, unique_sets
from workbench.stats.draw import fk_positions
from workbench.stats.privacy import personal_generator
from workbench.stats.shape import column_shape, fk_shape

SHAPE_PARAM = "stats_shape"


def _declares_values(override: Any) -> bool:
    """sandbox.toml gives the column's distribution itself: weights or a range."""
    return override is not None and (isinstance(override.values, dict) or override.range)


def shape_specs(gen: Any) -> list[str]:
    """Set each covered column's NULL fraction and value shape; returns notes for the plan."""
    stats = gen.plan.statistics
    notes: list[str] = []
    if stats is None:
        return notes
    section = gen.config.table(gen.tp.name)
    # Keys are the uniqueness engine's: their values come from row numbers, never a pool.
    keyed = {c for key in unique_sets(gen.table) for c in key}
    for name, spec in gen.specs.items():
        col = stats.column(gen.tp.name, name)
        if col is None:
            continue
        override = section.columns.get(name)
        declared_nulls = override is not None and override.null_fraction is not None
        if spec.nullable and col.null_frac is not None and not declared_nulls:
            spec.null_fraction = min(max(col.null_frac, 0.0), 1.0)
            spec.params["null_strata"] = (gen.tp.rows, stable_hash(gen.tp.name, name, "nulls"))
        skip = (
            name in gen.fk_cols
            or name in keyed
            or spec.unique
            or spec.partition is not None
            or spec.after
            or spec.info.array_dims
            or _declares_values(override)
        )
        if skip:
            continue
        personal = personal_generator(gen.schema, gen.tp.name, name, spec.generator) is not None
        salt = stable_hash(gen.tp.name, name, "stats")
        shape = column_shape(col, spec, gen.tp.rows, salt, personal)
        if shape is not None:
            spec.params[SHAPE_PARAM] = shape
            notes.append(name)
    return notes


def fk_rows(
    gen: Any, unit: Any, rng: np.random.Generator, idx: np.ndarray, size: int
) -> np.ndarray | None:
    """Positions into the parent's valid rows shaped by the FK column's statistics, or None
    when there are none (the default fan-out applies)."""
    stats = gen.plan.statistics
    if stats is None or len(unit.fk.columns) != 1 or unit.mode != "normal":
        return None
    column = unit.fk.columns[0]
    col = stats.column(gen.tp.name, column)
    if col is None:
        return None
    cache = gen.__dict__.setdefault("_fk_shapes", {})
    if column not in cache:
        prod_parents = stats.rows(unit.parent)
        ratio = size / prod_parents if prod_parents else None
        salt = stable_hash(gen.tp.name, column, "fk")
        cache[column] = fk_shape(col, gen.tp.rows, size, ratio, salt)
    shape = cache[column]
    if shape is None:
        return None
    return fk_positions(shape, rng, idx, size)
