"""What goes wrong with a thing now and then: a table named after a mishap (`damage_claims`,
`incidents`, `complaints`, `defects`: MISHAPS, the English words for one) that records it
against the thing it befell, and the lifecycle that says the thing got that far.

The thing is the row's one required key, or among several (a claim names the move and the
item of the move that was damaged) the one no other required key's parent leads to: the
item, not the move it belongs to. What the mishap befalls is what was done: the thing's own
lifecycle status (vocab/outcomes.py) at a done label (a delivered parcel, a completed job),
else the lifecycle of the thing's required parent (the move the item was on, delivered). The
time it was done is the column of that table named after a done label (`delivered_at`), else
the end of the occurrence as it happened (kinds/actual_pair.py). Read from the schema alone
(names, keys, CHECK labels); no table is named here."""

from __future__ import annotations

from dataclasses import dataclass

from workbench.config.file import Config
from workbench.generate.base.names import normalise
from workbench.generate.kinds.actual_pair import actual_window
from workbench.generate.kinds.occurrence import lifecycle_status
from workbench.generate.kinds.windows import TIME_KINDS
from workbench.generate.vocab.outcomes import lifecycle_meanings
from workbench.schema import memo
from workbench.schema.model import ForeignKey, Schema, Table
from workbench.schema.typeinfo import resolve_type

# A rule broken by what a row did (a toll passage without a valid transponder, a parking
# stay past its time, a shipment breaching its temperature band): recorded against the row,
# for fewer of them than a mishap befalls (plan/roles.VIOLATION_SHARE)
VIOLATIONS = frozenset({"violation", "violations", "infringement", "infringements", "offence",
                        "offences", "offense", "offenses", "breach", "breaches"})  # fmt: skip
# What goes wrong with a thing now and then (a table named after it, under the thing)
MISHAPS = frozenset({"damage", "damages", "incident", "incidents", "accident", "accidents",
                     "complaint", "complaints", "dispute", "disputes", "chargeback",
                     "chargebacks", "defect", "defects", "breakdown", "breakdowns",
                     "collision", "collisions", "injury", "injuries",
                     # a delivery sent back: a request to redo it (not an objection, an
                     # appeal or an escalation: those come in rounds, rules/challenged.py)
                     "revision", "revisions", "rework", "reworks", "correction",
                     "corrections", "grievance", "grievances",
                     # a customer calling the service back: the job did not hold (pests
                     # still active, a repair failing again), a return visit to put it right
                     "callback", "callbacks", "comeback", "comebacks",
                     *VIOLATIONS})  # fmt: skip
_STAMPS = frozenset({"at", "on", "time", "timestamp", "datetime", "date", "ts"})


@dataclass(frozen=True)
class Befalls:
    """A mishap's thing and how far it got: the mishap's key to the thing (`key`) and the
    thing's table (`parent`); the table whose status says it was done (`done_table`: the
    parent, or the parent's parent through `via` → `via_ref`), its `status` column and its
    done labels, and the column saying when it was done (`done_at`, '' where none)."""

    word: str
    key: str
    parent: str
    via: str = ""
    via_ref: str = ""
    done_table: str = ""
    status: str = ""
    done: tuple[str, ...] = ()
    done_at: str = ""


def _required(table: Table) -> list[ForeignKey]:
    out = []
    for fk in table.foreign_keys:
        columns = [table.column(n) for n in fk.columns]
        if fk.ref_qualified != table.qualified and all(c and not c.nullable for c in columns):
            out.append(fk)
    return out


def _leads_to(schema: Schema, start: str, goal: str) -> bool:
    """Whether the table `start` reaches `goal` along one or two required keys."""
    first = schema.tables.get(start)
    for fk in _required(first) if first is not None else ():
        if fk.ref_qualified == goal:
            return True
        second = schema.tables.get(fk.ref_qualified)
        if second is not None and any(f.ref_qualified == goal for f in _required(second)):
            return True
    return False


def thing_key(table: Table, schema: Schema | None = None) -> tuple[str, ForeignKey] | None:
    """(the mishap word, the required key to the thing it befalls) of a table named after a
    mishap; with several required keys, the one whose parent the others' parents do not lead
    to (the item of a move, not the move: `schema` to follow the keys)."""
    words = set(normalise(table.name).split("_"))
    word = next((w for w in sorted(words) if w in MISHAPS), None)
    required = _required(table)
    if word is None or not required:
        return None
    if len(required) > 1 and schema is not None:
        required = [
            fk
            for fk in required
            if not any(
                other is not fk
                and other.ref_qualified != fk.ref_qualified
                and _leads_to(schema, other.ref_qualified, fk.ref_qualified)
                for other in required
            )
        ]
    return (word, required[0]) if len(required) == 1 else None


def _done_labels(schema: Schema, table: Table) -> tuple[str, tuple[str, ...]] | None:
    found = lifecycle_status(schema, table)
    if found is None:
        return None
    column, labels = found
    meanings = lifecycle_meanings(labels) or {}
    done = tuple(lb for lb in labels if meanings.get(lb) == "done")
    return (column, done) if done else None


def _done_at(schema: Schema, table: Table, done: tuple[str, ...], config: Config) -> str:
    """The time column named after a done label (`delivered_at`), else the actual end."""
    labels = {normalise(lb) for lb in done}
    for column in table.columns:
        if column.generated is not None:
            continue
        if resolve_type(schema, column.type).kind not in TIME_KINDS:
            continue
        words = normalise(column.name).split("_")
        stem = "_".join(words[:-1] if len(words) > 1 and words[-1] in _STAMPS else words)
        if stem in labels:
            return column.name
    actual = actual_window(schema, table, config)
    return actual.end if actual is not None else ""


@memo.by_identity
def befalls(schema: Schema, table: Table, config: Config) -> Befalls | None:
    """The mishap's thing and the lifecycle saying it was done (see the module's text); a
    mishap whose thing has no lifecycle near it has `done_table` ''."""
    found = thing_key(table, schema)
    if found is None:
        return None
    word, fk = found
    parent = schema.tables.get(fk.ref_qualified)
    if parent is None or len(fk.columns) != 1:
        return None
    base = Befalls(word, fk.columns[0], parent.qualified)
    own = _done_labels(schema, parent)
    if own is not None:
        at = _done_at(schema, parent, own[1], config)
        return Befalls(word, base.key, base.parent, "", "", parent.qualified, *own, at)
    for up in _required(parent):
        grand = schema.tables.get(up.ref_qualified)
        if grand is None or len(up.columns) != 1 or grand is parent:
            continue
        above = _done_labels(schema, grand)
        if above is not None:
            at = _done_at(schema, grand, above[1], config)
            return Befalls(word, base.key, base.parent, up.columns[0], up.ref_columns[0],
                           grand.qualified, *above, at)  # fmt: skip
    return base
