"""Every date of a row in the order its name tells, however many there are: born ≤ hired ≤
terminated, created ≤ paid ≤ shipped ≤ delivered ≤ updated ≤ deleted, starts ≤ ends.

Each time column is read as one moment of a life (its name's stem: `shipped_at` → shipped);
the moments are partly ordered (a start and a payment say nothing about each other). Run once,
after every other rule (the declared `after` rules too, whose links join the order) and after
the CHECKs gave rows their drawn values back (rows.py), one numpy pass per column in that
order: a column earlier than the latest non-NULL value of the columns that must precede it is
moved after it, to a time its CHECKs accept (a little later, else the earliest time that
holds, else the row keeps its drawn time). Moving a value later never breaks what it must
follow, so every pair holds at the end, and a NULL link does not break the chain of the
others (the floor is over every column before, not the one just before).

A date and a timestamp compared in SQL meet at the date's midnight in the session's time
zone: between the two kinds the floor is a day further, which holds in every zone."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.base.sqltree import Unsupported, columns_of
from workbench.generate.checks import failing
from workbench.generate.kinds.anchors import business_time
from workbench.generate.kinds.orders import Order, declared_orders
from workbench.generate.kinds.windows import window_of
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.generate.rules.times import (
    as_us,
    declared_window,
    gap,
    store,
    time_columns,
    time_stem,
)
from workbench.generate.vocab import lexicon

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.rules.base import Rule
    from workbench.generate.view import TableView

_DAY = np.timedelta64(86_400_000_000, "us")
# The moments of a life, by the stem of a column's name.
MOMENTS: dict[str, tuple[str, ...]] = {
    "birth": ("birth", "born", "dob", "date_of_birth", "birthday", "birthdate"),
    "created": (
        "created", "creation", "create", "inserted", "registered", "registration", "signup",
        "signed_up", "joined", "join", "enrolled", "enrollment", "hired", "hire", "employed",
        "ordered", "order", "placed", "purchased", "purchase", "booked", "booking", "submitted",
        "requested", "applied", "reported", "opened", "issued", "issue", "invoice",
    ),
    "confirmed": (
        "confirmed", "approved", "accepted", "authorized", "authorised", "paid", "payment",
        "processed", "packed", "verified", "activated", "invoiced", "captured", "decided",
        "decision",
    ),
    "start": (
        "start", "starts", "started", "begin", "begins", "began", "valid_from", "date_from",
        "from", "effective", "check_in", "checkin", "checked_in", "departure", "departed",
        "departs", "depart",
        "pickup", "picked_up", "rental", "rented",
    ),
    "shipped": ("shipped", "ship", "shipping", "dispatched", "dispatch", "sent", "in_transit"),
    "delivered": (
        "delivered", "delivery", "received", "completed", "complete", "done", "closed",
        "resolved", "finished", "fulfilled", "arrival", "arrived", "arrives", "arrive",
    ),
    "ended": ("end", "ends", "until", "valid_to", "valid_until", "date_to", "to"),
    "stopped": (
        "ended", "check_out", "checkout", "checked_out", "dropoff", "dropped_off", "return",
        "terminated", "termination", "left", "resigned", "retired",
    ),
    "after_delivery": ("returned", "refunded"),
    "cancelled": ("cancelled", "canceled", "cancellation", "voided", "rejected", "declined"),
    "updated": (
        "updated", "update", "modified", "last_update", "last_updated", "last_modified",
        "changed", "edited", "last_changed", "modification",
    ),
    "deleted": ("deleted", "removed", "archived", "purged", "trashed", "discarded"),
    # the table's business time (kinds/anchors.business_time: `read_at` beside `created_at`),
    # by its role, not its words: the record of it is written at or after it
    "business": (),
}  # fmt: skip
# Which moments follow which (the rest of the order follows by transitivity). A scheduled end
# (`ends_at`, `valid_until`) may lie in the future, so no update or deletion has to follow it;
# one that happened (`ended_at`, `return_date`, `terminated_on`) comes before the last update.
_FOLLOWS: dict[str, tuple[str, ...]] = {
    "created": ("birth", "business"),
    "confirmed": ("created",),
    "start": ("created",),
    "shipped": ("confirmed",),
    "delivered": ("shipped", "start"),
    "ended": ("start",),
    "stopped": ("start",),
    "after_delivery": ("delivered",),
    "cancelled": ("confirmed",),
    "updated": ("after_delivery", "cancelled", "stopped"),
    "deleted": ("updated",),
}
# Words before a moment that make it a plan, not an event (`estimated_delivery_at`,
# `requested_delivery_date`): the lexicon's plans.
_PLANNED = lexicon.PLANNED | {"requested"}
_BY_WORD = {word: moment for moment, words in MOMENTS.items() for word in words}


def _before(moment: str) -> set[str]:
    """Every moment that comes before this one (transitively)."""
    out: set[str] = set()
    todo = list(_FOLLOWS.get(moment, ()))
    while todo:
        m = todo.pop()
        if m not in out:
            out.add(m)
            todo += _FOLLOWS.get(m, ())
    return out


_BEFORE = {m: _before(m) for m in MOMENTS}


def moment_of(column: str) -> str | None:
    """The moment a time column's name tells (None when it tells none)."""

    stem = time_stem(column)
    if stem in _BY_WORD:
        return _BY_WORD[stem]
    words = stem.split("_")
    for cut in (2, 1):
        tail = "_".join(words[-cut:])
        if len(words) > cut and tail in _BY_WORD and not _PLANNED & set(words[:-cut]):
            return _BY_WORD[tail]
    return None


