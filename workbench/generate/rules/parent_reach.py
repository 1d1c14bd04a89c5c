"""A child with a lifecycle of its own follows how far its parent got: a row whose status's
stage times are named after its parent's labels (a shipment's `shipped_at`/`delivered_at`
under an order that is shipped or delivered: rules/parent_stages.stages_of) is where its
parent's status says it is. Under a parent still waiting (draft, confirmed) or failed
(cancelled) the child has not begun (preparing); under a shipped one it is under way (in
transit), under a delivered one done (delivered): the child's furthest label, not a failure,
that its parent's stage reached (rules/status.lifecycle ranks both lifecycles). A child
that failed (lost, returned) would contradict a parent that got there (a delivered order
whose one shipment was lost): the parent's status says what became of its children.

The child's status rule then sets its stage times by its label; once every time rule has
placed them (FINAL), a stage time before the parent's start (the order placed) or past the
run's clock moves between the two, each stage after the one before. Read from the names and
labels, no table named here. A child whose only such time is named after the parent's
failure (`cancelled_at`) records no stage of the parent's and is left to its own status.
So is, by default, a child whose status ends the way its parent's does (a request's acts
both `completed`: rules/stage_child.own_ending): under a request still waiting or cancelled
its acts are planned, under a completed one completed (rules/happened.py gives every
completed one an act)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.base.batch import label_codes, typed_label
from workbench.generate.kinds.anchors import anchor_of
from workbench.generate.kinds.occurrence import lifecycle_status
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.generate.rules.parent_stages import stages_of
from workbench.generate.rules.recent import status_meanings
from workbench.generate.rules.stage_child import own_ending
from workbench.generate.rules.status import lifecycle
from workbench.generate.rules.times import as_us, is_time, latest, store
from workbench.generate.vocab import outcomes

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

_LIVE = ("ahead", "open", "steady", "done")


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    own = status_meanings(view)
    if own is None or not free(view, own[0]):
        return []
    status, meanings = own
    own_labels = list(meanings)
    for fk, p_status, p_labels, plan in stages_of(view.schema, view.table):
        times = [c for c in plan if c in view.specs and is_time(view.specs[c].kind)]
        # only a time named after a stage the parent reaches (shipped_at) says how far the
        # child got; one named after its failure alone (a booking's cancelled_at under a
        # sailing that may be cancelled) leaves the child's own outcomes to its status rules
        if not any(plan[c][0] == "reach" for c in times):
            continue
        if outcomes.lifecycle_meanings(p_labels) is None:
            continue
        parent = view.schema.tables.get(fk.ref_qualified)
        p_anchor = anchor_of(view.schema, parent, view.config) if parent is not None else None
        data = {"fk": fk.columns[0], "parent": fk.ref_qualified, "p_status": p_status,
                "p_labels": p_labels, "status": status, "labels": own_labels,
                "times": times, "p_anchor": p_anchor}  # fmt: skip
        follow = Rule("parent_reach", [status], f"{status} as far as {p_status} got", data)
        out = [follow]
        if p_anchor is not None and all(free(view, c) for c in times):
            detail = f"{', '.join(times)} between the parent's {p_anchor} and now"
            out.append(Rule("parent_reach_times", times, detail, data))
        return out
    return _own_ending(view, status, own_labels)


def _own_ending(view: TableView, status: str, own_labels: list[str]) -> list[Rule]:
    """A child whose status ends the way its parent's does (stage_child.own_ending) follows
    it too, through a required key not unique alone."""
    for unit, parent in view.many_to_one():
        fk = unit.fk
        found = lifecycle_status(view.schema, parent)
        if found is None:
            continue
        if not own_ending(view, found[1]):
            continue
        data = {"fk": fk.columns[0], "parent": unit.parent, "p_status": found[0],
                "p_labels": found[1], "status": status, "labels": own_labels, "times": [],
                "p_anchor": None}  # fmt: skip
        return [Rule("parent_reach", [status], f"{status} as far as {found[0]} got", data)]
    return []


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    if rule.kind == "parent_reach_times":
        _place(view, rule, batch, idx)
        return
    d = rule.data
    status = batch.get(d["status"])
    rows, nulls = view.parent_rows(d["fk"])
    held = view.keys.tables.get(d["parent"], {}).get(d["p_status"])
    if status is None or rows is None or held is None:
        return
    p_reach = lifecycle(d["p_labels"])
    p_meanings = outcomes.lifecycle_meanings(d["p_labels"]) or {}
    names, pos = label_codes(held)
    # a parent that failed got nowhere: its child has not begun
    got = np.array([p_reach.get(str(n), -1.0) if p_meanings.get(str(n)) in _LIVE else 0.0
                    for n in names], dtype=np.float64)  # fmt: skip
    known = ~nulls & ~held.nulls[rows]
    parent_got = np.where(known, got[pos][rows] if pos.size else 0.0, -1.0)
    reach = lifecycle(d["labels"])
    meanings = outcomes.lifecycle_meanings(d["labels"]) or {}
    live = [lb for lb in d["labels"] if meanings.get(lb) in _LIVE]
    for at in np.unique(parent_got[known]):
        fits = [lb for lb in live if reach[lb] <= at + 1e-9]
        if not fits:
            continue
        label = max(fits, key=lambda lb: reach[lb])
        change = known & (parent_got == at) & ~status.nulls
        status.values[change] = typed_label(status, label)


def _place(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    """Stage times before the parent's start or past the clock: between the two, in order."""
    d = rule.data
    rows, nulls = view.parent_rows(d["fk"])
    held = view.keys.tables.get(d["parent"], {}).get(d["p_anchor"])
    if rows is None or held is None:
        return
    nat = np.datetime64("NaT", "us")
    floor = np.asarray(held.values[rows]).astype("datetime64[us]")
    floor = np.where(nulls | held.nulls[rows], nat, floor)
    now = clock.run_now(view.config)
    rng = row_rng(view, rule, idx)
    for column in d["times"]:
        col = batch.get(column)
        if col is None:
            continue
        top = latest(col, now)
        at = as_us(col)
        known = ~col.nulls & ~np.isnat(floor)
        bad = known & ((at < floor) | (at > top))
        room = np.maximum((top - floor).astype(np.int64), 0)
        # the first stage soon after the floor, a later one up to halfway to now
        step = (rng.random(at.size) * 0.5 * room).astype(np.int64)
        store(col, floor + step.astype("timedelta64[us]"), np.flatnonzero(bad))
        at = as_us(col)
        floor = np.where(known, at, floor)


RULE = RowRule(
    "parent_reach",
    "a child's own status follows how far its parent's got, its stages after the parent's start",
    _plan,
    _apply,
    phases={"parent_reach": Phase.ROW, "parent_reach_times": Phase.FINAL},
    after=("lineage", "event_status"),  # beside the other rules that relabel from a parent
    before=("tree", "status", "recent"),  # its status stamped, its open rows made recent after
)
