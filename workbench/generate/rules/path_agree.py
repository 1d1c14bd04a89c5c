"""Keys that agree along every path (kinds/path_agree.py plans them): an invoice line's
invoice is of its lot's sale and of the client its lot was knocked down to; a dispensing
line's dispensing is its prescription's patient's, at its pharmacy.

The key that moves is one this generator draws freely, not unique (a line's lot, unique, stays;
its invoice moves), the one that may be NULL first. It picks among its parent's rows that
reach every end the other parent's row reaches (the ends as one code: each end's values
numbered over the moving parent's rows), at random. A row whose other parent reaches every
end but no parent row all of them (an invoice's customer and contract, no consignment of
that contract) names none where its key may be NULL and the other key may not follow it
(the line is planned per invoice: `_fixed`): a line billing no consignment rather than
another contract's or customer's; where the key may not be NULL, or the other parent
reaches only some ends (a lot not sold reaches its sale, no client), it picks among those
that reach one of them, its party first (the invoiced client at least is the buyer); else
where the key may be NULL and every end was reached it is NULL, else it keeps its free pick.

Per batch: the moving parent's rows sorted by their code once, then one sorted search."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.kinds.meets import personal
from workbench.generate.kinds.path_agree import agreements, way_of
from workbench.generate.rules.base import LinkRule, Stage
from workbench.generate.rules.meets import SortedRows, reach_along

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.links import Links
    from workbench.generate.view import FKUnit, TableView


@dataclass(frozen=True)
class Keeping:
    """An agreement as this generator keeps it: `moving` picks, `anchor` stays; the ends'
    ways from each parent, and which ends are parties."""

    anchor: str
    moving: str
    anchor_ways: tuple[tuple[tuple[str, str], ...], ...]
    moving_ways: tuple[tuple[tuple[str, str], ...], ...]
    parties: tuple[bool, ...]


def _movable(view: TableView, column: str) -> FKUnit | None:
    unit = view.fk_cols.get(column)
    if unit is None or len(unit.fk.columns) != 1 or unit.mode != "normal":
        return None
    if not view.drawn_freely(unit) or view.specs[column].unique:
        return None
    return unit


def _fixed(view: TableView, column: str) -> bool:
    """A key no rule picks again: one a children law or the unique plan fills (a line's
    invoice, planned per invoice), or unique."""
    unit = view.fk_cols.get(column)
    return unit is not None and (not view.drawn_freely(unit) or view.specs[column].unique)


def _keepings(view: TableView) -> list[Keeping]:
    out = []
    used: set[str] = set()
    for m in agreements(view.schema, view.table):
        sides = [(m.a, 1), (m.b, 2)]
        movable = [s for s in sides if s[0] not in used and _movable(view, s[0]) is not None]
        if not movable:
            continue
        moving = sorted(movable, key=lambda s: (not view.specs[s[0]].nullable, -s[1]))[0]
        anchor = sides[2 - moving[1]]
        ways_of = {s[0]: tuple(way_of(end, s[1]) for end in m.ends) for s in sides}
        every = (*ways_of[m.a], *ways_of[m.b])
        if any(col not in view.keys.tables.get(at, {}) for way in every for at, col in way):
            continue
        used.add(moving[0])
        parties = tuple(personal(view.schema, end[0]) for end in m.ends)
        out.append(Keeping(anchor[0], moving[0], ways_of[anchor[0]], ways_of[moving[0]], parties))
    return out


@dataclass
class AgreeCache:
    """Per table (scratch): its keepings, planned on the first batch; per keeping and set of
    ends, the moving parent's rows sorted by their code and each end's values numbered."""

    keepings: list[Keeping] | None = None
    sorted: dict[tuple[str, tuple[int, ...]], tuple[SortedRows, list[np.ndarray]]] = field(
        default_factory=dict
    )
    reached: dict[tuple[tuple[str, str], ...], tuple[np.ndarray, np.ndarray]] = field(
        default_factory=dict
    )


def _reached(
    view: TableView, cache: AgreeCache, way: tuple[tuple[str, str], ...]
) -> tuple[np.ndarray, np.ndarray]:
    if way not in cache.reached:
        cache.reached[way] = reach_along(view, way)
    return cache.reached[way]


def _by_code(
    view: TableView, cache: AgreeCache, k: Keeping, ends: tuple[int, ...], valid: np.ndarray
) -> tuple[SortedRows, list[np.ndarray]]:
    """The moving parent's rows sorted by the code of the ends they reach, and each end's
    distinct values (their numbering)."""
    key = (k.moving, ends)
    if key not in cache.sorted:
        code: np.ndarray | None = None
        nulls: np.ndarray | None = None
        numbering = []
        span = 1  # how many codes the ends give: they must fit a 64-bit integer
        for e in ends:
            values, missing = _reached(view, cache, k.moving_ways[e])
            distinct = np.unique(values[~missing])
            numbering.append(distinct)
            at = np.searchsorted(distinct, values).clip(0, max(distinct.size - 1, 0))
            width = max(distinct.size, 1)
            span *= width
            if span >= 1 << 62:
                raise TypeError("too many ends to number as one")
            code = at.astype(np.int64) if code is None else code * width + at
            nulls = missing.copy() if nulls is None else nulls | missing
        assert code is not None and nulls is not None
        cache.sorted[key] = (SortedRows.of(code, nulls, valid), numbering)
    return cache.sorted[key]


def _codes(
    view: TableView,
    cache: AgreeCache,
    k: Keeping,
    ends: tuple[int, ...],
    numbering: list[np.ndarray],
    rows: np.ndarray,
    nulls: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """The code of the ends each anchor row reaches, and where it reaches one not numbered."""
    code = np.zeros(rows.size, np.int64)
    lost = nulls.copy()
    for e, distinct in zip(ends, numbering, strict=True):
        values, missing = _reached(view, cache, k.anchor_ways[e])
        mine = values[rows]
        at = np.searchsorted(distinct, mine).clip(0, max(distinct.size - 1, 0))
        found = distinct.size > 0 and np.asarray(distinct[at] == mine, dtype=bool)
        lost |= missing[rows] | ~np.asarray(found, dtype=bool)
        code = code * max(distinct.size, 1) + at
    return code, lost


def keep_agreements(view: TableView, links: Links, batch: Batch, idx: np.ndarray) -> None:
    cache = view.scratch.get(AgreeCache)
    if cache.keepings is None:
        cache.keepings = _keepings(view)
    if not cache.keepings or not idx.size:
        return
    start = int(idx[0])
    for k in cache.keepings:
        anchor_rows, anchor_nulls = view.parent_rows(k.anchor)
        picked, picked_nulls = view.parent_rows(k.moving)
        if anchor_rows is None or picked is None:
            continue
        unit = view.fk_cols[k.moving]
        source, valid = view.parent_keys(unit)
        draw = view.rng(f"path-agree:{k.moving}", start).random(idx.size)
        rows, nulls = np.asarray(picked).copy(), picked_nulls.copy()
        done = anchor_nulls.copy()
        every = tuple(range(len(k.parties)))
        # then each end alone, the parties first: a row reaching one end only (a lot not sold
        # reaches its sale, no client) agrees there
        alone = sorted(every, key=lambda i: not k.parties[i])
        reached_any = np.zeros(idx.size, bool)
        # the rows whose anchor reaches every end: where no parent row agrees with all of
        # them, a key that may be NULL names none rather than one agreeing with some
        # (only where the anchor may not follow: a line planned per invoice; a key drawn
        # freely follows its partner later, rules/every_path.py)
        whole = ~anchor_nulls & unit.nullable & _fixed(view, k.anchor)
        for e in every:
            whole &= ~_reached(view, cache, k.anchor_ways[e])[1][anchor_rows]
        for ends in (every, *((i,) for i in alone)):
            try:
                by_code, numbering = _by_code(view, cache, k, ends, valid)
                code, lost = _codes(view, cache, k, ends, numbering, anchor_rows, anchor_nulls)
            except TypeError:  # keys of kinds that do not compare, or too many to number
                break
            if ends == every:
                reached_any = ~lost
            if by_code.rows.size == 0:
                continue
            lo, hi = by_code.ranges(code)
            take = (hi > lo) & ~lost & ~done
            if ends != every:
                take &= ~whole
            rows = np.where(take, by_code.drawn(lo, hi, draw), rows)
            nulls &= ~take
            done |= take
        if unit.nullable:  # ends no parent row reaches together: none rather than another's
            nulls |= (reached_any | whole) & ~done & ~picked_nulls
        links.assign(batch, unit, rows, idx.size, nulls, source)


RULE = LinkRule(
    "keys that agree along every path",
    "two keys whose parents reach the same rows along ways of their own reach the same ones",
    Stage.KEYS,
    keep_agreements,
    after=("members of their group",),  # a line's own membership first, then its agreement
    before=("partition parents",),
)