def plan_chain(view: TableView) -> list[Rule]:
    """One rule ordering every time column whose name tells a moment (when two or more do)."""

    times = [c for c, s in view.specs.items() if s.kind in ("timestamp", "date")]
    times = [c for c in times if view.specs[c].generator != "null" and c not in view.fk_cols]
    moments = {c: m for c in times if (m := moment_of(c)) is not None}
    business = business_time(view.schema, view.table, view.config)
    if business in times:
        moments[business] = "business"
    preds: dict[str, set[str]] = {
        c: {p for p, pm in moments.items() if pm in _BEFORE[m]} for c, m in moments.items()
    }
    strict: dict[str, set[str]] = {}
    for target, base in _declared_after(view):
        if target in times and base in times:
            preds.setdefault(target, set()).add(base)
            preds.setdefault(base, set())
            strict.setdefault(target, set()).add(base)
    for declared in (*declared_orders(view.schema, view.table), *_window_order(view)):
        # a CHECK's order (`departure_date > arrival_date`) over the one the words tell: the
        # word link it reverses goes, its own joins (strict where the CHECK says `>`)
        if declared.before in times and declared.after in times:
            preds.get(declared.before, set()).discard(declared.after)
            preds.setdefault(declared.after, set()).add(declared.before)
            preds.setdefault(declared.before, set())
            if declared.strict:
                strict.setdefault(declared.after, set()).add(declared.before)
    order = _ordered(preds)
    if order is None and strict:
        # a declared order wins over the names: its columns keep only the declared links
        for target in strict:
            preds[target] = set(strict[target])
        for column, before in preds.items():
            if column not in strict:
                before -= set(strict)
        order = _ordered(preds)
    if order is None or not any(preds[c] for c in order):
        return []
    closed = _closure(preds, order)
    movable = [c for c in order if closed[c] and _movable(view, c)]
    if not movable:
        return []
    links = [f"{p} ≤ {c}" for c in order for p in sorted(preds[c] - _implied(preds, c))]
    data = {
        "order": order,
        "preds": {c: sorted(closed[c]) for c in order},
        "strict": {c: sorted(v) for c, v in strict.items()},
        "movable": movable,
    }
    return [Rule("chain", order, "dates in order: " + ", ".join(links), data)]


def _window_order(view: TableView) -> tuple[Order, ...]:
    """The order of the window a thing takes place in where its words say the reverse: a
    stop's `arrived_at` before its `departed_at` (kinds/windows.window_of reads the pair by
    the order its columns come in: a stop, a port call, not a trip)."""
    window = window_of(view.schema, view.table, view.config)
    if window is None or window.validity:
        return ()
    start, end = moment_of(window.start), moment_of(window.end)
    if start is None or end is None or end not in _BEFORE[start]:
        return ()
    return (Order(window.start, window.end, False),)


def _declared_after(view: TableView) -> list[tuple[str, str]]:
    section = view.config.tables.get(view.tp.name)
    if section is None:
        return []
    return [
        (column, o.after)
        for column, o in section.columns.items()
        if o.after and "." not in o.after and column != o.after
    ]


def _ordered(preds: dict[str, set[str]]) -> list[str] | None:
    """The columns, each after all it must follow (None on a cycle)."""
    done: list[str] = []
    left = dict(preds)
    while left:
        ready = [c for c, ps in left.items() if not (ps & set(left))]
        if not ready:
            return None
        done += sorted(ready)
        for c in ready:
            del left[c]
    return done


