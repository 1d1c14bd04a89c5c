"""A line charged from a price list it does not name (kinds/list_prices.py) charges the list
price in force: a parcel's rate is its service's rate card for its depot's country on the day
it was sent, a parking visit's fee its vehicle class's tariff in its garage's zone that day.

Per batch, each line finds the list's row of its item and qualifiers (its own columns, or its
parents' along the keys kinds/list_prices.py found) begun last by its time, in force if its
window still holds then, and takes its price. A line whose item has no price then takes
another item priced for its qualifiers at its time (drawn among the list's rows in force then:
valid_then.choose), where its key to the item is drawn freely, no other key meets at it and no
other rule reads through it; else it keeps its drawn price. Run last, on the times and keys
the other rules settled; what follows the price (amount = hours × rate, a line total, the
bill's sums) follows it (registry.apply_phase, load/totals_load.py)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.generate.base.runs import lookup
from workbench.generate.base.tables import partition_root
from workbench.generate.kinds.list_prices import ListPrice, Qualifier, list_prices
from workbench.generate.rules.base import Phase, RowRule, Rule, free
from workbench.generate.rules.meets import generator_meets
from workbench.generate.rules.paths import Path, source_values
from workbench.generate.rules.times import as_us
from workbench.generate.rules.valid_then import (
    bounds,
    choose,
    free_to_repick,
    reads_through,
    utc_days,
)

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch, Col
    from workbench.generate.view import TableView

_BIG = np.iinfo(np.int64).max // 4
_SURROGATE = frozenset({"int", "uuid"})  # an item named by a number, not a code of a list


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    found = list_prices(view.schema, view.config).get(view.table.qualified, ())
    rules = []
    for each in found:
        if each.price not in view.specs or not free(view, each.price):
            continue
        if (each.when and each.when not in view.specs) or each.item not in view.specs:
            continue
        at = f" in force at its {each.when}" if each.start else ""
        detail = (
            f"{each.price} is the {each.source}.{each.money}{at} "
            f"for its {each.item} and {', '.join(q.column for q in each.qualifiers)}"
        )
        columns = [each.price, each.item]
        rules.append(Rule("list_price", columns, detail, {"list": each}))
    return rules


def _path(view: TableView, q: Qualifier) -> Path | None:
    """The way from the line to the qualifier's column (one or two hops)."""
    first = view.table.foreign_keys
    fk = next((f for f in first if f.columns == [q.hops[0]]), None)
    if fk is None:
        return None
    parent = partition_root(view.schema, fk.ref_qualified)
    if len(q.hops) == 1:
        return Path(q.hops[0], parent)
    model = view.schema.tables.get(parent)
    nxt = next((f for f in model.foreign_keys if f.columns == [q.hops[1]]), None) if model else None
    if nxt is None or len(q.hops) != 2:
        return None
    target = partition_root(view.schema, nxt.ref_qualified)
    return Path(q.hops[0], parent, q.hops[1], target, nxt.ref_columns[0])


def _line_values(view: TableView, q: Qualifier, batch: Batch) -> tuple[Any, np.ndarray] | None:
    """Each line's value of the qualifier and where it is missing."""
    if not q.hops:
        col = batch.get(q.column_of_line)
        return None if col is None else (col.values, col.nulls)
    path = _path(view, q)
    return None if path is None else source_values(view, path, q.column_of_line, batch)


def _codes(view: TableView, source: str, column: str, line: tuple[Any, np.ndarray]
           ) -> tuple[np.ndarray, np.ndarray]:  # fmt: skip
    """(each list row's code, each line's code) of the list's column and the line's value:
    the value's place among the list's distinct values (found once per table), -1 where
    NULL or where the list holds no such value."""
    found = view.scratch.get(ListCache).values
    if (source, column) not in found:
        held = view.keys.tables[source][column]
        text = np.asarray(held.values).astype(str)
        distinct, inverse = np.unique(text, return_inverse=True)
        ours = np.where(np.asarray(held.nulls, bool), -1, inverse.reshape(-1).astype(np.int64))
        found[(source, column)] = (distinct, ours)
    distinct, ours = found[(source, column)]
    values, nulls = line
    text = np.asarray(values).astype(str)
    at = np.clip(np.searchsorted(distinct, text), 0, max(distinct.size - 1, 0))
    hit = (distinct[at] == text) if distinct.size else np.zeros(text.size, bool)
    theirs = np.where(hit & ~np.asarray(nulls, bool), at, -1).astype(np.int64)
    return ours, theirs


