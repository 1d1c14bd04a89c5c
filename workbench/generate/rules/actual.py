"""What happened keeps close to what was planned: a row's actual time follows its planned one
(`scheduled_departure`/`actual_departure`, `planned_start`/`started_at`, `expected_delivery`/
`delivered_on`, `estimated_arrival`/`arrival_time`) by minutes, now and then hours late, a date
the same day or a few days after, instead of an unrelated moment of the history.

A pair is two time columns of one row whose names differ by a planning word (scheduled,
planned, expected, estimated, target, due, promised) on one side and, on the other, `actual`
or nothing, with the event word in any of its forms (start, starts, started). An actual end
whose start is also paired keeps the planned duration (within a few minutes) and ends after
its actual start. Nulls stay (a trip not yet started); a time the move would put after the
run's clock stops at it when the planned time lies before it. An actual start's own end (the
end its start/end pair closes: started_at … completed_at) moves with it, keeping its duration.
Applied with the final rules, after the durations and the dates in order."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.base.names import normalise
from workbench.generate.kinds.actual_pair import actual_window
from workbench.generate.kinds.events import ACTUAL, ENDS, event_of, spelled_out
from workbench.generate.kinds.windows import window_of
from workbench.generate.rules import span
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.generate.rules.times import DAY_US, as_us, is_time, latest, store

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

MINUTE_US = 60_000_000
BARE = "~"  # marks a plan with no event word of its own while pairs() reads the names
BOOKED = ("scheduled", "planned")  # the plan words that alone name when a row is to start


def pairs(view: TableView) -> list[tuple[str, str]]:
    """(planned, actual) time columns of one event, the actual free to move."""
    planned: dict[str, str] = {}
    actual: dict[str, list[str]] = {}
    for name, spec in view.specs.items():
        if not is_time(spec.kind) or spec.generator == "birth_date":
            continue
        found = event_of(name)
        if found is None:
            continue
        side, event = found
        if spelled_out(event) in BOOKED or (side == "planned" and event == "for"):
            # a bare plan (`scheduled_at`, `planned_for`): the time the row itself was
            # planned to start at, beside the start that happened (`started_at`)
            side, event = "planned", f"{BARE}{event}"
        if side == "planned":
            planned.setdefault(event, name)
        else:
            actual.setdefault(event, []).append(name)
    out = []
    bare = [p for e, p in planned.items() if e.startswith(BARE)]
    if bare and "start" not in planned:
        planned["start"] = bare[0]
    for event, plan in planned.items():
        mine = actual.get(event, [])
        # an explicit `actual_x` wins over a bare `x_at`
        mine.sort(key=lambda c: normalise(c).split("_")[0] not in ACTUAL)
        if mine and free(view, mine[0]) and view.specs[mine[0]].kind == view.specs[plan].kind:
            out.append((plan, mine[0]))
    out += _booked(view, out)
    # starts before ends: an end keeps the duration its start's pair sets
    out.sort(key=lambda p: event_of(p[0]) is not None and event_of(p[0])[1] in ENDS)  # type: ignore[index]
    return out


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    found = pairs(view)
    starts = {event_of(p)[1]: (p, a) for p, a in found}  # type: ignore[index]
    moved = {a for _, a in found}
    # the end a start's own pair closes (started_at … completed_at) and no plan places: it
    # moves with its start, keeping the duration the span rule gave
    ends = {a: b for a, b in span.pairs(view) if b not in moved and free(view, b)}
    out = []
    for plan, act in found:
        event = event_of(plan)[1]  # type: ignore[index]
        start = None
        if event in ENDS:
            opening = {"end": "start", "finish": "start", "arrival": "departure",
                       "completion": "start", "close": "open", "return": "pickup",
                       "landing": "takeoff", "check_out": "check_in",
                       "delivery": "dispatch"}.get(event)  # fmt: skip
            if opening in starts:
                start = list(starts[opening])
        detail = f"{act} close to {plan}" + (f", as long as {start[0]} to {plan}" if start else "")
        follows = ends.get(act) if start is None else None
        if follows is not None and view.specs[follows].kind == view.specs[act].kind:
            detail += f", {follows} as long after it as before"
        else:
            follows = None
        out.append(Rule("actual", [act, plan], detail, {"start": start, "follows": follows}))
    return out


def _booked(view: TableView, out: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The arrival and departure of a visit booked from a start to an end, named by other
    words than its booking (`arrived_at`/`departed_at` beside `scheduled_start`/`scheduled_
    end`: kinds/actual_pair.py), where no event word paired them: the arrival close to the
    booked start, the departure to the booked end."""
    plan = window_of(view.schema, view.table, view.config)
    act = actual_window(view.schema, view.table, view.config)
    taken = {c for pair in out for c in pair}
    if plan is None or act is None or {act.start, act.end} & (taken | {plan.start, plan.end}):
        return []
    pairs = [(plan.start, act.start), (plan.end, act.end)]
    if any(c not in view.specs or not free(view, c) for c in (act.start, act.end)):
        return []
    return pairs if all(view.specs[p].kind == view.specs[a].kind for p, a in pairs) else []


