"""The numbers of a statistics call checked against what PostgreSQL can produce.

A hand-edited or hostile file may hold `'NaN'::real`, infinities, a NULL fraction of 3 or
frequencies summing to 2; planning from them would crash or silently mislead, so each is a
one-paragraph error naming the file, line and what was expected."""

from __future__ import annotations

import math

import numpy as np

from workbench.stats.calls import Call, ColumnStats, StatisticsError

FREQ_EPSILON = 1e-3  # real[] rounding in pg_dump's output


def invalid(call: Call, name: str, found: object, expected: str) -> StatisticsError:
    arg = call.get(name)
    line = arg.line if arg is not None and arg.line else call.line
    return StatisticsError(
        f"{call.filename}:{line}: statistics value {name} = {str(found)[:40]!r} is not "
        f"usable; expected {expected}. Fix the value or regenerate the file with pg_dump "
        "--statistics-only or `workbench stats query`."
    )


def check_relation(call: Call, reltuples: float | None) -> None:
    if reltuples is None:
        return
    if not math.isfinite(reltuples) or (reltuples < 0 and reltuples != -1):
        raise invalid(
            call, "reltuples", reltuples, "a finite row count ≥ 0 (or -1: never analyzed)"
        )


def check_column(
    call: Call,
    null_frac: float | None,
    avg_width: float | None,
    n_distinct: float | None,
    freqs: list[float] | None,
    correlation: float | None,
) -> None:
    if null_frac is not None and not 0 <= null_frac <= 1:  # NaN fails both comparisons
        raise invalid(call, "null_frac", null_frac, "a fraction between 0 and 1")
    if avg_width is not None and avg_width < 0:
        raise invalid(call, "avg_width", avg_width, "a width in bytes ≥ 0")
    if n_distinct is not None and not (math.isfinite(n_distinct) and n_distinct >= -1):
        raise invalid(
            call, "n_distinct", n_distinct,
            "a finite count ≥ 0, or a negative fraction of rows between -1 and 0",
        )  # fmt: skip
    if freqs is not None:
        bad = next((f for f in freqs if not 0 <= f <= 1), None)
        if bad is not None:
            raise invalid(call, "most_common_freqs", bad, "frequencies between 0 and 1")
        total = math.fsum(freqs)
        if total > 1 + FREQ_EPSILON:
            raise invalid(
                call, "most_common_freqs", f"sum {total:.4f}",
                "frequencies summing to at most 1",
            )  # fmt: skip
    if correlation is not None and not -1 <= correlation <= 1:
        raise invalid(call, "correlation", correlation, "a correlation between -1 and 1")


_ORDERED = ("int", "decimal", "float", "date", "timestamp")  # text order depends on collation
_UNBOUNDED = ("infinity", "-infinity", "+infinity", "nan")  # valid literals, never drawn


def check_histogram(col: ColumnStats, kind: str, bounds: np.ndarray, kept: np.ndarray) -> None:
    """Histogram bounds must read as the column's type and, for ordered kinds, ascend."""
    if kind not in _ORDERED or not col.histogram:
        return
    read = set(kept.tolist())
    for i, value in enumerate(col.histogram):
        if value is None or i in read or value.strip().lower() in _UNBOUNDED:
            continue
        raise StatisticsError(
            f"{col.source}: statistics for {col.table}.{col.column}: histogram_bounds holds "
            f"{value[:40]!r}, which is not a {kind} value; expected bounds of the column's "
            "type as in the schema. Regenerate the file from the same database as schema.sql."
        )
    if len(bounds) > 1 and bool(np.any(bounds[1:] < bounds[:-1])):
        raise StatisticsError(
            f"{col.source}: statistics for {col.table}.{col.column}: histogram_bounds are not "
            "in ascending order; expected sorted equal-frequency bucket bounds as ANALYZE "
            "writes them. Fix or regenerate the file."
        )
