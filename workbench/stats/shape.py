"""What the plan takes from statistics: rows per table and, per column, a `Shape` the value
generators draw from (most common values with their frequencies, the histogram's
equal-frequency buckets, the distinct count, the null fraction).

sandbox.toml wins: a table's `rows` or `children`, a column's weighted `values`, `range` or
`null_fraction`. Values of personal columns never come from statistics: their shape keeps the
frequencies and the distinct count, filled with the column's own fictional values."""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from workbench.config.file import Config
from workbench.schema.model import Schema, Table
from workbench.schema.pgtext import parse_timestamp
from workbench.schema.typeinfo import resolve_type
from workbench.stats.calls import ColumnStats, Statistics
from workbench.stats.validate import check_histogram

# Generators whose values are structural (keys, patterns, constants): statistics shape only
# their NULLs.
_STRUCTURAL = frozenset({"sequence", "regex", "constant", "null", "foreign_key", "updated_at",
                         "deleted_at"})  # fmt: skip
_WIDTH_FITTED = frozenset({"text", "description", "sentence", "title", "word"})
OWN_POOL_LIMIT = 1_000_000  # distinct values made once per column; more are drawn per row


# --- tables -------------------------------------------------------------------------------


def production_rows(stats: Statistics, schema: Schema, table: Table) -> float | None:
    """The table's production row count: its own reltuples, or its partitions' sum."""
    own = stats.rows(table.qualified)
    if table.partition_by:
        parts = [
            stats.rows(t.qualified) for t in schema.tables.values()
            if t.partition_of == table.qualified
        ]  # fmt: skip
        known = [p for p in parts if p is not None]
        if known and (own is None or own <= 0):
            return float(sum(known))
    return own


def table_rows(
    stats: Statistics, schema: Schema, tables: list[Table], config: Config
) -> tuple[dict[str, int], float | None]:
    """Rows per table covered by statistics and the scale used: `[generate] scale`, or the
    one that gives the biggest covered table `[generate] rows`."""
    check_histograms(stats, schema)
    prod = {}
    for table in tables:
        rows = production_rows(stats, schema, table)
        if rows is not None:
            prod[table.qualified] = rows
    if not prod:
        return {}, None
    scale = config.generate.scale
    if scale is None:
        biggest = max(prod.values())
        scale = config.generate.rows / biggest if biggest > 0 else 1.0
    out = {}
    for name, rows in prod.items():
        out[name] = 0 if rows <= 0 else max(1, round(rows * scale))
    return out, scale


def check_histograms(stats: Statistics, schema: Schema) -> None:
    """Every histogram of a schema column reads as the column's type, in ascending order."""
    for (table_name, column_name), col in stats.columns.items():
        table = schema.table(table_name) if col.histogram else None
        column = table.column(column_name) if table is not None else None
        if column is None or col.histogram is None:
            continue
        info = resolve_type(schema, column.type)
        if info.array_dims:
            continue  # an array column's bounds are arrays
        bounds, kept = _typed(col.histogram, info.kind)
        check_histogram(col, info.kind, bounds, kept)


# --- columns ------------------------------------------------------------------------------


@dataclass
class Shape:
    """How one column's non-NULL values are drawn: slot 0…k-1 are the most common values
    (conditional probability `probs`), slot k the tail of `tail_distinct` values."""

    probs: np.ndarray
    tail_distinct: int
    rows: int
    salt: int
    mcv: np.ndarray | None = None  # typed values of the slots; None: the column's own values
    tail: np.ndarray | None = None  # typed equal-frequency pool (histogram); None: own values
    width: int | None = None  # target text length (avg_width), for free text
    cache: dict[str, Any] = field(default_factory=dict)

    @property
    def tail_share(self) -> float:
        return max(0.0, 1.0 - float(self.probs.sum()))

    def describe(self) -> dict[str, Any]:
        out: dict[str, Any] = {"slots": len(self.probs), "tail_distinct": self.tail_distinct}
        if self.mcv is None and self.tail is None:
            out["values"] = "the column's own generator (statistics give only numbers)"
        return out


