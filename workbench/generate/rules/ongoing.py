"""A business still trading trades up to now at every site: the sales, receipts, orders or
transactions of a shop, a marina, a branch run up to the run's clock, so each site's latest
one is days old, not years. A table of such trade (the last word of its name: `sales`,
`fuel_sale`, `receipts`, `orders`, `transactions`) whose rows happened at a time (kinds/
anchors.anchor_of, not a planned time, and no window of its own: an auction's sale is
held over days, no till's) under a required key to a place the business has
(kinds/meets.business_site: a shop, a depot; or a place it has that it opened on a date: a
marina's `opened_on`, not a merchant its cards pay) that has no end of its own (no
closing date, no window: a site still open): per site, the batch's latest rows (LATEST of
them) that lie more than RECENT_DAYS before the clock move to moments in the last
RECENT_DAYS, all the free times of each by one shift (its own order and durations hold); the
site's other rows keep their place in its history.

So does a log of what happens at such a site every day (EVENT_WORDS, the last word of its
name: `gate_events`, `door_log`, `badge_scans`), where the site has many of them
(DAILY rows a site or more, planned): a facility still open had its latest entries days
ago, not weeks; an occasional log (a site's inspections) is left alone.

Applied among the last time rules, before rules/within.py (which keeps a row inside the
windows of its other parents: a sale by an attendant who has left stays in their employment)
and rules/by_clock.py. Read from the names' words and the keys, no table named here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.base.names import normalise
from workbench.generate.kinds.anchors import anchor_of, ending_of
from workbench.generate.kinds.meets import business_place, business_site
from workbench.generate.kinds.windows import window_of
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.generate.rules.times import DAY_US, as_us, is_time, latest, store
from workbench.generate.vocab import lexicon

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import FKUnit, TableView

# the last word of a table of trade a site does every day
TRADE_WORDS = frozenset({"sale", "sales", "receipt", "receipts", "transaction", "transactions",
                         "txn", "txns", "order", "orders", "purchase", "purchases", "checkout",
                         "checkouts"})  # fmt: skip
# the last word of a log of things that happen at a site every day (entries at a gate, scans)
EVENT_WORDS = frozenset({"event", "events", "log", "logs", "scan", "scans", "tap", "taps"})
DAILY = 20.0  # the rows a site of an event log has on average: a log of every day's events
RECENT_DAYS = 7.0  # a site's latest trade lies at most this many days before now
LATEST = 2  # a site's latest rows of a batch moved there
OPENED = frozenset({"opened", "opening", "established", "founded", "commissioned"})


def _opened(view: TableView, parent: str) -> bool:
    """A place the business has that it opened (`opened_on`, `established`): a marina, not a
    merchant its cards pay (a place on the map too, but another business's)."""
    model = view.schema.tables.get(parent)
    if model is None or not business_place(view.schema, parent):
        return False
    return any(OPENED & set(normalise(c.name).split("_")) for c in model.columns)


def _site(view: TableView) -> FKUnit | None:
    """The required key to a site the business has that is still open (no end of its own)."""
    for unit in view.units:
        if unit.nullable or unit.mode != "normal" or unit.parent == view.tp.name:
            continue
        parent = view.schema.tables.get(unit.parent)
        if parent is None or len(unit.fk.columns) != 1:
            continue
        if not (business_site(view.schema, unit.parent) or _opened(view, unit.parent)):
            continue
        if ending_of(view.schema, parent, view.config) is not None:
            continue
        if window_of(view.schema, parent, view.config) is not None:
            continue
        return unit
    return None


def _busy(view: TableView, unit: FKUnit) -> bool:
    """Whether a site has DAILY rows of the table or more, by the plan."""
    site = view.plan.table(unit.parent)
    return site is not None and view.tp.rows >= DAILY * max(site.rows, 1)


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    words = normalise(view.table.name).split("_")
    last = words[-1]
    if last not in TRADE_WORDS and not (last in EVENT_WORDS and len(words) > 1):
        return []  # a bare `events` may be a venue's programme; `gate_events` is a log
    when = anchor_of(view.schema, view.table, view.config)
    if when is None or not free(view, when) or view.specs[when].kind != "timestamp":
        return []
    if lexicon.planned(when) or window_of(view.schema, view.table, view.config) is not None:
        return []  # a planned time, or a thing held over a window of its own (an auction)
    unit = _site(view)
    if unit is None or (last not in TRADE_WORDS and not _busy(view, unit)):
        return []
    moved = [c for c, s in view.specs.items() if is_time(s.kind) and free(view, c)
             and s.generator != "birth_date"]  # fmt: skip
    fk = unit.fk.columns[0]
    detail = f"each {unit.parent}'s latest {view.table.name} ({when}) within {RECENT_DAYS:g} days"
    return [Rule("ongoing", [when, *[c for c in moved if c != when]], detail, {"fk": fk})]


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    when = batch.get(rule.columns[0])
    rows, nulls = view.parent_rows(rule.data["fk"])
    if when is None or rows is None or not rows.size:
        return
    ok = np.flatnonzero(~nulls & ~when.nulls)
    if not ok.size:
        return
    now = latest(when, clock.run_now(view.config)).astype("datetime64[us]").astype(np.int64)
    at = as_us(when).astype(np.int64)
    order = ok[np.lexsort((ok, at[ok], rows[ok]))]
    parent = rows[order]
    at_end = np.r_[parent[1:] != parent[:-1], True]
    # each site's LATEST latest rows: where `within` takes one back into the window of another
    # parent (a sale by an attendant who has left), the other still runs up to now
    place = np.arange(order.size)
    group_end = np.minimum.accumulate(np.where(at_end, place, order.size)[::-1])[::-1]
    last = order[group_end - place < LATEST]
    back = (row_rng(view, rule, idx).random(at.size) * RECENT_DAYS * DAY_US).astype(np.int64)
    target = now - back - 60_000_000
    stale = last[at[last] < now - int(RECENT_DAYS * DAY_US)]
    if not stale.size:
        return
    shift = (target - at)[stale]
    for column in rule.columns:
        col = batch.get(column)
        if col is None:
            continue
        times = as_us(col).astype(np.int64)
        times[stale] += shift
        store(col, times.astype("datetime64[us]"), stale[~col.nulls[stale]])


RULE = RowRule(
    "ongoing",
    "a site still trading trades up to now: its latest sale is days old",
    _plan,
    _apply,
    phases={"ongoing": Phase.FINAL},
    after=("deadline",),  # the last of the time rules before `within`
    before=("within",),
)
