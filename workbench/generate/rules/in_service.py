"""A row points to a parent that was in service (the `parents in service` step of
rules/within.py, run while the keys are filled): a row whose parent was never in service (its
window's start is NULL: a meter still in stock) picks again among the parents that were, and
a row's parents' windows meet (`windows_fit`: a parent picked for one key was in force while
the row's other parents were; fk_meet, site_meet and membership draw again with it). A row
that happened by now (not one the clock places lately) over a long span of its own needs room
in each parent's window: a parent in force for less than `ROOM_US` of the row's span (a policy
that began yesterday, one cancelled on its first day) is picked again among those in force for
longer, where one is (a claim settled on a policy two days old would be placed before it).
Only a row with a course of its own asks that room (`_lasting`: a claim reported and closed
after its incident); a lone instant (a payment, an item ordered) fits any part of a window, so
a tab opened an hour ago and still open keeps the payments made on it so far."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.generate.base import clock
from workbench.generate.base.batch import label_codes
from workbench.generate.base.runs import lookup
from workbench.generate.kinds.anchors import anchor_of
from workbench.generate.rules.base import LinkRule, Rule, Stage
from workbench.generate.rules.times import (
    DAY_US,
    as_us,
)
from workbench.generate.rules.within import (
    BIG,
    as_ints,
    direct_key,
    held_in,
    parent_time,
    path_rows,
    pinned_drawn,
)
from workbench.generate.vocab import lexicon
from workbench.schema import memo

ROOM_US = 7 * DAY_US  # the part of a parent's window a row done by now needs to lie in

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.links import Links
    from workbench.generate.view import FKUnit, TableView
    from workbench.schema.model import Schema


def _in_service(view: TableView, links: Links, batch: Batch, idx: np.ndarray) -> None:
    """A row's parent was in service: one whose window never started is picked again."""
    planned = next((r for r in view.rules if r.kind == "within"), None)
    if planned is None or not idx.size:
        return
    for fk, parent, start, _, start_null in planned.data["windows"]:
        unit = next((u for u in view.units if ",".join(u.fk.columns) == direct_key(fk)), None)
        if not start_null or unit is None or not view.drawn_freely(unit):
            continue
        picked, nulls = view.parent_rows(direct_key(fk))
        unstarted = _never_began(view, fk, unit.parent, parent, start)
        if picked is None or unstarted is None:
            continue
        never = ~nulls & unstarted[picked]
        if not never.any():
            continue
        source, valid = view.parent_keys(unit)
        serving = valid[~unstarted[valid]]
        if not serving.size:
            return
        rng = view.rng(f"in-service:{fk}", int(idx[0]))
        chosen = picked.copy()
        chosen[never] = serving[rng.integers(0, serving.size, int(never.sum()))]
        links.assign(batch, unit, chosen, idx.size, nulls, source)
    _windows_meet(view, links, batch, idx, planned.data["windows"], _lasting(view, planned))


def _never_began(
    view: TableView, fk: str, direct: str, parent: str, start: str
) -> np.ndarray | None:
    """Whether each row of the key's own parent table never began: its window's start is
    NULL where the window is the parent's, else its parent's (`key>parent's key>referenced
    key`: a stay whose booking never checked in has no events); None where not stored."""
    stored = view.keys.tables.get(parent, {}).get(start)
    if stored is None:
        return None
    if ">" not in fk:
        nulls: np.ndarray = stored.nulls
        return nulls
    _, via, ref = fk.split(">")
    held = view.keys.tables.get(direct, {}).get(via)
    target = view.keys.tables.get(parent, {}).get(ref)
    if held is None or target is None:
        return None
    rows, found = lookup(target, np.asarray(held.values))
    began: np.ndarray = held.nulls | ~found | stored.nulls[np.where(found, rows, 0)]
    return began


def began_rows(view: TableView, unit: FKUnit, via: bool = False) -> np.ndarray | None:
    """For a key whose parent (or, with `via` only, the parent's parent) has a window its
    status may leave unstarted: which of the parent's rows began (a stay whose booking checked
    in), the rows a rule picking the key itself tries first (fk_meet.py); None for any other
    key."""
    planned = next((r for r in view.rules if r.kind == "within"), None)
    key = ",".join(unit.fk.columns)
    began = None
    for fk, parent, start, _, start_null in planned.data["windows"] if planned else ():
        if not start_null or direct_key(fk) != key or (via and ">" not in fk):
            continue
        never = _never_began(view, fk, unit.parent, parent, start)
        if never is not None:
            began = ~never if began is None else began & ~never
    return began


