"""A thing lent for a while (a library loan, a tool hire, a rental) is back, still out or late
as its due date and the run's clock say: a record with a time it went out and a nullable time
it came back (rules/lent.out_and_back: `checked_out_at`/`returned_at`, `on_hire_at`/
`off_hire_at`), a time it is due back (`due_at`, `due_date`: rules/bill.find_time) and a status
whose labels say it came back (`returned`), it is out (`active`, `on_loan`) and, where the
type has them, it is late (`overdue`: vocab/outcomes.bill_meaning past_due) or never came back
(`lost`, `not_returned`).

Each side was drawn on its own (the status by its labels' shares, the return by its stage), so
they disagree with the clock unless one follows the other. Here the dates decide, once every
rule that moves them has placed them (FINAL): a record not yet due is out, or came back early
(EARLY_BACK of them, between going out and now); one whose due time has passed came back,
mostly before it was due and some days late, by now; it is still out (late: the past-due label,
else the out one) on LATE_NOW of the rows due in the last days, fewer the longer ago it fell
due (a half-life of LATE_HALF_DAYS), and on NEVER_BACK of all: long past due (LOST_AFTER_DAYS)
those are lost where a label says so. A row with another label (cancelled, reserved) keeps it
and its times. Read from the shape: no table, column or label is named here."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.base.batch import label_codes, typed_label
from workbench.generate.base.names import normalise
from workbench.generate.rules.base import Phase, RowRule, Rule, free, labels_of, row_rng
from workbench.generate.rules.bill import DUE_WORDS, find_time
from workbench.generate.rules.lent import BACK_EVENTS, OUT, out_and_back
from workbench.generate.rules.times import DAY_US, as_us, store
from workbench.generate.vocab import outcomes

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

# a record's label once it came back, and while it is out with someone
BACK = BACK_EVENTS | {"completed", "complete", "closed", "ended", "finished", "done"}
OUT_NOW = frozenset(OUT) | outcomes.STEADY | {"open", "ongoing", "in_progress", "current"}
EARLY_BACK = 0.2  # of the records not yet due, those already back
LATE_NOW = 0.3  # of the records due in the last days, those still out
LATE_HALF_DAYS = 7.0  # the share still out halves with each of these days past due
NEVER_BACK = 0.008  # of all records past due, those that never came back
LOST_AFTER_DAYS = 60.0  # still out this long past due: lost, where a label says so
BACK_LATE = 0.15  # of the records back after their due time passed, those back late
LATE_DAYS = 4.0  # how late those came back, on average
_MINUTE = 60_000_000


def _first(labels: list[str], test: Callable[[str], bool]) -> str | None:
    return next((lb for lb in labels if test(normalise(lb))), None)


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    times = out_and_back(view.schema, view.table)
    if times is None or not all(free(view, c) for c in times):
        return []
    for name, spec in view.specs.items():
        if normalise(name).split("_")[-1] not in outcomes.STATUS_WORDS or not free(view, name):
            continue
        labels = labels_of(spec)
        back = _first(labels, lambda n: n in BACK)
        out = _first(labels, lambda n: n in OUT_NOW)
        late = _first(labels, lambda n: outcomes.bill_meaning(n) == "past_due")
        lost = _first(labels, lambda n: n in outcomes.LOST or outcomes.never_given_back(n))
        due = find_time(view, {name, *times}, DUE_WORDS)
        if back is None or out is None or due is None or view.specs[due].nullable:
            continue
        said = [f"{out} while {due} is to come", f"{back} once {times[1]} is set"]
        said += [f"{late} past {due}"] if late else []
        said += [f"{lost} long past it"] if lost else []
        data = {"start": times[0], "back": times[1], "due": due,
                "labels": {"back": back, "out": out, "late": late, "lost": lost}}  # fmt: skip
        detail = f"{name} by {due} and the run's clock: " + ", ".join(said)
        return [Rule("due_back", [name, times[1], due, times[0]], detail, data)]
    return []


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    d = rule.data
    status, start = batch.get(rule.columns[0]), batch.get(d["start"])
    back, due = batch.get(d["back"]), batch.get(d["due"])
    if status is None or start is None or back is None or due is None or not idx.size:
        return
    names, codes = label_codes(status)
    labels = np.asarray(names, dtype=object)[codes]
    wanted = {v for v in d["labels"].values() if v is not None}
    now = int(clock.run_now(view.config).astype(np.int64))
    s = as_us(start).astype(np.int64)
    e = as_us(due).astype(np.int64)
    if due.kind == "date":  # a date falls due at the end of its day
        e = e + DAY_US
    rows = np.flatnonzero(
        ~status.nulls & np.isin(labels, list(wanted)) & ~start.nulls & ~due.nulls & (s < now)
    )
    if not rows.size:
        return
    rng = row_rng(view, rule, idx)
    s, e = s[rows], e[rows]
    u, v, w = rng.random(rows.size), rng.random(rows.size), rng.random(rows.size)
    ahead = e >= now  # due this very minute: not late yet
    days_past = np.maximum(now - e, 0) / DAY_US
    still = np.where(ahead, u >= EARLY_BACK, u < LATE_NOW * 0.5 ** (days_past / LATE_HALF_DAYS))
    still |= ~ahead & (w < NEVER_BACK)
    # the time it came back: early ones between going out and now, the others by their due
    # time or some days late, never after now
    span = np.maximum(np.minimum(e, now) - s, _MINUTE)
    at = s + (0.1 + 0.9 * v) * span
    late = ~ahead & (w >= 1 - BACK_LATE)
    at = np.where(late, e + rng.exponential(LATE_DAYS * DAY_US, rows.size), at)
    at = np.clip(at.astype(np.int64), s + _MINUTE, now - _MINUTE)
    values = np.zeros(back.values.size, dtype="datetime64[us]")
    values[rows] = at.astype("datetime64[us]")
    came = rows[~still]
    store(back, values, came)
    back.nulls[came] = False
    back.nulls[rows[still]] = True
    lb = d["labels"]
    lost = still & ~ahead & (days_past > LOST_AFTER_DAYS) if lb["lost"] else np.zeros_like(still)
    for chosen, label in ((~still, lb["back"]), (still & ahead, lb["out"]),
                          (still & ~ahead & ~lost, lb["late"] or lb["out"]),
                          (lost, lb["lost"])):  # fmt: skip
        if label is not None and chosen.any():
            status.values[rows[chosen]] = typed_label(status, label)


RULE = RowRule(
    "due_back",
    "a thing lent is back, out or late as its due date and the run's clock say",
    _plan,
    _apply,
    phases={"due_back": Phase.FINAL},
    after=("bill_due",),  # once the rules that move times have placed them
    before=("own_day",),
)
