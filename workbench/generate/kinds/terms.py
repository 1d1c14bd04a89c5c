"""A term: a thing in force from its start to its end (an insurance policy, a warranty, a
subscription, a membership, a lease), named with the words of an occurrence (`start_date`/
`end_date`), known by its status: its labels say it expires or lapses (`expired`, `lapsed`,
`void`), which a trip, a project or a booking never does. A term may end early (`cancelled_on`,
`terminated_at`): what points to it (a claim, a repair, a visit) is used while it is in force,
from its start to the earlier of its end and that (kinds/windows.in_force, rules/within.py),
and the early end lies inside its window (rules/early_end.py)."""

from __future__ import annotations

from workbench.generate.base.names import normalise
from workbench.generate.checks.hints import column_hints
from workbench.generate.vocab.outcomes import STATUS_WORDS
from workbench.schema.model import Schema, Table
from workbench.schema.typeinfo import resolve_type

# status labels only a term that runs out has: its time in force is over
RUN_OUT = frozenset({"expired", "lapsed", "void", "voided", "matured", "renewed", "frozen",
                     "terminated"})  # fmt: skip
# a lifecycle's labels that say in force (one of them, beside one that runs out)
IN_FORCE = frozenset({"active", "in_force", "inforce", "current", "valid", "effective"})


def status_labels(schema: Schema, table: Table) -> list[str]:
    """The labels of the table's status columns (a CHECK's list or an enum's), normalised."""
    out: list[str] = []
    for column in table.columns:
        if normalise(column.name).split("_")[-1] not in STATUS_WORDS:
            continue
        info = resolve_type(schema, column.type)
        values = info.labels or column_hints(schema, table, column).allowed or []
        out += [normalise(v) for v in values if isinstance(v, str)]
    return out


def is_term(schema: Schema, table: Table) -> bool:
    """Whether the table's rows are terms in force for a while: a status that says in force
    and one that says it ran out (`active` and `expired`, `lapsed`, `frozen`)."""
    labels = set(status_labels(schema, table))
    return bool(labels & IN_FORCE) and bool(labels & RUN_OUT)


# words of the time a term ended early: cancelled, terminated, voided before its end
EARLY_END = frozenset({"cancelled", "canceled", "cancellation", "cancel", "terminated",
                       "termination", "voided", "revoked", "revocation",
                       "surrendered"})  # fmt: skip


def early_end(schema: Schema, table: Table, start: str, end: str) -> str | None:
    """The term's nullable time it ended before its end (`cancelled_on`, `terminated_at`,
    `cancellation_date`): it is in force from its start to the earlier of the two."""
    for column in table.columns:
        if column.name in (start, end) or column.generated is not None or not column.nullable:
            continue
        if resolve_type(schema, column.type).kind not in ("timestamp", "timestamptz", "date"):
            continue
        if EARLY_END & set(normalise(column.name).split("_")):
            return column.name
    return None
