"""A row uses what it points to while that is in force: a meter is read while installed, an
agreement starts while its tariff is valid (kinds/windows.py finds a table's window and the
time a row uses its parents at).

Two steps. While the keys are filled (`parents in service`, rules/in_service.py): a row whose
parent was never in service (its window's start is NULL: a meter still in stock) picks again
among the parents that were. After every other time rule (`within`, the last phase): a row
whose time lies outside its parents' windows moves, all its times by one shift (so its own order and
durations hold), to a time inside them, still after its other parents came to be and, for
what had happened by the run's clock, still by then. A shift its CHECKs reject is not made."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.generate.base import clock
from workbench.generate.base.batch import label_codes
from workbench.generate.base.runs import lookup
from workbench.generate.base.sqltree import Unsupported, columns_of
from workbench.generate.base.tables import required_parents
from workbench.generate.checks import failing
from workbench.generate.kinds.actual_pair import as_happened
from workbench.generate.kinds.anchors import anchor_of, arranged_before, takes_place
from workbench.generate.kinds.occurrence import lifecycle_status
from workbench.generate.kinds.terms import is_term
from workbench.generate.kinds.windows import (
    TIME_KINDS,
    in_force,
    occurs_itself,
    used_at,
    window_of,
    windows_of,
)
from workbench.generate.rules.agreed import agree_alone
from workbench.generate.rules.base import Phase, RowRule, Rule, movable_time, row_rng
from workbench.generate.rules.recent import open_end
from workbench.generate.rules.status import plan_stamps
from workbench.generate.rules.times import (
    DAY_US,
    HeldTimes,
    as_us,
    booked_for,
    lead_cut,
    store,
    time_columns,
    time_stem,
    weekday_kept,
)
from workbench.generate.rules.valid_then import repick_valid, repickable
from workbench.generate.rules.whole_window import end_within, own_end, room
from workbench.generate.vocab import lexicon
from workbench.schema.typeinfo import resolve_type

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView
    from workbench.schema.model import Table

_NAT = np.datetime64("NaT", "us")
BIG = np.iinfo(np.int64).max // 4
_MINUTE = 60_000_000
UNDER_WAY_DAYS = 7  # a row without its end that began this lately is under way now
# words of a time that is set ahead, not one that happened
SCHEDULED = lexicon.PLANNED | lexicon.SCHEDULED_ENDS
# words of a start that is an act on the thing (a line activated, a site commissioned): where
# NULL, the thing was not yet in service, not a date unknown
ACTIVATED = frozenset({"activated", "commissioned", "enabled", "provisioned", "energised",
                       "energized", "connected", "went_live", "installed"})  # fmt: skip


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    found = time_columns(view)
    used = used_at(view.schema, view.table, view.config)
    if found is None or used is None:
        return []
    keyed = used not in found.movable and movable_time(view, used)  # a day per its parents
    if used not in found.movable and not keyed:
        return []
    windows = []
    booked = arranged_before(used) and not occurs_itself(view.schema, view.table, view.config)
    for unit in view.units:
        parent = view.schema.tables.get(unit.parent)
        if parent is None or unit.mode == "self" or unit.parent == view.tp.name:
            continue
        for window in in_force(view.schema, parent, view.config):
            if not window.validity and booked:
                continue
            window = as_happened(view.schema, parent, view.config, window)  # not its plan
            # a lone start's NULL (an opening not known) is no parent never in service
            start = parent.column(window.start)
            # a NULL start the status decides, or a NULL activation (`activated_at`,
            # `commissioned_on`), is a parent not yet in service
            lone = bool(set(lexicon.stem_words(window.start)) & ACTIVATED)
            start_null = start is not None and start.nullable
            start_null &= bool(window.end) or lone or _staged(view, parent, window.start)
            windows.append((",".join(unit.fk.columns), unit.parent, window.start, window.end,
                            start_null))  # fmt: skip
    windows += _grandparent_windows(view, used)
    if not windows:
        return []
    # the windows of required parents first: where windows do not meet, those win; among
    # them a parent picked again at the row's time when it lapsed (valid_then.py: a log's
    # carer employed then) yields to one that is not (the stay the log is of); the period
    # the row is held in (its class's term: held_in) before them all
    period = held_in(windows)
    windows.sort(
        key=lambda w: (
            w[0] not in period,
            all(view.specs[c].nullable for c in direct_key(w[0]).split(",")),
            ">" not in w[0] and repickable(view, w[0], w[1]),
        )
    )
    # a time arranged before its parent takes place (a booking's `booked_at` for its slot's
    # `starts_at`: kinds/anchors): a shift keeps it before that
    before = []
    for unit in view.units if booked else ():
        model = view.schema.tables.get(unit.parent)
        at = takes_place(view.schema, model, view.config) if model is not None else None
        if at is not None and unit.mode != "self":
            before.append((",".join(unit.fk.columns), unit.parent, at))
    parents = []  # the other parents' creation times: the row stays after them
    for unit in view.units:
        parent = view.schema.tables.get(unit.parent)
        if parent is None or unit.mode == "self" or unit.parent == view.tp.name:
            continue
        anchor = anchor_of(view.schema, parent, view.config)
        if anchor is not None:
            parents.append((",".join(unit.fk.columns), unit.parent, anchor))
    shown = ", ".join(f"{p}.{s}..{e}" for _, p, s, e, _ in windows)
    movable = [used, *found.movable] if keyed else found.movable
    moved = [c for c in movable if view.specs[c].generator != "birth_date"]
    anchor = found.anchor if found.anchor in moved else None
    recent = next((r for r in planned if r.kind == "recent"), None)
    status = recent.columns[1] if recent is not None else None
    pinned = [*recent.data["waiting"], *recent.data["ahead"]] if recent is not None else []
    # and rows the clock's stage holds under way (an active policy through its term: ending
    # after now, rules/stage_clock.py), used around now, in force then
    staged = next((r for r in planned if r.kind == "stage_clock"), None)
    if staged is not None and staged.data["end"] is not None:
        status = status or staged.data["status"]
        if status == staged.data["status"]:
            pinned += [lb for lb in staged.data["to_come"] if lb not in pinned]
    # times that may lie ahead (a scheduled end, a due date): a shift may take them past now,
    # but not on a row whose status says it is over (a completed shift's scheduled start)
    ahead = [c for c in moved if _scheduled(c)]
    over = staged.data["over"] if staged is not None and ahead else []
    # a row's last change (updated_at) is no event of its own: a shift past the clock keeps it
    touched = [c for c in moved if view.specs[c].generator == "updated_at"]
    # what happened of the row's own event (an actual departure, a minute early on its plan)
    # moves with it, not left behind as a time before it; so does the plan of a row used at
    # its actual time (a visit's scheduled start, a little before it began)
    led = booked_for(view, moved, used) + [
        r.columns[1 - r.columns[:2].index(used)]
        for r in planned
        if r.kind == "actual" and used in r.columns[:2] and set(r.columns[:2]) <= set(moved)
    ]
    data = {"windows": windows, "parents": parents, "moved": moved, "anchor": anchor,
            "touched": touched, "led": led,
            "ahead": ahead, "status": status, "pinned": pinned,
            "over": [staged.data["status"], over] if over and staged is not None else None,
            "open_end": _open_end(view), "own_start": _own_start(view, used), "before": before,
            "held_in": held_in(windows), "own_end": own_end(view, used, moved),
            # placed before the period it belongs to (rules/period_status.py): it stays, its
            # parents lapsed by then are picked again or, optional, named not at all
            "stays": any(r.kind == "period_status" and r.data.get("anchor") == used
                         for r in planned)}  # fmt: skip
    return [Rule("within", [used, *[c for c in moved if c != used]], f"{used} within {shown}",
                 data)]  # fmt: skip


def _staged(view: TableView, parent: Table, column: str) -> bool:
    """A parent's start its status decides (`activated_at`, NULL while `pending`: status.py's
    plan): NULL says it has not begun, not that its beginning is unknown."""
    found = lifecycle_status(view.schema, parent)
    return found is not None and column in plan_stamps(found[1], {column: time_stem(column)})


def _agreed(view: TableView, rule: Rule, batch: Batch, rows: np.ndarray, window: Any) -> Any:
    """The rows whose transaction time alone moved into the window (rules/agreed.py)."""
    used, floor = rule.columns[0], np.full(rows.size, -BIG, np.int64)
    for fk, parent, column in rule.data["parents"] if rule.data.get("own_start") else ():
        if (born := parent_time(view, fk, parent, column)) is not None:
            margin = _margin(view, batch[used].kind, parent, column)
            floor = np.maximum(floor, as_ints(born, -BIG) + margin)
    can, saved = agree_alone(view, rule, batch, rows, window, floor)
    undo_rejected(view, batch, saved, can)
    return can


def _open_end(view: TableView) -> str | None:
    """The row's own nullable end (`ended_at` beside `started_at`): NULL while under way; in
    a table without such a window or a lifecycle status, its time of being done (a callout's
    `resolved_at`: rules/recent.open_end), NULL while still open."""
    own = window_of(view.schema, view.table, view.config)
    if own is None or own.validity or own.end not in view.specs:
        return open_end(view)
    return own.end if view.specs[own.end].nullable else None


def _own_start(view: TableView, used: str) -> str | None:
    """The row's own start where it uses its parents at another time (after `signed_at`)."""
    own = window_of(view.schema, view.table, view.config)
    return own.start if own is not None and own.start != used and own.start in view.specs else None