def _combined(parts: list[tuple[np.ndarray, np.ndarray]]) -> tuple[np.ndarray, np.ndarray]:
    """(list rows' code, lines' code) of several shared codes together; -1 where one is NULL."""
    ours = np.zeros(parts[0][0].size, np.int64) if parts else np.zeros(0, np.int64)
    theirs = np.zeros(parts[0][1].size, np.int64) if parts else np.zeros(0, np.int64)
    for mine, other in parts:
        span = int(max(mine.max(initial=0), other.max(initial=0))) + 2
        ours = np.where((ours < 0) | (mine < 0), -1, ours * span + mine + 1)
        theirs = np.where((theirs < 0) | (other < 0), -1, theirs * span + other + 1)
    return ours, theirs


def _latest(codes: np.ndarray, first: np.ndarray, wanted: np.ndarray, t: np.ndarray) -> np.ndarray:
    """For each line, the list row of its code begun last by its time; -1 where none."""
    order = np.lexsort((first, codes))
    keys, starts = codes[order], first[order]
    _, owner_rank = np.unique(np.concatenate([keys, wanted]), return_inverse=True)
    _, time_rank = np.unique(np.concatenate([starts, t]), return_inverse=True)
    span = int(time_rank.max(initial=0)) + 1
    code = owner_rank.reshape(-1).astype(np.int64) * span + time_rank.reshape(-1)
    at = np.searchsorted(code[: keys.size], code[keys.size :], "right") - 1
    hit = order[np.clip(at, 0, max(order.size - 1, 0))] if order.size else at
    ok = (at >= 0) & (wanted >= 0)
    if order.size:
        ok &= codes[hit] == wanted
    return np.where(ok, hit, -1)


@dataclass
class ListCache:
    """Per table (scratch): whether the line's key to its item may be picked again; each
    list column's distinct values and each list row's place among them."""

    movable: dict[str, bool] = field(default_factory=dict)
    values: dict[tuple[str, str], tuple[np.ndarray, np.ndarray]] = field(default_factory=dict)


def _movable(view: TableView, lp: ListPrice) -> bool:
    cache = view.scratch.get(ListCache).movable
    if lp.item not in cache:
        cache[lp.item] = _may_repick(view, lp)
    return cache[lp.item]


def _may_repick(view: TableView, lp: ListPrice) -> bool:
    """The item key is drawn freely, names its item by a number, meets no other key and no
    other rule reads through it (a price copied from the item)."""
    unit = view.fk_cols.get(lp.item)
    if unit is None or len(unit.fk.columns) != 1 or not free_to_repick(view, unit):
        return False
    parent = view.schema.tables.get(unit.parent)
    ref = parent.column(unit.fk.ref_columns[0]) if parent is not None else None
    if ref is None or view.specs[lp.item].kind not in _SURROGATE:
        return False
    if any(direct is unit for _, _, direct in generator_meets(view)):
        return False
    return not any(r.kind != "list_price" and reads_through(r.data, lp.item) for r in view.rules)


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    lp: ListPrice = rule.data["list"]
    price, item = batch.get(lp.price), batch.get(lp.item)
    when = batch.get(lp.when) if lp.start else None
    stored = view.keys.tables.get(lp.source, {})
    need = [lp.item_key, lp.start, lp.end, lp.money, *(q.column for q in lp.qualifiers)]
    need = [c for c in need if c]
    if price is None or item is None or any(c not in stored for c in need):
        return
    if lp.start and when is None:
        return
    reached = [_line_values(view, q, batch) for q in lp.qualifiers]
    if any(r is None for r in reached) or not idx.size:
        return
    quals = [_codes(view, lp.source, q.column, r)  # type: ignore[arg-type]
             for q, r in zip(lp.qualifiers, reached, strict=True)]  # fmt: skip
    items = _codes(view, lp.source, lp.item_key, (item.values, item.nulls))
    ours, theirs = _combined([items, *quals])
    first, last, t, unknown = _in_force(lp, stored, when, ours.size, theirs.size)
    theirs = np.where(unknown, -1, theirs)
    hit = _latest(ours, first, theirs, t)
    safe = np.maximum(hit, 0)
    found = (hit >= 0) & (first[safe] < _BIG) & (t <= last[safe])
    missing = np.flatnonzero(~found & (theirs >= 0) & ~unknown)
    if missing.size and _movable(view, lp):
        hit, found = _repick(view, lp, item, (quals, first, last, t), (hit, found))
    _charge(price, stored[lp.money], hit, found)


