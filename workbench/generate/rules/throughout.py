"""A row without a time of its own that joins a thing taking place over a while (a term, a
season, a project's run) to someone in force for a while (a teacher employed, a contractor
engaged) names someone in force the whole while: a section's teacher was hired before its term
started and had not left before it ended.

Read from the shape: the row has no time it uses its parents at (kinds/windows.used_at; a
record time, `created_at`, says when the row was written, not when it used them); one
required parent has a window it takes place in (`starts_on`/`ends_on`), another, drawn freely,
has windows of validity (`hired_on`/`left_on`: every one of them, kinds/windows.windows_of).
A row whose parent's windows do not hold the other's whole window picks again among those
that do (a few draws among the parents in force by its start, then one never ended); none
does, it keeps its pick. A period a parent accounts for (a pay run's `period_start`/
`period_end`, a billing cycle) asks less: someone in force at some time in it (a payslip for
whoever was employed during the pay period, hired or leaving in it). Per batch: the parents
sorted by start once, sorted searches."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.kinds.windows import period_of, used_at, window_of, windows_of
from workbench.generate.rules.base import LinkRule, Stage
from workbench.generate.rules.placement import placed_codes
from workbench.generate.rules.times import DAY_US, as_us
from workbench.generate.vocab.lexicon import record_time

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.links import Links
    from workbench.generate.view import FKUnit, TableView

_BIG = np.iinfo(np.int64).max // 4
_TRIES = 8


@dataclass
class Throughout:
    """Per table (scratch): the keys to re-pick, each with the occurrence it must cover."""

    planned: bool = False
    pairs: list[tuple[FKUnit, list[tuple[str, str]], FKUnit, str, str]] = field(
        default_factory=list
    )
    overlap: bool = False  # the occurrence is a period accounted for: in force some of it


def _plan(view: TableView) -> Throughout:
    memo = view.scratch.get(Throughout)
    if memo.planned:
        return memo
    memo.planned = True
    used = used_at(view.schema, view.table, view.config)
    spec = view.specs.get(used or "")
    if used is not None and not (spec is not None and record_time(used, spec.generator)):
        return memo  # a time of its own: rules/within.py places it in its parents' windows
    occurring = None
    for unit in view.units:
        parent = view.schema.tables.get(unit.parent)
        if parent is None or unit.nullable or unit.mode == "self" or unit.parent == view.tp.name:
            continue
        window = window_of(view.schema, parent, view.config)
        if window is not None and not window.validity:
            occurring = (unit, window.start, window.end)
            break
        period = period_of(view.schema, parent, view.config)
        if period is not None:
            occurring = (unit, *period)
            memo.overlap = True
            break
    if occurring is None:
        return memo
    for unit in view.units:
        parent = view.schema.tables.get(unit.parent)
        if parent is None or unit is occurring[0] or unit.mode != "normal":
            continue
        if unit.parent == view.tp.name or len(unit.fk.columns) != 1:
            continue
        spans = [(w.start, w.end) for w in windows_of(view.schema, parent, view.config)]
        if spans:
            memo.pairs.append((unit, spans, occurring[0], occurring[1], occurring[2]))
    return memo


def _times(view: TableView, table: str, column: str, missing: int) -> tuple[np.ndarray, str]:
    stored = view.keys.tables.get(table, {}).get(column)
    if stored is None:
        return np.zeros(0, np.int64), ""
    values = as_us(stored).astype(np.int64)
    return np.where(stored.nulls, missing, values), stored.kind


def _repick(view: TableView, links: Links, batch: Batch, idx: np.ndarray) -> None:
    if not idx.size:
        return
    for unit, spans, occurs, o_start, o_end in _plan(view).pairs:
        if unit.mode != "normal":
            continue
        keyed = not view.drawn_freely(unit)  # the pair a unique key built (a payslip's)
        held, held_nulls = view.parent_rows(",".join(occurs.fk.columns))
        picked, nulls = view.parent_rows(",".join(unit.fk.columns))
        if held is None or picked is None:
            continue
        first, first_kind = _times(view, occurs.parent, o_start, _BIG)
        last, _ = _times(view, occurs.parent, o_end, -_BIG)
        if not first.size or not last.size:
            continue
        begins = np.full(len(view.keys.tables[unit.parent][spans[0][0]].values), -_BIG)
        ends = np.full(begins.size, _BIG)
        for start, end in spans:  # in force while every window is
            b, kind = _times(view, unit.parent, start, _BIG)
            e, _ = _times(view, unit.parent, end, _BIG)
            if not b.size or not e.size:
                break
            margin = DAY_US if (kind == "date") != (first_kind == "date") else 0
            begins = np.maximum(begins, b + margin)
            ends = np.minimum(ends, np.where(e == _BIG, _BIG, e - margin))
        lo = np.where(held_nulls, _BIG, first[held])
        hi = np.where(held_nulls, -_BIG, last[held])
        if _plan(view).overlap:  # in force by the period's end, not ended before its start
            lo, hi = (
                np.where(held_nulls, _BIG, last[held]),
                np.where(held_nulls, -_BIG, first[held]),
            )
        fits = (begins[picked] <= lo) & (ends[picked] >= hi)
        bad = ~nulls & ~held_nulls & ~fits & (lo < _BIG)
        if not bad.any():
            continue
        source, valid = view.parent_keys(unit)
        group = _groups(view, unit.parent)  # a new pick keeps its parents (the same school)
        placed = placed_codes(view, unit.fk.columns[0])
        if placed is not None and placed.size == group.size:
            # or, where a placement chose the pick, its group (an employee placed in the pay
            # run's entity, of whatever country): what the row reaches binds it, not the
            # pick's own lookups
            group = placed + 1
        rng = view.rng(f"throughout:{unit.fk.columns[0]}", int(idx[0]))
        chosen = picked.copy()
        rows = np.flatnonzero(bad)
        for pool in (valid, valid[ends[valid] == _BIG]):  # then one never ended
            rows = _draw(rng, (begins, ends, group), pool, chosen, rows, (lo, hi))
        if keyed:  # a pair taken twice in the batch keeps its own pick (unique as built)
            unrepeat(held, picked, chosen)
        links.assign(batch, unit, chosen, idx.size, nulls, source)
        if rows.size and not keyed and view.drawn_freely(occurs):
            # none in force all that while: the thing taken from those within the pick's time
            _within_pick(view, links, batch, occurs, (first, last), (begins, ends, chosen), rows)


def unrepeat(held: np.ndarray, picked: np.ndarray, chosen: np.ndarray) -> None:
    """Rows whose new (thing, pick) pair another row of the batch holds take their own pick
    back, until no pair repeats: the picks as the unique key built them repeat none."""
    for _ in range(16):
        pair = held.astype(np.int64) * (int(max(picked.max(), chosen.max())) + 1) + chosen
        values, counts = np.unique(pair, return_counts=True)
        back = np.isin(pair, values[counts > 1]) & (chosen != picked)
        if not back.any():
            return
        chosen[back] = picked[back]
    chosen[:] = picked


def repicked_keys(view: TableView) -> list[set[str]]:
    """The columns of the pairs this rule may re-pick where a unique key built them (checked
    per batch, constraints/unique: a pair an earlier batch took is repaired)."""
    return [{*unit.fk.columns, *occurs.fk.columns} for unit, _, occurs, _, _ in _plan(view).pairs]


def _within_pick(
    view: TableView,
    links: Links,
    batch: Batch,
    occurs: FKUnit,
    window: tuple[np.ndarray, np.ndarray],
    pick: tuple[np.ndarray, np.ndarray, np.ndarray],
    rows: np.ndarray,
) -> None:
    """The rows left pick the thing again among those (of the same parents) that take place
    within their pick's windows: starts no earlier, ends no later."""
    first, last = window
    begins, ends, chosen = pick
    held, nulls = view.parent_rows(",".join(occurs.fk.columns))
    if held is None:
        return
    source, valid = view.parent_keys(occurs)
    pool = valid[(first[valid] < _BIG) & (last[valid] > -_BIG)]
    need = (-begins[chosen], -ends[chosen])
    rng = view.rng(f"throughout-within:{','.join(occurs.fk.columns)}", int(rows[0]))
    again = held.copy()
    _draw(rng, (-first, -last, _groups(view, occurs.parent)), pool, again, rows, need)
    links.assign(batch, occurs, again, again.size, nulls, source)