def _typed(values: list[str | None], kind: str) -> tuple[np.ndarray, np.ndarray]:
    """(typed values, which of the inputs they came from) for one batch kind; values the
    kind cannot read (NaN, infinity, a bad literal) are left out."""
    keep: list[int] = []
    out: list[Any] = []
    for i, v in enumerate(values):
        if v is None:
            continue
        with contextlib.suppress(ValueError, OverflowError):
            out.append(_read(v, kind))
            keep.append(i)
    idx = np.asarray(keep, dtype=np.int64)
    if kind == "int":
        return np.asarray(out, dtype=np.int64), idx
    if kind in ("decimal", "float"):
        arr = np.asarray(out, dtype=np.float64)
        ok = np.isfinite(arr)
        return arr[ok], idx[ok]
    if kind == "bool":
        return np.asarray(out, dtype=bool), idx
    if kind == "date":
        return np.asarray(out, dtype="datetime64[D]"), idx
    if kind == "timestamp":
        return np.asarray(out, dtype="datetime64[us]"), idx
    arr = np.empty(len(out), dtype=object)
    arr[:] = out
    return arr, idx


def _read(text: str, kind: str) -> Any:
    if kind == "int":
        return int(text)
    if kind in ("decimal", "float"):
        return float(text)
    if kind == "bool":
        if text.lower() not in ("t", "f", "true", "false"):
            raise ValueError(text)
        return text.lower() in ("t", "true")
    if kind == "date":
        return np.datetime64(text.strip()[:10], "D")
    if kind == "timestamp":
        if text.strip().lower() in ("infinity", "-infinity"):
            raise ValueError(text)
        return parse_timestamp(text)
    return text


def _allowed(spec: Any, values: np.ndarray, kind: str) -> np.ndarray:
    """Which values the column's own rules admit (CHECK IN lists, enum labels, lengths)."""
    ok = np.ones(len(values), dtype=bool)
    hints = spec.hints
    if kind == "text":
        lengths = np.fromiter((len(str(v)) for v in values), dtype=np.int64, count=len(values))
        if spec.max_len is not None:
            ok &= lengths <= spec.max_len
        if spec.min_len is not None:
            ok &= lengths >= spec.min_len
        if spec.info.kind == "enum" and spec.info.labels:
            ok &= np.isin(values.astype(str), np.asarray(spec.info.labels, dtype=str))
    allowed = spec.params.get("values") if spec.generator == "choice" else None
    if allowed is None and hints.allowed is not None:
        allowed = hints.allowed
    if allowed is not None:
        with contextlib.suppress(ValueError, OverflowError):
            admitted, _ = _typed([str(a) for a in allowed], kind)
            ok &= np.isin(values, admitted)
    if hints.excluded:
        ok &= ~np.isin(values.astype(object), np.asarray(list(hints.excluded), dtype=object))
    return ok


def _as_float(values: np.ndarray, kind: str) -> np.ndarray:
    if kind in ("date", "timestamp"):
        return values.astype(np.int64).astype(np.float64)
    return values.astype(np.float64)


def _from_float(values: np.ndarray, kind: str, scale: int | None) -> np.ndarray:
    if kind == "int":
        return np.round(values).astype(np.int64)
    if kind == "date":
        return np.round(values).astype(np.int64).astype("datetime64[D]")
    if kind == "timestamp":
        return np.round(values).astype(np.int64).astype("datetime64[us]")
    if kind == "decimal" and scale is not None:
        return np.round(values, scale)
    return values


def histogram_pool(
    bounds: np.ndarray, kind: str, size: int, scale: int | None, max_len: int | None = None
) -> np.ndarray:
    """`size` values spread over the histogram's equal-frequency buckets: the quantiles
    (k + ½)/size of the piecewise-uniform distribution the bounds describe."""
    q = (np.arange(size, dtype=np.float64) + 0.5) / size
    pos = q * (len(bounds) - 1)
    if kind == "text":
        low = np.floor(pos).astype(np.int64)
        base = bounds[low]
        # several pool values in one bucket: the bound, then the bound with a rank after it
        first = np.r_[True, low[1:] != low[:-1]]
        rank = np.arange(size) - np.maximum.accumulate(np.where(first, np.arange(size), 0))
        out = np.empty(size, dtype=object)
        pairs = zip(base.tolist(), rank.tolist(), strict=True)
        out[:] = [b if r == 0 else _suffixed(b, str(r), max_len) for b, r in pairs]
        return out
    numeric = _as_float(bounds, kind)
    return _from_float(np.interp(pos, np.arange(len(bounds)), numeric), kind, scale)


