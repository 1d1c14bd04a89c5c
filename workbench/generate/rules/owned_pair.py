"""A row's term and the thing it is for are of the same owners, and the term was valid then: a
self-storage agreement's price row is the one of its unit's facility and unit type, valid on
the day it was signed; a gym membership's fee row the one of its plan's club and tier. The
term (a parent with a window of validity whose own keys name its owners: a price list's
facility and unit type) and the thing (another parent of the row whose keys name some of the
same tables, two at least: a unit's facility and type; not a branch that only shares the
price's country) meet on every table both name, where the row's time lies in the term's
window.

rules/valid_owned.py picks the term among the rows of the owners the row reaches; where none
of them is valid at the row's time (the thing's type has no price at that facility then), it
keeps its parent. Here the pair is picked together for such rows: a term valid at the row's
time, of the owners the row reaches by keys of its own (its facility, its currency), whose
other owners some thing has (a unit of that type at that facility), and a thing of those
owners. Only where both keys may be picked again (valid_then.free_to_repick, and no rule reads
the row through either key's parent); a row for which no such term is valid keeps its pair."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.base.tables import partition_root
from workbench.generate.kinds.holdings import TERM_STARTS
from workbench.generate.rules.base import Phase, RowRule, Rule
from workbench.generate.rules.times import as_us
from workbench.generate.rules.valid_owned import owners_reached
from workbench.generate.rules.valid_then import (
    bounds,
    choose,
    free_to_repick,
    reads_through,
    repickable,
)

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import FKUnit, TableView
    from workbench.schema.model import Schema, Table

_BIG = np.iinfo(np.int64).max // 4


def _single(schema: Schema, table: Table) -> dict[str, tuple[str, str]]:
    """Each single-column key's column: (referenced table, referenced column)."""
    return {
        fk.columns[0]: (partition_root(schema, fk.ref_qualified), fk.ref_columns[0])
        for fk in table.foreign_keys
        if len(fk.columns) == 1 and len(fk.ref_columns) == 1
    }


def _thing(view: TableView, unit: FKUnit, planned: Sequence[Rule]) -> bool:
    """A key the pair's pick may pick again: drawn freely, nothing read through it."""
    fk = ",".join(unit.fk.columns)
    return free_to_repick(view, unit) and not any(reads_through(r.data, fk) for r in planned)


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    within = next((r for r in planned if r.kind == "within"), None)
    if within is None:
        return []
    grouped = {r.data.get("fk") for r in planned if isinstance(r.data, dict)}
    pairs = []
    for fk, parent, start, end, _ in within.data["windows"]:
        model = view.schema.tables.get(parent)
        if model is None or "," in fk or ">" in fk or not end or fk in grouped:
            continue
        if normalise(start).split("_")[0] not in TERM_STARTS or not repickable(view, fk, parent):
            continue
        theirs = _single(view.schema, model)
        direct = [o.column for o in owners_reached(view.schema, view.table, fk, model)
                  if len(o.way) == 1]  # fmt: skip
        for unit in view.units:
            other = view.schema.tables.get(unit.parent)
            key = ",".join(unit.fk.columns)
            if other is None or key == fk or "," in key or unit.parent in (parent, view.tp.name):
                continue
            shared = [(c, h) for h, ref in _single(view.schema, other).items()
                      for c, r in theirs.items() if r == ref]  # fmt: skip
            if len({c for c, _ in shared}) != len(shared) or len({h for _, h in shared}) != len(
                shared
            ):
                continue  # two keys to one table: which meets which is not known
            if len(shared) < 2 or unit.nullable:
                continue  # a thing of the term's owners: two of them at least (a facility
                # and a type), not a place that only shares its country
            if not set(c for c, _ in shared) - set(direct) or not _thing(view, unit, planned):
                continue  # the row reaches every owner itself: valid_owned's pick
            pairs.append((fk, parent, start, end, direct, key, unit.parent, shared))
    if not pairs:
        return []
    shown = ", ".join(f"{p[0]} and {p[5]} ({', '.join(c for c, _ in p[7])})" for p in pairs)
    detail = f"{shown} of the same owners, valid at {within.columns[0]}"
    return [Rule("owned_pair", [within.columns[0]], detail, {"pairs": pairs})]


def _texts(stored: dict[str, Any], columns: Sequence[str]) -> list[np.ndarray] | None:
    out = []
    for column in columns:
        held = stored.get(column)
        if held is None:
            return None
        out.append(np.where(held.nulls, "\x00", np.asarray(held.values).astype(str)))
    return out


