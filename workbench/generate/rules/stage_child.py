"""Which of its parent's labels a child row may hang under, by default, where nothing more
particular says (rules/happened.py reads this after the records it knows by name):

1. a child named like a stage of its parent's lifecycle (invoices under an order `invoiced`,
   shipments under `shipped`, results under `resulted`, deliveries under `delivered`) exists
   exactly from that stage on: under a parent whose status reached it, not failed;
2. a child of doing the parent's work (weighbridge tickets, visits, readings: a time of its
   own that happened, no lifecycle of its own, no record of the parent's life such as its
   status events or notes) exists only from the stage under way on (in progress, or the done
   end where no label is under way): a draft, open, planned or cancelled parent has none.
   Not under a thing that lives in a state (a driver `active`): its vehicles are no work.
3. a child with a lifecycle status of its own that ends in success the way its parent does
   (a pilotage request and its acts both `completed`, an order `delivered` and its parcels
   `delivered`) is the parent's work done in parts: a parent done has at least one child
   done, one short of its end or failed has none done (rules/happened.py covers the done
   parents, rules/parent_reach.py labels the children by how far their parent got).
   Not a bill's or a payment's lifecycle (its end is a payment, not the work), nor a state
   lived in (active), nor a history of the parent's status (kinds/history.py), nor a
   booking of an event to attend (a no-show: rules/event_status.py).

Read from the names: the child table's, its time columns', the parent's labels (ranked by
rules/status.lifecycle). No table is named here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from workbench.generate.base.names import normalise, singular_forms
from workbench.generate.kinds.history import history_of
from workbench.generate.kinds.occurrence import lifecycle_status
from workbench.generate.rules.status import canon, lifecycle
from workbench.generate.rules.times import STAGES, TIME_KINDS
from workbench.generate.vocab import lexicon, outcomes

if TYPE_CHECKING:
    from workbench.generate.view import TableView

_UNDER_WAY = float(next(rank for rank, stage in enumerate(STAGES) if "in_progress" in stage))
# the endings a noun of an act takes beyond its verb (shipment, delivery, settlement)
_NOUN_ENDINGS = ("ment", "ery", "ry", "y")
# the last words of a child that records the parent's life, not its work (status events, a
# history, notes): it exists from the parent's start on
RECORDS = frozenset({"event", "events", "history", "histories", "log", "logs", "audit",
                     "audits", "note", "notes", "comment", "comments", "message", "messages",
                     "attachment", "attachments", "change", "changes", "transition",
                     "transitions", "status", "statuses", "update", "updates"})  # fmt: skip


def _noun_stems(table: str) -> set[str]:
    """The stems the table's last word may have as an act (`invoices` → invoic, `shipments`
    → ship, `deliveries` → deliver)."""
    out = set()
    for form in singular_forms(normalise(table).split("_")[-1]):
        out.add(canon(form))
        for ending in _NOUN_ENDINGS:
            if form.endswith(ending) and len(form) - len(ending) >= 3:
                out.add(canon(form[: -len(ending)]))
    return out


def _fit_from(labels: list[str], at: float) -> tuple[str, ...]:
    """The labels that got as far as `at` without ending short of it (a cancellation)."""
    reach = lifecycle(labels)
    return tuple(lb for lb in labels if reach[lb] >= at - 1e-9 and not outcomes.ended_undone(lb))


def named_stage(view: TableView, labels: list[str]) -> tuple[str, ...]:
    """The labels a child named like one of them (1.) hangs under; () when it names none."""
    stems = _noun_stems(view.table.name)
    reach = lifecycle(labels)
    meanings = outcomes.lifecycle_meanings(labels) or {}
    named = [lb for lb in labels if canon(lb) in stems and meanings.get(lb) != "failed"]
    if not named or min(reach[lb] for lb in named) <= 0:
        return ()
    return _fit_from(labels, min(reach[lb] for lb in named))


def work_stage(view: TableView, labels: list[str]) -> tuple[str, ...]:
    """The labels a child of doing the parent's work (2.) hangs under; () when it is none."""
    words = normalise(view.table.name).split("_")
    if words[-1] in RECORDS or lifecycle_status(view.schema, view.table) is not None:
        return ()
    own = [
        name
        for name, spec in view.specs.items()
        if spec.kind in TIME_KINDS and not spec.nullable and name not in view.fk_cols
    ]
    if not any(
        not lexicon.record_time(c) and not lexicon.planned(c) and not lexicon.arranged(c)
        for c in own
    ):
        return ()
    reach = lifecycle(labels)
    meanings = outcomes.lifecycle_meanings(labels) or {}
    done = [reach[lb] for lb, kind in meanings.items() if kind == "done"]
    if not done or "steady" in meanings.values() or outcomes.is_bill(labels):
        return ()  # a thing's life (a driver active), a bill's payments: no work of a stage
    under = any(abs(reach[lb] - _UNDER_WAY) < 1e-9 for lb in labels)
    return _fit_from(labels, _UNDER_WAY if under else min(done))


def own_ending(view: TableView, labels: list[str]) -> tuple[str, ...]:
    """The parent's done labels where the child ends in success the way its parent does (3.),
    its key to the parent required and not unique alone; () otherwise."""
    found = lifecycle_status(view.schema, view.table)
    if found is None or history_of(view.schema, view.table) is not None:
        return ()
    own = found[1]
    if outcomes.is_bill(own) or outcomes.is_bill(labels):
        return ()
    if any(normalise(lb) in outcomes.ATTENDED | outcomes.NOT_ATTENDED for lb in own):
        return ()  # a booking of an event to attend follows it its own way (event_status)
    mine = outcomes.lifecycle_meanings(own) or {}
    theirs = outcomes.lifecycle_meanings(labels) or {}
    if "steady" in mine.values() or "steady" in theirs.values():
        return ()
    ends = {canon(lb) for lb, kind in mine.items() if kind == "done"}
    done = tuple(lb for lb, kind in theirs.items() if kind == "done")
    if not any(canon(lb) in ends for lb in done) or len(done) == len(labels):
        return ()
    return done