def _units(values: np.ndarray, spec: Any) -> np.ndarray | None:
    """Values as integers of their smallest step (days, cents), or None for a kind whose
    values do not sit on a grid."""
    if spec.kind == "int":
        return values.astype(np.int64)
    if spec.kind == "date":
        return values.astype("datetime64[D]").astype(np.int64)
    if spec.kind == "decimal" and spec.info.scale is not None:
        scaled: np.ndarray = np.round(values.astype(np.float64) * 10.0**spec.info.scale)
        return scaled.astype(np.int64)
    return None


def _from_units(units: np.ndarray, spec: Any) -> np.ndarray:
    if spec.kind == "date":
        return units.astype("datetime64[D]")
    if spec.kind == "decimal":
        scaled: np.ndarray = units / 10.0**spec.info.scale
        return scaled
    return units


def distinct_pool(pool: np.ndarray, common: np.ndarray, spec: Any) -> np.ndarray:
    """The tail pool on a grid (integers, days, cents) made of distinct values none of which
    is a most common value: rounding the quantiles puts neighbours on one day, and a day of
    the pool on a common one would add to its frequency. Sorted pool values move apart just
    enough, counted among the values that are not common."""
    units = _units(pool, spec)
    if units is None:
        return pool
    common_units = _units(common, spec)
    blocked = np.unique(common_units) if common_units is not None else np.zeros(0, np.int64)
    order = np.argsort(units, kind="stable")
    free = units[order] - np.searchsorted(blocked, units[order], side="right")
    ranks = np.arange(len(free))
    # strictly increasing: pushed up from below and down from above, then the mean of the
    # two (still strictly increasing), so the pool does not drift to one side
    up = np.maximum.accumulate(free - ranks) + ranks
    down = np.minimum.accumulate((free - ranks)[::-1])[::-1] + ranks
    free = (up + down) // 2
    out = free.copy()
    for _ in range(len(blocked) + 1):  # back from free ranks to values skipping the blocked
        nxt = free + np.searchsorted(blocked, out, side="right")
        if np.array_equal(nxt, out):
            break
        out = nxt
    result = np.empty_like(out)
    result[order] = out
    return _from_units(result, spec)


def pool_size(target: int, rows: int, share: float, limit: int | None = None) -> int:
    """How many tail values to spread the tail's `rows` rows over (evenly: `draw_slots`) so
    that `target` of them are seen when each row keeps its value with probability `share`
    (a NULL leaves it unused): the smallest d with d·(1 − (1 − share)^(rows/d)) ≥ target."""
    cap = min(rows, limit) if limit is not None else rows
    if target <= 0 or cap <= 0:
        return 0
    if share >= 0.999:
        return min(target, cap)

    def seen(d: float) -> float:
        return float(d * (1.0 - (1.0 - share) ** (rows / d)))

    if seen(cap) <= target:
        return cap
    lo, hi = float(min(target, cap)), float(cap)
    for _ in range(40):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if seen(mid) < target else (lo, mid)
    return max(1, round(hi))


def _suffixed(base: str, suffix: str, max_len: int | None) -> str:
    """A bound with a rank after it, cut to fit the column's length."""
    if max_len is not None and len(base) + len(suffix) > max_len:
        base = base[: max(0, max_len - len(suffix))]
    return (base + suffix)[:max_len] if max_len is not None else base + suffix


def value_source(generator: str, personal: bool, kind: str) -> str:
    """'stats' (values from statistics), 'own' (the generator's values, statistics' shape)
    or 'none' (only the null fraction)."""
    if generator in _STRUCTURAL:
        return "none"
    if personal:
        return "own"
    if kind in ("int", "decimal", "float", "date", "timestamp", "text", "bool"):
        return "stats"
    return "own"


