"""A row's own day is the day its times fall on: a round's `round_date` beside its
`started_at`/`finished_at`, a shift's `shift_date`, a visit's `visit_date`, a session's
`date`. The date says when the row happens; its timestamps say when exactly, so they agree:
the date is the local day of the row's start (in the time zone of where the row is,
rules/local_time.py), and so it agrees with the status at the run's clock as the start does
(a completed round was dated by today, one in progress today or yesterday).

A row whose status says it is still ahead (planned, scheduled: vocab/outcomes' `ahead`
meaning) where the status gives its start only to rows that got further (rules/status.py's
plan) has not begun: no start and no end yet, whatever a layout of the parent's rows put there
(rules/sequence.py lays every row of a truck), and its day lies ahead, today or within the
next weeks.

The row's own day is its one free date column named as a day (`date`, `day`) or after the
row's thing or its business (`round_date` in rounds, `service_date`, `work_day`), beside a
start and an end of timestamps of its own (rules/span.pairs). Any schema: the words are of
days and of the table's own name, no table is named here. Applied last, once every time rule
has placed the row's times."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.base.batch import label_codes
from workbench.generate.base.names import normalise, singular_forms
from workbench.generate.rules import local_time
from workbench.generate.rules.base import Phase, RowRule, Rule, movable_time, row_rng
from workbench.generate.rules.span import pairs
from workbench.generate.rules.status import lifecycle
from workbench.generate.rules.times import as_us
from workbench.generate.vocab import outcomes

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

# a date's stem that says it is the day a row happens on, whatever the row is
DAY_STEMS = frozenset({"date", "day", "service", "work", "working", "shift", "business",
                       "operating", "operation", "trip", "event", "session", "run", "visit",
                       "duty", "activity", "round", "tour", "journey", "match", "game",
                       "class", "lesson", "performance", "show", "collection", "sailing",
                       "flight"})  # fmt: skip
# words of a date that is not the day the row happens (a deadline, an expiry, a record day)
NOT_DAY = frozenset({"due", "expiry", "expires", "expiration", "deadline", "until", "valid",
                     "from", "to", "birth", "created", "updated", "modified", "deleted",
                     "end", "start", "last", "next", "previous", "prev", "effective",
                     "review", "renewal", "payment", "paid", "invoice", "issue", "issued",
                     "posted", "booking", "booked", "order", "ordered"})  # fmt: skip
_TIMESTAMPS = ("timestamp", "timestamptz")
_AHEAD_DAYS = 21  # how far ahead a row still to come is dated


def _stem_words(name: str) -> list[str]:
    words = normalise(name).split("_")
    if len(words) > 1 and words[-1] in ("date", "day", "on"):
        words = words[:-1]
    return words


def _is_day(view: TableView, name: str) -> bool:
    """A date named as the day the row happens: `date`, `day`, a day word (`service_date`),
    or the table's own thing (`round_date` in collection_rounds)."""
    words = _stem_words(name)
    if set(words) & NOT_DAY:
        return False
    thing = singular_forms(normalise(view.table.name).split("_")[-1])
    return set(words) <= DAY_STEMS | thing or (len(words) == 1 and words[0] in thing)


def _span(view: TableView) -> tuple[str, str] | None:
    """The row's own start and end, both timestamps."""
    for start, end in pairs(view):
        if {view.specs[start].info.kind, view.specs[end].info.kind} <= set(_TIMESTAMPS):
            return start, end
    return None


def _not_begun(planned: Sequence[Rule], start: str, nullable: bool) -> tuple[str, list[str]]:
    """(the status column, its labels still ahead that the status gives no start)."""
    status = next((r for r in planned if r.kind == "status" and start in r.data["plan"]), None)
    if status is None or not nullable:
        return "", []
    how, at = status.data["plan"][start]
    labels: list[str] = status.data["labels"]
    if how != "reach":
        return "", []
    meanings = outcomes.lifecycle_meanings(labels) or {}
    reach = lifecycle(labels)
    ahead = [lb for lb in labels if meanings.get(lb) == "ahead" and reach[lb] < at]
    return (status.data["status"], ahead) if ahead else ("", [])


def row_day(view: TableView) -> str:
    """The row's own day: its one date named as a day beside its own start and end of
    timestamps, or ''. (The unique plan asks too: a key of a parent and the day, `UNIQUE
    (route_id, round_date)`, is then checked as a whole rather than numbering the days.)"""
    span = _span(view)
    if span is None:
        return ""
    days = [c for c, s in view.specs.items()
            if s.info.kind == "date" and c not in span and c not in view.fk_cols]  # fmt: skip
    named = [c for c in days if _is_day(view, c)]
    return named[0] if len(named) == 1 else ""  # one date named as a day, else none is said


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    span = _span(view)
    day = row_day(view)
    if span is None or not day or not movable_time(view, day):
        return []
    start, end = span
    status, ahead = _not_begun(planned, start, view.specs[start].nullable)
    data = {"start": start, "end": end, "status": status, "ahead": ahead,
            "place": local_time.place_of(view),
            "end_nullable": view.specs[end].nullable}  # fmt: skip
    detail = f"{day} is the local day of {start}"
    if ahead:
        detail += f"; {', '.join(ahead)} rows not begun yet, dated ahead"
    columns = [day, start, end, *([status] if status else [])]
    return [Rule("own_day", columns, detail, data)]


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    day_col = batch.get(rule.columns[0])
    start_col, end_col = batch.get(rule.data["start"]), batch.get(rule.data["end"])
    if day_col is None or start_col is None or end_col is None:
        return
    n = len(day_col.values)
    now = clock.run_now(view.config).astype("datetime64[us]")
    zones = local_time.zones_of(view, rule.data["place"], batch, n)
    ahead = np.zeros(n, bool)
    status = batch.get(rule.data["status"]) if rule.data["status"] else None
    if status is not None and rule.data["ahead"]:
        names, codes = label_codes(status)
        wanted = [i for i, name in enumerate(names) if name in rule.data["ahead"]]
        ahead = ~status.nulls & np.isin(codes, wanted)
        start_col.nulls[ahead] = True
        if rule.data["end_nullable"]:
            end_col.nulls[ahead] = True
    has = ~start_col.nulls
    start = np.where(has, as_us(start_col), now)
    local = start + local_time.offsets(zones, start).astype("timedelta64[us]")
    days = local.astype("datetime64[D]")
    today = (now + local_time.offsets(zones, np.full(n, now))).astype("datetime64[D]")
    later = row_rng(view, rule, idx).integers(0, _AHEAD_DAYS, n).astype("timedelta64[D]")
    days = np.where(ahead, today + later, days)
    rows = np.flatnonzero(has | ahead)
    day_col.values[rows] = days[rows].astype(day_col.values.dtype)
    day_col.nulls[rows] = False


RULE = RowRule(
    "own_day",
    "a row's own day is the local day of its start; a row still ahead has no start, its day ahead",
    _plan,
    _apply,
    phases={"own_day": Phase.FINAL},
    after=("as_happened", "held", "valid_owned", "by_clock", "daypart", "counter", "bill_due"),
)