def _late(rng: np.random.Generator, n: int, date: bool) -> np.ndarray:
    """How far after its planned time a thing happens (microseconds): most within a quarter of
    an hour either way, a fifth up to two hours late, a few up to eight; dates: the same day,
    a tenth one to three days late."""
    if date:
        days = np.where(rng.random(n) < 0.1, rng.integers(1, 4, n), 0)
        return days.astype(np.int64) * DAY_US
    share = rng.random(n)
    minutes = np.where(
        share < 0.75,
        rng.integers(-10, 16, n),
        np.where(share < 0.96, rng.integers(15, 121, n), rng.integers(120, 481, n)),
    )
    return minutes.astype(np.int64) * MINUTE_US


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    act, plan = batch.get(rule.columns[0]), batch.get(rule.columns[1])
    if act is None or plan is None:
        return
    rng = row_rng(view, rule, idx)
    n = act.values.size
    planned = as_us(plan)
    moved = planned + _late(rng, n, act.kind == "date").astype("timedelta64[us]")
    start = rule.data.get("start")
    if start and start[0] in batch and start[1] in batch:
        # an end: its actual start plus the planned duration, give or take a few minutes
        plan_start, act_start = batch[start[0]], batch[start[1]]
        length = planned - as_us(plan_start)
        # a few minutes either way, a share of that for a thing of minutes (a short crossing)
        scale = np.clip(length.astype(np.int64) / (100 * MINUTE_US), 0.0, 1.0)
        jitter = (rng.integers(-5, 21, n) * MINUTE_US * scale).astype(np.int64)
        jitter = jitter.astype("timedelta64[us]")
        lasting = as_us(act_start) + np.maximum(length + jitter, np.timedelta64(MINUTE_US, "us"))
        known = ~act_start.nulls & ~plan_start.nulls & (length >= np.timedelta64(0, "us"))
        moved = np.where(known, lasting, moved)
    now = latest(act, clock.run_now(view.config))
    ahead = (moved > now) & (planned <= now)
    rows = np.flatnonzero(~act.nulls & ~plan.nulls)
    if start and view.specs[rule.columns[0]].nullable:
        # an end the clock has not reached yet: it has not ended
        gone = rows[ahead[rows]]
        rows = rows[~ahead[rows]]
        act.nulls[gone] = True
    moved = np.where(ahead, now, moved)
    follows = batch.get(rule.data["follows"]) if rule.data.get("follows") else None
    if follows is not None:  # its end moves with it: the thing lasts as long as before
        ended = rows[~follows.nulls[rows]]
        was = as_us(follows)
        length = was - as_us(act)
        # what ended by the clock, planned before it, still ends by it; one planned ahead
        # keeps its length too (rules/stage_clock.py moves the whole row back)
        by_now = (was <= now) & (planned <= now) & (length >= np.timedelta64(0, "us"))
        moved = np.where(by_now, np.minimum(moved, now - length), moved)
        store(follows, moved + length, ended)
    store(act, moved, rows)


RULE = RowRule(
    "actual",
    "an actual time close to its planned one (scheduled/actual, planned_start/started_at)",
    _plan,
    _apply,
    phases={"actual": Phase.FINAL},
    after=("span",),  # after the durations: an actual end keeps the planned one
    before=("tree_time",),
)
