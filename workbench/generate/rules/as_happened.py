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
from workbench.generate.rules.base import Phase, RowRule, Rule, free
from workbench.generate.rules.recent import status_meanings
from workbench.generate.rules.status import lifecycle
from workbench.generate.rules.times import as_us, is_time

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

_UNDER_WAY = 2.0  # the lifecycle rank of a row in progress (rules/status.lifecycle)


def _roles(labels: list[str], meanings: dict[str, str]) -> dict[str, str]:
    """waiting, going and done: the first label of each role, by how far it got."""
    reach = lifecycle(labels)
    ranked = sorted(labels, key=lambda lb: reach[lb])
    out: dict[str, str] = {}
    for label in ranked:
        kind = meanings.get(label)
        if kind == "done":
            out.setdefault("done", label)
        elif kind in ("ahead", "open") and reach[label] < _UNDER_WAY - 1e-9:
            out.setdefault("waiting", label)
        elif kind in ("open", "steady") and reach[label] >= _UNDER_WAY - 1e-9:
            out.setdefault("going", label)
    return out


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
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
    d = rule.data
    status = batch.get(d["status"])
    if status is None:
        return
    now = clock.run_now(view.config)
    meanings = status_meanings(view)
    kinds = meanings[1] if meanings is not None else {}
    names, pos = label_codes(status)
    live = np.array([kinds.get(str(n)) in ("ahead", "open", "steady", "done") for n in names],
                    dtype=bool)[pos] & ~status.nulls  # fmt: skip
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
    role = np.where(ended, "done", np.where(began, "going", "waiting"))
    if end is None:  # no end recorded: a started row keeps its going or done label
        role = np.where(began, "", "waiting")
    elif start is None:  # no start recorded: a row not ended keeps its label unless done
        done = np.array([kinds.get(str(nm)) == "done" for nm in names], dtype=bool)[pos]
        going = "going" if "going" in roles else "waiting"
        role = np.where(ended, "done", np.where(done, going, ""))
    for name in ("done", "going", "waiting"):
        label = roles.get(name)
        rows = live & (role == name)
        if label is None or not rows.any():
            continue
        status.values[rows] = typed_label(status, label)


RULE = RowRule(
    "as_happened",
    "a status says what the times that record the row's occurrence say at the run's clock",
    _plan,
    _apply,
    phases={"as_happened": Phase.FINAL},
    after=("link_times", "by_clock", "stage_clock", "within", "sequence", "actual", "in_force"),
)