def _in_force(
    lp: ListPrice, stored: dict[str, Col], when: Col | None, rows: int, lines: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(each list row's first and last moment in force, each line's moment, whether it is
    unknown): a list always in force holds from the first moment to the last, every line at
    the first."""
    if when is None or not lp.start:
        zero = np.zeros(lines, np.int64)
        return np.zeros(rows, np.int64), np.full(rows, _BIG - 1), zero, np.zeros(lines, bool)
    begins, ends = stored[lp.start], stored[lp.end]
    days = utc_days(begins, ends, when.kind)  # a list of dates, a line's timestamp
    first, last = days if days is not None else bounds(begins, ends, when.kind)
    t = np.where(when.nulls, 0, as_us(when).astype(np.int64))
    return first, last, t, np.asarray(when.nulls, bool)


def _repick(view: TableView, lp: ListPrice, item: Col,
            pool: tuple[Any, ...], got: tuple[np.ndarray, np.ndarray]
            ) -> tuple[np.ndarray, np.ndarray]:  # fmt: skip
    """Lines whose item had no price then take an item priced for their qualifiers then."""
    quals, first, last, t = pool
    hit, found = got
    stored = view.keys.tables[lp.source]
    ours, theirs = _combined(list(quals))
    rows = np.flatnonzero(~found & (theirs >= 0))
    valid = np.flatnonzero(first < _BIG)
    rng = view.rng(f"list-price:{lp.item}", int(view.current_rows()[0]))
    chosen = choose(ours, valid, theirs[rows], t[rows], (first, last), rng)
    got_one = chosen >= 0
    if not got_one.any():
        return hit, found
    rows, chosen = rows[got_one], chosen[got_one]
    unit = view.fk_cols[lp.item]
    source, _ = view.parent_keys(unit)
    key = source[unit.fk.ref_columns[0]]
    new = np.asarray(stored[lp.item_key].values)[chosen]
    parents, ok = lookup(key, new.astype(key.values.dtype))
    rows, chosen, new, parents = rows[ok], chosen[ok], new[ok], parents[ok]
    picked, nulls = view.parent_rows(lp.item)
    if picked is None or not rows.size:
        return hit, found
    picked = picked.copy()
    picked[rows] = parents
    item.values[rows] = new.astype(item.values.dtype)
    item.nulls[rows] = False
    view.repicked(lp.item, picked, nulls)
    hit = hit.copy()
    hit[rows] = chosen
    found = found.copy()
    found[rows] = True
    return hit, found


def _charge(price: Col, money: Col, hit: np.ndarray, found: np.ndarray) -> None:
    """Each line that found its list row takes its price."""
    rows = np.flatnonzero(found)
    if not rows.size:
        return
    at = hit[rows]
    known = ~np.asarray(money.nulls, bool)[at]
    rows, at = rows[known], at[known]
    values = np.asarray(money.values)[at]
    if price.values.dtype != object and values.dtype == object:
        values = values.astype(float)
    price.values[rows] = values.astype(price.values.dtype)
    price.nulls[rows] = False


RULE = RowRule(
    "list_price",
    "a line charged from a price list it does not name takes the list price in force",
    _plan,
    _apply,
    phases={"list_price": Phase.FINAL},
    after=("own_day",),  # last: on the keys and times the other rules settled
)
