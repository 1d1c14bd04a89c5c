"""Timestamps that tell one story per row, computed per batch with numpy (the status and its
stage timestamps are status.py, every date of a row in order chain.py):

1. after the parents: a row's creation time (its anchor) follows the creation time of every
   parent row it references (an order after its customer signed up);
2. after the anchor: every other event of the row (updated, shipped, paid…) follows it;
3. updated ≤ deleted, and start ≤ end pairs (`starts_at`/`ends_at`, `rental_date`/`return_date`,
   `min_price`/`max_price`): swapped where drawn the wrong way round."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.base.batch import label_codes
from workbench.generate.base.names import normalise
from workbench.generate.kinds.anchors import (
    anchor_of,
    arranged_before,
    at_booked_slot,
    ending_of,
    takes_place,
)
from workbench.generate.kinds.orders import declared_before, reversed_by_check
from workbench.generate.kinds.responses import made_from, over_at, responds
from workbench.generate.kinds.windows import occurs_itself
from workbench.generate.rules import process, settle
from workbench.generate.rules.base import RowRule, Rule, free, row_rng
from workbench.generate.rules.partitions import (
    children_windows,
    into_windows,
    out_of_holes,
    windows,
)
from workbench.generate.rules.recent import RECENT_DAYS
from workbench.generate.rules.times import (
    DAY_US,
    TIME_KINDS,
    as_us,
    declared_window,
    gap,
    latest,
    store,
    time_columns,
)
from workbench.generate.rules.valid_then import repickable
from workbench.generate.vocab import lexicon

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch, Col
    from workbench.generate.rules.base import Rule
    from workbench.generate.view import TableView

NEAR_DAYS = 1.0  # the mean gap between a parent that takes place and its child's time
# the mean gap between a booked slot (an appointment) and what happened at it: its one row of
# a child table (the visit's examination, the appointment's screening and donation)
AT_SLOT_DAYS = 15 / 1440
RECORD_DAYS = 0.1  # the mean gap between a thing happening and the row recording it
_RECORD_LAG = np.timedelta64(3 * DAY_US, "us")  # a record written later than this is re-placed
_PAIRS = [
    ("start", "end"),
    ("starts", "ends"),
    ("started", "ended"),
    ("begin", "end"),
    ("from", "to"),
    ("from", "until"),
    ("valid_from", "valid_to"),
    ("valid_from", "valid_until"),
    ("check_in", "check_out"),
    ("checkin", "checkout"),
    ("opened", "closed"),
    ("opens", "closes"),
    ("departure", "arrival"),
    ("pickup", "dropoff"),
    ("rental", "return"),
    ("issued", "expires"),
    ("issue", "due"),
    ("issued", "due"),
    ("hired", "terminated"),
    ("min", "max"),
    ("minimum", "maximum"),
    ("lower", "upper"),
    ("low", "high"),
]
# Dates of a row's life after the date it was ordered or placed (time columns only: an
# `order` number is no date): a Northwind order is required and shipped after its order date.
_TIME_PAIRS = [
    *[(lo, hi) for lo in ("order", "ordered", "placed", "purchase", "purchased", "booked")
      for hi in ("required", "requested", "promised", "due", "ship", "shipped", "shipping",
                 "delivery", "delivered", "expected", "received")],
    ("invoice", "due"),
    ("invoiced", "due"),
    ("ship", "delivery"),
    ("shipped", "delivered"),
    ("shipped", "received"),
]  # fmt: skip


def _settle_text(how: settle.Settles) -> str:
    window = f"{how.parent}.{how.placed}"
    if how.opens is not None:
        window += f" and its {how.opens}"
    if how.closes is not None:
        return f"minutes to days after {window}, before its {how.closes}"
    return f"minutes to days after {window}"


def _unique_time(view: TableView, name: str) -> bool:
    """A timestamp that carries a unique key: it may move if it stays unique (see
    _after_parents)."""
    spec = view.specs[name]
    return (
        spec.unique
        and spec.kind == "timestamp"
        and spec.partition is None
        and name not in view.fk_cols
        and not spec.params.get("unique_days")
    )


def _partition_time(view: TableView, name: str) -> bool:
    """A range-partition key: it may move within the partitions that exist (timeline_parts)."""

    spec = view.specs[name]
    return not spec.unique and name not in view.fk_cols and windows(spec) is not None


def _pair_rules(view: TableView) -> list[Rule]:

    out: list[Rule] = []
    occurs = takes_place(view.schema, view.table, view.config)
    norms = {normalise(c): c for c in view.specs if free(view, c)}
    for norm, column in norms.items():
        timely = view.specs[column].kind in TIME_KINDS
        for lo_word, hi_word in _PAIRS + (_TIME_PAIRS if timely else []):
            for pos in _word_positions(norm, lo_word):
                other = norm[:pos] + hi_word + norm[pos + len(lo_word) :]
                partner = norms.get(other)
                if partner is None or partner == column:
                    continue
                if view.specs[partner].kind != view.specs[column].kind:
                    continue
                if view.specs[column].kind not in ("timestamp", "date", "int", "decimal", "float"):
                    continue
                lo, hi = column, partner
                if reversed_by_check(view.schema, view.table, lo, hi):
                    lo, hi = hi, lo  # a CHECK says which comes first (a stay's arrival)
                if any(r.columns == [lo, hi] for r in out):
                    continue
                keep = lo == occurs  # the time it takes place stays; its end follows
                declared = declared_before(view.schema, view.table, lo, hi)
                strict = declared is not None and declared.strict
                data = {"keep": keep, "strict": strict}
                out.append(Rule("pair", [lo, hi], f"{lo} {'<' if strict else '≤'} {hi}", data))
    return out


def _word_positions(norm: str, word: str) -> list[int]:
    """Where `word` stands as whole words in a snake_case name."""
    out = []
    padded = f"_{norm}_"
    at = padded.find(f"_{word}_")
    while at >= 0:
        out.append(at)
        at = padded.find(f"_{word}_", at + 1)
    return out


# --- applying -----------------------------------------------------------------------------


def _before_endings(
    view: TableView,
    rule: Rule,
    base: np.ndarray,
    floor: np.ndarray,
    rng: np.random.Generator,
    held: np.ndarray | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """(rows to move, their times): a row that would happen after a parent's end (an order
    placed after its customer was deleted) happens between its floor and that end. A row
    `held` near now by the clock (still open) is left to a parent that rules/valid_last picks
    again among those valid at its time; under any other parent it is moved all the same."""
    nat = np.datetime64("NaT", "us")
    ceiling = np.full(base.size, nat)
    again = _picked_again(view)
    for fk_columns, parent, _ in rule.data["parents"]:
        model = view.schema.tables.get(parent)
        end = ending_of(view.schema, model, view.config) if model is not None else None
        rows, nulls = view.parent_rows(fk_columns)
        stored = view.keys.tables.get(parent, {}).get(end or "")
        if rows is None or stored is None:
            continue
        values = np.asarray(stored.values[rows]).astype("datetime64[us]")
        values = np.where(nulls | stored.nulls[rows], nat, values)
        if held is not None and (fk_columns, parent) in again:
            values = np.where(held, nat, values)
        ceiling = np.where(np.isnat(ceiling) | (values < ceiling), values, ceiling)
    lo = np.where(np.isnat(floor), ceiling - np.timedelta64(30 * DAY_US, "us"), floor)
    room = (ceiling - lo).astype(np.int64)
    over = ~np.isnat(ceiling) & (base > ceiling) & (room > 0)
    made = lo + (rng.random(base.size) * np.maximum(room, 1)).astype("timedelta64[us]")
    return over, made


def _picked_again(view: TableView) -> set[tuple[str, str]]:
    """The (key, parent) pairs whose parent rules/valid_last picks again among those valid at
    the row's final time."""
    last = next((r for r in view.rules if r.kind == "valid_last"), None)
    if last is None:
        return set()
    windows = last.data["within"].data["windows"]
    return {(w[0], w[1]) for w in windows if repickable(view, w[0], w[1])}