def began_parents(view: TableView, unit: FKUnit) -> np.ndarray:
    """The key's valid parent rows but for those that never began, where some did (a stay
    whose booking never checked in, a meter never installed: no choice for a rule that picks
    the key again in a scope, rules/site_meet.py, rules/every_path.py)."""
    _, valid = view.parent_keys(unit)
    began = began_rows(view, unit)
    if began is not None and began[valid].any():
        valid = valid[began[valid]]
    out: np.ndarray = valid
    return out


def _windows_meet(
    view: TableView,
    links: Links,
    batch: Batch,
    idx: np.ndarray,
    windows: Sequence[Any],
    course: bool,
) -> None:
    """A row's parents in force at a time it can have: after its other parents came to be, by
    the clock, and while each parent before it was in force (a reading's reader employed while
    the meter was installed): a parent whose window does not meet that is picked again among
    those whose window does."""
    n = idx.size
    first_i = np.full(n, -BIG, np.int64)
    last_i = np.full(n, clock.run_now(view.config).astype(np.int64), np.int64)
    windowed = {w[0] for w in windows}
    # rows the clock places (open lately, planned ahead) are used around now
    pinned = pinned_drawn(view, batch, n)
    now = int(last_i[0]) if n else 0
    first_i = np.where(pinned, now - 4 * DAY_US, first_i)
    last_i = np.where(pinned, now + 15 * DAY_US, last_i)
    recent_end = np.minimum(last_i, now)
    # a row planned ahead is used on a day to come: a parent in force through those days
    recent_end = np.where(pinned & _ahead(view, batch, n), last_i, recent_end)
    first_i = _after_parents_born(view, windowed, first_i)
    for fk2, _, b_all, e_all in _parent_bounds(view, windows, periods=False):
        keyed = next((u for u in view.units if ",".join(u.fk.columns) == fk2), None)
        picked, nulls = view.parent_rows(fk2)
        if keyed is None or picked is None:
            continue
        apart = ~nulls & (b_all[picked] < BIG) & (first_i <= last_i)
        # a row the clock places lately is used on any recent day: a parent in force all along
        whole = pinned & (first_i <= recent_end)
        lo, hi = np.where(whole, recent_end, first_i), np.where(whole, first_i, last_i)
        apart &= (b_all[picked] > hi) | (e_all[picked] < lo)
        if view.drawn_freely(keyed) and apart.any():
            picked = _repick(view, links, batch, idx, keyed, picked, nulls, apart,
                             (b_all, e_all), (lo, hi))  # fmt: skip
        roomy = ~whole & (hi - lo >= 2 * ROOM_US) & course  # a long span: room asked
        narrow = roomy & ~nulls & (b_all[picked] < BIG)
        narrow &= np.minimum(e_all[picked], hi) - np.maximum(b_all[picked], lo) < ROOM_US
        if view.drawn_freely(keyed) and narrow.any():
            picked = _roomier(view, links, batch, idx, keyed, picked, nulls, narrow,
                              (b_all, e_all), (lo, hi))  # fmt: skip
        # the next parents meet this one's window too, where it meets the range so far
        b, e = b_all[picked], e_all[picked]
        meets = ~nulls & (np.maximum(first_i, b) <= np.minimum(last_i, e))
        first_i = np.where(meets, np.maximum(first_i, b), first_i)
        last_i = np.where(meets, np.minimum(last_i, e), last_i)


def _ahead(view: TableView, batch: Batch, n: int) -> np.ndarray:
    """Rows whose status says they are still ahead (planned, scheduled: the clock places them
    in the days after now, rules/recent.py)."""
    recent = next((r for r in view.rules if r.kind == "recent"), None)
    status = batch.get(recent.columns[1]) if recent is not None else None
    if recent is None or status is None or not recent.data.get("ahead"):
        return np.zeros(n, bool)
    labels, pos = label_codes(status)
    found: np.ndarray = np.isin(np.asarray(labels), recent.data["ahead"])[pos] & ~status.nulls
    return found


