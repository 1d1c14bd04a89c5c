"""Open rows are recent: a row whose status is still on its way (booked, in transit,
authorised, scheduled: vocab/outcomes.py) came to be in the last days before the run's clock,
not years ago (an attempt a machine settles in seconds, a payment pending: in the last
hours). Its creation time (the table's anchor) is moved into the RECENT days before now (a thing
that lasts minutes to hours, vocab/durations.SCALES: a trip, a call, into its longest);
the stage timestamps the status rule sets after it follow. Rows that are done or failed
keep their place in the history. A row under way whose sessions another table numbers one
after another, days to weeks apart (a course in progress and its lessons: rules/chained.py),
began weeks ago instead: what is recent about it is its last session, not its start. So did
a row still at one of its stages whose steps another table numbers, each lasting to an end it
may not have reached yet (a lot fermenting or ageing and its cellar steps: chained.steps_last):
laid in its last days, its steps were squeezed into them, a fermentation of hours.

A table without a lifecycle status tells a row still open by its time of being done left NULL
(`open_end`: a callout's `resolved_at`, a job's `completed_at`, an order's `delivered_at`): such
a row came to be in the RECENT days too; rules/within.py keeps it there, and rules/by_clock.py
gives one the later rules moved back its end after all."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.base.batch import label_codes
from workbench.generate.base.names import normalise
from workbench.generate.kinds.anchors import anchor_of, takes_place
from workbench.generate.kinds.events import event_of
from workbench.generate.kinds.history import is_history_label
from workbench.generate.kinds.windows import events_window, window_of, windows_of
from workbench.generate.plan.stats_specs import SHAPE_PARAM
from workbench.generate.rules import process
from workbench.generate.rules.base import RowRule, Rule, free, labels_of, movable_time, row_rng
from workbench.generate.rules.born import hired
from workbench.generate.rules.chained import began, sessions_chained, steps_last, under_way
from workbench.generate.rules.lent import lent_thing
from workbench.generate.rules.span import scale_of
from workbench.generate.rules.status import lifecycle, plan_stamps
from workbench.generate.rules.times import (
    DAY_US,
    STAGES,
    as_us,
    is_time,
    latest,
    stage_of_word,
    store,
    time_stem,
)
from workbench.generate.vocab import lexicon, life_end, outcomes

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

RECENT_DAYS = 4.0  # an open row came to be at most this many days before now
DAY_MINUTES = 24 * 60
# one under way right now (in progress, checked in) started within the last hours
ACTIVE_DAYS = 0.5
AHEAD_DAYS = 14.0  # a planned thing takes place within this many days after now
IMMINENT_US = 2_700_000_000  # about to begin: its planned start within 45 minutes of now
ACTIVE = frozenset({"in_progress", "checked_in", "started", "running", "processing"})
STATUS_WORDS = outcomes.STATUS_WORDS
# words of a label naming a state before the thing takes place: its sale, its announcement, a
# delay (not `open_for_bids`, `charging`: the thing itself under way)
BEFORE_WORDS = frozenset({"sale", "onsale", "presale", "sold", "postponed", "rescheduled",
                          "announced", "listed", "published", "bookable", "booking"})  # fmt: skip
MOSTLY_NULL = 0.5  # a time NULL on more rows than this says the row lives on, not still open


def status_meanings(view: TableView) -> tuple[str, dict[str, str]] | None:
    """The table's lifecycle status column and what each of its labels means. A row that
    takes place over a window of its own (a contract's start_date/end_date, not a validity)
    and lives in a steady state while it runs (active) waits for that window while it is on
    its way before it (a pending contract, a membership not yet begun): the open labels
    declared before the first steady one mean ahead, their window still to begin."""
    for name, spec in view.specs.items():
        if normalise(name).split("_")[-1] not in STATUS_WORDS:
            continue
        if is_history_label(view.schema, view.table, name):
            continue  # a step of its parent's way, not the row's own state (kinds/history.py)
        labels = labels_of(spec)
        meanings = outcomes.lifecycle_meanings(labels)
        if meanings is not None:
            return name, _awaiting_time(view, _awaiting_window(view, labels, meanings))
    return None


def _awaiting_time(view: TableView, meanings: dict[str, str]) -> dict[str, str]:
    """`meanings` with a happy stage before the done end (a booking `confirmed` before it is
    `completed`, an appointment `accepted`) read as ahead where the row takes place at a time
    of its own (kinds/anchors.takes_place) and no label says it is under way: the row is
    settled and waits for its time, not on its way now (an order confirmed is being packed);
    so does a row at an open label declared before the done end (a concert on sale).
    Not a bill's stages (an invoice issued for a period is unpaid, not waiting)."""
    if any(normalise(lb) in outcomes.UNDER_WAY for lb in meanings):
        return meanings
    if outcomes.is_bill(list(meanings)):
        return meanings
    if takes_place(view.schema, view.table, view.config) is None:
        return meanings
    staged = [lb for lb, m in meanings.items() if m == "open" and outcomes.meaning(lb) == "done"]
    # and the open labels declared before its done end that name a state before the thing
    # (an event `on_sale`, `sold_out`, `postponed` before `completed`): it has not begun
    labels = list(meanings)
    done = next((at for at, lb in enumerate(labels) if meanings[lb] == "done"), None)
    staged += [lb for lb in labels[:done] if meanings[lb] == "open"
               and BEFORE_WORDS & set(normalise(lb).split("_"))] if done else []  # fmt: skip
    return {lb: "ahead" if lb in staged else m for lb, m in meanings.items()}


def _awaiting_window(
    view: TableView, labels: list[str], meanings: dict[str, str]
) -> dict[str, str]:
    """`meanings` with the open labels declared before the first steady one read as ahead,
    where the row has a window of its own it lives through (status_meanings)."""
    steady = next((at for at, lb in enumerate(labels) if meanings.get(lb) == "steady"), None)
    if not steady:
        return meanings
    window = window_of(view.schema, view.table, view.config)
    if window is None or window.validity:
        return meanings
    out = dict(meanings)
    for label in labels[:steady]:
        if out.get(label) == "open":
            out[label] = "ahead"
    return out


def open_end(view: TableView) -> str | None:
    """The time a row of a table without a status is done at, NULL while the row is still
    open: a nullable time that happened named by the last stage of timeline.STAGES
    (`resolved_at`, `completed_at`, `delivered_at`); not the end of the row's own window (a
    trip's `ended_at`, a subscription's `ended_on`: rules/span.py places a row under way, and
    an account's `closed_on` may stay NULL for years), nor one most rows never get (its share
    of NULLs over a half, kinds/recognise.end_null_share: a NULL says the row lives on)."""
    told = any(spec.generator == "status" for spec in view.specs.values())
    if told or status_meanings(view) is not None:
        return None  # a status (a free-text one too) says whether the row is done
    schema, table, config = view.schema, view.table, view.config
    windows = [*windows_of(schema, table, config), window_of(schema, table, config),
               events_window(schema, table, config)]  # fmt: skip
    lasting = {c for w in windows if w is not None for c in (w.start, w.end)}
    done = len(STAGES) - 1
    for name, spec in view.specs.items():
        if not spec.nullable or not is_time(spec.kind) or name in lasting or not free(view, name):
            continue
        if spec.null_fraction > MOSTLY_NULL:
            continue
        if not lexicon.happened(name):
            continue
        if any(stage_of_word(word) == done for word in time_stem(name).split("_")):
            return name
    return None


def _lives(labels: list[str], meanings: dict[str, str]) -> bool:
    """Whether the labels are the states a thing lives in (a steady one, `active`) and ends
    its life in, a turn no failure (`dead`, `sold`, `closed`: vocab/life_end.few_end): a row
    in none of them waits for a time, and none was placed lately for it."""
    steady = any(m == "steady" for m in meanings.values())
    return steady and any(life_end.few_end(lb) and meanings[lb] != "failed" for lb in labels)


def _stages_to_steady(meanings: dict[str, str]) -> dict[str, str]:
    """A thing's labels less its endings and the states of no known meaning it lives in once
    steady (declared after it: a hive `queenless`); the stages to it stay (a policy `quoted`,
    `bound` before `active`)."""
    labels = list(meanings)
    steady = next(at for at, lb in enumerate(labels) if meanings[lb] == "steady")
    return {lb: m for at, (lb, m) in enumerate(meanings.items()) if not life_end.ends_life(lb)
            and (at < steady or outcomes.meaning(lb) is not None)}  # fmt: skip


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    anchor = anchor_of(view.schema, view.table, view.config)
    found = status_meanings(view)
    # a time unique with its parents' keys (a screen's showtimes: the key is checked whole
    # once the times are placed) is moved too, only for the rows waiting ahead for it
    if anchor is None or found is None or not movable_time(view, anchor):
        return []
    if not is_time(view.specs[anchor].kind):
        return []
    if SHAPE_PARAM in view.specs[anchor].params:
        return []  # production's statistics say where the times are: they win over inference
    status, meanings = found
    if lent_thing(view) is not None:
        return []  # a thing that goes out and comes back lives in its states (rules/lent.py)
    if hired(anchor, view.specs):  # a person's state in a job (on_leave), not a step to it
        meanings = {lb: m for lb, m in meanings.items() if outcomes.meaning(lb) is not None}
    if _lives(list(meanings), meanings):  # a thing's states (a hive queenless, dead)
        meanings = _stages_to_steady(meanings)
    waiting = sorted(label for label, m in meanings.items() if m in ("open", "ahead"))
    if not waiting:
        return []
    # under way with sessions one after another (a course's lessons): begun weeks ago
    lasting = under_way(waiting) if sessions_chained(view.schema, view.table, view.config) else []
    if steps_last(view.schema, view.table, view.config):  # a lot still at its cellar steps
        lasting = waiting
    waiting = [lb for lb in waiting if lb not in lasting]
    detail = f"{anchor} of rows still {', '.join(waiting)} within {RECENT_DAYS} days of now"
    if lasting:
        weeks = f"{', '.join(lasting)} weeks back, for sessions days to weeks apart"
        detail = f"{detail}; {weeks}" if waiting else f"{anchor} of rows still {weeks}"
    ahead: list[str] = []
    occurs = takes_place(view.schema, view.table, view.config)
    window = window_of(view.schema, view.table, view.config)
    if occurs is None and window is not None and window.validity and window.start == anchor:
        occurs = anchor  # the row is in force from its anchor on (hired): ahead while to come
    placed = occurs is not None and movable_time(view, occurs) and is_time(view.specs[occurs].kind)
    if placed:
        # the time the row takes place at (a planned start): what is still planned lies ahead
        ahead = sorted(label for label, m in meanings.items() if m == "ahead")
        detail += f"; {occurs} of rows {', '.join(ahead)} in the {AHEAD_DAYS:g} days after now"
    under, imminent = _on_the_day(view, meanings)
    imminent = imminent if placed else []
    if not free(view, anchor):  # a keyed time: a slot open or booked stays where it is
        waiting, lasting, under, imminent = [lb for lb in waiting if lb in ahead], [], [], []
        if not waiting or occurs != anchor:
            return []
        detail = f"{occurs} of rows {', '.join(ahead)} in the {AHEAD_DAYS:g} days after now"
    if under or imminent:
        detail += f"; {', '.join(under + imminent)} rows about now"
    quick = process.open_minutes(view)  # a process of minutes (a ride): of the last hours
    if quick is not None:
        detail += f" ({quick:g} minutes for a process of minutes)"
    # a thing of minutes to hours (a trip, a call) begun when it came to be, at no time of its
    # own planned ahead, is open for as long as it lasts at most (its waiting ones: ahead)
    scale = scale_of(view.table.name) if occurs is None else None
    longest = None
    if scale is not None and scale[1] < 24 * 60:
        longest = scale[1] / (24 * 60)
        detail += f"; within {scale[1]:g} minutes, as long as one lasts"
    data = {"waiting": waiting, "ahead": ahead, "occurs": occurs, "under": under,
            "imminent": imminent, "lasting": lasting, "longest": longest,
            "brief": _brief(meanings) if longest else [],
            "quick": outcomes.attempt(list(meanings)), "minutes": quick}  # fmt: skip
    return [Rule("recent", [anchor, status], detail, data)]


def _brief(meanings: dict[str, str]) -> list[str]:
    """The labels of a row on its way, at no time of its own to wait for (a trip accepted is
    ahead of its pick-up only by its place): all that wait, but those whose word says a time
    is to come (scheduled, planned: vocab/outcomes.AHEAD)."""
    waiting = [lb for lb, m in meanings.items() if m in ("open", "ahead")]
    return sorted(lb for lb in waiting if outcomes.meaning(lb) != "ahead")


def _on_the_day(view: TableView, meanings: dict[str, str]) -> tuple[list[str], list[str]]:
    """Labels of a row whose actual times tell how far it got (`actual_departure` set from
    'departed' on, `actual_arrival` from 'arrived'): under way (past the first such time, short
    of the last: 'departed', 'started') — it began within the last hours; about to begin (an
    open label declared before the first, not a planned one: 'boarding', 'ready') — its planned
    start is within the hour around now."""
    sides: dict[str, dict[str, str]] = {}
    for column, spec in view.specs.items():
        if is_time(spec.kind) and (found := event_of(column)) is not None:
            sides.setdefault(found[1], {})[found[0]] = column
    # the times of events the row also has a plan for (`actual_departure` beside `scheduled_
    # departure`, `started_at` beside `planned_start`)
    times = [both["actual"] for both in sides.values() if len(both) == 2]
    labels = list(meanings)
    plan = plan_stamps(labels, {c: time_stem(c) for c in times})
    reach = sorted({at for how, at in plan.values() if how == "reach"})
    if len(reach) < 2:
        return [], []
    place = lifecycle(labels)
    first, last = reach[0], reach[-1]
    under = [lb for lb in labels if meanings[lb] == "open" and first - 1e-9 <= place[lb] < last]
    imminent = [lb for lb in labels if meanings[lb] == "open" and place[lb] < first - 1e-9]
    return under, imminent


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    anchor, status = batch.get(rule.columns[0]), batch.get(rule.columns[1])
    if anchor is None or status is None:
        return
    labels, pos = label_codes(status)
    waiting = set(rule.data["waiting"]) | set(rule.data.get("lasting", ()))
    rows = np.flatnonzero(np.array([lb in waiting for lb in labels], bool)[pos] & ~status.nulls)
    if not rows.size:
        return
    rng = row_rng(view, rule, idx)
    lasting = np.array([lb in rule.data.get("lasting", ()) for lb in labels], bool)[pos]
    under = set(rule.data.get("under", ()))
    active = np.array([normalise(lb) in ACTIVE or lb in under for lb in labels], bool)[pos]
    active |= bool(rule.data.get("quick"))  # an attempt settled in seconds: of the last hours
    days = np.where(active, ACTIVE_DAYS, RECENT_DAYS)
    if rule.data.get("minutes") is not None:  # an open process of minutes began hours ago
        days = np.minimum(days, rule.data["minutes"] / DAY_MINUTES)
    if (longest := rule.data.get("longest")) is not None:  # not one waiting for its time
        on_way = np.array([lb in rule.data.get("brief", ()) for lb in labels], bool)[pos]
        days = np.where(on_way, np.minimum(days, longest), days)  # no longer than a trip lasts
    back = (rng.random(anchor.values.size) * days * DAY_US).astype(np.int64)
    imminent = np.array([lb in rule.data.get("imminent", ()) for lb in labels], bool)[pos]
    # about to begin: came to be within the last hour (its planned start: around now, below)
    back = np.where(imminent, (rng.random(back.size) * IMMINENT_US).astype(np.int64), back)
    back = np.where(lasting, began(rng, back.size), back)
    now = latest(anchor, clock.run_now(view.config))
    store(anchor, now - back.astype("timedelta64[us]"), rows)
    anchor.nulls[rows] = False
    ahead = set(rule.data.get("ahead", ()))
    occurs = batch.get(rule.data.get("occurs") or "")
    if (ahead or imminent.any()) and occurs is not None:
        # the time it takes place: ahead of the clock while planned, else with the anchor
        later = np.array([lb in ahead for lb in labels], bool)[pos]
        forward = 3_600_000_000 + rng.random(anchor.values.size) * AHEAD_DAYS * DAY_US
        at = now.astype("datetime64[us]").astype(np.int64)
        when = np.where(later, at + forward.astype(np.int64), at - back)
        if occurs is not anchor:  # under way: between its (recent) anchor and now
            since = as_us(anchor).astype(np.int64)
            between = since + 60_000_000 + rng.random(since.size) * np.maximum(at - since, 0)
            when = np.where(later | anchor.nulls, when, between.astype(np.int64))
        around = at + ((rng.random(when.size) * 2 - 1) * IMMINENT_US).astype(np.int64)
        when = np.where(imminent, around, when)
        store(occurs, when.astype("datetime64[us]"), rows)
        occurs.nulls[rows] = False


def _plan_open(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    anchor = anchor_of(view.schema, view.table, view.config)
    if anchor is None or not free(view, anchor) or not is_time(view.specs[anchor].kind):
        return []
    if SHAPE_PARAM in view.specs[anchor].params:
        return []  # production's statistics say where the times are
    end = open_end(view)
    if end is None or end == anchor:
        return []
    detail = f"{anchor} of rows without {end} (still open) within {RECENT_DAYS:g} days of now"
    quick = process.open_minutes(view)  # a process of minutes (a weighing): of the last hours
    if quick is not None:
        detail = f"{anchor} of rows without {end} (still open) within {quick:g} minutes of now"
    return [Rule("still_open", [anchor, end], detail, {"minutes": quick})]


def _apply_open(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    anchor, end = batch.get(rule.columns[0]), batch.get(rule.columns[1])
    if anchor is None or end is None:
        return
    rows = np.flatnonzero(end.nulls)
    days = RECENT_DAYS if rule.data.get("minutes") is None else rule.data["minutes"] / DAY_MINUTES
    back = row_rng(view, rule, idx).random(anchor.values.size) * days * DAY_US
    now = latest(anchor, clock.run_now(view.config)).astype("datetime64[us]")
    store(anchor, now - back.astype(np.int64).astype("timedelta64[us]"), rows)
    anchor.nulls[rows] = False


RULE = RowRule(
    "recent",
    "rows still on their way came to be shortly before now",
    _plan,
    _apply,
    after=("arithmetic",),  # before the times that follow the anchor: open rows came to be lately
)
STILL_OPEN = RowRule(
    "still_open",
    "rows not done yet (their time of being done NULL) came to be shortly before now",
    _plan_open,
    _apply_open,
    after=("recent",),  # the same place: before the times that follow the anchor
    before=("running_balance",),
)
