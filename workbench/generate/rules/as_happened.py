"""A status says what happened, once every time rule has placed the times that record it: a
row with a lifecycle status (vocab/outcomes.py) and the times of its own occurrence as it
happened (kinds/recorded.py: `actual_start`/`actual_end`, `actual_departure`/`actual_arrival`)
whose status is not a failure (cancelled, rejected keep theirs) reads them at the run's clock.
A recorded time past the clock has not happened yet (NULL, where it may be, and the end with
its start); then a row that ended is done (completed), one that started and has not ended
under way (in progress, running), one that has not started waits (scheduled, not started).

The rules before this one may move or clear the times after the status rule set them (a
project's phases laid one after another over its plan: what would end past the clock was not
reached yet); the status follows them instead of disagreeing. Each role takes the first label
of the lifecycle that means it; a role without one leaves its rows alone. Applied last among
the time rules (FINAL). Read from the names and labels, no table named here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.base.batch import label_codes, typed_label
from workbench.generate.kinds.recorded import recorded_event
from workbench.generate.kinds.windows import window_of
from workbench.generate.rules.base import Phase, RowRule, Rule, free
from workbench.generate.rules.recent import status_meanings
from workbench.generate.rules.status import lifecycle
from workbench.generate.rules.times import as_us, is_time, latest
from workbench.generate.vocab import outcomes

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

_UNDER_WAY = 2.0  # the lifecycle rank of a row in progress (rules/status.lifecycle)
_LIVE = ("ahead", "open", "steady", "done")  # the meanings of a row that has not failed


def _live(label: str, meanings: dict[str, str]) -> bool:
    """Whether a row with `label` has not failed: a live meaning, and not a label that says
    the row never took place (`called_off`, read as open by its words: rules/rotation.py and
    the others before this one leave such rows out of a vehicle's run, so they stay out)."""
    return meanings.get(label) in _LIVE and not outcomes.called_off(label)


def _role_of(labels: list[str], meanings: dict[str, str]) -> dict[str, str]:
    """Each label's role by how far it got and what it means: waiting, going or done."""
    reach = lifecycle(labels)
    out: dict[str, str] = {}
    for label in labels:
        kind = meanings.get(label) if _live(label, meanings) else None
        if kind == "done":
            out[label] = "done"
        elif kind in ("ahead", "open") and reach[label] < _UNDER_WAY - 1e-9:
            out[label] = "waiting"
        elif kind in ("open", "steady") and reach[label] >= _UNDER_WAY - 1e-9:
            out[label] = "going"
    return out


def _roles(labels: list[str], meanings: dict[str, str]) -> dict[str, str]:
    """waiting, going and done: the first label of each role, by how far it got."""
    reach = lifecycle(labels)
    role_of = _role_of(labels, meanings)
    out: dict[str, str] = {}
    for label in sorted(labels, key=lambda lb: reach[lb]):
        if label in role_of:
            out.setdefault(role_of[label], label)
    return out


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    return _plan_not_yet(view, planned) + _plan_recorded(view)


def _plan_not_yet(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    """The status rule's stage times set once a row got that far (`paid_at` of a paid bill)
    that the time rules after it may have moved past the clock."""
    rule = next((r for r in planned if r.kind == "status"), None)
    if rule is None or not free(view, rule.data["status"]):
        return []
    # a bound of the row's window (a contract's end_date) is a date it is planned for, which
    # may lie ahead: not the record of a stage
    window = window_of(view.schema, view.table, view.config)
    bounds = {window.start, window.end} if window is not None else set()
    plan = {c: float(at) for c, (how, at) in rule.data["plan"].items()
            if how == "reach" and view.specs[c].nullable and free(view, c)
            and c not in bounds}  # fmt: skip
    labels = rule.data["labels"]
    if not plan or outcomes.lifecycle_meanings(labels) is None:
        return []
    status = rule.data["status"]
    detail = f"{status} short of {', '.join(sorted(plan))} where it lies past the run's clock"
    data = {"status": status, "labels": labels, "plan": plan,
            "issued": rule.data.get("issued", False)}  # fmt: skip
    return [Rule("not_yet", [status, *sorted(plan)], detail, data)]


def _apply_not_yet(view: TableView, rule: Rule, batch: Batch) -> None:
    """A stage time past the clock was not reached yet: the row takes the furthest label
    short of it (not a failure) and loses the stage times past that label's reach."""
    d = rule.data
    status = batch.get(d["status"])
    if status is None or any(c not in batch for c in d["plan"]):
        return
    now = clock.run_now(view.config)
    reach = lifecycle(d["labels"], d["issued"])
    meanings = outcomes.lifecycle_meanings(d["labels"]) or {}
    names, pos = label_codes(status)
    got = np.array([reach.get(str(n), -1.0) if _live(str(n), meanings) else -1.0
                    for n in names], dtype=np.float64)[pos]  # fmt: skip
    got = np.where(status.nulls, -1.0, got)
    short = np.full(got.size, np.inf)
    for column, at in d["plan"].items():
        col = batch[column]
        late = ~col.nulls & (as_us(col) > latest(col, now))
        short = np.where(late & (at < short), at, short)
    over = (got >= 0) & (got >= short - 1e-9)
    for limit in np.unique(short[over]):
        fits = [lb for lb in d["labels"]
                if _live(lb, meanings) and reach[lb] < limit - 1e-9]  # fmt: skip
        if not fits:
            continue
        label = max(fits, key=lambda lb: reach[lb])
        rows = over & (short == limit)
        status.values[rows] = typed_label(status, label)
        for column, at in d["plan"].items():
            if at > reach[label] + 1e-9:
                batch[column].nulls |= rows


def _plan_recorded(view: TableView) -> list[Rule]:
    own = status_meanings(view)
    if own is None or not free(view, own[0]):
        return []
    status, meanings = own
    times = [c for c, s in view.specs.items() if is_time(s.kind) and s.nullable]
    sides = {c: recorded_event(c, view.specs) for c in times if free(view, c)}
    start = next((c for c, side in sides.items() if side == "start"), None)
    end = next((c for c, side in sides.items() if side == "end"), None)
    if start is None and end is None:
        return []
    labels = [lb for lb in meanings]
    roles = _roles(labels, meanings)
    if "done" not in roles or len(roles) < 2:
        return []
    recorded = [c for c in (start, end) if c is not None]
    detail = f"{status} as {', '.join(recorded)} say at the run's clock"
    data = {"status": status, "start": start, "end": end, "roles": roles}
    return [Rule("as_happened", [status, *recorded], detail, data)]


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    if rule.kind == "not_yet":
        _apply_not_yet(view, rule, batch)
        return
    d = rule.data
    status = batch.get(d["status"])
    if status is None:
        return
    now = clock.run_now(view.config)
    meanings = status_meanings(view)
    kinds = meanings[1] if meanings is not None else {}
    names, pos = label_codes(status)
    live = np.array([_live(str(n), kinds) for n in names], bool)[pos] & ~status.nulls
    start, end = batch.get(d["start"] or ""), batch.get(d["end"] or "")
    n = status.values.size
    began = np.ones(n, dtype=bool) if start is None else ~start.nulls
    ended = np.zeros(n, dtype=bool) if end is None else ~end.nulls
    if start is not None:
        late = live & began & (as_us(start) > now)
        start.nulls |= late
        began &= ~late
        if end is not None:
            end.nulls |= late
            ended &= ~late
    if end is not None:
        late = live & ended & (as_us(end) > now)
        end.nulls |= late
        ended &= ~late
        if start is not None:  # an end without its start: it has not ended
            end.nulls |= live & ended & ~began
            ended &= began
    roles = d["roles"]
    # a label that already has its role stays (a surgery being prepared is waiting as much
    # as a queued one: it is not relabelled queued)
    role_of = _role_of(list(kinds), kinds)
    has = np.array([role_of.get(str(nm), "") for nm in names], dtype=object)[pos]
    role = np.where(ended, "done", np.where(began, "going", "waiting"))
    if end is None:  # no end recorded: a started row keeps its going or done label
        role = np.where(began, "", "waiting")
    elif start is None:  # no start recorded: a row not ended keeps its label unless done
        done = np.array([kinds.get(str(nm)) == "done" for nm in names], dtype=bool)[pos]
        going = "going" if "going" in roles else "waiting"
        role = np.where(ended, "done", np.where(done, going, ""))
    for name in ("done", "going", "waiting"):
        label = roles.get(name)
        rows = live & (role == name) & (has != name)
        if label is None or not rows.any():
            continue
        status.values[rows] = typed_label(status, label)


RULE = RowRule(
    "as_happened",
    "a status says what the times that record the row's occurrence say at the run's clock",
    _plan,
    _apply,
    phases={"not_yet": Phase.FINAL, "as_happened": Phase.FINAL},
    after=(
        "link_times",
        "by_clock",
        "stage_clock",
        "within",
        "sequence",
        "actual",
        "in_force",
        "valid_last",
        "valid_owned",  # the status reads the times as the parents' picks leave them
        "held",
    ),
    before=("bill_due",),  # a bill no longer paid is then overdue or waiting by its due date
)