def _scheduled(column: str) -> bool:
    return bool(SCHEDULED & set(time_stem(column).split("_")))


def _grandparent_windows(view: TableView, used: str) -> list[tuple[str, str, str, str, bool]]:
    """The windows of a required parent's own required parents, where the parent has its own
    (a card works while valid and its account open), or where it has no time at all and its
    parent takes place over a while (a class section runs in its term: a register's session
    is held in that term): named `key>parent's key>referenced key`."""
    out = []
    for unit in view.units:
        parent = view.schema.tables.get(unit.parent)
        if parent is None or unit.mode == "self" or unit.parent == view.tp.name:
            continue
        if unit.nullable or len(unit.fk.columns) != 1:
            continue
        valid = bool(windows_of(view.schema, parent, view.config))
        if not valid and not (_timeless(view, parent) and not arranged_before(used)):
            continue  # only a parent in force for a while, or one of its period's, is within
        for pfk, grand in required_parents(view.schema, parent):
            if pfk.ref_qualified in (unit.parent, view.tp.name):
                continue
            windows = _terms_of(view, grand)
            if not valid:  # a timeless parent lasts its parent's period (a term's run)
                own = window_of(view.schema, grand, view.config)
                own = as_happened(view.schema, grand, view.config, own) if own else None
                windows = [own] if own is not None and not own.validity else []
            for window in windows:
                start_null = next(c.nullable for c in grand.columns if c.name == window.start)
                fk = f"{unit.fk.columns[0]}>{pfk.columns[0]}>{pfk.ref_columns[0]}"
                out.append((fk, pfk.ref_qualified, window.start, window.end, start_null))
    return out


