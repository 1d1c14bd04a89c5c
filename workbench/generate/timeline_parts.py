"""A child's time after its parents' when that time is the table's range-partition key (pagila's
payment_date): the partitions that exist bound the values, so

1. a row whose parents all came to be after the last partition ends cannot follow them: it
   takes, through the same foreign key, a parent that came to be earlier (with the same
   Zipf-like fan-out among those), before any rule reads the parents;
2. the time that follows the parents is then put into a partition: the first one that ends
   after it, at its start if it falls into a gap between partitions.

Only foreign keys drawn freely are re-drawn (not one that carries a key, a children-per-parent
count or a line number)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from workbench.generate.checks import Batch
    from workbench.generate.rows import TableGenerator
    from workbench.generate.values import ColumnSpec

_DAY = np.timedelta64(86_400_000_000, "us")


def windows(spec: ColumnSpec) -> tuple[np.ndarray, np.ndarray] | None:
    """The [low, high) of each range partition in microseconds, sorted, a day inside each
    bound (as values.py draws them: a session time zone cannot push a value across)."""
    from workbench.generate.checks import to_datetime
    from workbench.generate.value_spec import TS_HI, TS_LO

    part = spec.partition
    if (
        part is None
        or not part.ranges
        or part.has_default
        or spec.kind not in ("timestamp", "date")
    ):
        return None
    lows, highs = [], []
    for lo, hi in part.ranges:
        lo_t = to_datetime(lo) if lo else TS_LO - np.timedelta64(3650, "D")
        hi_t = to_datetime(hi) if hi else TS_HI + np.timedelta64(3650, "D")
        lows.append(lo_t.astype("datetime64[us]") + _DAY)
        highs.append(hi_t.astype("datetime64[us]") - _DAY)
    order = np.argsort(np.array(lows, "datetime64[us]"))
    lows_a = np.array(lows, "datetime64[us]")[order]
    highs_a = np.array(highs, "datetime64[us]")[order]
    keep = highs_a > lows_a
    return (lows_a[keep], highs_a[keep]) if keep.any() else None


def into_windows(
    later: np.ndarray,
    floor: np.ndarray,
    bounds: tuple[np.ndarray, np.ndarray],
    rng: np.random.Generator,
) -> tuple[np.ndarray, np.ndarray]:
    """Each proposed time (after its floor) moved into a partition; and where that is possible
    (the floor is before the last partition's end)."""
    lows, highs = bounds
    last = highs[-1]
    possible = ~np.isnat(floor) & (floor < last - np.timedelta64(60_000_000, "us"))
    span = np.where(possible, last - floor, np.timedelta64(0, "us")).astype(np.int64)
    # past the last partition: somewhere between the floor and its end instead
    inside = floor + (rng.random(floor.size) * span).astype(np.int64).astype("timedelta64[us]")
    late = np.isnat(later) | (later >= last)
    value = np.where(late & possible, inside, later)
    at = np.minimum(np.searchsorted(highs, value, side="right"), highs.size - 1)
    value = np.where(value < lows[at], lows[at], value)  # in a gap: the next partition's start
    return value, possible


def fit_parents(gen: TableGenerator, batch: Batch) -> None:
    """Step 1 (see the module's text), for the after-parent rule of a partition key."""
    for rule in gen.rules:
        if rule.kind != "after_parent":
            continue
        bounds = windows(gen.specs[rule.columns[0]])
        if bounds is None:
            continue
        limit = bounds[1][-1] - _DAY
        for fk_columns, parent, parent_anchor in rule.data["parents"]:
            _refit(gen, batch, fk_columns, parent, parent_anchor, limit)


def _refit(
    gen: TableGenerator,
    batch: Batch,
    fk_columns: str,
    parent: str,
    anchor: str,
    limit: np.datetime64,
) -> None:
    from workbench.generate.plan import stable_hash
    from workbench.generate.rows_fks import skewed_index

    unit = next((u for u in gen.units if ",".join(u.fk.columns) == fk_columns), None)
    rows, nulls = gen.parent_rows(fk_columns)
    stored = gen.keys.tables.get(parent, {}).get(anchor)
    if unit is None or rows is None or stored is None or unit.mode != "normal":
        return
    if id(unit) in gen.uniq.fk_units or any(o.unit is unit for o in gen.uniq.ordinals):
        return
    if any(gen.fk_cols.get(c) is not unit or c not in batch for c in unit.fk.columns):
        return
    times = np.asarray(stored.values).astype("datetime64[us]")
    late = ~nulls & ~stored.nulls[rows] & (times[rows] >= limit)
    if not late.any():
        return
    source, valid = gen._parent_keys(unit)
    early = valid[(times[valid] < limit) & ~stored.nulls[valid]]
    if early.size == 0:
        return
    start = int(gen.current_rows()[0])
    rng = gen.rng("partition-parent:" + fk_columns, start)
    where = np.flatnonzero(late)
    picked = early[skewed_index(rng, early.size, where.size, salt=stable_hash(unit.parent))]
    rows = rows.copy()
    rows[where] = picked
    gen._parent_rows[fk_columns] = (rows, nulls)
    for child_col, parent_col in unit.ref_map.items():
        batch[child_col].values[where] = source[parent_col].values[picked]