def _closure(preds: dict[str, set[str]], order: list[str]) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for c in order:
        out[c] = set(preds[c])
        for p in preds[c]:
            out[c] |= out[p]
    return out


def _implied(preds: dict[str, set[str]], column: str) -> set[str]:
    """Predecessors already implied through another one (left out of the rule's text)."""
    seen: set[str] = set()
    todo = [q for p in preds[column] for q in preds.get(p, ())]
    while todo:
        q = todo.pop()
        if q not in seen:
            seen.add(q)
            todo += preds.get(q, ())
    return seen


def _movable(view: TableView, column: str) -> bool:
    """A column the chain may move: free for the rules, and not read by a declared derive
    (the declared rule has the last word)."""

    if not free(view, column):
        return False
    section = view.config.tables.get(view.tp.name)
    if section is None:
        return True
    word = re.compile(rf"\b{re.escape(column)}\b")
    return not any(o.derive and word.search(o.derive) for o in section.columns.values())


def apply_chain(view: TableView, rule: Rule, batch: Batch, rng: np.random.Generator) -> None:

    preds, strict = rule.data["preds"], rule.data["strict"]
    for column in rule.data["movable"]:
        col = batch.get(column)
        if col is None:
            continue
        n = col.values.size
        floor = np.full(n, np.datetime64("NaT", "us"))
        strict_floor = np.full(n, np.datetime64("NaT", "us"))
        for p in preds[column]:
            other = batch.get(p)
            if other is None:
                continue
            values = as_us(other)
            if (other.kind == "date") != (col.kind == "date"):
                values = values + _DAY  # midnight in any time zone (see the module's text)
            values = np.where(other.nulls, np.datetime64("NaT", "us"), values)
            floor = _later(floor, values)
            if p in strict.get(column, ()):
                strict_floor = _later(strict_floor, values)
        now = as_us(col)
        bad = ~np.isnat(floor) & ~col.nulls & (now < floor)
        bad |= ~np.isnat(strict_floor) & ~col.nulls & (now <= strict_floor)
        if not bad.any():
            continue
        least = _later(floor, strict_floor + np.timedelta64(1, "s"))
        later = least + gap(rng, n, 2)
        if view.specs[column].generator == "created_at":  # a record is written by the clock
            top = clock.run_now(view.config)
            later = np.where(least < top, np.minimum(later, top), least)
        window = declared_window(view.specs[column])
        if window is not None:  # a declared range holds: inside it, after the floor
            room = (window[1] - floor).astype(np.int64)
            inside = floor + (rng.random(n) * np.maximum(room, 1)).astype("timedelta64[us]")
            later = np.where(later > window[1], inside, later)
        _move(view, batch, column, bad, (later, least))


def _move(
    view: TableView,
    batch: Batch,
    column: str,
    rows: np.ndarray,
    proposals: tuple[np.ndarray, ...],
) -> None:
    """Each row takes the first proposal its column's CHECKs accept (a CHECK always wins:
    the earliest coherent time is tried before the row keeps its drawn one)."""

    col = batch[column]
    checks = [tree for _, tree in view.checks if column in columns_of(tree)]
    window = declared_window(view.specs[column])
    drawn = col.values.copy()
    todo = rows.copy()
    for proposal in proposals:
        store(col, proposal, np.flatnonzero(todo))
        rejected = np.zeros(todo.size, bool)
        if window is not None:  # a declared range holds too
            now = as_us(col)
            rejected |= todo & ((now < window[0]) | (now > window[1]))
        for tree in checks:
            try:
                rejected |= failing(tree, batch, todo.size, view.env) & todo
            except Unsupported:
                continue
        col.values[rejected] = drawn[rejected]
        todo = rejected
        if not todo.any():
            return


def _later(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The later of two time arrays, NaT where both are."""
    return np.where(np.isnat(a) | (b > a), b, a)


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    return [] if time_columns(view) is None else plan_chain(view)


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    if all(c in batch for c in rule.columns):
        apply_chain(view, rule, batch, row_rng(view, rule, idx))


# last, after the declared rules too: every date in the order its name tells
RULE = RowRule(
    "chain",
    "every date of a row in the order its name tells (born ≤ hired ≤ left)",
    _plan,
    _apply,
    phases={"chain": Phase.FINAL},
    after=("pair",),
)
