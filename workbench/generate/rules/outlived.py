"""A thing held to opening hours that is still under way at the run's clock began in hours
and is still within its length; one its start lies further back than it lasts has ended.

When the clock reads a night or a weekend, nothing a business does in its hours is under way
unless it began before closing and lasts past now. The hours (rules/opening.py) move a start
that fell on a closed spell back to the last open slot before it (a collection round in
progress at Sunday 02:30 back to Friday); a row whose status still says under way then has
been going for days. It has ended: its status takes the lifecycle's done label (a completed
round), its end is its start plus a length drawn from its span (rules/span.py), and the
stamps the done label wants (rules/owner.status_owns) are set at that end, those it does not
want cleared. So the share of rows under way at such an hour is smaller, as it is.

A row is under way here where its status is a live, open or steady label (vocab/outcomes)
that wants the span's end NULL, its start is set and its end is NULL; it has outlived its
span where its start lies further back from the run's clock than the span's longest (spans
shorter than a day: a stay may well have begun last week). Planned only for a start the hours
hold (an `opening` rule's own start), a span's end that may be NULL and
a done label that wants that end set.

Likewise a row still to come (its status a live label waiting for its time, ranked before
under way: a booking confirmed; its window the table's own, kinds/windows.py) whose start the
hours moved, its end with it, back past the clock over a closed spell (booked for Monday
08:15-09:15, before Monday's opening, the clock at 09:30: its slot is Friday's) took place:
it takes the done label too, its stamps as that label wants.

Runs right after the hours, before the times read from the start and the end (an elapsed
length, a counter) and the status rules that read them. Read from the names, labels and
planned rules; no table named here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.base.batch import label_codes, typed_label
from workbench.generate.kinds.windows import window_of
from workbench.generate.rules import actual
from workbench.generate.rules.base import Phase, RowRule, Rule, row_rng
from workbench.generate.rules.owner import status_owns
from workbench.generate.rules.span import draw_minutes
from workbench.generate.rules.status import lifecycle
from workbench.generate.rules.times import as_us, store
from workbench.generate.vocab import outcomes

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

_DAY_MINUTES = 24 * 60
_MINUTE_US = 60_000_000
_UNDER_WAY = 2.0  # the lifecycle rank of a row in progress (rules/status.lifecycle)


def _held(planned: Sequence[Rule]) -> set[str]:
    """The starts the hours hold: each opening rule's own start (not the times that happened
    moving with a booked one: a visit under way past the hours keeps its actual start while
    its booking moves alone, rules/opening.py)."""
    return {rule.columns[0] for rule in planned if rule.kind in ("opening", "week_open")}


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    return _plan_outlived(view, planned) + _plan_passed(view, planned)


def _done(labels: list[str], meanings: dict[str, str], ends: dict[str, bool] | None) -> str | None:
    """The lifecycle's first done label (one that wants the end set, where it has a say)."""
    done = [
        lb for lb in labels if meanings.get(lb) == "done" and (ends is None or ends.get(lb, True))
    ]
    return done[0] if done else None


