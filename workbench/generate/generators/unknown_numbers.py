"""A number nothing recognised: drawn on a sane magnitude, not evenly over its type's range.

A `numeric(8,5)` nobody named holds values near 1 (a rate, a factor, a ratio: five decimals
say the digits after the point matter), a `numeric(12,2)` an amount in the hundreds or
thousands, a bare `numeric`, `real` or `integer` a few tens. Evenly over the type's range
they would average half its maximum (about 500 for `numeric(8,5)`, 50,000 for an integer),
which no column of a real database does.

The magnitude: log-normal (`SPREAD` decades either side for most rows) around a centre the
type's precision and scale imply (`centre`), or around a positive declared DEFAULT's value
(`multiplier DEFAULT 1`: the rows that differ are still near 1; kinds/defaults.py), moved
inside the CHECK bounds when they exclude it. When the CHECKs (or sandbox.toml's `range`)
bound the column on both sides, the values spread evenly between those bounds as before: the
schema said where they lie."""

from __future__ import annotations

import numpy as np

from workbench.generate.generators.value_spec import ColumnSpec, num_bounds

SPREAD = 0.45  # decades: about 95 % of rows within a factor of 8 of the centre
_PLAIN = 1.5  # a bare numeric, real or double precision: a few tens
_INTEGER = 1.3  # an integer: about twenty
_SMALL = 1.0  # a smallint: about ten


def centre(spec: ColumnSpec) -> float:
    """log10 of the typical value of an unrecognised number of the column's type: more digits
    before the point allow larger values (up to the hundreds), more after it smaller ones."""
    info = spec.info
    if info.kind == "int":
        return _SMALL if info.name == "smallint" else _INTEGER
    if info.kind != "decimal" or info.precision is None:
        return _PLAIN
    scale = info.scale or 0
    whole = info.precision - scale
    mid = min(0.5 * (whole - 1), 2.5) - 0.3 * max(scale - 2, 0)
    return min(mid, whole - 0.7)


def _bounded(spec: ColumnSpec) -> bool:
    """Whether the schema (or sandbox.toml) bounds the column on both sides."""
    hints = spec.hints
    both = isinstance(hints.lo, (int, float)) and isinstance(hints.hi, (int, float))
    return bool(spec.params.get("range")) or both


def unknown_numbers(
    spec: ColumnSpec, rng: np.random.Generator, n: int
) -> tuple[np.ndarray, float, float]:
    """(values, lo, hi) for an unrecognised number column: see the module."""
    lo, hi = num_bounds(spec, 0.0, 1e15)
    if _bounded(spec) or hi <= 0:
        if not _bounded(spec):
            lo, hi = num_bounds(spec, 0.0, 1000.0)
        return rng.uniform(lo, hi, n), lo, hi
    mid = centre(spec)
    default = spec.prior[0] if spec.prior is not None else None
    if isinstance(default, (int, float)) and not isinstance(default, bool) and default > 0:
        mid = float(np.log10(default))  # the other rows near the declared DEFAULT's size
    if lo > 0 and 10.0**mid < lo:
        mid = np.log10(lo) + SPREAD
    if 10.0**mid > hi:
        mid = np.log10(hi) - SPREAD
    vals = 10.0 ** rng.normal(mid, SPREAD, n)
    out = (vals < lo) | (vals > hi)
    if out.any():
        vals[out] = rng.uniform(lo, min(hi, max(lo, 10.0 ** (mid + SPREAD))), int(out.sum()))
    return vals, lo, hi