def _groups(view: TableView, table: str) -> np.ndarray:
    """A code per parent row naming what it belongs to (the values of its own keys)."""
    stored = view.keys.tables.get(table, {})
    model = view.schema.tables.get(table)
    n = len(next(iter(stored.values())).values) if stored else 0
    code = np.zeros(n, np.int64)
    for fk in model.foreign_keys if model is not None else []:
        col = stored.get(fk.columns[0]) if len(fk.columns) == 1 else None
        if col is None or fk.ref_qualified == table:
            continue
        _, inverse = np.unique(np.asarray(col.values).astype(str), return_inverse=True)
        inverse = np.where(col.nulls, -1, inverse.reshape(-1)) + 1
        code = code * (int(inverse.max()) + 1) + inverse
        code = np.unique(code, return_inverse=True)[1].reshape(-1).astype(np.int64)
    return code


def _draw(
    rng: np.random.Generator,
    parents: tuple[np.ndarray, np.ndarray, np.ndarray],
    pool: np.ndarray,
    chosen: np.ndarray,
    rows: np.ndarray,
    need: tuple[np.ndarray, np.ndarray],
) -> np.ndarray:
    """Rows pick, a few times, among the pool's parents of their pick's group in force by
    their start; those that found one in force to their end keep it. The rows left."""
    begins, ends, group = parents
    lo, hi = need
    if not rows.size or not pool.size:
        return rows
    by_start = np.sort(begins[pool])
    size = pool.size + 1
    rank = np.searchsorted(by_start, begins[pool], "right")
    keyed = group[pool] * size + rank
    order = np.argsort(keyed, kind="stable")
    keyed, members = keyed[order], pool[order]
    mine = group[chosen[rows]]
    first = np.searchsorted(keyed, mine * size, "left")
    count = np.searchsorted(keyed, mine * size + np.searchsorted(by_start, lo[rows], "right"),
                            "right") - first  # fmt: skip
    for _ in range(_TRIES):
        if not rows.size:
            break
        pick = members[(first + (rng.random(rows.size) * np.maximum(count, 1)).astype(np.int64))
                       % np.maximum(members.size, 1)]  # fmt: skip
        good = (count > 0) & (ends[pick] >= hi[rows]) & (begins[pick] <= lo[rows])
        chosen[rows[good]] = pick[good]
        rows, first, count = rows[~good], first[~good], count[~good]
    return rows


RULE = LinkRule(
    "in force throughout",
    "a row joining a thing over a while to someone in force names one in force all that while",
    Stage.KEYS,
    _repick,
    after=("parents that happened", "parties placed in their group"),
)