def column_shape(
    col: ColumnStats, spec: Any, rows: int, salt: int, personal: bool = False
) -> Shape | None:
    """The shape of one column's values, or None when statistics leave them as they are.
    `personal`: the column's name/type classify it as personal whatever its generator."""
    source = value_source(spec.generator, personal, spec.kind)
    if source == "none" or rows <= 0:
        return None
    nonnull = max(1.0 - (col.null_frac or 0.0), 1e-9)
    freqs = np.asarray(col.mcv_freqs or [], dtype=np.float64) / nonnull
    nonnull_rows = max(1, round(rows * nonnull))
    distinct = min(col.distinct(rows), nonnull_rows)
    mcv_values: np.ndarray | None = None
    tail: np.ndarray | None = None
    if source == "stats" and col.mcv is not None and len(freqs):
        mcv_values, kept = _typed(col.mcv, spec.kind)
        ok = _allowed(spec, mcv_values, spec.kind)
        mcv_values, freqs = mcv_values[ok], freqs[kept[ok]]
    elif source == "stats" and len(freqs):
        source = "own"  # frequencies without their values (a scrubbed file)
    if freqs.sum() > 1:
        freqs = freqs / freqs.sum()
    tail_rows = round(rows * max(0.0, 1.0 - float(freqs.sum())))
    # a common value rarer than one row in this table appears with that probability
    common_seen = round(float(np.minimum(1.0, freqs * nonnull_rows).sum()))
    target = max(0, (distinct or nonnull_rows) - common_seen)
    tail_distinct = pool_size(target, tail_rows, nonnull)
    if tail_distinct == 0 and freqs.sum() < 0.999:
        tail_distinct = 1
    if source == "stats" and col.histogram and spec.kind != "bool" and tail_distinct:
        bounds, _ = _typed(col.histogram, spec.kind)
        bounds = bounds[_allowed(spec, bounds, spec.kind)]
        if len(bounds) >= 2:
            tail = histogram_pool(
                np.sort(bounds), spec.kind, tail_distinct, spec.info.scale, spec.max_len
            )
            common = mcv_values if mcv_values is not None else tail[:0]
            tail = distinct_pool(tail, common, spec)
    width = col.avg_width if spec.generator in _WIDTH_FITTED and spec.kind == "text" else None
    return Shape(
        probs=freqs,
        tail_distinct=tail_distinct,
        rows=rows,
        salt=salt,
        mcv=mcv_values if source == "stats" else None,
        tail=tail if source == "stats" else None,
        width=width,
    )


def fk_shape(
    col: ColumnStats, rows: int, parents: int, parent_ratio: float | None, salt: int
) -> Shape | None:
    """The fan-out of a single-column foreign key: its most common values become as many
    distinct parents with the same shares of children, its distinct count (scaled with the
    parent table when positive) the number of parents with children."""
    if parents <= 0 or rows <= 0 or (col.n_distinct is None and not col.mcv_freqs):
        return None
    nonnull = max(1.0 - (col.null_frac or 0.0), 1e-9)
    freqs = np.asarray(col.mcv_freqs or [], dtype=np.float64) / nonnull
    if len(freqs) > parents // 2:
        # about as many common values as parents: keep the biggest shares (the top parent's
        # preserved), scaled with the parent table; the rest goes to the remaining parents
        kept = round(len(freqs) * (parent_ratio if parent_ratio else 0.5))
        freqs = np.sort(freqs)[::-1][: max(1, min(parents // 2, kept))]
    if freqs.sum() > 1:
        freqs = freqs / freqs.sum()
    nd = col.n_distinct or 0.0
    if nd < 0:
        distinct = -nd * rows
    elif parent_ratio is not None:
        distinct = nd * parent_ratio
    else:
        distinct = nd
    distinct = round(min(max(distinct, len(freqs)), parents, max(1, rows * nonnull)))
    tail_rows = round(rows * max(0.0, 1.0 - float(freqs.sum())))
    tail = pool_size(distinct - len(freqs), tail_rows, nonnull, parents - len(freqs))
    if tail == 0 and freqs.sum() < 0.999:
        tail = min(1, parents - len(freqs))
    if tail == 0 and len(freqs):
        freqs = freqs / freqs.sum()
    return Shape(probs=freqs, tail_distinct=tail, rows=rows, salt=salt)