def _plan_passed(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    """A row still to come (waiting for its time) whose window the hours moved past the
    clock: done."""
    status = next((r for r in planned if r.kind == "status"), None)
    window = window_of(view.schema, view.table, view.config)
    if status is None or window is None or window.validity:
        return []
    start, end = window.start, window.end
    if start not in _held(planned) or view.specs[end].kind != "timestamp":
        return []
    labels: list[str] = list(status.data["labels"])
    meanings = outcomes.lifecycle_meanings(labels) or {}
    reach = lifecycle(labels)
    waiting = [
        lb
        for lb in labels
        if meanings.get(lb) in ("open", "ahead")
        and reach[lb] < _UNDER_WAY - 1e-9
        and not outcomes.called_off(lb)
    ]
    wants = status_owns(status).wants
    done = _done(labels, meanings, wants.get(end))
    if not waiting or done is None:
        return []
    detail = f"{status.data['status']} {done} where still {', '.join(waiting)} but {end} by now"
    # a time that happened of a booked one (rules/actual.py: `arrived_at` of the booked
    # start) is set at its booking, not all of them at the booked end
    booked = {a: p for p, a in actual.pairs(view) if p in (start, end)}
    data = {"status": status.data["status"], "waiting": waiting, "done": done, "end": end,
            "stamps": {c: w[done] for c, w in wants.items() if c != end and done in w},
            "booked": booked}  # fmt: skip
    return [Rule("passed", [status.data["status"], start, end], detail, data)]


def _plan_outlived(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    status = next((r for r in planned if r.kind == "status"), None)
    held = _held(planned)
    if status is None or not held:
        return []
    labels: list[str] = list(status.data["labels"])
    meanings = outcomes.lifecycle_meanings(labels) or {}
    wants = status_owns(status).wants
    for rule in planned:
        if rule.kind != "span" or rule.data.get("time_of_day") or rule.data.get("by_label"):
            continue
        end, start = rule.columns[:2]
        spec_end, spec_start = view.specs.get(end), view.specs.get(start)
        lo, hi, typical = (float(v) for v in rule.data["scale"])
        if spec_end is None or spec_start is None or hi >= _DAY_MINUTES or start not in held:
            continue
        if spec_start.kind != "timestamp" or spec_end.kind != "timestamp":
            continue
        if not spec_end.nullable or end not in wants:
            continue
        ends = wants[end]
        under = [
            lb
            for lb in labels
            if meanings.get(lb) in ("open", "steady")
            and not outcomes.called_off(lb)
            and ends.get(lb) is False
        ]
        done = [lb for lb in labels if meanings.get(lb) == "done" and ends.get(lb) is True]
        if not under or not done:
            continue
        detail = f"{status.data['status']} {done[0]} where still {', '.join(under)} but {start}"
        detail += f" more than {hi:g} minutes before now"
        data = {"status": status.data["status"], "under": under, "done": done[0],
                "start": start, "end": end, "scale": [lo, hi, typical],
                "stamps": {c: w[done[0]] for c, w in wants.items()
                           if c not in (end, start) and done[0] in w}}  # fmt: skip
        return [Rule("outlived", [status.data["status"], start, end], detail, data)]
    return []


def _stamps(rule: Rule, batch: Batch, rows: np.ndarray, at: np.ndarray) -> None:
    """The done label's stamps on `rows`: set at `at` (or at the booked time they happened
    of) where it wants them and they lack, NULL where it does not want them."""
    booked = rule.data.get("booked", {})
    for column, wanted in rule.data["stamps"].items():
        col = batch.get(column)
        if col is None:
            continue
        if not wanted and col.nullable:
            col.nulls[rows] = True
        elif wanted and col.kind == "timestamp":
            lacking = rows[col.nulls[rows]]
            plan = batch.get(booked.get(column, ""))
            store(col, at if plan is None else as_us(plan), lacking)
            col.nulls[lacking] = False


def _apply_passed(view: TableView, rule: Rule, batch: Batch) -> None:
    status, end = batch.get(rule.data["status"]), batch.get(rule.data["end"])
    if status is None or end is None:
        return
    names, pos = label_codes(status)
    waiting = np.array([lb in rule.data["waiting"] for lb in names], dtype=bool)[pos]
    now = clock.run_now(view.config).astype("datetime64[us]")
    at = as_us(end)
    rows = np.flatnonzero(waiting & ~status.nulls & ~end.nulls & (at <= now))
    if rows.size:
        status.values[rows] = typed_label(status, rule.data["done"])
        _stamps(rule, batch, rows, at)


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    if rule.kind == "passed":
        _apply_passed(view, rule, batch)
        return
    status, start, end = (batch.get(rule.data[k]) for k in ("status", "start", "end"))
    if status is None or start is None or end is None:
        return
    names, pos = label_codes(status)
    under = np.array([lb in rule.data["under"] for lb in names], dtype=bool)[pos]
    lo, hi, typical = rule.data["scale"]
    now = clock.run_now(view.config).astype("datetime64[us]")
    longest = np.timedelta64(int(hi * _MINUTE_US), "us")
    begin = as_us(start)
    stale = under & ~status.nulls & ~start.nulls & end.nulls & (begin < now - longest)
    rows = np.flatnonzero(stale)
    if not rows.size:
        return
    minutes = draw_minutes(row_rng(view, rule, idx), rows.size, lo, hi, typical)
    finish = begin[rows] + (minutes * _MINUTE_US).astype("timedelta64[us]")
    finish = np.minimum(finish, now)
    status.values[rows] = typed_label(status, rule.data["done"])
    status.nulls[rows] = False
    at = np.full(begin.size, np.datetime64("NaT", "us"))
    at[rows] = finish
    store(end, at, rows)
    end.nulls[rows] = False
    _stamps(rule, batch, rows, at)


RULE = RowRule(
    "outlived",
    "a thing held to opening hours still under way began within its length; one pulled back"
    " further has ended",
    _plan,
    _apply,
    phases={"outlived": Phase.FINAL, "passed": Phase.FINAL},
    after=("opening",),
    before=(
        "day_time",
        "counter",
        "elapsed",
        "by_clock",
        "as_happened",
        "standing",
        "own_day",
        "delivered",
    ),
)