def _joint(*sides: list[np.ndarray]) -> list[np.ndarray]:
    """One code per row of each side for its values together (the same values, one code)."""
    sizes = [side[0].size if side else 0 for side in sides]
    total = sum(sizes)
    code = np.zeros(total, np.int64)
    for parts in zip(*sides, strict=True):
        _, inverse = np.unique(np.concatenate(parts), return_inverse=True)
        inverse = inverse.reshape(-1).astype(np.int64)
        code = code * (int(inverse.max(initial=0)) + 1) + inverse
    cuts = np.cumsum(sizes)[:-1]
    return list(np.split(code, cuts))


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    used = batch.get(rule.columns[0])
    if used is None or not used.values.size:
        return
    when = np.where(used.nulls, 0, as_us(used).astype(np.int64))
    for fk, parent, start, end, direct, key, other, shared in rule.data["pairs"]:
        _pair(view, batch, idx, when, used.kind, (fk, parent, start, end, direct),
              (key, other, shared), used.nulls)  # fmt: skip


def _pair(
    view: TableView,
    batch: Batch,
    idx: np.ndarray,
    when: np.ndarray,
    kind: str,
    term: tuple[str, str, str, str, list[str]],
    thing: tuple[str, str, list[tuple[str, str]]],
    unknown: np.ndarray,
) -> None:
    fk, parent, start, end, direct = term
    key, other, shared = thing
    t_unit = next((u for u in view.units if ",".join(u.fk.columns) == fk), None)
    h_unit = next((u for u in view.units if ",".join(u.fk.columns) == key), None)
    t_rows, t_nulls = view.parent_rows(fk)
    h_rows, h_nulls = view.parent_rows(key)
    t_stored, h_stored = view.keys.tables.get(parent, {}), view.keys.tables.get(other, {})
    begins, ends = t_stored.get(start), t_stored.get(end)
    t_shared = _texts(t_stored, [c for c, _ in shared])
    h_shared = _texts(h_stored, [h for _, h in shared])
    t_direct = _texts(t_stored, direct)
    r_direct = _texts({c: batch[c] for c in direct if c in batch}, direct)
    if t_unit is None or h_unit is None or t_rows is None or h_rows is None:
        return
    if begins is None or ends is None or t_shared is None or h_shared is None:
        return
    if t_direct is None or r_direct is None or t_rows.size != when.size:
        return
    t_code, h_code = _joint(t_shared, h_shared)
    first, last = bounds(begins, ends, kind)
    fits = (first[t_rows] <= when) & (when <= last[t_rows]) & (t_code[t_rows] == h_code[h_rows])
    wrong = ~unknown & ~t_nulls & ~h_nulls & ~fits
    if not wrong.any():
        return
    t_source, t_valid = view.parent_keys(t_unit)
    h_source, h_valid = view.parent_keys(h_unit)
    if not h_valid.size:
        return
    # a term only where some thing has its owners
    first = np.where(np.isin(t_code, h_code[h_valid]), first, _BIG)
    t_valid = t_valid[first[t_valid] < _BIG]
    rows = np.flatnonzero(wrong)
    rng = view.rng(f"owned-pair:{fk}:{key}", int(idx[0]) if idx.size else 0)
    chosen = np.full(rows.size, -1, np.int64)
    # the owners the row names itself, else those its thing names where both do (the unit's
    # facility where the agreement's is another)
    held = dict(zip([h for _, h in shared], h_shared, strict=True))
    theirs = [held[dict(shared)[c]][h_rows] if c in dict(shared) else v
              for c, v in zip(direct, r_direct, strict=True)]  # fmt: skip
    for values in (r_direct, theirs) if direct else ([],):
        rest = chosen < 0
        if not rest.any():
            break
        if values:
            owners, wanted = _joint(t_direct, values)
        else:
            owners, wanted = np.zeros(first.size, np.int64), np.zeros(when.size, np.int64)
        at = rows[rest]
        chosen[rest] = choose(owners, t_valid, wanted[at], when[at], (first, last), rng)
    got = chosen >= 0
    if not got.any():
        return
    rows, chosen = rows[got], chosen[got]
    # a thing of the chosen term's owners: the row's own where it is one, else one at random
    order = h_valid[np.argsort(h_code[h_valid], kind="stable")]
    codes = h_code[order]
    lo = np.searchsorted(codes, t_code[chosen], "left")
    count = np.searchsorted(codes, t_code[chosen], "right") - lo
    things = order[lo + np.floor(rng.random(rows.size) * count).astype(np.int64)]
    things = np.where(h_code[h_rows[rows]] == t_code[chosen], h_rows[rows], things)
    t_rows, h_rows = t_rows.copy(), h_rows.copy()
    t_rows[rows], h_rows[rows] = chosen, things
    for child, parent_col in t_unit.ref_map.items():
        batch[child].values[rows] = t_source[parent_col].values[chosen]
    for child, parent_col in h_unit.ref_map.items():
        batch[child].values[rows] = h_source[parent_col].values[things]
    view.repicked(fk, t_rows, t_nulls)
    view.repicked(key, h_rows, h_nulls)


RULE = RowRule(
    "owned_pair",
    "a row's term valid at its time and the thing it is for are of the same owners (a price "
    "row of its unit's facility and type)",
    _plan,
    _apply,
    phases={"owned_pair": Phase.FINAL},
    after=("valid_owned",),  # where the owners it reaches held no term valid then
    before=("held",),
)