def _parent_bounds(
    view: TableView, windows: Sequence[Any], periods: bool = True
) -> list[tuple[str, str, np.ndarray, np.ndarray]]:
    """(key, parent, each parent row's start, its end) of the row's windowed parents: with
    `periods`, first the parents with no time of their own, bounded by the period of their
    parent they run in (a class section by its term: `_held_in`), then the parents with
    windows of their own, narrowed to their parents' (`_in_force_above`)."""
    out = []
    for key in dict.fromkeys(direct_key(w) for w in held_in(windows)) if periods else ():
        unit = next((u for u in view.units if ",".join(u.fk.columns) == key), None)
        via = next(w[0].split(">")[1] for w in windows if w[0].startswith(f"{key}>"))
        link = view.keys.tables.get(unit.parent, {}).get(via) if unit is not None else None
        if unit is None or link is None:
            continue
        size = np.asarray(link.values).size
        bounds = (np.full(size, -BIG, np.int64), np.full(size, BIG, np.int64))
        out.append((key, unit.parent, *_in_force_above(view, windows, key, unit.parent, bounds)))
    for fk2, parent2, start2, end2, _ in windows:
        begins = view.keys.tables.get(parent2, {}).get(start2)
        ends = view.keys.tables.get(parent2, {}).get(end2)
        if ">" in fk2 or begins is None or ends is None:
            continue
        b_all = np.where(begins.nulls, BIG, as_us(begins).astype(np.int64))
        e_all = np.where(ends.nulls, BIG, as_us(ends).astype(np.int64))
        out.append((fk2, parent2, *_in_force_above(view, windows, fk2, parent2, (b_all, e_all))))
    return out


def _in_force_above(
    view: TableView,
    windows: Sequence[Any],
    fk: str,
    parent: str,
    bounds: tuple[np.ndarray, np.ndarray],
) -> tuple[np.ndarray, np.ndarray]:
    """Each parent row's window narrowed to its own parents' windows (a card in force while
    its account is open), from the windows named `fk>…` (_grandparent_windows)."""
    b_all, e_all = bounds
    for key, grand, start, end, _ in windows:
        if not key.startswith(f"{fk}>"):
            continue
        _, via, ref = key.split(">")
        held = view.keys.tables.get(parent, {}).get(via)
        target = view.keys.tables.get(grand, {}).get(ref)
        begins = view.keys.tables.get(grand, {}).get(start)
        ends = view.keys.tables.get(grand, {}).get(end)
        if held is None or target is None or begins is None or ends is None:
            continue
        rows, found = lookup(target, np.asarray(held.values))
        known = found & ~held.nulls
        b = np.where(begins.nulls, BIG, as_us(begins).astype(np.int64))[rows]
        e = np.where(ends.nulls, BIG, as_us(ends).astype(np.int64))[rows]
        b_all = np.where(known & (b < BIG), np.maximum(b_all, b), b_all)
        e_all = np.where(known, np.minimum(e_all, e), e_all)
    return b_all, e_all


def windows_fit(view: TableView, batch: Batch, fk: str, candidates: np.ndarray) -> np.ndarray:
    """Whether each row's candidate parent row (of the key `fk`, one a row by position) was in
    force at a time the row can have: after its other parents came to be and by the clock
    (around now for a row the clock places). All true where the key has no window; for the
    link rules that re-pick a windowed key after `parents in service` (keys that meet)."""
    n = candidates.size
    fits = np.ones(n, bool)
    planned = next((r for r in view.rules if r.kind == "within"), None)
    # a parent whose own parent never began (a stay of a booking never checked in) is unfit
    unit = next((u for u in view.units if ",".join(u.fk.columns) == fk), None)
    began = began_rows(view, unit, via=True) if unit is not None else None
    if began is not None:
        fits &= began[candidates]
    mine = [w for w in planned.data["windows"] if w[0] == fk] if planned is not None else []
    held = [w for w in planned.data.get("held_in", ()) if direct_key(w) == fk] if planned else []
    if planned is None or not (mine or held):
        return fits
    now = int(clock.run_now(view.config).astype(np.int64))
    pinned = pinned_drawn(view, batch, n)
    first = np.where(pinned, now - 4 * DAY_US, -BIG)
    last = np.where(pinned, now + 15 * DAY_US, now)
    if held:  # a parent whose period the row is held in: one whose period had begun by then
        bounds = next(b for b in _parent_bounds(view, planned.data["windows"]) if b[0] == fk)
        return np.asarray(fits & (bounds[2][candidates] <= last))
    window_list = planned.data["windows"]
    windowed = {w[0] for w in window_list}
    first = _after_parents_born(view, windowed, first)
    first, last = _other_windows(view, window_list, fk, first, last)
    lo, hi = first, last
    for _, parent, start, end, _ in mine:  # every window of the parent (licensed, employed)
        begins = view.keys.tables.get(parent, {}).get(start)
        ends = view.keys.tables.get(parent, {}).get(end)
        if begins is None or ends is None:
            continue
        b = np.where(begins.nulls, BIG, as_us(begins).astype(np.int64))[candidates]
        e = np.where(ends.nulls, BIG, as_us(ends).astype(np.int64))[candidates]
        fits &= b < BIG
        lo, hi = np.maximum(lo, b), np.minimum(hi, e)
    roomy = ~pinned & (last - first >= 2 * ROOM_US) & (hi - lo < ROOM_US)  # too little room
    roomy &= _lasting(view, planned)
    return np.asarray((first > last) | (fits & (lo <= hi) & ~roomy))


