"""Drawing a batch of values from a `Shape` (vectorised: one pass of numpy per batch).

Each row draws a slot: a most common value with its frequency, or the tail. Tail rows take
the pool value the row number maps to through a bijection of the table's rows, so each of the
tail's distinct values appears about equally often and the distinct count comes out as
planned (random draws would leave a third of a near-unique pool unused)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import numpy as np

from workbench.generate.base.hashing import affine, stable_hash
from workbench.stats.shape import OWN_POOL_LIMIT, Shape

# The column's own value maker (values.generate_values), for the values statistics leave to it.
Maker = Callable[[Any, np.random.Generator, np.ndarray, dict[str, Any]], np.ndarray]


def draw_slots(shape: Shape, rng: np.random.Generator, idx: np.ndarray) -> np.ndarray:
    """Per row: its slot (0…k-1 a most common value; k + j the tail's j-th value). Each row
    has a stratum, its row number through a bijection of the table's rows: the strata
    below the common values' total frequency pick them (with jitter inside the stratum), so
    the frequencies come out as planned even in a small table; the strata above it are
    spread evenly over the tail, so every tail value gets its share of rows (independent
    draws would leave part of a near-unique pool unused)."""
    n = idx.size
    k = len(shape.probs)
    total = max(shape.rows, int(idx.max()) + 1 if n else 1)
    strata = affine(idx, total, shape.salt)
    if k:
        cum = np.cumsum(shape.probs)
        u = (strata + rng.random(n)) / total
        slot = np.searchsorted(cum, u, side="right")
        slot = np.minimum(slot, k if shape.tail_distinct else k - 1)
    else:
        slot = np.zeros(n, dtype=np.int64)
    if shape.tail_distinct:
        first = min(int(float(shape.probs.sum()) * total), total - 1) if k else 0
        span = total - first
        tail = np.clip(strata - first, 0, span - 1) * shape.tail_distinct // span
        slot = np.where(slot >= k, k + tail, slot)
    return slot.astype(np.int64)


def _plain(spec: Any) -> Any:
    params = {k: v for k, v in spec.params.items() if k != "stats_shape"}
    return dataclasses.replace(spec, params=params, unique=False)


def _fit_width(values: np.ndarray, width: int) -> np.ndarray:
    """Free text brought near the production's average width (avg_width less the one-byte
    header of a short value): long values cut, short ones repeated."""
    target = max(1, width - 1)
    lengths = np.fromiter((len(v) for v in values.tolist()), dtype=np.int64, count=len(values))
    mean = float(lengths.mean()) if len(lengths) else 0.0
    if not mean or target / 1.5 <= mean <= target * 1.5:
        return values
    out = np.empty(len(values), dtype=object)
    if mean > target:
        keep = np.maximum(1, np.round(lengths * target / mean)).astype(np.int64)
        out[:] = [
            v[:k].rstrip() or v[:k] for v, k in zip(values.tolist(), keep.tolist(), strict=False)
        ]
    else:
        times = max(1, round(target / mean))
        out[:] = [" ".join([v] * times) for v in values.tolist()]
    return out


def own_pool(spec: Any, shape: Shape, part: str, size: int, make: Maker) -> np.ndarray:
    """`size` values from the column's own generator, made once per column and part."""

    key = f"own:{part}:{size}"
    if key not in shape.cache:
        rng = np.random.default_rng([spec.seed, shape.salt, stable_hash(part)])
        made = make(_plain(spec), rng, np.arange(size, dtype=np.int64), {})
        if shape.width and made.dtype == object:
            made = _fit_width(made, shape.width)
        shape.cache[key] = made
    pool: np.ndarray = shape.cache[key]
    return pool


def shaped_values(
    spec: Any, shape: Shape, rng: np.random.Generator, idx: np.ndarray, make: Maker
) -> np.ndarray:
    """Typed values for every row of the batch (NULLs are applied by the caller)."""

    k = len(shape.probs)
    slot = draw_slots(shape, rng, idx)
    common = slot < k
    tail_rows = ~common
    if shape.tail is not None:
        out = shape.tail[np.where(common, 0, slot - k)]
    elif shape.tail_distinct <= OWN_POOL_LIMIT:
        pool = own_pool(spec, shape, "tail", max(shape.tail_distinct, 1), make)
        out = pool[np.where(common, 0, slot - k)]
    else:  # near-unique and large: the generator's own values, row by row
        out = make(_plain(spec), rng, idx, {})
    if common.any():
        mcv = shape.mcv if shape.mcv is not None else own_pool(spec, shape, "common", k, make)
        out = out.copy() if not tail_rows.all() else out
        out[common] = mcv[slot[common]]
    return out


def fk_positions(shape: Shape, rng: np.random.Generator, idx: np.ndarray, size: int) -> np.ndarray:
    """Indices into the parent's valid rows: a distinct parent per common slot (the parent
    with production's biggest share of children exists), the tail spread evenly."""
    return affine(draw_slots(shape, rng, idx), size, shape.salt)


def stratified_nulls(spec: Any, rng: np.random.Generator, idx: np.ndarray) -> np.ndarray:
    """NULLs at the statistics' fraction, stratified over the table's rows like the slots
    (another bijection, so NULLs do not favour any value): exact to a row or so."""
    rows, salt = spec.params["null_strata"]
    total = max(rows, int(idx.max()) + 1 if idx.size else 1)
    u = (affine(idx, total, salt) + rng.random(idx.size)) / total
    nulls: np.ndarray = u < spec.null_fraction
    return nulls