def _near_time(view: TableView, rule: Rule) -> np.ndarray | None:
    """The latest time of the parents that take place at a time (anchors.takes_place), NaT
    where none is known; None when the row has no such parent."""
    near = None
    for fk_columns, parent, parent_anchor in rule.data.get("near", ()):
        rows, nulls = view.parent_rows(fk_columns)
        stored = view.keys.tables.get(parent, {}).get(parent_anchor)
        if rows is None or stored is None:
            continue
        values = np.asarray(stored.values[rows]).astype("datetime64[us]")
        values = np.where(nulls | stored.nulls[rows], np.datetime64("NaT", "us"), values)
        near = values if near is None else np.where(np.isnat(near) | (values > near), values, near)
    return near


def _held_by_clock(view: TableView, rule: Rule, batch: Batch) -> np.ndarray | None:
    """Rows whose time the recent rule placed near now (their status still open), or None."""
    recent = next((r for r in view.rules if r.kind == "recent"), None)
    if recent is None or recent.columns[0] != rule.columns[0]:
        return None
    status = batch.get(recent.columns[1])
    if status is None:
        return None
    labels, pos = label_codes(status)
    waiting = np.array([lb in recent.data["waiting"] for lb in labels], bool)
    held: np.ndarray = waiting[pos] & ~status.nulls
    return held


