"""A child's time after its parents' when that time is the table's range-partition key (pagila's
payment_date): the partitions that exist bound the values, so

1. a row whose parents all came to be after the last partition ends cannot follow them: it
   takes, through the same foreign key, a parent that came to be earlier (with the same
   Zipf-like fan-out among those), before any rule reads the parents;
2. the time that follows the parents is then put into a partition: the first one that ends
   after it; one that falls short of that partition's start (in a gap, or its parents came
   before the first partition) lands spread over the partition's first part, never all on
   its bound.

Only foreign keys drawn freely are re-drawn (not one that carries a key, a children-per-parent
count or a line number)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.hashing import skewed_index, stable_hash
from workbench.generate.base.sqltree import to_datetime
from workbench.generate.base.tables import children_of
from workbench.generate.generators.value_spec import TS_HI, TS_LO
from workbench.generate.kinds.anchors import anchor_of
from workbench.generate.plan.tables import partition_spec
from workbench.generate.rules.base import LinkRule, Stage
from workbench.generate.rules.meets import generator_meets, owners, reachable
from workbench.schema import memo

if TYPE_CHECKING:
    from workbench.config.file import Config
    from workbench.generate.base.batch import Batch, Col
    from workbench.generate.generators.value_spec import ColumnSpec
    from workbench.generate.links import Links
    from workbench.generate.plan.tables import PartitionSpec
    from workbench.generate.view import FKUnit, TableView
    from workbench.schema.model import Schema, Table

_DAY = np.timedelta64(86_400_000_000, "us")
# How far before the first partition a parent's time may start, and how far before the last
# partition's end it stops: its children follow it by minutes to weeks.
_LEAD = 7 * _DAY


def windows(spec: ColumnSpec) -> tuple[np.ndarray, np.ndarray] | None:
    """The [low, high) of each range partition in microseconds, sorted, a day inside each
    bound (as values.py draws them: a session time zone cannot push a value across)."""
    part = spec.partition
    if (
        part is None
        or not part.ranges
        or part.has_default
        or spec.kind not in ("timestamp", "date")
    ):
        return None
    return _windows(part)


@memo.by_identity  # asked by several rules every batch; the partitions do not change
def _windows(part: PartitionSpec) -> tuple[np.ndarray, np.ndarray] | None:

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
    return _past_gap(value, lows[at], highs[at], rng), possible


def _past_gap(
    value: np.ndarray, low: np.ndarray, high: np.ndarray, rng: np.random.Generator
) -> np.ndarray:
    """A time before its partition's start (in a gap, or its parent before the first one)
    moves into the partition's first part, up to as far in as it was short of it (at most
    the partition's width): rows that fall short together do not pile on the bound, and one
    that fell short by an hour stays within the hour (before its rental's return)."""
    short = ~np.isnat(value) & (value < low)
    if not short.any():
        return value
    width = (high - low).astype(np.int64)
    missed = np.where(short, low - value, np.timedelta64(0, "us")).astype(np.int64)
    reach = np.clip(missed, 60_000_000, np.maximum(width, 1))
    step = (rng.random(value.size) * reach).astype(np.int64).astype("timedelta64[us]")
    return np.where(short, low + step, value)


def fit_parents(view: TableView, links: Links, batch: Batch, idx: np.ndarray) -> None:
    """Step 1 (see the module's text), for the after-parent rule of a partition key; a
    payment that must come soon after its order (settle.py) also leaves an order placed
    before the first partition for one inside them."""
    for rule in view.rules:
        if rule.kind != "after_parent":
            continue
        bounds = windows(view.specs[rule.columns[0]])
        if bounds is None:
            continue
        limit = bounds[1][-1] - _DAY
        soon = {how.fk for how in rule.data.get("settle", [])}
        for fk_columns, parent, parent_anchor in rule.data["parents"]:
            inside = bounds if fk_columns in soon else None
            _refit(view, links, batch, fk_columns, (parent, parent_anchor), limit, inside)


def _refit(
    view: TableView,
    links: Links,
    batch: Batch,
    fk_columns: str,
    parent: tuple[str, str],
    limit: np.datetime64,
    inside: tuple[np.ndarray, np.ndarray] | None,
) -> None:
    """Re-pick the parents placed after `limit`, and with `inside` (a payment soon after its
    order) those placed outside every partition: before the first, in a gap or in the day's
    margin at a bound between two, where the payment could only come a day or more later."""
    unit = next((u for u in view.units if ",".join(u.fk.columns) == fk_columns), None)
    stored = view.keys.tables.get(parent[0], {}).get(parent[1])
    if unit is None or stored is None or not drawn_freely(view, unit, batch):
        return
    times = np.asarray(stored.values).astype("datetime64[us]")
    fits = ~stored.nulls & (times < limit)
    if inside is not None:
        lows, highs = inside
        at = np.minimum(np.searchsorted(highs, times, side="right"), highs.size - 1)
        fits &= (times >= lows[at]) & (times < highs[at])
    repick(view, links, batch, unit, ~fits, "partition-parent:")


def drawn_freely(view: TableView, unit: FKUnit, batch: Batch) -> bool:
    """A foreign key drawn freely: not a key, a children law or a line number."""
    if not view.drawn_freely(unit):
        return False
    if view.numbered(unit):
        return False
    return all(view.fk_cols.get(c) is unit and c in batch for c in unit.fk.columns)


def repick(
    view: TableView, links: Links, batch: Batch, unit: FKUnit, unfit: np.ndarray, what: str
) -> None:
    """Rows whose parent is `unfit` (a mask over the parent's rows) take a fit parent through
    the same foreign key, Zipf-like; where the row has another key that meets this one at a
    grandparent (fk_meet.py: a payment's customer and its rental's customer), among the fit
    parents of that grandparent row only (a row with none keeps its parent)."""

    fk = ",".join(unit.fk.columns)
    rows, nulls = view.parent_rows(fk)
    if rows is None or unfit.size == 0:
        return
    wrong = ~nulls & unfit[rows]
    if not wrong.any():
        return
    source, valid = view.parent_keys(unit)
    fit = valid[~unfit[valid]]
    if fit.size == 0:
        return
    rng = view.rng(what + fk, int(view.current_rows()[0]))
    where = np.flatnonzero(wrong)
    meet = _meet(view, unit, batch)
    if meet is None:
        picked = fit[skewed_index(rng, fit.size, where.size, salt=stable_hash(unit.parent))]
    else:
        owners, via = meet
        keys = np.asarray(via)[fit]
        order = np.argsort(keys, kind="stable")
        ranked = keys[order]
        wanted = np.asarray(owners.values)[where]
        lo = np.searchsorted(ranked, wanted, "left")
        hi = np.searchsorted(ranked, wanted, "right")
        has = (hi > lo) & ~owners.nulls[where]
        pick = lo + (rng.random(where.size) * (hi - lo)).astype(np.int64)
        where, picked = where[has], fit[order[pick[has]]]
    rows = rows.copy()
    rows[where] = picked
    links.repicked(fk, rows, nulls)
    for child_col, parent_col in unit.ref_map.items():
        batch[child_col].values[where] = source[parent_col].values[picked]


def _meet(view: TableView, unit: FKUnit, batch: Batch) -> tuple[Col, np.ndarray] | None:
    """The row's column holding the grandparent key its key meets (fk_meet.py) and the
    grandparent key each parent row holds or reaches: payment.customer_id and
    rental.customer_id."""

    for meet, hop, _ in generator_meets(view):
        if hop is unit and meet.direct in batch and reachable(view, meet):
            return batch[meet.direct], owners(view, meet, unit.parent)[0]
    return None


@memo.by_identity
def children_windows(
    schema: Schema, table: Table, config: Config
) -> tuple[np.ndarray, np.ndarray] | None:
    """The partitions (as `windows` gives them) of a child table whose creation time must
    follow this table's and is that child's range-partition key (pagila's rental and
    payment_date); None when no child is such."""

    for child in children_of(schema, table.qualified):
        if child.partition_of or child is table:
            continue
        part = partition_spec(schema, child)
        if part is None or anchor_of(schema, child, config) != part.column:
            continue
        bounds = _windows(part) if part.ranges and not part.has_default else None
        if bounds is not None:
            return bounds
    return None


@memo.by_identity
def children_window(
    schema: Schema, table: Table, config: Config
) -> tuple[np.datetime64, np.datetime64] | None:
    """Where a table's creation time is drawn when a child's must follow it inside the
    child's partitions (children_windows): their union, a little earlier, so most children
    can come soon after their parent and still land in a partition that exists."""

    bounds = children_windows(schema, table, config)
    if bounds is None:
        return None
    low, high = bounds[0].min() - _LEAD, bounds[1].max() - _LEAD
    # no later than times are drawn anyway: a parent near the partitions' end has children
    # (and they children) that would all fall past it
    capped = min(high, TS_HI)
    return low, capped if capped > low + 30 * _DAY else max(high, low + _DAY)


def out_of_holes(
    values: np.ndarray, bounds: tuple[np.ndarray, np.ndarray], rng: np.random.Generator
) -> np.ndarray:
    """A parent's time between two of its children's partitions (a gap, or the day's margin
    at a shared bound) moves into the next one, as _past_gap does: a payment soon after its
    rental can then come before the rental's return."""
    lows, highs = bounds
    at = np.minimum(np.searchsorted(highs, values, side="right"), highs.size - 1)
    between = ~np.isnat(values) & (values >= lows[0]) & (values < lows[at])
    return np.where(between, _past_gap(values, lows[at], highs[at], rng), values)


RULE = LinkRule(
    "partition parents",
    "a partition key that follows its parents' times picks parents early enough for a partition",
    Stage.ROWS,
    fit_parents,
    after=("parents by then",),  # first of the rows stage: later rules read the parents it picks
)