@memo.by_identity
def _referenced(schema: Schema) -> frozenset[str]:
    """The tables another table's foreign key references, worked out once per schema (the
    rule asks it every batch)."""
    return frozenset(
        fk.ref_qualified
        for child in schema.tables.values()
        for fk in child.foreign_keys
        if fk.ref_qualified != child.qualified
    )


def _lasting(view: TableView, planned: Rule) -> bool:
    """Whether the row has a course of its own besides the time it uses its parents at (a
    claim's report and closing after its incident, a policy's end after its start): times it
    moves with that are no record of it (created_at, updated_at, recorded_at) nor the time
    it was arranged (ordered_at, booked_at). Such a row done by now needs room in a parent's
    window; a lone instant (a payment) does not. A row other tables hang off has a course
    too (a subcontract its timesheets and certificates follow over months)."""
    used = planned.columns[0]
    if view.table.qualified in _referenced(view.schema):
        return True
    return any(
        c != used
        and not lexicon.record_time(c, view.specs[c].generator)
        and not lexicon.written_down(c)
        and not lexicon.transaction(c)
        for c in planned.data["moved"]
        if c in view.specs
    )


REDRAWS = 8  # draws among a row's candidates for a parent in force when the row can be


def redraw_in_force(
    view: TableView,
    batch: Batch,
    key: str,
    candidates: np.ndarray,
    bounds: tuple[np.ndarray, np.ndarray],
    open_rows: np.ndarray,
    picked: np.ndarray,
    stream: tuple[str, int],
) -> np.ndarray:
    """Rows (`open_rows`) whose parent picked among their candidates (`candidates[lo:hi]`,
    a range per row) was not in force when the row can be (windows_fit) draw again among
    them, a few times, keeping the first that was; else they keep the draw. For the link
    rules that pick a windowed key in a scope (a site's, a party's); `stream` names the
    random draws (view.rng)."""
    lo, hi = bounds
    bad = open_rows & (hi - lo > 1) & ~windows_fit(view, batch, key, picked)
    if not bad.any():
        return picked
    picked = picked.copy()
    rng = view.rng(*stream)
    for _ in range(REDRAWS):
        at = np.flatnonzero(bad)
        if not at.size:
            break
        pick = lo[at] + np.floor(rng.random(at.size) * (hi - lo)[at]).astype(np.int64)
        trial = picked.copy()
        trial[at] = candidates[np.minimum(pick, candidates.size - 1)]
        good = windows_fit(view, batch, key, trial)[at]
        picked[at[good]] = trial[at[good]]
        bad[at[good]] = False
    return picked


