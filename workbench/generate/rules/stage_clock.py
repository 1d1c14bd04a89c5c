"""A status that names a stage of a row's life agrees with where the row's time window lies
against the run's clock: what is still to come (pending, confirmed, scheduled, draft: the
open and ahead meanings of vocab/outcomes.py) is not over yet, its window ends after now, and
so is a row in a steady state (active) whose window is a fixed term of its own it runs through
(a contract, a membership: its end required, not a validity);
what is over (completed, done, closed: done) and what failed after it began (no-show,
cancelled, expired: failed) has begun, its window starts by now, and a done row's window has
ended by now too (a completed booking's until), as has a no-show's (vocab/outcomes.
NOT_ATTENDED: nobody came for the whole slot, known once it is over).

The window is the table's own (kinds/windows.py: reserved_from/reserved_until, starts_at/
ends_at), else the time the row takes place at alone (kinds/anchors.takes_place). Any table
with such a status and such a window, read from the schema: no table is named here.

A row that disagrees keeps its creation time and the times before it; its window and every
other time move by one shift (their order and durations hold): a finished row's back, to
start within days before now, after its creation and its parents' (all its times, the
creation too, where only that lets a long window end by now); a row still to come's
forward, to end after now (straddling now while under way, starting ahead while planned).
It runs in the last phase before `within`, which then keeps what the clock placed (open rows
stay, past times stay past). A shift a CHECK rejects is not made."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.base.batch import label_codes, typed_label
from workbench.generate.base.names import normalise
from workbench.generate.kinds.anchors import anchor_of, takes_place
from workbench.generate.kinds.windows import window_of
from workbench.generate.rules import local_time
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.generate.rules.recent import ACTIVE, AHEAD_DAYS, status_meanings
from workbench.generate.rules.span import LAST_START_HOUR, OPEN_HOUR, happened
from workbench.generate.rules.times import DAY_US, as_us, is_time, store, time_columns
from workbench.generate.rules.within import undo_rejected
from workbench.generate.vocab.outcomes import NOT_ATTENDED

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

_TO_COME = ("open", "ahead")
_OVER = ("done", "failed")
_MINUTE = 60_000_000
_SECOND = 1_000_000
_HOUR = 3_600_000_000
_MARK = 5 * _MINUTE  # a brief thing under way starts on a five-minute mark
# labels of a term that ran its course (not cut short): its end is behind the clock
RAN_OUT = frozenset({"expired", "matured", "ran_out", "run_off", "elapsed", "lapsed_term"})
BACK_DAYS = 3.0  # a finished row that lay ahead now starts within this many days before now


def _attended(rule: Rule) -> bool:
    """Whether a span rule keeps business days: its own scale's, or one of its labels'."""
    if rule.data.get("attended"):
        return True
    by_label = rule.data.get("by_label") if rule.kind == "span" else None
    if not by_label:
        return False
    return any(scale[3] for scale in by_label[1].values())


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    found = status_meanings(view)
    times = time_columns(view)
    if found is None or times is None:
        return []
    status, meanings = found
    window = window_of(view.schema, view.table, view.config)
    start: str | None
    end: str | None
    if window is not None and not window.validity:
        start, end = window.start, window.end
    else:
        start, end = takes_place(view.schema, view.table, view.config), None
    if start is None or start not in times.movable or not is_time(view.specs[start].kind):
        return []
    if end is not None and (end not in times.movable or not free(view, end)):
        end = None
    to_come = sorted(lb for lb, m in meanings.items() if m in _TO_COME)
    if (
        window is not None
        and not window.validity
        and end is not None
        and not view.specs[end].nullable
    ):
        # a state the row lives in while its own fixed term runs (an active contract, its end
        # required): under way; where the end may be open, the open row is the one running
        to_come += sorted(lb for lb, m in meanings.items() if m == "steady")
    recent = next((r for r in planned if r.kind == "recent"), None)
    if recent is not None and recent.data.get("occurs") == start:
        # rules/recent.py placed them around now already; a row under way over days (a stay
        # in house: an arrival and a departure day) still straddles now, whatever moved its
        # days, and so does one under way for the hour (a class in progress: recent placed
        # its start within hours, its length ended it before now), and so does one whose end
        # is a plan's (a sale open for bids until its `ends_at`: still open, that has not
        # come), unless it is about to begin (boarding: recent placed it around now)
        days = end is not None and view.specs[start].kind == "date"
        under = set(recent.data.get("under", ()))
        planned_end = end is not None and not happened(end)
        imminent = set(recent.data.get("imminent", ()))
        to_come = [
            lb
            for lb in to_come
            if meanings[lb] != "ahead"
            and end is not None
            and (days or normalise(lb) in ACTIVE or lb in under
                 or (planned_end and lb not in imminent))
        ]  # fmt: skip
    over = sorted(lb for lb, m in meanings.items() if m in _OVER)
    done = sorted(lb for lb, m in meanings.items() if m == "done")
    if end is not None and window is not None and not view.specs[end].nullable:
        # a fixed term that ran out (an expired policy, a matured deposit) ended by now
        done += sorted(lb for lb in over if normalise(lb) in RAN_OUT and lb not in done)
    # nobody came for the whole slot (a no-show): known once the slot is over, ended by now
    done += sorted(lb for lb in over if normalise(lb) in NOT_ATTENDED and lb not in done)
    if not over and not (to_come and end is not None):
        return []
    detail = f"{', '.join(over)} rows began by now ({start})"
    if to_come and end is not None:
        detail += f"; {', '.join(to_come)} rows end after now ({end})"
    data = {
        "status": status,
        "start": start,
        "end": end,
        "to_come": to_come,
        "over": over,
        "done": done if end is not None else [],
        "ahead": sorted(lb for lb, m in meanings.items() if m == "ahead"),
        # whole weeks where the row keeps business days (span.py's attended spans, those of
        # some labels too: a funeral's rites, not its wake), else days: a day back from a
        # Monday clock is a Sunday the business is closed
        "step": 7 * DAY_US if any(_attended(r) for r in planned) else DAY_US,
        # office hours the span rule keeps in the clock's own time (no place to read a local
        # time from: rules/opening.py places the rest in their local hours, after this rule)
        "attended": any(r.data.get("attended") for r in planned)
        and local_time.place_of(view) is None,
        "moved": [c for c in times.movable if view.specs[c].generator != "birth_date"],
        "parents": _parent_anchors(view),
        "anchor": times.anchor if times.anchor not in (None, start) else None,
        # what happened of the planned start (a sailing's actual departure): a row under way
        # has begun by it, however late on the plan
        "began": next((r.columns[0] for r in planned if r.kind == "actual"
                       and r.columns[1] == start and r.columns[0] in times.movable), None),
    }  # fmt: skip
    # a done row whose parents came too lately for it to be over (a service booked this
    # morning) is still under way, else still ahead, where its status decides no other column
    decides = any(r.kind == "status" and r.data.get("status") == status for r in planned)
    under_way = [lb for lb, m in meanings.items() if m in ("open", "ahead")]
    under_way.sort(key=lambda lb: meanings[lb] != "open")  # under way first, then ahead
    relabel = under_way[0] if under_way and done and end is not None and not decides else None
    data["relabel"] = relabel
    if relabel:
        detail += f", else {relabel}"
    if data["began"] and to_come and end is not None:
        detail += f", under way ones begun by now ({data['began']})"
    return [Rule("stage_clock", [start, status], detail, data)]


def _parent_anchors(view: TableView) -> list[tuple[str, str, str]]:
    """(key, parent, the parent's creation time) of each parent that has one: a window moved
    back stays after them."""
    out = []
    for unit in view.units:
        model = view.schema.tables.get(unit.parent)
        if model is None or unit.parent == view.tp.name:
            continue
        anchor = anchor_of(view.schema, model, view.config)
        if anchor is not None:
            out.append((",".join(unit.fk.columns), unit.parent, anchor))
    return out


def _floor(view: TableView, parents: list[tuple[str, str, str]], floor: np.ndarray) -> np.ndarray:
    """`floor` raised to the latest creation time among each row's parents (microseconds)."""
    for fk, parent, column in parents:
        rows, nulls = view.parent_rows(fk)
        stored = view.keys.tables.get(parent, {}).get(column)
        if rows is None or stored is None:
            continue
        born = as_us(stored)[rows].astype(np.int64)
        if stored.kind == "date":
            born = born + DAY_US  # a date is a day long: the row falls after it
        floor = np.maximum(floor, np.where(nulls | stored.nulls[rows], floor, born))
    return floor


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    data = rule.data
    status, start = batch.get(data["status"]), batch.get(data["start"])
    if status is None or start is None:
        return
    end = batch.get(data["end"] or "")
    labels, pos = label_codes(status)
    names = np.asarray(labels, dtype=object)

    def having(chosen: list[str]) -> np.ndarray:
        out: np.ndarray = np.isin(names, chosen)[pos] & ~status.nulls
        return out

    now = int(clock.run_now(view.config).astype("datetime64[us]").astype(np.int64))
    begins = as_us(start).astype(np.int64)
    ends = as_us(end).astype(np.int64) if end is not None else begins
    end_known = ~end.nulls if end is not None else np.zeros(begins.size, bool)
    rng = row_rng(view, rule, idx)
    n = begins.size
    # finished rows that lie ahead: their window (and what came after its start) back to
    # start within days before now, still after the times before it (its creation)
    back = (rng.random(n) * BACK_DAYS * DAY_US).astype(np.int64) + _MINUTE
    need = np.where(~start.nulls, begins - now, 0)  # how far past now it starts
    ended = having(data["done"]) & end_known
    want = np.maximum(need, np.where(ended, ends - now + _MINUTE, 0))  # and ends
    # the times that stay: the row's creation (its anchor) and those before it
    before = np.full(n, np.iinfo(np.int64).min // 4, np.int64)
    anchor = batch.get(data["anchor"] or "")
    if anchor is not None:
        made = as_us(anchor).astype(np.int64)
        before = np.where(anchor.nulls | start.nulls, before, np.minimum(made, begins - 1))
    earliest = np.full(n, np.iinfo(np.int64).max // 4, np.int64)  # of all its times
    first_moved = begins.copy()  # of those that move
    for column in data["moved"]:
        col = batch.get(column)
        if col is not None:
            at = as_us(col).astype(np.int64)
            earliest = np.minimum(earliest, np.where(col.nulls, earliest, at))
            first_moved = np.minimum(first_moved, np.where(col.nulls | (at <= before), begins, at))
    # the furthest back its start may go: after its own earlier times and its parents; or,
    # with its earlier times (its creation), after its parents
    parents = _floor(view, data["parents"], np.full(n, np.iinfo(np.int64).min // 4, np.int64))
    lowest = np.maximum(parents, before) + _SECOND - first_moved
    whole = (lowest > -want) & (parents + _SECOND - earliest <= -want)
    lowest = np.where(whole, parents + _SECOND - earliest, lowest)
    highest = np.minimum(-need, 0)  # it must start by now; ending by now where it can
    over = having(data["over"]) & (want > 0) & (lowest <= highest)
    # whole days (weeks) where the range has room: the hour (and weekday) stay
    step = int(data["step"])
    first = -((-lowest) // step) * step
    last = (highest // step) * step
    days = first <= last
    shift_back = np.where(
        days,
        np.clip(((-(want + back)) // step) * step, first, last),
        np.clip(-(want + back), lowest, highest),
    )
    shift_back = np.where(over, shift_back, 0)
    # rows still to come whose window is over: the window forward to end after now
    to_come = np.zeros(n, bool)
    shift_on = np.zeros(n, np.int64)
    if end is not None and data["to_come"]:
        ahead = having(data["ahead"])
        length = np.maximum(ends - begins, 0)
        # a row under way that has an actual start (a sailing departed late) is placed by it:
        # it began by now and is not over, its planned times earlier by its delay
        began = batch.get(data.get("began") or "")
        planned = begins  # what its creation comes before
        if began is not None:
            actual = ~ahead & ~began.nulls
            begins = np.where(actual, as_us(began).astype(np.int64), begins)
            ends = np.where(actual, begins + length, ends)
        # a row still planned starts ahead; one under way straddles now (not all ahead)
        misplaced = (ends < now) | np.where(ahead, begins < now, begins > now)
        to_come = having(data["to_come"]) & end_known & ~start.nulls & misplaced
        # the new start: a row under way straddles now, one planned ahead starts within
        # AHEAD_DAYS after it
        draw = rng.random(n)
        under = now + _SECOND - (draw * length).astype(np.int64)
        floor = before
        if start.kind == "date":  # a day long: under way from today at the latest, and on
            under = np.minimum(under, (now // DAY_US) * DAY_US)  # the day it was made at least
            floor = np.where(before < 0, before, (before // DAY_US) * DAY_US - 1)
        target = np.where(ahead, now + _HOUR + (draw * AHEAD_DAYS * DAY_US).astype(np.int64), under)
        # by whole days (weeks), rounded up (later still ends after now); a row under way
        # that lay ahead moves back by whole steps as far as it may still end after now and
        # start after its creation
        brief = ~ahead & (length < DAY_US) & (start.kind != "date")  # under way for hours
        steps = np.where(brief, _MARK, step)
        on = -((begins - target) // steps) * steps
        least = np.maximum((now - ends) // steps + 1, (floor - planned) // steps + 1) * steps
        # one under way for hours (a class in progress: a whole day would miss now) to a start
        # on a five-minute mark by now that still ends after it, after its creation, and in
        # office hours where its table keeps them (span.OPEN_HOUR..LAST_START_HOUR, a
        # weekday): a lesson under way before opening stays where the hours put it
        back_from = now - (draw * np.maximum(length - _MARK, 0)).astype(np.int64)
        on = np.where(brief, ((back_from - begins) // _MARK) * _MARK, on)
        starts = begins + on
        hour = (starts % DAY_US) // _HOUR
        weekday = (starts // DAY_US + 3) % 7
        hours = (hour >= OPEN_HOUR) & (hour < LAST_START_HOUR) & (weekday < 5)
        to_come &= ~brief | ((hours | (not data["attended"])) & (planned + on > floor))
        on = np.where((on < 0) & ~brief, np.maximum(on, least), on)
        # rounded up by a whole day, a row under way shorter than its step could start after
        # now (a 33-hour voyage from 17:10, now 09:00): a step earlier where that still ends after
        # now and starts after its creation, else the drawn start itself (its hour moves)
        early = ~ahead & ~brief & (begins + on > now)
        sooner = on - steps
        fits = (ends + sooner > now) & (planned + sooner > floor)
        exact = target - begins
        if start.kind == "date":  # a day long: the start's day
            exact = (exact // DAY_US) * DAY_US
        on = np.where(early, np.where(fits, sooner, np.maximum(exact, floor + 1 - planned)), on)
        shift_on = np.where(to_come, on, 0)
    for shift, rows, wholly in ((shift_back, over, whole), (shift_on, to_come, None)):
        if rows.any():
            _shift(view, batch, data["moved"], before, shift, rows, wholly)
    if data.get("relabel") and end is not None:
        late = having(data["done"]) & end_known & (as_us(end).astype(np.int64) > now)
        status.values[late] = typed_label(status, data["relabel"])


def _shift(
    view: TableView,
    batch: Batch,
    columns: list[str],
    cut: np.ndarray,
    shift: np.ndarray,
    rows: np.ndarray,
    wholly: np.ndarray | None,
) -> None:
    """The rows' times after `cut` by their shift (the creation time and what came before it
    stay), all of them on the rows `wholly` marks."""
    columns = [c for c in columns if c in batch]
    saved = {c: batch[c].values.copy() for c in columns}
    for column in columns:
        col = batch[column]
        at = as_us(col).astype(np.int64)
        moves = rows & ~col.nulls & (at > cut)
        if wholly is not None:
            moves |= rows & ~col.nulls & wholly
        if moves.any():
            new = (at + shift).astype("datetime64[us]")
            store(col, new, np.flatnonzero(moves))
    undo_rejected(view, batch, saved, rows)


RULE = RowRule(
    "stage_clock",
    "a status's stage agrees with the clock (what is to come is not over, what is over began)",
    _plan,
    _apply,
    phases={"stage_clock": Phase.FINAL},
    after=("tree_time",),  # after every time rule but the windows: within keeps what it placed
    before=("within",),
)
