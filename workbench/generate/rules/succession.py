"""How a parent's numbered children follow one another, where rules/sequence.py lays them out
and the schema says more than "one after another":

- a succession: numbered rows with a window of their own whose end may be NULL, named as
  states (a line's plan periods, a policy's versions, an employee's grades) replace one
  another: the first begins when the parent began (its activation, its opening: a start
  named by coming into service, kinds/windows.lone_start, counts as one), each next one
  begins the moment the previous one ended, and only the last may still be open;
- a frequency: numbered rows with one time each (an instalment's due date, a statement's
  date) under a parent whose label names a cadence (`payment_frequency` monthly, quarterly,
  annual: rules/cadence.py) fall due on it: row n (n-1) periods after the parent's start, as
  many of them as the cadence has periods in a year (a premium paid monthly: twelve);
- points: numbered rows with one time and no length (a ticket's messages, a parcel's scans)
  follow the parent's start and one another minutes to hours apart (a thread begins when
  its ticket is opened), each strictly after the previous.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.generate.base.batch import label_codes, typed_label
from workbench.generate.base.names import normalise, singular_forms
from workbench.generate.rules import apart, cadence, dues
from workbench.generate.rules.recent import status_meanings
from workbench.generate.rules.times import as_us

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

SECOND_US = 1_000_000
HOUR_US = 3_600 * SECOND_US
POINT_GAP_US = 6 * HOUR_US  # the most two points of a chain lie apart on average
YEAR_DAYS = 365
# what a thing is in, one at a time, each replacing the one before (a line's plan periods, a
# policy's versions, a tenancy's terms, an employee's grade history)
STATES = frozenset({"period", "term", "tenure", "version", "revision", "history", "spell",
                    "tenancy", "assignment", "status", "state", "tier", "level", "grade",
                    "band", "rate", "price", "plan", "configuration", "config",
                    "setting"})  # fmt: skip


def abutting(view: TableView, number: str | None, end: str | None, covered: bool) -> bool:
    """Numbered rows with a window whose end may be NULL (only the last still open), named as
    the states of a thing (`plan_periods`, `config_versions`, `version_no`): states of the
    parent that replace one another, end to start, from the parent's start; not what happens
    in turn (a trip's legs, a job's tasks: gaps between them)."""
    if number is None or end is None or covered or end not in view.specs:
        return False
    table = normalise(view.tp.name.rsplit(".", 1)[-1]).split("_")[-1:]
    words = [*table, *normalise(number).split("_")[:-1]]
    named = any(singular_forms(w) & STATES for w in words)
    return named and bool(view.specs[end].nullable) and not apart.attended(view)


def frequency(view: TableView, number: str | None, end: str | None, count: str) -> Any:
    """The cadence label of the parent itself (rules/cadence.Source: not the row's own, nor a
    grandparent's) numbered single-time rows fall due on, when nothing else counts them (no
    `term_months`), else None."""
    if number is None or end is not None or count:
        return None
    source = cadence.source_of(view)
    path = source.path if source is not None else None
    if path is not None and path.via is None:
        return source
    return dues.default_cadence(view, number) if source is None else None


def due_on_cadence(view: TableView, source: Any, batch: Batch, rows: tuple[int, np.ndarray],
                   nth: np.ndarray, start: np.ndarray) -> np.ndarray:  # fmt: skip
    """Row n's time: (n-1) of its period (its parent's label's) after the parent's start, at
    the start's time of day."""
    n, order = rows
    rng = view.rng("succession:" + source.column, int(order[0]) if order.size else 0)
    months, days = cadence.row_cadences(view, source, batch, n, rng)
    k = np.maximum(nth.astype(np.int64) - 1, 0)
    midnight = start.astype("datetime64[us]").astype("datetime64[D]").astype("datetime64[us]")
    clock = start - midnight.astype(np.int64)
    out: np.ndarray = periods_after(start, k, months[order], days[order]) + clock
    return out