def _other_windows(
    view: TableView, windows: Sequence[Any], fk: str, first: np.ndarray, last: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """The span narrowed to the windows of the row's other windowed parents as picked now
    (its required ones first, as `_windows_meet` orders them), where they meet it: a
    transfer's receiving account is one open while the sending account was, whichever key a
    meet re-picks first."""
    for fk2, parent2, start2, end2, _ in windows:
        if direct_key(fk2) == fk:
            continue
        picked, nulls = path_rows(view, fk2, parent2)  # a parent's parent's too (a stay's booking)
        begins = view.keys.tables.get(parent2, {}).get(start2)
        ends = view.keys.tables.get(parent2, {}).get(end2)
        if picked is None or begins is None or ends is None or picked.size != first.size:
            continue
        b = np.where(begins.nulls, BIG, as_us(begins).astype(np.int64))[picked]
        e = np.where(ends.nulls, BIG, as_us(ends).astype(np.int64))[picked]
        meets = ~nulls & (b < BIG) & (np.maximum(first, b) <= np.minimum(last, e))
        first = np.where(meets, np.maximum(first, b), first)
        last = np.where(meets, np.minimum(last, e), last)
    return first, last


def _repick(
    view: TableView,
    links: Links,
    batch: Batch,
    idx: np.ndarray,
    unit: FKUnit,
    picked: np.ndarray,
    nulls: np.ndarray,
    apart: np.ndarray,
    bounds: tuple[np.ndarray, np.ndarray],
    span: tuple[np.ndarray, np.ndarray],
) -> np.ndarray:
    """The rows `apart` pick a parent whose window meets their span (NULL where none does and
    the key may be NULL; a span read swapped, start after end, asks for one in force all
    along it); the parent rows picked."""
    b_all, e_all = bounds
    first_i, last_i = span
    fk2 = ",".join(unit.fk.columns)
    source, valid = view.parent_keys(unit)
    order = valid[np.argsort(b_all[valid], kind="stable")]
    if not order.size:
        return picked
    count = np.searchsorted(b_all[order], last_i[apart], "right")
    rng = view.rng(f"windows-meet:{fk2}", int(idx[0]))
    chosen = picked.copy()
    rows = np.flatnonzero(apart)
    for _ in range(6):  # a few draws among those that started by then
        if not rows.size:
            break
        has = count > 0
        pick = order[(rng.random(rows.size) * np.maximum(count, 1)).astype(np.int64)]
        good = has & (e_all[pick] >= first_i[rows])
        chosen[rows[good]] = pick[good]
        rows, count = rows[~good], count[~good]
    endless = order[e_all[order] >= (first_i[rows].max() if rows.size else BIG)]
    if rows.size and endless.size:  # else one in force to the latest time these rows need
        count = np.searchsorted(b_all[endless], last_i[rows], "right")
        pick = endless[(rng.random(rows.size) * np.maximum(count, 1)).astype(np.int64)]
        good = (count > 0) & (e_all[pick] >= first_i[rows])
        chosen[rows[good]] = pick[good]
        rows = rows[~good]
    nulls = nulls.copy()
    if unit.nullable:  # none was in force then: the row names none (a reader unknown)
        nulls[rows] = True
    links.assign(batch, unit, chosen, idx.size, nulls, source)
    return chosen


def _roomier(
    view: TableView,
    links: Links,
    batch: Batch,
    idx: np.ndarray,
    unit: FKUnit,
    picked: np.ndarray,
    nulls: np.ndarray,
    narrow: np.ndarray,
    bounds: tuple[np.ndarray, np.ndarray],
    span: tuple[np.ndarray, np.ndarray],
) -> np.ndarray:
    """The rows `narrow` pick a parent in force for `ROOM_US` of their span at least, a few
    draws among those begun early enough; a row none such is drawn for keeps its parent."""
    b_all, e_all = bounds
    lo, hi = span
    source, valid = view.parent_keys(unit)
    order = valid[np.argsort(b_all[valid], kind="stable")]
    if not order.size:
        return picked
    rows = np.flatnonzero(narrow)
    count = np.searchsorted(b_all[order], hi[rows] - ROOM_US, "right")
    rng = view.rng(f"windows-room:{','.join(unit.fk.columns)}", int(idx[0]))
    chosen = picked.copy()
    for _ in range(6):
        if not rows.size:
            break
        pick = order[(rng.random(rows.size) * np.maximum(count, 1)).astype(np.int64)]
        meet = np.minimum(e_all[pick], hi[rows]) - np.maximum(b_all[pick], lo[rows])
        good = (count > 0) & (meet >= ROOM_US)
        chosen[rows[good]] = pick[good]
        rows, count = rows[~good], count[~good]
    links.assign(batch, unit, chosen, idx.size, nulls, source)
    return chosen


def _after_parents_born(view: TableView, windowed: set[str], first: np.ndarray) -> np.ndarray:
    """`first` (µs), raised to the latest time a parent without a window came to be (its
    anchor): a row uses its parents after they exist."""
    for unit in view.units:
        fk = ",".join(unit.fk.columns)
        parent = view.schema.tables.get(unit.parent)
        if fk in windowed or parent is None or unit.parent == view.tp.name:
            continue
        anchor = anchor_of(view.schema, parent, view.config)
        born = parent_time(view, fk, unit.parent, anchor) if anchor is not None else None
        if born is not None:
            first = np.maximum(first, as_ints(born, -BIG))
    return first


IN_SERVICE = LinkRule(
    "parents in service",
    "a row points to a parent that was in service (a reading to a meter that was installed)",
    Stage.KEYS,
    _in_service,
    after=("workers on the job",),  # a key to a worker names one on every row first
)
