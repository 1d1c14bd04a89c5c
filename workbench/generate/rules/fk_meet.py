"""Two foreign keys of one row that meet at one grandparent row ("diamond" keys).

An order references its customer and its shipping address, and the address references its
customer: the order's address should be one of the order's own customer's addresses. A pagila
payment references a customer and a rental, and the rental references a customer: the same
one. The rule: a row with a direct key to G (orders.customer_id → customers) and a key to a
parent P that belongs to G (orders.shipping_address_id → addresses, addresses.customer_id →
customers) picks P among the rows of P whose key to G is the row's own.

Only where P reads as something a party owns (an address, account, card, rental, order,
subscription…), or G is a site a business runs (a trip's vehicle and driver are its depot's, a
rental's staff its store's: meets.is_site): a comment's post is not the comment author's post,
so content tables never meet. When the row's G has no P row (a customer without addresses) and
the direct key was drawn freely, the row's G is taken from the P row picked instead; else a
nullable key to P is left NULL; else the row keeps its free pick (counted in a warning).

Everything runs per batch: P's rows sorted once by their key to G, then one sorted search."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.runs import lookup
from workbench.generate.kinds.meets import Meet
from workbench.generate.rules.base import LinkRule, Stage
from workbench.generate.rules.happened import cover_first, fit_rows
from workbench.generate.rules.in_service import began_rows, windows_fit
from workbench.generate.rules.meets import (
    MeetCache,
    SortedRows,
    generator_follows,
    generator_meets,
    owners,
)
from workbench.generate.rules.settle import paid_first, paid_rows

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.links import Links
    from workbench.generate.view import FKUnit, TableView


def _sorted(
    view: TableView,
    meet: Meet,
    hop: FKUnit,
    rows: np.ndarray,
    level: tuple[str, np.ndarray] | None = None,
) -> SortedRows:
    """The parent's rows sorted by the grandparent they reach, cached per generator; with a
    level (a name and a mask over the parent's rows), only the rows it marks."""
    cache = view.scratch.get(MeetCache).sorted
    way = ".".join([meet.via, *(c for _, c in meet.further)])
    key = (hop.parent, way, level[0] if level else "")
    if key not in cache:
        if level is not None:
            rows = rows[level[1][rows]]
        cache[key] = SortedRows.of(*owners(view, meet, hop.parent), rows)
    return cache[key]


def _levels(view: TableView, meet: Meet, hop: FKUnit) -> list[tuple[str, np.ndarray]]:
    """The parent rows a meet tries first, best first: those carrying the label the key's
    name asks for, a payment's orders that were paid (settle.py), and a record's parents whose
    status says its event happened (happened.py). Once per generator: a
    parent's kept columns never change while its children are generated."""

    cache = view.scratch.get(MeetCache).levels
    if meet.hop in cache:
        return cache[meet.hop]
    stored = view.keys.tables[hop.parent]
    out = cache[meet.hop] = []
    if meet.label is not None and meet.label[0] in stored:
        held = stored[meet.label[0]]
        out.append(("label", ~held.nulls & (held.values.astype(str) == meet.label[1])))
    paid = paid_rows(view, hop)
    fit = fit_rows(view, hop)
    if fit is not None and fit.size:
        out.append(("happened", fit if paid is None or paid.size != fit.size else fit & paid))
    if paid is not None:
        out.append(("paid", paid))
    # a row of an event under a parent that never began (in_service.began_rows) has none
    began = began_rows(view, hop)
    if began is not None:
        fits = [(n, m & began) for n, m in out if m.size == began.size]
        out[:] = [*fits, ("began", began)]
    return out


def keep_meets(
    view: TableView,
    links: Links,
    batch: Batch,
    idx: np.ndarray,
    settled: frozenset[str] = frozenset(),
) -> None:
    """After the keys are filled: each hop key re-picked among its grandparent's rows (again
    after site_meet.py moved a direct key, which is `settled` then)."""
    start = int(idx[0]) if idx.size else 0
    meets = generator_meets(view)
    n = idx.size
    moved = set(settled)  # direct keys one meet has settled: later meets may not move them
    for meet, hop, direct in meets:
        hop_key, direct_key = ",".join(hop.fk.columns), ",".join(direct.fk.columns)
        free_rows, hop_nulls = view.parent_rows(hop_key)
        if free_rows is None or view.parent_rows(direct_key)[0] is None:
            continue
        source, valid = view.parent_keys(hop)
        draw = view.rng(f"meet:{meet.hop}", start).random(n)
        first = None
        if not meet.further and meet.direct not in moved and _movable(view, direct):
            # a bill's first payments pay each paid bill once, in the bill's own currency
            first, hop_nulls = _paid_first(view, links, meet, (hop, direct), batch, idx, hop_nulls)
        if meet.further and meet.direct not in moved and _movable(view, direct):
            # along a chain the parent drawn names the party: the row's own key follows it
            # (then the parent is picked among that party's, the levels first)
            hop_nulls = _settle_lonely(
                view, links, meet, hop, direct, batch, free_rows, hop_nulls, ~hop_nulls, True
            )
        picked = _pick(view, meet, hop, valid, batch, draw, free_rows)
        if picked is None:  # keys of kinds that do not compare: leave the free picks
            continue
        rows, has = picked
        lonely = ~has & ~batch[meet.direct].nulls & ~hop_nulls
        if lonely.any():
            may_move = meet.direct not in moved
            hop_nulls = _settle_lonely(
                view, links, meet, hop, direct, batch, rows, hop_nulls, lonely, may_move
            )
            again = _pick(view, meet, hop, valid, batch, draw, free_rows) if may_move else None
            if again is not None:  # the rows whose owner moved pick again, labels first
                rows = again[0]
        rows = _in_force(view, meet, hop, valid, batch, rows, start)
        if first is not None:
            rows = np.where(first[1], first[0], rows)
        moved.add(meet.direct)
        if not meet.strict:  # a key in its scope: a later meet's lonely rows leave it there
            moved.add(meet.hop)
        links.assign(batch, hop, rows, n, hop_nulls, source)
        for column, via in meet.copies:
            if column not in moved and repeat_parent(
                view, links, batch, hop, rows, hop_nulls, column, via
            ):
                moved.add(column)
    for meet, hop in generator_follows(view):
        fixed, fixed_nulls = view.parent_rows(",".join(hop.fk.columns))
        if fixed is None:
            continue
        for column, via in ((meet.direct, meet.via), *meet.copies):
            held = owners(view, meet, hop.parent) if column == meet.direct else None
            if column not in moved and repeat_parent(
                view, links, batch, hop, fixed, fixed_nulls, column, via, held
            ):
                moved.add(column)


def _paid_first(
    view: TableView,
    links: Links,
    meet: Meet,
    units: tuple[FKUnit, FKUnit],
    batch: Batch,
    idx: np.ndarray,
    hop_nulls: np.ndarray,
) -> tuple[tuple[np.ndarray, np.ndarray] | None, np.ndarray]:
    """A payment's key to a bill that meets another key (its currency): the table's first rows
    pay each paid bill once (settle.paid_first) and their own key follows the bill's, so
    that no paid bill is left without a payment; ((bill rows, which rows), the key's NULLs),
    or None where the key is no payment's of a bill."""
    hop, direct = units
    got = paid_first(view, hop, idx) or cover_first(view, hop, idx)  # each paid bill, shipped order
    free_rows, _ = view.parent_rows(",".join(hop.fk.columns))
    if got is None or free_rows is None:
        return None, hop_nulls
    picks, inside = got
    inside = inside & ~hop_nulls
    if not inside.any():
        return None, hop_nulls
    rows = np.where(inside, picks, free_rows)
    hop_nulls = _settle_lonely(view, links, meet, hop, direct, batch, rows, hop_nulls, inside, True)
    via_values, via_nulls = owners(view, meet, hop.parent)
    owner = batch[meet.direct]
    try:
        agree = np.asarray(via_values[rows] == owner.values, dtype=bool)
    except (TypeError, ValueError):  # keys of kinds that do not compare
        return None, hop_nulls
    inside &= agree & ~via_nulls[rows] & ~owner.nulls
    return (picks, inside), hop_nulls


def _movable(view: TableView, unit: FKUnit) -> bool:
    return view.drawn_freely(unit) and not view.specs[unit.fk.columns[0]].unique


def repeat_parent(
    view: TableView,
    links: Links,
    batch: Batch,
    hop: FKUnit,
    rows: np.ndarray,
    hop_nulls: np.ndarray,
    column: str,
    via: str,
    reached: tuple[np.ndarray, np.ndarray] | None = None,
) -> bool:
    """A key the row repeats from the parent it continues takes the parent's value (a free,
    non-unique key whose rows its parent's value names; the others keep their pick); with
    `reached`, the value the parent's rows reach along a chain of keys instead."""
    unit = view.fk_cols.get(column)
    kept = view.keys.tables[hop.parent].get(via)
    held = reached if reached is not None else (kept.values, kept.nulls) if kept else None
    if unit is None or held is None or len(unit.fk.columns) != 1:
        return False
    if not view.drawn_freely(unit) or view.specs[column].unique:
        return False
    own, nulls = view.parent_rows(",".join(unit.fk.columns))
    if own is None:
        return False
    source, _ = view.parent_keys(unit)
    try:
        hit, found = lookup(source[unit.ref_map[column]], held[0][rows])
    except TypeError:  # keys of kinds that do not compare
        return False
    take = found & ~hop_nulls & ~held[1][rows]
    links.assign(batch, unit, np.where(take, hit, own), rows.size, nulls & ~take, source)
    return True


def _pick(
    view: TableView,
    meet: Meet,
    hop: FKUnit,
    valid: np.ndarray,
    batch: Batch,
    draw: np.ndarray,
    rows: np.ndarray,
) -> tuple[np.ndarray, np.ndarray] | None:
    """Each row's parent among its owner's rows, the first level (_levels) that has one for
    the owner, else any; (parent rows, whether the owner had one), or None if keys don't
    compare."""
    owner = batch[meet.direct]
    has = np.zeros(draw.size, bool)
    levels: list[tuple[str, np.ndarray] | None] = [*_levels(view, meet, hop), None]
    for level in levels:
        by_owner = _sorted(view, meet, hop, valid, level)
        if by_owner.rows.size == 0:
            continue
        try:
            lo, hi = by_owner.ranges(owner.values)
        except TypeError:
            return None
        count = hi - lo
        now = (count > 0) & ~owner.nulls & ~has
        rows = np.where(now, by_owner.drawn(lo, hi, draw), rows)
        has |= now
    return rows, has


_TRIES = 8  # draws among the owner's parents for one in force when the row can be


def _in_force(
    view: TableView,
    meet: Meet,
    hop: FKUnit,
    valid: np.ndarray,
    batch: Batch,
    rows: np.ndarray,
    start: int,
) -> np.ndarray:
    """Rows whose picked parent was not in force when the row can be (a vehicle retired
    before the member signed up: in_service.windows_fit) draw again among the owner's parents,
    a few times, keeping the first that was."""
    key = ",".join(hop.fk.columns)
    bad = ~windows_fit(view, batch, key, rows)
    if not bad.any():
        return rows
    owner = batch[meet.direct]
    by_owner = _sorted(view, meet, hop, valid)
    if by_owner.rows.size == 0:
        return rows
    try:
        lo, hi = by_owner.ranges(owner.values)
    except TypeError:
        return rows
    bad &= (hi - lo > 1) & ~owner.nulls
    rows = rows.copy()
    rng = view.rng(f"meet-in-force:{meet.hop}", start)
    for _ in range(_TRIES):
        at = np.flatnonzero(bad)
        if not at.size:
            break
        pick = lo[at] + np.floor(rng.random(at.size) * (hi - lo)[at]).astype(np.int64)
        candidate = by_owner.rows[np.minimum(pick, by_owner.rows.size - 1)]
        trial = rows.copy()
        trial[at] = candidate
        good = windows_fit(view, batch, key, trial)[at]
        rows[at[good]] = candidate[good]
        bad[at[good]] = False
    return rows


def _settle_lonely(
    view: TableView,
    links: Links,
    meet: Meet,
    hop: FKUnit,
    direct: FKUnit,
    batch: Batch,
    rows: np.ndarray,
    hop_nulls: np.ndarray,
    lonely: np.ndarray,
    may_move: bool,
) -> np.ndarray:
    """Rows whose grandparent owns no parent row: the grandparent follows the parent picked
    (a free direct key no other meet has settled), or the key to the parent is NULL, or the
    row keeps its free pick."""
    via_values, via_nulls = owners(view, meet, hop.parent)
    owner_of_pick = via_values[rows]
    free = may_move and view.drawn_freely(direct)
    if free and not view.specs[meet.direct].unique:
        movable = lonely & ~via_nulls[rows]
        g_source, _ = view.parent_keys(direct)
        hit, found = lookup(g_source[direct.ref_map[meet.direct]], owner_of_pick[movable])
        which = np.flatnonzero(movable)[found]
        g_rows, g_nulls = view.parent_rows(",".join(direct.fk.columns))
        assert g_rows is not None  # the direct key was filled by rows
        # only a grandparent in force at a time the row can have (a claim's policy not one
        # still quoted): the others keep theirs and stay lonely
        wanted = g_rows.copy()
        wanted[which] = hit[found]
        fits = windows_fit(view, batch, ",".join(direct.fk.columns), wanted)
        hit, which = hit[found][fits[which]], which[fits[which]]
        found = np.ones(which.size, bool)
        g_rows, g_nulls = g_rows.copy(), g_nulls.copy()
        g_rows[which] = hit[found]
        g_nulls[which] = False
        links.assign(batch, direct, g_rows, rows.size, g_nulls, g_source)
        lonely = lonely.copy()
        lonely[which] = False
    if lonely.any() and hop.nullable:
        hop_nulls = hop_nulls | lonely
        lonely = np.zeros_like(lonely)
    if lonely.any() and meet.strict:
        counts = view.scratch.get(MeetCache).misses
        counts[meet.hop] = counts.get(meet.hop, 0) + int(lonely.sum())
    return hop_nulls


RULE = LinkRule(
    "keys that meet",
    "a row's key to a parent picks among the parents of the grandparent its other key names",
    Stage.KEYS,
    keep_meets,
    after=("parents in service",),  # a parent re-picked for its window is a parent to meet
)