def _terms_of(view: TableView, table: Table) -> list[Any]:
    """A grandparent's windows a parent in force for a while lies within: its windows of
    validity, and its own window where its rows are terms (a contract's start..end, its status
    saying active and expired): a schedule valid under a contract is used while both are."""
    windows = list(windows_of(view.schema, table, view.config))
    own = window_of(view.schema, table, view.config)
    if own is not None and own not in windows and is_term(view.schema, table):
        windows.append(own)
    return windows


def _timeless(view: TableView, table: Table) -> bool:
    """Whether a table has no time column of its own: what it is lasts what its parents do
    (a section of a course in a term holds no dates; its term's are its)."""
    return not any(
        c.generated is None and resolve_type(view.schema, c.type).kind in TIME_KINDS
        for c in table.columns
    )


def held_in(windows: Sequence[Any]) -> list[str]:
    """The windows of a parent with no time of its own, its parent's (a class section's term):
    the period the row is held in, which wins over a parent that came to be later."""
    own = {w[0] for w in windows if ">" not in w[0]}
    return [w[0] for w in windows if ">" in w[0] and direct_key(w[0]) not in own]


def direct_key(fk: str) -> str:
    """The row's own key of a window's key (a grandparent's names the parent's after `>`)."""
    return fk.split(">", 1)[0]