def periods_after(start: np.ndarray, k: np.ndarray, months: np.ndarray,
                  days: np.ndarray) -> np.ndarray:  # fmt: skip
    """The day (microseconds, at midnight) k periods after each start's day: k*months calendar
    months on the start's day of the month (clipped to a month's length), else k*days days."""
    day0 = start.astype("datetime64[us]").astype("datetime64[D]")
    month0 = day0.astype("datetime64[M]")
    into = (day0 - month0.astype("datetime64[D]")).astype(np.int64)
    month = month0 + k * months
    length = ((month + 1).astype("datetime64[D]") - month.astype("datetime64[D]")).astype(np.int64)
    by_month = month.astype("datetime64[D]") + np.minimum(into, length - 1)
    out = np.where(months > 0, by_month, day0 + k * np.maximum(days, 1))
    return np.asarray(out.astype("datetime64[us]").astype(np.int64), np.int64)


def still_ahead(view: TableView, batch: Batch, order: np.ndarray, due: str,
                happened: list[str], now: int) -> None:  # fmt: skip
    """A row falling due after now is still to come: one whose status says it failed (an
    instalment overdue) or is done without its time (paid, its payment time past now and so
    left NULL) takes the label of what is still ahead (scheduled)."""
    found = status_meanings(view)
    col = batch.get(found[0]) if found is not None else None
    at = batch.get(due)
    if found is None or col is None or at is None or not order.size:
        return
    meanings = found[1]
    ahead = next((lb for lb, m in meanings.items() if m == "ahead"), None)
    ahead = ahead or next((lb for lb, m in meanings.items() if m == "open"), None)
    if ahead is None:
        return
    labels, pos = label_codes(col)
    meant = np.asarray([meanings.get(str(lb), "") for lb in labels], dtype=object)[pos]
    missing = np.zeros(col.nulls.size, bool)
    for name in happened:
        other = batch.get(name)
        if other is not None:
            missing |= np.asarray(other.nulls, bool)
    later = order[(as_us(at).astype(np.int64)[order] > now) & ~col.nulls[order]]
    moved = later[(meant[later] == "failed") | ((meant[later] == "done") & missing[later])]
    col.values[moved] = typed_label(col, ahead)


def per_year(source: Any, stored: dict[str, Any], size: int) -> np.ndarray | None:
    """Per parent row, how many periods its cadence label has in a year (annual 1, quarterly
    4, monthly 12, weekly 52; at least 1), or None when the parent keeps no such label."""
    col = stored.get(source.column)
    if col is None:
        return None
    labels, pos = label_codes(col)
    counts = []
    for label in labels:
        c = source.periods.get(str(label))
        counts.append(0 if c is None else 12 // c.months if c.months else YEAR_DAYS // c.days)
    cap = np.asarray(counts, np.int64)[pos] if len(counts) else np.zeros(size, np.int64)
    return np.where(col.nulls | (cap < 1), 1, cap)


def point_gaps(rng: np.random.Generator, room: np.ndarray, size: np.ndarray,
               unit: int) -> np.ndarray:  # fmt: skip
    """The time before each point of a chain: exponential, on average a share of the room its
    parent's window leaves each (at most hours), never under a second (or a day for dates)."""
    mean = np.minimum(room / (4.0 * (size + 1)), POINT_GAP_US)
    least = float(unit if unit > 1 else SECOND_US)
    return np.maximum(rng.exponential(1.0, room.size) * mean, least)


def in_slots(m: int, rng: np.random.Generator, nth: np.ndarray, lo: np.ndarray, hi: np.ndarray,
             unit: int) -> tuple[np.ndarray, np.ndarray]:  # fmt: skip
    """Row n in slot n of its parent's window (cut into `m` slots), a break before the next
    slot (terms of a year: rules/sequence.py)."""
    width = (hi - lo) / m
    at = np.clip(nth - 1, 0, m - 1)
    lead = width * rng.uniform(0.0, 0.04, nth.size)
    brk = np.maximum(width * rng.uniform(0.04, 0.12, nth.size), unit)
    s = lo + (at * width + lead).astype(np.int64)
    e = lo + ((at + 1) * width - brk).astype(np.int64)
    return s, np.maximum(e, s + unit)


def end_to_start(s: np.ndarray, e: np.ndarray, gid: np.ndarray) -> np.ndarray:
    """Each row ends the moment its parent's next row begins (the last keeps its end)."""
    out = e.copy()
    if s.size > 1:
        same = gid[1:] == gid[:-1]
        out[:-1] = np.where(same, s[1:], e[:-1])
    return out
