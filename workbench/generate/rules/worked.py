"""A piece of work's status follows the sessions it is worked in: a job, a project or a
treatment whose lifecycle has a label under way (in_progress, started: vocab/outcomes.UNDER_WAY)
and whose rows under it (its sittings, visits, shifts, proofs) have a lifecycle of their own,
some done (completed, attended) and some still waiting (booked, scheduled). Each side is drawn on
its own (the work's status by its labels' shares, the sessions by theirs), so they disagree
unless one follows the other: the work's status follows its sessions, the sessions being what
happened (as rules/lent.py has a thing's status follow its open records).

Read by meaning (vocab/outcomes.lifecycle_meanings), no label or table named here. The work's
labels: not begun (open or ahead, declared before the label under way: a consultation, a quote),
under way, done (its happy end: finished) and failed (an end before it: abandoned). What its
sessions allow:

- one still waiting and one done: under way;
- one waiting, none done: not begun or under way (else under way);
- one done, none waiting: under way, done or failed (not begun becomes done);
- none either way (none at all, or only called off): not begun or failed (under way becomes not
  begun, done becomes failed where the lifecycle has a failure, else not begun).

Every other label stays. A work whose own times are named after its labels (`completed_at`:
status.plan_stamps) is told by them, not by its sessions. The sessions are a table holding a
required single-column key to the work and a status (enum) whose lifecycle has a done label
and a waiting one; set in SQL once every table is loaded (load/worked_load.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from workbench.generate.base.names import normalise
from workbench.generate.kinds.anchors import takes_place
from workbench.generate.rules.base import Phase, RowRule, Rule, free, labels_of
from workbench.generate.rules.status import plan_stamps
from workbench.generate.rules.times import is_time, time_stem
from workbench.generate.vocab.outcomes import (
    STATUS_WORDS,
    UNDER_WAY,
    ended_undone,
    is_bill,
    lifecycle_meanings,
)
from workbench.schema.typeinfo import resolve_type

if TYPE_CHECKING:
    import numpy as np

    from workbench.config.file import Config
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView
    from workbench.schema.model import Schema, Table

_WAITING = ("open", "ahead")


def _is_status(name: str) -> bool:
    return normalise(name).split("_")[-1] in STATUS_WORDS


def work_labels(labels: list[str]) -> dict[str, Any] | None:
    """The work's labels by what its sessions allow: `begun` (not begun: open or ahead before
    the label under way), `under` (under way), `done` (the happy end), `failed` (an end before
    it, or None); None for a lifecycle without a label under way, one not begun and a done one."""
    meanings = lifecycle_meanings(labels)
    if meanings is None:
        return None
    under = next((lb for lb in labels if normalise(lb) in UNDER_WAY), None)
    if under is None:
        return None
    begun = [lb for lb in labels[: labels.index(under)] if meanings[lb] in _WAITING]
    done = [lb for lb in labels if meanings[lb] == "done"]
    failed = next((lb for lb in labels if meanings[lb] == "failed" and ended_undone(lb)), None)
    if not begun or not done:
        return None
    return {"begun": begun, "under": under, "done": done, "failed": failed}


def session_labels(
    schema: Schema, table: Table, config: Config
) -> tuple[str, list[str], list[str]] | None:
    """A session table's status column, its done labels and its waiting ones (open, ahead or
    under way), else None: a row that takes place at a time (kinds/anchors.takes_place: a
    sitting's start), not a bill of the work (issued, paid)."""
    if takes_place(schema, table, config) is None:
        return None
    for column in table.columns:
        if not _is_status(column.name):
            continue
        labels = list(resolve_type(schema, column.type).labels)
        meanings = lifecycle_meanings(labels) if labels else None
        if meanings is None or is_bill(labels):
            continue
        done = [lb for lb in labels if meanings[lb] in ("done", "steady")]
        waiting = [lb for lb in labels if meanings[lb] in _WAITING]
        if done and waiting:
            return column.name, done, waiting
    return None


def _stamped(view: TableView, labels: list[str]) -> bool:
    """Whether the work's own times are named after its labels (`completed_at`,
    status.plan_stamps): its status is told by its own stage times then, not by its sessions."""
    times = {c: time_stem(c) for c, s in view.specs.items() if is_time(s.kind)}
    # a time every row has (its creation: reach 0) tells no stage
    return any(how != "reach" or what > 0 for how, what in plan_stamps(labels, times).values())


def _plan(view: TableView, planned: Any) -> list[Rule]:
    pk = view.table.primary_key
    if pk is None or len(pk.columns) != 1:
        return []
    for name, spec in view.specs.items():
        if not _is_status(name) or not free(view, name):
            continue
        labels = labels_of(spec)
        work = work_labels(labels)
        if work is None or _stamped(view, labels):
            continue
        sessions = []
        for other in view.schema.tables.values():
            if other.qualified == view.table.qualified:
                continue
            found = session_labels(view.schema, other, view.config)
            if found is None:
                continue
            for fk in other.foreign_keys:
                column = other.column(fk.columns[0])
                if (
                    fk.ref_qualified != view.table.qualified
                    or len(fk.columns) != 1
                    or column is None
                    or column.nullable
                    or fk.ref_columns[0] != pk.columns[0]
                ):
                    continue
                sessions.append([other.qualified, fk.columns[0], fk.ref_columns[0], *found])
        if not sessions:
            continue
        what = ", ".join(f"{s[0]}.{s[3]}" for s in sessions)
        detail = f"{name} follows {what}: under way while one waits, done once done"
        return [Rule("worked", [name], detail, {"status": name, **work, "sessions": sessions})]
    return []


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    return  # load/worked_load.py, once every table is in


RULE = RowRule(
    "worked",
    "a piece of work's status follows its sessions: under way while one waits, done once done",
    _plan,
    _apply,
    phases={"worked": Phase.FINAL},
    after=("lent",),
    before=("after_parent",),
)