def path_rows(view: TableView, fk: str, parent: str) -> tuple[np.ndarray | None, np.ndarray]:
    """The parent (or grandparent, through the parent's key) row each batch row reaches."""
    if ">" not in fk:
        return view.parent_rows(fk)
    direct, via, key = fk.split(">")
    rows, nulls = view.parent_rows(direct)
    unit = next((u for u in view.units if ",".join(u.fk.columns) == direct), None)
    held = view.keys.tables.get(unit.parent, {}).get(via) if unit is not None else None
    target = view.keys.tables.get(parent, {}).get(key)
    if rows is None or held is None or target is None:
        return None, nulls
    hit, found = lookup(target, np.asarray(held.values)[rows])
    return hit, nulls | held.nulls[rows] | ~found


def parent_time(view: TableView, fk: str, parent: str, column: str) -> np.ndarray | None:
    rows, nulls = path_rows(view, fk, parent)
    stored = view.keys.tables.get(parent, {}).get(column)
    if rows is None or stored is None:
        return None
    values = np.asarray(stored.values[rows]).astype("datetime64[us]")
    return np.where(nulls | stored.nulls[rows], _NAT, values)


def as_ints(values: np.ndarray, missing: int) -> np.ndarray:
    return np.where(np.isnat(values), missing, values.astype(np.int64))


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    if any(c not in batch for c in rule.columns):
        return
    used = batch[rule.columns[0]]
    when = as_us(used).astype(np.int64)
    lo, last, unknown = _window(view, rule, batch, set())
    hi = room(batch, rule.data.get("own_end"), when, lo, last)
    held, period = ~unknown & (lo <= hi), (lo, hi)
    _hold(view, rule, idx, when, held, period)
    fitted = held.copy()  # rows whose own end is cut to their parents' (whole_window.py)
    out = ~unknown & (lo <= hi) & ((when < lo) | (when > hi)) & (not rule.data.get("stays"))
    out &= ~_agreed(view, rule, batch, out & ~_pinned(rule, batch), (lo, hi))
    if not out.any():
        _end_within(view, rule, batch, fitted, last)
        repick_valid(view, rule, batch)
        _drop_lapsed(view, rule, batch)
        return
    moves, shift = _moves(view, rule, batch, idx, out, (lo, hi))
    # a row that fits no time of every window (its stay over by the clock, the plan it names
    # on sale only lately) moves into the windows of the parents it keeps (its hotel opened):
    # the parents picked again for their time (rules/valid_then.py) take one valid then
    again = {w[0] for w in rule.data["windows"] if repickable(view, w[0], w[1])}
    if again and (out & ~moves).any():
        lo, hi, unknown = _window(view, rule, batch, again)
        hi = room(batch, rule.data.get("own_end"), when, lo, hi)
        stuck = out & ~moves & ~unknown & (lo <= hi) & ((when < lo) | (when > hi))
        kept, kept_shift = _moves(view, rule, batch, idx, stuck, (lo, hi))
        shift = np.where(kept, kept_shift, shift)
        moves |= kept
        # those moved into the windows they keep are held in them (their parents re-picked)
        period = (np.where(kept, lo, period[0]), np.where(kept, hi, period[1]))
        _hold(view, rule, idx, when, held | kept, period)
    _shift(view, rule, batch, np.where(moves, shift, 0), moves)
    _end_within(view, rule, batch, fitted, last)
    repick_valid(view, rule, batch)  # what could not move takes a parent valid at its time
    _drop_lapsed(view, rule, batch)


def _end_within(view: TableView, rule: Rule, batch: Batch, rows: Any, last: Any) -> None:
    saved, cut = end_within(batch, rule.data.get("own_end"), rule.columns[0], rows, last)
    if cut is not None:
        undo_rejected(view, batch, saved, cut)