def _after_parents(view: TableView, rule: Rule, batch: Batch, rng: np.random.Generator) -> None:

    col = batch[rule.columns[0]]
    base = as_us(col)
    floor: np.ndarray = np.full(base.size, np.datetime64("NaT", "us"))
    for fk_columns, parent, parent_anchor in rule.data["parents"]:
        rows, nulls = view.parent_rows(fk_columns)
        stored = view.keys.tables.get(parent, {}).get(parent_anchor)
        if rows is None or stored is None:
            continue
        values = np.asarray(stored.values[rows]).astype("datetime64[us]")
        values = np.where(nulls | stored.nulls[rows], np.datetime64("NaT", "us"), values)
        floor = np.where(np.isnat(floor) | (values > floor), values, floor)
    if col.kind == "date":
        floor = floor + np.timedelta64(DAY_US, "us")
    bad = ~np.isnat(floor) & (base <= floor) & ~col.nulls
    later = floor + gap(rng, base.size, 30)
    near = _near_time(view, rule)
    if near is not None:
        # under a parent that takes place at a time (a job, a departure): within hours of it,
        # but a row the clock placed lately (still open: rules/recent.py) stays near now
        # unless its parent took place lately too
        close = ~np.isnat(near) & ~col.nulls
        held = _held_by_clock(view, rule, batch)
        if held is not None:
            lately = clock.run_now(view.config) - np.timedelta64(int(RECENT_DAYS * DAY_US), "us")
            close &= ~held | (near >= lately)
        days = AT_SLOT_DAYS if rule.data.get("at") else NEAR_DAYS
        if rule.data.get("lead"):  # arranged for it (a check-in, a roster): before it
            moved = near - gap(rng, base.size, days)
        else:
            start = np.where(np.isnat(floor) | (near > floor), near, floor)
            moved = start + gap(rng, base.size, days)
        later = np.where(close, moved, later)
        bad |= close
    for how in rule.data.get("settle", []):
        # a payment: soon after its order, every row (not only those drawn too early)
        paid = settle.settle_times(view, how, base.size, rng, col.kind)
        known = ~np.isnat(paid) & ~col.nulls
        paid = np.where(
            np.isnat(floor) | (paid > floor), paid, floor + np.timedelta64(60_000_000, "us")
        )
        later = np.where(known, paid, later)
        bad |= known
    # a history ends at the run's clock: a row after a recent parent happened by now
    last = latest(col, view.specs[rule.columns[0]].window[1])
    room = (last - floor).astype(np.int64)
    soon = floor + (rng.random(base.size) * np.maximum(room, 1)).astype("timedelta64[us]")
    later = np.where(later > last, np.where(room > 0, soon, last), later)
    # still open, placed near now: a parent valid now is picked again (rules/valid_last.py)
    # where one may be, not the row moved back into an ended one
    held = _held_by_clock(view, rule, batch)
    over, before_end = _before_endings(view, rule, np.where(bad, later, base), floor, rng, held)
    over &= ~col.nulls
    later = np.where(over, before_end, later)
    bad |= over
    window = declared_window(view.specs[rule.columns[0]])
    if window is not None:
        # a declared range is a law: after the parents, but inside it; a row whose parents
        # come after its range's end keeps its drawn time (the declared range wins)
        room = (window[1] - floor).astype(np.int64)
        bad &= room > 0
        inside = floor + (rng.random(base.size) * np.maximum(room, 1)).astype("timedelta64[us]")
        later = np.where(later > window[1], inside, later)
    holes = children_windows(view.schema, view.table, view.config)
    if holes is not None and view.specs[rule.columns[0]].drawn_within is not None:
        # a parent of a partitioned child (rental of payment): not between its partitions
        now = np.where(bad, later, base)
        later = out_of_holes(now, holes, rng)
        bad |= (later != now) & ~col.nulls
    bounds = windows(view.specs[rule.columns[0]])
    if bounds is not None:  # a partition key: stay within the partitions that exist
        later, possible = into_windows(later, floor, bounds, rng)
        bad &= possible
    if view.specs[rule.columns[0]].unique:
        # whole seconds whose remainder modulo the table's rows is the row number: no two
        # rows of the table can share one, whichever batch they are in
        period = max(view.tp.rows, 1)
        later = np.where(np.isnat(floor) | ~bad, base, later)
        secs = later.astype("datetime64[s]").astype(np.int64)
        idx = view.current_rows()
        secs = secs + (idx - secs) % period
        if window is not None:  # back inside the declared range by whole periods
            top = window[1].astype("datetime64[s]").astype(np.int64)
            secs = secs - np.maximum(-(-(secs - top) // period), 0) * period
        later = secs.astype("datetime64[s]").astype("datetime64[us]")
        bad = ~col.nulls  # every row, so the remainders hold throughout
    store(col, later, np.flatnonzero(bad))


def _plan_after_parent(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    found = time_columns(view)
    if found is None:
        return []
    anchor = found.anchor
    parents, settled, near = [], [], []
    at_slot: list[bool] = []
    for unit in view.units:
        parent_table = view.schema.tables.get(unit.parent)
        if parent_table is None or unit.mode == "self":
            continue
        parent_anchor = anchor_of(view.schema, parent_table, view.config)
        if parent_anchor is not None:
            parents.append((",".join(unit.fk.columns), unit.parent, parent_anchor))
            occurs = takes_place(view.schema, parent_table, view.config)
            if occurs is not None and (responds(view.table.qualified) or made_from(anchor or "")):
                # a review of what took place: after it is over (its window's end)
                occurs = over_at(view.schema, parent_table, view.config, occurs)
            if occurs is not None:
                near.append((",".join(unit.fk.columns), unit.parent, occurs))
                at_slot.append(at_booked_slot(view.table, unit.fk.columns, parent_table))
            how = settle.settles(view, unit, parent_anchor)
            if how is not None:
                settled.append(how)
    if anchor is None and near and found.movable:
        # no time of its own but one under a parent that takes place (a check-in of a job)
        anchor = found.movable[0]
    movable_anchor = anchor is not None and (
        free(view, anchor) or _unique_time(view, anchor) or _partition_time(view, anchor)
    )
    if not (parents and anchor is not None and movable_anchor):
        return []
    shown = ", ".join(f"{p}.{a}" for _, p, a in parents)
    detail = f"{anchor} after {shown}"
    if settled:
        detail += "; " + ", ".join(_settle_text(how) for how in settled[:1])
    # a state held since before (`licensed_since` of a driver named on a policy) comes before
    # the parent's time as a thing arranged for it does
    lead = bool(near) and (arranged_before(anchor) or "since" in lexicon.words_of(anchor))
    lead &= not responds(view.table.qualified)
    # a request for a process of minutes of its own (a ride requested) asks for it, not for the
    # parent's time (the driver's shift): it happens while the parent takes place, as does a
    # row with a span of its own (a trip picked up and dropped off in its shift)
    lead &= process.process_of(view) is None
    lead &= not occurs_itself(view.schema, view.table, view.config)
    # what happened at a booked slot (one row per appointment): minutes from it, a step taken
    # before the thing booked (a screening before the draw it clears) before it
    at = bool(at_slot) and all(at_slot)
    lead |= at and lexicon.prepares(view.table.name)
    if near:
        shown = ", ".join(f"{p}.{a}" for _, p, a in near)
        scale = "minutes" if at else "hours to days"
        detail += f"; {scale} {'before' if lead else 'after'} {shown}"
    data = {"parents": parents, "settle": settled[:1], "near": near, "lead": lead, "at": at}
    return [Rule("after_parent", [anchor], detail, data)]


def _apply_after_parent(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    if all(c in batch for c in rule.columns):
        _after_parents(view, rule, batch, row_rng(view, rule, idx))


def _plan_after_anchor(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    found = time_columns(view)
    if found is None or found.anchor is None:
        return []
    anchor = found.anchor
    events = [c for c in found.movable if c != anchor and view.specs[c].generator != "birth_date"]
    occurs = takes_place(view.schema, view.table, view.config)
    if occurs is not None:  # booked before it (rules/lead.py)
        events = [c for c in events if not arranged_before(c)]
    # the record times of a row anchored at its business time (`created_at` of a reading
    # taken at `read_at`, `recorded_at` of a register's `session_date`) are written minutes to
    # hours after it; what happened (a participle) stays by the run's clock
    business = not lexicon.record_time(anchor, view.specs[anchor].generator)
    record = [c for c in events if business and (view.specs[c].generator == "created_at"
                                                 or lexicon.written_down(c))]  # fmt: skip
    # a record time (updated_at, deleted_at) and the latest of many (last_login_at) too
    past = [c for c in events if c in record or lexicon.by_clock(c, view.specs[c].generator)]
    detail = f"every event after {anchor}"
    if record:
        detail += f"; {', '.join(record)} recorded hours after it"
    data = {"record": record, "past": past}
    return [Rule("after_anchor", [anchor, *events], detail, data)] if events else []


def _apply_after_anchor(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    if any(c not in batch for c in rule.columns):
        return
    rng = row_rng(view, rule, idx)
    anchor = batch[rule.columns[0]]
    base = as_us(anchor)
    record, past = rule.data.get("record", ()), rule.data.get("past", ())
    now = clock.run_now(view.config)
    for column in rule.columns[1:]:
        col = batch[column]
        values = as_us(col)
        late = values < base + np.timedelta64(1, "s")
        if col.kind == "date" or anchor.kind == "date":
            late = values < base + np.timedelta64(DAY_US, "us")
        bad = late & ~col.nulls & ~anchor.nulls
        if column in record:  # written soon after what it records, every row
            bad |= ~col.nulls & ~anchor.nulls & (values > base + _RECORD_LAG)
        later = base + gap(rng, base.size, RECORD_DAYS if column in record else 20)
        if column in past:  # it happened: by the run's clock, after the anchor
            top = latest(col, now)
            room = np.maximum((top - base).astype(np.int64), 0)
            soon = base + (rng.random(base.size) * room).astype("timedelta64[us]")
            later = np.where(later > top, soon, later)
            # a day by the clock is today at the latest, under an anchor of today too (a
            # day rounds up past the time it follows: to tomorrow)
            later = np.minimum(later, top) if col.kind == "date" else later
        store(col, later, np.flatnonzero(bad))


def _plan_order(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    found = time_columns(view)
    if found is None:
        return []
    updated = [c for c in found.times if view.specs[c].generator == "updated_at"]
    deleted = [c for c in found.movable if view.specs[c].generator == "deleted_at"]
    if not (updated and deleted):
        return []
    return [Rule("order", [updated[0], deleted[0]], f"{updated[0]} ≤ {deleted[0]}")]


def _apply_order(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    if any(c not in batch for c in rule.columns):
        return
    rng = row_rng(view, rule, idx)
    a, b = batch[rule.columns[0]], batch[rule.columns[1]]
    bad = (as_us(b) < as_us(a)) & ~a.nulls & ~b.nulls
    later = as_us(a) + gap(rng, bad.size, 5)
    top = latest(b, clock.run_now(view.config))  # removed by the run's clock, after the change
    room = np.maximum((top - as_us(a)).astype(np.int64), 0)
    soon = as_us(a) + (rng.random(bad.size) * room).astype("timedelta64[us]")
    store(b, np.where(later > top, soon, later), np.flatnonzero(bad))


def _plan_pairs(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    return [] if time_columns(view) is None else _pair_rules(view)


def _apply_pair(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    if any(c not in batch for c in rule.columns):
        return
    a, b = batch[rule.columns[0]], batch[rule.columns[1]]
    swap = (b.values < a.values) & ~a.nulls & ~b.nulls
    timed = a.kind in TIME_KINDS and b.kind in TIME_KINDS
    if rule.data.get("keep") and timed:
        rng = row_rng(view, rule, idx)
        later = as_us(a) + gap(rng, swap.size, 0.1)
        if rule.data.get("strict"):  # a CHECK says strictly later: a day for a date
            later = np.maximum(later, as_us(a) + _least(a, b))
            swap |= (b.values == a.values) & ~a.nulls & ~b.nulls
        store(b, later, np.flatnonzero(swap))
        return
    low = a.values[swap].copy()
    a.values[swap] = b.values[swap]
    b.values[swap] = low
    if rule.data.get("strict") and timed:  # equal ends a CHECK rejects: the end a step later
        same = np.flatnonzero((b.values == a.values) & ~a.nulls & ~b.nulls)
        store(b, as_us(a) + _least(a, b), same)


def _least(a: Col, b: Col) -> np.timedelta64:
    """The least step that keeps `b` strictly after `a`: a day where either is a date."""
    return np.timedelta64(DAY_US if "date" in (a.kind, b.kind) else 1_000_000, "us")


AFTER_PARENT = RowRule(
    "after_parent",
    "a row's creation time follows its parents' (an order after its customer signed up)",
    _plan_after_parent,
    _apply_after_parent,
    after=("recent",),
)
AFTER_ANCHOR = RowRule(
    "after_anchor",
    "every other event of a row follows its creation time",
    _plan_after_anchor,
    _apply_after_anchor,
    after=("after_parent",),
)
ORDER = RowRule("order", "updated ≤ deleted", _plan_order, _apply_order, after=("flag",))
PAIR = RowRule(
    "pair",
    "start ≤ end pairs (starts_at/ends_at, min_price/max_price)",
    _plan_pairs,
    _apply_pair,
    after=("order",),
)