def _window(
    view: TableView, rule: Rule, batch: Batch, skipped: set[str]
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(first, last, unknown): when each row may use its parents, the windows of the keys in
    `skipped` left out; unknown where a parent was never in service."""
    used = batch[rule.columns[0]]
    n = used.values.size
    lo = np.full(n, -BIG, np.int64)  # the window: when the row may use its parents
    hi = np.full(n, BIG, np.int64)
    unknown = used.nulls.copy()
    strict = DAY_US if used.kind == "date" else 1_000_000
    for fk, parent, start, end, _ in rule.data["windows"]:
        if fk in skipped:
            continue
        begins = parent_time(view, fk, parent, start)
        ends = parent_time(view, fk, parent, end or start)
        if begins is None or ends is None:
            continue
        ends = ends if end else np.full(n, _NAT)  # a lone start (an opening): no end
        _, nulls = path_rows(view, fk, parent)
        if end:  # never in service: nothing to move it into (a lone start NULL: unknown)
            unknown |= np.isnat(begins) & ~nulls
        first = as_ints(begins, -BIG) + _margin(view, used.kind, parent, start)
        last = as_ints(ends, BIG) - _margin(view, used.kind, parent, end) - strict
        # windows that do not meet: the ones before (the row's required parents) win
        meets = np.maximum(lo, first) <= np.minimum(hi, last)
        lo = np.where(meets, np.maximum(lo, first), lo)
        hi = np.where(meets, np.minimum(hi, last), hi)
    return lo, hi, unknown


def _moves(
    view: TableView,
    rule: Rule,
    batch: Batch,
    idx: np.ndarray,
    out: np.ndarray,
    window: tuple[np.ndarray, np.ndarray],
) -> tuple[np.ndarray, np.ndarray]:
    """(moved, shift): the rows of `out` that can move into the window, and each one's shift,
    after the row's other parents came to be and, for what happened, by the run's clock."""
    lo, hi = window
    used = batch[rule.columns[0]]
    n = used.values.size
    when = as_us(used).astype(np.int64)
    # what else holds the row: after its other parents came to be, by the clock if it was
    lo_other = np.full(n, -BIG, np.int64)
    hi_other = np.full(n, BIG, np.int64)
    anchor = batch.get(rule.data["anchor"] or "")
    if anchor is not None:
        # an anchor before the row's time only comes down with it (see _shift)
        at = as_us(anchor).astype(np.int64)
        at = at if rule.data["anchor"] in rule.data.get("led", ()) else np.maximum(at, when)
        for fk, parent, column in rule.data["parents"]:
            born = parent_time(view, fk, parent, column)
            if born is not None:
                gap = as_ints(born, -BIG) + _margin(view, anchor.kind, parent, column) - at
                lo_other = np.maximum(lo_other, np.where(anchor.nulls, -BIG, gap))
    now = clock.run_now(view.config).astype(np.int64)
    cut = lead_cut(rule.data.get("led", ()), batch, as_us(used)).astype(np.int64)
    over = _over_rows(rule, batch, n)
    for column in rule.data["moved"]:
        if column in rule.data.get("touched", ()):
            continue
        ahead = column in rule.data["ahead"]
        if ahead and not over.any():
            continue
        col = batch[column]
        at = as_us(col).astype(np.int64)
        past = ~col.nulls & (at <= now) & (at >= cut) & (over if ahead else True)
        hi_other = np.minimum(hi_other, np.where(past, now - at, BIG))
    for fk, parent, column in rule.data.get("before", ()):  # still before what it is for
        occurs = parent_time(view, fk, parent, column)
        if occurs is not None:
            hi_other = np.minimum(hi_other, as_ints(occurs, BIG) - _MINUTE - when)
    # a row the clock holds (still open, planned ahead: rules/recent.py) stays where it is
    out = out & ~_pinned(rule, batch)
    open_end = batch.get(rule.data.get("open_end") or "")
    if open_end is not None:  # under way now (no end yet, begun lately): the clock holds it
        held = open_end.nulls & (when >= now - UNDER_WAY_DAYS * DAY_US)
        began = batch.get(rule.data.get("own_start") or "")
        if began is not None:  # agreed lately but not begun: not under way yet
            held &= began.nulls | (as_us(began).astype(np.int64) <= now)
        out &= ~held
    # the window, the clock and the other parents together, else the row stays
    d_lo = np.maximum(lo - when, lo_other)
    d_hi = np.minimum(hi - when, hi_other)
    if rule.data.get("held_in"):  # the period a row is held in (its class's term) wins
        alone = (d_lo > d_hi) & (lo - when <= d_hi)  # over a parent that came to be later
        d_lo = np.where(alone, lo - when, d_lo)
    out &= d_lo <= d_hi
    # a window without an end: within a month of its start, not any time to the end of time
    month = 30 * DAY_US
    d_lo = np.where(d_lo < -BIG // 2, d_hi - month, d_lo)
    d_hi = np.where(d_hi > BIG // 2, np.maximum(d_lo + month, now - when), d_hi)
    # whole weeks where there is room (the weekday and the hour stay), else whole days
    step = np.where(d_hi - d_lo >= 7 * DAY_US, 7 * DAY_US, DAY_US)
    # a window shorter than that (an appointment's hour): whole minutes inside it
    narrow = (-((-d_lo) // step) * step > (d_hi // step) * step) & (d_hi - d_lo >= _MINUTE)
    # the parent's window itself, not the clock, leaves no day; or it is under way since
    # less than a day (a stay checked in this morning: its logs lie between then and now)
    narrow &= (hi - lo < DAY_US) | ((hi > BIG // 2) & (now - lo < DAY_US) & (lo <= now))
    step = np.where(narrow, _MINUTE, step)
    first = -((-d_lo) // step) * step
    last = (d_hi // step) * step
    out &= first <= last
    rng = row_rng(view, rule, idx)
    steps = np.maximum((last - first) // step, 0) + 1
    shift = first + (rng.random(n) * steps).astype(np.int64) * step
    shift = weekday_kept(when, shift, first, last)
    return out, shift


def move_into(
    view: TableView, rule: Rule, batch: Batch, idx: np.ndarray, rows: Any, to: Any
) -> None:
    """The `within` rule's rows `rows` moved, all their times by one shift, into the window
    `to` (lo, hi µs) where it meets every parent's and their other bounds allow."""
    lo, hi, unknown = _window(view, rule, batch, set())
    lo, hi = np.maximum(lo, to[0]), np.minimum(hi, to[1])
    moves, shift = _moves(view, rule, batch, idx, rows & ~unknown & (lo <= hi), (lo, hi))
    _shift(view, rule, batch, np.where(moves, shift, 0), moves)


def _over_rows(rule: Rule, batch: Batch, n: int) -> np.ndarray:
    """The rows whose status says they are over (rules/stage_clock.py: completed, missed):
    their planned times that had passed by the clock stay past."""
    found = rule.data.get("over")
    status = batch.get(found[0]) if found else None
    if status is None or not found:
        return np.zeros(n, bool)
    labels, pos = label_codes(status)
    out: np.ndarray = np.isin(np.asarray(labels, dtype=object), found[1])[pos] & ~status.nulls
    return out


def _hold(
    view: TableView,
    rule: Rule,
    idx: np.ndarray,
    when: np.ndarray,
    held: np.ndarray,
    window: tuple[np.ndarray, np.ndarray],
) -> None:
    """The period each row's time is held in, by the clock where it had happened by then:
    a later move of the time (a repeated unique key's, constraints/unique/verify) stays in."""
    now = clock.run_now(view.config).astype(np.int64)
    lo, hi = window
    hi = np.where(when <= now, np.minimum(hi, now), hi)
    start = int(idx[0]) if idx.size else 0
    view.scratch.get(HeldTimes).put(
        start, rule.columns[0], np.where(held, lo, -BIG), np.where(held, hi, BIG)
    )


def _drop_lapsed(view: TableView, rule: Rule, batch: Batch) -> None:
    """A row whose time still lies outside an optional parent's window of validity (the clock
    placed it now, its rate plan lapsed years ago) names none: a booking without a plan."""
    used = batch[rule.columns[0]]
    when = as_us(used).astype(np.int64)
    strict = DAY_US if used.kind == "date" else 1_000_000
    checked = {c for _, tree in view.checks for c in columns_of(tree)}
    for fk, parent, start, end, _ in rule.data["windows"]:
        key = batch.get(fk)
        if key is None or "," in fk or not key.nullable or fk in checked:
            continue
        model = view.schema.tables.get(parent)
        window = window_of(view.schema, model, view.config) if model is not None else None
        if window is None or not window.validity:
            continue  # a time a thing takes place in (an appointment's): not a lapse
        begins = parent_time(view, fk, parent, start)
        ends = parent_time(view, fk, parent, end)
        if begins is None or ends is None:
            continue
        first = as_ints(begins, -BIG) + _margin(view, used.kind, parent, start)
        last = as_ints(ends, BIG) - _margin(view, used.kind, parent, end) - strict
        lapsed = ~used.nulls & ~key.nulls & ~np.isnat(begins) & ((when < first) | (when > last))
        key.nulls[lapsed] = True


def pinned_drawn(view: TableView, batch: Batch, n: int) -> np.ndarray:
    planned = next((r for r in view.rules if r.kind == "within"), None)
    if planned is None or not planned.data.get("status"):
        return np.zeros(n, bool)
    return _pinned(planned, batch)


def _pinned(rule: Rule, batch: Batch) -> np.ndarray:
    """Rows whose status the run's clock places (open lately, planned ahead)."""
    status = batch.get(rule.data.get("status") or "")
    if status is None:
        return np.zeros(next(iter(batch.values())).values.size, bool)
    labels, pos = label_codes(status)
    pinned: np.ndarray = np.isin(np.asarray(labels), rule.data["pinned"])[pos] & ~status.nulls
    return pinned


def _margin(view: TableView, kind: str, parent: str, column: str) -> int:
    """A day between a date and a timestamp (they meet at midnight in the session's zone)."""
    stored = view.keys.tables.get(parent, {}).get(column)
    other = stored.kind if stored is not None else kind
    return DAY_US if (other == "date") != (kind == "date") else 0


def _shift(view: TableView, rule: Rule, batch: Batch, shift: np.ndarray, rows: np.ndarray) -> None:
    """The row's time and every later one by its shift, the earlier ones (a creation time
    before a start) no later than the row's new time; rows a CHECK rejects get theirs back."""
    columns = [c for c in rule.data["moved"] if c in batch]
    saved = {c: batch[c].values.copy() for c in columns}
    delta = shift.astype("timedelta64[us]")
    when = as_us(batch[rule.columns[0]])
    moved = when + delta
    touched, top = rule.data.get("touched", []), moved  # the latest time the shift made
    cut = lead_cut(rule.data.get("led", ()), batch, when)  # a booking for it keeps its lead
    for column in sorted(columns, key=lambda c: c in touched):  # the last change last
        col = batch[column]
        at = as_us(col)
        new = np.where(at >= cut, at + delta, np.minimum(at, moved))
        if column in touched:  # by the clock at the latest, after every other time
            new = np.maximum(np.minimum(new, np.maximum(at, clock.run_now(view.config))), top)
        elif column not in rule.data["ahead"]:  # what happened, not a scheduled end
            top = np.where(col.nulls | (new < top), top, new)
        store(col, new, np.flatnonzero(rows & ~col.nulls))
    undo_rejected(view, batch, saved, rows)


def undo_rejected(
    view: TableView, batch: Batch, saved: dict[str, np.ndarray], rows: np.ndarray
) -> None:
    """The rows a CHECK on the saved columns now rejects get their saved values back."""
    checks = [tree for _, tree in view.checks if columns_of(tree) & set(saved)]
    bad = np.zeros(rows.size, bool)
    for tree in checks:
        try:
            bad |= failing(tree, batch, rows.size, view.env) & rows
        except Unsupported:
            continue
    for column, values in saved.items():
        batch[column].values[bad] = values[bad]


RULE = RowRule(
    "within",
    "a row uses its parents while they are in force (a reading while the meter is installed)",
    _plan,
    _apply,
    phases={"within": Phase.FINAL},
    after=("actual", "tree_time"),  # after every time rule: the shift keeps what they made
)
